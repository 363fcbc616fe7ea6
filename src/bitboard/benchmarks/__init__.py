"""The library's benchmarks: each compares named variants or peers in one run and prints ratios.

Run one with `python -m bitboard.benchmarks.<name>` (bits, ...) or all with `bitboard bench`.
Speed is shown here, never asserted in tests.
"""
import argparse
import statistics
import time


def missing(modules: dict) -> str:
    """A line naming the peers that are not installed ({import name: pip name}), or ""."""
    import importlib.util
    absent = [f"{name} (pip install {pip})" for name, pip in modules.items() if importlib.util.find_spec(name) is None]
    return f"not installed, so not measured: {', '.join(absent)}\n" if absent else ""


def round_times(runs: dict, repeat: int = 5, clock=time.perf_counter, prepare=None) -> dict:
    """{name: [seconds of each round]}, the runs taking turns `repeat` times, so that a slow
    phase of a shared machine falls on all of them rather than on one. `clock`: wall time, or
    time.process_time (the process's CPU time: the time it waited for a core left out).
    `prepare()`, if given, is called before each run, untimed (to remove the last run's output,
    say)."""
    seconds: dict = {name: [] for name in runs}
    for _ in range(repeat):
        for name, function in runs.items():
            if prepare is not None:
                prepare()
            start = clock()
            function()
            seconds[name].append(clock() - start)
    return seconds


def best_times(runs: dict, repeat: int = 5, clock=time.perf_counter, prepare=None) -> dict:
    """{name: seconds of its fastest run}, the runs taking turns (round_times)."""
    return {name: min(times) for name, times in round_times(runs, repeat, clock, prepare).items()}


def median_ratio(reference: list, times: list) -> float:
    """The median over the rounds of reference / time: each round's two runs came minutes or
    less apart, so where a machine's speed drifts between rounds, this ratio drifts less than
    the ratio of the two best times (each of which may come from a different, luckier round)."""
    return statistics.median(first / spent for first, spent in zip(reference, times, strict=True))


def markdown_table(headers, rows) -> str:
    """A GitHub-flavoured Markdown table; the first column left-aligned, the rest right."""
    cells = [[str(c) for c in row] for row in [headers] + list(rows)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        lines.append("| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                        for i, (c, w) in enumerate(zip(row, widths))) + " |")
        if n == 0:
            lines.append("|" + "|".join(":" + "-" * (w + 1) if i == 0 else "-" * (w + 1) + ":"
                                        for i, w in enumerate(widths)) + "|")
    return "\n".join(lines)


def relative(times) -> list:
    """Each time as a multiple of the fastest: 1.00x is the fastest."""
    fastest = min(times)
    return [t / fastest for t in times]


def relative_table(first_header: str, results: dict, column_title) -> str:
    """results {row: {column: ns}} as a table of "ns, multiple of the column's fastest" cells;
    column_title(column) names each column."""
    columns = list(next(iter(results.values())))
    ratios = {c: relative([results[r][c] for r in results]) for c in columns}
    rows = [[r] + [f"{results[r][c]:.2f} ns {ratios[c][i]:.2f}x" for c in columns] for i, r in enumerate(results)]
    return markdown_table([first_header] + [column_title(c) for c in columns], rows)


def sizes(argv, doc: str, full: tuple, quick: tuple) -> tuple:
    """Parse a benchmark's command line (--quick) and return the sizes to run with."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller inputs and fewer repeats")
    return quick if ap.parse_args(argv).quick else full
