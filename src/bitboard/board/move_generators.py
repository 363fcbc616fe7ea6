"""LegalMoveGenerator and PseudoLegalMoveGenerator: python-chess's `board.legal_moves` objects.

A generator is a live view of its board's moves: iterating it generates them afresh, `count()`,
`any()` and `bool` answer without listing them when the board can count in C, and
`move in board.legal_moves` asks the board whether the move is legal. As in python-chess they
have no `len` (`list(board.legal_moves)` would generate the moves twice): use `count()`. They
work over any object with python-chess's `generate_legal_moves()` (or
`generate_pseudo_legal_moves()`).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from collections.abc import Iterator

from ..move import Move


@cython.cclass
class _MoveGenerator:
    """What both generators share: a board, and truth meaning "there is a move". Compiled, a
    C class (made in a few nanoseconds: `board.legal_moves` makes one on every read)."""

    board = cython.declare(object, visibility="public")

    def __init__(self, board):
        self.board = board

    def __iter__(self) -> Iterator[Move]:  # each generator's own
        raise NotImplementedError

    def __bool__(self) -> bool:
        return self.any()

    def any(self) -> bool:
        """Whether there is at least one move."""
        return any(True for _ in self)

    def count(self) -> int:
        """The number of moves."""
        return sum(1 for _ in self)


@cython.freelist(8)
@cython.cclass
class LegalMoveGenerator(_MoveGenerator):
    """The legal moves of `board`, regenerated on each use."""

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board.generate_legal_moves())

    def any(self) -> bool:
        """Whether there is at least one legal move."""
        count = getattr(self.board, "_count_legal", None)
        return count() > 0 if count is not None else _MoveGenerator.any(self)

    def count(self) -> int:
        """The number of legal moves (counted in C on a bitboard Board)."""
        try:
            return self.board._count_legal()
        except AttributeError:  # another board
            return _MoveGenerator.count(self)

    def __contains__(self, move) -> bool:
        return self.board.is_legal(move)

    def __repr__(self) -> str:
        write = getattr(self.board, "san", None) or (lambda move: move.uci())
        sans = ", ".join(write(move) for move in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


@cython.freelist(8)
@cython.cclass
class PseudoLegalMoveGenerator(_MoveGenerator):
    """The pseudo-legal moves of `board` (legal but for leaving the own king in check)."""

    def __iter__(self) -> Iterator[Move]:
        return iter(self.board.generate_pseudo_legal_moves())

    def __contains__(self, move) -> bool:
        return self.board.is_pseudo_legal(move)

    def __repr__(self) -> str:
        texts = ", ".join(self.board.san(move) if self.board.is_legal(move) else self.board.uci(move)
                          for move in self)
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({texts})>"
