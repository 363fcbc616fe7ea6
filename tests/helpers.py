"""What several test modules share: the published perft positions, the build's module list and
a fresh interpreter on this copy of bitboard."""
import ast
import os
import pathlib
import subprocess
import sys

import bitboard

ROOT = pathlib.Path(__file__).parents[1]
SOURCE = ROOT / "src" / "bitboard"

# The six positions of the published perft results (chessprogramming.org/Perft_Results), with
# their node counts by depth.
PERFT = {
    "start": (bitboard.STARTING_FEN,
              [20, 400, 8902, 197281, 4865609, 119060324]),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 [48, 2039, 97862, 4085603, 193690690]),
    "pos3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
             [14, 191, 2812, 43238, 674624, 11030083, 178633661]),
    "pos4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
             [6, 264, 9467, 422333, 15833292]),
    "pos5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
             [44, 1486, 62379, 2103487, 89941194]),
    "pos6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
             [46, 2079, 89890, 3894594, 164075551]),
}


def compiled_modules():
    """COMPILED_MODULES as setup.py lists them."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED_MODULES":
            return ast.literal_eval(node.value)
    raise AssertionError("setup.py has no COMPILED_MODULES")


def module_path(name: str) -> pathlib.Path:
    """The source file of a module named as COMPILED_MODULES names it ("core.bits")."""
    return SOURCE / (name.replace(".", "/") + ".py")


def sigint_default() -> None:
    """A child's Ctrl-C as in a terminal: a shell's background job (`cmd &`, CI runners) starts
    with SIGINT ignored, and Python then never raises KeyboardInterrupt. Popen(preexec_fn=...)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_python(code: str) -> subprocess.CompletedProcess:
    """Run `code` in a fresh interpreter (binding `chess` is process-wide) that imports the copy
    of bitboard these tests import, compiled or not."""
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(bitboard.__file__)))
    env = dict(os.environ, PYTHONPATH=package_root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


def import_without_python_chess(module: str) -> subprocess.CompletedProcess:
    """Import `module` in a fresh interpreter (run_python) as if python-chess were not installed:
    the MissingExtraError it raises is printed, and the child fails unless that error names the
    chess extra and neither python-chess nor `module` was left imported."""
    return run_python(f"""
import importlib.machinery, sys
find_spec = importlib.machinery.PathFinder.find_spec
def without_python_chess(name, path=None, target=None):
    return None if name == "chess" else find_spec(name, path, target)
importlib.machinery.PathFinder.find_spec = without_python_chess  # as if python-chess were not installed
from bitboard.errors import MissingExtraError
try:
    import {module}
except MissingExtraError as error:
    assert isinstance(error, ImportError) and error.extra == "chess", error
    print(error)
assert "chess" not in sys.modules and {module!r} not in sys.modules
""")
