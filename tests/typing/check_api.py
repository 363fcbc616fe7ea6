"""What a type checker sees of the public API: `mypy tests/typing/check_api.py` (run by CI) must
find the types below, with the package's own annotations and aliases (never Any)."""

from typing_extensions import assert_type

import bitboard
from bitboard import Bitboard, Board, Color, LegalMoveGenerator, Move, Piece, Square, SquareSet

board = Board()
assert_type(board.legal_moves, LegalMoveGenerator)
assert_type(list(board.legal_moves), list[Move])
assert_type(board.piece_at(bitboard.squares.E2), Piece | None)
assert_type(board.king(bitboard.WHITE), Square | None)
assert_type(board.turn, bool)
assert_type(board.perft(3), int)
assert_type(board.pieces(bitboard.PAWN, bitboard.WHITE), SquareSet)
assert_type(board.push_san("e4"), Move)
assert_type(board.fen(), str)
assert_type(board.copy(), Board)
assert_type(bitboard.popcount(bitboard.squares.BB_RANK_2), int)
assert_type(bitboard.knight_attacks(bitboard.G1), Bitboard)
assert_type(bitboard.square_name(bitboard.E4), str)
assert_type(Move.from_uci("e2e4"), Move)
color: Color = bitboard.WHITE
assert_type(board.attackers_mask(color, bitboard.E4), Bitboard)
