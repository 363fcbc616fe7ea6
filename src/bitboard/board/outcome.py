"""How a game ended: Termination and Outcome, with python-chess's names and meanings."""
import dataclasses
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


@dataclasses.dataclass
class Outcome:
    """The end of a game: its termination and its winner (True white, False black, None a draw).
    A dataclass, as python-chess's: its repr, equality and fields are python-chess's."""

    termination: Termination
    winner: bool | None

    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
