"""The per-game half of the reader's columns: each game's offset, result token, error and tags,
kept by the reader in C as it finishes a game, and turned into columns in C loops, so that
to_arrays and the Parquet writer touch no game in Python (at 30,000 games a second and twenty
tags each, a Python loop over them cost as much as reading the moves of a fifth of the file).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import DATASET_BLACK_WINS, DATASET_DRAW, DATASET_NO_RESULT, DATASET_WHITE_WINS

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.unicode import PyUnicode_AsUTF8AndSize, PyUnicode_DecodeUTF8
    from cython.cimports.libc.string import memcpy


from typing import Any  # noqa: F401  (the type comments of __init__)

from ..errors import InvalidArgumentError
from ..notation.pgn_tags import KNOWN_TAGS
from .tables import GAME_TAGS

__all__ = ["GameColumns", "TagTable", "elo_column", "result_column"]


class GameColumns:
    """What the reader keeps of each game it finishes, in game order from game number `first`:
    the byte offset, the result token read (None: none), the error (None: none) and the tags:
    with `tags` (names) each game's dict of only those (memory that a whole file's tags would
    take is slow to fill: to_arrays wants four), or without, every tag read into the games
    table's columns as the game is added (`table`, a TagTable).
    (A C class: game_columns.pxd declares its attributes.)"""

    def __init__(self, tags: tuple | None = None):
        self.first = 0
        self.tags = tags
        self.offsets = []  # type: list[int]
        self.results = []  # type: list[Any]
        self.errors = []  # type: list[Any]
        self.headers = []  # type: list[dict[str, str]]
        self.table = TagTable() if tags is None else None

    def add(self, offset: cython.Py_ssize_t, result: object, error: object, headers: dict) -> cython.void:
        self.offsets.append(offset)
        self.results.append(result)
        self.errors.append(error)
        if self.table is not None:
            self.table.add(headers, result)
        else:
            kept: dict = {}
            for tag in cython.cast(tuple, self.tags):
                value = headers.get(tag)
                if value is not None:
                    kept[tag] = value
            self.headers.append(kept)

    def lists(self, games: cython.Py_ssize_t) -> tuple:
        """(offsets, results, errors, headers) of the games numbered below `games`."""
        count: cython.Py_ssize_t = max(0, min(games - self.first, len(self.offsets)))
        return self.offsets[:count], self.results[:count], self.errors[:count], self.headers[:count]

    def take(self, games: cython.Py_ssize_t) -> tuple:
        """`lists(games)`, which then leave the columns (with a `table`, its columns of those
        games (TagTable.take) in place of the headers)."""
        out = self.lists(games)
        count: cython.Py_ssize_t = len(out[0])
        del self.offsets[:count], self.results[:count], self.errors[:count], self.headers[:count]
        self.first += count
        if self.table is not None:
            out = (*out[:3], self.table.take(count))
        return out


def result_column(results: list):
    """The dataset result codes (int8, core/encoding's DATASET_RESULTS) of result tokens."""
    import numpy as np
    out = np.empty(len(results), dtype=np.int8)
    view: cython.schar[::1] = out
    k: cython.Py_ssize_t
    for k in range(len(results)):
        view[k] = _result_code(results[k])
    return out


@cython.cfunc
@cython.exceptval(check=False)
def _result_code(token: object) -> cython.int:
    """DATASET_RESULTS of one token, compared in C (a dict's .get was most of the column's time)."""
    if token == "1-0":
        return DATASET_WHITE_WINS
    if token == "0-1":
        return DATASET_BLACK_WINS
    if token == "1/2-1/2":
        return DATASET_DRAW
    return DATASET_NO_RESULT


def elo_column(headers: list, tag: str):
    """The tag read as a rating (int16) from each game's tags: its digits when they make a
    number below 32,768, -1 where the tag is absent or anything else."""
    import numpy as np
    out = np.empty(len(headers), dtype=np.int16)
    view: cython.short[::1] = out
    k: cython.Py_ssize_t
    for k in range(len(headers)):
        view[k] = _elo(cython.cast(dict, headers[k]).get(tag))
    return out


@cython.cfunc
def _elo(text: object) -> cython.int:
    if type(text) is not str:
        return -1
    value: cython.long = 0
    c: cython.Py_UCS4
    s: str = text
    if not s or len(s) > 6:
        return int(s) if s.isdigit() and int(s) < 32768 else -1  # (other digits than ASCII's)
    for c in s:
        if c < "0" or c > "9":
            return int(s) if s.isdigit() and int(s) < 32768 else -1
        value = value * 10 + (ord(c) - 48)
    return value if value < 32768 else -1


# How TagTable reads each of its columns' values (GAME_TAGS' kinds, then TimeControl and Result)
_TEXT = cython.declare(cython.int, 0)
_DATE = cython.declare(cython.int, 1)
_TIME = cython.declare(cython.int, 2)
_INT16 = cython.declare(cython.int, 3)
_TIME_CONTROL = cython.declare(cython.int, 4)
_RESULT = cython.declare(cython.int, 5)
_KINDS = {"string": _TEXT, "date32": _DATE, "time32": _TIME, "int16": _INT16}
_NOT_READ = cython.declare(cython.longlong, -0x10000000000)  # what a value read as a number is when it is none
_LICHESS = cython.declare(bytes, b"lichess.org/")
_BIT = cython.declare(cython.ulonglong, 1)  # (a 64-bit 1, to shift)
_LOW_HALF = cython.declare(cython.longlong, 0xFFFFFFFF)  # (_time_control's increment)


class TagTable:
    """Each game's tags read into the `games` table's columns (bitboard.data.tables) as the
    reader finishes the game, in C, with no Python object per value: a string column's UTF-8
    bytes and offsets as Arrow lays them out; UTCDate, UTCTime, the ratings and TimeControl
    read as numbers; Site's lichess game id; every other tag, and a value that does not read
    as its column's type (or a Result tag unlike the result token), in the map `tags` as
    written, after the game's other tags. `take` hands the columns over as NumPy arrays.
    The reader gives a typed column's tag line straight from its bytes (`held_tag`), with no
    string or dict entry made, and the rest in the game's headers dict (`add`).
    (A C class: game_columns.pxd declares its attributes.)"""

    def __init__(self):
        self.names = [*GAME_TAGS, "TimeControl", "Result"]
        self.index = {tag: k for k, tag in enumerate(self.names)}
        self.width = len(self.names)
        if self.width > 24:  # (the pxd's `kinds`; and a game's columns are bits of 64-bit masks)
            raise RuntimeError(f"TagTable reads at most 24 columns, not {self.width}: widen game_columns.pxd's kinds")
        if not cython.compiled:
            self.kinds = [0] * self.width  # (compiled: a C array of the class)
        k: cython.int
        for k in range(self.width - 2):
            self.kinds[k] = _KINDS[GAME_TAGS[self.names[k]][1]]
        self.kinds[self.width - 2] = _TIME_CONTROL
        self.kinds[self.width - 1] = _RESULT
        self.site = self.names.index("Site")
        self.slots = [None] * self.width
        self.texts = [_Texts() if self.kinds[k] == _TEXT else None for k in range(self.width)]
        self.numbers = [None if self.kinds[k] == _TEXT else _Numbers() for k in range(self.width)]
        self.increments = _Numbers()  # TimeControl's second number
        self.lichess_ids = _Texts()
        self.keys, self.values, self.entries = _Texts(), _Texts(), _Numbers()
        self.count = 0
        self.entries.append(0)  # (the map's offsets: each game's entries end where the next one's start)
        if not cython.compiled:
            self.column_of = [0] * 64  # (compiled: a C array of the class)
        for k in range(64):  # (pgn_tags has at most 64 known tags)
            self.column_of[k] = self.index.get(KNOWN_TAGS[k], -1) if k < len(KNOWN_TAGS) else -1
        self.held = self.failed = self.in_headers = 0

    def leave(self, tags: tuple) -> None:
        """Leave the tags named to the headers dict (the reader reads them itself)."""
        for tag in tags:
            if tag in KNOWN_TAGS:
                self.column_of[KNOWN_TAGS.index(tag)] = -1

    def held_tag(self, known: cython.int, p: cython.p_char, value: cython.Py_ssize_t,
                 end: cython.Py_ssize_t) -> cython.bint:
        """Put the value p[value:end] of the tag KNOWN_TAGS[known] (-1: an unknown tag) in its
        column, if it has one (False: it has none, or the game's headers took this tag before,
        and take it now)."""
        k: cython.int = self.column_of[known] if known >= 0 else -1
        if k < 0 or self.in_headers & (_BIT << k):
            return False
        if self.held & (_BIT << k):  # (the tag given twice: the last counts, as in a dict)
            self.unhold(k)
        self.held |= _BIT << k
        n: cython.Py_ssize_t = end - value
        i: cython.Py_ssize_t
        q: cython.p_char
        if cython.compiled:  # noqa: SIM108  (a ternary would have mypy add bytes and an int)
            q = p + value
        else:
            q = p[value:end]
        for i in range(n):
            if q[i] < 0 or q[i] > 127:  # (not ASCII: decoded as the headers would be, errors replaced)
                text = _text(q, n)
                if not self.column(k, text, None):
                    self.slots[k], self.failed = text, self.failed | (_BIT << k)
                return True
        if not self.put(k, q, n):
            self.slots[k], self.failed = _text(q, n), self.failed | (_BIT << k)
        return True

    def unhold(self, k: cython.int) -> cython.void:
        """Take back the game's value of column `k` read by held_tag."""
        if self.kinds[k] == _TEXT:
            cython.cast(_Texts, self.texts[k]).pop()
            if k == self.site:
                self.lichess_ids.pop()
        else:
            cython.cast(_Numbers, self.numbers[k]).pop()
            if self.kinds[k] == _TIME_CONTROL:
                self.increments.pop()
        self.held &= ~(_BIT << k)
        self.failed &= ~(_BIT << k)

    def to_headers(self, name: str) -> cython.void:
        """The reader put the game's tag `name` in its headers (a tag line the C scan does not
        read): a value held_tag read before goes, and the headers keep the tag from now on."""
        index = self.index.get(name)
        if index is not None:
            k: cython.int = index
            if self.held & (_BIT << k):
                self.unhold(k)
            self.in_headers |= _BIT << k

    def add(self, headers: dict, result: object) -> cython.void:
        """The columns' row of one game: its tags (those held_tag did not take), and the result
        token read (None: none)."""
        seen: cython.ulonglong = self.held  # (bit k: column k's tag is the game's)
        failed: cython.ulonglong = self.failed  # (bit k: its value did not read as the column's type)
        entries: cython.Py_ssize_t = 0
        k: cython.Py_ssize_t
        for tag, value in headers.items():
            index = self.index.get(tag)
            if index is None:
                self.keys.add(tag)
                self.values.add(value)
                entries += 1
                continue
            k = index
            seen |= _BIT << k
            if not self.column(k, value, result):
                self.slots[k] = value
                failed |= _BIT << k
        for k in range(self.width):
            if not seen & (_BIT << k):
                self.column(k, None, result)
        if failed:  # (as written, after the game's other tags: in the columns' order)
            for k in range(self.width):
                if failed & (_BIT << k):
                    self.keys.add(self.names[k])
                    self.values.add(self.slots[k])
                    entries += 1
        self.entries.append(self.entries.last() + entries)
        self.count += 1
        self.held = self.failed = self.in_headers = 0

    def column(self, k: cython.int, value: object, result: object) -> cython.bint:
        """The game's value of column `k` (None: the game has no such tag) put in the column:
        False where it does not read as the column's type (null there, then), or for a Result
        tag unlike the result token."""
        kind: cython.int = self.kinds[k]
        if kind == _RESULT:
            return value is None or value == result
        if value is not None:
            text: str = cython.cast(str, value)
            return self.put(k, _utf8(text), _utf8_size(text))
        if kind == _TEXT:
            cython.cast(_Texts, self.texts[k]).add_null()
            if k == self.site:
                self.lichess_ids.add_null()
        else:
            cython.cast(_Numbers, self.numbers[k]).add_null()
            if kind == _TIME_CONTROL:
                self.increments.add_null()
        return True

    def put(self, k: cython.int, p: cython.p_char, n: cython.Py_ssize_t) -> cython.bint:
        """The value p[:n] (UTF-8) put in column `k` (not Result's): False where it does not read
        as the column's type (null there, then)."""
        kind: cython.int = self.kinds[k]
        if kind == _TEXT:
            cython.cast(_Texts, self.texts[k]).append(p, 0, n)
            if k == self.site:  # lichess's game id too
                self.lichess_ids.add_lichess_id(p, n)
            return True
        numbers: _Numbers = self.numbers[k]
        read: cython.longlong
        if kind == _DATE:
            read = _date(p, n)
        elif kind == _TIME:
            read = _time(p, n)
        elif kind == _INT16:
            read = _int16(p, n)
        else:
            read = _time_control(p, n)
        if read == _NOT_READ:
            numbers.add_null()
            if kind == _TIME_CONTROL:
                self.increments.add_null()
            return False
        if kind == _TIME_CONTROL:
            numbers.append(read >> 32)
            self.increments.append(read & _LOW_HALF)
        else:
            numbers.append(read)
        return True

    def take(self, count: cython.Py_ssize_t) -> dict:
        """The first `count` rows, which leave the table, as NumPy arrays: for each column of
        tables.games_schema read from tags, (offsets, UTF-8 bytes, validity) for a string
        column, (values, validity) for the rest (int32; time_control_base and _increment
        from TimeControl); `tags` as (entry offsets, keys, values), its keys and values
        (offsets, UTF-8 bytes, validity)."""
        import numpy as np
        out: dict = {}
        k: cython.int
        for k in range(self.width - 2):
            column = GAME_TAGS[self.names[k]][0]
            out[column] = (self.texts[k] if self.kinds[k] == _TEXT else self.numbers[k]).take(count)
        out["time_control_base"] = self.numbers[self.width - 2].take(count)
        out["time_control_increment"] = self.increments.take(count)
        out["lichess_id"] = self.lichess_ids.take(count)
        entries = self.entries.take(count, 1)[0]  # (the `count` games' offsets, and where the next one's start)
        taken: cython.Py_ssize_t = entries[-1]
        out["tags"] = (entries.astype(np.int32), self.keys.take(taken), self.values.take(taken))
        self.entries.rebase(taken)  # (the games left: their entries now from the first key left)
        self.count -= count
        return out


class _Texts:
    """A growing string column as Arrow lays one out: the values' UTF-8 bytes end to end, each
    one's end (int32 offsets), and a validity byte each."""

    def __init__(self):
        import numpy as np
        self.count = self.size = 0
        self.data_array = np.empty(0x1000, dtype=np.uint8)
        self.offsets_array = np.zeros(0x400, dtype=np.int32)  # (offsets[0] is 0: a value ends at offsets[k + 1])
        self.valid_array = np.empty(0x400, dtype=np.uint8)
        self.data, self.offsets, self.valid = self.data_array, self.offsets_array, self.valid_array

    def add(self, text: str) -> cython.void:
        self.append(_utf8(text), 0, _utf8_size(text))

    def add_lichess_id(self, p: cython.p_char, n: cython.Py_ssize_t) -> cython.void:
        """The game id of a lichess address (http(s)://lichess.org/ and 8 letters or digits):
        null for another Site, p[:n] (UTF-8)."""
        start: cython.Py_ssize_t = n - 8
        host: cython.Py_ssize_t = start - 12  # (where lichess.org/ starts)
        k: cython.Py_ssize_t
        if (n == 27 or n == 28) and p[0] == 104 and p[1] == 116 and p[2] == 116 and p[3] == 112 and (
                n == 27 or p[4] == 115) and p[host - 3] == 58 and p[host - 2] == 47 and p[host - 1] == 47:
            for k in range(12):  # ("http" "s"? "://" "lichess.org/")
                if p[host + k] != _LICHESS[k]:
                    self.add_null()
                    return
            for k in range(start, n):
                if not _alphanumeric(p[k]):
                    self.add_null()
                    return
            self.append(p, start, n)
        else:
            self.add_null()

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def append(self, p: cython.p_char, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.void:
        """The value p[start:end] (UTF-8)."""
        n: cython.Py_ssize_t = end - start
        if self.size + n > 0x7FFFFFFF:
            raise InvalidArgumentError(f"over 2 GiB of one tag's values in {self.count} games of the input: more "
                                       "than a string column of Arrow holds")
        if self.count + 1 >= self.offsets.shape[0] or self.size + n > self.data.shape[0]:
            self.grow(n)
        if cython.compiled:
            memcpy(cython.cast(cython.p_char, cython.address(self.data[0])) + self.size, p + start, n)
        else:
            import numpy as np
            self.data[self.size:self.size + n] = np.frombuffer(p, dtype=np.uint8)[start:end]
        self.size += n
        self.valid[self.count] = 1
        self.count += 1
        self.offsets[self.count] = self.size

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def add_null(self) -> cython.void:
        if self.count + 1 >= self.offsets.shape[0]:
            self.grow(0)
        self.valid[self.count] = 0
        self.count += 1
        self.offsets[self.count] = self.size

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def pop(self) -> cython.void:
        """Take the last value back."""
        self.count -= 1
        self.size = self.offsets[self.count]

    def grow(self, n: cython.Py_ssize_t) -> None:
        """Room for one more value of `n` bytes (each array doubled while it is short)."""
        import numpy as np
        data, offsets, valid = self.data_array, self.offsets_array, self.valid_array
        if self.size + n > len(data):
            data = np.empty(max(2 * len(data), self.size + n), dtype=np.uint8)
            data[:self.size] = self.data_array[:self.size]
        if self.count + 1 >= len(offsets):
            offsets, valid = np.empty(2 * len(offsets), dtype=np.int32), np.empty(2 * len(offsets), dtype=np.uint8)
            offsets[:self.count + 1] = self.offsets_array[:self.count + 1]
            valid[:self.count] = self.valid_array[:self.count]
        self.data_array, self.offsets_array, self.valid_array = data, offsets, valid
        self.data, self.offsets, self.valid = data, offsets, valid

    def take(self, count: cython.Py_ssize_t) -> tuple:
        """(offsets, bytes, validity) of the first `count` values (copies), which leave."""
        ends = self.offsets_array[:count + 1].copy()
        used: cython.Py_ssize_t = ends[count]
        out = (ends, self.data_array[:used].copy(), self.valid_array[:count].view(bool).copy())
        rest: cython.Py_ssize_t = self.count - count  # (values added after them: moved to the front)
        if rest:
            self.data_array[:self.size - used] = self.data_array[used:self.size].copy()
            self.offsets_array[:rest + 1] = self.offsets_array[count:self.count + 1] - used
            self.valid_array[:rest] = self.valid_array[count:self.count].copy()
        self.count, self.size = rest, self.size - used
        return out


class _Numbers:
    """A growing column of numbers (int64 while it grows), with a validity byte each."""

    def __init__(self):
        import numpy as np
        self.count = 0
        self.values_array = np.empty(0x400, dtype=np.int64)
        self.valid_array = np.empty(0x400, dtype=np.uint8)
        self.values, self.valid = self.values_array, self.valid_array

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def append(self, value: cython.longlong) -> cython.void:
        if self.count == self.values.shape[0]:
            self.grow()
        self.values[self.count] = value
        self.valid[self.count] = 1
        self.count += 1

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def add_null(self) -> cython.void:
        self.append(0)
        self.valid[self.count - 1] = 0

    def pop(self) -> cython.void:
        """Take the last value back."""
        self.count -= 1

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)  # (set in __init__)
    def last(self) -> cython.longlong:
        return self.values[self.count - 1]

    def grow(self) -> None:
        import numpy as np
        values, valid = np.empty(2 * self.count, dtype=np.int64), np.empty(2 * self.count, dtype=np.uint8)
        values[:self.count], valid[:self.count] = self.values_array[:self.count], self.valid_array[:self.count]
        self.values_array, self.valid_array = values, valid
        self.values, self.valid = values, valid

    def rebase(self, by: cython.longlong) -> None:
        """Every value less `by` (the map's offsets, once the entries before them leave)."""
        self.values_array[:self.count] -= by

    def take(self, count: cython.Py_ssize_t, overlap: cython.Py_ssize_t = 0) -> tuple:
        """(values, validity) of the first `count` values (copies), which leave; `overlap`
        more values go with them, and stay too (offsets: where the next value starts)."""
        out = (self.values_array[:count + overlap].copy(), self.valid_array[:count + overlap].view(bool).copy())
        rest: cython.Py_ssize_t = self.count - count
        if rest:
            self.values_array[:rest] = self.values_array[count:self.count].copy()
            self.valid_array[:rest] = self.valid_array[count:self.count].copy()
        self.count = rest
        return out


@cython.cfunc
def _text(p: cython.p_char, n: cython.Py_ssize_t) -> str:
    """p[:n] decoded as UTF-8, errors replaced (as the reader decodes a tag's value)."""
    if cython.compiled:
        return PyUnicode_DecodeUTF8(p, n, "replace")
    return p[:n].decode("utf-8", errors="replace")


@cython.cfunc
@cython.inline
def _utf8(text: str) -> cython.p_char:
    """The UTF-8 bytes of `text` (compiled: the string's own, made once and kept by it)."""
    if cython.compiled:
        return cython.cast(cython.p_char, PyUnicode_AsUTF8AndSize(text, cython.NULL))
    return text.encode()


@cython.cfunc
@cython.inline
def _utf8_size(text: str) -> cython.Py_ssize_t:
    """How many bytes `_utf8(text)` has."""
    size: cython.Py_ssize_t = 0
    if cython.compiled:
        PyUnicode_AsUTF8AndSize(text, cython.address(size))
        return size
    return len(text.encode())


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _digits(p: cython.p_char, start: cython.Py_ssize_t, end: cython.Py_ssize_t) -> cython.longlong:
    """The number the ASCII digits p[start:end] spell; _NOT_READ if one is something else."""
    value: cython.longlong = 0
    k: cython.Py_ssize_t
    for k in range(start, end):
        c: cython.int = p[k]
        if c < 48 or c > 57:
            return _NOT_READ
        value = value * 10 + (c - 48)
    return value


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _alphanumeric(c: cython.int) -> cython.bint:
    return 48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122


@cython.cfunc
@cython.exceptval(check=False)
def _int16(p: cython.p_char, n: cython.Py_ssize_t) -> cython.longlong:
    """A rating or a rating's change: an optional sign and 1 to 5 digits, in int16's range."""
    sign: cython.longlong = -1 if n and p[0] == 45 else 1
    start: cython.Py_ssize_t = 1 if n and (p[0] == 45 or p[0] == 43) else 0  # ("-" or "+")
    if n - start < 1 or n - start > 5:
        return _NOT_READ
    value: cython.longlong = _digits(p, start, n)
    if value == _NOT_READ or sign * value < -32768 or sign * value > 32767:
        return _NOT_READ
    return sign * value


@cython.cfunc
@cython.exceptval(check=False)
def _date(p: cython.p_char, n: cython.Py_ssize_t) -> cython.longlong:
    """A PGN date, YYYY.MM.DD, of a day that exists (years 1 to 9999, Gregorian), as days
    since 1970-01-01 (Arrow's date32)."""
    if n != 10 or p[4] != 46 or p[7] != 46:
        return _NOT_READ
    year: cython.longlong = _digits(p, 0, 4)
    month: cython.longlong = _digits(p, 5, 7)
    day: cython.longlong = _digits(p, 8, 10)
    if year == _NOT_READ or month == _NOT_READ or day == _NOT_READ or year < 1 or not 1 <= month <= 12 or day < 1:
        return _NOT_READ
    if day > _days_in_month(year, month):
        return _NOT_READ
    # days since 0000-03-01 (a year from March on: the leap day last), then since 1970-01-01
    march_year: cython.longlong = year - (month <= 2)
    day_of_year: cython.longlong = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    days: cython.longlong = march_year * 365 + march_year // 4 - march_year // 100 + march_year // 400 + day_of_year
    return days - 719468


@cython.cfunc
@cython.exceptval(check=False)
def _days_in_month(year: cython.longlong, month: cython.longlong) -> cython.int:
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month == 4 or month == 6 or month == 9 or month == 11 else 31


@cython.cfunc
@cython.exceptval(check=False)
def _time(p: cython.p_char, n: cython.Py_ssize_t) -> cython.longlong:
    """A time of day, HH:MM:SS (00:00:00 to 23:59:59), as seconds since midnight (the games
    table's time32[ms] holds them in milliseconds)."""
    if n != 8 or p[2] != 58 or p[5] != 58:
        return _NOT_READ
    hours: cython.longlong = _digits(p, 0, 2)
    minutes: cython.longlong = _digits(p, 3, 5)
    seconds: cython.longlong = _digits(p, 6, 8)
    if hours == _NOT_READ or minutes == _NOT_READ or seconds == _NOT_READ or hours > 23 or minutes > 59 or seconds > 59:
        return _NOT_READ
    return hours * 3600 + minutes * 60 + seconds


@cython.cfunc
@cython.exceptval(check=False)
def _time_control(p: cython.p_char, n: cython.Py_ssize_t) -> cython.longlong:
    """lichess's TimeControl, base+increment in seconds (1 to 9 digits each), as base << 32
    | increment."""
    plus: cython.Py_ssize_t = 0
    while plus < n and p[plus] != 43:
        plus += 1
    if plus < 1 or plus > 9 or n - plus - 1 < 1 or n - plus - 1 > 9:
        return _NOT_READ
    base: cython.longlong = _digits(p, 0, plus)
    increment: cython.longlong = _digits(p, plus + 1, n)
    if base == _NOT_READ or increment == _NOT_READ:
        return _NOT_READ
    return (base << 32) | increment
