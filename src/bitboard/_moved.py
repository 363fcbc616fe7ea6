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

    def create_module(self, spec):
        return importlib.import_module(new_name(spec.name))

    def exec_module(self, module):
        pass  # the module ran under its new name


def install() -> None:
    """Put the alias finder on sys.meta_path (once)."""
    if not any(isinstance(finder, _Alias) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Alias())
