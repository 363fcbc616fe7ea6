"""python-chess's own tests and perft files, run against `bitboard.chess`.

They come from python-chess's source distribution on PyPI (GPL-3.0; nothing of it is copied
into this repository): the `sdist` fixture (conftest.py) downloads it at test time, and without
a network these tests skip saying so. The runner (python_chess_suite.py) binds `chess` to
`bitboard.chess` in a subprocess, since python-chess itself is installed here as the oracle of
the other tests.
"""
import os
import pathlib
import subprocess
import sys

import chess
import pytest
from conftest import PYTHON_CHESS_VERSION

import bitboard
from bitboard import Board
from bitboard.benchmarks.perft_suite import read_perft_file

RUNNER = pathlib.Path(__file__).with_name("python_chess_suite.py")

CORE_CLASSES = ("SquareTestCase MoveTestCase PieceTestCase BoardTestCase LegalMoveGeneratorTestCase "
                "BaseBoardTestCase SquareSetTestCase")

# One group of python-chess's test classes per line: the classes, how many tests they hold, and
# the tests among them that cannot pass yet, with why. Skipped tests (python-chess skips them
# too, e.g. for want of an engine binary) count as passing.
GROUPS = {
    "core": (CORE_CLASSES, 113, {}),
    "engine": ("EngineTestCase", 36, {}),
    "svg": ("SvgTestCase", 3, {}),
    "pgn": ("PgnTestCase", 49, {}),
    "polyglot": ("PolyglotTestCase", 12, {}),
    "tablebases": ("SyzygyTestCase GaviotaTestCase", 28, {}),
    "variants": ("SuicideTestCase AtomicTestCase RacingKingsTestCase HordeTestCase ThreeCheckTestCase "
                 "CrazyhouseTestCase GiveawayTestCase", 45, {}),
}


# The groups whose module is python-chess's own code, loaded on bitboard.chess (the [chess] extra).
BORROWED = {"engine": "engine", "tablebases": "syzygy and .gaviota"}


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_python_chess_test_classes_pass(sdist, group):
    classes, count, cannot_pass = GROUPS[group]
    if group in BORROWED and chess.__version__ != PYTHON_CHESS_VERSION:
        pytest.skip(f"bitboard.chess.{BORROWED[group]} runs the installed python-chess's own code "
                    f"({chess.__version__}): {PYTHON_CHESS_VERSION}'s tests are not its tests")
    # the system's tools on PATH too: its mock engines run /bin/bash and `sleep`
    env = {**os.environ, "PATH": os.environ.get("PATH", "") + os.pathsep + os.defpath}
    result = subprocess.run([sys.executable, str(RUNNER), str(sdist / "test.py"), *classes.split()],
                            capture_output=True, text=True, timeout=900, env=env)
    assert result.returncode == 0, result.stderr[-3000:]
    statuses = dict(line.split(" ", 1)[::-1] for line in result.stdout.splitlines() if not line.startswith("{"))
    failing = {name for name, status in statuses.items() if status not in ("ok", "skip")}
    assert len(statuses) == count
    assert failing == set(cannot_pass), result.stderr[-6000:]


@pytest.mark.parametrize("name", ["chess960.perft", "tricky.perft", "random.perft"])
def test_perft_files_agree(sdist, name):
    # as python-chess runs them: chess960=True for all; the deepest counts are a benchmark run.
    # Uncompiled (the same source, slower): depth 3, where the first castlings come, in every
    # fourth of the 960 start positions, depth 2 in the rest; random.perft's 6,838 positions of
    # random games to depth 4 (27,352 counts), uncompiled every tenth to depth 2
    positions = read_perft_file(sdist / "examples" / "perft" / name)
    assert len(positions) == {"chess960.perft": 960, "tricky.perft": 19, "random.perft": 6838}[name]
    if name == "random.perft" and not bitboard.compiled:
        positions = positions[::10]
    checked = 0
    for number, (ident, epd, counts) in enumerate(positions):
        board = Board(epd, chess960=True)
        depth = 4 if bitboard.compiled else 3 if name == "tricky.perft" or number % 4 == 0 else 2
        if name == "random.perft" and not bitboard.compiled:
            depth = 2
        for d, count in counts:
            if d <= depth:
                assert board.perft(d) == count, f"{name} {ident} ({epd}) depth {d}"
                checked += 1
    assert checked >= len(positions)
