"""PGN's movetext tokens, the grammar stated once for both PGN readers: game_tree/reading (python-
chess's trees) and data/pgn_reader (the columns) scan each line with `Tokens.scan`, which gives
the next token as C values (its kind and its place), with no Python object made.

The grammar is python-chess's MOVETEXT_REGEX, matched by hand in the regex's own order (tests
hold the two equal): a move ([NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?, a drop,
--, Z0, 0000, @@@@, O-O, 0-0 and their long forms), a { comment (to its } or the line's end), a
; comment (the rest of the line, read by neither reader, as python-chess reads none), $ NAGs,
( and ), results, and ! ? suffixes. What matches nothing (move numbers, check marks, stray
text) is skipped, as python-chess's finditer skips it: that is the whole of its error recovery
at this level; a move that does not parse is the reader's to report. Lines that begin with %
or ; are skipped whole (`skipped_line`); a blank line ends python-chess's game (the tree reader's
rule; the column reader ends games at results and tag sections instead)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.native import find_byte

    # the token kinds (pgn_tokens.pxd's enum, compiled)
    END, MOVE, COMMENT, OPEN_COMMENT, NAG, OPEN, CLOSE, RESULT, SUFFIX, TAG = range(10)
    EVAL, CLOCK, EMT = 1, 2, 4  # (the commands `Tokens.commands` reads)

import re

# a class of characters per byte (bits), for the scanner's tests
_WHITE = cython.declare(cython.int, 1)  # ASCII white space, as str.isspace() and re's \s read it
_STARTS = cython.declare(cython.int, 2)  # may begin a token of MOVETEXT_REGEX
_FILE = cython.declare(cython.int, 4)  # a-h
_RANK = cython.declare(cython.int, 8)  # 1-8
_PIECE = cython.declare(cython.int, 16)  # NBKRQ: a move's piece letter
_PROMOTION = cython.declare(cython.int, 32)  # nbrqkNBRQK
_DIGIT = cython.declare(cython.int, 64)  # 0-9
_TAG_NAME = cython.declare(cython.int, 128)  # A-Za-z0-9_+#=:- (a tag name's characters)
_TAG_FIRST = cython.declare(cython.int, 256)  # A-Za-z0-9 (its first)
_DROPPED = cython.declare(cython.int, 512)  # PNBRQK: a drop's piece letter
_ALONE = cython.declare(cython.int, 1024)  # {;$()*?!: begins a token, and never a move's
_QUIET = cython.declare(cython.int, 2048)  # passed over as no token, and no stray text: move numbers, +#}$


def _classes(c: int) -> int:
    char, ascii_ = chr(c), c < 128
    members = ((_WHITE, ascii_ and char.isspace()), (_STARTS, char in "NBKRQPabcdefgh012345678-x@ZO{;$()*?!"),
               (_FILE, char in "abcdefgh"), (_RANK, char in "12345678"), (_PIECE, char in "NBKRQ"),
               (_PROMOTION, char in "nbrqkNBRQK"), (_DIGIT, char in "0123456789"), (_DROPPED, char in "PNBRQK"),
               (_TAG_NAME, ascii_ and (char.isalnum() or char in "_+#=:-")), (_TAG_FIRST, ascii_ and char.isalnum()),
               (_ALONE, char in "{;$()*?!"), (_QUIET, char.isspace() or char in "0123456789.+#}$"))
    return sum(bit for bit, member in members if member)


_CLASS = cython.declare(cython.ushort[256],  # type: ignore[misc, valid-type]  # a C array: no Python type
                        [_classes(c) for c in range(256)])
#: python-chess's tag line (chess.pgn.TAG_REGEX): what `Tokens.tag` reads in C, and the readers
#: ask where it cannot tell.
TAG_REGEX = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')
#: The comment commands python-chess reads (chess.pgn's names): what `Tokens.commands` reads in
#: C, and the readers ask where C cannot tell.
CLOCK_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%clk\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EMT_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%emt\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)")
#: A comment command with the white space around it, any command ([%eval], [%clk], [%csl] ...):
#: what the column reader takes out of a comment's text (`commands_only` tells in C when nothing
#: else is left).
COMMAND_REGEX = re.compile(r"\s*\[%[^\]]*\]\s*")
_LONGEST = cython.declare(cython.int, 18)  # digits a C value holds (more: the regular expression reads them)
_LINE_COMMENT = cython.declare(cython.int, 15)  # (a kind _match gives, which `scan` reads as the line's end)
_RESULTS = cython.declare(tuple, ("1-0", "0-1", "1/2-1/2", "*"))
_LONGEST_NAG = cython.declare(cython.int, 18)  # digits a NAG's C value holds (more: the reader's int())


@cython.final
@cython.cclass
class Tokens:
    """The scanner's answer: the token `scan` found, of kind `kind` at p[start:stop], the scan
    to go on at `after`, and where it passed over stray text before it (`junk`: python-chess
    skips it; the column reader reports it). A comment's text is p[start:stop] (after the {, up to its } or, kind
    OPEN_COMMENT, the line's end); a NAG's, its digits."""

    kind: cython.int
    start: cython.Py_ssize_t
    stop: cython.Py_ssize_t
    after: cython.Py_ssize_t
    junk: cython.Py_ssize_t  # the first byte of stray text the scan passed over, -1 if none
    value: cython.Py_ssize_t  # a tag's value at p[value:value_end] (`tag`)
    value_end: cython.Py_ssize_t
    mate: cython.bint  # a comment's [%eval] (`commands`): a mate, in `number` moves, or centipawns
    number: cython.longlong
    depth: cython.longlong  # (-1: none)
    seconds: cython.double  # a comment's [%clk] or [%emt] (`commands`)

    @cython.cfunc
    @cython.exceptval(check=False)
    def scan(self, data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.int:
        """The next token of the line data[i:n] (its bytes at p), END where none is left."""
        found: cython.Py_ssize_t = 0
        junk: cython.Py_ssize_t = -1
        c: cython.int
        while i < n:
            c = _CLASS[p[i] & 0xFF]
            if c & _STARTS:
                found = _match(p, i, n)
                if found:
                    break
                if c & _DIGIT:  # a move number ("12.", "3..."): passed over whole
                    i = _move_number_end(p, i, n)
                    continue
            if not c & _QUIET and junk < 0:
                junk = i
            i += 1
        self.junk = junk
        if i >= n:
            self.kind, self.after = END, n
            return END
        kind: cython.int = found & 15
        end: cython.Py_ssize_t = found >> 4
        if kind == COMMENT:
            self.start = i + 1
            end = find_byte(data, p, ord("}"), i + 1, n)
            if end < 0:
                kind, self.stop, self.after = OPEN_COMMENT, n, n
            else:
                self.stop, self.after = end, end + 1
        elif kind == _LINE_COMMENT:
            kind, self.after = END, n
        else:
            self.start, self.stop, self.after = i + (kind == NAG), end, end
        self.kind = kind
        return kind

    @cython.cfunc
    @cython.exceptval(check=False)
    def tag(self, data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.int:
        """The tag line data[i:n] (p[i] is its '['), as TAG_REGEX reads it: 1 for a tag, its name
        at p[start:stop] and its value at p[value:value_end]; 0 for a line that is none (python-
        chess skips it); -1 where a byte not ASCII stands where TAG_REGEX's \\s may match
        (the reader asks TAG_REGEX then)."""
        j: cython.Py_ssize_t = tag_name_end(p, i + 1, n)
        if j == i + 1:
            return 0
        k: cython.Py_ssize_t = white_end(p, j, n)
        if k < n and p[k] & 0x80:
            return -1
        if k == j or k >= n or p[k] != ord('"'):
            return 0
        e: cython.Py_ssize_t = white_start(p, k + 1, n)
        if e - (k + 1) < 2 or p[e - 1] != ord("]") or p[e - 2] != ord('"'):
            return -1 if e > k + 1 and p[e - 1] & 0x80 else 0
        if find_byte(data, p, ord("\r"), k + 1, e - 2) >= 0:  # (TAG_REGEX's value has none)
            return 0
        self.kind, self.start, self.stop, self.value, self.value_end = TAG, i + 1, j, k + 1, e - 2
        return 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def commands(self, data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t,
                 wanted: cython.int) -> cython.int:
        """The first [%eval] (`wanted` & EVAL), [%clk] (& CLOCK) and [%emt] (& EMT, not with
        CLOCK) of the comment data[i:n] that python-chess's EVAL_REGEX (CLOCK_REGEX, EMT_REGEX)
        matches, in one pass: the bits of those found, their values in the fields (an eval's
        `mate` and `number`, a mate's moves or else centipawns, round(float(text) * 100) exactly,
        and its `depth`; a duration's `seconds`, as int(h) * 3600 + int(m) * 60 + float(s) makes
        them); and those bits << 4 for a command C cannot tell (a byte not ASCII where the
        regex's \\s or \\d may match, more digits than a C value holds): the regex says there."""
        found: cython.int = 0
        kind: cython.int
        end: cython.Py_ssize_t
        if not wanted:
            return 0
        i = _bracket(data, p, i, n - 4)  # (a command's name takes 5 bytes at the least)
        while i >= 0:
            end = 0
            if p[i + 1] == ord("%"):
                kind = 0
                if (wanted & EVAL and i + 6 <= n and p[i + 2] == ord("e") and p[i + 3] == ord("v")
                        and p[i + 4] == ord("a") and p[i + 5] == ord("l")):
                    kind, end = EVAL, self._eval_at(p, i + 6, n)
                elif wanted & CLOCK and p[i + 2] == ord("c") and p[i + 3] == ord("l") and p[i + 4] == ord("k"):
                    kind, end = CLOCK, self._duration_at(p, i + 5, n)
                elif wanted & EMT and p[i + 2] == ord("e") and p[i + 3] == ord("m") and p[i + 4] == ord("t"):
                    kind, end = EMT, self._duration_at(p, i + 5, n)
                if end:
                    wanted &= ~kind
                    found |= kind if end > 0 else kind << 4
                    if not wanted:
                        return found
            # the next [ after the command read (which holds none), or after this one
            i = _bracket(data, p, end if end > 0 else i + 1, n - 4)
        return found

    @cython.cfunc
    @cython.exceptval(check=False)
    def _eval_at(self, p: cython.p_char, j: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """EVAL_REGEX's match after a "[%eval" at p[j]: where it ends (after its ]), 0 for none,
        -1 where the regex must say."""
        if j >= n or p[j] & 0x80:
            return -1 if j < n else 0
        if not _CLASS[p[j] & 0xFF] & _WHITE:
            return 0
        j += 1
        negative: cython.bint = j < n and p[j] == ord("-")
        k: cython.Py_ssize_t = j + negative
        if (k + 4 < n and _CLASS[p[k] & 0xFF] & _DIGIT and p[k + 1] == ord(".") and _CLASS[p[k + 2] & 0xFF]
                & _CLASS[p[k + 3] & 0xFF] & _DIGIT and p[k + 4] == ord("]")):  # "-0.25]", as lichess writes it
            self.mate, self.depth = False, -1
            self.number = (p[k] - ord("0")) * 100 + (p[k + 2] - ord("0")) * 10 + p[k + 3] - ord("0")
            if negative:
                self.number = -self.number
            return k + 5
        self.mate = j < n and p[j] == ord("#")
        j += self.mate
        negative = j < n and p[j] == ord("-")
        j += j < n and (p[j] == ord("-") or p[j] == ord("+"))
        e: cython.Py_ssize_t = _digits_end(p, j, n)
        if e < n and p[e] & 0x80:
            return -1
        if e - j > _LONGEST:
            return -1 if self.mate else 0
        found: cython.Py_ssize_t = 0
        f: cython.Py_ssize_t
        if self.mate:  # #[+-]?\d+
            if e == j:
                return 0
            self.number = _number(p, j, e)
            found = self._depth(p, e, n)
        else:  # [+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?), the first alternative first
            if e - j <= 10 and e < n and p[e] == ord("."):
                f = _digits_end(p, e + 1, n)
                if f < n and p[f] & 0x80:
                    return -1
                if 1 <= f - (e + 1) <= 2:
                    found = self._depth(p, f, n)
                    if found > 0:
                        self.number = _number(p, j, e) * 100 + _number(p, e + 1, f) * (10 if f - e == 2 else 1)
            if not found and 1 <= e - j <= 10:
                found = self._depth(p, e + 1 if e < n and p[e] == ord(".") else e, n)
                if found > 0:
                    self.number = _number(p, j, e) * 100
        if found > 0 and negative:
            self.number = -self.number
        return found

    @cython.cfunc
    @cython.exceptval(check=False)
    def _depth(self, p: cython.p_char, k: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """EVAL_REGEX's end at p[k]: (?:,(?P<depth>\\d+))?\\] (its depth in `depth`); where it
        ends, 0 for no match, -1 where the regex must say."""
        e: cython.Py_ssize_t
        if k < n and p[k] == ord(","):
            e = _digits_end(p, k + 1, n)
            if e < n and p[e] & 0x80:
                return -1
            if e == k + 1 or e >= n or p[e] != ord("]"):
                return 0
            if e - (k + 1) > _LONGEST:
                return -1
            self.depth = _number(p, k + 1, e)
            return e + 1
        self.depth = -1
        return k + 1 if k < n and p[k] == ord("]") else 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _duration_at(self, p: cython.p_char, j: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """\\s(?P<hours>\\d+):(?P<minutes>\\d+):(?P<seconds>\\d+(?:\\.\\d*)?)\\] at p[j]: where it
        ends (after its ]), 0 for no match, -1 where the regex must say."""
        if (j + 8 < n and p[j] == ord(" ") and p[j + 2] == ord(":") and p[j + 5] == ord(":") and p[j + 8] == ord("]")
                and _CLASS[p[j + 1] & 0xFF] & _CLASS[p[j + 3] & 0xFF] & _CLASS[p[j + 4] & 0xFF]
                & _CLASS[p[j + 6] & 0xFF] & _CLASS[p[j + 7] & 0xFF] & _DIGIT):  # " H:MM:SS]", as lichess writes it
            self.seconds = ((p[j + 1] - ord("0")) * 3600 + ((p[j + 3] - ord("0")) * 10 + p[j + 4] - ord("0")) * 60
                            + (p[j + 6] - ord("0")) * 10 + p[j + 7] - ord("0"))
            return j + 9
        if j >= n or p[j] & 0x80:
            return -1 if j < n else 0
        if not _CLASS[p[j] & 0xFF] & _WHITE:
            return 0
        h: cython.Py_ssize_t = _digits_end(p, j + 1, n)
        if h < n and p[h] & 0x80:
            return -1
        if h == j + 1 or h >= n or p[h] != ord(":"):
            return 0
        m: cython.Py_ssize_t = _digits_end(p, h + 1, n)
        if m < n and p[m] & 0x80:
            return -1
        if m == h + 1 or m >= n or p[m] != ord(":"):
            return 0
        s: cython.Py_ssize_t = _digits_end(p, m + 1, n)
        if s < n and p[s] & 0x80:
            return -1
        if s == m + 1 or s >= n:
            return 0
        e: cython.Py_ssize_t = s
        if p[s] == ord("."):
            e = _digits_end(p, s + 1, n)
            if e < n and p[e] & 0x80:
                return -1
        if e >= n or p[e] != ord("]"):
            return 0
        if h - (j + 1) > 9 or m - (h + 1) > 9 or e - (m + 1) > 16:
            return -1
        # the seconds' digits as one integer over a power of ten: float(text), correctly rounded
        digits: cython.longlong = _number(p, m + 1, s)
        scale: cython.double = 1
        k: cython.Py_ssize_t
        for k in range(s + 1, e):
            digits = digits * 10 + (p[k] - ord("0"))
            scale *= 10
        self.seconds = (cython.cast(cython.double, _number(p, j + 1, h) * 3600 + _number(p, h + 1, m) * 60)
                        + digits / scale)
        return e + 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bracket(data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The first [ of data[i:n], -1 if none: the next two bytes looked at first (a command
    follows a { or another command after a space), then memchr."""
    if i < n and p[i] == ord("["):
        return i
    if i + 1 < n and p[i + 1] == ord("["):
        return i + 1
    return find_byte(data, p, ord("["), i + 2, n)


@cython.cfunc
@cython.exceptval(check=False)
def _match(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The token MOVETEXT_REGEX matches at p[i] (its alternatives in their order, the move's
    optional parts backtracked as the regex does): its end << 4 | its kind; 0 for none."""
    c: cython.int = p[i]
    if _CLASS[c & 0xFF] & _ALONE:  # (the regex's later alternatives: no move starts with these)
        return _alone(p, i, n, c)
    if _CLASS[c & 0xFF] & _DIGIT and i + 1 < n and (
            p[i + 1] == ord(".") or (c != ord("0") and _CLASS[p[i + 1] & 0xFF] & _DIGIT)):
        return 0  # a move number's digit ("12.", "3..."): no alternative matches there
    j: cython.Py_ssize_t = _plain_move_end(p, i, n)
    if j < 0:
        j = _move_end(p, i, n)
    if j > 0:
        return j << 4 | MOVE
    j = i + 1 if _CLASS[c & 0xFF] & _DROPPED else i  # a drop: [PNBRQK]?@[a-h][1-8]
    if (j + 2 < n and p[j] == ord("@") and _CLASS[p[j + 1] & 0xFF] & _FILE and _CLASS[p[j + 2] & 0xFF] & _RANK):
        return (j + 3) << 4 | MOVE
    if i + 1 < n:
        if c == ord("-") and p[i + 1] == ord("-"):
            return (i + 2) << 4 | MOVE
        if c == ord("Z") and p[i + 1] == ord("0"):
            return (i + 2) << 4 | MOVE
    if i + 3 < n and ((c == ord("0") and p[i + 1] == ord("0") and p[i + 2] == ord("0") and p[i + 3] == ord("0"))
                      or (c == ord("@") and p[i + 1] == ord("@") and p[i + 2] == ord("@") and p[i + 3] == ord("@"))):
        return (i + 4) << 4 | MOVE
    if (c in (ord("O"), ord("0"))) and i + 2 < n and p[i + 1] == ord("-") and p[i + 2] == c:  # O-O, 0-0
        j = i + 3
        if j + 1 < n and p[j] == ord("-") and p[j + 1] == c:
            j += 2
        return j << 4 | MOVE
    if i + 2 < n and p[i + 1] == ord("-") and ((c == ord("1") and p[i + 2] == ord("0"))
                                               or (c == ord("0") and p[i + 2] == ord("1"))):
        return (i + 3) << 4 | RESULT
    if (c == ord("1") and i + 6 < n and p[i + 1] == ord("/") and p[i + 2] == ord("2") and p[i + 3] == ord("-")
            and p[i + 4] == ord("1") and p[i + 5] == ord("/") and p[i + 6] == ord("2")):
        return (i + 7) << 4 | RESULT
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _move_number_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """After the digit p[i] where no token starts: the end of the move number there, up to four
    digits and their dots (no token starts within them: a move needs a file letter, castling
    and results a - or /, and four zeros would have begun at p[i]), else i + 1, the next byte."""
    j: cython.Py_ssize_t = i + 1
    while j < n and j - i < 4 and _CLASS[p[j] & 0xFF] & _DIGIT:
        j += 1
    if j >= n or p[j] != ord("."):
        return i + 1
    while j < n and p[j] == ord("."):
        j += 1
    return j


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _alone(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t, c: cython.int) -> cython.Py_ssize_t:
    """_match's answer for a token that begins with c, one of {;$()*?!."""
    j: cython.Py_ssize_t
    if c == ord("{"):
        return n << 4 | COMMENT
    if c == ord("$"):
        j = i + 1
        while j < n and _CLASS[p[j] & 0xFF] & _DIGIT:
            j += 1
        return j << 4 | NAG if j > i + 1 else 0
    if c == ord("("):
        return (i + 1) << 4 | OPEN
    if c == ord(")"):
        return (i + 1) << 4 | CLOSE
    if c == ord("*"):
        return (i + 1) << 4 | RESULT
    if c == ord(";"):
        return n << 4 | _LINE_COMMENT
    j = i + 2 if i + 1 < n and (p[i + 1] == ord("?") or p[i + 1] == ord("!")) else i + 1
    return j << 4 | SUFFIX


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _plain_move_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """_move_end's answer at once for the common moves, "e4" and "Nf3" followed by a byte that
    no longer move goes on with (not a-h, - or x): -1 for another (_move_end then reads it)."""
    j: cython.Py_ssize_t = i + (_CLASS[p[i] & 0xFF] & _PIECE != 0)
    if j + 1 >= n or not (_CLASS[p[j] & 0xFF] & _FILE and _CLASS[p[j + 1] & 0xFF] & _RANK):
        return -1
    j += 2
    if j < n and (_CLASS[p[j] & 0xFF] & _FILE or p[j] == ord("-") or p[j] == ord("x")):
        return -1
    if j + 1 < n and p[j] == ord("=") and _CLASS[p[j + 1] & 0xFF] & _PROMOTION:
        return j + 2
    if j < n and _CLASS[p[j] & 0xFF] & _PROMOTION:
        return j + 1
    return j


@cython.cfunc
@cython.exceptval(check=False)
def _move_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The end of [NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])? matched at p[i], -1 for
    none: each optional part taken first and left out second, as the regex backtracks."""
    a: cython.int
    b: cython.int
    r: cython.int
    d: cython.int
    ja: cython.Py_ssize_t
    jb: cython.Py_ssize_t
    jr: cython.Py_ssize_t
    jd: cython.Py_ssize_t
    j: cython.Py_ssize_t
    for a in range(1 if _CLASS[p[i] & 0xFF] & _PIECE else 0, -1, -1):
        ja = i + a
        for b in range(1 if ja < n and _CLASS[p[ja] & 0xFF] & _FILE else 0, -1, -1):
            jb = ja + b
            for r in range(1 if jb < n and _CLASS[p[jb] & 0xFF] & _RANK else 0, -1, -1):
                jr = jb + r
                for d in range(1 if jr < n and (p[jr] == ord("-") or p[jr] == ord("x")) else 0, -1, -1):
                    jd = jr + d
                    if jd + 1 < n and _CLASS[p[jd] & 0xFF] & _FILE and _CLASS[p[jd + 1] & 0xFF] & _RANK:
                        j = jd + 2
                        if j + 1 < n and p[j] == ord("=") and _CLASS[p[j + 1] & 0xFF] & _PROMOTION:
                            return j + 2
                        if j < n and _CLASS[p[j] & 0xFF] & _PROMOTION:
                            return j + 1
                        return j
    return -1


@cython.cfunc
@cython.exceptval(check=False)
def _digits_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Where the ASCII digits from p[i] end."""
    while i < n and ord("0") <= p[i] <= ord("9"):
        i += 1
    return i


@cython.cfunc
@cython.exceptval(check=False)
def _number(p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.longlong:
    """The value of the ASCII digits p[i:j] (at most 18)."""
    value: cython.longlong = 0
    while i < j:
        value = value * 10 + (p[i] - ord("0"))
        i += 1
    return value


def duration(match) -> float:
    """The seconds of a CLOCK_REGEX or EMT_REGEX match, the fraction as written (python-chess's)."""
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


def regex_eval(text: str):
    """EVAL_REGEX's first [%eval] of `text` as (mate or None, centipawns or None, depth or None),
    python-chess's reading; None for none (where `Tokens.commands` cannot tell)."""
    match = EVAL_REGEX.search(text)
    if match is None:
        return None
    mate, cp, depth = match.group("mate", "cp", "depth")
    return (None if mate is None else int(mate), None if cp is None else round(float(cp) * 100),
            None if depth is None else int(depth))


@cython.cfunc
@cython.exceptval(check=False)
def skipped_line(c: cython.int) -> cython.bint:
    """Whether a line that begins with the byte c is skipped whole: an escape line (%, the PGN
    standard's section 6) or a ; comment, as python-chess skips both, in tags and movetext."""
    return c == ord("%") or c == ord(";")


@cython.cfunc
@cython.exceptval(check=False)
def suffix_nag(p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.int:
    """The NAG of the SUFFIX token p[i:j]: ! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6."""
    c: cython.int = p[i]
    if j - i == 1:
        return 1 if c == ord("!") else 2
    if p[i + 1] == c:
        return 3 if c == ord("!") else 4
    return 5 if c == ord("!") else 6


@cython.cfunc
@cython.exceptval(check=False)
def nag_value(p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> cython.longlong:
    """The number of the NAG token's digits p[i:j]; -1 where it has more than a C value holds
    (the reader then makes a Python int of them, as python-chess's int() does)."""
    if j - i > _LONGEST_NAG:
        return -1
    value: cython.longlong = 0
    k: cython.Py_ssize_t
    for k in range(i, j):
        value = value * 10 + (p[k] - ord("0"))
    return value


@cython.cfunc
def result_text(p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> str:
    """The RESULT token p[i:j]'s text: "1-0", "0-1", "1/2-1/2" or "*" (the same string each time)."""
    if j - i == 1:
        return _RESULTS[3]
    if j - i == 7:
        return _RESULTS[2]
    return _RESULTS[0] if p[i] == ord("1") else _RESULTS[1]


@cython.cfunc
@cython.exceptval(check=False)
def commands_only(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.bint:
    """Whether the comment p[i:n] is commands and white space alone, which COMMAND_REGEX.sub
    leaves empty (lichess's "[%eval 0.17] [%clk 0:03:00]"); False where it cannot tell (a byte
    not ASCII outside the commands, which \\s might match) or where something else is left."""
    while i < n:
        if p[i] == ord("[") and i + 1 < n and p[i + 1] == ord("%"):
            i += 2
            while i < n and p[i] != ord("]"):  # (a command's text holds anything but ])
                i += 1
            if i >= n:
                return False  # an unclosed command: the regex leaves it
        elif not _CLASS[p[i] & 0xFF] & _WHITE:
            return False
        i += 1
    return True


@cython.cfunc
@cython.exceptval(check=False)
def arrows_in(data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.bint:
    """Whether the comment data[i:n] holds a "[%csl" or a "[%cal" (where ARROWS_REGEX may match):
    each [ found by memchr, the four bytes after it compared."""
    i = _bracket(data, p, i, n - 4)
    while i >= 0:
        if (p[i + 1] == ord("%") and p[i + 2] == ord("c") and p[i + 4] == ord("l")
                and (p[i + 3] == ord("s") or p[i + 3] == ord("a"))):
            return True
        i = _bracket(data, p, i + 1, n - 4)
    return False


@cython.cfunc
@cython.exceptval(check=False)
def white_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The first index from i of p[i:n] that is not ASCII white space (n if none)."""
    while i < n and _CLASS[p[i] & 0xFF] & _WHITE:
        i += 1
    return i


@cython.cfunc
@cython.exceptval(check=False)
def white_start(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """Where the ASCII white space that ends p[i:n] starts (n if none ends it)."""
    while n > i and _CLASS[p[n - 1] & 0xFF] & _WHITE:
        n -= 1
    return n


@cython.cfunc
@cython.exceptval(check=False)
def tag_name_end(p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The end of the tag name at p[i] (python-chess's TAG_REGEX: [A-Za-z0-9][A-Za-z0-9_+#=:-]*),
    i where none starts there."""
    if i >= n or not _CLASS[p[i] & 0xFF] & _TAG_FIRST:
        return i
    i += 1
    while i < n and _CLASS[p[i] & 0xFF] & _TAG_NAME:
        i += 1
    return i


@cython.cfunc
@cython.exceptval(check=False)
def comment_open_after(data, p: cython.p_char, s: cython.Py_ssize_t, e: cython.Py_ssize_t,
                       in_comment: cython.bint) -> cython.bint:
    """Whether a { comment is open at the end of the line data[s:e] (one was open before it:
    `in_comment`), for readers that skip the movetext: without a ';' the last brace says, else
    the braces are followed up to the first ';' outside a comment."""
    k: cython.Py_ssize_t
    c: cython.int
    if find_byte(data, p, ord(";"), s, e) < 0:
        k = e
        while k > s:
            k -= 1
            c = p[k]
            if c == ord("}"):
                return False
            if c == ord("{"):
                return True
        return in_comment
    for k in range(s, e):
        c = p[k]
        if c == ord("{"):
            in_comment = True
        elif c == ord("}"):
            in_comment = False
        elif c == ord(";") and not in_comment:
            break
    return in_comment
