"""python-chess's plain attributes (`turn`, `pawns`, `occupied_co`, `move_stack`, ...) read as
fast as python-chess's instance attributes, in the compiled build.

CPython 3.11+ reads an instance attribute in a few nanoseconds (its specialised LOAD_ATTR) and
calls a property each time (12-20 ns). A cdef class has no instance dict, and what Cython makes
of an attribute (`cdef readonly`, `@property`) is a property. A member descriptor over an object
field of the C struct, what `__slots__` makes, is read as fast as an instance attribute
(LOAD_ATTR_SLOT), but Cython makes none. `expose` makes them: each property named is replaced in
its class by a read-only member over an object field that the class keeps in step with its C
state (board/base.py, board/state.py). The property stays in the class's source: it is the
attribute of the uncompiled build, and its setter still runs on assignment, through the class's
`__setattr__` and SETTERS.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.bitboard.board.members import (
        READONLY,
        T_OBJECT_EX,
        PyDescr_NewMember,
        PyMemberDef,
        PyType_Modified,
    )
    from cython.cimports.cpython.mem import PyMem_RawMalloc
    from cython.cimports.cpython.object import PyObject, PyTypeObject
    from cython.cimports.libc.string import strdup


from typing import Any

__all__ = ["SETTERS", "expose"]

#: {name: the property a member replaced}: the classes' __setattr__ calls it on assignment, so
#: that `board.turn = BLACK` works as before (and `board.pawns = 0` raises as before).
SETTERS: dict[str, Any] = {}


def expose(cls: type, probe: Any, fields: dict[str, Any]) -> bool:
    """Replace each property `name` of the compiled class `cls` by a read-only member over the
    object field of `probe`, an instance of `cls`, that holds `fields[name]` (an object no other
    field of probe holds). Returns whether it did; uncompiled, or where a field is not found or
    the members do not read what the fields hold, nothing is changed."""
    if cython.compiled:
        offsets = {name: _field_offset(probe, value) for name, value in fields.items()}
        if any(offset < 0 for offset in offsets.values()):
            return False
        originals = {name: cls.__dict__.get(name) for name in fields}
        for name, offset in offsets.items():
            _set_in_type(cls, name, _member(cls, name, offset, getattr(originals[name], "__doc__", None)))
        if all(getattr(probe, name) is value for name, value in fields.items()):
            SETTERS.update({name: original for name, original in originals.items() if original is not None})
            return True
        for name, original in originals.items():  # (never seen: the struct is not as read)
            _set_in_type(cls, name, original)
    return False


@cython.cfunc
def _field_offset(obj: object, value: object) -> cython.Py_ssize_t:
    """The offset in `obj`'s struct of the one pointer-sized field that holds `value`, or -1."""
    found: cython.Py_ssize_t = -1
    if cython.compiled:
        words = cython.declare(cython.pointer(cython.pointer(PyObject)),
                               cython.cast(cython.pointer(cython.pointer(PyObject)),
                                           cython.cast(cython.pointer(PyObject), obj)))
        target = cython.declare(cython.pointer(PyObject), cython.cast(cython.pointer(PyObject), value))
        size: cython.Py_ssize_t = cython.sizeof(cython.pointer(PyObject))
        i: cython.Py_ssize_t
        for i in range(type(obj).__basicsize__ // size):
            if words[i] == target:
                if found >= 0:
                    return -1
                found = i * size
    return found


@cython.cfunc
def _member(cls: type, name: str, offset: cython.Py_ssize_t, doc: Any) -> object:
    """A read-only member descriptor of `cls` over the object field at `offset` (its definition
    is kept for the life of the process, as the class's own are)."""
    if cython.compiled:
        definition = cython.declare(cython.pointer(PyMemberDef), cython.cast(
            cython.pointer(PyMemberDef), PyMem_RawMalloc(cython.sizeof(PyMemberDef))))
        if definition == cython.NULL:
            raise MemoryError()
        definition.name = strdup(name.encode())
        definition.type = T_OBJECT_EX
        definition.offset = offset
        definition.flags = READONLY
        definition.doc = strdup(doc.encode()) if isinstance(doc, str) else cython.NULL
        return PyDescr_NewMember(cython.cast(cython.pointer(PyTypeObject), cls), definition)
    return None


@cython.cfunc
def _set_in_type(cls: type, name: str, descriptor: object) -> cython.void:
    """Put `descriptor` in the dict of the (static) type `cls`, which Python code cannot write
    (None: take `name` out, where the class had no attribute of that name)."""
    if cython.compiled:
        t = cython.declare(cython.pointer(PyTypeObject), cython.cast(cython.pointer(PyTypeObject), cls))
        namespace: dict = cython.cast(dict, cython.cast(object, t.tp_dict))
        if descriptor is None:
            namespace.pop(name, None)
        else:
            namespace[name] = descriptor
        PyType_Modified(t)
