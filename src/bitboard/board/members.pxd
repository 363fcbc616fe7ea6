# What the board layer needs of CPython's C API that Cython's own cpython/ declarations lack:
# the member descriptor (board/members.py) and Py_SET_SIZE (the move stack's arrays, state.py).
from cpython.object cimport PyTypeObject


cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        const char *name
        int type
        Py_ssize_t offset
        int flags
        const char *doc
    int T_OBJECT_EX
    int READONLY

cdef extern from "Python.h":
    object PyDescr_NewMember(PyTypeObject *type, PyMemberDef *member)
    void PyType_Modified(PyTypeObject *type)
    void Py_SET_SIZE(object o, Py_ssize_t size)
