"""A text file's decoded lines for the PGN reader without a str a line: what an
`io.TextIOWrapper` has decoded, read through the head of CPython's TextIOWrapper object.

python-chess reads a file by readline(), which copies every line out of the text the wrapper
decoded (8 KB at a time) into a new str, a method call and a str for each of a game's 15 lines
(the 3.5 KB movetext line copied whole) however little the reader then does with the line.
Where the wrapper translates the lines' ends (newline=None, open()'s default: its decoded text
holds no carriage return, and a line ends at its first "\\n"), `decoded_line` takes the next
line in place from the decoded text and moves the wrapper past it, as its readline() would move
it, so that the wrapper is left exactly as python-chess's loop leaves it (tell() and all); a
line that runs past the decoded text is left to readline(), which decodes on.

The head is declared below; a test at import checks, with three wrappers over BytesIO, that
this interpreter lays it out so (the buffer, encoding and errors it holds are where they are
declared, and its decoded text and snapshot change as readline() and seek() change them).
Elsewhere, and uncompiled, files are read by readline()."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if cython.compiled:
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.cpython.unicode import (
        PyUnicode_1BYTE_KIND,
        PyUnicode_DATA,
        PyUnicode_GET_LENGTH,
        PyUnicode_KIND,
    )
    from cython.cimports.libc.string import memchr

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
        pending_bytes_count=cython.Py_ssize_t, snapshot=PyObjectPtr)

import io

_TEXT_FILE = io.TextIOWrapper


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
            if cython.cast(object, head.snapshot) != (0, b"ab\ncd\n"):
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
