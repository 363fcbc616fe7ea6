"""Perft speed of two builds of bitboard, interleaved round by round in one run.

    python tools/compare_builds.py OLD_SRC NEW_SRC [--rounds 5] [--quick]

Each SRC is a folder holding a built `bitboard` package (a checkout's `src` after
`python setup.py build_ext --inplace`). Every round counts the six published positions once
with each build, in a fresh subprocess, alternating which goes first; each build keeps its best
time per position. Prints leaves per second and the new/old ratio, with the geometric mean.
"""
import argparse
import json
import math
import subprocess
import sys

POSITIONS = {
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    "pos3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    "pos4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    "pos5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
    "pos6": ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
}

CHILD = """
import json, sys, time
import bitboard
assert bitboard.compiled, "not a compiled build: " + bitboard.__file__
out = {}
for name, (fen, depth) in json.loads(sys.argv[1]).items():
    board = bitboard.Board(fen)
    start = time.perf_counter()
    nodes = board.perft(depth)
    out[name] = (nodes, time.perf_counter() - start)
print(json.dumps(out))
"""


def run(src: str, positions: dict) -> dict:
    result = subprocess.run([sys.executable, "-c", CHILD, json.dumps(positions)], capture_output=True, text=True,
                            env={"PYTHONPATH": src, "PATH": ""}, check=True)
    return json.loads(result.stdout)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    args = ap.parse_args(argv)
    positions = {name: (fen, depth - args.quick) for name, (fen, depth) in POSITIONS.items()}
    best = {build: dict.fromkeys(positions, math.inf) for build in ("old", "new")}
    nodes = {}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for build in order:
            for name, (count, seconds) in run(getattr(args, build), positions).items():
                if nodes.setdefault(name, count) != count:
                    raise SystemExit(f"{name}: the builds disagree ({nodes[name]} vs {count})")
                best[build][name] = min(best[build][name], seconds)
    print("| position | depth | old M leaves/s | new M leaves/s | new/old |\n|---|---:|---:|---:|---:|")
    ratios = []
    for name, (_, depth) in positions.items():
        old, new = nodes[name] / best["old"][name] / 1e6, nodes[name] / best["new"][name] / 1e6
        ratios.append(new / old)
        print(f"| {name} | {depth} | {old:.0f} | {new:.0f} | {new / old:.3f}x |")
    print(f"geometric mean new/old: {math.prod(ratios) ** (1 / len(ratios)):.3f}x ({args.rounds} rounds)")


if __name__ == "__main__":
    main()
