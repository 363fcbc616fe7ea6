"""bitboard.chess.syzygy and bitboard.chess.gaviota: python-chess's tablebase probing on
bitboard's Board.

The probing code is the installed python-chess's (the `[chess]` extra), so these tests check the
seam: python-chess's tablebases probing bitboard's boards answer what they answer for
python-chess's own boards on the same positions (the tables are those of python-chess's sdist,
the `sdist` fixture), the boards come back as they were, the module binds `chess` to ours, and
without python-chess the import names the extra.
"""
import importlib.metadata
import random
import sys

import chess as python_chess
import chess.gaviota as python_gaviota
import chess.syzygy as python_syzygy
import pytest

try:
    importlib.metadata.distribution("chess")
except importlib.metadata.PackageNotFoundError:
    pytest.skip("bitboard.chess.syzygy and .gaviota run python-chess's modules: python-chess is not installed",
                allow_module_level=True)

from helpers import import_without_python_chess, run_python  # noqa: E402

import bitboard.chess as chess  # noqa: E402
from bitboard.chess import gaviota, syzygy  # noqa: E402

SYZYGY_MATERIALS = ["KQvK", "KRvK", "KPvK", "KBNvK", "KQvKR", "KRvKP", "KPvKP", "KBPvK", "KNvKP", "KQvKQ", "KPPvK"]
GAVIOTA_MATERIALS = ["KQvK", "KRvK", "KPvK", "KBvK", "KNvK"]


def random_positions(materials, count, seed):
    """FENs of legal positions with the pieces of `materials` (as "KRvKP") on random squares."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        white, black = rng.choice(materials).split("v")
        board = python_chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        for letter, square in zip(white.upper() + black.lower(), squares):
            board.set_piece_at(square, python_chess.Piece.from_symbol(letter))
        board.turn = rng.choice([python_chess.WHITE, python_chess.BLACK])
        if board.is_valid():
            fens.append(board.fen())
    return fens


def answer(probe, board):
    """What a probe returns, or the type name and text of what it raises."""
    try:
        return probe(board)
    except Exception as error:  # noqa: BLE001 (the oracle's errors are compared, whatever they are)
        return type(error).__name__, str(error)


@pytest.fixture(scope="module")
def syzygy_pair(sdist):
    folder = str(sdist / "data" / "syzygy" / "regular")
    with syzygy.open_tablebase(folder) as ours, python_syzygy.open_tablebase(folder) as theirs:
        yield ours, theirs


@pytest.fixture(scope="module")
def gaviota_pair(sdist):
    folder = str(sdist / "data" / "gaviota")
    with gaviota.open_tablebase(folder) as ours, python_gaviota.open_tablebase(folder) as theirs:
        yield ours, theirs


def test_the_modules_are_python_chess_code_on_our_classes():
    for module in (syzygy, gaviota):
        assert module.chess is chess  # its `import chess` resolved to bitboard.chess
        assert issubclass(module.MissingTableError, KeyError)
    assert sys.modules["chess"] is python_chess  # and the binding was put back
    assert syzygy.Tablebase.__module__ == "bitboard.chess.syzygy"
    assert syzygy.MissingTableError is not python_syzygy.MissingTableError
    assert gaviota.PythonTablebase.__module__ == "bitboard.chess.gaviota"
    assert syzygy.calc_key(chess.Board("8/8/8/8/8/2k5/1q6/K1R5 w - - 0 1")) == "KRvKQ"


def test_syzygy_wdl_and_dtz_equal_python_chess_on_random_positions(syzygy_pair):
    ours, theirs = syzygy_pair
    for fen in random_positions(SYZYGY_MATERIALS, 150, seed=1):
        board, oracle = chess.Board(fen), python_chess.Board(fen)
        assert answer(ours.probe_wdl, board) == answer(theirs.probe_wdl, oracle), fen
        assert ours.get_wdl(board) == theirs.get_wdl(oracle), fen
        assert board.fen() == fen and not board.move_stack
    for fen in random_positions(SYZYGY_MATERIALS, 40, seed=2):
        board, oracle = chess.Board(fen), python_chess.Board(fen)
        assert answer(ours.probe_dtz, board) == answer(theirs.probe_dtz, oracle), fen
        assert ours.get_dtz(board) == theirs.get_dtz(oracle), fen
        assert board.fen() == fen and not board.move_stack


@pytest.mark.parametrize("fen, moves", [
    ("8/3p4/8/4P3/8/8/8/K1k5 b - - 0 1", ["d5"]),  # e5xd6 en passant is the only capture
    ("8/8/8/8/1p6/8/P7/K1k5 w - - 0 1", ["a4"]),  # b4xa3 en passant, for black
    ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", []),  # castling rights: no table holds them
    ("8/8/8/8/8/8/8/K1k5 w - - 0 1", []),  # kings only
    ("8/8/8/8/8/2k5/8/KQRBN3 w - - 0 1", []),  # five pieces: no table in the sdist
    ("8/8/8/8/8/4k3/1q6/K7 w - - 0 1", ["Kxb2"]),  # a capture down to the bare kings
])
def test_syzygy_answers_after_moves_equal_python_chess(syzygy_pair, fen, moves):
    ours, theirs = syzygy_pair
    board, oracle = chess.Board(fen), python_chess.Board(fen)
    for san in moves:
        board.push_san(san)
        oracle.push_san(san)
    before = board.fen(), list(board.move_stack)
    for name in ("probe_wdl", "probe_dtz", "get_wdl", "get_dtz"):
        assert answer(getattr(ours, name), board) == answer(getattr(theirs, name), oracle), name
    assert (board.fen(), list(board.move_stack)) == before  # probing pushes and pops: nothing left behind


def test_syzygy_missing_table_error_is_ours(syzygy_pair):
    ours, _ = syzygy_pair
    board = chess.Board("8/8/8/8/8/2k5/8/KQRBN3 w - - 0 1")
    with pytest.raises(syzygy.MissingTableError, match="did not find wdl table KQRBN"):
        ours.probe_wdl(board)
    assert ours.get_wdl(board) is None and ours.get_dtz(board) is None


def test_syzygy_add_directory_counts_the_tables(sdist):
    folder = str(sdist / "data" / "syzygy" / "regular")
    with syzygy.Tablebase() as ours, python_syzygy.Tablebase() as theirs:
        assert ours.add_directory(folder) == theirs.add_directory(folder) > 0
        board = chess.Board("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
        assert ours.probe_wdl(board) == 2 and ours.probe_dtz(board) > 0


def test_gaviota_dtm_and_wdl_equal_python_chess_on_random_positions(gaviota_pair):
    ours, theirs = gaviota_pair
    for fen in random_positions(GAVIOTA_MATERIALS, 150, seed=3):
        board, oracle = chess.Board(fen), python_chess.Board(fen)
        assert answer(ours.probe_dtm, board) == answer(theirs.probe_dtm, oracle), fen
        assert answer(ours.probe_wdl, board) == answer(theirs.probe_wdl, oracle), fen
        assert ours.get_dtm(board) == theirs.get_dtm(oracle), fen
        assert board.fen() == fen and not board.move_stack


@pytest.mark.parametrize("fen", [
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate
    "6Qk/8/6K1/8/8/8/8/8 b - - 0 1",  # checkmate
    "8/8/8/8/8/8/8/K1k5 w - - 0 1",  # kings only
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",  # castling rights
    "8/8/8/8/8/2k5/1q6/KR6 w - - 0 1",  # KRvKQ: not among the sdist's tables
])
def test_gaviota_edge_positions_equal_python_chess(gaviota_pair, fen):
    ours, theirs = gaviota_pair
    board, oracle = chess.Board(fen), python_chess.Board(fen)
    for name in ("probe_dtm", "probe_wdl", "get_dtm", "get_wdl"):
        assert answer(getattr(ours, name), board) == answer(getattr(theirs, name), oracle), name


def test_gaviota_missing_table_error_is_ours(gaviota_pair):
    ours, _ = gaviota_pair
    with pytest.raises(gaviota.MissingTableError):
        ours.probe_dtm(chess.Board("8/8/8/8/8/2k5/1q6/KR6 w - - 0 1"))


def test_a_program_swapping_chess_probes_our_boards(sdist):
    result = run_python(f"""
import bitboard.chess
bitboard.chess.install()
import chess, chess.syzygy, chess.gaviota
board = chess.Board("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
assert type(board).__module__.startswith("bitboard")
with chess.syzygy.open_tablebase({str(sdist / "data" / "syzygy" / "regular")!r}) as tables:
    print(tables.probe_wdl(board), tables.probe_dtz(board))
with chess.gaviota.open_tablebase({str(sdist / "data" / "gaviota")!r}) as tables:
    print(tables.probe_dtm(board))
""")
    assert result.returncode == 0, result.stderr[-3000:]
    reference = python_chess.Board("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")
    with python_syzygy.open_tablebase(str(sdist / "data" / "syzygy" / "regular")) as tables:
        expected = f"{tables.probe_wdl(reference)} {tables.probe_dtz(reference)}\n"
    with python_gaviota.open_tablebase(str(sdist / "data" / "gaviota")) as tables:
        expected += f"{tables.probe_dtm(reference)}\n"
    assert result.stdout == expected


@pytest.mark.parametrize("name", ["syzygy", "gaviota"])
def test_without_python_chess_the_import_names_the_extra(name):
    result = import_without_python_chess(f"bitboard.chess.{name}")
    assert f"bitboard.chess.{name} runs python-chess's chess.{name}" in result.stdout, result.stderr
    assert "pip install 'bitboard[chess]'" in result.stdout, result.stderr


@pytest.mark.parametrize("fen", [chess.STARTING_FEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
                                 "8/8/8/3pP3/8/8/8/K1k5 w - d6 0 1"])
def test_move_generators_take_any_int_mask_as_python_chess(fen):
    # python-chess's probing passes ~board.occupied (negative); only a mask's low 64 bits count
    board, oracle = chess.Board(fen), python_chess.Board(fen)
    names = ["generate_legal_moves", "generate_legal_captures", "generate_legal_ep", "generate_castling_moves",
             "generate_pseudo_legal_moves", "generate_pseudo_legal_captures", "generate_pseudo_legal_ep"]
    for from_mask, to_mask in [(board.pawns, ~board.occupied), (-1, -1), (1 << 70 | board.kings, -1),
                               (~board.kings, 1 << 64 | board.occupied)]:
        for name in names:
            ours = sorted(move.uci() for move in getattr(board, name)(from_mask, to_mask))
            assert ours == sorted(move.uci() for move in getattr(oracle, name)(from_mask, to_mask)), name
