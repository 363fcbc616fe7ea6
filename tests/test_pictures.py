"""SVG pictures: they parse, show each piece on its square, and look like python-chess's.

python-chess's `chess.svg` is the oracle: the same call on both (python-chess's objects, then
bitboard.chess's) is rendered with resvg and compared pixel by pixel.
"""
import inspect
import io
import types
import xml.etree.ElementTree as ET

import chess
import chess.svg
import pytest
import resvg_py
from PIL import Image, ImageChops

import bitboard.chess as bchess
import bitboard.chess.svg as bsvg
from bitboard import Board, SquareSet
from bitboard.errors import InvalidSquareError
from bitboard.pictures import svg

NS = "{http://www.w3.org/2000/svg}"
FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


def render(markup: str) -> Image.Image:
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=markup)))).convert("RGBA")


def rgb(colour: str):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


# Each case is one call, written once for either namespace: c is `chess`, s is `chess.svg`.
CASES = {
    "empty board": lambda c, s: s.board(),
    "starting position": lambda c, s: s.board(c.Board()),
    "arrow": lambda c, s: s.board(c.Board(FEN), arrows=[s.Arrow(c.E2, c.E4)]),
    "arrows as pairs, a circle": lambda c, s: s.board(arrows=[(c.A1, c.H8), (c.B1, c.C3), (c.G7, c.G7)]),
    "arrow colours": lambda c, s: s.board(c.Board(), arrows=[
        s.Arrow(c.A2, c.A4, color="red"), s.Arrow(c.B2, c.H8, color="yellow"), s.Arrow(c.C2, c.C2, color="blue"),
        s.Arrow(c.D1, c.D8, color="#0000cccc"), s.Arrow(c.F1, c.A6, color="purple")]),
    "fill": lambda c, s: s.board(c.Board(FEN), fill={c.E4: "#cc0000cc", c.D5: "blue", c.A1: "#0f08", c.H8: "#123"}),
    "squares": lambda c, s: s.board(c.Board(FEN), squares=c.SquareSet(c.BB_DARK_SQUARES & c.BB_FILE_B)),
    "squares as a list": lambda c, s: s.board(squares=[c.A1, c.E4, c.H8]),
    "flipped": lambda c, s: s.board(c.Board(FEN), flipped=True, arrows=[(c.E1, c.G1)]),
    "orientation black": lambda c, s: s.board(c.Board(FEN), orientation=c.BLACK, lastmove=c.Move.from_uci("e2a6"),
                                              arrows=[(c.E1, c.E1), (c.A1, c.B3)]),
    "colors": lambda c, s: s.board(c.Board(FEN), colors={
        "square light": "#eeeeee", "square dark": "#8877aa80", "margin": "#3333ff", "coord": "#ff0",
        "arrow green": "#00ff00", "square light lastmove": "#f00"},
        arrows=[(c.A1, c.H8)], lastmove=c.Move.from_uci("a1b1")),
    "borders": lambda c, s: s.board(c.Board(FEN), borders=True,
                                    colors={"outer border": "#f00", "inner border": "#00f8"}),
    "borders, no coordinates": lambda c, s: s.board(c.Board(FEN), borders=True, coordinates=False),
    "style": lambda c, s: s.board(c.Board(FEN), style=".square.light { fill: #00ff00; } .check { opacity: 0.5 }",
                                  check=c.E1),
    "lastmove": lambda c, s: s.board(c.Board(FEN), lastmove=c.Move.from_uci("e5f7")),
    "check": lambda c, s: s.board(c.Board(MATED), check=c.E1, lastmove=c.Move.from_uci("d8h4")),
    "coordinates off": lambda c, s: s.board(c.Board(FEN), coordinates=False),
    "size": lambda c, s: s.board(c.Board(FEN), size=200),
    "everything at once": lambda c, s: s.board(
        c.Board(FEN), orientation=c.BLACK, lastmove=c.Move.from_uci("e5f7"), check=c.E8, size=500, borders=True,
        arrows=[s.Arrow(c.E5, c.F7, color="red")], fill={c.F7: "#ff000080"}, squares=[c.D7, c.E6]),
    "Board in Jupyter": lambda c, s: c.Board(MATED)._repr_svg_(),
    "BaseBoard in Jupyter": lambda c, s: c.BaseBoard(c.Board(FEN).board_fen())._repr_svg_(),
    "SquareSet in Jupyter": lambda c, s: c.SquareSet(c.BB_CENTER | c.BB_CORNERS)._repr_svg_(),
    "Piece in Jupyter": lambda c, s: c.Piece.from_symbol("q")._repr_svg_(),
}
CASES.update({f"piece {symbol}": (lambda symbol: lambda c, s: s.piece(c.Piece.from_symbol(symbol), size=90))(symbol)
              for symbol in "PNBRQKpnbrqk"})


def differing_share(a: Image.Image, b: Image.Image, tolerance: int = 24) -> float:
    """The share of pixels where a channel differs by more than `tolerance` (of 255): anti-aliasing
    and the black pieces' highlights (#ececec in lichess's copy of the drawings) stay below it."""
    channels = ImageChops.difference(a, b).split()
    worst = channels[0]
    for channel in channels[1:]:
        worst = ImageChops.lighter(worst, channel)
    return sum(worst.histogram()[tolerance + 1:]) / (a.width * a.height)


# the cases drawn with borders=True, which python-chess drew otherwise before 1.11
WITH_BORDERS = {"borders", "borders, no coordinates", "everything at once"}


@pytest.mark.parametrize("name", CASES)
def test_the_picture_is_python_chess_s(name):
    if name in WITH_BORDERS and tuple(map(int, chess.__version__.split(".")[:2])) < (1, 11):
        pytest.skip(f"python-chess {chess.__version__} draws borders otherwise; bitboard draws 1.11's")
    ours, theirs = CASES[name](bchess, bsvg), CASES[name](chess, chess.svg)
    assert isinstance(ours, str)
    ET.fromstring(ours)
    a, b = render(ours), render(theirs)
    assert a.size == b.size
    assert differing_share(a, b) <= 0.01, name


def test_the_names_and_signatures_are_python_chess_s():
    public = {n for n, v in vars(chess.svg).items() if not isinstance(v, types.ModuleType)
              and (n.isupper() or n in ("Arrow", "SvgWrapper", "piece", "board"))}
    assert public <= set(vars(bsvg)) and public == set(bsvg.__all__)
    for name in ("board", "piece"):
        theirs = inspect.signature(getattr(chess.svg, name)).parameters
        ours = inspect.signature(getattr(bsvg, name)).parameters
        assert [p for p in ours if p != "labels"] == list(theirs)
        for p in theirs:
            assert ours[p].kind == theirs[p].kind
            assert ours[p].default == theirs[p].default or list(ours[p].default) == list(theirs[p].default)
    assert bsvg.DEFAULT_COLORS == chess.svg.DEFAULT_COLORS
    assert set(bsvg.PIECES) == set(chess.svg.PIECES) and set(bsvg.COORDS) == set(chess.svg.COORDS)
    assert isinstance(bsvg.board(), bsvg.SvgWrapper) and bsvg.board()._repr_svg_() == bsvg.board()


@pytest.mark.parametrize("text", ["Ga1", "Ra1h8", "Yb2b4", "Be4", "a2a4", "h8", "Gc3c3"])
def test_arrows_read_and_write_pgn_as_python_chess(text):
    ours, theirs = bsvg.Arrow.from_pgn(text), chess.svg.Arrow.from_pgn(text)
    assert (ours.tail, ours.head, ours.color) == (theirs.tail, theirs.head, theirs.color)
    assert (ours.pgn(), str(ours), repr(ours)) == (theirs.pgn(), str(theirs), repr(theirs))
    for color in ("green", "red", "yellow", "blue", "#abcdef"):
        assert bsvg.Arrow(ours.tail, ours.head, color=color).pgn() == chess.svg.Arrow(ours.tail, ours.head,
                                                                                       color=color).pgn()


@pytest.mark.parametrize("bad", ["Gz9", "R", "e4e9", "Ga1h"])
def test_a_bad_arrow_is_named(bad):
    with pytest.raises(ValueError):
        chess.svg.Arrow.from_pgn(bad)
    with pytest.raises(InvalidSquareError):
        bsvg.Arrow.from_pgn(bad)


def test_a_bad_square_is_named():
    with pytest.raises(InvalidSquareError, match="64"):
        svg.board(check=64)
    with pytest.raises(InvalidSquareError, match="-1"):
        svg.board(arrows=[(-1, 3)])


def test_position_svg_parses_and_names_every_piece():
    board = Board(FEN)
    root = ET.fromstring(board._repr_svg_())
    pieces = {u.get("class").split()[2]: u.get("class").split()[1] for u in root.iter(f"{NS}use")
              if u.get("class", "").startswith("piece")}
    expected = {chess.square_name(sq): p.symbol() for sq, p in chess.Board(FEN).piece_map().items()}
    assert pieces == expected
    present = chess.Board(FEN).piece_map().values()
    assert {g.get("id") for g in root.find(f"{NS}defs")} == {
        f"{chess.COLOR_NAMES[p.color]}-{chess.PIECE_NAMES[p.piece_type]}" for p in present}


# A point inside each drawing (45 x 45 units) where a white piece is white and a black one black.
INSIDE = {"p": (22, 22), "n": (25, 25), "b": (22, 23), "r": (22, 22), "q": (22, 22), "k": (22, 33)}


@pytest.mark.parametrize("orientation", [True, False])
def test_rendered_picture_shows_the_pieces_on_their_squares(orientation):
    board = Board(FEN)
    image = render(svg.board(board, orientation=orientation))
    margin = 15
    for sq in range(64):
        file, rank = sq & 7, sq >> 3
        column, row = (file, 7 - rank) if orientation else (7 - file, rank)
        x0, y0 = margin + column * svg.SQUARE_SIZE, margin + row * svg.SQUARE_SIZE
        piece = board.piece_at(sq)
        if piece is None:
            expected = svg.DEFAULT_COLORS["square light" if (file + rank) % 2 else "square dark"]
            assert image.getpixel((x0 + 22, y0 + 22))[:3] == rgb(expected), chess.square_name(sq)
            continue
        dx, dy = INSIDE[piece.symbol().lower()]
        body = image.getpixel((x0 + dx, y0 + dy))[:3]
        if piece.color:
            assert min(body) > 230, (chess.square_name(sq), body)  # a white piece
        else:
            assert max(body) < 30, (chess.square_name(sq), body)  # a black piece


def test_bitboard_over_a_position_and_mapping_labels():
    board = Board(FEN)
    marked = SquareSet(board.attackers_mask(chess.WHITE, chess.F7))
    root = ET.fromstring(svg.board(board, squares=marked, labels="darkthought"))
    marks = sorted(chess.parse_square(u.get("class").split()[1]) for u in root.iter(f"{NS}use")
                   if u.get("class", "").startswith("xx"))
    assert marks == list(marked)
    labels = {t.get("class").split()[1]: t.text for t in root.iter(f"{NS}text")
              if t.get("class", "").startswith("label")}
    assert labels["h1"] == "0" and labels["a8"] == "63" and len(labels) == 64


def test_last_move_and_check_are_drawn():
    board = Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    root = ET.fromstring(board._repr_svg_())
    squares = {(r.get("x"), r.get("y")): r.get("class").split()[-1] for r in root.iter(f"{NS}rect")
               if r.get("class", "").startswith("square")}
    tinted = {r.get("class").split()[-1] for r in root.iter(f"{NS}rect") if "lastmove" in r.get("class", "")}
    assert tinted == {"d8", "h4"}
    checks = [squares[r.get("x"), r.get("y")] for r in root.iter(f"{NS}rect") if r.get("class") == "check"]
    assert checks == ["e1"]
