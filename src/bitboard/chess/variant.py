"""python-chess's `chess.variant`: the variant boards, on the compiled core (board/variant.py)."""
from ..board.variant import (  # noqa: F401
    VARIANTS,
    AntichessBoard,
    AtomicBoard,
    CrazyhouseBoard,
    CrazyhousePocket,
    GiveawayBoard,
    HordeBoard,
    KingOfTheHillBoard,
    RacingKingsBoard,
    SuicideBoard,
    ThreeCheckBoard,
    find_variant,
)
