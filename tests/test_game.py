"""SAN and game state against python-chess: every legal move's SAN, every query, every ply."""
import random

import chess
import pytest
from helpers import PERFT

import bitboard
from bitboard import AmbiguousMoveError, Board, IllegalMoveError, InvalidMoveError, Move, Outcome, Termination

QUERIES = ["is_check", "is_checkmate", "is_stalemate", "is_insufficient_material", "is_fifty_moves",
           "can_claim_fifty_moves", "is_seventyfive_moves", "is_fivefold_repetition",
           "can_claim_threefold_repetition", "can_claim_draw", "is_game_over"]


def same_outcome(ours, theirs):
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return ours.termination.name == theirs.termination.name and ours.winner == theirs.winner


def compare(ours: Board, theirs: chess.Board):
    for query in QUERIES:
        assert getattr(ours, query)() == getattr(theirs, query)(), (query, theirs.fen())
    for color in (chess.WHITE, chess.BLACK):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color)
    for count in (2, 3, 4):
        assert ours.is_repetition(count) == theirs.is_repetition(count), (count, theirs.fen())
    for claim in (False, True):
        assert same_outcome(ours.outcome(claim_draw=claim), theirs.outcome(claim_draw=claim))
        assert ours.result(claim_draw=claim) == theirs.result(claim_draw=claim)


def play(seed, plies, start, shuffle=False):
    """A random game; every ply checks the SAN of every legal move and every game-state query.
    shuffle prefers moves that neither capture nor move a pawn (repetitions, fifty moves)."""
    rng = random.Random(seed)
    ours, theirs = Board(start), chess.Board(start)
    checked = 0
    for _ in range(plies):
        compare(ours, theirs)
        moves = list(theirs.legal_moves)
        for move in moves:
            text = theirs.san(move)
            assert ours.san(Move.from_uci(move.uci())) == text, (text, theirs.fen())
            assert ours.parse_san(text) == Move.from_uci(move.uci())
        checked += 1
        if not moves or theirs.is_seventyfive_moves() or theirs.is_fivefold_repetition():
            break
        quiet = [m for m in moves if not theirs.is_zeroing(m)]
        move = rng.choice(quiet if shuffle and quiet and rng.random() < 0.9 else moves)
        assert ours.push_san(theirs.san(move)).uci() == move.uci()
        theirs.push(move)
    return checked


def test_random_games_from_the_perft_positions():
    games = 24 if bitboard.compiled else 4
    fens = [fen for fen, _ in PERFT.values()]
    assert sum(play(seed, 100, fens[seed % len(fens)]) for seed in range(games)) >= (1500 if bitboard.compiled else 200)


@pytest.mark.parametrize("start", [
    "8/8/3k4/8/8/8/3K4/R7 w - - 90 80",        # rook ending: fifty and seventy-five moves
    "4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1",       # bishop and knight: not insufficient
    "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",          # a lone bishop: insufficient
    "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",         # bishops, opposite colours
    "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",          # a lone knight
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",        # castling shuffles
])
def test_shuffling_games_reach_draw_rules(start):
    play(7, 160 if bitboard.compiled else 40, start, shuffle=True)


def test_knight_dance_repetitions_ply_by_ply():
    ours, theirs = Board(), chess.Board()
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] * 5:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        compare(ours, theirs)
    assert ours.is_fivefold_repetition() and ours.outcome().termination is Termination.FIVEFOLD_REPETITION


def test_an_illegal_en_passant_does_not_make_a_position_new():
    # After c7c5 a white pawn stands beside it, but bxc6 would open the fifth rank to the rook:
    # python-chess (and the rules) count the position as the same as without the en passant.
    start = "8/2p5/8/KP5r/8/8/8/4k3 b - - 0 1"
    ours, theirs = Board(start), chess.Board(start)
    for uci in ["c7c5"] + ["a5a4", "h5h4", "a4a5", "h4h5"] * 3:
        ours.push_uci(uci)
        theirs.push_uci(uci)
        compare(ours, theirs)
    assert ours.is_repetition(3)


def test_outcome_values():
    board = Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    assert board.outcome() == Outcome(Termination.CHECKMATE, False) and board.result() == "0-1"
    assert Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome().termination is Termination.STALEMATE
    assert Board().result() == "*"


SAN_ERRORS = [  # (FEN, text, our error, python-chess's error)
    (chess.STARTING_FEN, "e9", InvalidMoveError, chess.InvalidMoveError),
    (chess.STARTING_FEN, "", InvalidMoveError, chess.InvalidMoveError),
    (chess.STARTING_FEN, "Nf3!!", InvalidMoveError, chess.InvalidMoveError),
    (chess.STARTING_FEN, "e5", IllegalMoveError, chess.IllegalMoveError),
    (chess.STARTING_FEN, "Nf6", IllegalMoveError, chess.IllegalMoveError),
    (chess.STARTING_FEN, "O-O", IllegalMoveError, chess.IllegalMoveError),
    (chess.STARTING_FEN, "exd5", IllegalMoveError, chess.IllegalMoveError),
    ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nc3", AmbiguousMoveError, chess.AmbiguousMoveError),
    ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", IllegalMoveError, chess.IllegalMoveError),
    ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", IllegalMoveError, chess.IllegalMoveError),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1", IllegalMoveError, chess.IllegalMoveError),
]


@pytest.mark.parametrize("fen,text,ours,theirs", SAN_ERRORS)
def test_san_errors_match_python_chess(fen, text, ours, theirs):
    with pytest.raises(theirs):
        chess.Board(fen).parse_san(text)
    with pytest.raises(ours) as error:
        Board(fen).parse_san(text)
    assert repr(text) in str(error.value)
    assert issubclass(ours, ValueError)
    with pytest.raises(theirs):  # push_san reads as parse_san does (its C path for plain SAN too)
        chess.Board(fen).push_san(text)
    with pytest.raises(ours):
        Board(fen).push_san(text)


@pytest.mark.parametrize("fen,text", [
    ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nbc3"),
    ("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nd-c3"),
    ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q"),
    ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8=n+"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
    (chess.STARTING_FEN, "Ng1f3"),
    (chess.STARTING_FEN, "--"),
])
def test_lenient_san_matches_python_chess(fen, text):
    assert Board(fen).parse_san(text).uci() == chess.Board(fen).parse_san(text).uci()


@pytest.mark.parametrize("fen", ["4k3/8/8/8/8/8/3K4/R2K4 w - - 0 1", "k7/8/8/8/4K3/8/1K6/7R w - - 0 1",
                                 "4k2k/8/8/8/8/8/8/R3K2K w - - 0 1", "k7/8/8/8/8/8/1Q6/K6K w - - 0 1"])
def test_san_and_lan_with_several_kings_are_python_chess_s(fen):
    theirs, ours = chess.Board(fen), Board(fen)
    moves = list(theirs.legal_moves)
    assert [ours.san(Move.from_uci(m.uci())) for m in moves] == [theirs.san(m) for m in moves]
    assert [ours.lan(Move.from_uci(m.uci())) for m in moves] == [theirs.lan(m) for m in moves]


@pytest.mark.parametrize("moves", [["e4"], ["Nf3", "Nf6"], ["0000"], ["e4", "0000"], ["e4", "e5", "Nf3", "Nc6", "Bc4"],
                                   ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"],
                                   ["e4", "e5", "Ke2", "Ke7"], ["Nf3", "Nf6", "Rg1", "Rg8", "Rh1"]])
def test_pop_restores_the_position_when_the_turn_was_set_since(moves):
    # python-chess's pop puts back the whole earlier position, whatever was set after the push
    import chess

    for turn in (True, False):
        ours, theirs = Board(), chess.Board()
        for san in moves:
            if san == "0000":
                ours.push(ours.parse_uci("0000"))
                theirs.push(chess.Move.null())
            else:
                ours.push_san(san)
                theirs.push_san(san)
        ours.turn = theirs.turn = turn
        for board in (ours, theirs):  # (each setter once kept the stack only while no right was lost)
            board.ep_square = board.ep_square
            board.castling_rights = board.castling_rights
        assert len(ours.move_stack) == len(theirs.move_stack)
        while theirs.move_stack:
            assert ours.pop() == theirs.pop()
            assert ours.fen() == theirs.fen()
            assert ours.occupied_co == theirs.occupied_co and ours.legal_moves.count() == theirs.legal_moves.count()
