"""Strict FEN parsing: every bad field named; writing round-trips; en passant as python-chess."""
import chess
import pytest

from bitboard import STARTING_FEN, Board, InvalidFenError

GOOD = [
    STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # a legal en passant
    "4k3/8/8/8/8/8/8/4K3 b - - 99 123",
]


@pytest.mark.parametrize("fen", GOOD)
def test_round_trip_and_python_chess_agrees(fen):
    board = Board(fen)
    assert board.fen() == fen == chess.Board(fen).fen()


def test_four_field_fen_gets_default_counters():
    assert Board("4k3/8/8/8/8/8/8/4K3 w - -").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def test_en_passant_is_written_when_legal_or_always():
    board = Board()
    board.push_uci("e2e4")
    assert board.fen() == chess.Board(board.fen(en_passant="always")).fen()
    assert " - " in board.fen() and " e3 " in board.fen(en_passant="always")
    assert board.fen(en_passant="fen") == board.fen(en_passant="always")
    assert board.ep_square == chess.E3
    # parsing accepts both spellings, and fen() reads back the same
    assert Board(board.fen(en_passant="always")).fen() == board.fen()
    with pytest.raises(ValueError, match="en_passant"):
        board.fen(en_passant="sometimes")


def test_pinned_en_passant_is_not_written():
    # the black pawn could take on e3 only by exposing its king on the fourth rank
    board = Board("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1")
    assert board.fen() == chess.Board("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1").fen()
    assert " - " in board.fen() and " d3 " in board.fen(en_passant="always") and " d3 " in board.fen(en_passant="xfen")


BAD = [  # (fen, a piece of the message that names the problem)
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "9 ranks"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 files"),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 files"),
    ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter 'X'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling field 'KQkx'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling field 'KKkq'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling right 'K'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "0 white kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "en-passant square 'e4'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en-passant square 'e6'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x9 0 1", "en-passant field 'x9'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "half-move clock '-1'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "full-move number '0'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1", "half-move clock 'a'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", "full-move number"),
    ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "2 white kings"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "0 white kings"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on a1"),
    ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on h8"),
    ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", None),  # legal: white to move is in check
    ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "2 fields"),
    ("", "0 fields"),
]


@pytest.mark.parametrize("fen,message", BAD)
def test_bad_fens_name_the_field(fen, message):
    if message is None:
        Board(fen)  # control: a valid FEN next to the bad ones
        return
    with pytest.raises(InvalidFenError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Board(fen)


def test_fen_errors_are_value_errors_and_leave_the_board_alone():
    assert issubclass(InvalidFenError, ValueError)
    board = Board()
    board.push_uci("e2e4")
    with pytest.raises(InvalidFenError):
        board.set_fen("nonsense")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    with pytest.raises(TypeError):
        Board(42)
