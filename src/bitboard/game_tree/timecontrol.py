"""The TimeControl header read into its periods (PGN standard, section 9.6), and the game's speed
class by FIDE's limits (bullet added), as python-chess reads them."""
import dataclasses
import enum


class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period: `moves` to play (0: the rest of the game) in `time` seconds, with an
    `increment` or a `delay` per move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """The periods of a TimeControl header and its speed class (hourglass '*' periods are not read)."""

    parts: list[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


# (the speed class below which base + 60 * increment seconds fall), fastest first
_CLASSES = ((3 * 60, TimeControlType.BULLET), (15 * 60, TimeControlType.BLITZ), (60 * 60, TimeControlType.RAPID))


def _part(text: str) -> TimeControlPart:
    part = TimeControlPart()
    period, plus, bonus = text.partition("+")
    bonus = bonus.split("+")[0]  # (a second "+..." is ignored, as python-chess does)
    if plus:
        if bonus[-1:] in ("d", "D"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, seconds = period.partition("/")
    if slash:
        part.moves, part.time = int(moves), int(seconds.split("/")[0])
    else:
        part.time = int(moves)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """A TimeControl header's value read: "40/7200:3600", "180+2", "-" (no limit), "?" (unknown).
    Raises ValueError for a value it cannot read, or a sudden-death period before the last."""
    control = TimeControl()
    if not time_control or time_control.startswith("?"):
        return control
    if time_control.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_part(text) for text in time_control.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError(f"only the last period of a time control can be sudden death: {time_control!r}")
    first = control.parts[0]
    pace = first.time + 60 * first.increment
    control.type = next((kind for limit, kind in _CLASSES if pace < limit), TimeControlType.STANDARD)
    return control
