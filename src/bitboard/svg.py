"""SVG pictures of bitboards, for Jupyter and for documentation.

`board(squares=...)` draws the 8x8 board with the squares of a bitboard marked, optionally each
square's number in a mapping. The markup is plain SVG 1.1 built from strings: no dependencies.
"""
from xml.sax.saxutils import escape

from .bits import bitboard_arg
from .squares import FILE_NAMES, RANK_NAMES, mapping_arg

SQUARE_SIZE = 45
MARGIN = 20
LIGHT = "#f0d9b5"
DARK = "#b58863"
MARK = "#2e7dd7"


def board(*, squares=0, labels=None, size=None, coordinates=True, orientation=True) -> str:
    """An SVG board with the squares of bitboard `squares` marked.

    labels: a square mapping (or its name) whose number is written on every square.
    orientation: True draws White's side at the bottom (rank 8 on top).
    """
    mask = bitboard_arg(int(squares))
    mapping = mapping_arg(labels) if labels is not None else None
    margin = MARGIN if coordinates else 0
    full = 8 * SQUARE_SIZE + 2 * margin
    width = size or full
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {full} {full}" '
        f'width="{width}" height="{width}">',
        f'<rect x="0" y="0" width="{full}" height="{full}" fill="#212121"/>',
    ]
    for sq in range(64):
        x, y = _square_origin(sq, margin, orientation)
        file, rank = sq & 7, sq >> 3
        name = FILE_NAMES[file] + RANK_NAMES[rank]
        shade = "light" if (file + rank) % 2 else "dark"
        fill = LIGHT if shade == "light" else DARK
        out.append(f'<rect class="square {shade} {name}" x="{x}" y="{y}" '
                   f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" fill="{fill}"/>')
        if mask >> sq & 1:
            out.append(f'<rect class="mark {name}" x="{x + 3}" y="{y + 3}" width="{SQUARE_SIZE - 6}" '
                       f'height="{SQUARE_SIZE - 6}" fill="{MARK}" fill-opacity="0.55"/>')
        if mapping is not None:
            out.append(f'<text class="label {name}" x="{x + SQUARE_SIZE / 2}" y="{y + SQUARE_SIZE / 2 + 5}" '
                       f'font-family="sans-serif" font-size="14" text-anchor="middle" '
                       f'fill="#101010">{mapping.from_lerf(sq)}</text>')
    if coordinates:
        out.extend(_coordinates(margin, orientation))
    out.append("</svg>")
    return "\n".join(out)


def _square_origin(sq: int, margin: int, orientation: bool):
    file, rank = sq & 7, sq >> 3
    column, row = (file, 7 - rank) if orientation else (7 - file, rank)
    return margin + column * SQUARE_SIZE, margin + row * SQUARE_SIZE


def _coordinates(margin: int, orientation: bool):
    style = 'font-family="sans-serif" font-size="13" text-anchor="middle" fill="#e5e5e5"'
    for i in range(8):
        file = i if orientation else 7 - i
        rank = 7 - i if orientation else i
        x = margin + i * SQUARE_SIZE + SQUARE_SIZE / 2
        y = margin + i * SQUARE_SIZE + SQUARE_SIZE / 2 + 5
        for ty in (margin - 6, margin + 8 * SQUARE_SIZE + 15):
            yield f'<text class="coord file" x="{x}" y="{ty}" {style}>{escape(FILE_NAMES[file])}</text>'
        for tx in (margin / 2, margin * 1.5 + 8 * SQUARE_SIZE):
            yield f'<text class="coord rank" x="{tx}" y="{y}" {style}>{escape(RANK_NAMES[rank])}</text>'
