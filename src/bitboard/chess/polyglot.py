"""python-chess's `chess.polyglot.zobrist_hash`: bitboard's Zobrist keys are Polyglot's."""


def zobrist_hash(board) -> int:
    """The Polyglot key of a position (the en-passant file counted when a pawn can take)."""
    key = getattr(board, "zobrist_key", None)
    if key is None:
        from ..board import Board
        key = Board(board.fen(en_passant="fen"), chess960=getattr(board, "chess960", False)).zobrist_key
    return key
