"""Serialization techniques, and perfect-hash move lists against plain scanning.

    python -m bitboard.benchmarks.serialize [--quick]

Compiled techniques run inside C loops over arrays (serialize.sum_square_counts,
move_lists.sum_move_lists); uncompiled ones are the same functions of the uncompiled source called from a
Python loop. Each cell is nanoseconds per set, then the multiple of the fastest in its column.
"""
import array
import random

from .. import compiled
from ..catalogue import move_lists as built_lists
from ..catalogue import serialize as built
from ..catalogue.searches import MOVE_LIST_TABLES, move_list_masks
from ..installation import pure
from . import best_times, markdown_table, relative, relative_table, sizes

RAYS = {"knight": [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)],
        "king": [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr],
        "bishop": [(1, 1), (1, -1), (-1, 1), (-1, -1)], "rook": [(1, 0), (-1, 0), (0, 1), (0, -1)]}
RAYS["queen"] = RAYS["bishop"] + RAYS["rook"]


def move_target_set(rng: random.Random) -> int:
    """A synthetic move-target set: a random piece's attacks on a board a quarter full, minus
    the squares its own side holds (about half of the occupied ones)."""
    piece = rng.choice(list(RAYS))
    sq = rng.randrange(64)
    occupied = sum(1 << s for s in rng.sample(range(64), 16))
    own = sum(1 << s for s in range(64) if occupied >> s & 1 and rng.random() < 0.5)
    targets = 0
    for df, dr in RAYS[piece]:
        f, r = sq & 7, sq >> 3
        while True:
            f, r = f + df, r + dr
            if not (0 <= f < 8 and 0 <= r < 8):
                break
            targets |= 1 << (8 * r + f)
            if piece in ("knight", "king") or occupied >> (8 * r + f) & 1:
                break
    return targets & ~own or 1 << rng.randrange(64)


SET_KINDS = {
    "sparse (1-4 bits)": lambda rng: sum(1 << s for s in rng.sample(range(64), rng.randint(1, 4))),
    "move targets": move_target_set,
    "dense (40-60 bits)": lambda rng: sum(1 << s for s in rng.sample(range(64), rng.randint(40, 60))),
}
PURE_FUNCTIONS = ["_forward", "_forward_xor_reset", "_reverse", "_scan_and_reset", "_intrinsic", "_bisect8",
                  "_bisect16", "_side_flip", "_side_bsr"]


def time_square_techniques(n_compiled: int, n_pure: int, repeat: int, seed: int = 7) -> dict:
    rng = random.Random(seed)
    source = pure("catalogue.serialize")
    source._build_word_squares()
    results = {}
    for kind, make in SET_KINDS.items():
        values = [make(rng) for _ in range(n_compiled)]
        data = array.array("Q", values)
        few = values[:n_pure]
        buf = [0] * 64
        runs = {}
        for t, technique in enumerate(built.SQUARE_TECHNIQUES):
            if compiled:
                runs[(technique, "compiled")] = (lambda t=t: built.sum_square_counts(t, data), n_compiled)
            f = getattr(source, PURE_FUNCTIONS[t])
            if t >= 7:  # noqa: SIM108  (white to move: black's back rank first)
                run = lambda f=f: [f(v, True, buf) for v in few]  # noqa: E731
            else:
                run = lambda f=f: [f(v, buf) for v in few]  # noqa: E731
            runs[(technique, "uncompiled")] = (run, n_pure)
        seconds = best_times({key: f for key, (f, _) in runs.items()}, repeat)
        for (technique, build), (_, n) in runs.items():
            results.setdefault(technique, {})[(build, kind)] = seconds[(technique, build)] / n * 1e9
    return results


def time_move_lists(n_compiled: int, n_pure: int, repeat: int, seed: int = 11) -> dict:
    """{(piece, targets kind): {method: {build: ns}}} for king and knight target subsets."""
    rng = random.Random(seed)
    source = pure("catalogue.move_lists")
    source._build_move_lists()
    built_methods = list(built_lists.MOVE_LIST_METHODS)
    results = {}
    for piece in ("king", "knight"):
        masks = move_list_masks(piece)
        table = MOVE_LIST_TABLES.index(piece)
        kinds = {
            "1 target": lambda m: 1 << rng.choice([s for s in range(64) if m >> s & 1]),
            "half the targets": lambda m: sum(1 << s for s in range(64) if m >> s & 1 and rng.random() < 0.5),
            "all targets": lambda m: m,
        }
        for kind, make in kinds.items():
            froms = [rng.randrange(64) for _ in range(n_compiled)]
            targets = [make(masks[s]) for s in froms]
            f_arr, t_arr = array.array("B", froms), array.array("Q", targets)
            buf = [0] * 72
            few = list(zip(froms, targets))[:n_pure]
            pure_runs = [
                lambda: [source._serialize_moves(buf, 0, s, t) for s, t in few],
                lambda: [source._hashed_moves(64 * table + s, t, buf, 0) for s, t in few],
                lambda: [source._hashed_moves_normalized(64 * table + s, t, buf, 0) for s, t in few],
            ]
            cell = results.setdefault((piece, kind), {})
            runs = {}
            for m, method in enumerate(built_methods):
                if compiled:
                    runs[(method, "compiled")] = (lambda m=m: built_lists.sum_move_lists(m, table, f_arr, t_arr),
                                                  n_compiled)
                runs[(method, "uncompiled")] = (pure_runs[m], n_pure)
            seconds = best_times({key: f for key, (f, _) in runs.items()}, repeat)
            for (method, build), (_, n) in runs.items():
                cell.setdefault(method, {})[build] = seconds[(method, build)] / n * 1e9
    return results


def square_report(results: dict) -> str:
    return relative_table("technique", results, lambda column: f"{column[0]} {column[1].split(' (')[0]}")


def move_list_report(results: dict) -> str:
    methods = list(built_lists.MOVE_LIST_METHODS)
    builds = [b for b in ("compiled", "uncompiled") if b in next(iter(next(iter(results.values())).values()))]
    headers = ["piece, targets"] + [f"{m} ({b})" for b in builds for m in methods]
    rows = []
    for (piece, kind), cell in results.items():
        row = [f"{piece}, {kind}"]
        for b in builds:
            times = [cell[m][b] for m in methods]
            row += [f"{t:.1f} ns {r:.2f}x" for t, r in zip(times, relative(times))]
        rows.append(row)
    return markdown_table(headers, rows)


def memory_report() -> str:
    rows = []
    for table, m in built_lists.table_memory().items():
        rows.append([table, m["lists"], f"{m['bytes']:,}", m["normalized squares"], m["normalized lists"],
                     f"{m['normalized bytes']:,}", f"{1 - m['normalized bytes'] / m['bytes']:.0%}"])
    return markdown_table(["table", "lists", "bytes", "shapes", "normalized lists", "normalized bytes", "saved"], rows)


def main(argv=None):
    n_compiled, n_pure, repeat = sizes(argv, __doc__, (200_000, 10_000, 7), (20_000, 1_000, 3))
    print(f"bitboard.compiled = {compiled}; ns per set, then the multiple of the fastest in the column; "
          f"{n_compiled} sets compiled, {n_pure} uncompiled, best of {repeat}.\n")
    print("Square serialization (white to move for the two side orders)\n")
    print(square_report(time_square_techniques(n_compiled, n_pure, repeat)))
    print("\nMove lists: plain scanning against perfect-hash move lists\n")
    print(move_list_report(time_move_lists(n_compiled, n_pure, repeat)))
    print("\nMove-list tables: memory, plain and normalized\n")
    print(memory_report())


if __name__ == "__main__":
    main()
