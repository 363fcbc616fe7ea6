"""An `io.StringIO`'s text in blocks of UTF-8 bytes for the PGN reader, taken from its own
buffer.

CPython keeps a StringIO's text as UCS-4, and read() or readline() makes a str of what it
returns, converting every character on the way: over half of the time skip_game took. Here the
characters are copied straight out of the StringIO's buffer into bytes (ASCII, the usual case)
or encoded to UTF-8, in loops the compiler vectorises; the handle is not moved (the reader
seeks it to the end of the game's last line, where python-chess leaves it).

The buffer is found through the head of CPython's StringIO object, declared below; a test at
import checks that this interpreter lays it out so (two StringIOs read through it show their
text and position), and where it does not, or uncompiled, the text comes by read()."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING, PyBytes_FromStringAndSize
    from cython.cimports.cpython.object import PyObject


    # The head of CPython's StringIO object (Modules/_io/stringio.c: the same fields, in this
    # order, 3.8 to 3.14): its text is buf[:string_size], UCS-4, when `state` is realized.
    _StringIOHead = cython.struct(head=PyObject, buf=cython.p_uint, pos=cython.Py_ssize_t,
                                  string_size=cython.Py_ssize_t, buf_size=cython.size_t, state=cython.int)

import io

_REALIZED = 1  # the state of a StringIO whose text is in buf (2: still accumulating writes)


@cython.cfunc
def _head_matches(probe, pos: cython.Py_ssize_t, text: str) -> cython.bint:
    """Whether the StringIO `probe`, at `pos`, shows `text` through the declared head: the check
    that this CPython lays out its StringIO as declared (any other build reads by read())."""
    if cython.compiled:
        if io.StringIO.__basicsize__ < cython.sizeof(_StringIOHead):
            return False
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, probe))
        if head.state != _REALIZED or head.pos != pos or head.string_size != len(text):
            return False
        if head.buf == cython.NULL or head.buf_size < len(text):
            return False
        return all(head.buf[k] == ord(text[k]) for k in range(len(text)))
    return False


def _layout_known() -> bool:
    texts = ("ab\u00e9\U0001f600\n", "[Event \"x\"]\n\n1. e4 *\n\n" * 3)
    probes = [io.StringIO(text) for text in texts]
    probes[0].seek(3)
    probes[1].read(5)
    return _head_matches(probes[0], 3, texts[0]) and _head_matches(probes[1], 5, texts[1])


_LAYOUT_KNOWN = cython.declare(cython.bint, _layout_known())


def stringio_buffer_readable() -> bool:
    """Whether a StringIO's text is taken from its buffer here (else by its read())."""
    return bool(_LAYOUT_KNOWN)


@cython.cfunc
def stringio_tell(handle) -> cython.Py_ssize_t:
    """handle.tell() of a StringIO, read from its head where its text is in its buffer."""
    if cython.compiled and _LAYOUT_KNOWN and type(handle) is io.StringIO:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        if _readable(handle):
            return head.pos
    return handle.tell()


@cython.cfunc
def stringio_seek(handle, position: cython.Py_ssize_t) -> cython.void:
    """handle.seek(position), for a StringIO whose text is in its buffer: its position set."""
    if cython.compiled and _LAYOUT_KNOWN and type(handle) is io.StringIO:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        if _readable(handle) and position >= 0:
            head.pos = position  # (all that seek() does to an open StringIO)
            return
    handle.seek(position)


@cython.cfunc
def stringio_block(handle, start: cython.Py_ssize_t, count: cython.Py_ssize_t) -> tuple:
    """(bytes, n): the UTF-8 (surrogates passed) of the StringIO's characters from `start`, at
    most `count` of them, and how many they are (n). Its position stays where it is."""
    if cython.compiled and _LAYOUT_KNOWN and type(handle) is io.StringIO:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        if head.state != _REALIZED:
            handle.read(0)  # (joins the writes so far into its buffer)
        if _readable(handle):
            return _from_buffer(handle, start, count)
    position = handle.tell()
    handle.seek(start)
    text = handle.read(count)
    handle.seek(position)
    return text.encode("utf-8", "surrogatepass"), len(text)


@cython.cfunc
@cython.inline
def _readable(handle) -> cython.bint:
    """Whether the StringIO's text is in its buffer, whole: realized (its writes joined), and
    the buffer longer than the text (close() shrinks it and keeps string_size)."""
    if cython.compiled:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        return head.state == _REALIZED and head.buf != cython.NULL and head.buf_size > head.string_size
    return False


@cython.cfunc
def _from_buffer(handle, start: cython.Py_ssize_t, count: cython.Py_ssize_t):
    """stringio_block from the StringIO's own buffer: copied, or encoded, in C."""
    if cython.compiled:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        if start >= head.string_size or count <= 0:
            return b"", 0
        count = min(count, head.string_size - start)
        block = PyBytes_FromStringAndSize(cython.NULL, count)
        source: cython.p_uint = head.buf + start  # (read after the allocation)
        out: cython.p_uchar = cython.cast(cython.p_uchar, PyBytes_AS_STRING(block))
        k: cython.Py_ssize_t
        c: cython.uint
        bits: cython.uint = 0
        for k in range(count):  # (copied as ASCII and looked at in one pass)
            c = source[k]
            bits |= c
            out[k] = cython.cast(cython.uchar, c)
        if bits >= 0x80:
            return _utf8(handle, start, count), count
        return block, count


@cython.cfunc
def _utf8(handle, start: cython.Py_ssize_t, count: cython.Py_ssize_t) -> bytes:
    """The UTF-8 of the StringIO's buffer[start:start + count], a lone surrogate encoded as any
    other character (str.encode's "surrogatepass")."""
    if cython.compiled:
        head = cython.cast(cython.pointer(_StringIOHead), cython.cast(cython.p_void, handle))
        length: cython.Py_ssize_t = 0
        k: cython.Py_ssize_t
        c: cython.uint
        m: cython.int
        source: cython.p_uint = head.buf + start
        for k in range(count):
            c = source[k]
            length += 1 if c < 0x80 else 2 if c < 0x800 else 3 if c < 0x10000 else 4
        block = PyBytes_FromStringAndSize(cython.NULL, length)
        source = head.buf + start
        out: cython.p_uchar = cython.cast(cython.p_uchar, PyBytes_AS_STRING(block))
        j: cython.Py_ssize_t = 0
        n: cython.int
        for k in range(count):
            c = source[k]
            if c < 0x80:
                out[j] = c
                j += 1
                continue
            n = 2 if c < 0x800 else 3 if c < 0x10000 else 4
            j += n
            for m in range(1, n):  # the continuation bytes, last first, six bits each
                out[j - m] = 0x80 | (c & 0x3F)
                c >>= 6
            out[j - n] = (0xC0 if n == 2 else 0xE0 if n == 3 else 0xF0) | c
        return block
    return b""


@cython.cfunc
def newlines_plain(block: bytes) -> cython.bint:
    """Whether every carriage return of a block comes before a newline: then its lines are the
    same whatever the StringIO's newline mode (a mode that translates leaves none at all)."""
    return block.count(b"\r") == block.count(b"\r\n")
