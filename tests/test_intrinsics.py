"""core/intrinsics.h, each compiler's spelling of the intrinsics: the plain-C path (forced with
BITBOARD_PLAIN_C=1) computes what the builtins compute, and the MSVC (x64, ARM64) and aarch64
spellings compile, wherever a compiler for them is installed (clang's Windows targets, Debian's
gcc-aarch64-linux-gnu); a missing compiler skips with its name."""
import pathlib
import random
import shutil
import subprocess

import pytest

HEADER = pathlib.Path(__file__).resolve().parent.parent / "src" / "bitboard" / "core" / "intrinsics.h"

PROGRAM = r"""
#include <stdio.h>
#include "intrinsics.h"
static const unsigned long long VALUES[] = {VALUES};
int main(void) {
    unsigned i;
    for (i = 0; i < sizeof VALUES / sizeof VALUES[0]; i++) {
        unsigned long long x = VALUES[i];
        bb_prefetch(&VALUES[i]);
        printf("%d %d %d %d %d %llu\n", bb_popcount64(x), bb_ctz64(x), bb_clz64(x), bb_ctz32((unsigned)x | 0x80000000u),
               bb_clz32((unsigned)(x >> 32) | 1u), bb_bswap64(x));
    }
    return 0;
}
"""

pytestmark = pytest.mark.skipif(not HEADER.exists(), reason="needs the source tree (src/bitboard/core/intrinsics.h)")


def _values():
    rng = random.Random(64)
    edges = [1, 1 << 63, (1 << 64) - 1, 0x8000000000000001, 0xFFFFFFFF, 0xFFFFFFFF00000000, 0x0000001818000000]
    return edges + [rng.getrandbits(64) | 1 << rng.randrange(64) for _ in range(200)]


def _program(tmp_path) -> pathlib.Path:
    source = tmp_path / "intrinsics_check.c"
    source.write_text(PROGRAM.replace("{VALUES}", "{" + ", ".join(f"{v}ULL" for v in _values()) + "}"))
    return source


# For targets without their C library here (MSVC's): every intrinsic used, nothing else included.
UNIT = r"""
#include "intrinsics.h"
int use(unsigned long long x, const void *p) {
    bb_prefetch(p);
    return bb_popcount64(x) + bb_ctz64(x) + bb_clz64(x) + bb_ctz32((unsigned)x) + bb_clz32((unsigned)x)
           + (int)bb_bswap64(x);
}
"""


def _compile(command, tmp_path, *flags, unit=False) -> subprocess.CompletedProcess:
    source = tmp_path / "unit.c" if unit else _program(tmp_path)
    if unit:
        source.write_text(UNIT)
    return subprocess.run([*command, "-O2", f"-I{HEADER.parent}", *flags, str(source)],
                          capture_output=True, text=True, cwd=tmp_path)


def _expected() -> list:
    out = []
    for x in _values():
        low, high = (x & 0xFFFFFFFF) | 0x80000000, (x >> 32) | 1
        ctz = (x & -x).bit_length() - 1
        out.append(f"{bin(x).count('1')} {ctz} {64 - x.bit_length()} {(low & -low).bit_length() - 1} "
                   f"{32 - high.bit_length()} {int.from_bytes(x.to_bytes(8, 'little'), 'big')}")
    return out


@pytest.mark.parametrize("plain", [False, True], ids=["builtins", "plain C"])
def test_each_spelling_computes_what_python_computes(tmp_path, plain):
    compiler = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if compiler is None:
        pytest.skip("no C compiler (cc, gcc or clang) here")
    built = _compile([compiler, "-o", str(tmp_path / "check")], tmp_path, *(["-DBITBOARD_PLAIN_C=1"] if plain else []))
    assert built.returncode == 0, built.stderr
    ran = subprocess.run([str(tmp_path / "check")], capture_output=True, text=True, check=True)
    assert ran.stdout.splitlines() == _expected()


# What clang's intrin.h reads of the Windows SDK's C library, which is not here.
SDK_STUBS = {
    "stdlib.h": "typedef __SIZE_TYPE__ size_t;\nvoid *malloc(size_t size);\nvoid free(void *p);\n"
                "unsigned long long _byteswap_uint64(unsigned long long x);\n",
    "malloc.h": "void *_aligned_malloc(__SIZE_TYPE__ size, __SIZE_TYPE__ alignment);\nvoid _aligned_free(void *p);\n",
    "setjmp.h": "typedef int jmp_buf[16];\n",
}


@pytest.mark.parametrize("target", ["x86_64-pc-windows-msvc", "aarch64-pc-windows-msvc"])
def test_the_msvc_spellings_compile(tmp_path, target):
    if shutil.which("clang") is None:
        pytest.skip("needs clang (apt-get install clang) for its MSVC targets")
    stubs = tmp_path / "sdk"
    stubs.mkdir()
    for name, text in SDK_STUBS.items():
        (stubs / name).write_text(text)
    # clang defines _MSC_VER for these targets, and __clang__, which would pick the GNU spelling:
    # without it, the MSVC one is compiled (every intrinsic declared, used as declared)
    built = _compile(["clang", f"--target={target}", "-U__clang__", "-isystem", str(stubs), "-fsyntax-only",
                      "-Werror", "-Wno-builtin-macro-redefined"], tmp_path, unit=True)
    assert built.returncode == 0, built.stderr
    spelled = _compile(["clang", f"--target={target}", "-U__clang__", "-isystem", str(stubs), "-E", "-dM"],
                       tmp_path, unit=True)
    assert "#define BITBOARD_SPELLING_MSVC 1" in spelled.stdout


@pytest.mark.parametrize("plain", [False, True], ids=["builtins", "plain C"])
def test_the_aarch64_build_compiles(tmp_path, plain):
    cross = shutil.which("aarch64-linux-gnu-gcc")
    if cross is None:
        pytest.skip("needs Debian's gcc-aarch64-linux-gnu")
    built = _compile([cross, "-c", "-o", str(tmp_path / "check.o"), "-Werror"], tmp_path,
                     *(["-DBITBOARD_PLAIN_C=1"] if plain else []))
    assert built.returncode == 0, built.stderr
