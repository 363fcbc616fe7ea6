"""docs/api.md's promise: the chess modules' public names are importable from `bitboard`, the
data pipeline's from `bitboard.data`; and each module has one name (the data modules' old names
are gone, with the finder that kept them)."""
import importlib
import inspect
import pathlib
import re
import sys

import pytest

API = pathlib.Path(__file__).resolve().parents[1] / "docs" / "api.md"


def _documented(section: str) -> list:
    text = API.read_text().split(f"## {section}")[1].split("\n## ")[0]
    return re.findall(r"automodule:: (\S+)", text)


def _public_names(module) -> set:
    """`__all__`, or the functions and classes the module defines without a leading underscore."""
    if hasattr(module, "__all__"):
        return set(module.__all__)
    return {name for name, value in vars(module).items()
            if not name.startswith("_") and (inspect.isfunction(value) or inspect.isclass(value)
                                             or inspect.isbuiltin(value))
            and getattr(value, "__module__", None) == module.__name__}


@pytest.mark.parametrize("section, package", [("Positions and moves", "bitboard"),
                                              ("Squares and sets of squares", "bitboard"),
                                              ("The data pipeline (`bitboard.data`)", "bitboard.data")])
def test_every_documented_name_is_importable_from_its_package(section, package):
    gathered = importlib.import_module(package)
    modules = _documented(section)
    assert modules
    missing = sorted(f"{name} ({module})" for module in modules
                     for name in _public_names(importlib.import_module(module)) if not hasattr(gathered, name))
    assert missing == []


@pytest.mark.parametrize("old", ["bitboard.records", "bitboard.datasets", "bitboard.encode", "bitboard.encode.planes"])
def test_each_module_has_one_name(old):
    """The data modules live in bitboard.data alone: no second name, no finder keeping one."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)
    # (installation.pure()'s finder loads the uncompiled copy under its own name, bitboard_pure)
    assert not any(type(finder).__module__.startswith("bitboard")
                   and type(finder).__name__ not in ("SubmoduleAliases", "_SourceFinder") for finder in sys.meta_path)
