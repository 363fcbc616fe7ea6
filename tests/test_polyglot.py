"""Polyglot keys and books (`bitboard.chess.polyglot`, python-chess's `chess.polyglot`), with
python-chess as the oracle: every key of random games, and the look-ups of the books of its
source distribution (the `sdist` fixture)."""
import random

import chess
import chess.polyglot
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess as bc
import bitboard.chess.polyglot as bp
from bitboard import Board, Move
from bitboard.core.polyglot_random import POLYGLOT_RANDOM_ARRAY
from bitboard.errors import InvalidArgumentError

# The examples of the Polyglot book format's description: the moves from the start, the key after each.
SPEC_LINES = [
    ([], 0x463B96181691FC9C),
    (["e2e4"], 0x823C9B50FD114196),
    (["e2e4", "d7d5"], 0x0756B94461C50FB0),
    (["e2e4", "d7d5", "e4e5"], 0x662FAFB965DB29D4),
    (["e2e4", "d7d5", "e4e5", "f7f5"], 0x22A48B5A8E47FF78),
    (["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652A607CA3F242C1),
    (["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00FDD303C946BDD9),
    (["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3C8123EA7B067637),
    (["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5C3F9B829B279560),
]


def _play(seed: int, chess960: bool, plies: int = 80):
    """A random game on both boards: (theirs, ours) after each ply, the start included."""
    rng = random.Random(seed)
    theirs = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
    theirs.chess960 = chess960
    ours = Board(theirs.fen(), chess960=chess960)
    pairs = [(theirs.copy(), ours.copy())]
    for _ in range(plies):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        theirs.push(move)
        ours.push(Move.from_uci(move.uci()))
        pairs.append((theirs.copy(), ours.copy()))
    return pairs


# --- keys ------------------------------------------------------------------------------------------

def test_the_table_is_polyglots():
    assert len(POLYGLOT_RANDOM_ARRAY) == 781
    assert POLYGLOT_RANDOM_ARRAY == chess.polyglot.POLYGLOT_RANDOM_ARRAY
    assert bp.POLYGLOT_RANDOM_ARRAY is POLYGLOT_RANDOM_ARRAY


@pytest.mark.parametrize("moves,key", SPEC_LINES)
def test_the_format_descriptions_keys(moves, key):
    board = Board()
    for uci in moves:
        board.push_uci(uci)
    assert board.zobrist_key == bp.zobrist_hash(board) == key
    assert Board(board.fen()).zobrist_key == key  # from scratch, as the incremental key
    assert bp.ZobristHasher(POLYGLOT_RANDOM_ARRAY)(board) == key  # through the public API


@settings(max_examples=40)
@given(st.integers(0, 2 ** 32), st.booleans())
def test_keys_of_random_games_are_python_chess_keys(seed, chess960):
    hasher = bp.ZobristHasher(POLYGLOT_RANDOM_ARRAY)
    for theirs, ours in _play(seed, chess960):
        key = chess.polyglot.zobrist_hash(theirs)
        assert ours.zobrist_key == key, theirs.fen()
        assert bp.zobrist_hash(ours) == key
        assert bp.zobrist_hash(theirs) == key  # another library's board: hashed through its API
        assert hasher(ours) == key
        assert Board(theirs.fen(en_passant="fen"), chess960=chess960).zobrist_key == key  # (a FEN keeps the square)


@settings(max_examples=40)
@given(st.integers(0, 2 ** 32), st.booleans())
def test_keys_survive_pop_and_null_moves(seed, chess960):
    pairs = _play(seed, chess960, plies=40)
    ours = pairs[-1][1].copy()
    for theirs, _ in reversed(pairs[:-1]):
        ours.pop()
        assert ours.zobrist_key == chess.polyglot.zobrist_hash(theirs)
    theirs, ours = pairs[-1]
    if not theirs.is_check():
        theirs.push(chess.Move.null())
        ours.push(Move.null())
        assert ours.zobrist_key == chess.polyglot.zobrist_hash(theirs)


@pytest.mark.parametrize("fen", [
    "4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1",  # no pawn passed e6, but one could take there: Polyglot counts it
    "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",  # a pawn passed and one can take
    "4k3/8/8/3p4/8/8/8/4K3 w - e6 0 1",  # nobody beside
    "4k3/8/8/8/3P4/8/8/4K3 w - e5 0 1",  # a square on the wrong rank, a pawn beside the one behind it
    "4k3/8/8/8/8/8/1p6/4K3 b - a1 0 1",  # a1: python-chess's falsy square counts as none
    "4k3/8/8/8/8/8/1p6/4K3 b - c1 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
    "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",  # rights without their king: not counted
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w BGbg - 0 1",  # Chess960 rooks
])
def test_keys_of_odd_positions_are_python_chess_keys(fen):
    for chess960 in (False, True):
        theirs = chess.Board(fen, chess960=chess960)
        ours = Board(fen, chess960=chess960)
        key = chess.polyglot.zobrist_hash(theirs)
        assert ours.zobrist_key == bp.zobrist_hash(ours) == key
        assert bp.ZobristHasher(POLYGLOT_RANDOM_ARRAY)(ours) == key


def test_a_hasher_needs_the_whole_table():
    with pytest.raises(InvalidArgumentError, match="780"):
        bp.ZobristHasher(POLYGLOT_RANDOM_ARRAY[:780])
    other = [(k * 0x9E3779B97F4A7C15) & (2 ** 64 - 1) for k in range(781)]
    board = Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    ours = bp.zobrist_hash(board, _hasher=bp.ZobristHasher(other))
    assert ours == chess.polyglot.zobrist_hash(chess.Board(board.fen()), _hasher=chess.polyglot.ZobristHasher(other))


# --- books -----------------------------------------------------------------------------------------

def _same(ours, theirs):
    """An entry (or None) as python-chess gives it."""
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return (ours.key, ours.raw_move, ours.weight, ours.learn, ours.move.uci()) == \
        (theirs.key, theirs.raw_move, theirs.weight, theirs.learn, theirs.move.uci())


@pytest.fixture(scope="module", params=["performance.bin", "lasker-trap.bin"])
def books(request, sdist):
    path = sdist / "data" / "polyglot" / request.param
    with bp.open_reader(path) as ours, chess.polyglot.open_reader(path) as theirs:
        yield ours, theirs


def _book_positions(theirs_book, seed: int, chess960: bool = False):
    """Positions the book knows (its weighted lines from the start) and some it does not."""
    rng = random.Random(seed)
    boards = [chess.Board(chess960=chess960)]
    board = chess.Board(chess960=chess960)
    for _ in range(40):
        entries = list(theirs_book.find_all(board))
        moves = [e.move for e in entries] if entries and rng.random() < 0.9 else list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        boards.append(board.copy(stack=False))
    return boards


def test_the_whole_book_reads_as_python_chess_reads_it(books):
    ours, theirs = books
    assert len(ours) == len(theirs)
    assert all(_same(a, b) for a, b in zip(ours, theirs))
    assert _same(ours[-1], theirs[-1]) and _same(ours[-len(ours)], theirs[0])
    with pytest.raises(IndexError):
        ours[len(ours)]


def test_bisection_finds_what_python_chess_finds(books):
    ours, theirs = books
    rng = random.Random(7)
    keys = [theirs[rng.randrange(len(theirs))].key for _ in range(300)]
    keys += [rng.getrandbits(64) for _ in range(300)] + [0, 2 ** 64 - 1, theirs[0].key, theirs[-1].key]
    for key in keys:
        assert ours.bisect_key_left(key) == theirs.bisect_key_left(key)
        assert [e.move.uci() for e in ours.find_all(key)] == [e.move.uci() for e in theirs.find_all(key)]


@settings(max_examples=15)
@given(st.integers(0, 2 ** 32), st.booleans())
def test_look_ups_equal_python_chess(books, seed, chess960):
    ours, theirs = books
    for board in _book_positions(theirs, seed, chess960):
        mine = bc.Board(board.fen(), chess960=chess960)
        for minimum_weight in (0, 1, 2, 50):
            a = list(ours.find_all(mine, minimum_weight=minimum_weight))
            b = list(theirs.find_all(board, minimum_weight=minimum_weight))
            assert len(a) == len(b) and all(map(_same, a, b)), board.fen()
            assert _same(ours.get(mine, minimum_weight=minimum_weight),
                         theirs.get(board, minimum_weight=minimum_weight))
        excluded = [e.move for e in theirs.find_all(board)][:1]
        assert _same(ours.get(mine, exclude_moves=[Move.from_uci(m.uci()) for m in excluded]),
                     theirs.get(board, exclude_moves=excluded))
        for draw in range(3):
            a = ours.get(mine) and ours.weighted_choice(mine, random=random.Random(draw))
            b = theirs.get(board) and theirs.weighted_choice(board, random=random.Random(draw))
            assert _same(a, b)
            a = ours.get(mine) and ours.choice(mine, random=random.Random(draw))
            b = theirs.get(board) and theirs.choice(board, random=random.Random(draw))
            assert _same(a, b)


def test_castling_is_written_as_the_board_writes_it(sdist):
    fen = "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 5 10"  # O-O, O-O-O and h3
    with bp.open_reader(sdist / "data" / "polyglot" / "performance.bin") as book:
        assert sorted(e.move.uci() for e in book.find_all(Board(fen))) == ["e1c1", "e1g1", "h2h3"]
        assert sorted(e.move.uci() for e in book.find_all(Board(fen, chess960=True))) == ["e1a1", "e1h1", "h2h3"]
        assert sorted(e.move.uci() for e in book.find_all(Board(fen).zobrist_key)) == ["e1a1", "e1h1", "h2h3"]


def test_a_file_that_is_no_book_is_refused(tmp_path):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\0" * 17)
    with pytest.raises(OSError, match="bad.bin"):
        bp.open_reader(bad)
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with bp.open_reader(empty) as book:
        assert len(book) == 0 and list(book.find_all(Board())) == []
        assert book.get(Board()) is None
        with pytest.raises(IndexError):
            book.find(Board())
        with pytest.raises(IndexError):
            book.weighted_choice(Board())
        with pytest.raises(IndexError):
            book.choice(Board())
