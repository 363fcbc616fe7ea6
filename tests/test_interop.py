"""python-chess interop: both ways, move stacks included, and a clear message without it."""
import random
import sys

import chess
import pytest

from bitboard import Board


def test_round_trip_keeps_position_and_moves():
    theirs = chess.Board()
    rng = random.Random(3)
    for _ in range(40):
        theirs.push(rng.choice(list(theirs.legal_moves)))
    ours = Board.from_chess(theirs)
    assert ours.fen() == theirs.fen() and [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    back = ours.to_chess()
    assert back == theirs and back.move_stack == theirs.move_stack
    assert Board.from_chess(chess.Board("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")).perft(3) == 2812


def test_variants_are_refused():
    import chess.variant
    with pytest.raises(ValueError, match="atomic"):
        Board.from_chess(chess.variant.AtomicBoard())


def test_chess960_converts_both_ways_with_its_moves():
    theirs = chess.Board.from_chess960_pos(42)
    for _ in range(6):
        theirs.push(sorted(theirs.legal_moves, key=lambda m: m.uci())[0])
    ours = Board.from_chess(theirs)
    assert ours.chess960 and ours.fen() == theirs.fen() and [m.uci() for m in ours.move_stack] == \
        [m.uci() for m in theirs.move_stack]
    back = ours.to_chess()
    assert back.chess960 and back.fen() == theirs.fen() and back.root().fen() == theirs.root().fen()


class _NoChess:
    """A meta-path finder for which python-chess is not installed."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "chess" or name.startswith("chess."):
            raise ImportError(f"No module named {name!r}")
        return None


def test_to_chess_without_python_chess(monkeypatch):
    for name in [n for n in sys.modules if n == "chess" or n.startswith("chess.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoChess()] + sys.meta_path)
    with pytest.raises(ImportError, match="pip install 'bitboard\\[chess\\]'"):
        Board().to_chess()


def test_to_chess_in_a_program_that_swapped_bitboard_in(monkeypatch):
    # `import chess` there gives bitboard.chess: no python-chess Board to make, and said so
    # (before, to_chess returned one of bitboard's own boards as python-chess's)
    import bitboard.chess
    monkeypatch.setitem(sys.modules, "chess", bitboard.chess)
    with pytest.raises(ImportError, match="`chess` is bitboard.chess in this process"):
        Board().to_chess()
