"""Compile the pure-Python modules of `bitboard` to C extensions with Cython.

The same `.py` files are the uncompiled build: with BITBOARD_PURE=1, without Cython or without
a working C compiler, the package installs as plain Python and `bitboard.compiled` is False.
"""
import filecmp
import functools
import glob
import os
import runpy
import shutil
import subprocess
import sys
import sysconfig
import warnings

from setuptools import setup
from setuptools.command.build_ext import build_ext

# Modules compiled to C, in dependency order. `core/native.py` and `core/encoding.py` are the
# plain-Python stand-ins for what their `.pxd` files declare in C, so they are never compiled.
COMPILED_MODULES = [
    "core.arguments",
    "core.bits",
    "core.xorshift",
    "core.attacks",
    "core.zobrist",
    "core.position",
    "core.movegen",
    "core.pseudo_legal",
    "core.variant_moves",
    "core.legality",
    "core.perft_layout",
    "core.perft_kernel",
    "core.perft",
    "core.perft_split",
    "core.perft_threads",
    "squares",
    "squareset",
    "move",
    "notation.fen",
    "board.move_generators",
    "board.members",
    "board.base",
    "board.stacks",
    "board.state",
    "board.notation",
    "board.game",
    "board.variant",
    "notation.san",
    "notation.pgn_tags",
    "notation.pgn_tokens",
    "data.records",
    "data.game_columns",
    "data.pgn_game",
    "data.pgn_reader",
    "data.arrays",
    "data.encode.actions",
    "data.encode.observations",
    "env.games",
    "game_tree.blocks",
    "game_tree.textfile",
    "game_tree.lines",
    "game_tree.annotations",
    "game_tree.record",
    "game_tree.nodes",
    "game_tree.reading",
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
# stalls on every read (the store cannot be forwarded), 0.82x -> 0.87x Gigantua. Nor does the
# walk want AVX at all: without it (-mno-avx; the walk is scalar), 0.87x -> 0.95x on Zen 4.
# catalogue/bitscan.py holds the documents' variants for study and timing: the compiler would
# otherwise replace Kernighan's `b &= b - 1` loop by popcnt, and vectorise the benchmark
# kernels into SIMD throughput that no scalar move generator sees. (The engine takes its
# popcount and bit scans from core/native.pxd.)
#
# Clang (macOS's compiler, and Linux's with CC=clang) has other names for these, and no knob
# for GCC's inlining limits: left to itself it inlined the six small entry points into the one
# body, which stayed a function taking the side to move at run time, 0.61x of the GCC build.
# Cython's CYTHON_INLINE macro, defined as always_inline for the kernel, folds each side in as
# GCC does (0.89x), and a copy loop left a loop rather than a call to memcpy does the rest
# (0.94x; vectorised, 0.87x).
#
# Each module's flags come in groups, and a group the compiler refuses is left out alone: GCC
# on ARM (Graviton, a Raspberry Pi, Docker on Apple silicon) has no -mno-avx, an older clang no
# -disable-loop-idiom-all. A refused flag must never make the whole build fail (pip would then
# install the uncompiled package).
TUNING_FLAGS = {
    "gcc": {"core.perft_kernel": [["-fno-inline-small-functions", "--param=max-inline-insns-single=100000",
                                   "--param=large-function-growth=100000", "--param=large-function-insns=1000000",
                                   "--param=inline-unit-growth=10000"],
                                  ["-fno-tree-loop-distribute-patterns"],
                                  ["-fno-tree-slp-vectorize", "-fno-tree-vectorize"],
                                  ["-mno-avx"]],
            "catalogue.bitscan": [["-fno-tree-scev-cprop"], ["-fno-tree-vectorize"]]},
    "clang": {"core.perft_kernel": [["-DCYTHON_INLINE=__inline__ __attribute__((always_inline, unused))"],
                                    ["-mllvm", "-disable-loop-idiom-all"],
                                    ["-fno-vectorize", "-fno-slp-vectorize"]],
              "catalogue.bitscan": [["-mllvm", "-disable-loop-idiom-all"], ["-fno-vectorize", "-fno-slp-vectorize"]]},
}


#: Where core/native.pxd's intrinsics.h is: each compiler's spelling of the intrinsics.
INCLUDE = os.path.join("src", "bitboard", "core")

# core/cpu.py: what this CPU can run, read by the build and by perft's choice of kernel.
CPU = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "src", "bitboard", "core", "cpu.py"))


def _native():
    """Whether to compile for this machine's CPU: `pip install .` builds on the machine that runs
    it, so the compiler may use its popcnt/tzcnt/lzcnt (and BMI2). BITBOARD_PORTABLE=1 builds for
    any x86-64 instead."""
    return not os.environ.get("BITBOARD_PORTABLE") and CPU["x86_64"]()


def _compiler():
    """The C compiler's command, as setuptools will run it."""
    return (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()


@functools.cache
def _compiler_family():
    """"gcc", "clang" or "" (another compiler, or none that runs), from what the compiler says
    of itself: `cc` is GCC on most Linux systems and clang on macOS and FreeBSD."""
    try:
        said = subprocess.run(_compiler() + ["--version"], capture_output=True, text=True).stdout.lower()
    except OSError:
        return ""
    return "clang" if "clang" in said else "gcc" if "gcc" in said or "free software" in said else ""


@functools.cache
def _accepts(flags: tuple):
    """Whether the C compiler compiles a trivial file with `flags`, warning of none of them."""
    source = os.path.join("build", "accepts.c")
    os.makedirs("build", exist_ok=True)
    with open(source, "w") as out:
        out.write("int accepted(void) { return 0; }\n")
    try:
        subprocess.run(_compiler() + ["-Werror", *flags, "-c", source, "-o", os.devnull], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


def _tuning(name):
    """The tuning flags of module `name` for this compiler (TUNING_FLAGS), each group left out
    where the compiler refuses it: they shape speed, never what the module computes."""
    flags = []
    for group in TUNING_FLAGS.get(_compiler_family(), {}).get(name, []):
        if _accepts(tuple(group)):
            flags += group
        else:
            warnings.warn(f"bitboard: {_compiler()[0]} refuses {' '.join(group)}; {name} is built without",
                          stacklevel=1)
    return flags


def _kernel_flags(pext):
    """What a perft kernel adds to the module flags: the compiler's shaping flags, and PEXT's
    header."""
    return _tuning("core.perft_kernel") + (["-include", "immintrin.h"] if pext else [])


def _strip():
    """(compile flags, link flags) that leave debug information and symbols out of a portable
    build, what a wheel is: 63 MB unpacked with them, the extensions a seventh of it without.
    A build for this machine keeps them, for profilers and debuggers."""
    if not os.environ.get("BITBOARD_PORTABLE") or sys.platform == "win32":  # MSVC writes none unless asked
        return [], []
    return ["-g0"], ["-Wl,-S,-x"] if sys.platform == "darwin" else ["-s"]


def _flags(name):
    if os.environ.get("BITBOARD_CFLAGS"):
        return os.environ["BITBOARD_CFLAGS"].split()
    if sys.platform == "win32":  # MSVC compiles the intrinsic for any CPU (and never calls it there)
        return ["/O2"] + (["/FIimmintrin.h"] if name == "core.perft_kernel" else [])
    flags = ["-O3"]
    if _native():
        flags.append("-march=native")
    if name == "core.perft_kernel":
        return flags + _kernel_flags(_pext_on())
    return flags + _tuning(name)


@functools.cache
def _pext_on():
    """Whether a build for this machine looks sliders up by PEXT: as the compiler says of this
    machine's CPU (core/cpu.py's native_fast_pext), which it does where there is no
    /proc/cpuinfo too (an Intel Mac)."""
    if not _native() or os.environ.get("BITBOARD_CFLAGS") or sys.platform == "win32":
        return False
    try:
        macros = subprocess.run(_compiler() + ["-march=native", "-dM", "-E", "-x", "c", os.devnull],
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return CPU["native_fast_pext"](macros)


def _macros(pext=None):
    """native.pxd's USE_PEXT (BITBOARD_PEXT) and pext64 (BITBOARD_PEXT_FN): the intrinsic where
    the build is for this CPU and its PEXT is fast, else a stand-in that is never called."""
    if _pext_on() if pext is None else pext:
        return [("BITBOARD_PEXT", "1"), ("BITBOARD_PEXT_FN", "_pext_u64")]
    if sys.platform == "win32":
        return [("BITBOARD_PEXT", "0"), ("BITBOARD_PEXT_FN", "_pext_u64")]
    return [("BITBOARD_PEXT", "0"), ("BITBOARD_PEXT_FN(x, mask)", "0")]


def _cpu_macros():
    """native.pxd's CPU_X86_64_V2, CPU_X86_64_V3 and CPU_FAST_PEXT for core.perft, which picks the
    kernel: what the running CPU says of itself (the CPUID instruction, through the compiler's
    __builtin_cpu_supports and __builtin_cpu_is), where the build may carry kernels for later
    x86-64 levels; 0 elsewhere. PEXT is slow (microcoded) on AMD's families 15h and 17h
    (Excavator, Zen 1 and 2)."""
    kind = "custom" if os.environ.get("BITBOARD_CFLAGS") else "native" if _native() else "portable"
    build = [("BITBOARD_BUILD_KIND", f'"{kind}"')]  # core.perft.build_kind()
    if sys.platform == "win32" or not CPU["x86_64"]():
        return build + [("BITBOARD_CPU_V2", "0"), ("BITBOARD_CPU_V3", "0"), ("BITBOARD_CPU_FAST_PEXT", "0")]

    def supports(*features):
        return "(" + " && ".join(f'__builtin_cpu_supports("{feature}")' for feature in features) + ")"
    v2 = ("popcnt", "sse4.2", "ssse3")
    slow_pext = '(__builtin_cpu_is("amd") && (__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h")))'
    return build + [("BITBOARD_CPU_V2", supports(*v2)),
                    ("BITBOARD_CPU_V3", supports(*v2, "avx", "avx2", "bmi", "bmi2", "fma")),
                    ("BITBOARD_CPU_FAST_PEXT", f"({supports('bmi2')} && !{slow_pext})")]


# A portable build (BITBOARD_PORTABLE=1, what a wheel for other machines is) carries three more
# perft kernels (core/cpu.py's LEVEL_KERNELS), the same source compiled for later x86-64 levels:
# for x86-64-v3 (BMI2, popcnt, lzcnt) one with PEXT slider look-ups and one with the magics, and
# for x86-64-v2 (popcnt, SSE4.2) one with the magics. core.perft takes, at import, the PEXT one
# where the CPU runs x86-64-v3 and its PEXT is fast, the v3 magics where PEXT is slow (AMD before
# Zen 3), the v2 one on older CPUs with popcnt, and the portable kernel elsewhere, by what the
# CPU says of itself (_cpu_macros).
VARIANTS = os.path.join("build", "variants")


def _compiler_knows(level):
    """Whether the C compiler knows the x86-64 level `level` (GCC 11, clang 12 and later)."""
    try:
        subprocess.run(_compiler() + [f"-march={level}", "-E", "-x", "c", os.devnull], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


def _kernel_variants():
    """The later levels' kernels' Extensions, each source a copy of perft_kernel.py (and .pxd)
    under the variant's name; none where this build does not carry them."""
    if _native() or os.environ.get("BITBOARD_CFLAGS") or sys.platform == "win32" or not CPU["x86_64"]():
        return []
    from setuptools import Extension
    folder = os.path.join(VARIANTS, "bitboard", "core")
    os.makedirs(folder, exist_ok=True)
    extensions = []
    for module, (level, pext) in CPU["LEVEL_KERNELS"].items():
        if not _compiler_knows(level):
            continue
        for suffix in (".py", ".pxd"):  # (copied only when changed: a copy is newer than its C file)
            original, copy = (os.path.join("src", "bitboard", "core", "perft_kernel" + suffix),
                              os.path.join(folder, module + suffix))
            if not os.path.exists(copy) or not filecmp.cmp(original, copy, shallow=False):
                shutil.copyfile(original, copy)
        extensions.append(Extension(f"bitboard.core.{module}", [_source(os.path.join(folder, module + ".py"))],
                                    extra_compile_args=["-O3", f"-march={level}"] + _kernel_flags(pext)
                                    + _strip()[0], extra_link_args=_strip()[1], include_dirs=[INCLUDE],
                                    define_macros=_macros(pext=pext)))
    return extensions


def _source(module):
    """What to compile of `module` (a .py file): the C file Cython made of it in an earlier
    build, where that is current (made by this Cython, and newer than the module, every .pxd and
    header of the package and this file), so that a second `pip install .` compiles only what
    changed; else the module, for cythonize. (Cython's own count of what is current includes its
    own headers, which a fresh build environment has newer than any C file made before.)"""
    import Cython
    c_file = os.path.splitext(module)[0] + ".c"
    try:
        with open(c_file, encoding="utf-8") as made:
            if made.readline().strip() != f"/* Generated by Cython {Cython.__version__} */":
                return module
        built = os.path.getmtime(c_file)
    except OSError:
        return module
    inputs = [module, __file__] + glob.glob(os.path.join("src", "**", "*.pxd"), recursive=True) + glob.glob(
        os.path.join("src", "**", "*.h"), recursive=True)
    return c_file if all(os.path.getmtime(path) <= built for path in inputs) else module


def _extensions():
    if os.environ.get("BITBOARD_PURE"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        warnings.warn("Cython is not available: installing the uncompiled (pure-Python) build", stacklevel=1)
        return []
    extensions = [
        Extension(f"bitboard.{name}", [_source(f"src/bitboard/{name.replace('.', '/')}.py")],
                  extra_compile_args=_flags(name) + _strip()[0], extra_link_args=_strip()[1], include_dirs=[INCLUDE],
                  define_macros=_macros() + (_cpu_macros() if name == "core.perft" else []))
        for name in COMPILED_MODULES
    ]
    extensions += _kernel_variants()
    return cythonize(
        extensions,
        compiler_directives={"language_level": 3, "embedsignature": True, "binding": True},
        include_path=["src", VARIANTS],
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
        # Every module again when this build's flags, compiler or Python differ from the last
        # one's in this build folder (setuptools compares only times, and skips a module whose
        # shared library is newer than its C file).
        stamp = os.path.join(self.build_temp, "bitboard-build-flags")
        flags = repr([sys.version, [os.environ.get(name) for name in ("CC", "CFLAGS", "LDFLAGS", "CPPFLAGS")],
                      [(ext.name, ext.extra_compile_args, ext.extra_link_args, ext.define_macros)
                       for ext in self.extensions]])
        try:
            with open(stamp, encoding="utf-8") as last:
                self.force = self.force or last.read() != flags
        except OSError:
            self.force = True
        try:
            super().run()
            os.makedirs(self.build_temp, exist_ok=True)
            with open(stamp, "w", encoding="utf-8") as this:
                this.write(flags)
        except Exception as exc:  # no compiler (DistutilsPlatformError), or a CompileError
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            warnings.warn(f"bitboard: C build failed ({exc}); installing the uncompiled build", stacklevel=1)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
