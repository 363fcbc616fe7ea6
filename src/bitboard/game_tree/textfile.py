"""A text file's decoded lines for the PGN reader without a str a line: what an
`io.TextIOWrapper` has decoded, read through the head of CPython's TextIOWrapper object.

python-chess reads a file by readline(), which copies every line out of the text the wrapper
decoded (8 KB at a time) into a new str, a method call and a str for each of a game's 15 lines
(the 3.5 KB movetext line copied whole) however little the reader then does with the line.
Where the wrapper translates the lines' ends (newline=None, open()'s default: its decoded text
holds no carriage return, and a line ends at its first "\\n"), `decoded_line` takes the next
line in place from the decoded text and moves the wrapper past it, as its readline() would move
it, so that the wrapper is left exactly as python-chess's loop leaves it (tell() and all).

A line that runs past the decoded text makes readline() decode the next chunk: through the
UTF-8 decoder's Python methods, then the text left joined to the whole new chunk, which was
still a third of read_headers' time. Where that chunk is plain ASCII (no carriage return) in an
ASCII-safe encoding, after a chunk the decoder holds nothing of, `read_on` reads it as
readline() reads it (the buffer's read1 of the wrapper's chunk size) and puts it in place
itself, the chunk its own decoding: the wrapper is left as readline() leaves it, but for work
the result never shows. Any other chunk is put back for readline().

The head is declared below; a test at import checks, with three wrappers over BytesIO, that
this interpreter lays it out so (the buffer, encoding and errors it holds are where they are
declared, and its decoded text and snapshot change as readline() and seek() change them).
Elsewhere, and uncompiled, files are read by readline()."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.cpython.ref import Py_INCREF, Py_XDECREF
    from cython.cimports.cpython.unicode import (
        PyUnicode_1BYTE_KIND,
        PyUnicode_DATA,
        PyUnicode_GET_LENGTH,
        PyUnicode_KIND,
        PyUnicode_New,
    )
    from cython.cimports.libc.string import memchr, memcpy


    PyObjectPtr = cython.typedef(cython.pointer(PyObject))
    # The head of CPython's TextIOWrapper object (Modules/_io/textio.c, `textio`: the same fields,
    # in this order, 3.8 to 3.13), up to its snapshot.
    _TextIOHead = cython.struct(
        head=PyObject, ok=cython.int, detached=cython.int, chunk_size=cython.Py_ssize_t, buffer=PyObjectPtr,
        encoding=PyObjectPtr, encoder=PyObjectPtr, decoder=PyObjectPtr, readnl=PyObjectPtr, errors=PyObjectPtr,
        writenl=cython.p_char, line_buffering=cython.char, write_through=cython.char, readuniversal=cython.char,
        readtranslate=cython.char, writetranslate=cython.char, seekable=cython.char, has_read1=cython.char,
        telling=cython.char, finalizing=cython.char, encodefunc=cython.p_void, encoding_start_of_stream=cython.char,
        decoded_chars=PyObjectPtr, decoded_chars_used=cython.Py_ssize_t, pending_bytes=PyObjectPtr,
        pending_bytes_count=cython.Py_ssize_t, snapshot=PyObjectPtr, b2cratio=cython.double)

import codecs
import io

_TEXT_FILE = io.TextIOWrapper
_BUFFERED = (io.BufferedReader, io.BufferedRandom)
# the codecs that decode a byte under 0x80 as that character, whatever came before it
_ASCII_SAFE = frozenset(("utf-8", "ascii", "iso8859-1", "cp1252"))
_SAFE = cython.declare(dict, {})  # encoding name -> its codec is in _ASCII_SAFE
_made = cython.declare(object, None)  # the snapshot read_on made last (its chunk plain ASCII)


def _layout_known() -> bool:
    """Whether this CPython lays out its TextIOWrapper as textfile.pxd declares it."""
    if cython.compiled:
        if io.TextIOWrapper.__basicsize__ < cython.sizeof(_TextIOHead):
            return False
        for newline, universal, translate in ((None, 1, 1), ("", 1, 0), ("\n", 0, 0)):
            raw = io.BytesIO(b"ab\ncd\n")
            probe = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", newline=newline)
            head = cython.cast(cython.pointer(_TextIOHead), cython.cast(cython.p_void, probe))
            if (head.buffer != cython.cast(PyObjectPtr, raw)
                    or head.encoding != cython.cast(PyObjectPtr, probe.encoding)
                    or head.errors != cython.cast(PyObjectPtr, probe.errors)):
                return False
            if (head.ok != 1 or head.detached != 0 or head.readuniversal != universal
                    or head.readtranslate != translate or head.seekable != 1 or head.telling != 1):
                return False
            if head.decoded_chars != cython.NULL or head.snapshot != cython.NULL or head.pending_bytes != cython.NULL:
                return False
            probe.readline()
            if head.decoded_chars_used != 3 or head.decoded_chars == cython.NULL or head.snapshot == cython.NULL:
                return False
            if cython.cast(object, head.decoded_chars) != "ab\ncd\n":
                return False
            if cython.cast(object, head.snapshot) != (0, b"ab\ncd\n") or head.b2cratio != 1.0:
                return False
            probe.seek(0)
            if head.decoded_chars != cython.NULL or cython.cast(object, head.snapshot) != (0, b""):
                return False
        return True
    return False


_LAYOUT_KNOWN = cython.declare(cython.bint, _layout_known())


def text_file_readable() -> bool:
    """Whether a TextIOWrapper's decoded lines are taken in place here (else by its readline())."""
    return bool(_LAYOUT_KNOWN)


@cython.cfunc
def decoded_readable(handle) -> cython.bint:
    """Whether `handle` is an io.TextIOWrapper of newline=None whose decoded text
    `decoded_line` may take lines from."""
    if cython.compiled:
        if not _LAYOUT_KNOWN or type(handle) is not _TEXT_FILE:
            return False
        head = cython.cast(cython.pointer(_TextIOHead), cython.cast(cython.p_void, handle))
        return head.ok == 1 and not head.detached and head.readtranslate != 0
    return False


@cython.cfunc
def decoded_line(handle, bounds: cython.p_Py_ssize_t) -> str | None:
    """The decoded text of a `decoded_readable` handle when the next line lies whole in it (a
    str of one byte a character): the line is text[bounds[0]:bounds[1]], and the handle moves
    past it as readline() moves it. None otherwise (readline() reads the line)."""
    if cython.compiled:
        head = cython.cast(cython.pointer(_TextIOHead), cython.cast(cython.p_void, handle))
        if head.decoded_chars == cython.NULL or head.pending_bytes != cython.NULL:
            return None
        text = cython.cast(object, head.decoded_chars)
        used: cython.Py_ssize_t = head.decoded_chars_used
        n: cython.Py_ssize_t = PyUnicode_GET_LENGTH(text)
        if used >= n or PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND:
            return None
        p: cython.p_char = cython.cast(cython.p_char, PyUnicode_DATA(text))
        hit: cython.p_char = cython.cast(cython.p_char, memchr(p + used, ord("\n"), n - used))
        if hit == cython.NULL:
            return None
        bounds[0] = used
        bounds[1] = hit - p + 1
        head.decoded_chars_used = bounds[1]
        return text
    return None


@cython.cfunc
def read_on(handle) -> str | None:
    """The next line of a `decoded_readable` handle when it runs past the text the wrapper has
    decoded into a next chunk of plain ASCII (no carriage return) that holds its end: the chunk
    read as the wrapper's readline() reads it (its buffer's read1 of the wrapper's chunk size),
    and the wrapper left as that readline() leaves it, with the chunk as its decoded text (ASCII
    decodes to itself: no call of the decoder's Python methods) and in its snapshot. None where
    the chunk or the wrapper is otherwise (the chunk put back: readline() reads it)."""
    global _made
    if cython.compiled:
        head = cython.cast(cython.pointer(_TextIOHead), cython.cast(cython.p_void, handle))
        if (head.decoded_chars == cython.NULL or head.snapshot == cython.NULL or head.pending_bytes != cython.NULL
                or not head.telling or head.decoder == cython.NULL or head.buffer == cython.NULL):
            return None
        text = cython.cast(object, head.decoded_chars)
        used: cython.Py_ssize_t = head.decoded_chars_used
        n: cython.Py_ssize_t = PyUnicode_GET_LENGTH(text)
        if PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND or used > n or not _ascii(text, used, n):
            return None
        snapshot = cython.cast(object, head.snapshot)
        if snapshot is not _made and not _drained_after(snapshot):
            return None
        buffer = cython.cast(object, head.buffer)
        if type(buffer) not in _BUFFERED or not _ascii_safe(cython.cast(object, head.encoding)):
            return None
        if cython.cast(object, head.decoder).newlines != "\n":  # (the line ends it has seen stay so)
            return None
        chunk = buffer.read1(head.chunk_size)
        if type(chunk) is not bytes:
            if chunk:
                buffer.seek(-len(chunk), 1)
            return None
        size: cython.Py_ssize_t = len(chunk)
        p: cython.p_char = PyBytes_AS_STRING(chunk)
        hit: cython.p_char = cython.NULL
        if size > 0:
            hit = cython.cast(cython.p_char, memchr(p, ord("\n"), size))
        if hit == cython.NULL or not _plain(p, size):
            if size:
                buffer.seek(-size, 1)
            return None
        end: cython.Py_ssize_t = hit - p + 1
        line = PyUnicode_New(n - used + end, 127)
        memcpy(PyUnicode_DATA(line), cython.cast(cython.p_char, PyUnicode_DATA(text)) + used, n - used)
        memcpy(cython.cast(cython.p_char, PyUnicode_DATA(line)) + (n - used), p, end)
        decoded = PyUnicode_New(size, 127)
        memcpy(PyUnicode_DATA(decoded), p, size)
        made = (0, chunk)
        Py_INCREF(decoded)
        Py_XDECREF(head.decoded_chars)
        head.decoded_chars = cython.cast(PyObjectPtr, decoded)
        head.decoded_chars_used = end
        head.b2cratio = 1.0
        Py_INCREF(made)
        Py_XDECREF(head.snapshot)
        head.snapshot = cython.cast(PyObjectPtr, made)
        _made = made
        return line
    return None


@cython.cfunc
@cython.exceptval(check=False)
def _plain(p: cython.p_char, n: cython.Py_ssize_t) -> cython.bint:
    """Whether p[:n] is ASCII without a carriage return."""
    bits: cython.uchar = 0
    k: cython.Py_ssize_t
    for k in range(n):
        bits |= cython.cast(cython.uchar, p[k])
    if bits >= 0x80:
        return False
    if cython.compiled:
        return memchr(p, ord("\r"), n) == cython.NULL
    return False


@cython.cfunc
def _ascii(text: str, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.bint:
    """Whether text[i:n] (of one byte a character) is ASCII."""
    if cython.compiled:
        p: cython.p_char = cython.cast(cython.p_char, PyUnicode_DATA(text))
        bits: cython.uchar = 0
        k: cython.Py_ssize_t
        for k in range(i, n):
            bits |= cython.cast(cython.uchar, p[k])
        return bits < 0x80
    return False


@cython.cfunc
def _drained_after(snapshot) -> cython.bint:
    """Whether the decoder holds nothing after the snapshot's bytes: (0, bytes) whose last
    character is whole and not a carriage return (which the decoder holds back)."""
    if type(snapshot) is not tuple or len(snapshot) != 2 or snapshot[0] != 0 or type(snapshot[1]) is not bytes:
        return False
    data: bytes = snapshot[1]
    n: cython.Py_ssize_t = len(data)
    if n == 0:
        return True
    i: cython.Py_ssize_t = n - 1
    follow: cython.int = 0
    while i >= 0 and follow < 4 and (data[i] & 0xC0) == 0x80:
        follow += 1
        i -= 1
    if i < 0:
        return False
    lead: cython.int = data[i]
    if lead < 0x80:
        return follow == 0 and lead != ord("\r")
    return follow == (1 if lead >> 5 == 6 else 2 if lead >> 4 == 14 else 3 if lead >> 3 == 30 else -1)


@cython.cfunc
def _ascii_safe(encoding) -> cython.bint:
    """Whether `encoding` names a codec of _ASCII_SAFE."""
    known = _SAFE.get(encoding)
    if known is None:
        try:
            known = codecs.lookup(encoding).name in _ASCII_SAFE
        except (LookupError, TypeError):
            known = False
        _SAFE[encoding] = known
    return bool(known)
