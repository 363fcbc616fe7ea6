"""The pieces of `bitboard.pictures.svg`: Colin M.L. Burnett's ("Cburnett") chess pieces.

The drawings are Colin M.L. Burnett's, triple-licensed GFDL/BSD/GPL; bitboard uses them under
the BSD licence (see NOTICE). The path data is that of lichess.org's copy
(github.com/lichess-org/lila, public/piece/cburnett/{w,b}{K,Q,R,B,N,P}.svg), each drawing put
in a group named the way python-chess's `chess.svg` names it (`id="white-king"`,
`class="white king"`), so a stylesheet or a `<use href="#white-king">` written for one fits the
other. Each drawing fills a 45 x 45 square.
"""

_STROKED = 'fill-rule="evenodd" stroke="#000" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"'


_NAMES = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"}


def piece_id(symbol: str) -> str:
    """The id of a piece's drawing, python-chess's: "white-king" for "K"."""
    return f"{'white' if symbol.isupper() else 'black'}-{_NAMES[symbol.lower()]}"


def _group(symbol: str, attributes: str, body: str) -> str:
    return f'<g id="{piece_id(symbol)}" class="{piece_id(symbol).replace("-", " ")}"{attributes}>{body}</g>'


PIECES = {
    "P": _group("P", "", (
        '<path d="M22.5 9c-2.21 0-4 1.79-4 4 0 .89.29 1.71.78 2.38C17.33 16.5 16 18.59 16 21c0 2.03.94 3.84 '
        "2.41 5.03-3 1.06-7.41 5.55-7.41 13.47h23c0-7.92-4.41-12.41-7.41-13.47 1.47-1.19 2.41-3 2.41-5.03 "
        '0-2.41-1.33-4.5-3.28-5.62.49-.67.78-1.49.78-2.38 0-2.21-1.79-4-4-4z" fill="#fff" stroke="#000" '
        'stroke-width="1.5" stroke-linecap="round"/>')),
    "N": _group("N", f' fill="none" {_STROKED}', (
        '<path fill="#fff" d="M22 10c10.5 1 16.5 8 16 29H15c0-9 10-6.5 8-21"/>'
        '<path fill="#fff" d="M24 18c.38 2.91-5.55 7.37-8 9-3 2-2.82 4.34-5 4-1.042-.94 1.41-3.04 0-3-1 0 .19 '
        "1.23-1 2-1 0-4.003 1-4-4 0-2 6-12 6-12s1.89-1.9 2-3.5c-.73-.994-.5-2-.5-3 1-1 3 2.5 3 2.5h2s.78-1.992 "
        '2.5-3c1 0 1 3 1 3"/>'
        '<path fill="#000" d="M9.5 25.5a.5.5 0 1 1-1 0 .5.5 0 1 1 1 0zm5.433-9.75a.5 1.5 30 1 1-.866-.5.5 1.5 30 '
        '1 1 .866.5z"/>')),
    "B": _group("B", f' fill="none" {_STROKED}', (
        '<g fill="#fff" stroke-linecap="butt">'
        '<path d="M9 36c3.39-.97 10.11.43 13.5-2 3.39 2.43 10.11 1.03 13.5 2 0 0 1.65.54 3 2-.68.97-1.65.99-3 '
        '.5-3.39-.97-10.11.46-13.5-1-3.39 1.46-10.11.03-13.5 1-1.354.49-2.323.47-3-.5 1.354-1.94 3-2 3-2z"/>'
        '<path d="M15 32c2.5 2.5 12.5 2.5 15 0 .5-1.5 0-2 0-2 0-2.5-2.5-4-2.5-4 5.5-1.5 6-11.5-5-15.5-11 4-10.5 '
        '14-5 15.5 0 0-2.5 1.5-2.5 4 0 0-.5.5 0 2z"/>'
        '<path d="M25 8a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0z"/></g>'
        '<path d="M17.5 26h10M15 30h15m-7.5-14.5v5M20 18h5" stroke-linejoin="miter"/>')),
    "R": _group("R", f' fill="#fff" {_STROKED}', (
        '<path d="M9 39h27v-3H9v3zm3-3v-4h21v4H12zm-1-22V9h4v2h5V9h5v2h5V9h4v5" stroke-linecap="butt"/>'
        '<path d="M34 14l-3 3H14l-3-3"/>'
        '<path d="M31 17v12.5H14V17" stroke-linecap="butt" stroke-linejoin="miter"/>'
        '<path d="M31 29.5l1.5 2.5h-20l1.5-2.5"/>'
        '<path d="M11 14h23" fill="none" stroke-linejoin="miter"/>')),
    "Q": _group("Q", f' fill="#fff" {_STROKED}', (
        '<path d="M8 12a2 2 0 1 1-4 0 2 2 0 1 1 4 0zm16.5-4.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM41 12a2 2 0 1 1-4 0 '
        '2 2 0 1 1 4 0zM16 8.5a2 2 0 1 1-4 0 2 2 0 1 1 4 0zM33 9a2 2 0 1 1-4 0 2 2 0 1 1 4 0z"/>'
        '<path stroke-linecap="butt" d="M9 26c8.5-1.5 21-1.5 27 0l2-12-7 11V11l-5.5 13.5-3-15-3 15-5.5-14V25L7 '
        '14l2 12z"/>'
        '<path stroke-linecap="butt" d="M9 26c0 2 1.5 2 2.5 4 1 1.5 1 1 .5 3.5-1.5 1-1.5 2.5-1.5 2.5-1.5 1.5.5 '
        "2.5.5 2.5 6.5 1 16.5 1 23 0 0 0 1.5-1 0-2.5 0 0 .5-1.5-1-2.5-.5-2.5-.5-2 .5-3.5 1-2 2.5-2 2.5-4-8.5-1.5"
        '-18.5-1.5-27 0z"/>'
        '<path fill="none" d="M11.5 30c3.5-1 18.5-1 22 0M12 33.5c6-1 15-1 21 0"/>')),
    "K": _group("K", f' fill="none" {_STROKED}', (
        '<path stroke-linejoin="miter" d="M22.5 11.63V6M20 8h5"/>'
        '<path fill="#fff" stroke-linecap="butt" stroke-linejoin="miter" d="M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3'
        '-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5"/>'
        '<path fill="#fff" d="M11.5 37c5.5 3.5 15.5 3.5 21 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-3.5'
        '-7.5-13-10.5-16-4-3 6 5 10 5 10V37z"/>'
        '<path d="M11.5 30c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0"/>')),
    "p": _group("p", "", (
        '<path stroke="#000" stroke-linecap="round" stroke-width="1.5" d="M22.5 9a4 4 0 0 0-3.22 6.38 6.48 6.48 '
        "0 0 0-.87 10.65c-3 1.06-7.41 5.55-7.41 13.47h23c0-7.92-4.41-12.41-7.41-13.47a6.46 6.46 0 0 0-.87-10.65"
        'A4.01 4.01 0 0 0 22.5 9z"/>')),
    "n": _group("n", f' fill="none" {_STROKED}', (
        '<path fill="#000" d="M22 10c10.5 1 16.5 8 16 29H15c0-9 10-6.5 8-21"/>'
        '<path fill="#000" d="M24 18c.38 2.91-5.55 7.37-8 9-3 2-2.82 4.34-5 4-1.04-.94 1.41-3.04 0-3-1 0 .19 1.23'
        "-1 2-1 0-4 1-4-4 0-2 6-12 6-12s1.89-1.9 2-3.5c-.73-1-.5-2-.5-3 1-1 3 2.5 3 2.5h2s.78-2 2.5-3c1 0 1 3 1 "
        '3"/>'
        '<path fill="#ececec" stroke="#ececec" d="M9.5 25.5a.5.5 0 1 1-1 0 .5.5 0 1 1 1 0zm5.43-9.75a.5 1.5 30 1 '
        '1-.86-.5.5 1.5 30 1 1 .86.5z"/>'
        '<path fill="#ececec" stroke="none" d="m24.55 10.4-.45 1.45.5.15c3.15 1 5.65 2.49 7.9 6.75S35.75 29.06 '
        "35.25 39l-.05.5h2.25l.05-.5c.5-10.06-.88-16.85-3.25-21.34-2.37-4.49-5.79-6.64-9.19-7.16l-.51-.1z\"/>")),
    "b": _group("b", f' fill="none" {_STROKED}', (
        '<g fill="#000" stroke-linecap="butt">'
        '<path d="M9 36c3.4-1 10.1.4 13.5-2 3.4 2.4 10.1 1 13.5 2 0 0 1.6.5 3 2-.7 1-1.6 1-3 .5-3.4-1-10.1.5'
        '-13.5-1-3.4 1.5-10.1 0-13.5 1-1.4.5-2.3.5-3-.5 1.4-2 3-2 3-2z"/>'
        '<path d="M15 32c2.5 2.5 12.5 2.5 15 0 .5-1.5 0-2 0-2 0-2.5-2.5-4-2.5-4 5.5-1.5 6-11.5-5-15.5-11 4-10.5 '
        '14-5 15.5 0 0-2.5 1.5-2.5 4 0 0-.5.5 0 2z"/>'
        '<path d="M25 8a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0z"/></g>'
        '<path stroke="#ececec" stroke-linejoin="miter" d="M17.5 26h10M15 30h15m-7.5-14.5v5M20 18h5"/>')),
    "r": _group("r", f' fill="#000" {_STROKED}', (
        '<path d="M9 39h27v-3H9v3zm3.5-7l1.5-2.5h17l1.5 2.5h-20zm-.5 4v-4h21v4H12z" stroke-linecap="butt"/>'
        '<path d="M14 29.5v-13h17v13H14z" stroke-linecap="butt" stroke-linejoin="miter"/>'
        '<path d="M14 16.5L11 14h23l-3 2.5H14zM11 14V9h4v2h5V9h5v2h5V9h4v5H11z" stroke-linecap="butt"/>'
        '<path d="M12 35.5h21m-20-4h19m-18-2h17m-17-13h17M11 14h23" fill="none" stroke="#ececec" '
        'stroke-width="1" stroke-linejoin="miter"/>')),
    "q": _group("q", f' fill="#000" {_STROKED}', (
        '<g stroke="none"><circle cx="6" cy="12" r="2.75"/><circle cx="14" cy="9" r="2.75"/>'
        '<circle cx="22.5" cy="8" r="2.75"/><circle cx="31" cy="9" r="2.75"/><circle cx="39" cy="12" r="2.75"/></g>'
        '<path d="M9 26c8.5-1.5 21-1.5 27 0l2.5-12.5L31 25l-.3-14.1-5.2 13.6-3-14.5-3 14.5-5.2-13.6L14 25 6.5 '
        '13.5 9 26z" stroke-linecap="butt"/>'
        '<path d="M9 26c0 2 1.5 2 2.5 4 1 1.5 1 1 .5 3.5-1.5 1-1.5 2.5-1.5 2.5-1.5 1.5.5 2.5.5 2.5 6.5 1 16.5 1 '
        "23 0 0 0 1.5-1 0-2.5 0 0 .5-1.5-1-2.5-.5-2.5-.5-2 .5-3.5 1-2 2.5-2 2.5-4-8.5-1.5-18.5-1.5-27 0z\" "
        'stroke-linecap="butt"/>'
        '<path d="M11 38.5a35 35 1 0 0 23 0" fill="none" stroke-linecap="butt"/>'
        '<path d="M11 29a35 35 1 0 1 23 0m-21.5 2.5h20m-21 3a35 35 1 0 0 22 0m-23 3a35 35 1 0 0 24 0" '
        'fill="none" stroke="#ececec"/>')),
    "k": _group("k", f' fill="none" {_STROKED}', (
        '<path d="M22.5 11.63V6" stroke-linejoin="miter"/>'
        '<path d="M22.5 25s4.5-7.5 3-10.5c0 0-1-2.5-3-2.5s-3 2.5-3 2.5c-1.5 3 3 10.5 3 10.5" fill="#000" '
        'stroke-linecap="butt" stroke-linejoin="miter"/>'
        '<path d="M11.5 37c5.5 3.5 15.5 3.5 21 0v-7s9-4.5 6-10.5c-4-6.5-13.5-3.5-16 4V27v-3.5c-3.5-7.5-13-10.5'
        '-16-4-3 6 5 10 5 10V37z" fill="#000"/>'
        '<path d="M20 8h5" stroke-linejoin="miter"/>'
        '<path d="M32 29.5s8.5-4 6.03-9.65C34.15 14 25 18 22.5 24.5l.01 2.1-.01-2.1C20 18 9.906 14 6.997 19.85c'
        '-2.497 5.65 4.853 9 4.853 9" stroke="#ececec"/>'
        '<path d="M11.5 30c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0m-21 3.5c5.5-3 15.5-3 21 0" '
        'stroke="#ececec"/>')),
}

# A mark over a selected square: a black X with a white rim, round-ended, in the 45 x 45 square.
_X = "M10.47 10.47 34.53 34.53M34.53 10.47 10.47 34.53"
XX = (f'<g id="xx"><path d="{_X}" fill="none" stroke="#fff" stroke-width="5.47" stroke-linecap="round"/>'
      f'<path d="{_X}" fill="none" stroke="#000" stroke-width="2.09" stroke-linecap="round"/></g>')

# The glow under a king in check: red at the centre, fading out at the square's edge.
CHECK_GRADIENT = ('<radialGradient id="check_gradient" r="0.5">'
                  '<stop offset="0%" stop-color="#ff0000" stop-opacity="1.0" />'
                  '<stop offset="50%" stop-color="#e70000" stop-opacity="1.0" />'
                  '<stop offset="100%" stop-color="#9e0000" stop-opacity="0.0" /></radialGradient>')
