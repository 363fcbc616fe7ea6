"""What this machine's CPU can run, as /proc/cpuinfo and the C compiler say: the facts the build
goes by.

Never compiled (setup.py reads it before anything is built, to decide whether a build for this
machine looks sliders up by PEXT: by what the compiler, asked to compile for this machine,
predefines, which it does on macOS and the BSDs too). A portable build carries perft kernels
for any x86-64 and for the later levels (x86-64-v2; x86-64-v3 with the magics and with PEXT);
the compiled `core.perft` picks among them by what the CPU says of itself (the CPUID
instruction, through the compiler's builtins), and only the uncompiled build reads the
/proc/cpuinfo facts below. Only Linux has /proc/cpuinfo; elsewhere they answer False.
"""
import functools
import platform

#: The x86-64-v2 level (Nehalem, Bulldozer and later) as /proc/cpuinfo names its features.
X86_64_V2 = frozenset({"cx16", "lahf_lm", "popcnt", "pni", "ssse3", "sse4_1", "sse4_2"})
#: The x86-64-v3 level (Haswell, Zen 1 and later): v2 and these.
X86_64_V3 = X86_64_V2 | {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"}

#: The perft kernels a portable build adds to the one for any x86-64, modules of core, fastest
#: first: each one's x86-64 level and whether it looks sliders up by PEXT (setup.py builds
#: them, core.perft chooses among them).
LEVEL_KERNELS = {
    "perft_kernel_pext": ("x86-64-v3", True),
    "perft_kernel_v3": ("x86-64-v3", False),
    "perft_kernel_v2": ("x86-64-v2", False),
}


@functools.cache
def cpu_info(path: str = "/proc/cpuinfo") -> dict:
    """The first processor's fields of /proc/cpuinfo ('flags' as a set); {} where there is none."""
    try:
        with open(path) as f:
            first = f.read().split("\n\n")[0]
    except OSError:
        return {}
    fields = {}
    for line in first.splitlines():
        if ":" in line:
            key, value = line.split(":", 1)
            fields[key.strip()] = value.strip()
    fields["flags"] = set(fields.get("flags", "").split())
    return fields


def x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64")


def x86_64_v2(info: dict = None) -> bool:
    """Whether the CPU runs code built with -march=x86-64-v2."""
    info = cpu_info() if info is None else info
    return x86_64() and info.get("flags", set()) >= X86_64_V2


def x86_64_v3(info: dict = None) -> bool:
    """Whether the CPU runs code built with -march=x86-64-v3."""
    info = cpu_info() if info is None else info
    return x86_64() and info.get("flags", set()) >= X86_64_V3


def fast_pext(info: dict = None) -> bool:
    """Whether PEXT is there and fast: BMI2, and not an AMD CPU before Zen 3 (family 0x19), where
    the instruction is microcoded and slower than a magic multiply."""
    info = cpu_info() if info is None else info
    if not x86_64() or "bmi2" not in info.get("flags", set()):
        return False
    return not (info.get("vendor_id") == "AuthenticAMD" and int(info.get("cpu family", "0")) < 0x19)


#: What GCC and clang predefine compiling for an AMD CPU whose PEXT is microcoded: Excavator
#: (family 15h, the first with BMI2), Zen 1 and Zen 2 (17h).
SLOW_PEXT_MACROS = frozenset({"__bdver4__", "__znver1__", "__znver2__"})


def native_fast_pext(macros: str) -> bool:
    """Whether code compiled for this machine (-march=native) has a fast PEXT, from the macros the
    compiler predefines there (`cc -march=native -dM -E`): BMI2, and not a CPU of
    SLOW_PEXT_MACROS. The compiler is the witness that decides, since it is the one that must
    emit the instruction."""
    names = {line.split()[1] for line in macros.splitlines() if line.startswith("#define ") and len(line.split()) > 1}
    return "__BMI2__" in names and not names & SLOW_PEXT_MACROS
