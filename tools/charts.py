"""Draw the charts of docs/benchmarks.md from its own tables (needs matplotlib).

    python tools/charts.py        # rewrites docs/charts/*.svg

Each chart reads one measured table of the Markdown file, so a chart never disagrees with the
numbers beside it: rerun this after pasting a new table.
"""
import pathlib
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = pathlib.Path(__file__).parents[1]
DOC = ROOT / "docs" / "benchmarks.md"
OUT = ROOT / "docs" / "charts"


def table(text: str, first_header: str) -> tuple:
    """(headers, rows) of the Markdown table whose first header cell is `first_header`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return cells, rows
    raise SystemExit(f"docs/benchmarks.md has no table headed {first_header!r}")


def number(cell: str) -> float:
    return float(re.match(r"[\d.,]+", cell).group(0).replace(",", ""))


def variants_chart(text: str, first_header: str, filename: str) -> None:
    """Compiled ns per value of each variant, one group of bars per input kind (log scale)."""
    headers, rows = table(text, first_header)
    kinds = [h.split()[1] for h in headers[1:] if h.startswith("compiled")]
    columns = [i for i, h in enumerate(headers) if h.startswith("compiled")]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(rows)
    for k, row in enumerate(rows):
        xs = [i + k * width for i in range(len(kinds))]
        ax.bar(xs, [number(row[c]) for c in columns], width, label=row[0])
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(kinds))], kinds)
    ax.set_yscale("log")
    ax.set_ylabel("ns per value (compiled, log scale)")
    ax.set_title(first_header)
    ax.legend(fontsize=8, ncol=4, loc="upper left")
    fig.tight_layout()
    fig.savefig(OUT / filename)
    plt.close(fig)


def perft_chart(text: str, filename: str) -> None:
    """Million leaves per second of bitboard and each peer, per position."""
    headers, rows = table(text, "position")
    engines = [(i, h.replace(" Mnps", "")) for i, h in enumerate(headers) if h.endswith(" Mnps")]
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(engines)
    for k, (column, name) in enumerate(engines):
        ax.bar([i + k * width for i in range(len(rows))], [number(r[column]) for r in rows], width, label=name)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(rows))], [f"{r[0]} ({r[1]})" for r in rows])
    ax.set_ylabel("million leaves per second")
    ax.set_title("Compiled perft, one thread, bulk counting (position, depth)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(OUT / filename)
    plt.close(fig)


def main() -> None:
    text = DOC.read_text()
    OUT.mkdir(exist_ok=True)
    plt.rcParams["svg.hashsalt"] = "bitboard"  # the same table draws the same file
    variants_chart(text, "population count", "popcount.svg")
    variants_chart(text, "bit scan forward (LSB)", "lsb.svg")
    variants_chart(text, "bit scan reverse (MSB)", "msb.svg")
    perft_chart(text, "perft-peers.svg")
    print(f"wrote {', '.join(sorted(p.name for p in OUT.glob('*.svg')))}")


if __name__ == "__main__":
    main()
