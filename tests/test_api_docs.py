"""docs/api.md's promise: the chess modules' public names are importable from `bitboard`, the
data pipeline's from `bitboard.data`; and the old names of the moved data modules import the
same module objects."""
import importlib
import inspect
import pathlib
import re

import pytest

import bitboard

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


@pytest.mark.parametrize("old, new", [("bitboard.records", "bitboard.data.records"),
                                      ("bitboard.datasets", "bitboard.data.datasets"),
                                      ("bitboard.encode", "bitboard.data.encode"),
                                      ("bitboard.encode.planes", "bitboard.data.encode.planes"),
                                      ("bitboard.encode.policy", "bitboard.data.encode.policy")])
def test_the_moved_modules_keep_their_old_names(old, new):
    assert importlib.import_module(old) is importlib.import_module(new)
    # and their own spec: their relative imports resolve where they live (3.13 warns otherwise)
    module = importlib.import_module(new)
    assert module.__spec__.name == new and module.__spec__.parent == module.__package__
    assert bitboard._moved.new_name(old) == new
    assert bitboard._moved.new_name("bitboard.recordsx") is None
