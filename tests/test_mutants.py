"""Tests that kill mutants which once survived the suite (hand mutation testing).

Each test names, in a comment, the rule it guards and the mutation it was written for
(MUTATION_REPORT.md lists them all). python-chess is the oracle wherever it has the answer.
"""
import io

import chess
import pytest

import bitboard
from bitboard import Board, pgn


def _outcome(board):
    """(termination name, winner) of either library's board, or None while the game goes on."""
    outcome = board.outcome()
    return None if outcome is None else (outcome.termination.name, outcome.winner)

# Rule: in Chess960 an X-FEN "K"/"k" names the OUTERMOST rook on the king's side (fen.py
# castling_rights_of; mutant: the innermost rook, outer[-1] -> outer[0]). With rooks on g1 and h1
# the right is h1's, so castling is blocked by the g1 rook; the innermost reading castles with g1.
@pytest.mark.parametrize("fen", ["rk4rr/8/8/8/8/8/8/RK4RR w KQkq - 0 1", "rk4rr/8/8/8/8/8/8/RK4RR b KQkq - 0 1"])
def test_xfen_k_names_the_outermost_rook(fen):
    ours, theirs = Board(fen, chess960=True), chess.Board(fen, chess960=True)
    assert ours.castling_rights == theirs.castling_rights
    assert ours.clean_castling_rights() == theirs.clean_castling_rights()
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert ours.fen() == theirs.fen()


# Rule: a pawn push to the last rank must name its promotion piece; "e1" alone (black) or "e8"
# alone (white) is an illegal SAN, also on the C fast path that push_san and the PGN reader use
# (san.py _one_move; mutant: black's last rank taken as rank 2, (7 if us else 0) -> (7 if us else 1)).
@pytest.mark.parametrize("fen, text", [("4k3/8/8/8/8/8/4p3/K7 b - - 0 1", "e1"),
                                       ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8"),
                                       ("4k3/8/8/8/8/8/5p2/K3N3 b - - 0 1", "fxe1")])
def test_a_push_to_the_last_rank_without_a_piece_is_illegal(fen, text):
    with pytest.raises(chess.IllegalMoveError):
        chess.Board(fen).parse_san(text)
    board = Board(fen)
    for read in (board.parse_san, board.push_san):
        with pytest.raises(bitboard.IllegalMoveError):
            read(text)
        assert board.fen() == fen and board.move_stack == []
    assert board.push_san(text + "=Q").uci() == chess.Board(fen).parse_san(text + "=Q").uci()
    [game] = pgn.read_games(io.StringIO(f'[FEN "{fen}"]\n\n{text} *\n'))
    assert game.moves == [] and game.error and "illegal san" in game.error


# Rule: a side with bishops (all on one colour) is insufficient material only while no knight
# stands on the board, the opponent's included: K+B can mate K+N (board.py has_insufficient_material;
# mutant: the "and not self.knights" condition dropped).
@pytest.mark.parametrize("fen", ["4k3/8/8/8/8/8/8/2B1K1n1 w - - 0 1", "4k1b1/8/8/8/8/8/8/1N2K3 b - - 0 1",
                                 "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"])
def test_bishops_against_a_knight_are_sufficient_material(fen):
    ours, theirs = Board(fen), chess.Board(fen)
    for color in (chess.WHITE, chess.BLACK):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color)
    assert ours.is_insufficient_material() == theirs.is_insufficient_material()
    assert _outcome(ours) == _outcome(theirs)


# Rule: the seventy-five-move rule ends the game at a half-move clock of 150, not before
# (board.py is_seventyfive_moves; mutant: >= 150 -> >= 149).
@pytest.mark.parametrize("clock", [148, 149, 150, 151])
def test_seventy_five_moves_start_at_a_clock_of_150(clock):
    fen = f"8/8/3k4/8/8/8/3K4/R7 w - - {clock} 90"
    ours, theirs = Board(fen), chess.Board(fen)
    assert ours.is_seventyfive_moves() == theirs.is_seventyfive_moves() == (clock >= 150)
    assert ours.is_game_over() == theirs.is_game_over()
    assert ours.result() == theirs.result()
    assert _outcome(ours) == _outcome(theirs) == (("SEVENTYFIVE_MOVES", None) if clock >= 150 else None)


def _perft(board, depth):
    """python-chess's count of the leaves `depth` plies below `board`."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += _perft(board, depth - 1)
        board.pop()
    return total


# Rule: an en-passant capture that takes the pawn giving check is legal, though the en-passant
# square is not on the check mask (perft_kernel.py _pawn_moves; mutant: the "or (checkers &
# captured_bit)" condition dropped, so perft missed exd3 after d2-d4+). The board's own move
# list, legal_moves, is checked too.
@pytest.mark.parametrize("fen, depth", [("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 1),
                                        ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 2),
                                        ("8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1", 2),
                                        ("8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1", 1),
                                        ("8/8/8/8/2k2p2/8/4P3/1K6 w - - 0 1", 3)])
def test_en_passant_taking_the_checking_pawn_is_counted(fen, depth):
    expected = _perft(chess.Board(fen), depth)
    assert Board(fen).perft(depth) == expected
    assert sum(Board(fen).divide(depth).values()) == expected
    board = Board(fen)
    assert sorted(m.uci() for m in board.legal_moves) == sorted(m.uci() for m in chess.Board(fen).legal_moves)
