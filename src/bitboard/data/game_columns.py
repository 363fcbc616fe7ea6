"""The per-game half of the reader's columns: each game's offset, result token, error and tags,
kept by the reader in C as it finishes a game, and turned into columns in C loops, so that
to_arrays and the Parquet writer touch no game in Python (at 30,000 games a second and twenty
tags each, a Python loop over them cost as much as reading the moves of a fifth of the file).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from ..core.encoding import DATASET_BLACK_WINS, DATASET_DRAW, DATASET_NO_RESULT, DATASET_WHITE_WINS
else:  # (C constants)
    from cython.cimports.bitboard.core.encoding import (
        DATASET_BLACK_WINS,
        DATASET_DRAW,
        DATASET_NO_RESULT,
        DATASET_WHITE_WINS,
    )

from typing import Any  # noqa: F401  (the type comments of __init__)

__all__ = ["GameColumns", "elo_column", "result_column", "tag_columns"]


class GameColumns:
    """What the reader keeps of each game it finishes, in game order from game number `first`:
    the byte offset, the result token read (None: none), the error (None: none) and the tags:
    each game's dict, or with `tags` (names) a dict of only those (memory that a whole file's
    tags would take is slow to fill: to_arrays wants three).
    (A C class: game_columns.pxd declares its attributes.)"""

    def __init__(self, tags: tuple | None = None):
        self.first = 0
        self.tags = tags
        self.offsets = []  # type: list[int]
        self.results = []  # type: list[Any]
        self.errors = []  # type: list[Any]
        self.headers = []  # type: list[dict[str, str]]

    def add(self, offset: cython.Py_ssize_t, result: object, error: object, headers: dict) -> cython.void:
        self.offsets.append(offset)
        self.results.append(result)
        self.errors.append(error)
        if self.tags is None:
            self.headers.append(headers)
        else:
            kept: dict = {}
            for tag in self.tags:
                value = headers.get(tag)
                if value is not None:
                    kept[tag] = value
            self.headers.append(kept)

    def lists(self, games: cython.Py_ssize_t) -> tuple:
        """(offsets, results, errors, headers) of the games numbered below `games`."""
        count: cython.Py_ssize_t = max(0, min(games - self.first, len(self.offsets)))
        return self.offsets[:count], self.results[:count], self.errors[:count], self.headers[:count]

    def take(self, games: cython.Py_ssize_t) -> tuple:
        """`lists(games)`, which then leave the columns."""
        out = self.lists(games)
        count: cython.Py_ssize_t = len(out[0])
        del self.offsets[:count], self.results[:count], self.errors[:count], self.headers[:count]
        self.first += count
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


@cython.boundscheck(False)
@cython.wraparound(False)
def tag_columns(headers: list, names: dict) -> tuple:
    """Each game's tags split: (one list per tag of `names` ({tag: column index}) with each
    game's value or None, and one sequence per game of its other tags as (tag, value) in order:
    the same empty tuple for a game with none, as most have)."""
    count: cython.Py_ssize_t = len(headers)
    columns: list = [[None] * count for _ in range(len(names))]
    by_tag: dict = {tag: columns[index] for tag, index in names.items()}
    rest: list = [()] * count
    k: cython.Py_ssize_t
    for k in range(count):
        others: list | None = None
        for tag, value in cython.cast(dict, headers[k]).items():
            column = by_tag.get(tag)
            if column is not None:
                cython.cast(list, column)[k] = value
            elif others is None:
                others = [(tag, value)]
            else:
                others.append((tag, value))
        if others is not None:
            rest[k] = others
    return columns, rest
