# Compiler intrinsics for the compiled build; `native.py` holds plain-Python versions of the same
# names for the uncompiled build. A module takes them with
#     if cython.compiled:
#         from cython.cimports.bitboard.core.native import popcount64
#     else:
#         from .native import popcount64
# intrinsics.h spells each for the compiler: GCC's and clang's builtins, MSVC's intrinsics (x64,
# ARM64), plain C elsewhere (and with BITBOARD_PLAIN_C=1). ctz and clz are undefined for 0, as
# the builtins are: callers test for the empty set first.
from cpython.object cimport Py_TYPE, PyObject, PyTypeObject
from cpython.ref cimport Py_XDECREF
from libc.string cimport memchr

cdef extern from "intrinsics.h":
    int popcount64 "bb_popcount64" (unsigned long long x) nogil
    int ctz64 "bb_ctz64" (unsigned long long x) nogil
    int clz64 "bb_clz64" (unsigned long long x) nogil
    int ctz32 "bb_ctz32" (unsigned int x) nogil
    int clz32 "bb_clz32" (unsigned int x) nogil
    unsigned long long bswap64 "bb_bswap64" (unsigned long long x) nogil
    # A hint to load the cache line at addr: nothing a program can see but its speed.
    void prefetch "bb_prefetch" (const void *addr) nogil

# PEXT (BMI2), for the builds that have it. setup.py defines BITBOARD_PEXT to 1, and
# BITBOARD_PEXT_FN to the intrinsic _pext_u64 (with its header), where it compiles for a CPU
# with a fast PEXT (the instruction is microcoded, slow, on AMD before Zen 3); elsewhere
# BITBOARD_PEXT is 0 and BITBOARD_PEXT_FN a stand-in that is never called, so that the build
# compiles for any CPU (the intrinsic cannot be compiled without BMI2 enabled).
cdef extern from *:
    const bint USE_PEXT "BITBOARD_PEXT"
    unsigned long long pext64 "BITBOARD_PEXT_FN" (unsigned long long x, unsigned long long mask) nogil

# What the running CPU says of itself (the CPUID instruction, through the compiler's
# __builtin_cpu_supports): whether it runs x86-64-v2 and x86-64-v3 code, and whether its PEXT is
# fast. setup.py defines them for core.perft, which picks the perft kernel, where the build may
# carry kernels for those levels (x86-64 outside Windows), and as 0 elsewhere.
cdef extern from *:
    const char *BUILD_KIND "BITBOARD_BUILD_KIND"  # "native", "portable" or "custom" (BITBOARD_CFLAGS)
    const bint CPU_X86_64_V2 "BITBOARD_CPU_V2"
    const bint CPU_X86_64_V3 "BITBOARD_CPU_V3"
    const bint CPU_FAST_PEXT "BITBOARD_CPU_FAST_PEXT"

# The index of the first byte c in data[i:n], -1 if none, found by libc's memchr on p, data's
# bytes (a bytes, or a str of one byte a character): the PGN readers' scan for a line's end, a
# comment's close and a tag's bracket.
cdef inline Py_ssize_t find_byte(object data, const char *p, int c, Py_ssize_t i, Py_ssize_t n) noexcept:
    if i >= n:
        return -1
    cdef const char *hit = <const char *>memchr(p + i, c, n - i)
    return -1 if hit == NULL else hit - p


# Cython's tp_new gives every object of a type that declares `cdef dict __dict__` an empty dict at
# once. Called from the type's __init__ (or after its __new__), drop_instance_dict takes it back
# where that is faster: on Python 3.12 and later, whose interpreter specializes a method call on an object whose dict
# is not made yet (LOAD_ATTR_METHOD_LAZY_DICT). CPython then makes the dict at a program's first
# attribute (move.score = 3), as for a Python class. Python 3.11 specializes method calls only on
# an object with a dict (LOAD_METHOD_WITH_DICT) or a type without one: there the empty dict stays.
cdef extern from *:
    const bint LAZY_INSTANCE_DICT "(PY_VERSION_HEX >= 0x030C0000)"

cdef inline void drop_instance_dict(object obj) noexcept:
    cdef Py_ssize_t offset = Py_TYPE(obj).tp_dictoffset
    cdef PyObject **slot
    if LAZY_INSTANCE_DICT and offset > 0:
        slot = <PyObject **>((<char *><PyObject *>obj) + offset)
        Py_XDECREF(slot[0])
        slot[0] = NULL

# The cyclic garbage collector's list of the objects it walks (CPython's C API). An object that
# holds no reference that could lead back to itself (a Move with no attribute of a program's own)
# may leave it, so that no collection walks it; it goes back (track_again) before it can hold one.
cdef extern from "Python.h":
    void _gc_untrack "PyObject_GC_UnTrack" (void *obj)
    void _gc_track "PyObject_GC_Track" (void *obj)
    int _gc_is_tracked "PyObject_GC_IsTracked" (object obj)

cdef inline void untrack(object obj) noexcept:
    if _gc_is_tracked(obj):
        _gc_untrack(<void *>obj)

cdef inline void track_again(object obj) noexcept:
    if not _gc_is_tracked(obj):
        _gc_track(<void *>obj)

cdef extern from "Python.h":
    int _generic_setattr "PyObject_GenericSetAttr" (object obj, object name, void *value) except -1
    Py_ssize_t _refcount "Py_REFCNT" (void *obj)

# object.__delattr__ for a C type whose own __delattr__ calls it (object's refuses such a type)
cdef inline void generic_delattr(object obj, object name) except *:
    _generic_setattr(obj, name, NULL)

# Whether a str holds ASCII alone: its characters are then its bytes (PyUnicode_DATA), as a
# reader of bytes wants them.
cdef extern from "Python.h":
    bint is_ascii "PyUnicode_IS_ASCII" (object text) noexcept

# A registry of living objects that holds no reference to them keeps their addresses, each object
# taking its own out as it dies (game_tree/record's Tree.living).
cdef inline long long address_of(object obj) noexcept:
    return <long long><void *>obj

cdef inline object living_at(long long address):
    # (none at 0; none where the object is dying: a deep chain's deallocation may put it off)
    if address == 0 or _refcount(<void *>address) == 0:
        return None
    return <object><void *>address
