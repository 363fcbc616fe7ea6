"""The few names of Cython's pure-Python mode that bitboard uses, for the uncompiled build.

Every module that Cython compiles starts with

    from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

    if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
        import cython

Cython sees the `import cython` and compiles the module's decorators, types and declarations;
run uncompiled, the module keeps this light stand-in whether or not Cython is installed (Cython's
own shadow module would turn every C array into a slow array object), and type checkers read it
too: its decorators keep the functions' own types. Decorators return the function unchanged,
types are annotations only, `declare` returns its value (a list of zeros for a C array type) and
`cast` returns its value: the code relies on explicit masks, never on casts, to truncate.
"""
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F")


class _Shim:
    compiled = False

    class _Type:
        def __init__(self, name: str, size: Any = None):
            self.name, self.size = name, size

        def __getitem__(self, item: Any) -> "_Shim._Type":  # int[64] is an array; ulonglong[::1] a memoryview
            return _Shim._Type(self.name, item if isinstance(item, int) else None)

        def __call__(self, value: Any = 0) -> Any:
            return value

        def __repr__(self) -> str:
            return f"cython.{self.name}" + (f"[{self.size}]" if self.size else "")

    class _NoGil:
        """`cython.nogil` is both a decorator and a context manager."""

        def __call__(self, function: F) -> F:
            return function

        def __enter__(self) -> "_Shim._NoGil":
            return self

        def __exit__(self, *exc: Any) -> bool:
            return False

    nogil = gil = _NoGil()
    NULL = None

    def __init__(self) -> None:
        for name in ("bint", "char", "schar", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong",
                     "ulonglong", "Py_ssize_t", "size_t", "float", "double", "void", "Py_UCS4", "p_char"):
            setattr(self, name, _Shim._Type(name))

    def __getattr__(self, name: str) -> Any:  # the C types set in __init__, for type checkers
        raise AttributeError(name)

    @staticmethod
    def _identity(function: F) -> F:
        return function

    cfunc = ccall = cclass = inline = final = _identity

    @staticmethod
    def _decorator_factory(*args: Any, **kwargs: Any) -> Callable[[F], F]:
        return _Shim._identity

    exceptval = boundscheck = wraparound = cdivision = initializedcheck = locals = returns = freelist = \
        annotation_typing = embedsignature = _decorator_factory

    @staticmethod
    def typedef(t: Any, name: Any = None) -> Any:
        return t

    @staticmethod
    def declare(t: Any = None, value: Any = None, **kwargs: Any) -> Any:
        if value is None and isinstance(t, _Shim._Type) and t.size:
            return [0] * t.size
        return value

    @staticmethod
    def cast(t: Any, value: Any, typecheck: bool = False) -> Any:
        return value

    @staticmethod
    def pointer(t: Any) -> Any:
        return t

    @staticmethod
    def address(value: Any) -> Any:
        return value


cython = _Shim()
