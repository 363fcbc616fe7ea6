"""FEN: text that is not a FEN refused naming the field, unsound positions read as python-chess
reads them (status() names the fault, the strict reader refuses them), round trips, en passant."""
import chess
import pytest

from bitboard import STARTING_FEN, Board, InvalidFenError, Status
from bitboard.catalogue.x88 import Board as X88Board

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


NOT_A_FEN = [  # (text, a piece of the message that names the problem): python-chess refuses these too
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "9 ranks"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 files"),
    ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "9 files"),
    ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter 'X'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move 'x'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling field 'KQkx'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQKkq - 0 1", "castling field 'KQKkq'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x9 0 1", "en-passant field 'x9'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "half-move clock '-1'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1", "half-move clock 'a'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", "7 fields"),
    ("", "0 fields"),
]


def test_counters_beyond_the_boards_c_integers_are_refused_by_name():
    with pytest.raises(InvalidFenError, match="full-move number"):  # python-chess would take it
        Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999")


@pytest.mark.parametrize("fen", ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "8/8/8/8/8/8/8/8 b",
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5"])
def test_missing_fields_get_python_chess_defaults(fen):
    assert Board(fen).fen() == chess.Board(fen).fen()


@pytest.mark.parametrize("fen,message", NOT_A_FEN)
def test_text_that_is_not_a_fen_is_refused_naming_the_field(fen, message):
    with pytest.raises(InvalidFenError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Board(fen)
    with pytest.raises(ValueError):
        chess.Board(fen)


UNSOUND = [  # (fen, the Status python-chess gives, what the strict parser names)
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", Status.BAD_CASTLING_RIGHTS,
     "castling right for the rook on h1"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", Status.NO_WHITE_KING | Status.BAD_CASTLING_RIGHTS,
     "0 white kings"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", Status.INVALID_EP_SQUARE, "en-passant square 'e4'"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", Status.INVALID_EP_SQUARE, "en-passant square 'e6'"),
    ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", Status.TOO_MANY_KINGS, "2 white kings"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", Status.NO_WHITE_KING, "0 white kings"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Status.PAWNS_ON_BACKRANK, "pawn on a1"),
    ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", Status.PAWNS_ON_BACKRANK, "pawn on h8"),
    ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", Status.OPPOSITE_CHECK, "the side not to move (black) is in check"),
    ("4k3/8/8/8/8/8/8/4K2r w - - 0 1", Status.VALID, None),  # control: white to move is in check
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", Status.VALID, None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", Status.VALID, None),
]


@pytest.mark.parametrize("fen,status,message", UNSOUND)
def test_unsound_positions_are_read_as_python_chess_reads_them(fen, status, message):
    board, theirs = Board(fen), chess.Board(fen)
    assert board.status() == status == theirs.status()
    assert board.is_valid() == (status == Status.VALID) == theirs.is_valid()
    assert board.fen() == theirs.fen() and board.fen(en_passant="fen") == theirs.fen(en_passant="fen")
    assert board.castling_rights == theirs.castling_rights
    assert board.clean_castling_rights() == theirs.clean_castling_rights()
    if not status & Status.PAWNS_ON_BACKRANK:  # (python-chess lets a pawn on a1 go two squares)
        assert {m.uci() for m in board.legal_moves} == {m.uci() for m in theirs.legal_moves}
    if message is None:
        X88Board(fen)
    else:  # the strict reader, which the 0x88 board uses, names what is wrong
        with pytest.raises(InvalidFenError, match=message.replace("(", r"\(").replace(")", r"\)")):
            X88Board(fen)


def test_fen_errors_are_value_errors_and_leave_the_board_alone():
    assert issubclass(InvalidFenError, ValueError)
    board = Board()
    board.push_uci("e2e4")
    with pytest.raises(InvalidFenError):
        board.set_fen("nonsense")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    with pytest.raises(TypeError):
        Board(42)
