"""What a newcomer tried that went wrong once, each through the public entry point: the CLI
through `main` (or the console script), the library through its API."""
import inspect
import signal
import subprocess
import sys
import textwrap
import time

import chess
import pytest
from helpers import sigint_default

import bitboard
from bitboard import Board, InvalidArgumentError, InvalidBitboardError, InvalidFenError, Move, SquareSet
from bitboard.catalogue import serialize
from bitboard.cli import main
from bitboard.core import perft_table

README_FEN = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- 1. one rule for what a value is ------------------------------------------------------------


def test_show_reads_the_readme_fen_as_one_argument(capsys):
    code, out, err = run(capsys, "show", README_FEN)
    assert code == 0 and err == "" and out.splitlines()[3] == "K P . . . . . r"


def test_show_reads_a_value_without_a_slash_as_a_bitboard(capsys):
    code, out, _ = run(capsys, "show", "63")
    assert code == 0 and out.splitlines()[7] == "1 1 1 1 1 1 . ." and "6 squares" in out
    code, _, err = run(capsys, "show", "63", "w")
    assert code == 2 and "neither a bitboard (one number) nor a FEN" in err


def test_convert_reads_numbers_as_bitboards_and_names_as_squares(capsys):
    code, out, _ = run(capsys, "convert", "63", "--to", "darkthought")
    assert code == 0 and out.startswith("0x000000000000003f (LERF) = ")
    code, out, _ = run(capsys, "convert", "h8", "--to", "darkthought")
    assert code == 0 and out.strip() == "square h8 = 63 (LERF) = 56 (DarkThought)"


@pytest.mark.parametrize("command,rule", [("show", "when it has a '/'"), ("convert", "any other number is a bitboard")])
def test_help_states_the_rule(command, rule):
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", command, "--help"], capture_output=True, text=True)
    assert rule in " ".join(result.stdout.split())


# --- 2. named errors, never a traceback or a bare MemoryError ----------------------------------


@pytest.mark.parametrize("hash_mb", [10 ** 12, 99999999999, 1e9, float("inf"), float("nan"), 10 ** 400])
def test_a_table_too_large_or_not_a_size_is_refused_by_name(hash_mb):
    with pytest.raises(InvalidArgumentError, match="hash size .* MiB is (more than this machine's physical memory "
                                                   r"\(\d[\d,]* MiB\)|not a finite number)"):
        Board().perft(3, hash_mb=hash_mb)


def test_a_failed_allocation_is_the_named_error(monkeypatch):
    class NoMemory:
        @staticmethod
        def mmap(fileno, length, **options):
            raise OSError(12, "Cannot allocate memory")
    monkeypatch.setattr(perft_table, "mmap", NoMemory)
    with pytest.raises(InvalidArgumentError, match="could not be allocated"):
        perft_table.HashTable(64)


def test_serialization_refuses_a_negative_bitboard_by_name():
    with pytest.raises(InvalidBitboardError, match="bitboard -1 is not in 0..2"):
        serialize.squares(-1)


# --- 3. threads beyond use are clamped -----------------------------------------------------------


def test_far_too_many_threads_are_clamped_with_a_warning():
    with pytest.warns(RuntimeWarning, match="clamped to"):
        assert Board().perft(4, threads=100_000) == 197281


def test_cli_clamps_threads_with_a_notice(capsys):
    start = time.monotonic()
    code, out, err = run(capsys, "perft", "--depth", "4", "--threads", "100000")
    assert code == 0 and "Nodes searched: 197,281" in out
    assert "note: --threads 100000 is far more than this machine's" in err
    assert time.monotonic() - start < 30


# --- 4. Ctrl-C stops a count of any depth --------------------------------------------------------

INTERRUPT_SCRIPT = textwrap.dedent("""
    import os, signal, sys, threading, time
    import bitboard
    board = bitboard.Board({fen!r})
    fen = board.fen()
    sent = []
    def interrupt():
        time.sleep(0.5)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=interrupt, daemon=True).start()
    try:
        board.perft(12, **{kwargs!r})
    except KeyboardInterrupt:
        delay = time.monotonic() - sent[0]
        assert board.fen() == fen, "the board changed"
        assert board.perft(3) == {check}, "the board no longer counts right"
        print(f"stopped after {{delay:.3f}} s")
        sys.exit(0)
    sys.exit("perft(12) finished: it was never interrupted")
""")


@pytest.mark.parametrize("kwargs", [{}, {"threads": 2}, {"hash_mb": 16}, {"threads": 2, "hash_mb": 16}],
                         ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()) or "one thread")
def test_keyboard_interrupt_stops_perft_and_leaves_the_board_usable(kwargs):
    script = INTERRUPT_SCRIPT.format(fen=README_FEN, kwargs=kwargs, check=2812)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            preexec_fn=sigint_default)
    assert result.returncode == 0, result.stderr
    delay = float(result.stdout.split()[2])
    assert delay < 5.0  # measured well under a tenth of a second; the bound is for slow machines


def test_ctrl_c_ends_the_cli_perft_with_status_130():
    process = subprocess.Popen([sys.executable, "-m", "bitboard.cli", "perft", "--depth", "12", "--threads", "2"],
                               preexec_fn=sigint_default,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)  # started and counting
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert time.monotonic() - sent < 10


# --- 5. progress that stays, and shows in a log ---------------------------------------------------


def test_progress_lines_when_stderr_is_no_terminal(capsys, monkeypatch):
    from bitboard import cli
    monkeypatch.setattr(cli._Progress, "REPORT_SECONDS", 0.0)
    code, out, err = run(capsys, "perft", "--depth", "3")
    assert code == 0 and "perft: 20/20 root moves done" in err
    assert "Nodes searched: 8,902" in out and "Nodes per second: " in out


def test_result_lines_use_thousands_separators(capsys):
    code, out, _ = run(capsys, "perft", "--depth", "5")
    nodes = out.split("Nodes searched: ")[1].split()[0]
    assert code == 0 and nodes == "4,865,609"


# --- 6. empty and partial boards answer as python-chess ------------------------------------------

QUERIES = ["is_check", "is_checkmate", "is_stalemate", "is_insufficient_material", "is_game_over", "result",
           "can_claim_draw", "can_claim_fifty_moves", "can_claim_threefold_repetition", "is_fivefold_repetition",
           "is_seventyfive_moves", "has_legal_en_passant", "fen", "board_fen", "checkers_mask"]


def test_an_empty_board_answers_as_python_chess():
    ours, theirs = Board(None), chess.Board(None)
    for query in QUERIES:
        assert getattr(ours, query)() == getattr(theirs, query)(), query
    assert list(ours.legal_moves) == [] and list(theirs.legal_moves) == []
    assert ours.outcome().termination.name == theirs.outcome().termination.name == "INSUFFICIENT_MATERIAL"
    assert ours.king(bitboard.WHITE) is None and ours.perft(2) == 0


# --- 7. long values are quoted short -------------------------------------------------------------


def test_a_long_garbage_fen_is_quoted_short():
    with pytest.raises(InvalidFenError) as caught:
        Board("x" * 1000)
    message = str(caught.value)
    assert len(message) < 160 and "(1,000 characters)" in message and "\u2026" in message


def test_a_long_garbage_move_is_quoted_short():
    with pytest.raises(ValueError) as caught:
        Move.from_uci("e2e4" * 500)
    assert len(str(caught.value)) < 160 and "(2,000 characters)" in str(caught.value)


# --- 8. splits and benchmarks that say what they are --------------------------------------------


@pytest.mark.skipif(not bitboard.compiled, reason="the movegen benchmark takes minutes uncompiled, even at --quick; "
                                                 "the compiled build's run checks what it prints")
def test_bench_names_missing_peers_and_the_noise(capsys, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "chessmg" else real(name, *a))
    code, out, _ = run(capsys, "bench", "--only", "movegen", "--quick")
    assert code == 0 and "not installed, so not measured: chessmg (pip install chessmg)" in out


# --- 9. signatures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("obj,parameters", [
    (Board, ["fen", "chess960"]), (Move, ["from_square", "to_square", "promotion", "drop"]), (SquareSet, ["squares"]),
    (Board.perft, ["self", "depth", "threads", "hash_mb"]), (bitboard.popcount, ["bb"]),
    (bitboard.Board.push, ["self", "move"]),
])
def test_signatures_are_visible_to_inspect(obj, parameters):
    assert list(inspect.signature(obj).parameters) == parameters


def test_help_shows_the_board_signature():
    import pydoc
    text = pydoc.render_doc(Board, renderer=pydoc.plaintext)
    # (the class line's form varies with the Python version; inspect's signature is tested above)
    assert "A chess position and the moves that led to it" in text and "perft(self, depth" in text


def test_the_memory_benchmark_refuses_a_missing_folder_by_name(tmp_path):
    missing = tmp_path / "no such folder"
    result = subprocess.run([sys.executable, "-m", "bitboard.benchmarks.pgn_memory", "--folder", str(missing)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "is not a folder" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("rounds", ["0", "-3"])
def test_the_pgn_benchmark_refuses_rounds_that_are_none_by_name(rounds):
    result = subprocess.run([sys.executable, "-m", "bitboard.benchmarks.pgn", "--rounds", rounds],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and f"--rounds {rounds} is not" in result.stderr and "Traceback" not in result.stderr
