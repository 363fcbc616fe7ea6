"""Compile the pure-Python modules of `bitboard` to C extensions with Cython.

The same `.py` files are the uncompiled build: with BITBOARD_PURE=1, without Cython or without
a working C compiler, the package installs as plain Python and `bitboard.compiled` is False.
"""
import os
import platform
import sys
import sysconfig
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
    "core.perft_kernel",
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


# The perft walk (core/perft_kernel.py) is compiled as four functions, each side to move's
# counter and walker, with everything below them inlined and the side folded in as a constant,
# which is what Gigantua's templates give. GCC would rather inline the four small entry points
# into the big body (and turn the copy of a node into a call to memcpy): these flags let it
# inline only what the source marks inline, however large, and leave the copy a copy. Nor is
# the copy vectorised: a child written with 256-bit stores and read back a word at a time
# stalls on every read (the store cannot be forwarded), 0.82x -> 0.87x Gigantua.
GCC_WALK_FLAGS = ["-fno-inline-small-functions", "-fno-tree-loop-distribute-patterns",
                  "-fno-tree-slp-vectorize", "-fno-tree-vectorize",
                  "--param=max-inline-insns-single=100000", "--param=large-function-growth=100000",
                  "--param=large-function-insns=1000000", "--param=inline-unit-growth=10000"]

# catalogue/bitscan.py holds the documents' variants for study and timing: GCC would otherwise
# replace Kernighan's `b &= b - 1` loop by popcnt, and vectorise the benchmark kernels into SIMD
# throughput that no scalar move generator sees. (The engine takes its popcount and bit scans
# from core/native.pxd.)
MODULE_FLAGS = {"catalogue.bitscan": ["-fno-tree-scev-cprop", "-fno-tree-vectorize"]}


def _native():
    """Whether to compile for this machine's CPU: `pip install .` builds on the machine that runs
    it, so the compiler may use its popcnt/tzcnt/lzcnt (and BMI2). BITBOARD_PORTABLE=1 builds for
    any x86-64 instead."""
    return not os.environ.get("BITBOARD_PORTABLE") and platform.machine().lower() in ("x86_64", "amd64")


def _fast_pext():
    """Whether this machine has a fast PEXT: BMI2, and not an AMD CPU before Zen 3 (family 0x19),
    where it is microcoded and slower than a magic multiply."""
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read().split("\n\n")[0]
    except OSError:
        return False
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    fields = {key.strip(): value.strip() for key, value in fields.items()}
    if "bmi2" not in fields.get("flags", "").split():
        return False
    return not (fields.get("vendor_id") == "AuthenticAMD" and int(fields.get("cpu family", "0")) < 0x19)


def _is_gcc():
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or ""
    return os.path.basename(compiler.split()[0]).startswith("gcc") if compiler.strip() else False


def _flags(name):
    if os.environ.get("BITBOARD_CFLAGS"):
        return os.environ["BITBOARD_CFLAGS"].split()
    if sys.platform == "win32":  # MSVC compiles the intrinsic for any CPU (and never calls it there)
        return ["/O2"] + (["/FIimmintrin.h"] if name == "core.perft_kernel" else [])
    flags = ["-O3"]
    if _native():
        flags.append("-march=native")
    if name == "core.perft_kernel" and _is_gcc():
        flags += GCC_WALK_FLAGS
    if name == "core.perft_kernel" and _pext_on():
        flags += ["-include", "immintrin.h"]
    return flags + MODULE_FLAGS.get(name, [])


def _pext_on():
    return (_native() and _fast_pext() and not os.environ.get("BITBOARD_CFLAGS")
            and sys.platform != "win32")


def _macros():
    """native.pxd's USE_PEXT (BITBOARD_PEXT) and pext64 (BITBOARD_PEXT_FN): the intrinsic where
    the build is for this CPU and its PEXT is fast, else a stand-in that is never called."""
    if _pext_on():
        return [("BITBOARD_PEXT", "1"), ("BITBOARD_PEXT_FN", "_pext_u64")]
    if sys.platform == "win32":
        return [("BITBOARD_PEXT", "0"), ("BITBOARD_PEXT_FN", "_pext_u64")]
    return [("BITBOARD_PEXT", "0"), ("BITBOARD_PEXT_FN(x, mask)", "0")]


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
        Extension(f"bitboard.{name}", [f"src/bitboard/{name.replace('.', '/')}.py"], extra_compile_args=_flags(name),
                  define_macros=_macros())
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
