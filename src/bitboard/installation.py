"""What this installation is: `build_info()` and `bitboard --version` for bug reports and for
checking a wheel, and `pure()`, the uncompiled build of this very installation beside the
compiled one.

A compiled install ships its `.py` sources next to the extensions (which Python prefers).
`pure("core.bits")` imports `core/bits.py` itself as `bitboard_pure.core.bits`, so benchmarks
can time both builds in one run and tests can check one against the other. Modules import each
other relatively, so the whole `bitboard_pure` package is uncompiled.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import platform
import sys

from .core import perft
from .core.bits import compiled

__version__ = "0.1.0"  # the one place the version is written (pyproject.toml reads it)


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


#: The uncompiled copy's package name.
PACKAGE = "bitboard_pure"
_HERE = os.path.dirname(os.path.abspath(__file__))


class _SourceFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            return None
        folder = os.path.join(_HERE, *name.split(".")[1:])
        if os.path.isdir(folder):  # the package or a subpackage
            filename, search = os.path.join(folder, "__init__.py"), [folder]
        else:
            filename, search = folder + ".py", None
            if not os.path.exists(filename):  # never an extension module of the compiled build
                raise ModuleNotFoundError(f"the uncompiled build has no module {name!r}", name=name)
        loader = importlib.machinery.SourceFileLoader(name, filename)
        return importlib.util.spec_from_file_location(name, filename, loader=loader,
                                                      submodule_search_locations=search)


def pure(module: str = ""):
    """The uncompiled `bitboard.<module>` (the package itself for "")."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    return importlib.import_module(PACKAGE + ("." + module if module else ""))
