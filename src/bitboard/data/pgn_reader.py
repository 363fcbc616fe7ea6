"""The PGN reader: games streamed from a file, every move checked by the board's SAN reader.

    for game in read_games("lichess_db.pgn.zst"):
        game.headers["White"], game.moves, game.result, game.evals, game.clocks

`read_games` takes a path (str or PathLike; gzip, bz2, xz and zstd files are read transparently,
told by their first bytes, zstd with the `zstandard` package; "-" is standard input) or an open
binary or text file (`io.StringIO(text)` for PGN in a string), and yields one `Game` per game:
a game starts at a tag section, or at movetext after a result token. Every move is parsed by the
board's SAN reader and checked for legality.

Real files' habits are accepted: `0-0`, long algebraic (`e2e4`, `Ng1-f3`), missing or extra
check marks, `--` null moves, king-takes-rook castling, a byte-order mark, CRLF, `%` escape
lines, games without tags, empty games. The tokens are python-chess's (notation/pgn_tokens, the
tree reader's too): ; comments are not read, a tag's value is kept as written; stray text that
python-chess skips (no token, not a move number or check mark) is the game's error here.
Nothing is lost: a game that cannot be read (an illegal or unreadable move, a game cut off
before its result) is yielded with `error` naming the move text, the ply and the line, with the
moves read before it, and reading goes on with the next game.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import (
        CASTLING,
        CRAZYHOUSE,
        DATASET_NO_MOVE,
        NORMAL,
        THREE_CHECK,
        castled_king_square,
        dataset_move,
        encode_move,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
    )
    from ..core.native import find_byte
    from ..core.position import Position, _copy_position, _make
    from ..move import _move_of
    from ..notation.pgn_tags import known_tag
    from ..notation.pgn_tokens import (
        CLOCK,
        CLOSE,
        COMMENT,
        END,
        EVAL,
        MOVE,
        NAG,
        OPEN,
        OPEN_COMMENT,
        RESULT,
        SUFFIX,
        Tokens,
        commands_only,
        nag_value,
        result_text,
        skipped_line,
        suffix_nag,
    )
    from ..notation.san import plain_san_code
    from .game_columns import GameColumns, TagTable
    from .records import write_extras, write_record

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.unicode import PyUnicode_DecodeUTF8

from collections.abc import Iterator
from typing import Any

from ..board import Board
from ..core.encoding import dataset_drop, dataset_drop_piece, dataset_move_parts
from ..errors import quoted
from ..move import Move
from ..notation.pgn_tags import KNOWN_TAGS, TAG_ROSTER
from ..notation.pgn_tokens import CLOCK_REGEX, COMMAND_REGEX, TAG_REGEX, duration, regex_eval
from .pgn_game import SETUP_FAILED, Game, Mate, positions_of  # noqa: F401  (positions_of: importable from here too)
from .sources import open_pgn

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
SEVEN_TAG_ROSTER = tuple(TAG_ROSTER)
#: The move-suffix annotations and the NAG each stands for (PGN standard, section 10).
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

_TRUNCATED = "the game ends without a result token (a truncated game)"


def read_games(source, *, variations: bool = False, comments: bool = False) -> Iterator[Game]:
    """Every game of a PGN source (a path, or an open binary or text file), one Game each."""
    stream, close = open_pgn(source)
    try:
        reader: _Reader = _Reader(variations, comments, None)
        yield from reader.games(stream)
    finally:
        if close:
            stream.close()


# The bytes the movetext scanner compares with, as C constants.
_SPACE = cython.declare(cython.int, 32)
_OPEN_BRACKET = cython.declare(cython.int, 91)
_CLOSE_BRACE = cython.declare(cython.int, 125)
_BOM = b"\xef\xbb\xbf"
_KNOWN_TAGS = cython.declare(tuple, KNOWN_TAGS)  # (a C global: no lookup in the module's dict)
_BLOCK = 65536  # bytes read at a time
_NO_CUT: cython.Py_ssize_t = 0x4000000000000000  # no cut left: beyond any offset
_NAN = cython.declare(cython.double, float("nan"))
_BIT = cython.declare(cython.ulonglong, 1)  # (a 64-bit 1, to shift)
_GAMES_BETWEEN = cython.declare(cython.Py_ssize_t, 256)  # games between `read`'s yields, games not handed out
_SETUP_TAGS = ("FEN", "SetUp", "Variant", "Result")  # the tags the reader itself reads


@cython.final  # (the reader's calls of its methods: direct, not through a table, and inlined where small)
@cython.cclass
class _Columns:
    """to_arrays' per-position columns, written by the reader in C as it reads each move: the
    record of the position before the move, the move, the game, the eval and the clock; and the
    extras records, made at the first position that needs them (crazyhouse, three-check), so
    standard chess never writes them."""

    size: cython.Py_ssize_t
    count: cython.Py_ssize_t  # rows committed
    arrays: dict  # the NumPy arrays that own the memory the views below write into
    records: cython.uchar[:, ::1]
    moves: cython.ushort[::1]
    game: cython.uint[::1]
    ply: cython.uint[::1]
    evals: cython.float[::1]
    mates: cython.short[::1]
    clocks: cython.float[::1]
    extras: cython.uchar[:, ::1]  # (set once has_extras)
    has_extras: cython.bint
    # each game's offset, result, error and tags, as the reader finishes it
    games = cython.declare(GameColumns, visibility="readonly")

    def __init__(self, tags: tuple | None = None, rows: cython.Py_ssize_t = 0):
        self.count = 0
        self.arrays = {}
        self.has_extras = False
        self.games = GameColumns(tags)
        self.grow(max(rows, 16384))  # (`rows` expected, 16,384 at the least: they double each time they fill)

    def grow(self, size: cython.Py_ssize_t) -> None:
        import numpy as np

        from .records import EXTRAS_SIZE, RECORD_SIZE
        # (left unset: `stage` writes every column of a row, so no page is touched before its rows)
        arrays: dict[str, Any] = {
            "records": np.empty((size, RECORD_SIZE), dtype=np.uint8), "moves": np.empty(size, dtype=np.uint16),
            "game": np.empty(size, dtype=np.uint32), "ply": np.empty(size, dtype=np.uint32),
            "evals": np.empty(size, dtype=np.float32),
            "mates": np.empty(size, dtype=np.int16), "clocks": np.empty(size, dtype=np.float32)}
        if self.has_extras:  # (zeros: the rows before the first that needed them)
            arrays["extras"] = np.zeros((size, EXTRAS_SIZE), dtype=np.uint8)
        for name, array in self.arrays.items():
            arrays[name][:self.count] = array[:self.count]
        self.arrays, self.size = arrays, size
        self.records, self.moves, self.game = arrays["records"], arrays["moves"], arrays["game"]
        self.ply = arrays["ply"]
        self.evals, self.mates, self.clocks = arrays["evals"], arrays["mates"], arrays["clocks"]
        if self.has_extras:
            self.extras = arrays["extras"]

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set by grow in __init__)
    def stage(self, pos: Position, game: cython.Py_ssize_t) -> cython.void:
        """Write the next row's position; `commit` keeps it once its move is read."""
        if self.count == self.size:
            self.grow(2 * self.size)
        if not self.has_extras and (pos._variant == CRAZYHOUSE or pos._variant == THREE_CHECK):
            self.has_extras = True
            self.grow(self.size)
        write_record(pos, self.records, self.count)
        if self.has_extras:  # (every row once there are extras: `drop` leaves earlier rows' behind)
            write_extras(pos, self.extras, self.count)
        self.game[self.count] = game
        # the row's index in its game (a game's rows are together, and are dropped together)
        self.ply[self.count] = self.ply[self.count - 1] + 1 if self.count and self.game[self.count - 1] == game else 0
        self.evals[self.count] = _NAN
        self.mates[self.count] = 0
        self.clocks[self.count] = _NAN

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set by grow in __init__)
    def commit(self, move: cython.int) -> cython.void:
        self.moves[self.count] = move
        self.count += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set by grow in __init__)
    def set_eval(self, value: cython.double, mate: cython.bint) -> cython.void:
        """The eval after the last move committed (NaN: none)."""
        if self.count and value == value:
            if mate:
                self.mates[self.count - 1] = cython.cast(cython.short, max(-32767.0, min(32767.0, value)))
            else:
                self.evals[self.count - 1] = value

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set by grow in __init__)
    def set_clock(self, seconds: cython.double) -> cython.void:
        if self.count:
            self.clocks[self.count - 1] = seconds

    def held(self) -> int:
        """The rows committed and not yet dropped."""
        return self.count

    def drop(self, games: cython.Py_ssize_t) -> None:
        """Let the committed rows of the games numbered below `games` go (the later games' rows
        move to the front): the streaming writer's, once it has made its batch of `rows`."""
        count: cython.Py_ssize_t = self.below(games)
        rest: cython.Py_ssize_t = self.count - count
        if rest:
            for array in self.arrays.values():
                array[:rest] = array[count:self.count]
        self.count = rest

    def rows(self, games: cython.Py_ssize_t, extras: bool = True) -> dict:
        """The columns' committed rows of the games numbered below `games` (views of the grown
        arrays: copying them would cost more than the spare rows' memory; `extras`: zeros where
        none were written, else no `extras` then)."""
        count: cython.Py_ssize_t = self.below(games)
        return _chunk({name: array[:count] for name, array in self.arrays.items()}, extras)

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set by grow in __init__)
    def below(self, games: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """The committed rows of the games numbered below `games` (the rows are in game order)."""
        count: cython.Py_ssize_t = self.count
        while count and self.game[count - 1] >= games:
            count -= 1
        return count


def _chunk(columns: dict, extras: bool) -> dict:
    """Rows of the columns as to_arrays gives them: the records as position records, the extras
    as extras records (`extras`: zeros where none were written)."""
    import numpy as np

    from .records import EXTRAS_SIZE, extras_dtype, position_dtype
    count = len(columns["game"])
    columns["positions"] = columns.pop("records").view(position_dtype()).reshape(count)
    written = columns.pop("extras", None)
    if written is not None or extras:  # (none written: zeros, which cost no page until read)
        written = np.zeros((count, EXTRAS_SIZE), dtype=np.uint8) if written is None else written
        columns["extras"] = written.view(extras_dtype()).reshape(count)
    return columns


@cython.final
@cython.cclass
class _Reader:
    """The state of one pass over a stream: the game being read and where the tokens stand.
    Each line, as bytes, is fed to `line`, which puts the games it completes on `done`; the
    movetext is scanned byte by byte in C, and only a move's text becomes a Python string."""

    want_variations: cython.bint
    want_comments: cython.bint
    game: Any  # the Game being read, or None (only an open game's methods use it: Any to mypy)
    plies: cython.Py_ssize_t  # the moves read in the game
    moves: list  # its lists, held here for C-speed appends
    evals: list
    clocks: list
    failed: cython.bint  # the game has an error: the rest of its movetext is skipped
    counting: cython.bint  # only the games' bounds are wanted: every game's tags and moves are skipped
    ready: cython.bint  # `position` holds the game's position
    position: Position  # where the game stands, moved on in C by the moves plain SAN names
    chess960: cython.bint
    board: Board | None  # a Board for the other moves, and how many of the game's moves it has had
    board_plies: cython.Py_ssize_t
    standard: Position  # the standard starting position
    columns: _Columns | None  # to_arrays' columns, which then take the evals and clocks (None: the Games do)
    table: TagTable | None  # the games table's typed columns, read straight from their tag lines, or None
    number: cython.Py_ssize_t  # the game's index in the stream
    offset = cython.declare(cython.Py_ssize_t, visibility="readonly")  # the game's byte offset
    in_tags: cython.bint
    seen_movetext: cython.bint
    depth: cython.int  # variation nesting
    variation: list
    tokens: Tokens  # the movetext scanner's answers
    comment: Any  # the parts (bytes) of a brace comment being read, or None (a list to Cython would add checks)
    lineno: cython.Py_ssize_t
    eval_ply: cython.Py_ssize_t  # the ply whose eval (clock) was read: the first of its comments' counts
    clock_ply: cython.Py_ssize_t
    done: list
    next_cut: cython.Py_ssize_t  # the cuts of parts (`games`): the next, the rest reversed, the parts found
    cuts: list
    found: list
    stop_at_cut: cython.bint
    ended: cython.bint
    handing: cython.bint  # each game is handed out (read_games): a new Game each; else one Game is reused
    spare: Any  # (that Game, between games)
    all_tags: cython.bint  # every tag goes into the game's headers; else only the known ones of `tag_mask`
    tag_mask: cython.ulonglong  # (bit k: KNOWN_TAGS[k])
    due: cython.bint  # `read` yields after the line
    limit: cython.Py_ssize_t  # reading ends after that many games (-1: no limit)
    # (`read`'s consumers read these between its yields)
    rows_due = cython.declare(cython.Py_ssize_t, visibility="public")  # `read` also yields once the columns hold these
    finished = cython.declare(cython.Py_ssize_t, visibility="readonly")  # the games finished in this pass
    errors = cython.declare(cython.Py_ssize_t, visibility="readonly")  # of which with an error
    first_error = cython.declare(object, visibility="readonly")  # "game N (line L): error", or None

    def __init__(self, variations: bool, comments: bool, columns: _Columns | None, counting: bool = False):
        self.columns, self.counting, self.number, self.lineno = columns, counting, -1, 0
        self.want_variations, self.want_comments = variations, comments
        self.game = self.board = self.comment = self.spare = None
        self.in_tags = self.seen_movetext = False
        self.depth = 0
        self.variation, self.done = [], []
        self.position, self.standard = Position(), Board()
        self.tokens = Tokens()
        self.handing = columns is None and not counting
        self.rows_due = _NO_CUT
        wanted = () if columns is None or columns.games.tags is None else (*columns.games.tags, *_SETUP_TAGS)
        self.all_tags = not wanted or not set(wanted) <= set(KNOWN_TAGS)
        self.tag_mask = 0
        for tag in () if self.all_tags else wanted:  # (to_arrays keeps four tags: the others are skipped unread)
            self.tag_mask |= _BIT << KNOWN_TAGS.index(tag)
        self.table = None if columns is None else columns.games.table
        if self.table is not None:
            self.table.leave(_SETUP_TAGS)

    def games(self, stream) -> Iterator[Game]:
        """Each game of the stream, a new Game each, as it is finished (read_games)."""
        for _ in self.read(stream):
            yield from self.done
            self.done = []

    def read(self, stream, base: cython.Py_ssize_t = 0, first_game: cython.Py_ssize_t = 0,
             lines_before: cython.Py_ssize_t = 0, cuts: list | None = None, found: list | None = None,
             stop: bool = False, games: cython.Py_ssize_t = -1) -> Iterator[int]:
        """Read the stream in blocks and feed `line` each line as a slice of its block, yielding
        `first_game` plus the games finished (`finished`, of which `errors` with an error) after
        each game that is handed out, else after every 256 games and once the columns hold
        `rows_due` rows: to_arrays and the Parquet writer keep the loop over games in C. A part
        of its input (bitboard.data.parts) starts at byte `base`, game `first_game`, after
        `lines_before` lines. A part begins at the first game starting with a tag line at or
        after each of `cuts` (offsets, in order), (offset, game, lines before) appended to
        `found`; `stop` ends there, as do `games` games."""
        self.number = first_game - 1
        self.limit, self.finished, self.errors, self.first_error, self.due = games, 0, 0, None, False
        self.lineno = lines_before
        self.cuts = list(reversed(cuts or ()))
        self.next_cut = self.cuts.pop() if self.cuts else _NO_CUT
        self.found = found if found is not None else []
        self.stop_at_cut, self.ended = stop, False
        if self.columns is not None:
            self.columns.games.first = first_game
        start: cython.Py_ssize_t
        end: cython.Py_ssize_t
        newline: cython.Py_ssize_t
        size: cython.Py_ssize_t
        p: cython.p_char
        data: bytes
        block: bytes
        rest: bytes = b""  # the start of the line that the blocks read so far end inside
        pieces: tuple  # (data, start, base) to split into lines: the line joined, then the block
        first: cython.bint = True
        while True:
            read = stream.read(_BLOCK)
            if not read:
                if rest:  # a last line without its newline
                    self.lineno += 1
                    self.line(rest, 0, len(rest), base)  # (ended at a cut there: no game is open)
                break
            block = read if isinstance(read, bytes) else read.encode("utf-8", errors="replace")
            start = 0
            if first:
                first = False
                if base == 0 and block.startswith(_BOM):
                    start = 3
            if rest:  # that line is joined on its own, and the block is read where it is
                newline = find_byte(block, block, 10, 0, len(block))
                if newline < 0:
                    rest = rest + block
                    continue
                pieces = ((rest + block[:newline + 1], 0, base), (block, newline + 1, base + len(rest)))
            else:
                pieces = ((block, start, base),)
            for data, start, base in pieces:  # (data[0] is at byte `base` of the stream)
                p = data
                size = len(data)
                while True:
                    newline = find_byte(data, p, 10, start, size)
                    if newline < 0:
                        break
                    end = newline - 1 if newline > start and p[newline - 1] == 13 else newline  # CRLF
                    self.lineno += 1
                    self.line(data, start, end, base + start)
                    start = newline + 1
                    if self.due:
                        self.due = False
                        yield first_game + self.finished
                    if self.ended:
                        return
            rest = data[start:]
            base += start
        if self.game is not None:
            if self.comment is not None:
                self.comment_text(b"\n".join(self.comment))
            self.finish(_TRUNCATED)
        if self.due:
            yield first_game + self.finished

    @cython.cfunc
    def line(self, data: bytes, i: cython.Py_ssize_t, n: cython.Py_ssize_t, offset: cython.Py_ssize_t) -> cython.void:
        """The line data[i:n] (its end of line cut), which starts at `offset` in the stream."""
        p: cython.p_char = data
        start: cython.Py_ssize_t = i
        if self.comment is None:
            if i < n and skipped_line(p[i]):
                return  # an escape line (PGN standard, section 6), or a ; comment
            while i < n and 0 <= p[i] <= _SPACE:
                i += 1
            if i == n:
                return  # (a blank line inside a tag section keeps it open, as python-chess reads it)
            if p[i] == _OPEN_BRACKET:
                if self.game is not None and not self.in_tags:
                    self.finish(_TRUNCATED)
                if self.game is None:
                    if offset >= self.next_cut and self.pass_cuts(offset):
                        return  # (reading ends at the part's end)
                    self.start(offset)
                self.in_tags = True
                if not self.counting:  # (counting: only the games' bounds are wanted, not their tags)
                    self.tag(data, p, i, n)
                return
            if self.game is not None:
                self.in_tags = False
                self.seen_movetext = True
        self.movetext(data, p, start, n, offset)

    @cython.cfunc
    def tag(self, data: bytes, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.void:
        """The tag line data[i:n] (p[i] is its '['), as python-chess reads it (notation/pgn_tokens:
        in C, TAG_REGEX where C cannot tell; a line that is no tag is skipped); the value as
        written, up to the line's last quote."""
        tokens: Tokens = self.tokens
        found: cython.int = tokens.tag(data, p, i, n)
        if found == 0:
            return
        if found < 0:
            match = TAG_REGEX.match(_decoded(data, p, i, n))
            if match is not None:
                self.game.headers[match.group(1)] = match.group(2)
                if self.table is not None:
                    self.table.to_headers(match.group(1))
            return
        known: cython.int = known_tag(p, tokens.start, tokens.stop)  # (its index in KNOWN_TAGS, found in C)
        if not self.all_tags and (known < 0 or not (self.tag_mask >> known) & 1):
            return  # (a tag not wanted: left unread)
        if self.table is not None and self.table.held_tag(known, p, tokens.value, tokens.value_end):
            return  # (a typed column of the games table: read into it in C, with no string made)
        name = _tag_name(data, known, tokens.start, tokens.stop)
        self.game.headers[name] = _decoded(data, p, tokens.value, tokens.value_end)

    @cython.cfunc
    def pass_cuts(self, offset: cython.Py_ssize_t) -> cython.bint:
        """A game starting with a tag line at `offset`, at or after the next cut, begins a part."""
        while offset >= self.next_cut:
            self.found.append((offset, self.number + 1, self.lineno - 1))
            self.next_cut = self.cuts.pop() if self.cuts else _NO_CUT
        self.ended = self.stop_at_cut
        return self.ended

    @cython.cfunc
    def start(self, offset: cython.Py_ssize_t) -> cython.void:
        game = self.spare
        if game is None or self.handing:
            game = Game(offset, self.lineno)
        else:  # (its lists stay empty: the columns hold the moves, or none are read)
            game.headers.clear()
            game.result, game.error, game.offset, game.line = None, None, offset, self.lineno
        self.offset = offset
        self.game = game
        self.number += 1
        self.moves, self.evals, self.clocks = game.moves, game.evals, game.clocks
        self.plies = 0
        self.eval_ply = self.clock_ply = -1
        self.failed = self.counting
        self.ready = False
        self.seen_movetext = False
        self.board = None
        self.depth = 0
        self.in_tags = False

    @cython.cfunc
    def finish(self, error: object = None) -> cython.void:
        """Put the game read on `done`; `error` if it ended without a result token after movetext."""
        game: Game = self.game
        if not self.ready and not self.failed:
            self.set_up()  # (a game without a move still has its position)
        if self.columns is not None and self.ready:  # the final position's row: no move from it
            self.columns.stage(self.position, self.number)
            self.columns.commit(DATASET_NO_MOVE)
        if game.result is None and not self.seen_movetext and game.headers.get("Result") in RESULTS:
            game.result = game.headers["Result"]  # tags alone: an empty game, complete as it is
        elif game.result is None and game.error is None and error is not None:
            game.error = error  # type: ignore[assignment]  # a str: `str | None` would have Cython check it
        if self.columns is not None:
            self.columns.games.add(self.offset, game.result, game.error, game.headers)
        if game.error is not None:
            self.errors += 1
            if self.first_error is None:
                self.first_error = f"game {self.number} (line {game.line}): {game.error}"
        self.finished += 1
        if self.handing:
            self.done.append(game)
        self.due = (self.handing or self.finished % _GAMES_BETWEEN == 0
                    or (self.columns is not None and self.columns.count >= self.rows_due))
        self.ended = self.ended or self.finished == self.limit
        self.spare = game
        self.game = None
        self.board = None
        self.in_tags = False

    @cython.cfunc
    def fail(self, error: str) -> cython.void:
        self.game.error = error
        self.failed = True

    @cython.cfunc
    def movetext(self, data: bytes, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t,
                 offset: cython.Py_ssize_t) -> cython.void:
        """The movetext line data[i:n], token by token (notation/pgn_tokens); a result at the top
        level ends the game, and the next token starts one."""
        j: cython.Py_ssize_t
        k: cython.Py_ssize_t
        kind: cython.int
        value: cython.longlong
        tokens: Tokens = self.tokens
        counting: cython.bint = self.counting  # (only the games' bounds: no move, comment or NAG is read)
        if self.comment is not None:  # a { comment open since an earlier line
            j = find_byte(data, p, _CLOSE_BRACE, i, n)
            if not counting:
                self.comment.append(data[i:n if j < 0 else j])
            if j < 0:
                return
            text = b"" if counting else b"\n".join(self.comment)  # (its lines as python-chess joins them)
            self.comment = None
            if not counting:
                self.comment_text(text)
            i = j + 1
        while True:
            kind = tokens.scan(data, p, i, n)
            if tokens.junk >= 0 and not counting and not self.depth:  # stray text: the game's error
                if self.game is None:
                    self.start(offset)
                    self.seen_movetext = True
                if not self.failed:
                    j = tokens.junk  # (its word: to white space, or to the token after it)
                    k = n if kind == END else tokens.start - (kind in (NAG, COMMENT, OPEN_COMMENT))
                    while j < k and not 0 <= p[j] <= _SPACE:
                        j += 1
                    self.move(data, p, tokens.junk, j)  # (as a move, which it is not: its error)
            if kind == END:
                return
            i = tokens.after
            if self.game is None:
                self.start(offset)
                self.seen_movetext = True
            if kind == OPEN_COMMENT:
                self.comment = [] if counting else [data[tokens.start:n]]
                return
            if kind == OPEN:
                self.depth += 1
                if self.depth == 1:
                    self.variation = []
                elif self.want_variations:
                    self.variation.append("(")
            elif kind == CLOSE:
                if self.depth:
                    self.depth -= 1
                    if not self.want_variations:
                        pass
                    elif self.depth == 0:
                        self.game.variations.append((self.plies, " ".join(self.variation)))
                    else:
                        self.variation.append(")")
            elif self.depth:  # a variation's token: its text, if variations are wanted
                if self.want_variations and kind != COMMENT:
                    self.variation.append(_decoded(data, p, tokens.start - (kind == NAG), tokens.stop))
            elif kind == RESULT:
                self.game.result = result_text(p, tokens.start, tokens.stop)
                self.finish()
            elif counting:
                continue
            elif kind == COMMENT:
                self.comment_at(data, p, tokens.start, tokens.stop)
            elif self.failed:  # (what follows reads a move or a NAG, which a failed game skips)
                continue
            elif kind == MOVE:
                self.move(data, p, tokens.start, tokens.stop)
            elif kind == SUFFIX:
                self.nag(suffix_nag(p, tokens.start, tokens.stop))
            else:  # NAG
                value = nag_value(p, tokens.start, tokens.stop)
                self.nag(value if value >= 0 else int(data[tokens.start:tokens.stop]))

    @cython.cfunc
    def set_up(self) -> cython.bint:
        """Put the game's starting position in `position`; False (the game failed) if its FEN
        cannot be set up."""
        game: Game = self.game
        headers: dict = game.headers
        if "FEN" not in headers and ("Variant" not in headers or not (game.chess960 or game.variant)):
            _copy_position(self.position, self.standard)  # the standard start, set up once
            self.chess960, self.board = False, None
        else:
            try:
                self.board = game.board()
            except ValueError as error:
                self.fail(f"{SETUP_FAILED}: {error}")
                return False
            _copy_position(self.position, self.board)
            self.chess960 = self.board.chess960
        self.board_plies, self.ready = 0, True
        return True

    @cython.cfunc
    def move(self, data: bytes, p: cython.p_char, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.void:
        """Read the move data[start:end]: plain SAN in C on `position`, anything else (long
        algebraic, null moves, errors and their messages) by a Board's full SAN reader."""
        game: Game = self.game
        if not self.ready and not self.set_up():
            return
        code: cython.int = plain_san_code(self.position, p, start, end)
        column_code: cython.int  # the move as to_arrays writes it
        columns: _Columns | None = self.columns
        if columns is not None:
            columns.stage(self.position, self.number)  # the position before the move
        if code >= 0:
            _make(self.position, code)
            frm: cython.int = move_from(code)
            if move_flag(code) == CASTLING and not self.chess960:  # e1g1, as python-chess writes it
                code = encode_move(frm, castled_king_square(frm, move_to(code) > frm), NORMAL)
            move = _move_of(code) if columns is None else None
            column_code = dataset_move(frm, move_to(code), flag_promotion(move_flag(code)))
        else:
            san = _decoded(data, p, start, end)
            if self.board is None:
                self.board = game.board()
            board = self.board
            for earlier in self.since_board():  # catch the Board up
                board.push(earlier)
            try:
                move = board.push_san(san)
            except ValueError as error:
                self.board_plies = self.plies
                self.fail(f"move {quoted(san)} at ply {self.plies + 1} (line {self.lineno}): {error}")
                return
            _copy_position(self.position, board)
            self.board_plies = self.plies + 1
            column_code = (dataset_drop(move.to_square, move.drop) if move.drop else
                           dataset_move(move.from_square, move.to_square, move.promotion or 0))
        self.plies += 1
        if columns is not None:  # the columns hold the moves: no Move list
            columns.commit(column_code)
        else:
            self.moves.append(move)
            self.evals.append(None)
            self.clocks.append(None)
        if self.want_comments:
            game.comments.append(None)
            game.nags.append(())

    def since_board(self) -> list:
        """The game's moves the Board has not had yet: from the Game, or from the columns."""
        if self.columns is None:
            return self.moves[self.board_plies:]
        codes = self.columns.arrays["moves"][self.columns.count - (self.plies - self.board_plies):self.columns.count]
        return [Move(*_move_parts(int(code))) for code in codes]  # as written

    @cython.cfunc
    def nag(self, nag: object) -> cython.void:
        if self.depth or not self.want_comments or self.failed:
            return
        nags: list = self.game.nags
        if nags:
            nags[len(nags) - 1] = nags[len(nags) - 1] + (nag,)

    @cython.cfunc
    def regex_eval(self, text: str, last: cython.Py_ssize_t) -> cython.void:
        """The eval of move `last` by EVAL_REGEX from the comment `text` (where C cannot tell;
        a mate's moves may be more than a C value holds)."""
        found = regex_eval(text)
        if found is None:
            return
        mate, cp, _ = found
        self.eval_ply = self.plies
        if self.columns is not None:
            self.columns.set_eval(float(mate if mate is not None else cp / 100), mate is not None)
        else:
            self.evals[last] = Mate(mate) if mate is not None else cp / 100

    @cython.cfunc
    def comment_text(self, text: bytes) -> cython.void:
        self.comment_at(text, text, 0, len(text))

    @cython.cfunc
    def comment_at(self, data: bytes, p: cython.p_char, start: cython.Py_ssize_t,
                   end: cython.Py_ssize_t) -> cython.void:
        """The comment data[start:end]: in a variation it is skipped; before the first move it
        is the game's; after a move its [%eval] and [%clk] commands belong to that move."""
        if self.game is None or self.depth:
            return
        last: cython.Py_ssize_t = self.plies - 1
        if last < 0 or self.failed:
            if self.want_comments and last < 0:
                self.game.comment = _join(self.game.comment, _decoded(data, p, start, end).strip())
            return
        # the first [%eval] and [%clk] of the move's comments, as python-chess's eval() and clock()
        # read them (notation/pgn_tokens; its regular expressions where C cannot tell)
        tokens: Tokens = self.tokens
        value: cython.double
        found: cython.int = tokens.commands(data, p, start, end, (EVAL if self.eval_ply != self.plies else 0)
                                            | (CLOCK if self.clock_ply != self.plies else 0))
        if found & EVAL << 4:
            self.regex_eval(_decoded(data, p, start, end), last)
        if found & CLOCK << 4:
            match = CLOCK_REGEX.search(_decoded(data, p, start, end))
            if match is not None:
                found |= CLOCK
                tokens.seconds = duration(match)
        if found & EVAL:
            self.eval_ply = self.plies
            value = tokens.number if tokens.mate else tokens.number / 100
            if self.columns is not None:
                self.columns.set_eval(value, tokens.mate)
            else:
                self.evals[last] = Mate(tokens.number) if tokens.mate else value
        if found & CLOCK:
            self.clock_ply = self.plies
            if self.columns is not None:
                self.columns.set_clock(tokens.seconds)
            else:
                self.clocks[last] = tokens.seconds
        if self.want_comments and not commands_only(p, start, end):
            comments: list = self.game.comments
            rest = COMMAND_REGEX.sub(" ", _decoded(data, p, start, end)).strip()
            if rest:
                comments[last] = _join(comments[last], rest)


@cython.cfunc
def _tag_name(data: bytes, known: cython.int, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> str:
    """The tag name data[i:j] (ASCII): the string of KNOWN_TAGS where it is one of them (its
    index `known`, from pgn_tags.known_tag; -1: none)."""
    return _KNOWN_TAGS[known] if known >= 0 else data[i:j].decode("ascii")


@cython.cfunc
@cython.inline
def _decoded(data: bytes, p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> str:
    """data[i:j] as UTF-8, errors replaced (compiled: decoded from the buffer, with no bytes made)."""
    if cython.compiled:
        return PyUnicode_DecodeUTF8(p + i, j - i, "replace")
    return data[i:j].decode("utf-8", errors="replace")


def _join(first: str | None, second: str) -> str | None:
    if not second:
        return first
    return second if first is None else f"{first} {second}"


def _move_parts(code: int) -> tuple:
    """(from, to, promotion or None, drop or None) of a dataset move code, as Move takes them."""
    frm, to, promotion = dataset_move_parts(code)
    drop = dataset_drop_piece(code)
    return (to, to, None, drop) if drop else (frm, to, promotion or None, None)
