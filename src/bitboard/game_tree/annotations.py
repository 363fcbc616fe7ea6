"""The commands inside comments that lichess and ChessBase write: [%clk], [%emt], [%eval],
[%csl] and [%cal]; each read from a comment and written back into it in place.

The score and arrow types come from elsewhere, looked up when first needed (see `engine_scores`
and `arrow_type`), so that reading games never imports them.

Each command is python-chess's regular expression's (EVAL_REGEX ...). The first [%eval], [%clk]
or [%emt] is read in C by notation/pgn_tokens (the column reader's reading too), and by the
regular expression where C cannot tell (a character not ASCII where its \\s or \\d may match): a
command read in C is the regular expression's first match (tests hold the two equal)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.native import is_ascii
    from ..notation.pgn_tokens import CLOCK, EMT, EVAL, Tokens, arrows_in

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.object import PyObject, PyObject_GenericSetAttr, PyTypeObject
    from cython.cimports.cpython.unicode import PyUnicode_DATA

import importlib
import importlib.util
import re

# the commands, read by notation/pgn_tokens (in C) for both PGN readers
from ..notation.pgn_tokens import CLOCK_REGEX, EMT_REGEX, EVAL_REGEX, duration, regex_eval  # noqa: F401

ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s"
    r"(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)")


_found: dict = {}  # the modules and classes below, once looked up
_engine = cython.declare(object, None)  # (engine_scores(), once found)
_PovScore = cython.declare(object, None)  # (its PovScore, Cp and Mate)
_Cp = cython.declare(object, None)
_Mate = cython.declare(object, None)
# whether those classes' instances are made as well without calling __init__ (_plainly_made)
_plain_scores = cython.declare(cython.bint, False)
_NO_ARGUMENTS = ()


def engine_scores():
    """The module that holds PovScore, Cp and Mate: bitboard.chess.engine where it exists, else
    python-chess's installed chess.engine (its score classes are plain Python, and eval() only
    needs them). The one place to change when the choice changes."""
    global _engine, _PovScore, _Cp, _Mate, _plain_scores
    if _engine is None:
        name = "bitboard.chess.engine" if importlib.util.find_spec("bitboard.chess.engine") else "chess.engine"
        engine = importlib.import_module(name)
        _PovScore, _Cp, _Mate = engine.PovScore, engine.Cp, engine.Mate
        _plain_scores = _plainly_made(engine)
        _engine = engine
    return _engine


def _plainly_made(engine) -> bool:
    """Whether PovScore, Cp and Mate are plain classes (object's __new__, type's call) whose
    __init__ leaves exactly the attributes it is given in the instance's __dict__, as
    python-chess's do: then an instance made by object's __new__ with those attributes set is the
    same (_score). Anything else (another release's classes, slots) is called as it is."""
    try:
        for cls, names, values in ((engine.Cp, ("cp",), (-7,)), (engine.Mate, ("moves",), (3,)),
                                   (engine.PovScore, ("relative", "turn"), (engine.Cp(5), False))):
            if (cls.__new__ is not object.__new__ or type(cls).__call__ is not type.__call__
                    or cls.__setattr__ is not object.__setattr__):
                return False
            if vars(cls(*values)) != dict(zip(names, values)):
                return False
    except (AttributeError, TypeError):
        return False
    return True


def arrow_type():
    """The Arrow class: bitboard.chess.svg's where it exists, else python-chess's chess.svg."""
    arrow = _found.get("arrow")
    if arrow is None:
        name = "bitboard.chess.svg" if importlib.util.find_spec("bitboard.chess.svg") else "chess.svg"
        arrow = _found["arrow"] = importlib.import_module(name).Arrow
    return arrow


def _replacer(text):
    """A re.sub replacement that puts `text` where a command was, keeping the spaces around it;
    with no text, the command goes and at most one of its spaces stays."""
    def replace(match) -> str:
        if text:
            return match.group("prefix") + text + match.group("suffix")
        return match.group("prefix") and match.group("suffix")
    return replace


def replace_command(comment, regex, command, *, before_newline=True):
    """`comment` with its first `regex` command replaced by `command` (removed when empty), or
    with `command` appended after a space when there was none."""
    comment, found = regex.subn(_replacer(command), comment, count=1)
    if not found and command:
        if comment and not comment.endswith(" ") and not (before_newline and comment.endswith("\n")):
            comment += " "
        comment += command
    return comment


def duration_text(seconds):
    """H:MM:SS with the seconds to the millisecond, trailing zeros dropped (negative: 0:00:00)."""
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = f"{seconds % 3600 % 60:06.3f}".rstrip("0").rstrip(".")
    return f"{hours:d}:{minutes:02d}:{rest}"


@cython.cfunc
def _bytes(comment: str):
    """The comment's bytes, as notation/pgn_tokens reads them (compiled, an ASCII str's own)."""
    if cython.compiled and is_ascii(comment):
        return comment
    return comment.encode("utf-8", "surrogatepass")


@cython.cfunc
def _pointer(data) -> cython.p_char:
    """The bytes of `data` (_bytes' answer)."""
    if cython.compiled and type(data) is str:
        return cython.cast(cython.p_char, PyUnicode_DATA(data))
    return data


@cython.cfunc
def _plain_eval(comment: str):
    """The first [%eval] of `comment` as (mate or None, centipawns or None, depth or None), read
    in C; False for none; None where C cannot tell (the regular expression then reads it)."""
    found: cython.int = _command_found(comment, EVAL)
    if found != EVAL:
        return None if found else False
    tokens: Tokens = _TOKENS
    if tokens.mate:
        return tokens.number, None, None if tokens.depth < 0 else tokens.depth
    return None, tokens.number, None if tokens.depth < 0 else tokens.depth


@cython.cfunc
def _command_found(comment: str, command: cython.int) -> cython.int:
    """Tokens.commands' answer for the first `command` of `comment` (EVAL, CLOCK or EMT), its
    value in _TOKENS. The [%eval] and the [%clk] are read in one pass, kept for the next call on
    the same comment (eval() and clock() of a node, one after the other)."""
    global _read, _read_found
    if command == EMT or comment is not _read:
        data = _bytes(comment)
        # ([%emt]'s seconds go where [%clk]'s are: read alone, and kept for no next call)
        _read_found = _TOKENS.commands(data, _pointer(data), 0, len(data), EMT if command == EMT else EVAL | CLOCK)
        _read = None if command == EMT else comment
    return _read_found & (command | command << 4)


_TOKENS = cython.declare(Tokens, Tokens())  # (the commands' reader: its answers read at once)
_read = cython.declare(object, None)  # the comment whose [%eval] and [%clk] _TOKENS holds
_read_found = cython.declare(cython.int, 0)  # (Tokens.commands' answer for it)


@cython.ccall
def parse_eval(comment, node):
    """The first [%eval] of `comment` as a PovScore from the side to move at `node` (its turn()
    asked only when there is one), or None."""
    found = eval_found(comment)
    if found is None:
        return None
    return pov_score(found, node.turn())


@cython.cfunc
def eval_found(comment):
    """The first [%eval] of `comment` as (mate or None, centipawns or None, ...), or None."""
    plain = _plain_eval(comment) if type(comment) is str else None
    if plain is False:
        return None
    if plain is None:
        plain = regex_eval(comment)
    return plain


@cython.cfunc
def pov_score(found: tuple, turn):
    """A PovScore from the side to move (`turn`) of eval_found()'s (mate, centipawns, ...): python-chess's
    -Cp(cp) and -Mate(mate) made at once."""
    if _engine is None:
        engine_scores()
    mate, cp = found[0], found[1]
    if mate is not None:
        if mate == 0:
            # "#0": the side to move is the one mated (standard chess's reading)
            return _score(_PovScore, "relative", _score(_Mate, "moves", 0), "turn", turn)
        return _score(_PovScore, "relative", _score(_Mate, "moves", mate if turn else -mate), "turn", turn)
    return _score(_PovScore, "relative", _score(_Cp, "cp", cp if turn else -cp), "turn", turn)


@cython.cfunc
def _score(cls, name, value, second=None, other=None):
    """cls(value) (or cls(value, other)) of python-chess's score classes, whose __init__ only sets
    the attributes `name` (and `second`): compiled, made without calling it where engine_scores()
    found that so (the object, its type and its __dict__ the same; a Python call the less)."""
    if not _plain_scores:
        return cls(value) if second is None else cls(value, other)
    if cython.compiled:
        score = cython.cast(cython.pointer(PyTypeObject), cls).tp_new(
            cls, cython.cast(cython.pointer(PyObject), _NO_ARGUMENTS), cython.NULL)
        PyObject_GenericSetAttr(score, name, value)  # (the classes' own: checked; no name interned anew)
        if second is not None:
            PyObject_GenericSetAttr(score, second, other)
        return score
    score = object.__new__(cls)
    setattr(score, name, value)
    if second is not None:
        setattr(score, second, other)
    return score


@cython.ccall
def eval_depth(comment):
    """The depth of the first [%eval], or None."""
    found = eval_found(comment)
    return None if found is None else found[2]


@cython.cfunc
def _seconds(comment, command: cython.int, regex):
    """The seconds of the first `command` of `comment` (CLOCK: [%clk], EMT: [%emt]), read in C
    where it can tell, else by `regex`; None for none."""
    if type(comment) is str:
        found: cython.int = _command_found(comment, command)
        if found == command:
            return _TOKENS.seconds
        if not found:
            return None
    match = regex.search(comment)
    return None if match is None else duration(match)


@cython.ccall
def clock(comment):
    """The first [%clk] in seconds (the fraction as written), or None."""
    return _seconds(comment, CLOCK, CLOCK_REGEX)


@cython.ccall
def emt(comment):
    """The first [%emt] (elapsed move time) in seconds, or None."""
    return _seconds(comment, EMT, EMT_REGEX)


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


@cython.ccall
def parse_arrows(comment) -> list:
    """Every arrow and marked square of the comment's [%csl] and [%cal] commands, in order."""
    if type(comment) is str:
        data = _bytes(comment)
        if not arrows_in(data, _pointer(data), 0, len(data)):
            return []
    arrow = arrow_type()
    return [arrow.from_pgn(text) for match in ARROWS_REGEX.finditer(comment)
            for text in match.group("arrows").split(",")]


def with_arrows(comment, arrows):
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
