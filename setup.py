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

# Modules compiled to C, in dependency order. `core/native.py` and `core/encoding.py` are the
# plain-Python stand-ins for what their `.pxd` files declare in C, so they are never compiled.
COMPILED_MODULES = [
    "arguments",
    "core.bits",
    "core.xorshift",
    "core.attacks",
    "core.zobrist",
    "core.position",
    "core.movegen",
    "core.perft",
    "squares",
    "squareset",
    "move",
    "fen",
    "move_generators",
    "board",
    "san",
    "pgn",
    "records",
    "catalogue.bitscan",
    "catalogue.serialize",
    "catalogue.searches",
    "catalogue.move_lists",
    "catalogue.sliders",
    "catalogue.x88",
]


# catalogue/bitscan.py holds the documents' variants for study and timing: GCC would otherwise
# replace Kernighan's `b &= b - 1` loop by popcnt, and vectorise the benchmark kernels into SIMD
# throughput that no scalar move generator sees. (The engine takes its popcount and bit scans
# from core/native.pxd.)
MODULE_FLAGS = {"catalogue.bitscan": ["-fno-tree-scev-cprop", "-fno-tree-vectorize"]}


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
        Extension(f"bitboard.{name}", [f"src/bitboard/{name.replace('.', '/')}.py"], extra_compile_args=_flags(name))
        for name in COMPILED_MODULES
    ]
    return cythonize(
        extensions,
        compiler_directives={"language_level": 3, "embedsignature": True, "binding": True},
        include_path=["src"],
        nthreads=os.cpu_count() or 1,
    )


class OptionalBuildExt(build_ext):
    """All or nothing: if any module fails to compile, install the uncompiled build instead.
    The C files compile in parallel, one job per core."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

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
