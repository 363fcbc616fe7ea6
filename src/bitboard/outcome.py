"""How a game ended: Termination and Outcome, with python-chess's names and meanings."""
import enum


class Termination(enum.Enum):
    """Why a game ended."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()  # python-chess's variants' ends: never reached in standard chess
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


class Outcome:
    """The end of a game: its termination and its winner (True white, False black, None a draw)."""

    __slots__ = ("termination", "winner")

    def __init__(self, termination: Termination, winner):
        self.termination = termination
        self.winner = winner

    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")

    def __eq__(self, other) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.termination, self.winner) == (other.termination, other.winner)

    def __hash__(self) -> int:
        return hash((self.termination, self.winner))

    def __repr__(self) -> str:
        return f"Outcome(termination={self.termination}, winner={self.winner!r})"
