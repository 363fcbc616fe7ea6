"""SVG pictures: they parse, and a rendered picture shows each piece on its square."""
import io
import xml.etree.ElementTree as ET

import chess
import pytest
import resvg_py
from PIL import Image

from bitboard import Board, SquareSet, parse_square, svg

NS = "{http://www.w3.org/2000/svg}"
FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def render(markup: str) -> Image.Image:
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=markup)))).convert("RGB")


def test_position_svg_parses_and_names_every_piece():
    board = Board(FEN)
    root = ET.fromstring(board._repr_svg_())
    pieces = {g.get("class").split()[2]: g.get("class").split()[1] for g in root.iter(f"{NS}g")
              if g.get("class", "").startswith("piece")}
    expected = {chess.square_name(sq): p.symbol() for sq, p in chess.Board(FEN).piece_map().items()}
    assert pieces == expected


@pytest.mark.parametrize("orientation", [True, False])
def test_rendered_picture_shows_the_pieces_on_their_squares(orientation):
    board = Board(FEN)
    image = render(svg.board(board, orientation=orientation))
    for sq in range(64):
        file, rank = sq & 7, sq >> 3
        column, row = (file, 7 - rank) if orientation else (7 - file, rank)
        x0, y0 = svg.MARGIN + column * svg.SQUARE_SIZE, svg.MARGIN + row * svg.SQUARE_SIZE
        body = image.getpixel((int(x0 + 22.5), int(y0 + 31)))  # inside every silhouette
        piece = board.piece_at(sq)
        if piece is None:
            expected = svg.LIGHT if (file + rank) % 2 else svg.DARK
            assert body == tuple(int(expected[i:i + 2], 16) for i in (1, 3, 5)), chess.square_name(sq)
        elif piece.color:
            assert min(body) > 230, (chess.square_name(sq), body)  # a white piece
        else:
            assert max(body) < 40, (chess.square_name(sq), body)  # a black piece


def test_bitboard_over_a_position_and_mapping_labels():
    board = Board(FEN)
    marked = SquareSet(board.attackers_mask(chess.WHITE, chess.F7))
    root = ET.fromstring(svg.board(board, squares=marked, labels="darkthought"))
    marks = sorted(parse_square(r.get("class").split()[1]) for r in root.iter(f"{NS}rect")
                   if r.get("class", "").startswith("mark"))
    assert marks == list(marked)
    labels = {t.get("class").split()[1]: t.text for t in root.iter(f"{NS}text")
              if t.get("class", "").startswith("label")}
    assert labels["h1"] == "0" and labels["a8"] == "63" and len(labels) == 64


def test_last_move_and_check_are_drawn():
    board = Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        board.push_san(san)
    root = ET.fromstring(board._repr_svg_())
    tinted = {r.get("class").split()[2] for r in root.iter(f"{NS}rect") if r.get("fill") == svg.LAST_MOVE}
    assert tinted == {"d8", "h4"}
    assert [c.get("class") for c in root.iter(f"{NS}circle") if c.get("class", "").startswith("check")] == ["check e1"]
