"""Perft's specialised walk (core/perft_kernel.py) against python-chess, position by position.

Board.perft counts every position a game can reach with the walk, and every other set-up board
with movegen's general path; the published counts of test_board.py go through the walk too.
Here python-chess counts the same trees move by move: positions from random games (Chess960
included), and the hard cases of en passant, castling and promotion that perft suites collect.
"""
import array
import contextlib
import importlib
import io
import os
import random
import subprocess

import chess
import pytest
from helpers import PERFT
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard
from bitboard import Board
from bitboard.benchmarks.movegen import python_loop as python_chess_perft  # (python-chess's own loop)
from bitboard.core import cpu, perft_split, perft_table, perft_threads
from bitboard.core import perft as perft_module
from bitboard.installation import pure


def random_positions(seed: int, fen: str, plies: int, chess960: bool = False):
    """The FENs of a random game from `fen`."""
    rng = random.Random(seed)
    board = chess.Board(fen, chess960=chess960)
    for _ in range(plies):
        yield board.fen()
        moves = list(board.legal_moves)
        if not moves:
            return
        board.push(rng.choice(moves))


@settings(max_examples=20 if bitboard.compiled else 3, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([fen for fen, _ in PERFT.values()]))
def test_random_game_positions_count_as_python_chess_counts(seed, fen):
    for position in list(random_positions(seed, fen, 80))[::4]:
        assert Board(position).perft(2) == python_chess_perft(chess.Board(position), 2), position


@settings(max_examples=10 if bitboard.compiled else 2, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(0, 959))
def test_chess960_game_positions_count_as_python_chess_counts(seed, scharnagl):
    start = chess.Board.from_chess960_pos(scharnagl).fen()
    for position in list(random_positions(seed, start, 60, chess960=True))[::5]:
        expected = python_chess_perft(chess.Board(position, chess960=True), 2)
        assert Board(position, chess960=True).perft(2) == expected, position


@settings(max_examples=10 if bitboard.compiled else 2, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([fen for fen, _ in PERFT.values()]))
def test_random_game_positions_count_as_chessmg_counts(seed, fen):
    chessmg = pytest.importorskip("chessmg", reason="chessmg, the second perft oracle (a C extension), is not "
                                                    "installed: pip install chessmg (x86-64 Linux wheels)")
    depth = 3 if bitboard.compiled else 2
    for position in list(random_positions(seed, fen, 80))[::8]:
        with contextlib.redirect_stdout(io.StringIO()):  # (in case it prints a divide)
            expected = chessmg.perft(position, depth)
        assert Board(position).perft(depth) == expected, position


# Each kernel this CPU runs against the reference generator (movegen's, which makes and unmakes
# every move on the Position) on positions of random games: from the published positions, from
# Chess960 starts, and from sparse ones where kings walk, pawns promote and rooks pin. Depth 2 and
# 3 count the last two plies from the replies' base (perft_kernel's _walk2): a move that takes,
# checks, pins, unpins, blocks or opens a line to the king's squares, or leaves en passant, must
# change the count as making it would.
SPARSE_STARTS = ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
                 "8/3k4/8/8/8/8/3PPP2/3K4 w - - 0 1", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                 "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1", "2r1k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1"]


@settings(max_examples=25 if bitboard.compiled else 3, deadline=None)
@given(st.integers(0, 2 ** 32), st.sampled_from([fen for fen, _ in PERFT.values()] + SPARSE_STARTS + list(range(8))))
def test_every_kernel_counts_as_the_reference_generator(seed, start):
    chess960 = isinstance(start, int)  # a Chess960 start, by a Scharnagl number of the seed's choice
    fen = chess.Board.from_chess960_pos((seed + 137 * start) % 960).fen() if chess960 else start
    positions = list(random_positions(seed, fen, 100, chess960=chess960))[::7 if bitboard.compiled else 25]
    chosen = perft_module.KERNEL
    try:
        for name in perft_module.usable_kernels():
            perft_module.use_kernel(name)
            for position in positions:
                board = Board(position, chess960=chess960)
                for depth in (1, 2, 3) if bitboard.compiled else (1, 2):
                    assert board.perft(depth) == perft_module.reference_count(board, depth), (name, position, depth)
    finally:
        perft_module.use_kernel(chosen)


# Positions that perft suites collect for the rules that generators get wrong: en passant that
# would expose the king (along a rank or a diagonal) or that answers a check, castling that
# gives check or whose rook was in the way of an attack, promotions that check or are pinned.
HARD_CASES = [
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
    "6q1/8/8/3pP3/8/1K6/8/8 w - d6 0 1",
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
    "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
    "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
    "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
    "r3k2r/p6p/8/B7/1pp1p3/3b4/P6P/R3K2R w KQkq - 0 1",
    "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    # a rook that could still castle taken, from a square that attacks none of the king's
    "r3k2r/8/8/8/8/8/1B6/4K3 w kq - 0 1",
    "r3k2r/8/6N1/8/8/8/8/4K3 w kq - 0 1",
    "4k3/8/8/8/8/1n6/8/R3K2R b KQ - 0 1",
    # a piece that blocked castling, from a square that attacks none of the king's, leaving it
    # (the bishop's move to a2 / a7 gives the queen side's castling back, two plies from the root)
    "4k3/8/8/8/8/8/8/Rb2K3 b Q - 0 1",
    "rB2k3/8/8/8/8/8/8/4K3 w q - 0 1",
    # the replying side's knight pinned on a diagonal: none of its moves in the replies' base
    "4k3/5n2/8/7B/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/7b/8/5N2/4K3 b - - 0 1",
]


@pytest.mark.parametrize("fen", HARD_CASES)
def test_hard_cases_count_as_python_chess_counts(fen):
    for depth in (2, 3) if bitboard.compiled else (2,):  # the last two plies counted at the root, then below it
        assert Board(fen).perft(depth) == python_chess_perft(chess.Board(fen), depth), depth


# Positions a game cannot reach: the side not to move in check (its king can be taken: black's,
# then white's), a board without a black king, two kings of a colour (python-chess guards the
# highest; the compiled generator takes one king at most, so perft counts these move by move), and
# pawns on their first rank (python-chess steps them one square or two, without an en-passant
# square), also pinned.
UNREACHABLE = ["4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", "8/8/8/8/8/8/4R3/4K3 w - - 0 1",
               "kk6/8/8/8/8/8/8/K7 w - - 0 1", "kk6/8/8/8/8/8/8/K7 b - - 0 1", "k7/8/8/8/8/8/8/KK5R b - - 0 1",
               "k1r5/8/8/2K5/8/8/8/K7 w - - 0 1", "k7/8/8/8/8/8/8/K6P w - - 0 1", "k6p/8/8/8/8/8/8/K7 b - - 0 1",
               "4r1k1/8/8/8/8/8/8/4P2K w - - 0 1", "k3r3/8/8/8/8/8/8/4P2K w - - 0 1", "1k6/8/8/8/8/p7/8/PP5K w - - 0 1"]


@pytest.mark.parametrize("fen", UNREACHABLE)
def test_positions_a_game_cannot_reach_count_as_python_chess_counts(fen):
    depth = 3 if bitboard.compiled else 2
    theirs = python_chess_perft(chess.Board(fen), depth)
    assert Board(fen).perft(depth) == theirs
    assert sum(Board(fen).divide(depth).values()) == theirs
    assert Board(fen).perft(depth, threads=2, hash_mb=1) == theirs
    assert sorted(m.uci() for m in Board(fen).legal_moves) == sorted(m.uci() for m in chess.Board(fen).legal_moves)
    assert sorted(m.uci() for m in Board(fen).pseudo_legal_moves) == \
        sorted(m.uci() for m in chess.Board(fen).pseudo_legal_moves)


def test_hashed_and_threaded_counts_walk_the_same_tree():
    fen, counts = PERFT["kiwipete"]
    assert Board(fen).perft(4, hash_mb=1) == counts[3]
    assert Board(fen).perft(4, threads=2) == counts[3]


def test_a_table_of_two_buckets_replaces_entries_and_stays_exact():
    # 128 bytes, the least: every position lands in the same four deep entries or the same
    # eight shallow ones, replaced again and again.
    assert perft_table.HashTable(0.00001).entries == 8
    for fen, counts in (PERFT["kiwipete"], PERFT["pos3"]):
        assert Board(fen).perft(4, hash_mb=0.00001) == counts[3]
        assert Board(fen).perft(4, hash_mb=0.00001, threads=2) == counts[3]


def test_a_count_two_plies_deep_is_one_word_read_back_for_its_own_key_only():
    perft, board = pure("core.perft"), pure("board").Board(PERFT["kiwipete"][0])
    mask, key = 3, board._key
    bucket = (key & mask) * pure("core.encoding").PERFT_BUCKET_WORDS
    table, shallow = [0] * 32, [0] * 32
    # Another position's count in the same bucket (the key's low bits), its key's top bits not ours.
    perft._store_shallow(shallow, bucket, key ^ (1 << 40), 1234)
    assert perft._perft_hashed(board, 2, table, mask, [0], True, shallow) == 2039  # counted
    assert sorted(shallow[bucket:bucket + 8])[-2:] == sorted([(key ^ (1 << 40)) >> 16 << 16 | 1235,
                                                              key >> 16 << 16 | 2040])
    # Our own entry is read back: a count planted there, to tell a look-up from a count.
    shallow = [0] * 32
    perft._store_shallow(shallow, bucket, key, 1234)
    assert perft._perft_hashed(board, 2, table, mask, [0], True, shallow) == 1234
    assert table == [0] * 32  # the deep half is not written for a count two plies deep


@pytest.mark.parametrize("uci", ["e1g1", "e1c1", "a1a8", "e1e2"])
def test_a_child_found_in_the_table_is_looked_up_by_the_key_its_move_gives(uci):
    # The parent probes by _key_after (the move not made): a count planted under the child's
    # key, computed from scratch from its FEN (castling, a capture taking rights away, a king
    # move), is the one used.
    perft, Board = pure("core.perft"), pure("board").Board
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    child = Board(fen)
    child.push_uci(uci)
    child = Board(child.fen())
    mask = 15
    table, shallow = [0] * 8 * (mask + 1), [0] * 8 * (mask + 1)
    perft._store_shallow(shallow, (child._key & mask) * pure("core.encoding").PERFT_BUCKET_WORDS, child._key, 10_000)
    assert perft._perft_hashed(Board(fen), 3, table, mask, [0], True, shallow) == 13_744 - child.perft(2) + 10_000


def test_threads_take_the_biggest_tasks_first():
    # Two threads want 16 lines each: the 20 first moves are too few, so the split is at ply 2
    # (400 lines), ordered by the count below each (one ply for a depth-4 count), largest first,
    # and the board is left as it was.
    board, stop = Board(), array.array("i", [0])
    plies, lines = perft_threads._tasks(board, 4, 2)
    assert plies == 2 and len(lines) == 400 == len(set(lines))
    sizes = [perft_split._run_line(board, line, 1, None, stop) for line in lines]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > sizes[-1]
    assert sum(perft_split._run_line(board, line, 2, None, stop) for line in lines) == Board().perft(4)
    assert board.fen() == Board().fen()


@given(st.integers(0, 2 ** 64 - 1), st.integers(0, 2 ** 64 - 1))
def test_the_plain_python_pext_packs_the_bits_under_the_mask(x, mask):
    from bitboard.core.native import pext64  # the uncompiled build's stand-in for the instruction
    squares = [i for i in range(64) if mask >> i & 1]
    assert pext64(x, mask) == sum(((x >> sq) & 1) << k for k, sq in enumerate(squares))


# --- the kernels a build carries, and the choice among them -------------------------------------


@pytest.mark.parametrize("name", perft_module.usable_kernels())
def test_every_installed_kernel_this_cpu_runs_counts_the_published_positions(name):
    chosen = perft_module.KERNEL
    try:
        assert perft_module.use_kernel(name) == name
        for fen, counts in PERFT.values():
            depth = min(len(counts), 4 if bitboard.compiled else 2)
            assert Board(fen).perft(depth) == counts[depth - 1], (name, fen)
    finally:
        perft_module.use_kernel(chosen)


def test_the_kernel_in_use_is_the_fastest_installed_and_unknown_ones_are_refused():
    assert perft_module.KERNEL == perft_module.fastest_kernel() in perft_module.available_kernels()
    assert "perft_kernel" in perft_module.available_kernels()
    with pytest.raises(ValueError, match="perft_kernel_avx1024"):
        perft_module.use_kernel("perft_kernel_avx1024")


V2, V3 = set(cpu.X86_64_V2), set(cpu.X86_64_V3)


@pytest.mark.parametrize("info, v2, v3, fast", [
    ({"vendor_id": "AuthenticAMD", "cpu family": "25", "flags": V3 | {"avx512f"}}, True, True, True),  # Zen 4
    ({"vendor_id": "AuthenticAMD", "cpu family": "23", "flags": V3}, True, True, False),  # Zen 2: slow PEXT
    ({"vendor_id": "GenuineIntel", "cpu family": "6", "flags": V3}, True, True, True),  # Haswell and later
    ({"vendor_id": "GenuineIntel", "cpu family": "6", "flags": V2}, True, False, False),  # Nehalem
    ({"vendor_id": "GenuineIntel", "cpu family": "6", "flags": V3 - {"popcnt"}}, False, False, True),  # no popcnt
    ({"vendor_id": "GenuineIntel", "cpu family": "15", "flags": {"sse2", "cx16"}}, False, False, False),  # Core 2
    ({}, False, False, False),  # no /proc/cpuinfo
])
def test_the_cpu_facts_the_choice_goes_by(info, v2, v3, fast, monkeypatch):
    monkeypatch.setattr(cpu, "x86_64", lambda: True)
    assert cpu.x86_64_v2(info) is v2 and cpu.x86_64_v3(info) is v3 and cpu.fast_pext(info) is fast


@pytest.mark.parametrize("v2, v3, fast, chosen, usable", [
    (True, True, True, "perft_kernel_pext", perft_module.KERNELS),
    (True, True, False, "perft_kernel_v3", perft_module.KERNELS),  # AMD Zen 2: PEXT runs, slowly
    (True, False, False, "perft_kernel_v2", ("perft_kernel", "perft_kernel_v2")),
    (False, False, False, "perft_kernel", ("perft_kernel",)),
])
def test_a_portable_build_chooses_the_latest_level_the_cpu_runs(v2, v3, fast, chosen, usable, monkeypatch):
    monkeypatch.setattr(perft_module, "available_kernels", lambda: list(perft_module.KERNELS))
    monkeypatch.setattr(perft_module, "cpu_facts", lambda: {"x86-64-v2": v2, "x86-64-v3": v3, "fast PEXT": fast})
    assert perft_module.fastest_kernel() == chosen
    assert perft_module.usable_kernels() == list(usable)
    for name in set(perft_module.KERNELS) - set(usable):  # refused before its module is loaded
        with pytest.raises(ValueError, match=f"{name}.*needs an x86-64-v"):
            perft_module.use_kernel(name)


@pytest.mark.skipif(not (bitboard.compiled and cpu.x86_64() and os.path.exists("/proc/cpuinfo")),
                    reason="the compiled build asks the CPU; /proc/cpuinfo (Linux on x86-64) is the other witness")
def test_the_cpus_own_answer_agrees_with_proc_cpuinfo():
    # Compiled, the kernel is chosen by what the CPU says of itself (CPUID); on a real machine
    # the kernel's /proc/cpuinfo says the same. (Under an emulator of another CPU, qemu-user's
    # `-cpu Nehalem` say, they differ, and the CPU's own answer is the one that keeps the
    # interpreter alive: with it, the portable build counts there with its v2 kernel.)
    assert perft_module.cpu_facts() == {"x86-64-v2": cpu.x86_64_v2(), "x86-64-v3": cpu.x86_64_v3(),
                                        "fast PEXT": cpu.fast_pext()}


@pytest.mark.skipif(os.environ.get("BITBOARD_EXPECT_PORTABLE") != "1",
                    reason="set BITBOARD_EXPECT_PORTABLE=1 to check a portable (BITBOARD_PORTABLE=1) build")
def test_a_portable_build_carries_every_kernel():
    assert perft_module.available_kernels() == list(perft_module.KERNELS)


@pytest.mark.parametrize("predefined, fast", [
    (["__BMI2__", "__znver3__", "__tune_znver3__"], True),  # Zen 3
    (["__BMI2__", "__znver2__", "__tune_znver2__"], False),  # Zen 2: microcoded
    (["__BMI2__", "__znver1__"], False),
    (["__BMI2__", "__bdver4__"], False),  # Excavator
    (["__BMI2__", "__haswell__", "__tune_haswell__"], True),
    (["__POPCNT__", "__corei7__"], False),  # Nehalem: no BMI2
    ([], False),
])
def test_a_build_for_this_machine_takes_pext_as_its_compiler_says(predefined, fast):
    macros = "".join(f"#define {name} 1\n" for name in predefined) + "#define __x86_64__ 1\n#define\n"
    assert cpu.native_fast_pext(macros) is fast


def _native_macros():
    try:
        return subprocess.run(["cc", "-march=native", "-dM", "-E", "-x", "c", os.devnull], capture_output=True,
                              text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None


@pytest.mark.skipif(not (cpu.x86_64() and os.path.exists("/proc/cpuinfo") and _native_macros()),
                    reason="needs x86-64 Linux (/proc/cpuinfo) and a C compiler `cc` that knows -march=native")
def test_the_compiler_and_proc_cpuinfo_agree_on_pext():
    # setup.py asks the compiler (macOS and the BSDs have no /proc/cpuinfo); here both answer.
    assert cpu.native_fast_pext(_native_macros()) is cpu.fast_pext()


@pytest.mark.skipif(not bitboard.compiled or bool(os.environ.get("BITBOARD_CFLAGS")),
                    reason="the uncompiled build (or one with BITBOARD_CFLAGS) always looks sliders up by magics")
def test_the_kernel_in_use_takes_pext_where_the_cpu_has_it_fast():
    # A build for this machine decides at build time (the compiler's word), a portable one at
    # import (CPUID): either way, the same as the CPU's own answer.
    kernel = importlib.import_module(f"bitboard.core.{perft_module.KERNEL}")
    assert kernel.USES_PEXT is perft_module.cpu_facts()["fast PEXT"]


def test_cpu_info_reads_the_first_processor(tmp_path):
    path = tmp_path / "cpuinfo"
    path.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu bmi2 avx2\n\nprocessor\t: 1\n")
    info = cpu.cpu_info.__wrapped__(str(path))
    assert info["vendor_id"] == "GenuineIntel" and info["flags"] == {"fpu", "bmi2", "avx2"}
    assert cpu.cpu_info.__wrapped__(str(tmp_path / "missing")) == {}
