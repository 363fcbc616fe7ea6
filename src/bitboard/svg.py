"""SVG pictures of positions and bitboards, for Jupyter and for documentation.

`board(position, squares=..., labels=...)` draws the 8x8 board: the pieces of a position (if
given), the squares of a bitboard marked over it, optionally each square's number in a
mapping, the last move and a check. The markup is plain SVG 1.1 built from strings, and the
piece silhouettes are drawn here: no dependencies.
"""
from xml.sax.saxutils import escape

from .core.arguments import bitboard_arg
from .squares import FILE_NAMES, RANK_NAMES, mapping_arg

SQUARE_SIZE = 45
MARGIN = 20
LIGHT = "#f0d9b5"
DARK = "#b58863"
MARK = "#2e7dd7"
LAST_MOVE = "#cdd26a"
CHECK = "#e8302e"
WHITE_FILL, BLACK_FILL, OUTLINE = "#ffffff", "#1a1a1a", "#000000"

# Piece silhouettes in a 45 x 45 square: each is solid around (22.5, 31), where a picture of
# the board can be sampled to see which piece stands on a square.
_BASE = '<rect x="10" y="34" width="25" height="5" rx="1.5"/>'
PIECE_SHAPES = {
    "p": '<circle cx="22.5" cy="13" r="5.5"/><path d="M15,34 C16,26 19,21 22.5,19 C26,21 29,26 30,34 Z"/>' + _BASE,
    "n": '<path d="M14,34 L15,29 L20,22 L13,25 L10,21 L16,13 L20,9 L25,7 L30,9 L34,16 L35,26 L33,34 Z"/>' + _BASE,
    "b": '<circle cx="22.5" cy="8" r="3"/><ellipse cx="22.5" cy="21" rx="7" ry="10"/>'
         '<rect x="15" y="28" width="15" height="6"/>' + _BASE,
    "r": '<path d="M11,8 H16 V12 H20 V8 H25 V12 H29 V8 H34 V15 H30 V34 H15 V15 H11 Z"/>' + _BASE,
    "q": '<path d="M10,34 L7,14 L15,24 L16,9 L22.5,22 L29,9 L30,24 L38,14 L35,34 Z"/>'
         '<circle cx="7" cy="13" r="2.5"/><circle cx="16" cy="8" r="2.5"/><circle cx="29" cy="8" r="2.5"/>'
         '<circle cx="38" cy="13" r="2.5"/>' + _BASE,
    "k": '<path d="M21,3 H24 V7 H28 V10 H24 V15 H21 V10 H17 V7 H21 Z"/>'
         '<path d="M11,34 L8,21 C12,16 18,17 22.5,21 C27,17 33,16 37,21 L34,34 Z"/>' + _BASE,
}


def board(position=None, *, squares=0, labels=None, size=None, coordinates=True, orientation=True,
          lastmove=None, check=None) -> str:
    """An SVG board.

    position: a Board whose pieces to draw (or None for the empty board).
    squares: a bitboard (or SquareSet) whose squares are marked.
    labels: a square mapping (or its name) whose number is written on every square.
    lastmove: a Move whose two squares are tinted; check: a square with a king in check.
    orientation: True draws White's side at the bottom (rank 8 on top).
    """
    mask = bitboard_arg(int(squares))
    mapping = mapping_arg(labels) if labels is not None else None
    margin = MARGIN if coordinates else 0
    full = 8 * SQUARE_SIZE + 2 * margin
    width = size or full
    tinted = {lastmove.from_square, lastmove.to_square} if lastmove else set()
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
        fill = LAST_MOVE if sq in tinted else (LIGHT if shade == "light" else DARK)
        out.append(f'<rect class="square {shade} {name}" x="{x}" y="{y}" '
                   f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" fill="{fill}"/>')
        if sq == check:
            out.append(f'<circle class="check {name}" cx="{x + SQUARE_SIZE / 2}" cy="{y + SQUARE_SIZE / 2}" '
                       f'r="{SQUARE_SIZE / 2}" fill="{CHECK}" fill-opacity="0.7"/>')
        if mask >> sq & 1:
            out.append(f'<rect class="mark {name}" x="{x + 3}" y="{y + 3}" width="{SQUARE_SIZE - 6}" '
                       f'height="{SQUARE_SIZE - 6}" fill="{MARK}" fill-opacity="0.55"/>')
        piece = position.piece_at(sq) if position is not None else None
        if piece is not None:
            symbol = piece.symbol()
            colour = WHITE_FILL if symbol.isupper() else BLACK_FILL
            out.append(f'<g class="piece {symbol} {name}" transform="translate({x},{y})" fill="{colour}" '
                       f'stroke="{OUTLINE}" stroke-width="1.5" stroke-linejoin="round">'
                       f'{PIECE_SHAPES[symbol.lower()]}</g>')
        if mapping is not None:
            out.append(f'<text class="label {name}" x="{x + 4}" y="{y + 12}" font-family="sans-serif" '
                       f'font-size="11" fill="#101010">{mapping.from_lerf(sq)}</text>')
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
