"""What this machine's CPU can run: the facts the build and perft's choice of kernel go by.

Never compiled (setup.py reads it before anything is built). A portable build carries two
perft kernels, one for any x86-64 and one for x86-64-v3 with PEXT; perft picks the second only
where `fast_pext()` says so, at import, so that one wheel runs everywhere and fast where it can.
Only Linux says what its CPU has (/proc/cpuinfo); elsewhere these answer False and the portable
kernel runs.
"""
import functools
import platform

#: The x86-64-v3 level (Haswell, Zen 1 and later) as /proc/cpuinfo names its features.
X86_64_V3 = frozenset({"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave", "cx16", "lahf_lm",
                       "popcnt", "pni", "ssse3", "sse4_1", "sse4_2"})


@functools.lru_cache(maxsize=None)
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


def x86_64_v3(info: dict = None) -> bool:
    """Whether the CPU runs code built with -march=x86-64-v3."""
    info = cpu_info() if info is None else info
    return x86_64() and X86_64_V3 <= info.get("flags", set())


def fast_pext(info: dict = None) -> bool:
    """Whether PEXT is there and fast: BMI2, and not an AMD CPU before Zen 3 (family 0x19), where
    the instruction is microcoded and slower than a magic multiply."""
    info = cpu_info() if info is None else info
    if not x86_64() or "bmi2" not in info.get("flags", set()):
        return False
    return not (info.get("vendor_id") == "AuthenticAMD" and int(info.get("cpu family", "0")) < 0x19)
