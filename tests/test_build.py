"""Which build is installed, and the compiled modules against their own uncompiled source."""
import importlib
import os
import subprocess
import sys

import pytest
from helpers import compiled_modules
from hypothesis import given
from strategies import bitboards

import bitboard
from bitboard.core import perft as perft_module
from bitboard.installation import pure


def test_build_is_the_one_ci_expects():
    expected = os.environ.get("BITBOARD_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("BITBOARD_EXPECT_COMPILED not set (CI sets it)")
    assert bitboard.compiled is (expected == "1")
    for name in compiled_modules():
        module = importlib.import_module(f"bitboard.{name}")
        assert module.__file__.endswith(".py") is (expected == "0"), module.__file__


def test_build_info_and_version_say_which_build_and_kernel_run():
    info = bitboard.build_info()
    assert info["version"] == bitboard.__version__ and info["compiled"] is bitboard.compiled
    assert info["kernel"] in info["kernels"] and info["kernel"] == perft_module.fastest_kernel()
    if not bitboard.compiled:
        assert info["build"] == "uncompiled"
    elif os.environ.get("BITBOARD_EXPECT_PORTABLE") == "1":
        assert info["build"] == "portable"
    elif os.environ.get("BITBOARD_EXPECT_COMPILED") == "1" and not os.environ.get("BITBOARD_CFLAGS"):
        assert info["build"] == "native"
    line = subprocess.run([sys.executable, "-m", "bitboard.cli", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()
    assert line.startswith(f"bitboard {bitboard.__version__}, ") and f"perft kernel {info['kernel']};" in line
    assert (f"compiled ({info['build']} build)" if bitboard.compiled else "uncompiled") in line


def test_pure_loader_gives_the_uncompiled_source():
    assert pure("core.bits").compiled is False
    assert pure("core.bits").__file__.endswith("bits.py")


def test_the_uncompiled_copy_counts_with_its_own_kernel_and_loads_no_extension():
    # A portable build installs kernels compiled from copies of perft_kernel.py, with no .py of
    # their own beside them: the uncompiled copy of the package must not pick those up.
    assert pure("core.perft").available_kernels() == ["perft_kernel"]
    assert pure("core.perft").KERNEL == "perft_kernel"
    with pytest.raises(ModuleNotFoundError, match="perft_kernel_pext"):
        pure("core.perft_kernel_pext")


PUBLIC_UNARY = ["popcount", "popcount_loop", "popcount_swar", "popcount_table8", "popcount_table16",
                "lsb", "msb", "lsb_loop", "msb_loop", "lsb_debruijn", "msb_debruijn", "lsb_table8",
                "msb_table8", "lsb_table16", "msb_table16", "lsb_halves", "msb_halves", "lsb_via_msb",
                "trailing_zeros", "leading_zeros", "ls1b", "reset_ls1b", "mask_through_ls1b",
                "mask_below_ls1b", "flip_vertical", "mirror_horizontal", "flip_diagonal",
                "flip_anti_diagonal", "rotate_90", "rotate_180", "rotate_270", "file_fill", "rank_fill",
                "shift_up", "shift_down", "shift_left", "shift_right", "shift_up_left", "shift_up_right",
                "shift_down_left", "shift_down_right"]


@given(bitboards)
def test_compiled_and_uncompiled_bits_agree(b):
    from bitboard.catalogue import bitscan
    from bitboard.core import bits
    for built, source in ((bits, pure("core.bits")), (bitscan, pure("catalogue.bitscan"))):
        for name in PUBLIC_UNARY:
            if hasattr(built, name):
                assert getattr(built, name)(b) == getattr(source, name)(b), name
