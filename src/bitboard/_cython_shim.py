"""The few names of Cython's pure-Python mode that bitboard uses, for machines without Cython.

Compiled modules never import this. Uncompiled, each module does

    try:
        import cython
    except ImportError:
        from ._cython_shim import cython
    else:
        if not cython.compiled:
            from ._cython_shim import cython

so the plain-Python build needs nothing installed and runs the same with or without Cython
(whose own shadow module would turn every C array into a slow array object). Decorators return the function unchanged,
types are annotations only, `declare` returns its value (a list of zeros for a C array type),
`cast` returns its value: the code relies on explicit masks, never on casts, to truncate.
"""


class _Shim:
    compiled = False

    class _Type:
        def __init__(self, name, size=None):
            self.name, self.size = name, size

        def __getitem__(self, item):  # int[64] is an array; ulonglong[::1] a memoryview
            return _Shim._Type(self.name, item if isinstance(item, int) else None)

        def __call__(self, value=0):
            return value

        def __repr__(self):
            return f"cython.{self.name}" + (f"[{self.size}]" if self.size else "")

    class _NoGil:
        """`cython.nogil` is both a decorator and a context manager."""

        def __call__(self, function):
            return function

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    nogil = gil = _NoGil()
    NULL = None

    def __init__(self):
        for name in ("bint char schar uchar short ushort int uint long ulong longlong ulonglong "
                     "Py_ssize_t size_t float double void").split():
            setattr(self, name, _Shim._Type(name))

    @staticmethod
    def _identity(function):
        return function

    cfunc = ccall = cclass = inline = final = _identity

    @staticmethod
    def _decorator_factory(*args, **kwargs):
        return _Shim._identity

    exceptval = boundscheck = wraparound = cdivision = initializedcheck = locals = returns = freelist = \
        _decorator_factory

    @staticmethod
    def typedef(t, name=None):
        return t

    @staticmethod
    def declare(t=None, value=None, **kwargs):
        if value is None and isinstance(t, _Shim._Type) and t.size:
            return [0] * t.size
        return value

    @staticmethod
    def cast(t, value, typecheck=False):
        return value

    @staticmethod
    def pointer(t):
        return t


cython = _Shim()
