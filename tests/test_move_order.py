"""The Board lists its moves in python-chess's order, so that a seeded program
(`random.choice(list(board.legal_moves))`) plays the same game on either library: every
generator's list equals python-chess's, move for move, at every position of random games
(standard and Chess960), in check, with en passant, promotions and castling, with and without
from- and to-masks, and on boards set up with several kings or none."""
import random

import chess
import pytest

import bitboard
import bitboard.chess as bchess

POSITIONS = 10_000 if bitboard.compiled else 2_000

# python-chess's generators with (from_mask, to_mask) arguments
GENERATORS = ["generate_legal_moves", "generate_pseudo_legal_moves", "generate_legal_captures",
              "generate_pseudo_legal_captures", "generate_legal_ep", "generate_pseudo_legal_ep",
              "generate_castling_moves"]

SET_UP = [
    "4k3/8/8/8/8/8/8/4K2K w - - 0 1",  # two white kings
    "4k3/8/8/8/8/8/8/4K2K w - - 0 1".replace(" w ", " b "),
    "K3k3/8/8/8/8/8/8/4K2q w - - 0 1",  # two white kings, the highest in check
    "8/8/3k4/8/8/8/1P6/8 w - - 0 1",  # no white king
    "r3k2r/1P4P1/8/8/3pP3/8/6p1/R3K2R b KQkq e3 0 1",  # promotions both ways, en passant, castling
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
    "4k3/8/8/8/2Pp4/8/8/4K3 b - c3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/4r3/8/b7/8/2n1P3/3P4/4K3 w - - 0 1",  # pawns pinned on the file and on a diagonal
    "4k3/3p4/2N5/8/B7/4p3/4R3/4K3 b - - 0 1",
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",  # en passant would expose the king along the rank
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".replace("R3K2R", "RK5R"),  # Chess960 rights read as Shredder's
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".replace("PPPPPPPP/RNBQKBNR", "8/RNBQKBNP"),
]


def _uci(moves):
    return [move.uci() for move in moves]


def _masks(rng):
    """A random from-mask and to-mask, or all squares."""
    if rng.random() < 0.5:
        return chess.BB_ALL, chess.BB_ALL
    return rng.getrandbits(64) | rng.getrandbits(64), rng.getrandbits(64) | rng.getrandbits(64)


def _compare(ours, theirs, rng, seen):
    """Every generator's list on both boards, move for move."""
    assert _uci(ours.legal_moves) == _uci(theirs.legal_moves), theirs.fen()
    assert _uci(ours.pseudo_legal_moves) == _uci(theirs.pseudo_legal_moves), theirs.fen()
    for name in GENERATORS:
        from_mask, to_mask = _masks(rng)
        expected = _uci(getattr(theirs, name)(from_mask, to_mask))
        assert _uci(getattr(ours, name)(from_mask, to_mask)) == expected, (theirs.fen(), name, from_mask, to_mask)
        assert _uci(getattr(ours, name)()) == _uci(getattr(theirs, name)()), (theirs.fen(), name)
    legal = list(theirs.legal_moves)
    seen["check"] += theirs.is_check()
    seen["en passant"] += any(theirs.is_en_passant(m) for m in legal)
    seen["promotion"] += any(m.promotion for m in legal)
    seen["castling"] += any(theirs.is_castling(m) for m in legal)
    seen["chess960 castling"] += theirs.chess960 and any(theirs.is_castling(m) for m in legal)
    return legal


def _game(seed, chess960, positions, seen):
    """One random game, seeded, on both boards; the positions compared."""
    rng = random.Random(seed)
    fen = chess.Board.from_chess960_pos(rng.randrange(960)).fen() if chess960 else chess.STARTING_FEN
    ours, theirs = bchess.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
    count = 0
    while count < positions and not theirs.is_game_over(claim_draw=False):
        legal = _compare(ours, theirs, rng, seen)
        count += 1
        # captures, checks and two-square steps a little more often than chance: more checks,
        # promotions and en passant
        forcing = [m for m in legal if theirs.is_capture(m) or theirs.gives_check(m) or m.promotion
                   or (theirs.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16)]
        move = rng.choice(forcing if forcing and rng.random() < 0.3 else legal)
        assert ours.push(move) is None
        theirs.push(move)
    return count


def test_random_games_list_the_moves_in_python_chess_order():
    seen = dict.fromkeys(["check", "en passant", "promotion", "castling", "chess960 castling"], 0)
    done, seed = 0, 0
    while done < POSITIONS:
        done += _game(seed, seed % 3 == 2, min(300, POSITIONS - done), seen)
        seed += 1
    # the cases that test something: the order in check, of en passant, promotions and castling
    least = 20 if bitboard.compiled else 3
    assert all(count >= least for count in seen.values()), seen


@pytest.mark.parametrize("fen", SET_UP)
def test_set_up_boards_list_the_moves_in_python_chess_order(fen):
    rng = random.Random(fen)
    for chess960 in (False, True):
        ours, theirs = bchess.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
        for _ in range(20):
            _compare(ours, theirs, rng, dict.fromkeys(["check", "en passant", "promotion", "castling",
                                                       "chess960 castling"], 0))


def test_a_seeded_random_game_is_python_chess_s_game():
    """The program the order is for: random.choice over the legal moves, the same seed, the same game."""
    def play(module):
        rng, board = random.Random(7), module.Board()
        while not board.is_game_over() and board.ply() < 400:
            board.push(rng.choice(list(board.legal_moves)))
        return [move.uci() for move in board.move_stack]

    assert play(bchess) == play(chess)
