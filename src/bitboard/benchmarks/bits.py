"""Popcount and bit-scan variants, compiled and uncompiled, on sparse, random and dense boards.

    python -m bitboard.benchmarks.bits [--quick]

Compiled variants run inside a C loop over an array (bitscan.sum_popcount and friends), so the
numbers are the variant's own cost; uncompiled ones run as map() over the same values. Each
cell is nanoseconds per value and, after it, the multiple of the fastest variant in the column.
"""
import array
import random

from .. import compiled
from ..catalogue import bitscan as built
from ..installation import pure
from . import best_times, relative_table, sizes

KINDS = {
    "single (1 bit)": lambda rng: 1 << rng.randrange(64),
    "sparse (1-4 bits)": lambda rng: sum(1 << s for s in rng.sample(range(64), rng.randint(1, 4))),
    "random (~32 bits)": lambda rng: rng.getrandbits(64) or 1,
    "dense (56-63 bits)": lambda rng: ((1 << 64) - 1) ^ sum(1 << s for s in rng.sample(range(64), rng.randint(1, 8))),
}

FAMILIES = [  # (title, variant names, compiled kernel name, function name prefix)
    ("population count", built.POPCOUNT_VARIANTS, "sum_popcount", "_popcount"),
    ("bit scan forward (LSB)", built.LSB_VARIANTS, "sum_lsb", "_lsb"),
    ("bit scan reverse (MSB)", built.MSB_VARIANTS, "sum_msb", "_msb"),
]


def inputs(n: int, seed: int = 2026) -> dict:
    rng = random.Random(seed)
    return {kind: [make(rng) for _ in range(n)] for kind, make in KINDS.items()}


def function_name(prefix: str, variant: str) -> str:
    return prefix if variant == "native" else f"{prefix}_{variant}"


def measure(n_compiled: int, n_pure: int, repeat: int):
    """{family: {variant: {(build, kind): ns per value}}}, every variant of a family interleaved."""
    source = pure("catalogue.bitscan")
    data = inputs(max(n_compiled, n_pure))
    results = {}
    for title, variants, kernel, prefix in FAMILIES:
        table = results.setdefault(title, {v: {} for v in variants})
        for kind, values in data.items():
            runs = {}
            if compiled:
                arr = array.array("Q", values[:n_compiled])
                run = getattr(built, kernel)
                for v, variant in enumerate(variants):
                    runs[("compiled", kind, variant)] = (lambda v=v: run(v, arr), n_compiled)
            few = values[:n_pure]
            for variant in variants:
                fn = getattr(source, function_name(prefix, variant))
                runs[("uncompiled", kind, variant)] = (lambda fn=fn: sum(map(fn, few)), n_pure)
            seconds = best_times({key: f for key, (f, _) in runs.items()}, repeat)
            for (build, kind_, variant), (_, n) in runs.items():
                table[variant][(build, kind_)] = seconds[(build, kind_, variant)] / n * 1e9
    return {title: {v: dict(sorted(cells.items(), key=lambda c: (list(KINDS).index(c[0][1]), c[0][0])))
                    for v, cells in table.items()} for title, table in results.items()}


def report(results) -> str:
    return "\n\n".join(relative_table(title, table, lambda column: f"{column[0]} {column[1].split()[0]}")
                       for title, table in results.items())


def main(argv=None):
    n_compiled, n_pure, repeat = sizes(argv, __doc__, (200_000, 20_000, 7), (20_000, 2_000, 3))
    print(f"bitboard.compiled = {compiled}; ns per value, then the multiple of the fastest in the column")
    print(f"single: one random bit; sparse: 1-4 random bits; random: uniform 64-bit; dense: 56-63 bits. "
          f"{n_compiled} values compiled, {n_pure} uncompiled, best of {repeat}.\n")
    print(report(measure(n_compiled, n_pure, repeat)))


if __name__ == "__main__":
    main()
