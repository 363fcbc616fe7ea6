"""SVG pictures of positions and bitboards: python-chess's `chess.svg`, for Jupyter and documents.

`board(position, arrows=..., fill=..., squares=..., lastmove=..., check=...)` draws the board
as python-chess 1.11 draws it (the same layout, colours, classes and ids, so its stylesheets and
`colors` dictionaries work unchanged); `piece(piece)` draws one piece. bitboard adds one
keyword, `labels`: a square mapping (or its name) whose number is written on every square.

The markup is plain SVG 1.1 built from strings: no dependencies, and no fonts needed, since the
coordinates are outlines. The pieces are Colin M.L. Burnett's ("Cburnett", BSD licence, see
svg_pieces and NOTICE); the coordinate glyphs are DejaVu Sans (svg_coords, NOTICE).
"""
import math
import operator
from functools import reduce
from types import MappingProxyType
from xml.sax.saxutils import escape

from ..core.arguments import bitboard_arg, square_arg
from ..core.encoding import BB_ALL
from ..squares import BB_LIGHT_SQUARES, BB_SQUARES, FILE_NAMES, RANK_NAMES, SQUARE_NAMES, mapping_arg, parse_square
from .svg_coords import COORDS
from .svg_pieces import CHECK_GRADIENT, PIECES, XX, piece_id

__all__ = ["SQUARE_SIZE", "MARGIN", "PIECES", "COORDS", "XX", "CHECK_GRADIENT", "DEFAULT_COLORS", "Arrow",
           "SvgWrapper", "piece", "board"]

SQUARE_SIZE = 45
MARGIN = 20  # the margin COORDS are drawn for; the board's margin is 15, so they are scaled by 3/4
_BOARD_MARGIN = 15

DEFAULT_COLORS = {
    "square light": "#ffce9e",
    "square dark": "#d18b47",
    "square dark lastmove": "#aaa23b",
    "square light lastmove": "#cdd16a",
    "margin": "#212121",
    "inner border": "#111",
    "outer border": "#111",
    "coord": "#e5e5e5",
    "arrow green": "#15781B80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}

_PGN_COLORS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}
_NOTHING: MappingProxyType = MappingProxyType({})  # the empty `fill` and `colors`: a default nobody can mutate


class Arrow:
    """An arrow from `tail` to `head` (a circle when they are one square), in a named colour
    ("green", "red", "yellow", "blue": see DEFAULT_COLORS) or any SVG colour."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as PGN's `[%cal ...]`/`[%csl ...]` write it: `Ga1`, `Ya2h2` (colours other
        than red, yellow and blue are written green)."""
        letter = {"red": "R", "yellow": "Y", "blue": "B"}.get(self.color, "G")
        squares = SQUARE_NAMES[self.tail] + ("" if self.tail == self.head else SQUARE_NAMES[self.head])
        return letter + squares

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return f"Arrow({SQUARE_NAMES[self.tail].upper()}, {SQUARE_NAMES[self.head].upper()}, color={self.color!r})"

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """Read `Ga1`, `Ya2h2` or `a2h2` (no colour letter: green); a bad square raises
        InvalidSquareError (a ValueError) naming it."""
        color = _PGN_COLORS.get(pgn[:1])
        body = pgn[1:] if color else pgn
        tail = parse_square(body[:2])
        head = parse_square(body[2:]) if len(body) > 2 else tail
        return cls(tail, head, color=color or "green")


class SvgWrapper(str):
    """A string of SVG that Jupyter shows as the picture it is."""

    def _repr_svg_(self) -> "SvgWrapper":
        return self

    def _repr_html_(self) -> "SvgWrapper":
        return self


def _color(color: str):
    """(colour, opacity) of `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a colour name: SVG 1.1 has
    no alpha in a colour, so it becomes an opacity."""
    alpha = {5: color[4:], 9: color[7:]}.get(len(color), "") if color.startswith("#") else ""
    try:
        opacity = int(alpha, 16) / (16 ** len(alpha) - 1) if alpha else 1.0
    except ValueError:
        alpha, opacity = "", 1.0
    return escape(color[:len(color) - len(alpha)], {'"': "&quot;"}), opacity


def _paint(colors, key: str):
    return _color(colors.get(key, DEFAULT_COLORS[key]))


def _opacity(opacity: float) -> str:
    return f' opacity="{opacity}"' if opacity < 1.0 else ""


def _svg_open(viewbox: float, size) -> str:
    dimensions = f' width="{size}" height="{size}"' if size is not None else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'viewBox="0 0 {viewbox} {viewbox}"{dimensions}>')


def _bitboard_of(squares) -> int:
    """`squares` as python-chess's `SquareSet(squares)` reads them, a bitboard: a SquareSet or an
    int (a negative int as `~` writes a complement), or squares one by one (an index of
    BB_SQUARES, -1 for h8, as the set takes them). Read here rather than by SquareSet, whose
    `_repr_svg_` draws with this module."""
    if isinstance(squares, int) or hasattr(squares, "__index__"):
        mask = operator.index(squares)
        return mask & BB_ALL if mask < 0 else bitboard_arg(mask)
    return reduce(operator.or_, (BB_SQUARES[square] for square in squares), 0)


def piece(piece, size=None) -> str:
    """One piece (a Piece), 45 x 45 units, `size` pixels wide if given."""
    return SvgWrapper(_svg_open(SQUARE_SIZE, size) + PIECES[piece.symbol()] + "</svg>")


def board(board=None, *, orientation=True, lastmove=None, check=None, arrows=(), fill=_NOTHING, squares=None,
          size=None, coordinates=True, colors=_NOTHING, flipped=False, borders=False, style=None,
          labels=None) -> str:
    """The board (a BaseBoard, or None for an empty one) as SVG.

    orientation: the side at the bottom, WHITE (True) or BLACK (`flipped=True`, the old
    spelling, turns it round).
    lastmove: a Move whose squares are tinted; check: a square glowing red.
    arrows: Arrows or (tail, head) pairs; one from a square to itself is a circle.
    fill: {square: colour} paints squares; squares: a SquareSet (or bitboard) marked with an X.
    size: the width in pixels (None: no size given); coordinates: the lettered margin.
    colors: overrides of DEFAULT_COLORS; borders: a thin border round the board and the margin.
    style: a CSS stylesheet to embed. labels: a square mapping whose numbers are written.
    """
    orientation = bool(orientation) ^ bool(flipped)
    inner = 1 if borders and coordinates else 0
    outer = 1 if borders else 0
    margin = _BOARD_MARGIN if coordinates else 0
    offset = outer + margin + inner
    full = 2 * offset + 8 * SQUARE_SIZE
    marked = _bitboard_of(squares) if squares else 0
    mapping = mapping_arg(labels) if labels is not None else None
    if check is not None:
        check = square_arg(check)

    def origin(square: int):
        file, rank = square & 7, square >> 3
        return ((file if orientation else 7 - file) * SQUARE_SIZE + offset,
                (7 - rank if orientation else rank) * SQUARE_SIZE + offset)

    out = [_svg_open(full, size)]
    if style:
        out.append(f"<style>{escape(style)}</style>")
    if board is not None:
        out.append(f"<desc><pre>{escape(str(board))}</pre></desc>")
    out.append("<defs>")
    if board is not None:
        present = {p.symbol() for p in board.piece_map().values()}
        out.extend(PIECES[s] for s in "PNBRQKpnbrqk" if s in present)
    if marked:
        out.append(XX)
    if check is not None:
        out.append(CHECK_GRADIENT)
    out.append("</defs>")

    # the frame: an outer border, the margin (a wide stroke), an inner border
    for key, inset, width in (("outer border", 0, outer), ("margin", outer, margin),
                              ("inner border", outer + margin, inner)):
        if width:
            colour, opacity = _paint(colors, key)
            out.append(f'<rect x="{inset + width / 2}" y="{inset + width / 2}" width="{full - 2 * inset - width}" '
                       f'height="{full - 2 * inset - width}" fill="none" stroke="{colour}" '
                       f'stroke-width="{width}"{_opacity(opacity)}/>')
    if coordinates:
        out.extend(_coordinates(colors, orientation, offset, full - outer - margin, margin))

    tinted = (lastmove.from_square, lastmove.to_square) if lastmove else ()
    for square in range(64):
        x, y = origin(square)
        shade = ["square", "light" if BB_LIGHT_SQUARES >> square & 1 else "dark"]
        if square in tinted:
            shade.append("lastmove")
        colour, opacity = _paint(colors, " ".join(shade))
        out.append(f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" '
                   f'class="{" ".join(shade)} {SQUARE_NAMES[square]}" stroke="none" fill="{colour}"'
                   f'{_opacity(opacity)}/>')
        if square in fill:
            colour, opacity = _color(fill[square])
            out.append(f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" stroke="none" '
                       f'fill="{colour}"{_opacity(opacity)}/>')

    if check is not None:
        x, y = origin(check)
        out.append(f'<rect x="{x}" y="{y}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" class="check" '
                   f'fill="url(#check_gradient)"/>')

    for square in range(64):
        x, y = origin(square)
        standing = board.piece_at(square) if board is not None else None
        if standing:
            ref = f"#{piece_id(standing.symbol())}"
            out.append(f'<use href="{ref}" xlink:href="{ref}" transform="translate({x}, {y})" '
                       f'class="piece {standing.symbol()} {SQUARE_NAMES[square]}"/>')
        if marked >> square & 1:
            out.append(f'<use href="#xx" xlink:href="#xx" x="{x}" y="{y}" class="xx {SQUARE_NAMES[square]}"/>')
        if mapping is not None:
            out.append(f'<text class="label {SQUARE_NAMES[square]}" x="{x + 4}" y="{y + 12}" '
                       f'font-family="sans-serif" font-size="11" fill="#101010">{mapping.from_lerf(square)}</text>')

    for arrow in arrows:
        out.append(_arrow(arrow, colors, orientation, offset))
    out.append("</svg>")
    return SvgWrapper("".join(out))


def _coordinates(colors, orientation: bool, near: int, far: int, margin: int):
    """a-h above and below the board, 1-8 left and right: COORDS scaled from MARGIN to `margin`."""
    colour, opacity = _paint(colors, "coord")
    scale = margin / MARGIN
    inset = int(SQUARE_SIZE - scale * SQUARE_SIZE) // 2  # the glyphs' box, centred along the square
    paint = f'fill="{colour}" stroke="{colour}"{_opacity(opacity)}'
    for index in range(8):
        along = (index if orientation else 7 - index) * SQUARE_SIZE + near + inset
        for y in (1, far):  # one unit down from the top: the letters' ascenders clear the edge
            yield (f'<g transform="translate({along}, {y}) scale({scale}, {scale})" {paint}>'
                   f'{COORDS[FILE_NAMES[index]]}</g>')
        along = (7 - index if orientation else index) * SQUARE_SIZE + near + inset
        for x in (0, far):
            yield (f'<g transform="translate({x}, {along}) scale({scale}, {scale})" {paint}>'
                   f'{COORDS[RANK_NAMES[index]]}</g>')


def _arrow(arrow, colors, orientation: bool, offset: int) -> str:
    """An arrow: a shaft and a head from square centre to square centre, or a ring on one square."""
    if isinstance(arrow, Arrow):
        tail, head, color = arrow.tail, arrow.head, arrow.color
    else:
        tail, head = arrow
        color = "green"
    tail, head = square_arg(tail), square_arg(head)
    key = f"arrow {color}"
    colour, opacity = _paint(colors, key) if key in DEFAULT_COLORS else _color(colors.get(key, color))

    def centre(square: int):
        file, rank = square & 7, square >> 3
        return (offset + ((file if orientation else 7 - file) + 0.5) * SQUARE_SIZE,
                offset + ((7 - rank if orientation else rank) + 0.5) * SQUARE_SIZE)

    (x0, y0), (x1, y1) = centre(tail), centre(head)
    if tail == head:
        return (f'<circle cx="{x1}" cy="{y1}" r="{SQUARE_SIZE * 0.45}" stroke-width="{SQUARE_SIZE * 0.1}" '
                f'stroke="{colour}"{_opacity(opacity)} fill="none" class="circle"/>')
    head_length, gap = 0.75 * SQUARE_SIZE, 0.1 * SQUARE_SIZE  # the head is as wide as it is long
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length  # along the arrow; (-uy, ux) across it
    tip = (x1 - ux * gap, y1 - uy * gap)
    base = (tip[0] - ux * head_length, tip[1] - uy * head_length)
    corners = [tip, (base[0] + uy * head_length / 2, base[1] - ux * head_length / 2),
               (base[0] - uy * head_length / 2, base[1] + ux * head_length / 2)]
    points = " ".join(f"{x},{y}" for x, y in corners)
    return (f'<line x1="{x0}" y1="{y0}" x2="{base[0]}" y2="{base[1]}" stroke="{colour}"{_opacity(opacity)} '
            f'stroke-width="{SQUARE_SIZE * 0.2}" stroke-linecap="butt" class="arrow"/>'
            f'<polygon points="{points}" fill="{colour}"{_opacity(opacity)} class="arrow"/>')

