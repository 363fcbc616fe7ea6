"""Run python-chess's own test classes with `chess` bound to `bitboard.chess`.

    python tests/python_chess_suite.py PATH/TO/test.py [CLASS ...]

python-chess's test.py (from its source distribution; never copied here) imports chess.engine,
chess.pgn and the other submodules: each is bound to bitboard.chess's module of that name where
there is one, and stood in for by an empty module where there is not yet, so only the classes
named run. One line per test, "ok|fail|error|skip Class.test",
then a JSON summary line.
"""
import importlib
import importlib.util
import json
import os
import sys
import types
import unittest

import bitboard.chess

DEFAULT_CLASSES = ["SquareTestCase", "MoveTestCase", "PieceTestCase", "BoardTestCase",
                   "LegalMoveGeneratorTestCase", "BaseBoardTestCase", "SquareSetTestCase"]
SUBMODULES = ["engine", "gaviota", "pgn", "polyglot", "svg", "syzygy", "variant"]


class _StandIn(types.ModuleType):
    """A submodule this namespace does not cover: any attribute is a fresh exception class, so
    that decorators like @catchAndSkip(chess.gaviota.MissingTableError) still load."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (Exception,), {})


def _bind():
    sys.modules["chess"] = bitboard.chess
    for name in SUBMODULES:
        if importlib.util.find_spec(f"bitboard.chess.{name}") is not None:
            module = importlib.import_module(f"bitboard.chess.{name}")
        else:
            module = _StandIn(f"chess.{name}")
            setattr(bitboard.chess, name, module)
        sys.modules[f"chess.{name}"] = module


def main(argv):
    path, classes = os.path.abspath(argv[0]), argv[1:] or DEFAULT_CLASSES
    os.chdir(os.path.dirname(path))  # its tests open data/... relative to the sdist's root
    _bind()
    spec = importlib.util.spec_from_file_location("python_chess_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(getattr(module, name))
                               for name in classes)
    statuses = {test.id(): "ok" for test in _tests(suite)}  # (running a suite empties it)
    result = unittest.TestResult()
    suite.run(result)
    for kind, pairs in (("fail", result.failures), ("error", result.errors), ("skip", result.skipped)):
        for test, detail in pairs:
            statuses[test.id()] = kind
            if kind != "skip":
                print(f"--- {kind} {test.id()}\n{detail}", file=sys.stderr)
    for test_id, status in statuses.items():
        print(status, test_id.split(".", 1)[1])
    counts = {kind: sum(1 for s in statuses.values() if s == kind) for kind in ("ok", "fail", "error", "skip")}
    print(json.dumps(counts))


def _tests(suite):
    for item in suite:
        if isinstance(item, unittest.TestSuite):
            yield from _tests(item)
        else:
            yield item


if __name__ == "__main__":
    main(sys.argv[1:])
