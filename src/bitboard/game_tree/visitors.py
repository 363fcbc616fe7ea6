"""The visitor protocol: what a reader or a game tree calls, in PGN order, on whoever consumes a
game (a builder, an exporter, your own class). Returning SKIP from a begin_ method skips
what it begins."""
import abc
import enum
import logging
from typing import Generic, TypeVar

#: python-chess's logger name, so that programs that silence "chess.pgn" silence this too.
LOGGER = logging.getLogger("chess.pgn")

ResultT = TypeVar("ResultT", covariant=True)


class SkipType(enum.Enum):
    SKIP = None


SKIP = SkipType.SKIP


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """Receives a game in PGN order (read_game, Game.accept, GameNode.accept); override what you
    need, and result()."""

    def begin_game(self):
        """At the start of a game; SKIP skips all of it."""

    def begin_headers(self):
        """Before the headers; a Headers returned is the one the reader takes the FEN and the
        variant from."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """For each header tag."""

    def end_headers(self):
        """After the headers; SKIP skips the moves."""

    def begin_parse_san(self, board, san: str):
        """Before a reader parses a move's SAN; SKIP leaves the move out."""

    def parse_san(self, board, san: str):
        """How a reader turns a SAN token into a move (override to accept a dialect)."""
        return board.parse_san(san)

    def visit_move(self, board, move) -> None:
        """For each move, with the board before it (give it back as it was)."""

    def visit_board(self, board) -> None:
        """For the starting position and after each move (give it back as it was)."""

    def visit_comment(self, comment: str) -> None:
        """For each comment."""

    def visit_nag(self, nag: int) -> None:
        """For each NAG."""

    def begin_variation(self):
        """At the start of a side variation (not the main line); SKIP skips it."""

    def end_variation(self) -> None:
        """At the end of a side variation (also of one skipped)."""

    def visit_result(self, result: str) -> None:
        """At the end of the game, with the result."""

    def end_game(self) -> None:
        """At the end of a game."""

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visitor made: the reader's and accept()'s return value."""

    def handle_error(self, error: Exception) -> None:
        """For each error a reader meets (an illegal move, a bad FEN): raises it, by default."""
        raise error
