"""The uncompiled build of this very installation, importable beside the compiled one.

A compiled install ships its `.py` sources next to the extensions (which Python prefers).
`pure("bits")` imports `bits.py` itself as `bitboard_pure.bits`, so benchmarks can time both
builds in one run and tests can check one against the other. Modules import each other
relatively, so the whole `bitboard_pure` package is uncompiled.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

PACKAGE = "bitboard_pure"
_HERE = os.path.dirname(os.path.abspath(__file__))


class _SourceFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            return None
        folder = os.path.join(_HERE, *name.split(".")[1:])
        if os.path.isdir(folder):  # the package or a subpackage
            filename, search = os.path.join(folder, "__init__.py"), [folder]
        else:
            filename, search = folder + ".py", None
            if not os.path.exists(filename):  # never an extension module of the compiled build
                raise ModuleNotFoundError(f"the uncompiled build has no module {name!r}", name=name)
        loader = importlib.machinery.SourceFileLoader(name, filename)
        return importlib.util.spec_from_file_location(name, filename, loader=loader,
                                                      submodule_search_locations=search)


def pure(module: str = ""):
    """The uncompiled `bitboard.<module>` (the package itself for "")."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    return importlib.import_module(PACKAGE + ("." + module if module else ""))
