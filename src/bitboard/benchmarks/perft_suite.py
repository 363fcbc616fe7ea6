"""Count a perft suite: every position of a file against its published counts.

    python -m bitboard.benchmarks.perft_suite FILE [--depth N] [--threads T] [--chess960]

FILE is in the format python-chess's perft files use (chess960.perft, tricky.perft): `id NAME`,
`epd FEN`, then `perft DEPTH COUNT` lines; `#` starts a comment. Every count up to --depth (all
of them by default) is checked; the run prints each position's time, then the totals, and exits
1 on the first count that differs, naming the position and depth.
"""
import argparse
import sys
import time

from ..board import Board


def read_perft_file(path) -> list:
    """[(id, epd, [(depth, count), ...])] of a perft file, in file order."""
    positions = []
    with open(path) as lines:
        for line in lines:
            words = line.split(maxsplit=1)
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "id":
                positions.append((words[1].strip(), None, []))
            elif words[0] == "epd":
                positions[-1] = (positions[-1][0], words[1].strip(), positions[-1][2])
            elif words[0] == "perft":
                depth, count = words[1].split()
                positions[-1][2].append((int(depth), int(count)))
    return positions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--depth", type=int, default=None, help="the deepest count checked (default: all)")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--chess960", action="store_true", help="read castling as Chess960 (as python-chess runs "
                                                                  "both its chess960 and tricky files)")
    args = parser.parse_args(argv)
    nodes, start = 0, time.perf_counter()
    positions = read_perft_file(args.file)
    for number, (ident, epd, counts) in enumerate(positions, 1):
        board = Board(epd, chess960=args.chess960)
        began = time.perf_counter()
        for depth, count in counts:
            if args.depth is not None and depth > args.depth:
                continue
            found = board.perft(depth, threads=args.threads)
            if found != count:
                print(f"{ident} ({epd}) depth {depth}: {found:,} leaves, the file says {count:,}", file=sys.stderr)
                return 1
            nodes += found
        print(f"{number}/{len(positions)} {ident}: {time.perf_counter() - began:.2f} s", flush=True)
    seconds = time.perf_counter() - start
    print(f"all {len(positions)} positions agree: {nodes:,} leaves in {seconds:.1f} s "
          f"({nodes / max(seconds, 1e-9) / 1e6:,.0f} M leaves/s, {args.threads} threads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
