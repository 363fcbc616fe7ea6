"""The `bitboard` command line through its entry point, bad input included."""
import subprocess
import sys

import pytest

from bitboard.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_draws_the_grid(capsys):
    code, out, err = run(capsys, "show", "0x0000001818000000")
    assert code == 0 and err == ""
    rows = out.splitlines()[:8]
    assert rows[3] == rows[4] == ". . . 1 1 . . ." and rows[0] == ". . . . . . . ."
    assert "d4 e4 d5 e5" in out


def test_show_in_another_mapping(capsys):
    # 0xFF in LEFR is the a-file
    code, out, _ = run(capsys, "show", "0xff", "--mapping", "LEFR")
    assert code == 0 and [r[0] for r in out.splitlines()[:8]] == ["1"] * 8
    assert "a1 a2 a3 a4 a5 a6 a7 a8" in out


@pytest.mark.parametrize("argv,needle", [
    (["show", "0xzz"], "'0xzz' is not a bitboard"),
    (["show", "-1"], "bitboard -1 is not in 0..2**64-1"),
    (["show", str(1 << 64)], "is not in 0..2**64-1"),
    (["show", "1", "--mapping", "nope"], "unknown square mapping 'nope'"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_console_script_help_and_usage_errors():
    ok = subprocess.run([sys.executable, "-m", "bitboard.cli", "show", "--help"], capture_output=True, text=True)
    assert ok.returncode == 0 and "--mapping" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "bitboard.cli", "frobnicate"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
