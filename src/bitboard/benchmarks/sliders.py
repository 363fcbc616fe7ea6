"""Slider attack generation: magic bitboards against the set-wise methods, compiled and uncompiled.

    python -m bitboard.benchmarks.sliders [--quick]

Each method computes bishop or rook attacks for the same random (square, occupancy) pairs; the
occupancies have a quarter of the squares set, about as full as a middlegame board. Compiled,
sliders.sum_slider_attacks runs the loop in C; uncompiled, the same (unchecked) functions of the
uncompiled source run in a Python loop. Cells: ns per attack set, then the multiple of the
fastest method in the column.
"""
import array
import random

from .. import compiled
from ..catalogue import sliders as built
from ..core.encoding import BB_ALL as ALL
from ..installation import pure
from . import best_times, relative_table, sizes


def _pure_functions(source) -> dict:
    """method: (bishop, rook) functions of the uncompiled source, taking (square, occupancy)."""
    return {
        "magic": (source._bishop_attacks, source._rook_attacks),
        "classical rays": (source._bishop_attacks_rays, source._rook_attacks_rays),
        "Kogge-Stone": (lambda s, o: source._diagonal_fill_attacks(1 << s, ~o & ALL),
                        lambda s, o: source._orthogonal_fill_attacks(1 << s, ~o & ALL)),
        "hyperbola quintessence": (
            lambda s, o: source._hyperbola(s, o, source.DIAGONAL_MASK[s]) | source._hyperbola(
                s, o, source.ANTI_DIAGONAL_MASK[s]),
            lambda s, o: source._hyperbola(s, o, source.FILE_MASK[s]) | source._hyperbola_rank(s, o)),
    }


def measure(n_compiled: int, n_pure: int, repeat: int, seed: int = 3) -> dict:
    rng = random.Random(seed)
    squares = [rng.randrange(64) for _ in range(n_compiled)]
    occupancies = [sum(1 << s for s in rng.sample(range(64), 16)) for _ in range(n_compiled)]
    sq_arr, occ_arr = array.array("B", squares), array.array("Q", occupancies)
    pairs = list(zip(squares, occupancies))[:n_pure]
    functions = _pure_functions(pure("catalogue.sliders"))
    results = {method: {} for method in built.SLIDER_METHODS}
    for rook, piece in ((False, "bishop"), (True, "rook")):
        runs = {}
        for m, method in enumerate(built.SLIDER_METHODS):
            if compiled:
                runs[(method, "compiled")] = (lambda m=m: built.sum_slider_attacks(m, rook, sq_arr, occ_arr),
                                              n_compiled)
            f = functions[method][rook]
            runs[(method, "uncompiled")] = (lambda f=f: [f(s, o) for s, o in pairs], n_pure)
        seconds = best_times({key: f for key, (f, _) in runs.items()}, repeat)
        for (method, build), (_, n) in runs.items():
            results[method][(build, piece)] = seconds[(method, build)] / n * 1e9
    return {m: dict(sorted(cells.items(), key=lambda c: (c[0][1], c[0][0]))) for m, cells in results.items()}


def report(results: dict) -> str:
    return relative_table("method", results, lambda column: f"{column[0]} {column[1]}")


def main(argv=None):
    n_compiled, n_pure, repeat = sizes(argv, __doc__, (500_000, 20_000, 7), (20_000, 2_000, 3))
    print(f"bitboard.compiled = {compiled}; {n_compiled} pairs compiled, {n_pure} uncompiled, best of {repeat}; "
          "ns per attack set, then the multiple of the fastest in the column.\n")
    print(report(measure(n_compiled, n_pure, repeat)))


if __name__ == "__main__":
    main()
