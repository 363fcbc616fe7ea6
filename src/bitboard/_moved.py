"""Modules that moved into `bitboard.data`, importable by their old names too.

`import bitboard.records` (and `bitboard.datasets`, `bitboard.encode`, `bitboard.encode.planes`,
...) gives the very module object that `bitboard.data.records` is, so the two names never hold
two copies of one module's state.
"""
import importlib
import importlib.abc
import importlib.machinery
import sys

MOVED = {
    "bitboard.records": "bitboard.data.records",
    "bitboard.datasets": "bitboard.data.datasets",
    "bitboard.encode": "bitboard.data.encode",
}


def new_name(fullname: str):
    """The module's name in bitboard.data, or None for a module that did not move."""
    for old, new in MOVED.items():
        if fullname == old or fullname.startswith(old + "."):
            return new + fullname[len(old):]
    return None


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if new_name(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def __init__(self):
        self.specs: dict = {}  # each moved module's own spec, by its new name

    def create_module(self, spec):
        module = importlib.import_module(new_name(spec.name))
        self.specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module):
        # The module ran under its new name. The import system has just given it the old name's
        # spec: its own goes back, so that its relative imports resolve in bitboard.data (Python
        # 3.13 warns when __package__ and __spec__.parent differ, and will go by the spec).
        module.__spec__ = self.specs[module.__name__]


def install() -> None:
    """Put the alias finder on sys.meta_path (once)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
