"""Compile the pure-Python modules of `bitboard` to C extensions with Cython.

The same `.py` files are the uncompiled build: with BITBOARD_PURE=1, without Cython or without
a working C compiler, the package installs as plain Python and `bitboard.compiled` is False.
"""
import os
import platform
import sys
import warnings

from setuptools import setup
from setuptools.command.build_ext import build_ext

# Modules compiled to C, in dependency order. `_native.py` is the plain-Python stand-in for the
# compiler intrinsics declared in `_native.pxd`, so it is never compiled.
COMPILED_MODULES = [
    "bits",
    "squares",
    "squareset",
    "attacks",
    "magic_search",
    "serialize",
    "position",
    "move",
    "movegen",
    "perft",
    "board",
    "fen",
    "x88",
]


# bits.py holds the documents' variants for study and timing: GCC would otherwise replace
# Kernighan's `b &= b - 1` loop by popcnt, and vectorise the benchmark kernels into SIMD
# throughput that no scalar move generator sees. (The move generator takes its popcount and
# bit scans from _native.pxd, not from bits.)
MODULE_FLAGS = {"bits": ["-fno-tree-scev-cprop", "-fno-tree-vectorize"]}


def _flags(name):
    if os.environ.get("BITBOARD_CFLAGS"):
        return os.environ["BITBOARD_CFLAGS"].split()
    if sys.platform == "win32":
        return ["/O2"]
    flags = ["-O3"]
    # The extension is built on the machine that runs it (`pip install .`), so let the compiler
    # use that CPU's popcnt/tzcnt/lzcnt. BITBOARD_PORTABLE=1 builds for any x86-64 instead.
    if not os.environ.get("BITBOARD_PORTABLE") and platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-march=native")
    return flags + MODULE_FLAGS.get(name, [])


def _extensions():
    if os.environ.get("BITBOARD_PURE"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        warnings.warn("Cython is not available: installing the uncompiled (pure-Python) build")
        return []
    extensions = [
        Extension(f"bitboard.{name}", [f"src/bitboard/{name}.py"], extra_compile_args=_flags(name))
        for name in COMPILED_MODULES
    ]
    return cythonize(
        extensions,
        compiler_directives={"language_level": 3, "embedsignature": True},
        include_path=["src"],
    )


class OptionalBuildExt(build_ext):
    """All or nothing: if any module fails to compile, install the uncompiled build instead."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler (DistutilsPlatformError), or a CompileError
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            warnings.warn(f"bitboard: C build failed ({exc}); installing the uncompiled build")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
