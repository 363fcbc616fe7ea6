"""mypy's reading of Cython's memoryview types: `cython.uchar[:, ::1]` is Any (pyproject.toml loads it).

    mypy --config-file pyproject.toml src/bitboard/data

src/bitboard/_cython_shim.py gives type checkers each C type as an alias of the Python type its
values have uncompiled: `x: cython.int` is an int. Subscripted with slices in an annotation, a C
type is a memoryview, which Python's type system cannot spell (mypy alone would report the slices
and read an int); uncompiled, it holds a NumPy array or any other buffer, so this plugin reads it
as Any. A C type without a subscript is left as the shim's alias says.
"""
from collections.abc import Callable

from mypy.nodes import TypeAlias
from mypy.plugin import AnalyzeTypeContext, Plugin
from mypy.types import AnyType, Type, TypeOfAny

C_TYPES = "bitboard._cython_shim.cython."  # the shim's TYPE_CHECKING class of C types


def _c_type(ctx: AnalyzeTypeContext) -> Type:
    if ctx.type.args:  # cython.uchar[:, ::1]
        return AnyType(TypeOfAny.special_form)
    symbol = ctx.api.lookup_qualified(ctx.type.name, ctx.context)  # type: ignore[attr-defined]  # TypeAnalyser's
    assert symbol is not None and isinstance(symbol.node, TypeAlias), ctx.type.name
    return symbol.node.target


class CythonPlugin(Plugin):
    def get_type_analyze_hook(self, fullname: str) -> Callable[[AnalyzeTypeContext], Type] | None:
        return _c_type if fullname.startswith(C_TYPES) else None


def plugin(version: str) -> type[Plugin]:
    return CythonPlugin
