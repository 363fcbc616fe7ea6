"""Running a python-chess program on bitboard.chess without editing its imports, or by editing one.

Three ways, each giving `import chess` and `import chess.pgn` (polyglot, engine, svg ... wherever
this package has the module) bitboard's modules, never python-chess's:

- the one-line swap: `import chess` becomes `import bitboard.chess as chess`. The program's
  next `import chess.pgn` would bind `chess` to python-chess again; the finder below sees that
  the importing module binds `chess` to this package and installs it first. Where python-chess's
  `chess` was imported before by another module, the import is refused (ImportError) instead of
  running python-chess silently.
- `install()`, called before the program's own imports: binds `chess` in sys.modules to this
  package.
- the launcher, `python -m bitboard.chess PROGRAM [ARGS...]` (`main`), which installs, then runs
  the program with its own sys.argv and exit status; the processes it starts inherit the choice
  through PYTHONPATH (SHIM_FOLDER, whose `chess` package installs this one).

A meta-path finder, put first on sys.meta_path when this package is imported, makes `chess.<sub>`
the very module `bitboard.chess.<sub>` whenever sys.modules["chess"] is this package, so the plain
`sys.modules["chess"] = bitboard.chess` works too: without it, Python would load a second copy of
each submodule from this package's folder under the name `chess.<sub>`, with classes of its own.
"""
import importlib
import importlib.util
import os
import sys
import types

#: The package whose submodules stand in for python-chess's (bitboard.chess; bitboard_pure.chess
#: for the uncompiled build).
PACKAGE = __package__ or "bitboard.chess"

#: The folder put first on PYTHONPATH for the launcher's child processes: its `chess` package
#: imports bitboard.chess and installs it.
SHIM_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shim")

_IMPORT_MACHINERY = ("<frozen importlib", os.path.dirname(importlib.__file__) + os.sep)
_CO_OPTIMIZED = 0x1  # inspect.CO_OPTIMIZED, a function's frame (inspect itself costs milliseconds to import)


class SubmoduleAliases:
    """Finds `chess.<sub>` as `<package>.<sub>` while `chess` is `<package>`, and loads it as the
    module already there (imported first if need be), its own `__spec__` kept. Finds `chess` and
    `chess.<sub>` so too for a module that bound `chess` to `<package>` itself (the one-line swap).
    (A meta-path finder and loader by its methods; importlib.abc's bases cost an import of
    importlib.resources.)"""

    def __init__(self, package: str):
        self.package = package

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "chess" and not fullname.startswith("chess."):
            return None
        package = sys.modules.get(self.package)
        if package is None:
            return None
        if sys.modules.get("chess") is not package:
            if not _importer_binds_chess_to(package):
                return None  # chess is python-chess (or nothing): not ours to answer
            if "chess" in sys.modules:
                raise ImportError(
                    f"import {fullname}: this module runs on {self.package} (import {self.package} as chess), but "
                    f"python-chess's chess was imported before, by another module, and the import would bind chess "
                    f"to it. Call {self.package}.install() before anything imports chess, or run the program with "
                    f"python -m {self.package}", name=fullname)
            # (not install(): this is `import chess` itself, which puts the package found here
            # into sys.modules as `chess`; the import system would take a module put there now
            # for its own and load this package's file again)
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


def _importer_binds_chess_to(package) -> bool:
    """Whether the code running the import under way (the first frame outside the import
    machinery) has the name `chess` bound to `package`, as `import bitboard.chess as chess` does."""
    frame: types.FrameType | None = sys._getframe(2)
    while frame is not None and (frame.f_code.co_filename.startswith(_IMPORT_MACHINERY)
                                 or frame.f_code.co_filename == __file__):
        frame = frame.f_back
    if frame is None:
        return False
    namespace = frame.f_locals if frame.f_code.co_flags & _CO_OPTIMIZED else frame.f_globals
    return namespace.get("chess", frame.f_globals.get("chess")) is package


def add_finder(package: str = PACKAGE) -> SubmoduleAliases:
    """The finder for `package`, put first on sys.meta_path once (later calls find it there)."""
    for finder in sys.meta_path:
        if isinstance(finder, SubmoduleAliases) and finder.package == package:
            return finder
    finder = SubmoduleAliases(package)
    sys.meta_path.insert(0, finder)
    return finder


def install(package: str = PACKAGE) -> None:
    """Make `import chess` and `import chess.<sub>` give bitboard.chess and its modules.

    Call it before the program's own imports. python-chess's submodules already imported (a
    `chess.pgn` holding python-chess's Board) are dropped from sys.modules, so that the next
    `import chess.pgn` finds bitboard's, or fails as a missing module where bitboard has none.
    """
    ours = sys.modules[package]
    add_finder(package)
    sys.modules["chess"] = ours
    for name in [name for name in sys.modules if name.startswith("chess.")]:
        if getattr(sys.modules[name], "__name__", "") != package + name[len("chess"):]:
            del sys.modules[name]


USAGE = f"""usage: python -m {PACKAGE} PROGRAM [ARGS...]
       python -m {PACKAGE} -m MODULE [ARGS...]

Run a python-chess program unchanged on bitboard.chess: its `import chess` and `import chess.<sub>`
give bitboard's modules, in it and in the Python processes it starts. PROGRAM gets ARGS as its
sys.argv[1:], and the exit status is the program's."""


def main(argv: list[str] | None = None) -> int:
    """The launcher, `python -m bitboard.chess PROGRAM [ARGS...]`, as `python -m cProfile` runs a
    program: install, put SHIM_FOLDER first on PYTHONPATH for child processes, run PROGRAM (a
    script's path, or `-m MODULE`) as __main__ with sys.argv = [PROGRAM, *ARGS]. The program's
    SystemExit and exceptions pass through, as they would under plain `python PROGRAM`."""
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if args else sys.stderr)
        return 0 if args else 2
    module = None
    if args[0] == "-m":
        if len(args) < 2:
            print(f"python -m {PACKAGE}: -m needs a module name\n\n{USAGE}", file=sys.stderr)
            return 2
        module, args = args[1], args[1:]
    elif not os.path.exists(args[0]):
        print(f"python -m {PACKAGE}: can't open file {args[0]!r}: no such file", file=sys.stderr)
        return 2
    import runpy

    install()
    os.environ["PYTHONPATH"] = os.pathsep.join([SHIM_FOLDER] + [entry for entry in
                                                                os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                                if entry and entry != SHIM_FOLDER])
    sys.argv = args
    if module is not None:
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    else:
        sys.path[0] = os.path.dirname(os.path.abspath(args[0]))
        runpy.run_path(args[0], run_name="__main__")
    return 0
