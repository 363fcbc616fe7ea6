"""PGN: a streaming reader of games, and the writer back to PGN text.

    for game in read_games("lichess_db.pgn.zst"):
        game.headers["White"], game.moves, game.result, game.evals, game.clocks

`read_games` takes a path (str or PathLike; `.gz`, `.bz2` and `.zst` are read transparently, the
last with the `zstandard` package) or an open binary or text file (`io.StringIO(text)` for PGN in
a string), and yields one `Game` per game: a game starts at a tag section, or at movetext after
a result token. Every move is parsed by the board's SAN reader and checked for legality.

Real files' habits are accepted: `0-0`, long algebraic (`e2e4`, `Ng1-f3`), missing or extra
check marks, `--` null moves, king-takes-rook castling, a byte-order mark, CRLF, escaped quotes
in tags, brace and semicolon comments, `%` escape lines, games without tags, empty games.
Nothing is lost: a game that cannot be read (an illegal or unknown move, a game cut off before
its result) is yielded with `error` naming the move text, the ply and the line, with the moves
read before it, and reading goes on with the next game.
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

import bz2
import gzip
import io
import os
import re
from typing import Dict, Iterator, List, Optional, Tuple, Union

from .board import Board
from .errors import quoted
from .fen import STARTING_FEN
from .move import Move

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
SEVEN_TAG_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: The move-suffix annotations and the NAG each stands for (PGN standard, section 10).
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
CHESS960_VARIANTS = ("chess960", "chess 960", "fischerandom", "fischer random", "fischerrandom")

_TAG = re.compile(r'\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# one tag on its line, its value read to the last quote: writers that leave inner quotes
# unescaped (python-chess among them) are read as they meant
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_+#=:-]+)\s+"(.*)"\s*\]\Z')
_COMMANDS = re.compile(r"\s*\[%[^\]]*\]\s*")
_TRUNCATED = "the game ends without a result token (a truncated game)"


class Mate(int):
    """A mate score from a `[%eval #N]` comment: mate in N moves (negative: the side to move is
    mated), kept apart from centipawn-like float evals."""

    def __repr__(self) -> str:
        return f"Mate({int(self)})"


class Game:
    """One game of a PGN file: its tags and mainline, with what the comments said about each move.

    `moves[i]` was played from the position after `moves[:i]`; `evals[i]` and `clocks[i]` come
    from the comment after that move (None where it has none): an eval is a float in pawns from
    white's side, or a `Mate`; a clock is seconds left. `comments` and `nags` (one entry per move,
    plus `comment`, the text before the first move) are filled when read_games is asked for them,
    `variations` (ply, the variation's text) likewise. `offset` is the byte offset of the game in
    the decompressed stream and `line` its first line; `error` says why the game could not be read
    to its end, or is None.
    """

    __slots__ = ("headers", "moves", "result", "evals", "clocks", "comment", "comments", "nags", "variations",
                 "offset", "line", "error")

    def __init__(self, offset: int = 0, line: int = 1):
        self.headers: Dict[str, str] = {}
        self.moves: List[Move] = []
        self.result: Optional[str] = None
        self.evals: List[Union[float, Mate, None]] = []
        self.clocks: List[Optional[float]] = []
        self.comment: Optional[str] = None
        self.comments: List[Optional[str]] = []
        self.nags: List[Tuple[int, ...]] = []
        self.variations: List[Tuple[int, str]] = []
        self.offset = offset
        self.line = line
        self.error: Optional[str] = None

    @property
    def fen(self) -> str:
        """The starting position: the FEN tag when SetUp says so (or without SetUp), else the
        standard one."""
        return self.headers.get("FEN", STARTING_FEN) if self.headers.get("SetUp", "1") != "0" else STARTING_FEN

    @property
    def chess960(self) -> bool:
        """Whether the Variant tag names Chess960."""
        return self.headers.get("Variant", "").lower() in CHESS960_VARIANTS

    def board(self) -> Board:
        """The starting position as a Board."""
        return Board(self.fen, chess960=self.chess960)

    def end(self) -> Board:
        """The position after the moves read, with them on its move stack."""
        board = self.board()
        for move in self.moves:
            board.push(move)
        return board

    def __repr__(self) -> str:
        names = f"{self.headers.get('White', '?')} - {self.headers.get('Black', '?')}"
        error = f", error={quoted(self.error)}" if self.error else ""
        return f"<Game {names!r} {len(self.moves)} moves {self.result or '(no result)'} at byte {self.offset}{error}>"


def read_games(source, *, variations: bool = False, comments: bool = False) -> Iterator[Game]:
    """Every game of a PGN source (a path, or an open binary or text file), one Game each."""
    stream, close = _open(source)
    try:
        reader: _Reader = _Reader(variations, comments)
        yield from reader.games(stream)
    finally:
        if close:
            stream.close()


def _open(source):
    """(an iterable of lines, bytes or str; whether we opened it)."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if path.endswith(".gz"):
            return gzip.open(path, "rb"), True
        if path.endswith(".bz2"):
            return bz2.open(path, "rb"), True
        if path.endswith(".zst"):
            try:
                import zstandard
            except ImportError:
                raise ImportError(f"reading {quoted(path)} needs zstandard: pip install 'bitboard[pgn]' "
                                  "(or pip install zstandard)") from None
            raw = open(path, "rb")  # noqa: SIM115  (closed with the reader)
            return io.BufferedReader(zstandard.ZstdDecompressor().stream_reader(raw, closefd=True)), True
        return open(path, "rb"), True  # noqa: SIM115
    if hasattr(source, "read"):
        return source, False
    raise TypeError(f"a PGN source is a path or an open file, not {type(source).__name__} {quoted(source)}")


@cython.cclass
class _Reader:
    """The state of one pass over a stream: the game being read and where the tokens stand.
    Each line is fed to `line`, which puts the games it completes on `done`."""

    want_variations: cython.bint
    want_comments: cython.bint
    game: object  # the Game being read, or None
    board: object  # its Board once a move is read
    in_tags: cython.bint
    seen_movetext: cython.bint
    depth: cython.int  # variation nesting
    variation: list
    comment: object  # the parts of a brace comment being read, or None
    lineno: cython.Py_ssize_t
    done: list

    def __init__(self, variations: bool, comments: bool):
        self.want_variations = variations
        self.want_comments = comments
        self.game = None
        self.board = None
        self.in_tags = False
        self.seen_movetext = False
        self.depth = 0
        self.variation = []
        self.comment = None
        self.lineno = 0
        self.done = []

    def games(self, stream) -> Iterator[Game]:
        offset: cython.Py_ssize_t = 0
        first: cython.bint = True
        for raw in stream:
            if isinstance(raw, bytes):
                size = len(raw)
                line = raw.decode("utf-8", errors="replace")
            else:
                line = raw
                size = len(raw) if raw.isascii() else len(raw.encode("utf-8", errors="replace"))
            if first:
                line = line.lstrip("\ufeff")
                first = False
            self.lineno += 1
            self.line(line.rstrip("\r\n"), offset)
            offset += size
            if self.done:
                yield from self.done
                self.done = []
        if self.game is not None:
            if self.comment is not None:
                self.comment_end(" ".join(self.comment))
            self.finish(_TRUNCATED)
        yield from self.done

    def line(self, line: str, offset: cython.Py_ssize_t) -> None:
        if self.comment is None:
            if line.startswith("%"):
                return  # an escape line (PGN standard, section 6)
            stripped = line.strip()
            if stripped.startswith("["):
                if self.game is not None and not self.in_tags:
                    self.finish(_TRUNCATED)
                if self.game is None:
                    self.start(offset)
                self.in_tags = True
                tags = _TAG.findall(stripped)
                whole = _TAG_LINE.match(stripped)
                for name, value in [whole.groups()] if whole and len(tags) < 2 else tags:
                    self.game.headers[name] = value.replace('\\"', '"').replace("\\\\", "\\")
                return
            if not stripped:
                return  # (a blank line inside a tag section keeps it open, as python-chess reads it)
        self.movetext(line, offset)

    @cython.cfunc
    def start(self, offset: cython.Py_ssize_t) -> cython.void:
        self.game = Game(offset, self.lineno)
        self.seen_movetext = False
        self.board = None
        self.depth = 0
        self.in_tags = False

    @cython.cfunc
    def finish(self, error: object = None) -> cython.void:
        """Put the game read on `done`; `error` if it ended without a result token after movetext."""
        game: Game = self.game
        if game.result is None and not self.seen_movetext and game.headers.get("Result") in RESULTS:
            game.result = game.headers["Result"]  # tags alone: an empty game, complete as it is
        elif game.result is None and game.error is None and error is not None:
            game.error = error
        self.done.append(game)
        self.game = None
        self.board = None
        self.in_tags = False

    @cython.cfunc
    def movetext(self, line: str, offset: cython.Py_ssize_t) -> cython.void:
        i: cython.Py_ssize_t = 0
        j: cython.Py_ssize_t
        end: cython.Py_ssize_t
        n: cython.Py_ssize_t = len(line)
        ch: cython.Py_UCS4
        while i < n:
            if self.comment is not None:
                end = line.find("}", i)
                if end < 0:
                    self.comment.append(line[i:])
                    return
                self.comment.append(line[i:end])
                text = " ".join(self.comment)
                self.comment = None
                self.comment_end(text)
                i = end + 1
                continue
            ch = line[i]
            if ch == " " or ch == "\t":
                i += 1
                continue
            if self.game is None:
                self.start(offset)
            self.in_tags = False
            self.seen_movetext = True
            if ch == "{":
                end = line.find("}", i + 1)
                if end >= 0:  # the common case: the comment ends on its line
                    self.comment_end(line[i + 1:end])
                    i = end + 1
                else:
                    self.comment = [line[i + 1:]]
                    return
            elif ch == ";":
                self.comment_end(line[i + 1:])
                return
            elif ch == "(":
                self.depth += 1
                if self.depth == 1:
                    self.variation = []
                i += 1
            elif ch == ")":
                if self.depth:
                    self.depth -= 1
                    if self.depth == 0 and self.want_variations:
                        self.game.variations.append((len(self.game.moves), " ".join(self.variation)))
                i += 1
            elif ch == "$":
                j = i + 1
                while j < n and "0" <= line[j] <= "9":
                    j += 1
                if j > i + 1:
                    self.nag(int(line[i + 1:j]))
                i = j
            else:
                j = i
                while j < n and not _ends_token(line[j]):
                    j += 1
                if j == i:  # a stray } or the like
                    i += 1
                    continue
                self.token(line, i, j)
                i = j

    @cython.cfunc
    def token(self, line: str, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.void:
        """Take the movetext token line[start:end]; a result at the top level ends the game."""
        if self.depth:
            if self.want_variations:
                self.variation.append(line[start:end])
            return
        ch: cython.Py_UCS4 = line[start]
        i: cython.Py_ssize_t = start
        if ch == "*" or ch == "0" or ch == "1":
            token = line[start:end]
            if token in RESULTS:
                self.game.result = token
                self.finish()
                return
        if "0" <= ch <= "9":  # a move number: "12.", "12...", "12.e4"; not the 0 of "0-0"
            while i < end and "0" <= line[i] <= "9":
                i += 1
            if i < end and line[i] == ".":
                while i < end and line[i] == ".":
                    i += 1
            elif i < end:
                i = start
        while i < end and line[i] == ".":  # "..." before a black move
            i += 1
        if i == end:
            return
        suffix: cython.Py_ssize_t = end
        while suffix > i and (line[suffix - 1] == "!" or line[suffix - 1] == "?"):
            suffix -= 1
        if suffix > i:
            self.move(line[i:suffix])
        if suffix < end and line[suffix:end] in SUFFIX_NAGS:
            self.nag(SUFFIX_NAGS[line[suffix:end]])

    @cython.cfunc
    def move(self, san: str) -> cython.void:
        game: Game = self.game
        if game.error is not None:
            return
        if self.board is None:
            try:
                self.board = game.board()
            except ValueError as error:
                game.error = f"the starting position cannot be set up: {error}"
                return
        board: Board = self.board
        try:
            move = board.push_san(san)
        except ValueError as error:
            game.error = f"move {quoted(san)} at ply {len(game.moves) + 1} (line {self.lineno}): {error}"
            return
        game.moves.append(move)
        game.evals.append(None)
        game.clocks.append(None)
        if self.want_comments:
            game.comments.append(None)
            game.nags.append(())

    @cython.cfunc
    def nag(self, nag: cython.int) -> cython.void:
        game: Game = self.game
        if self.depth or not self.want_comments or not game.nags or game.error is not None:
            return
        game.nags[-1] = game.nags[-1] + (nag,)

    @cython.cfunc
    def comment_end(self, text: str) -> cython.void:
        """A comment: in a variation it is skipped; before the first move it is the game's; after
        a move its [%eval] and [%clk] commands belong to that move."""
        if self.game is None or self.depth:
            return
        game: Game = self.game
        if not game.moves or game.error is not None:
            if self.want_comments and not game.moves:
                game.comment = _join(game.comment, text.strip())
            return
        at: cython.Py_ssize_t = text.find("[%eval")
        if at >= 0:
            game.evals[-1] = _eval_at(text, at + 6)
        at = text.find("[%clk")
        if at >= 0:
            game.clocks[-1] = _clock_at(text, at + 5)
        if self.want_comments:
            rest = _COMMANDS.sub(" ", text).strip()
            if rest:
                game.comments[-1] = _join(game.comments[-1], rest)


@cython.cfunc
def _eval_at(text: str, i: cython.Py_ssize_t) -> object:
    """The eval of "[%eval 0.35]" or "[%eval #-3]" read from just after "[%eval"; None if malformed."""
    n: cython.Py_ssize_t = len(text)
    while i < n and text[i] == " ":
        i += 1
    mate: cython.bint = i < n and text[i] == "#"
    if mate:
        i += 1
    end: cython.Py_ssize_t = _number_end(text, i)
    if end < 0:
        return None
    value: cython.double = _number(text, i, end)
    return Mate(int(value)) if mate else value


@cython.cfunc
def _clock_at(text: str, i: cython.Py_ssize_t) -> object:
    """Seconds of "[%clk 1:02:03.4]" read from just after "[%clk"; None if malformed."""
    n: cython.Py_ssize_t = len(text)
    while i < n and text[i] == " ":
        i += 1
    seconds: cython.double = 0
    part: cython.int
    end: cython.Py_ssize_t
    for part in range(3):
        end = _number_end(text, i)
        if end < 0 or (part < 2 and (end >= n or text[end] != ":")):
            return None
        seconds = seconds * 60 + _number(text, i, end)
        i = end + 1
    return seconds


@cython.cfunc
def _number_end(text: str, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Where the decimal number (sign, digits, a fraction) starting at i ends; -1 if none does."""
    n: cython.Py_ssize_t = len(text)
    start: cython.Py_ssize_t
    if i < n and (text[i] == "+" or text[i] == "-"):
        i += 1
    start = i
    while i < n and "0" <= text[i] <= "9":
        i += 1
    if i < n and text[i] == ".":
        i += 1
        while i < n and "0" <= text[i] <= "9":
            i += 1
    return i if i > start and text[start] != "." or i > start + 1 else -1


@cython.cfunc
def _number(text: str, i: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.double:
    """The value of the decimal number text[i:end] (as _number_end found it), in C."""
    sign: cython.double = 1
    value: cython.double = 0
    scale: cython.double = 0
    ch: cython.Py_UCS4
    if text[i] == "-" or text[i] == "+":
        sign = -1 if text[i] == "-" else 1
        i += 1
    while i < end:
        ch = text[i]
        if ch == ".":
            scale = 1
        else:
            value = value * 10 + (ord(ch) - 48)
            scale *= 10
        i += 1
    return sign * value / (scale if scale else 1)


@cython.cfunc
@cython.inline
def _ends_token(ch: cython.Py_UCS4) -> cython.bint:
    """Whether a character ends a movetext token (white space, braces, parentheses, ; and $)."""
    return ch in (" ", "\t", "\r", "\n", "{", "}", "(", ")", ";", "$")


def _join(first: Optional[str], second: str) -> Optional[str]:
    if not second:
        return first
    return second if first is None else f"{first} {second}"


def write(game: Game, *, width: int = 80) -> str:
    """The game as PGN text, as python-chess reads it back: the seven-tag roster first ("?"
    where unknown), then the other tags, the mainline in SAN with move numbers, the evals and
    clocks as [%eval] and [%clk] comments, the NAGs and comments read, the result."""
    headers = {name: "????.??.??" if name == "Date" else "?" for name in SEVEN_TAG_ROSTER}
    headers.update(game.headers)
    headers["Result"] = game.headers.get("Result", game.result or "*")
    lines = []
    for name in list(SEVEN_TAG_ROSTER) + [n for n in headers if n not in SEVEN_TAG_ROSTER]:
        # values are written as they are, as python-chess writes them (a reader that escapes
        # quotes would leave backslashes in python-chess's hands)
        lines.append(f'[{name} "{headers[name]}"]')
    board = game.board()
    tokens = []
    if game.comment:
        tokens.append("{ " + game.comment.replace("}", ")") + " }")
    for i, move in enumerate(game.moves):
        if board.turn or i == 0:
            tokens.append(f"{board.fullmove_number}." if board.turn else f"{board.fullmove_number}...")
        tokens.append(board.san_and_push(move))
        for nag in game.nags[i] if i < len(game.nags) else ():
            tokens.append(f"${nag}")
        parts = []
        if i < len(game.evals) and game.evals[i] is not None:
            value = game.evals[i]
            parts.append(f"[%eval #{int(value)}]" if isinstance(value, Mate) else f"[%eval {value:.2f}]")
        if i < len(game.clocks) and game.clocks[i] is not None:
            seconds = game.clocks[i]
            parts.append(f"[%clk {int(seconds // 3600)}:{int(seconds % 3600 // 60):02d}:{_seconds(seconds % 60)}]")
        if i < len(game.comments) and game.comments[i]:
            parts.append(game.comments[i].replace("}", ")"))
        if parts:
            tokens.append("{ " + " ".join(parts) + " }")
    tokens.append(game.result or headers["Result"])
    lines.append("")
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines) + "\n"


def _seconds(seconds: float) -> str:
    whole = int(seconds)
    fraction = round(seconds - whole, 1)
    return f"{whole:02d}" if not fraction else f"{whole:02d}{str(fraction)[1:]}"


RESULT_CODES = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}


def to_arrays(source, *, games: Optional[int] = None) -> dict:
    """Every position before a move of every game, as NumPy arrays (games that cannot be read
    to their end give the positions before their error)::

        positions  position records (bitboard.records.position_dtype()), one per position
        moves      uint16, the move played from it: from + 64 * to + 4096 * promotion piece type
        game       uint32, the game it belongs to (its index in the file)
        evals      float32, the eval after the move in pawns for white, NaN where none or a mate
        mates      int16, mate in N after the move (negative: black mates), 0 where none
        clocks     float32, the mover's clock after the move in seconds, NaN where none
        and per game: result (int8: 1, 0, -1; -2 unknown), white_elo and black_elo (int16, -1
        where absent), time_control (str), offset (int64, the game's byte offset), error (bool).
        `games` stops after that many games.
    """
    import numpy as np

    from .records import position_dtype, record_fields
    records, moves, owner, evals, mates, clocks = [], [], [], [], [], []
    results, white_elo, black_elo, time_control, offsets, errors = [], [], [], [], [], []
    for number, game in enumerate(read_games(source)):
        if games is not None and number >= games:
            break
        board = game.board()
        for move, value, clock in zip(game.moves, game.evals, game.clocks):
            records.append(record_fields(board))
            moves.append(move.from_square + 64 * move.to_square + 4096 * (move.promotion or 0))
            owner.append(number)
            is_mate = isinstance(value, Mate)
            evals.append(float("nan") if value is None or is_mate else value)
            mates.append(int(value) if is_mate else 0)
            clocks.append(float("nan") if clock is None else clock)
            board.push(move)
        results.append(RESULT_CODES.get(game.result, -2))
        white_elo.append(_elo(game.headers.get("WhiteElo")))
        black_elo.append(_elo(game.headers.get("BlackElo")))
        time_control.append(game.headers.get("TimeControl", ""))
        offsets.append(game.offset)
        errors.append(game.error is not None)
    return {
        "positions": np.array(records, dtype=position_dtype()),
        "moves": np.array(moves, dtype=np.uint16),
        "game": np.array(owner, dtype=np.uint32),
        "evals": np.array(evals, dtype=np.float32),
        "mates": np.array(mates, dtype=np.int16),
        "clocks": np.array(clocks, dtype=np.float32),
        "result": np.array(results, dtype=np.int8),
        "white_elo": np.array(white_elo, dtype=np.int16),
        "black_elo": np.array(black_elo, dtype=np.int16),
        "time_control": np.array(time_control, dtype=str),
        "offset": np.array(offsets, dtype=np.int64),
        "error": np.array(errors, dtype=bool),
    }


def _elo(text) -> int:
    return int(text) if text is not None and text.isdigit() and int(text) < 32768 else -1
