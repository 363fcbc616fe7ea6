"""Running a python-chess program on bitboard.chess without editing its imports.

`install()` binds `chess` in sys.modules to this package; from then on `import chess` and
`import chess.pgn` (polyglot, engine, svg ... wherever this package has the module) give
bitboard's. A meta-path finder, put first on sys.meta_path when this package is imported, makes
`chess.<sub>` the very module `bitboard.chess.<sub>` whenever sys.modules["chess"] is this
package, so the plain `sys.modules["chess"] = bitboard.chess` works too: without it, Python would
load a second copy of each submodule from this package's folder under the name `chess.<sub>`,
with classes of its own.
"""
import importlib
import importlib.abc
import importlib.util
import sys

#: The package whose submodules stand in for python-chess's (bitboard.chess; bitboard_pure.chess
#: for the uncompiled build).
PACKAGE = __package__ or "bitboard.chess"


class SubmoduleAliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `chess.<sub>` as `<package>.<sub>` while `chess` is `<package>`, and loads it as the
    module already there (imported first if need be), its own `__spec__` kept."""

    def __init__(self, package: str):
        self.package = package

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("chess."):
            return None
        package = sys.modules.get(self.package)
        if package is None or sys.modules.get("chess") is not package:
            return None  # chess is python-chess (or nothing): not ours to answer
        ours = self.package + fullname[len("chess"):]
        try:
            spec = importlib.util.find_spec(ours)
        except (ImportError, ValueError):
            return None
        if spec is None:
            return None  # no such module here: the import fails as it would in python-chess
        return importlib.util.spec_from_loader(fullname, self, is_package=spec.submodule_search_locations is not None)

    def create_module(self, spec):
        module = importlib.import_module(self.package + spec.name[len("chess"):])
        spec.loader_state = module.__spec__  # the import system overwrites it: put back in exec_module
        return module

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state

    def __repr__(self):
        return f"{type(self).__name__}({self.package!r})"


def add_finder(package: str = PACKAGE) -> SubmoduleAliases:
    """The finder for `package`, put first on sys.meta_path once (later calls find it there)."""
    for finder in sys.meta_path:
        if isinstance(finder, SubmoduleAliases) and finder.package == package:
            return finder
    finder = SubmoduleAliases(package)
    sys.meta_path.insert(0, finder)
    return finder


def install() -> None:
    """Make `import chess` and `import chess.<sub>` give bitboard.chess and its modules.

    Call it before the program's own imports. python-chess's submodules already imported (a
    `chess.pgn` holding python-chess's Board) are dropped from sys.modules, so that the next
    `import chess.pgn` finds bitboard's, or fails as a missing module where bitboard has none.
    """
    package = sys.modules[PACKAGE]
    add_finder(PACKAGE)
    sys.modules["chess"] = package
    for name in [name for name in sys.modules if name.startswith("chess.")]:
        if getattr(sys.modules[name], "__name__", "") != PACKAGE + name[len("chess"):]:
            del sys.modules[name]
