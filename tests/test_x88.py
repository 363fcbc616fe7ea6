"""The 0x88 board against the published perft counts and against the bitboard generator."""
import random

import pytest
from helpers import PERFT
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard
from bitboard import Board, IllegalMoveError, InvalidFenError, Move
from bitboard.catalogue import x88

LIMIT = 500_000 if bitboard.compiled else 12_000
CASES = [(name, depth, count) for name, (fen, counts) in PERFT.items()
         for depth, count in enumerate(counts, 1) if count <= LIMIT]


@pytest.mark.parametrize("undo", ["copy", "incremental"])
@pytest.mark.parametrize("name,depth,count", CASES)
def test_published_perft_counts(name, depth, count, undo):
    assert x88.Board(PERFT[name][0]).perft(depth, undo=undo) == count


@pytest.mark.slow
@pytest.mark.skipif(not bitboard.compiled, reason="deep perft is for the compiled build")
@pytest.mark.parametrize("name,depth", [("start", 5), ("kiwipete", 4), ("pos3", 6), ("pos5", 4)])
def test_deeper_perft_agrees_with_the_bitboard_generator(name, depth):
    fen = PERFT[name][0]
    assert x88.Board(fen).perft(depth) == Board(fen).perft(depth) == PERFT[name][1][depth - 1]


@pytest.mark.parametrize("name", list(PERFT))
def test_divide_agrees_move_by_move(name):
    fen = PERFT[name][0]
    assert x88.Board(fen).divide(2) == Board(fen).divide(2)


def play_both(seed, plies, fen):
    rng = random.Random(seed)
    ours, other = Board(fen), x88.Board(fen)
    for _ in range(plies):
        moves = list(ours.legal_moves)
        assert set(other.legal_moves) == set(moves), ours.fen()
        assert other.fen() == ours.fen() and other.fen(en_passant="always") == ours.fen(en_passant="always")
        if not moves:
            return
        move = rng.choice(moves)
        ours.push(move)
        other.push(move)
    while other.move_stack:  # and both take every move back to the start
        assert other.pop() == ours.pop()
        assert other.fen() == ours.fen()


@settings(max_examples=40 if bitboard.compiled else 8)
@given(st.integers(0, 2 ** 32), st.sampled_from([fen for fen, _ in PERFT.values()]))
def test_random_games_agree_with_the_bitboard_generator(seed, fen):
    play_both(seed, 80, fen)


def test_same_fen_errors_and_its_own_check_test():
    with pytest.raises(InvalidFenError, match="9 files"):
        x88.Board("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(InvalidFenError, match="the side not to move \\(black\\) is in check"):
        x88.Board("4k2R/8/8/8/8/8/8/4K3 w - - 0 1")  # found by the 0x88 attack test, not the bitboard one


def test_push_pop_and_errors():
    board = x88.Board()
    board.push_uci("e2e4")
    before = board.fen()
    with pytest.raises(IllegalMoveError, match="e2e4"):
        board.push(Move.from_uci("e2e4"))
    assert board.fen() == before and board.move_stack == [Move.from_uci("e2e4")]
    with pytest.raises(ValueError, match="undo"):
        board.perft(2, undo="sometimes")
    assert board.pop() == Move.from_uci("e2e4") and board.fen() == bitboard.STARTING_FEN
    with pytest.raises(IndexError):
        board.pop()
