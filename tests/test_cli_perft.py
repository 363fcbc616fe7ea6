"""`bitboard perft` and `show` read a FEN as a perft tool must: Chess960 castling honoured
(python-chess's chess960.perft, downloaded at test time), invalid positions refused with the
reason, and a long --divide keeping its lines through Ctrl-C."""
import os
import random
import re
import signal
import subprocess
import sys
import time

import chess
import pytest
from helpers import sigint_default

import bitboard
import bitboard.benchmarks
from bitboard import Board
from bitboard.benchmarks.movegen import python_loop as python_chess_perft  # (python-chess's own loop)
from bitboard.board.positions import board_from_fen
from bitboard.cli import main
from bitboard.errors import InvalidCastlingError, InvalidFenError, InvalidPositionError

SUITE_DEPTH = 4 if bitboard.compiled else 2
SAMPLE = 50


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def nodes(out: str) -> int:
    return int(re.search(r"Nodes searched: ([\d,]+)", out).group(1).replace(",", ""))


# --- 1. Chess960 castling, standard, X-FEN and Shredder-FEN ---------------------------------------

FISCHER_0 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"


def test_the_reported_shredder_fen_counts_its_chess960_tree(capsys):
    code, out, err = run(capsys, "perft", "-d", "3", FISCHER_0)
    assert code == 0 and nodes(out) == 12_189, err  # chess960.perft's id 0; standard chess gives 11,979


def chess960_suite(sdist) -> list:
    """[(fen, {depth: count})] of python-chess's examples/perft/chess960.perft."""
    positions = []
    for line in (sdist / "examples" / "perft" / "chess960.perft").read_text().splitlines():
        if line.startswith("epd "):
            positions.append((line[4:].strip(), {}))
        elif line.startswith("perft "):
            depth, count = map(int, line.split()[1:])
            positions[-1][1][depth] = count
    assert len(positions) == 960
    return positions


def _agree_through_the_cli(capsys, positions, depth):
    wrong = []
    for fen, counts in positions:
        code, out, err = run(capsys, "perft", "-d", str(depth), fen)
        if code != 0 or nodes(out) != counts[depth]:
            wrong.append((fen, counts[depth], out.strip().splitlines()[:1], err.strip()))
    assert not wrong, f"{len(wrong)} of {len(positions)} wrong, first: {wrong[:3]}"


def test_a_sample_of_chess960_perft_agrees_through_the_cli(sdist, capsys):
    positions = random.Random(960).sample(chess960_suite(sdist), SAMPLE)
    _agree_through_the_cli(capsys, positions, SUITE_DEPTH)


@pytest.mark.slow
def test_all_of_chess960_perft_agrees_through_the_cli(sdist, capsys):
    _agree_through_the_cli(capsys, chess960_suite(sdist), SUITE_DEPTH)


def divide_moves(out: str) -> dict:
    return {m: int(c) for m, c in re.findall(r"^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$", out, re.M)}


KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("castling", ["KQkq", "HAha", "AHah"])
def test_standard_rook_files_stay_standard_however_written(capsys, castling):
    code, out, _ = run(capsys, "perft", "-d", "2", "--divide", KIWIPETE.replace("KQkq", castling))
    moves = divide_moves(out)
    assert code == 0 and nodes(out) == 2039 and moves["e1g1"] == 43 and "e1h1" not in moves


def test_chess960_flag_forces_king_takes_rook_castling(capsys):
    code, out, _ = run(capsys, "perft", "-d", "2", "--divide", "--chess960", KIWIPETE)
    moves = divide_moves(out)
    assert code == 0 and nodes(out) == 2039 and moves["e1h1"] == 43 and moves["e1a1"] and "e1g1" not in moves
    code, out, _ = run(capsys, "show", "--chess960", KIWIPETE)
    assert code == 0 and "Chess960" in out


@pytest.mark.parametrize("fen", [
    "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",       # Shredder-FEN, king on b1
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",   # X-FEN: the outermost rooks stand on b and g
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",   # the same in Shredder-FEN
])
def test_chess960_switches_on_where_only_it_honours_the_castling_field(capsys, fen):
    theirs = chess.Board(fen, chess960=True)
    assert theirs.castling_rights == chess.Board(fen, chess960=True).clean_castling_rights()
    code, out, _ = run(capsys, "perft", "-d", "3", "--divide", fen)
    expected = {m.uci(): 0 for m in theirs.legal_moves}
    assert code == 0 and set(divide_moves(out)) == set(expected)
    assert nodes(out) == Board(fen, chess960=True).perft(3) != Board(fen).perft(3)
    assert board_from_fen(fen).chess960 and not board_from_fen(KIWIPETE).chess960


@pytest.mark.parametrize("fen", ["4k3/8/8/8/8/8/8/4K3 w K - 0 1", "4k3/8/8/8/8/8/8/R3K3 w HQ - 0 1"])
def test_a_castling_field_no_mode_honours_is_refused_by_name(capsys, fen):
    code, out, err = run(capsys, "perft", "-d", "1", fen)
    assert code == 2 and out == "" and "cannot be honoured in standard chess or Chess960" in err
    assert "rook on h1" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(InvalidCastlingError, match="rook on h1"):
        board_from_fen(fen)
    assert issubclass(InvalidCastlingError, InvalidFenError)
    code, out, err = run(capsys, "perft", "-d", "1", "--unchecked", fen)  # counted, but never silently
    assert code == 0 and nodes(out) == Board(fen).perft(1) and "rook on h1 cannot be honoured" in err
    code, out, err = run(capsys, "show", fen)  # drawn, the reason under it
    assert code == 0 and err == "" and "invalid: castling rights without their king and rook at home" in out


# --- 2. invalid positions are refused, with the reason -------------------------------------------


@pytest.mark.parametrize("fen,reason", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "no white king; no black king; the board is empty"),
    ("kk6/8/8/8/8/8/8/K7 w - - 0 1", "too many kings"),
    ("k7/8/8/8/8/8/8/K6Q w - - 0 1", "opposite check"),
    ("k7/8/8/8/8/8/8/K6P w - - 0 1", "pawns on the back rank"),
])
def test_invalid_positions_are_refused_unless_unchecked(capsys, fen, reason):
    code, out, err = run(capsys, "perft", "-d", "3", fen)
    assert code == 2 and out == "" and reason in err and "--unchecked" in err
    with pytest.raises(InvalidPositionError, match=re.escape(reason)) as raised:
        board_from_fen(fen)
    assert raised.value.status == Board(fen).status() != 0
    code, out, err = run(capsys, "perft", "-d", "3", "--unchecked", fen)
    assert code == 0 and nodes(out) == Board(fen).perft(3) == python_chess_perft(chess.Board(fen), 3)
    code, out, err = run(capsys, "show", fen)  # drawn all the same, the reason under it
    assert code == 0 and out.splitlines()[7].startswith(("K", ".")) and f"invalid: {reason.split(';')[0]}" in out


# --- 3. Ctrl-C keeps the divide lines ------------------------------------------------------------

# Deep enough that a root move takes a second or more, and the whole count many.
DIVIDE_DEPTH = 8 if bitboard.compiled else 5


@pytest.mark.parametrize("extra", [[], ["--threads", "2"]], ids=["one thread", "two threads"])
def test_ctrl_c_keeps_the_divide_lines_printed(extra):
    process = subprocess.Popen([sys.executable, "-m", "bitboard.cli", "perft", "--divide", "-d", str(DIVIDE_DEPTH),
                                *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, preexec_fn=sigint_default)
    try:
        first = process.stdout.readline()  # flushed as soon as counted, into this pipe
        assert re.fullmatch(r"[a-h][1-8][a-h][1-8]: \d+\n", first), first
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=30)
        elapsed = time.monotonic() - sent
    finally:  # a failed test leaves no count running
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130 and "Traceback" not in err
    counted = [first] + [line for line in rest.splitlines(keepends=True) if re.fullmatch(r"\S+: \d+\n", line)]
    assert f"interrupted: {len(counted)} of 20 root moves counted" in err
    assert "Nodes searched" not in rest
    assert elapsed < 2.0  # the issue asks for 1 s; measured well under it, the bound is for busy machines


def test_divide_lines_are_the_library_divide(capsys):
    code, out, _ = run(capsys, "perft", "-d", "3", "--divide", KIWIPETE)
    ours = {m.uci(): n for m, n in Board(KIWIPETE).divide(3).items()}
    assert code == 0 and divide_moves(out) == ours and list(divide_moves(out)) == list(ours)
    lines = list(Board(KIWIPETE).divide_lines(2, threads=2, hash_mb=1))
    assert dict(lines) == Board(KIWIPETE).divide(2) and sum(n for _, n in lines) == 2039


# --- 4. bench --help names every benchmark -------------------------------------------------------


def test_bench_help_names_every_benchmark_with_what_it_compares():
    from bitboard.cli import BENCHMARKS
    names = {name[:-3] for name in os.listdir(os.path.dirname(bitboard.benchmarks.__file__))
             if name.endswith(".py") and name not in ("__init__.py", "perft_suite.py")}
    assert names == set(BENCHMARKS)
    text = subprocess.run([sys.executable, "-m", "bitboard.cli", "bench", "--help"], capture_output=True,
                          text=True).stdout
    for name, what in BENCHMARKS.items():
        assert re.search(rf"^  {name} +{re.escape(what)}$", text, re.M), name


# --- variants ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "fen", "depth", "expected"), [
    ("atomic", [], 3, 8_902),  # python-chess's atomic.perft, atomic-start
    ("ZH", ["r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[]", "b", "KQkq", "-", "0", "1"], 2, 1_347),
    ("3check", ["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R", "w", "KQkq", "-", "3+3", "0", "4"], 3, 30_885),
    ("racingkings", [], 2, 421),
])
def test_variant_perft_counts_the_variants_tree(capsys, variant, fen, depth, expected):
    code, out, err = run(capsys, "perft", "--variant", variant, "-d", str(depth), *fen)
    assert code == 0 and nodes(out) == expected, err


def test_variant_perft_refuses_unknown_variants_and_invalid_positions(capsys):
    code, _, err = run(capsys, "perft", "--variant", "shogi")
    assert code == 2 and "unsupported variant: 'shogi'" in err
    code, _, err = run(capsys, "perft", "--variant", "horde", "8/8/8/8/8/8/8/8 w - - 0 1")
    assert code == 2 and "invalid horde position" in err
    code, _, err = run(capsys, "perft", "--variant", "atomic", "--dask", "local")
    assert code == 2 and "--dask" in err
