"""The commands inside comments that lichess and ChessBase write: [%clk], [%emt], [%eval],
[%csl] and [%cal]; each read from a comment and written back into it in place.

The score and arrow types come from elsewhere, looked up when first needed (see `engine_scores`
and `arrow_type`), so that reading games never imports them."""
import importlib
import importlib.util
import re

CLOCK_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EMT_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)")
ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s"
    r"(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)")


def engine_scores():
    """The module that holds PovScore, Cp and Mate: bitboard.chess.engine where it exists, else
    python-chess's installed chess.engine (its score classes are plain Python, and eval() only
    needs them). The one place to change when the choice changes."""
    name = "bitboard.chess.engine" if importlib.util.find_spec("bitboard.chess.engine") else "chess.engine"
    return importlib.import_module(name)


def arrow_type():
    """The Arrow class: bitboard.chess.svg's where it exists, else python-chess's chess.svg."""
    name = "bitboard.chess.svg" if importlib.util.find_spec("bitboard.chess.svg") else "chess.svg"
    return importlib.import_module(name).Arrow


def _replacer(text: str):
    """A re.sub replacement that puts `text` where a command was, keeping the spaces around it;
    with no text, the command goes and at most one of its spaces stays."""
    def replace(match) -> str:
        if text:
            return match.group("prefix") + text + match.group("suffix")
        return match.group("prefix") and match.group("suffix")
    return replace


def replace_command(comment: str, regex, command: str, *, before_newline: bool = True) -> str:
    """`comment` with its first `regex` command replaced by `command` (removed when empty), or
    with `command` appended after a space when there was none."""
    comment, found = regex.subn(_replacer(command), comment, count=1)
    if not found and command:
        if comment and not comment.endswith(" ") and not (before_newline and comment.endswith("\n")):
            comment += " "
        comment += command
    return comment


def duration(match) -> float:
    """The seconds of a [%clk] or [%emt] match, with the fraction as written."""
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


def duration_text(seconds: float) -> str:
    """H:MM:SS with the seconds to the millisecond, trailing zeros dropped (negative: 0:00:00)."""
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = f"{seconds % 3600 % 60:06.3f}".rstrip("0").rstrip(".")
    return f"{hours:d}:{minutes:02d}:{rest}"


def parse_eval(comment: str, turn: bool):
    """The first [%eval] of `comment` as a PovScore from the side to move `turn`, or None."""
    match = EVAL_REGEX.search(comment)
    if not match:
        return None
    engine = engine_scores()
    if match.group("mate"):
        mate = int(match.group("mate"))
        score = engine.Mate(mate)
        if mate == 0:
            # "#0": the side to move is the one mated (standard chess's reading)
            return engine.PovScore(score, turn)
    else:
        score = engine.Cp(round(float(match.group("cp")) * 100))
    return engine.PovScore(score if turn else -score, turn)


def eval_text(score, depth) -> str:
    """The [%eval] command of a PovScore (pawns to two decimals, or #mate), "" for None."""
    if score is None:
        return ""
    suffix = "" if depth is None else f",{max(depth, 0):d}"
    white = score.white()
    cp = white.score()
    if cp is not None:
        return f"[%eval {float(cp) / 100:.2f}{suffix}]"
    if white.mate():
        return f"[%eval #{white.mate()}{suffix}]"
    return ""


def parse_arrows(comment: str) -> list:
    """Every arrow and marked square of the comment's [%csl] and [%cal] commands, in order."""
    arrow = arrow_type()
    return [arrow.from_pgn(text) for match in ARROWS_REGEX.finditer(comment)
            for text in match.group("arrows").split(",")]


def with_arrows(comment: str, arrows) -> str:
    """`comment` with its [%csl]/[%cal] commands replaced by those of `arrows` (Arrow objects or
    (tail, head) pairs), put first."""
    arrow = arrow_type()
    squares: list = []
    lines: list = []
    for item in arrows:
        try:
            tail, head = item
        except TypeError:
            pass
        else:
            item = arrow(tail, head)
        (squares if item.tail == item.head else lines).append(item.pgn())
    comment = ARROWS_REGEX.sub(_replacer(""), comment)
    prefix = (f"[%csl {','.join(squares)}]" if squares else "") + (f"[%cal {','.join(lines)}]" if lines else "")
    if prefix and comment and not comment.startswith(" ") and not comment.startswith("\n"):
        return prefix + " " + comment
    return prefix + comment
