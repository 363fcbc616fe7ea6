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

Type checkers read the class `cython` below (`TYPE_CHECKING` only, so nothing changes at run
time): the stand-in's decorators and functions, with each C type an alias of the Python type its
values have uncompiled, so that `x: cython.int` is an `int` to mypy. pyproject.toml's mypy
settings read only the uncompiled side of `if cython.compiled:` (`always_false`) and a memoryview
type, `cython.uchar[:, ::1]`, as Any (tools/mypy_cython.py).
"""
import builtins
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

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

        def __exit__(self, *exc: Any) -> Literal[False]:
            return False

    nogil = gil = _NoGil()
    NULL = None

    def __init__(self) -> None:
        for name in ("bint", "char", "schar", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "longlong",
                     "ulonglong", "Py_ssize_t", "size_t", "float", "double", "void", "Py_UCS4", "p_char",
                     "p_Py_ssize_t"):
            setattr(self, name, _Shim._Type(name))

    def __getattr__(self, name: str) -> Any:  # the C types set in __init__ (an instance's names, to mypy)
        raise AttributeError(name)

    @staticmethod
    def _identity(function: F) -> F:
        return function

    cfunc = ccall = cclass = inline = final = _identity

    @staticmethod
    def _decorator_factory(*args: Any, **kwargs: Any) -> Callable[[F], F]:
        return _Shim._identity

    exceptval = boundscheck = wraparound = cdivision = initializedcheck = locals = returns = freelist = trashcan = \
        annotation_typing = embedsignature = binding = always_allow_keywords = _decorator_factory

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


if TYPE_CHECKING:
    class cython(_Shim):
        """The stand-in as type checkers read it: the C types of `_Shim.__init__` as type aliases.

        A C array type in an expression (`cython.declare(cython.int[64])`) has no spelling in
        Python's types: its line carries a narrow `type: ignore`.
        """
        bint: TypeAlias = bool
        char: TypeAlias = builtins.int
        schar: TypeAlias = builtins.int
        uchar: TypeAlias = builtins.int
        short: TypeAlias = builtins.int
        ushort: TypeAlias = builtins.int
        int: TypeAlias = builtins.int
        uint: TypeAlias = builtins.int
        long: TypeAlias = builtins.int
        ulong: TypeAlias = builtins.int
        longlong: TypeAlias = builtins.int
        ulonglong: TypeAlias = builtins.int
        Py_ssize_t: TypeAlias = builtins.int
        size_t: TypeAlias = builtins.int
        float: TypeAlias = builtins.float
        double: TypeAlias = builtins.float
        void: TypeAlias = None
        Py_UCS4: TypeAlias = str  # a one-character str, uncompiled
        p_char: TypeAlias = bytes  # a char * is taken from bytes; indexed, both give an int
        p_Py_ssize_t: TypeAlias = list  # a C array of Py_ssize_t (a list of ints, uncompiled)
else:
    cython = _Shim()
