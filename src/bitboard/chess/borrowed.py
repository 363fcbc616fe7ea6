"""python-chess's pure-Python modules that bitboard runs rather than rewrites (the engine
protocols): the installed python-chess's own source file, executed as a module of this package
while `chess` is bound to this package, so that every `chess.Board` and `chess.Move` it names is
bitboard's. python-chess is the optional `[chess]` extra; nothing of it is copied here.

The file is found on sys.path by the path finder alone (importlib.metadata costs a script 25 ms
to import), never through `import chess`, which is bitboard.chess itself once a program has
swapped it in, and past the launcher's shim folder, whose `chess` is bitboard's.
"""
import importlib.machinery
import os
import re
import sys

from ..errors import MissingExtraError
from .swap import SHIM_FOLDER

#: The distribution, the extra that installs it and the oldest release whose modules fit.
DISTRIBUTION = "chess"
EXTRA = "chess"
MINIMUM_VERSION = (1, 10)


def python_chess_code(name: str):
    """The compiled code of python-chess's module `chess.<name>`, as installed. It is read from the
    `__pycache__` that Python's import leaves beside it (and written there where it may), so that
    an import costs what importing python-chess's module costs, not a compilation of its source;
    its file name is python-chess's, so tracebacks point there."""
    hint = f"pip install 'bitboard[{EXTRA}]' (or pip install 'chess>=1.10')"
    folder = _python_chess_folder()
    if folder is None:
        raise MissingExtraError(f"bitboard.chess.{name} runs python-chess's chess.{name}, and python-chess is not "
                                f"installed: {hint}", EXTRA)
    with open(os.path.join(folder, "__init__.py"), encoding="utf-8") as init:
        found = _VERSION.search(init.read())
    version = found.group(1) if found else "unknown"
    if tuple(int(part) for part in version.split(".")[:2] if part.isdigit()) < MINIMUM_VERSION:
        raise MissingExtraError(f"bitboard.chess.{name} needs python-chess 1.10 or later, not "
                                f"{version!r}: {hint}", EXTRA)
    path = os.path.join(folder, f"{name}.py")
    try:
        return importlib.machinery.SourceFileLoader(f"chess.{name}", path).get_code(f"chess.{name}")
    except OSError:
        raise MissingExtraError(f"bitboard.chess.{name}: python-chess {version} is installed without "
                                f"{path!r}: {hint}", EXTRA) from None


_VERSION = re.compile(r'^__version__ = "([^"]+)"', re.MULTILINE)


def _python_chess_folder() -> str | None:
    """The folder of the `chess` package that `import chess` would find on sys.path, were bitboard
    not swapped in: python-chess's, or None."""
    shim = os.path.realpath(SHIM_FOLDER)
    entries = [entry for entry in sys.path if os.path.realpath(entry or os.curdir) != shim]
    spec = importlib.machinery.PathFinder.find_spec("chess", entries)
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)[0]


def run_python_chess_module(name: str, namespace: dict) -> None:
    """Execute python-chess's `chess.<name>` in `namespace` (the globals of bitboard.chess.<name>)
    with sys.modules["chess"] bound to bitboard.chess for the duration; the binding that was
    there before (python-chess, bitboard.chess, or none) is put back afterwards. The binding is
    process-wide for those milliseconds: another thread importing `chess` meanwhile would get ours."""
    code = python_chess_code(name)
    package = sys.modules[__package__]
    missing = object()
    before = sys.modules.get("chess", missing)
    sys.modules["chess"] = package
    try:
        exec(code, namespace)
    finally:
        if before is missing:
            sys.modules.pop("chess", None)
        else:
            sys.modules["chess"] = before  # type: ignore[assignment]
