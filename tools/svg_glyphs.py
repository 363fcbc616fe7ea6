"""Write the coordinate glyphs of src/bitboard/pictures/svg_coords.py from DejaVu Sans (needs fontTools).

    python tools/svg_glyphs.py [/path/to/DejaVuSans.ttf] > src/bitboard/pictures/svg_coords.py

SVG renderers differ in the fonts they have, so the board's a-h and 1-8 are outlines, not
text. They are DejaVu Sans (Bitstream Vera licence, see NOTICE) at 16 units to the em, the
units of a 45 x 20 file label and a 20 x 45 rank label at the reference margin of 20:
each glyph's ink is centred across its label, on a baseline that centres the x-height (files)
or the figure height (ranks).
"""
import sys

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
EM = 16.0


def glyph_path(font, char: str, centre_x: float, baseline: float) -> str:
    name = font.getBestCmap()[ord(char)]
    glyph = font["glyf"][name]
    scale = EM / font["head"].unitsPerEm
    origin_x = centre_x - (glyph.xMin + glyph.xMax) / 2 * scale
    pen = SVGPathPen(font.getGlyphSet(), ntos=lambda v: f"{round(v, 3):g}")
    font.getGlyphSet()[name].draw(TransformPen(pen, (scale, 0, 0, -scale, origin_x, baseline)))
    return pen.getCommands()


def main(path: str = FONT) -> None:
    font = TTFont(path)
    scale = EM / font["head"].unitsPerEm
    x_height = font["glyf"][font.getBestCmap()[ord("x")]].yMax * scale
    figure_height = font["glyf"][font.getBestCmap()[ord("1")]].yMax * scale
    glyphs = {c: glyph_path(font, c, 22.5, (20 - x_height) / 2 + x_height) for c in "abcdefgh"}
    glyphs.update({c: glyph_path(font, c, 10, 22.5 + figure_height / 2) for c in "12345678"})
    print('"""The board\'s coordinates as outlines: DejaVu Sans glyphs (Bitstream Vera licence, see NOTICE).')
    print()
    print("Written by tools/svg_glyphs.py: a file label is 45 x 20 units, a rank label 20 x 45, at a margin of 20.")
    print('"""')
    print()
    print("COORDS = {")
    for char in sorted(glyphs, key=lambda c: (c.isalpha(), c)):
        print(f'    "{char}": \'<path d="{glyphs[char]}"/>\',  # noqa: E501')
    print("}")


if __name__ == "__main__":
    main(*sys.argv[1:])
