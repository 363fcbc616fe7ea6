"""PGN's tag names: the Seven Tag Roster, and the names both PGN readers take without making a
string (KNOWN_TAGS), found in C by their length and first letter: a name read is otherwise a new
string to make and hash, a dozen a game. game_tree/reading and data/pgn_reader cimport
`known_tag`."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.unicode import PyUnicode_DATA
    from cython.cimports.libc.string import memcmp


#: The seven tags every PGN game carries, in the order PGN writes them.
TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]

#: The tag names the readers read without making a string: the roster's, and those lichess,
#: chess.com and the PGN standard's supplement write most.
KNOWN_TAGS = tuple(TAG_ROSTER) + (
    "WhiteElo", "BlackElo", "TimeControl", "ECO", "Termination", "Opening", "Variation", "UTCDate", "UTCTime",
    "WhiteRatingDiff", "BlackRatingDiff", "WhiteTitle", "BlackTitle", "Variant", "FEN", "SetUp", "Annotator",
    "PlyCount", "EventDate", "EventType", "EventRounds", "EventCountry", "Time", "Mode", "Board", "Source",
    "SourceDate", "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "Link", "StartTime", "EndDate")

_NAMES = cython.declare(tuple, KNOWN_TAGS)  # (a C global: no lookup in the module's dict)
# KNOWN_TAGS's indices by the names' lengths (those of length n at _BY_LENGTH[n]:_BY_LENGTH[n + 1]),
# and each one's first letter
_ORDER = sorted(range(len(KNOWN_TAGS)), key=lambda k: len(KNOWN_TAGS[k]))
_KNOWN_ORDER = cython.declare(cython.int[64],  # type: ignore[misc, valid-type]  # a C array: no Python type
                              _ORDER + [0] * (64 - len(_ORDER)))
_KNOWN_FIRST = cython.declare(cython.char[64],  # type: ignore[misc, valid-type]  # a C array: no Python type
                              [ord(KNOWN_TAGS[k][0]) for k in _ORDER] + [0] * (64 - len(_ORDER)))
_BY_LENGTH = cython.declare(cython.int[32],  # type: ignore[misc, valid-type]  # a C array: no Python type
                            [sum(len(name) < n for name in KNOWN_TAGS) for n in range(32)])


@cython.cfunc
@cython.exceptval(check=False)
def known_tag(p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.int:
    """The index in KNOWN_TAGS of the tag name p[i:j], -1 for another (looked for among the
    names of its length)."""
    length: cython.Py_ssize_t = j - i
    k: cython.int
    if length > 30:  # (_BY_LENGTH's reach; no known name is as long)
        return -1
    for k in range(_BY_LENGTH[length], _BY_LENGTH[length + 1]):
        if _KNOWN_FIRST[k] == p[i] and _same(p, i, _NAMES[_KNOWN_ORDER[k]], length):
            return _KNOWN_ORDER[k]
    return -1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _same(p: cython.p_char, i: cython.Py_ssize_t, name: str, length: cython.Py_ssize_t) -> cython.bint:
    """Whether p[i:i + length] spells the ASCII `name` (of that length)."""
    if cython.compiled:
        return memcmp(p + i, PyUnicode_DATA(name), length) == 0
    else:
        return p[i:i + length] == name.encode()
