"""What this installation is, for bug reports and for checking a wheel: `build_info()` and
`bitboard --version`."""
import platform

from . import __version__
from .core import perft
from .core.bits import compiled


def build_info() -> dict:
    """{"version", "compiled", "build" ("native": compiled for this machine's CPU, "portable": a
    wheel's build for any CPU of its architecture, "custom", or "uncompiled"), "kernel" (the
    perft kernel chosen at run time for this CPU), "kernels" (those installed), "cpu" (what the
    CPU says it runs), "python", "platform"}."""
    return {"version": __version__, "compiled": compiled, "build": perft.build_kind(), "kernel": perft.KERNEL,
            "kernels": perft.available_kernels(), "cpu": perft.cpu_facts(), "python": platform.python_version(),
            "platform": f"{platform.system()} {platform.machine()}"}


def version_line() -> str:
    """One line for `bitboard --version`: 'bitboard 0.1.0, compiled (portable build), perft
    kernel perft_kernel_pext; Python 3.11.7 on Linux x86_64'."""
    info = build_info()
    build = f"compiled ({info['build']} build)" if info["compiled"] else "uncompiled (pure Python)"
    return (f"bitboard {info['version']}, {build}, perft kernel {info['kernel']}; Python {info['python']} on "
            f"{info['platform']}")
