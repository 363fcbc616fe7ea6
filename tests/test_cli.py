"""The `bitboard` command line through its entry point, bad input included."""
import re
import subprocess
import sys

import pytest

from bitboard.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_draws_the_grid(capsys):
    code, out, err = run(capsys, "show", "0x0000001818000000")
    assert code == 0 and err == ""
    rows = out.splitlines()[:8]
    assert rows[3] == rows[4] == ". . . 1 1 . . ." and rows[0] == ". . . . . . . ."
    assert "d4 e4 d5 e5" in out


def test_show_in_another_mapping(capsys):
    # 0xFF in LEFR is the a-file
    code, out, _ = run(capsys, "show", "0xff", "--mapping", "LEFR")
    assert code == 0 and [r[0] for r in out.splitlines()[:8]] == ["1"] * 8
    assert "a1 a2 a3 a4 a5 a6 a7 a8" in out


@pytest.mark.parametrize("argv,needle", [
    (["show", "0xzz"], "'0xzz' is not a bitboard"),
    (["show", "-1"], "bitboard -1 is not in 0..2**64-1"),
    (["show", str(1 << 64)], "is not in 0..2**64-1"),
    (["show", "1", "--mapping", "nope"], "unknown square mapping 'nope'"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_console_script_help_and_usage_errors():
    ok = subprocess.run([sys.executable, "-m", "bitboard.cli", "show", "--help"], capture_output=True, text=True)
    assert ok.returncode == 0 and "--mapping" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "bitboard.cli", "frobnicate"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


# --- perft, show FEN, convert, bench -------------------------------------------------------------


def test_perft_prints_nodes_time_and_speed(capsys):
    code, out, err = run(capsys, "perft", "--depth", "3")
    assert code == 0 and "Nodes searched: 8,902" in out and "Nodes per second:" in out and "Time:" in out


def test_perft_divide_prints_each_root_move(capsys):
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    code, out, _ = run(capsys, "perft", *fen.split(), "--depth", "2", "--divide")
    lines = out.splitlines()
    assert code == 0 and "e1g1: 43" in lines and "Nodes searched: 2,039" in out
    counts = [int(line.split(": ")[1]) for line in lines if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?: \d+", line)]
    assert len(counts) == 48 and sum(counts) == 2039


def test_show_a_position(capsys):
    code, out, _ = run(capsys, "show", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8", "w", "-", "-", "0", "1")
    assert code == 0 and out.splitlines()[3] == "K P . . . . . r"
    assert "(white to move)" in out


def test_convert_squares_and_bitboards(capsys):
    assert run(capsys, "convert", "e4", "--to", "lefr")[1].strip() == "square e4 = 28 (LERF) = 35 (LEFR)"
    assert run(capsys, "convert", "63", "--square", "--from", "darkthought", "--to", "lerf")[1].strip() == \
        "square 63 (DarkThought) = a8 = 56 (LERF)"
    assert "0x0101010101010101 (LEFR)" in run(capsys, "convert", "0xff", "--to", "LEFR")[1]


def test_bench_runs_a_benchmark(capsys):
    code, out, _ = run(capsys, "bench", "--only", "sliders", "--quick")
    assert code == 0 and "## sliders" in out and "| magic" in out


def _anchor(folder, name, script):
    path = folder / f"run_{name}.sh"
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)
    return folder


def test_bench_hands_the_anchors_folder_to_movegen(capsys, tmp_path, monkeypatch):
    from bitboard.benchmarks import movegen
    seen = []
    monkeypatch.setattr(movegen, "main", lambda argv=None: seen.append(argv))
    folder = _anchor(tmp_path, "fake", "echo 20 0.001\n")
    code, out, _ = run(capsys, "bench", "--only", "movegen", "--quick", "--anchors", str(folder))
    assert code == 0 and "## movegen" in out and seen == [["--quick", "--anchors", str(folder)]]


def test_anchors_for_benchmarks_that_take_none_are_refused(capsys, tmp_path):
    folder = _anchor(tmp_path, "fake", "echo 1 1\n")
    code, out, err = run(capsys, "bench", "--only", "sliders", "--anchors", str(folder))
    assert code == 2 and out == "" and "--anchors times perft programs in movegen, which --only leaves out" in err


def test_an_anchor_is_timed_beside_bitboard_with_its_ratio_per_position_and_geometric_mean(tmp_path):
    # A stand-in program: bitboard's own count, claiming 1 ms; its ratio is printed per position
    # and in the geometric mean, as Gigantua's is.
    from bitboard.benchmarks import movegen
    count = "import sys, bitboard; print(bitboard.Board(sys.argv[1]).perft(int(sys.argv[2])), 0.001)"
    folder = _anchor(tmp_path, "fake", f'{sys.executable} -c "{count}" "$1" "$2"\n')
    engines = {"bitboard": movegen.perft_engines()["bitboard"], **movegen.anchor_engines(str(folder))}
    table = movegen.speed_table(engines, [(name, fen, 2) for name, fen, _, _ in movegen.POSITIONS[:2]], 1,
                                [("bitboard", ["fake"])])
    rows = [line for line in table.splitlines() if line.startswith("| start") or line.startswith("| kiwipete")]
    assert len(rows) == 2 and all(re.search(r"\| +\d+\.\d\dx \|$", row) for row in rows)
    assert re.search(r"geometric mean bitboard / fake: \d+\.\d\dx", table)


@pytest.mark.parametrize("argv,needle", [
    (["perft", "--depth", "x"], "depth 'x' is not a whole number"),
    (["perft", "--depth", "-1"], "depth '-1'"),
    (["perft", "8/8/8", "w", "-", "-", "0", "1"], "has 3 ranks"),
    (["perft", "8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1", "2"], "has 7 fields"),
    (["show", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "--mapping", "lefr"],
     "a FEN has no mapping"),
    (["convert", "e9", "--to", "lefr"], "'e9' is not a square name"),
    (["convert", "64", "--square", "--to", "lefr"], "square '64' is not an index"),
    (["convert", "0xff", "--to", "nope"], "unknown square mapping 'nope'"),
    (["convert", "0xff"], "--to"),
    (["bench", "--only", "nope"], "invalid choice: 'nope'"),
    (["bench", "--only", "movegen", "--anchors", "/nonexistent/folder"], "cannot read the anchors folder"),
    (["bench", "--only", "movegen", "--anchors", "."], "no perft program in '.': it has no run_NAME.sh"),
])
def test_more_bad_input(argv, needle):
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", *argv], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert needle in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["perft", "show", "convert", "bench", "search"])
def test_every_command_has_help(command):
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", command, "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "usage: bitboard " + command in result.stdout


# --- perft at scale ------------------------------------------------------------------------------


@pytest.mark.parametrize("extra", [["--threads", "2"], ["--hash", "4"], ["--threads", "2", "--hash", "0.5"]])
def test_perft_threads_and_hash(capsys, extra):
    code, out, _ = run(capsys, "perft", "--depth", "4", *extra)
    assert code == 0 and "Nodes searched: 197,281" in out


def test_perft_on_a_local_dask_cluster():
    pytest.importorskip("distributed")
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", "perft", "--depth", "4", "--dask", "local"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "Nodes searched: 197,281" in result.stdout


@pytest.mark.parametrize("argv,needle", [
    (["perft", "--threads", "0"], "threads '0' is not a whole number of at least 1"),
    (["perft", "--hash", "-1"], "hash size -1.0 MiB is not a finite number of MiB"),
    (["perft", "--hash", "x"], "hash size 'x' is not a number of MiB"),
    (["perft", "--hash", "inf", "--depth", "2"], "hash size inf MiB is not a finite number"),
    (["perft", "--hash", "nan", "--depth", "2"], "hash size nan MiB is not a finite number"),
    (["perft", "--hash", "1e9", "--depth", "2"], "more than this machine's physical memory"),
    (["perft", "--hash", "99999999999", "--depth", "2"], "more than this machine's physical memory"),
    (["perft", "--dask", "local", "--split-ply", "99", "--depth", "3"], "split ply 99 is not useful"),
    (["perft", "x" * 1000], "(1,000 characters)"),
    (["perft", "--dask", "local", "--divide"], "does not combine with --dask"),
    (["perft", "--split-ply", "x"], "split ply 'x'"),
    (["perft", "--timeout", "0"], "timeout '0'"),
    (["perft", "--dask", "tcp://127.0.0.1:9", "--timeout", "1"], "cannot reach the Dask scheduler"),
])
def test_perft_scale_errors(argv, needle):
    result = subprocess.run([sys.executable, "-m", "bitboard.cli", *argv], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert needle in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_pgn_stats_counts_games_positions_errors_and_results(capsys, tmp_path):
    from bitboard.benchmarks.pgn import corpus
    from bitboard.pgn import read_games
    text = corpus(30, seed=5) + '\n[Event "bad"]\n\n1. e4 e5 2. Ke3 1-0\n'
    path = tmp_path / "games.pgn"
    path.write_text(text)
    games = list(read_games(path))
    code, out, err = run(capsys, "pgn", "stats", str(path))
    assert code == 0
    lines = dict(line.split(None, 1) for line in out.splitlines())
    assert lines["games"] == "31"
    assert lines["positions"].startswith(f"{sum(len(g.moves) + 1 for g in games):,} ")
    assert lines["errors"].startswith("1 (first: game 30 (line") and "'Ke3'" in lines["errors"]
    results = {r: sum(g.result == r for g in games) for r in ("1-0", "0-1", "1/2-1/2")}
    assert all(f"{r} {n:,}" in lines["results"] for r, n in results.items() if n)


def test_pgn_stats_names_a_missing_file(capsys, tmp_path):
    code, out, err = run(capsys, "pgn", "stats", str(tmp_path / "none.pgn"))
    assert code == 2 and out == "" and "no PGN file" in err and len(err.strip().splitlines()) == 1
