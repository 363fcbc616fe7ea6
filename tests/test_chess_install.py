"""The swap: a python-chess program's `import chess` and `import chess.<sub>` running on
bitboard.chess, through `bitboard.chess.install()` or the plain `sys.modules["chess"] = ...`.

Each case runs in a fresh interpreter, since binding `chess` is process-wide and python-chess
itself is the other tests' oracle. The submodules checked are those bitboard.chess has (pgn,
svg and the others join the list as they are written).
"""
import importlib.metadata
import importlib.util
import os
import subprocess
import sys

import pytest
from helpers import run_python

import bitboard

PYTHON_CHESS_SUBMODULES = ["engine", "gaviota", "pgn", "polyglot", "svg", "syzygy", "variant"]
BORROWED = {"engine", "gaviota", "syzygy"}  # they run python-chess's own module (chess/borrowed.py)


def _has_python_chess() -> bool:
    try:
        importlib.metadata.distribution("chess")
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


OURS = [name for name in PYTHON_CHESS_SUBMODULES if importlib.util.find_spec(f"bitboard.chess.{name}") is not None
        and (name not in BORROWED or _has_python_chess())]
MISSING = [name for name in PYTHON_CHESS_SUBMODULES if importlib.util.find_spec(f"bitboard.chess.{name}") is None]
SWAPS = {"install": "bitboard.chess.install()", "plain": "sys.modules['chess'] = bitboard.chess"}


def run_ok(code: str) -> str:
    """The standard output of `code` run in a fresh interpreter, which must succeed."""
    result = run_python(code)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_polyglot_and_engine_are_among_the_submodules_checked():
    assert "polyglot" in OURS
    assert "engine" in OURS or not _has_python_chess()


@pytest.mark.parametrize("swap", sorted(SWAPS))
@pytest.mark.parametrize("name", OURS)
def test_import_chess_submodule_is_ours_itself(swap, name):
    assert run_ok(f"""
import importlib, sys
import bitboard.chess
{SWAPS[swap]}
import chess
import chess.{name}
ours = importlib.import_module("bitboard.chess.{name}")
assert chess is bitboard.chess
assert chess.{name} is ours and sys.modules["chess.{name}"] is ours, chess.{name}
assert ours.__name__ == ours.__spec__.name == "bitboard.chess.{name}", ours.__spec__  # its own spec kept
from chess import {name} as again
assert again is ours
# one copy: no module loaded from our folder under a second name
copies = [key for key, module in sys.modules.items() if getattr(module, "__file__", None) == ours.__file__]
assert sorted(copies) == ["bitboard.chess.{name}", "chess.{name}"], copies
assert importlib.reload(chess.{name}) is ours
print("ok")
""") == "ok\n"


@pytest.mark.parametrize("swap", sorted(SWAPS))
@pytest.mark.parametrize("name", MISSING or ["(none missing)"])
def test_a_submodule_we_lack_is_missing_not_python_chess(swap, name):
    if not MISSING:
        pytest.skip("bitboard.chess has every python-chess submodule")
    assert run_ok(f"""
import sys
import bitboard.chess
{SWAPS[swap]}
try:
    import chess.{name}
except ModuleNotFoundError as error:
    assert error.name == "chess.{name}", error.name
    print("missing")
""") == "missing\n"


def test_install_drops_python_chess_submodules_imported_before():
    if not _has_python_chess():
        pytest.skip("python-chess is not installed")
    assert run_ok("""
import sys
import chess, chess.polyglot  # python-chess's
real_polyglot = chess.polyglot
import bitboard.chess
bitboard.chess.install()
import chess.polyglot
assert chess.polyglot is bitboard.chess.polyglot is sys.modules["chess.polyglot"]
assert chess.polyglot is not real_polyglot
assert chess.Board is bitboard.chess.Board
bitboard.chess.install()  # twice is harmless: one finder
from bitboard.chess.swap import SubmoduleAliases
assert sum(isinstance(f, SubmoduleAliases) for f in sys.meta_path) == 1
print("ok")
""") == "ok\n"


def test_the_finder_leaves_python_chess_alone_while_chess_is_python_chess():
    if not _has_python_chess():
        pytest.skip("python-chess is not installed")
    assert run_ok("""
import bitboard.chess, bitboard.chess.polyglot
import chess, chess.polyglot
assert chess is not bitboard.chess and chess.polyglot is not bitboard.chess.polyglot
assert chess.polyglot.__name__ == "chess.polyglot" and chess.polyglot.chess is chess
print("ok")
""") == "ok\n"


def test_a_program_runs_unchanged_after_install():
    assert run_ok("""
import bitboard.chess
bitboard.chess.install()
import chess
import chess.polyglot
board = chess.Board()
for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"]:
    board.push_san(san)
assert type(board).__module__.startswith("bitboard")
assert chess.polyglot.zobrist_hash(board) == board.zobrist_key
print(board.fen())
""") == "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n"


# What a program reaches: every module under the name chess, and what its classes are.
_REACHED = """
import sys
reached = {name: module.__name__ for name, module in sys.modules.items()
           if name == "chess" or name.startswith("chess.")}
assert all(value.startswith("bitboard.chess") for value in reached.values()), reached
assert type(chess.Board()).__module__.startswith("bitboard")
assert type(chess.pgn.Game().board()).__module__.startswith("bitboard")
print(sorted(reached))
"""
_PROGRAM_IMPORTS = "import chess.pgn\nimport chess.polyglot, chess.svg\nfrom chess import variant\n" + (
    "import chess.engine\n" if "engine" in OURS else "")


@pytest.mark.parametrize("where", ["module", "function"])
def test_the_one_line_swap_holds_with_submodule_imports(where):
    """`import bitboard.chess as chess` then `import chess.pgn`: bitboard's modules, whether or not
    python-chess is installed (it would otherwise bind chess to python-chess, or fail)."""
    body = "import bitboard.chess as chess\n" + _PROGRAM_IMPORTS + _REACHED
    if where == "function":
        body = "import bitboard.chess as chess\ndef main():\n" + "".join(
            f"    {line}\n" for line in (_PROGRAM_IMPORTS + _REACHED).splitlines() if line) + "main()\n"
    out = run_ok(body)
    assert "'chess.pgn'" in out and "'chess'" in out


def test_the_one_line_swap_refuses_where_python_chess_came_first():
    """Never python-chess silently: where another module imported python-chess's chess before,
    the swapped program's `import chess.pgn` raises, naming install() and the launcher."""
    if not _has_python_chess():
        pytest.skip("python-chess is not installed")
    result = run_python("""
import importlib
importlib.import_module("chess")  # another module's python-chess
import bitboard.chess as chess
import chess.pgn
""")
    assert result.returncode == 1 and "ImportError" in result.stderr and "install()" in result.stderr
    assert "python -m bitboard.chess" in result.stderr


def _launch(tmp_path, *args, program=None):
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(bitboard.__file__)))
    env = dict(os.environ, PYTHONPATH=package_root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if program is not None:
        (tmp_path / "program.py").write_text(program)
    return subprocess.run([sys.executable, "-m", "bitboard.chess", *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)


def test_the_launcher_runs_a_program_unchanged_with_its_arguments_status_and_children(tmp_path):
    (tmp_path / "helper_module.py").write_text("import chess\nBOARD = chess.Board\n")
    result = _launch(tmp_path, "program.py", "--depth", "2", program="""
import subprocess, sys
import chess
import chess.pgn
import helper_module  # beside the program, as under plain python
assert helper_module.BOARD is chess.Board
assert __name__ == "__main__" and sys.argv == ["program.py", "--depth", "2"], (__name__, sys.argv)
""" + _PROGRAM_IMPORTS + _REACHED + """
child = subprocess.run([sys.executable, "-c", "import chess, chess.pgn; print(chess.__name__, chess.pgn.__name__)"],
                       capture_output=True, text=True, check=True)
print("child:", child.stdout.strip())
sys.exit(3)
""")
    assert result.returncode == 3, result.stderr[-3000:]
    assert "'chess.pgn'" in result.stdout and "child: bitboard.chess bitboard.chess.pgn" in result.stdout


def test_the_launcher_runs_a_module_and_passes_failures_through(tmp_path):
    (tmp_path / "tool.py").write_text("import sys, chess.pgn\nprint(chess.pgn.__name__, sys.argv[1:])\n")
    result = _launch(tmp_path, "-m", "tool", "x")
    assert result.returncode == 0 and result.stdout == "bitboard.chess.pgn ['x']\n", result.stderr
    result = _launch(tmp_path, "program.py", program="import chess\nraise KeyError(chess.Board().fen())\n")
    assert result.returncode == 1 and "KeyError" in result.stderr and "program.py" in result.stderr
    result = _launch(tmp_path, "missing.py")
    assert result.returncode == 2 and "missing.py" in result.stderr and "Traceback" not in result.stderr
    result = _launch(tmp_path)
    assert result.returncode == 2 and "usage" in result.stderr
