"""Chess960: castling with the king and rooks on any files, checked against python-chess."""
import random

import chess
import pytest
from helpers import PERFT
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard
from bitboard import Board, Move
from bitboard.benchmarks.movegen import python_loop as python_chess_perft  # (python-chess's own loop)

DEPTH = 3 if bitboard.compiled else 2


def test_every_starting_position_has_python_chess_s_number():
    for n in range(960):
        ours = Board.from_chess960_pos(n)
        assert ours.board_fen() == chess.Board.from_chess960_pos(n).board_fen(), n
        assert ours.chess960_pos() == n and ours.chess960
    assert Board.from_chess960_pos(518).board_fen() == bitboard.STARTING_BOARD_FEN
    assert Board().chess960_pos() == 518 and Board("8/8/8/8/8/8/8/K6k w - - 0 1").chess960_pos() is None


def _opened(n: int, rng: random.Random) -> str:
    """Starting position n with some back-rank pieces other than kings and rooks taken away, so
    that castling is often possible at once, through squares attacked or not."""
    board = chess.Board.from_chess960_pos(n)
    for square in list(chess.SquareSet(chess.BB_BACKRANKS)):
        if board.piece_type_at(square) not in (chess.KING, chess.ROOK) and rng.random() < 0.7:
            board.remove_piece_at(square)
    for square in chess.SquareSet(chess.BB_RANK_2 | chess.BB_RANK_7):
        if rng.random() < 0.25:
            board.remove_piece_at(square)
    board.turn = rng.random() < 0.5
    return board.fen()


def _divide(fen: str, depth: int, chess960: bool) -> dict:
    ours = Board(fen, chess960=chess960)
    return {move.uci(): count for move, count in ours.divide(depth).items()}


def _their_divide(fen: str, depth: int, chess960: bool) -> dict:
    board = chess.Board(fen, chess960=chess960)
    out = {}
    for move in board.legal_moves:
        board.push(move)
        out[move.uci()] = 1 if depth == 1 else sum(1 for _ in _walk(board, depth - 1))
        board.pop()
    return out


def _walk(board, depth):
    if depth == 0:
        yield None
        return
    for move in board.legal_moves:
        board.push(move)
        yield from _walk(board, depth - 1)
        board.pop()


def _castling_position(seed: int) -> str:
    """An opened Chess960 starting position (_opened) chosen by `seed`; the test is skipped
    where it is not a valid position."""
    rng = random.Random(seed)
    fen = _opened(rng.randrange(960), rng)
    if not chess.Board(fen, chess960=True).is_valid():
        pytest.skip("the random removal left the side not to move in check")
    return fen


@pytest.mark.parametrize("seed", range(12))
def test_castling_positions_count_as_python_chess_counts(seed):
    fen = _castling_position(seed)
    assert _divide(fen, DEPTH - 1, True) == _their_divide(fen, DEPTH - 1, True), fen


def _castling_at_once(n: int) -> str:
    """Starting position n with the back ranks emptied but for kings and rooks: castling is
    legal at once for both sides (their pawns stand in front), one way at least (the other
    rook may stand where one castling puts the king or rook)."""
    board = chess.Board.from_chess960_pos(n)
    for square in chess.SquareSet(chess.BB_BACKRANKS):
        if board.piece_type_at(square) not in (chess.KING, chess.ROOK):
            board.remove_piece_at(square)
    return board.fen()


@pytest.mark.parametrize("part", range(8))
def test_castling_from_every_starting_setup_counts_as_python_chess(part):
    # perft's walk makes castling (any files, the king or rook onto the other's square or not
    # moving) in the node and takes it back: perft(2) counts after each castling and goes on
    # with the moves after it, perft(3) walks below castling too, checked against the root's
    # moves made by the Position (divide).
    for n in range(part, 960, 8 if bitboard.compiled else 64):
        fen = _castling_at_once(n)
        ours, theirs = Board(fen, chess960=True), chess.Board(fen, chess960=True)
        assert any(ours.is_castling(m) for m in ours.legal_moves), fen
        assert ours.perft(2) == python_chess_perft(theirs, 2), fen
        assert ours.perft(3) == sum(ours.divide(3).values()), fen


@pytest.mark.parametrize("seed", range(6))
def test_castling_positions_count_the_same_with_a_table(seed):
    # The table is probed by the key each move gives, castling onto or past the rook included
    # (the king or rook staying where it is, or taking the other's square).
    fen = _castling_position(seed)
    board = Board(fen, chess960=True)
    plain = board.perft(DEPTH + 1)
    assert board.perft(DEPTH + 1, hash_mb=1) == board.perft(DEPTH + 1, hash_mb=0.001, threads=2) == plain, fen


@settings(max_examples=25 if bitboard.compiled else 8)
@given(st.integers(0, 959), st.randoms(use_true_random=False))
def test_random_chess960_games_agree_move_by_move(n, rng):
    ours, theirs = Board.from_chess960_pos(n), chess.Board.from_chess960_pos(n)
    for _ in range(60):
        expected = sorted(m.uci() for m in theirs.legal_moves)
        assert sorted(m.uci() for m in ours.legal_moves) == expected, theirs.fen()
        assert ours.fen() == theirs.fen() and ours.castling_rights == theirs.castling_rights
        # the key kept move by move (castling onto or past the rook too) is the one from scratch
        assert ours.zobrist_key == Board(ours.fen(en_passant="always"), chess960=True).zobrist_key
        if not expected:
            break
        castles = [m for m in theirs.legal_moves if theirs.is_castling(m)]
        move = rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(list(theirs.legal_moves))
        assert ours.san(Move.from_uci(move.uci())) == theirs.san(move)
        ours.push_uci(move.uci())
        theirs.push(move)
    while theirs.move_stack:  # and back
        ours.pop()
        theirs.pop()
        assert ours.fen() == theirs.fen()


@pytest.mark.parametrize("fen,xfen", [
    ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w BGbg - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"),
    ("rr2k2r/8/8/8/8/8/8/RR2K2R w BHbh - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1"),
    ("4k3/8/8/8/8/8/8/R1R1K2R w Ck - 0 1", "4k3/8/8/8/8/8/8/R1R1K2R w C - 0 1"),
])
def test_castling_fields_read_and_write_as_python_chess(fen, xfen):
    ours, theirs = Board(fen, chess960=True), chess.Board(fen, chess960=True)
    assert ours.fen() == theirs.fen() == xfen
    assert ours.castling_rights == theirs.castling_rights  # k of "Ck" kept as given, as python-chess does
    assert ours.clean_castling_rights() == theirs.clean_castling_rights()
    assert ours.status() == theirs.status()


def test_castling_notation_in_both_modes():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard, chess960 = Board(fen), Board(fen, chess960=True)
    standard_moves = [m.uci() for m in standard.legal_moves]
    chess960_moves = [m.uci() for m in chess960.legal_moves]
    assert "e1g1" in standard_moves and "e1h1" not in standard_moves
    assert "e1h1" in chess960_moves and "e1g1" not in chess960_moves
    for board, other in ((standard, "e1h1"), (chess960, "e1g1")):  # python-chess reads the other form too
        board.push_uci(other)
        assert board.fen().startswith("r3k2r/8/8/8/8/8/8/R4RK1 b kq")
        assert board.san(board.pop()) == "O-O"


@pytest.mark.parametrize("name", list(PERFT))
def test_the_standard_positions_count_the_same_as_chess960(name):
    fen, counts = PERFT[name]
    assert Board(fen, chess960=True).perft(DEPTH) == counts[DEPTH - 1]


def test_a_pinned_castling_rook_is_no_shield():
    # Black's rook on a1 sees c1 once the b1 rook castles away: O-O-O is illegal here.
    fen = "7k/8/8/8/8/8/8/rRK5 w B - 0 1"
    ours, theirs = Board(fen, chess960=True), chess.Board(fen, chess960=True)
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert not any(ours.is_castling(m) for m in ours.legal_moves)
