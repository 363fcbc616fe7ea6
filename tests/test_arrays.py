"""PGN to arrays, position records and the piece planes, each against an independent
construction from python-chess's boards."""
import io
import random

import chess
import numpy as np
import pytest

from bitboard import Board, pgn
from bitboard.benchmarks.pgn import corpus
from bitboard.data import encode
from bitboard.data.records import board_of, position_dtype, record_of

WHITE_FIRST = [(t, chess.WHITE) for t in range(1, 7)] + [(t, chess.BLACK) for t in range(1, 7)]


def _random_boards(seed, count=40):
    rng = random.Random(seed)
    out = []
    for n in range(count):
        chess960 = n % 3 == 0
        theirs = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        for _ in range(rng.randint(0, 60)):
            moves = list(theirs.legal_moves)
            if not moves:
                break
            theirs.push(rng.choice(moves))
        out.append(theirs)
    return out


def test_a_record_is_43_bytes_and_reads_back_into_the_same_position():
    assert position_dtype().itemsize == 43
    for theirs in _random_boards(1):
        ours = Board(theirs.fen(en_passant="fen"), chess960=theirs.chess960)
        again = board_of(record_of(ours)[0])
        assert again.fen(en_passant="fen") == theirs.fen(en_passant="fen")
        assert again.clean_castling_rights() == theirs.clean_castling_rights()


def _their_planes(board):
    planes = np.zeros((18, 8, 8), dtype=np.uint8)
    for index, (piece_type, color) in enumerate(WHITE_FIRST):
        for square in board.pieces(piece_type, color):
            planes[index, chess.square_rank(square), chess.square_file(square)] = 1
    planes[12] = board.turn == chess.WHITE
    rights = board.clean_castling_rights()
    for plane, (color, side) in enumerate([(chess.WHITE, 1), (chess.WHITE, 0), (chess.BLACK, 1), (chess.BLACK, 0)]):
        king = board.king(color)
        rooks = rights & chess.BB_RANKS[0 if color else 7]
        planes[13 + plane] = any((chess.square_file(r) > chess.square_file(king)) == side
                                 for r in chess.SquareSet(rooks)) if king is not None else 0
    if board.ep_square is not None:
        planes[17, chess.square_rank(board.ep_square), chess.square_file(board.ep_square)] = 1
    return planes


def test_piece_planes_match_a_construction_from_python_chess():
    boards = _random_boards(2)
    records = np.concatenate([record_of(Board(b.fen(en_passant="fen"), chess960=b.chess960)) for b in boards])
    planes = encode.piece_planes(records)
    assert planes.shape == (len(boards), 18, 8, 8) and planes.dtype == np.uint8
    for ours, board in zip(planes, boards):
        assert (ours == _their_planes(board)).all(), board.fen()
    assert encode.piece_planes(records, dtype=np.float32).dtype == np.float32


def test_to_arrays_agrees_with_the_reader_and_python_chess():
    text = corpus(25, seed=9) + '\n[Event "bad"]\n[WhiteElo "2100"]\n\n1. e4 e5 2. Ke3 1-0\n'
    # long algebraic among plain SAN: the reader's Board takes those moves, then the C path again
    text += ('\n[Event "long"]\n\n1. e2e4 e5 2. Ng1-f3 Nc6 3. Bf1c4 Bc5 4. O-O d6 5. c2c3 Bg4 '
             '6. d4 {[%clk 0:01:02]} 1-0\n')
    arrays = pgn.to_arrays(io.StringIO(text))
    games = list(pgn.read_games(io.StringIO(text)))
    assert len(arrays["result"]) == len(games) == 27 and len(games[-1].moves) == 11
    assert list(arrays["error"]) == [g.error is not None for g in games]
    # the last row is the long game's final position; the clock is the last move's
    assert arrays["white_elo"][-2] == 2100 and arrays["black_elo"][-2] == -1 and arrays["clocks"][-2] == 62
    row = 0
    for number, game in enumerate(games):
        theirs = chess.Board()
        assert arrays["result"][number] == {"1-0": 1, "0-1": -1, "1/2-1/2": 0}.get(game.result, -2)
        for move, value, clock in zip(game.moves, game.evals, game.clocks):
            assert arrays["game"][row] == number
            code = int(arrays["moves"][row])
            assert chess.Move(code % 64, code // 64 % 64, code // 4096 or None) == move
            assert board_of(arrays["positions"][row]).fen() == theirs.fen()
            if isinstance(value, pgn.Mate):
                assert np.isnan(arrays["evals"][row]) and arrays["mates"][row] == value
            elif value is None:
                assert np.isnan(arrays["evals"][row]) and arrays["mates"][row] == 0
            else:
                assert arrays["evals"][row] == pytest.approx(value, abs=1e-6)
            if clock is None:
                assert np.isnan(arrays["clocks"][row])
            else:
                assert arrays["clocks"][row] == pytest.approx(clock)
            assert arrays["ply"][row] == len(theirs.move_stack)
            theirs.push(chess.Move.from_uci(move.uci()))
            row += 1
        # each game ends with its final position (the one before the error, for a game with one)
        assert arrays["game"][row] == number and arrays["moves"][row] == pgn.NO_MOVE == 0xFFFF
        assert board_of(arrays["positions"][row]).fen() == theirs.fen() and arrays["ply"][row] == len(game.moves)
        assert np.isnan(arrays["evals"][row]) and np.isnan(arrays["clocks"][row]) and arrays["mates"][row] == 0
        row += 1
    assert row == len(arrays["moves"]) == len(arrays["positions"]) == sum(map(pgn.positions_of, games))


def test_to_arrays_reads_the_tags_the_reader_needs_and_stops_after_games():
    """to_arrays keeps four tags and leaves the others unread, but the reader still reads each
    game's FEN, Variant and Result tags; `games` stops after that many games."""
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    text = (f'[Event "set up"]\n[FEN "{fen}"]\n[WhiteElo "1500"]\n\n1. O-O Kd7 *\n\n'
            '[Variant "Atomic"]\n[TimeControl "60+1"]\n\n1. e4 d5 2. exd5 1/2-1/2\n\n'
            '[Event "tags only"]\n[Result "0-1"]\n')  # (no movetext: its Result tag is its result)
    games = list(pgn.read_games(io.StringIO(text)))
    arrays = pgn.to_arrays(io.StringIO(text))
    assert list(arrays["result"]) == [-2, 0, -1] and list(arrays["error"]) == [False] * 3
    assert list(arrays["white_elo"]) == [1500, -1, -1] and list(arrays["time_control"]) == ["", "60+1", ""]
    assert list(arrays["variant"]) == ["", "Atomic", ""]
    assert board_of(arrays["positions"][0]).fen() == fen
    assert list(arrays["game"]) == [0, 0, 0, 1, 1, 1, 1, 2]
    assert board_of(arrays["positions"][6]).fen() == games[1].end().fen()  # (d5's pawns exploded)
    for count in range(4):
        some = pgn.to_arrays(io.StringIO(text), games=count)
        assert len(some["result"]) == count and len(some["moves"]) == sum(map(pgn.positions_of, games[:count]))


def _their_alphazero_index(move, turn):
    """The AlphaZero paper's policy plane of a move, built here from its definition."""
    frm, to = (move.from_square, move.to_square) if turn else (move.from_square ^ 56, move.to_square ^ 56)
    dr, df = to // 8 - frm // 8, to % 8 - frm % 8
    if move.promotion in (chess.KNIGHT, chess.BISHOP, chess.ROOK):
        plane = 64 + 3 * [chess.KNIGHT, chess.BISHOP, chess.ROOK].index(move.promotion) + df + 1
    elif sorted((abs(dr), abs(df))) == [1, 2]:
        plane = 56 + [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)].index((dr, df))
    else:
        step = ((dr > 0) - (dr < 0), (df > 0) - (df < 0))
        direction = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)].index(step)
        plane = 7 * direction + max(abs(dr), abs(df)) - 1
    return plane * 64 + frm


def test_alphazero_policy_indices_follow_the_paper_and_come_back():
    positions = [b for b in _random_boards(3, 60) if not b.chess960]
    positions.append(chess.Board("4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1"))  # underpromotions, black to move
    positions.append(chess.Board("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"))
    for theirs in positions:
        ours = Board(theirs.fen())
        indices = set()
        for move in theirs.legal_moves:
            index = encode.alphazero_index(move, theirs.turn)
            assert index == _their_alphazero_index(move, theirs.turn), (theirs.fen(), move)
            assert 0 <= index < encode.ALPHAZERO_POLICY_SIZE == 4672
            assert encode.alphazero_move(index, ours) == move
            indices.add(index)
        assert len(indices) == theirs.legal_moves.count()
    with pytest.raises(ValueError, match="4672"):
        encode.alphazero_move(4672, Board())


def test_alphazero_indices_of_a_batch_and_legal_move_masks():
    arrays = pgn.to_arrays(io.StringIO(corpus(8, seed=3)))
    turns = arrays["positions"]["turn"]
    batch = encode.alphazero_indices(arrays["moves"], turns)
    for code, turn, index in zip(arrays["moves"], turns, batch):
        code = int(code)
        if code == pgn.NO_MOVE:  # a game's final position: no move, no index
            assert index == -1
            continue
        assert index == encode.alphazero_index(chess.Move(code % 64, code // 64 % 64, code // 4096 or None), turn)
    assert (batch == -1).sum() == (arrays["moves"] == pgn.NO_MOVE).sum() == 8
    masks = encode.legal_move_masks(arrays["positions"][:40])
    assert masks.shape == (40, 4672)
    for row, record in enumerate(arrays["positions"][:40]):
        theirs = chess.Board(board_of(record).fen())
        expected = {_their_alphazero_index(m, theirs.turn) for m in theirs.legal_moves}
        assert set(np.flatnonzero(masks[row])) == expected
        assert batch[row] == -1 or masks[row, batch[row]]  # the move played is among them


class _Unsized:
    """A stream with nothing but read(): its size cannot be known."""

    def __init__(self, data: bytes):
        self.read = io.BytesIO(data).read


def test_to_arrays_makes_a_files_arrays_once_from_its_size_and_grows_them_past_a_short_guess(tmp_path):
    import gzip
    import re

    from bitboard.data import arrays
    # an eval and a clock on every move: 41 bytes of text a position (60 games played, 300 read)
    commented = (corpus(60, seed=3).rstrip("\n") + "\n\n") * 5
    for name, text in (("commented", commented), ("bare", re.sub(r" \{[^}]*\}", "", commented))):
        grown = pgn.to_arrays(_Unsized(text.encode()))  # (16,384 rows at first, then doubled)
        assert len(grown["moves"]) > 16384 and grown["moves"].base.shape[0] == 32768
        plain, packed = tmp_path / f"{name}.pgn", tmp_path / f"{name}.pgn.gz"
        plain.write_text(text)
        packed.write_bytes(gzip.compress(text.encode()))
        assert arrays._positions_expected(packed) == 4 * packed.stat().st_size // 32
        guess = len(text) // 32
        with open(plain, "rb") as file:
            file.read(100)  # (what is left of it)
            assert arrays._positions_expected(file) == (len(text) - 100) // 32 and file.tell() == 100
        sources = [plain] if name == "bare" else [plain, packed, io.BytesIO(text.encode()), io.StringIO(text),
                                                  open(plain, "rb")]  # noqa: SIM115
        for source in sources:
            ours = pgn.to_arrays(source)
            assert ours.keys() == grown.keys()
            assert all(ours[key].tobytes() == grown[key].tobytes() for key in ours)
            made = ours["moves"].base.shape[0]
            if isinstance(source, io.BufferedReader):
                source.close()
            if source is not packed:
                if name == "commented":  # made once, to the guess
                    assert made == guess >= len(grown["moves"])
                else:  # the guess was short (16,384 rows at the least): grown from it
                    assert made == 2 * max(16384, guess) >= len(grown["moves"])
    assert arrays._positions_expected("-") == arrays._positions_expected(_Unsized(b"")) == 0
    assert 1 << 20 < arrays._most_rows() < 1 << 40  # (a quarter of this machine's memory)
    huge = tmp_path / "huge.pgn"
    with open(huge, "wb") as sparse:  # (a sparse file: its size alone)
        sparse.truncate(1 << 40)
    assert arrays._positions_expected(huge) == arrays._most_rows()
