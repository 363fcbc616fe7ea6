"""A PGN handle's text a line at a time, for the reader (game_tree/reading), as python-chess's
`handle.readline()` loop takes it, and with the handle left where that loop leaves it.

The current line is data[start:end] (its line break included), its bytes at p: data is bytes
(UTF-8), or, compiled, a str of one byte a character scanned as it is. How the text comes:

- a StringIO: in blocks of UTF-8 copied out of its own buffer (blocks.py), split at its
  newlines, and the StringIO seeked back to the end of the last line taken; text with a
  carriage return that is not a CRLF's goes back to readline(), from the line not finished;
- a text file of newline=None (an io.TextIOWrapper, the lines' ends translated to "\\n"): each
  line its wrapper has decoded already is taken where it lies, the wrapper moved past it as its
  readline() moves it (textfile.decoded_line); readline() for a line that runs past the text
  decoded, and for the first line of each read (which also says if the file is closed);
- any other handle: readline().

The first two only compiled, and only where no visitor's code runs while the game is read (it
may look at the handle: it must then find it where python-chess's would be)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.native import find_byte
    from .blocks import newlines_plain, stringio_block, stringio_seek, stringio_tell
    from .textfile import decoded_line, decoded_readable, read_on

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING
    from cython.cimports.cpython.unicode import (
        PyUnicode_1BYTE_KIND,
        PyUnicode_DATA,
        PyUnicode_GET_LENGTH,
        PyUnicode_KIND,
    )

import io

# how the text comes (Lines.how)
_BY_LINES = cython.declare(cython.int, 0)  # readline()
_STRING = cython.declare(cython.int, 1)  # a StringIO's blocks
_DECODED = cython.declare(cython.int, 2)  # a text file's decoded text, else readline()

_STRINGIO = io.StringIO
_BOM = b"\xef\xbb\xbf"

# the recent games' length (a moving average): a StringIO's first block is half as long again
_length = cython.declare(cython.Py_ssize_t, 3072)


@cython.cclass
class Lines:
    """The handle's text, a line at a time (the module's docstring says how)."""

    @cython.cfunc
    def open(self, handle, blocks: cython.bint) -> cython.void:
        """Reads `handle` other than by readline() where it may and `blocks` (a visitor's own code
        runs while it reads: the handle must then be where python-chess's would be)."""
        self.handle = handle
        self.hold(b"")
        self.start = self.end = 0
        self.eof = self.returns = False
        self.ascii = True
        self.how = _BY_LINES
        if blocks and type(handle) is _STRINGIO:
            self.how = _STRING
            self.base = self.origin = self.next = stringio_tell(handle)
            self.size = min(_length + _length // 2 + 64, 1048576)
            return
        if blocks and decoded_readable(handle):
            self.how = _DECODED
        self.readline = handle.readline

    @cython.cfunc
    def finish(self) -> cython.void:
        """Leaves a StringIO at the end of the last line taken (where readline() would leave it),
        and sizes its next first read after this game's length (a file is where readline()
        would leave it already)."""
        global _length
        if self.how == _STRING:
            position: cython.Py_ssize_t = self.base + self.chars(self.end)
            stringio_seek(self.handle, position)
            _length = (3 * _length + position - self.origin) // 4

    @cython.cfunc
    @cython.exceptval(check=False)
    def chars(self, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """The characters of data[:i] (its UTF-8 lead bytes)."""
        if self.ascii:
            return i
        p: cython.p_char = self.p
        count: cython.Py_ssize_t = 0
        k: cython.Py_ssize_t
        for k in range(i):
            count += (p[k] & 0xC0) != 0x80
        return count

    @cython.cfunc
    def first_line(self) -> cython.bint:
        """The first line of the read, its byte-order marks stripped as python-chess strips
        them; False at the end of the text."""
        if self.how == _STRING:
            self.refill(0)
        if self.how == _BY_LINES or self.how == _DECODED:
            line = self.readline()
            return self.take(line if _narrow(line) else line.lstrip("\ufeff"))
        if not self.next_line():
            return False
        if type(self.data) is bytes:
            while self.end - self.start >= 3 and self.data.startswith(_BOM, self.start):
                self.start += 3
        return self.start < self.end

    @cython.cfunc
    def next_line(self) -> cython.bint:
        """Moves on to the next line; False at the end of the text."""
        bounds: cython.Py_ssize_t[2] = [0, 0]
        if self.how == _DECODED:
            text = decoded_line(self.handle, bounds)
            if text is not None:  # (a line of text decoded with its ends translated: no "\r" in it)
                self.data = text
                self.p = _pointer(text)
                self.n = bounds[1]
                self.start, self.end = bounds[0], bounds[1]
                self.returns = False
                return True
            line = read_on(self.handle)
            if line is not None:
                return self.take(line)
        if self.how == _BY_LINES or self.how == _DECODED:
            return self.take(self.readline())
        i: cython.Py_ssize_t = self.end
        j: cython.Py_ssize_t
        while True:
            j = find_byte(self.data, self.p, ord("\n"), i, self.n)
            if j >= 0:
                self.start, self.end = i, j + 1
                return True
            if self.eof:  # the last line, without its line break
                self.start, self.end = i, self.n
                return i < self.n
            self.refill(i)
            if self.how != _STRING:
                return self.next_line()
            i = 0

    @cython.cfunc
    def refill(self, i: cython.Py_ssize_t) -> cython.void:
        """Reads the next block after data[:i] (which is dropped; data[i:] is the line not
        finished)."""
        kept = self.data[i:] if i < self.n else None
        self.base += self.chars(i)
        block, taken = stringio_block(self.handle, self.next, self.size)
        cut: cython.bint = (self.next == self.origin and self.origin > 0 and block.startswith(b"\n")
                            and stringio_block(self.handle, self.origin - 1, 1)[0] == b"\r")
        self.next += taken
        self.eof = taken < self.size
        self.ascii = self.ascii and len(block) == taken
        self.size = max(4096, (self.next - self.origin) // 2)
        if find_byte(block, _pointer(block), ord("\r"), 0, len(block)) >= 0:
            self.returns = True
        # (the StringIO's newline mode decides where a carriage return is not before a newline,
        # or where a read stopped inside a "\r\n", whose "\n" ends no line in "\r\n" mode)
        if cut or (self.returns and not newlines_plain(block)):
            self.handle.seek(self.base)
            self.by_lines()
            return
        self.hold(block if kept is None else kept + block)
        self.start = self.end = 0

    @cython.cfunc
    def by_lines(self) -> cython.void:
        """Reads on by readline()."""
        self.how = _BY_LINES
        self.readline = self.handle.readline
        self.hold(b"")
        self.start = self.end = 0

    @cython.cfunc
    def hold(self, data) -> cython.void:
        """Makes `data` the text at hand (its bytes at p)."""
        self.data = data
        self.p = _pointer(data)
        self.n = len(data)

    @cython.cfunc
    def take(self, line) -> cython.bint:
        """A line from readline() as the current line; False for the empty one (the end)."""
        if cython.compiled and _narrow(line):  # (the usual line: a str of one byte a character)
            self.data = line
            self.p = cython.cast(cython.p_char, PyUnicode_DATA(line))
            self.n = PyUnicode_GET_LENGTH(line)
        else:
            if not line:
                self.hold(b"")
                self.start = self.end = 0
                return False
            if not isinstance(line, str):
                raise TypeError(
                    f"a PGN handle's lines are text (a handle opened in text mode), not {type(line).__name__}")
            self.hold(line.encode("utf-8", "surrogatepass"))
        self.end = self.n
        self.returns = True  # (a line's tag is looked at in full)
        self.start = 0
        return True


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _pointer(data) -> cython.p_char:
    """The bytes of `data` (compiled: of a bytes, or of a str of one byte a character)."""
    if cython.compiled:
        if type(data) is str:
            return cython.cast(cython.p_char, PyUnicode_DATA(data))
        return PyBytes_AS_STRING(data)
    else:
        return data


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _narrow(line) -> cython.bint:
    """Whether a line is a str of one byte a character, not empty (compiled: then scanned as it
    is, each byte a character; no character of Latin-1 is taken for an ASCII one)."""
    if cython.compiled:
        return type(line) is str and PyUnicode_KIND(line) == PyUnicode_1BYTE_KIND and PyUnicode_GET_LENGTH(line) > 0
    return False


