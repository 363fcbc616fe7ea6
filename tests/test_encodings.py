"""lc0's policy and input planes, Polyglot keys, repetition counts and mirrored records, each
against a construction written here from the published definition, with python-chess's boards."""
import random
import sys

import chess
import chess.polyglot
import numpy as np
import pytest

from bitboard import Board
from bitboard.data import encode, polyglot_table, records
from bitboard.data.records import board_of, record_of

PROMOTION_LETTERS = {chess.QUEEN: "q", chess.ROOK: "r", chess.BISHOP: "b"}


def _games(seed, count=12):
    """Random games as lists of python-chess boards (each with its move stack), some of them
    Chess960, some with knights shuffling back and forth so that positions repeat."""
    rng = random.Random(seed)
    out = []
    for n in range(count):
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if n % 4 == 3 else chess.Board()
        boards = [board.copy()]
        for ply in range(rng.randint(5, 70)):
            moves = list(board.legal_moves)
            if not moves:
                break
            shuffles = [m for m in moves if board.piece_type_at(m.from_square) == chess.KNIGHT]
            move = rng.choice(shuffles if n % 2 and shuffles and ply > 6 else moves)
            board.push(move)
            boards.append(board.copy())
        out.append(boards)
    return out


def _records(games):
    """The records of every position of the games, and the game of each row."""
    rows = [record_of(Board(b.fen(en_passant="fen"), chess960=b.chess960)) for boards in games for b in boards]
    return np.concatenate(rows), np.repeat(np.arange(len(games)), [len(boards) for boards in games])


# --- lc0's policy -------------------------------------------------------------------------------

def _their_lc0_moves():
    """lc0's 1,858 moves from its definition: queen-like and knight moves by from- and to-square,
    then the promotions from the seventh rank to a queen, a rook and a bishop."""
    names = []
    for frm in chess.SQUARES:
        reach = (chess.BB_KNIGHT_ATTACKS[frm] | chess.BB_RANK_ATTACKS[frm][0] | chess.BB_FILE_ATTACKS[frm][0]
                 | chess.BB_DIAG_ATTACKS[frm][0])
        names += [chess.square_name(frm) + chess.square_name(to) for to in chess.SquareSet(reach)]
    for frm in chess.SquareSet(chess.BB_RANK_7):
        for to in chess.SquareSet(chess.BB_RANK_8):
            if chess.square_distance(frm, to) == 1:
                names += [chess.square_name(frm) + chess.square_name(to) + p for p in "qrb"]
    return names


THEIR_LC0 = _their_lc0_moves()


def _their_lc0_index(board, move):
    uci = board.uci(move, chess960=True)  # castling as the king taking its rook
    if board.turn == chess.BLACK:
        uci = "".join(c if c.isalpha() else str(9 - int(c)) for c in uci)
    return THEIR_LC0.index(uci[:4] if move.promotion == chess.KNIGHT else uci)


def test_lc0_moves_follow_the_definition():
    assert len(THEIR_LC0) == encode.LC0_POLICY_SIZE == 1858
    assert THEIR_LC0[0] == "a1b1" and THEIR_LC0[1791] == "h8g8" and THEIR_LC0[1792] == "a7a8q"
    assert THEIR_LC0[-1] == "h7h8b"
    ours = [chess.square_name(f) + chess.square_name(t) + PROMOTION_LETTERS.get(p, "") for f, t, p in encode.LC0_MOVES]
    assert ours == THEIR_LC0


@pytest.mark.parametrize("fen", [None, "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
                                 "r3k2r/1P6/8/8/8/8/6p1/R3K2R b KQkq - 0 1"])
def test_lc0_index_of_every_legal_move_and_back(fen):
    boards = [b for game in _games(4) for b in game] if fen is None else [chess.Board(fen)]
    for theirs in boards:
        ours = Board(theirs.fen(), chess960=theirs.chess960)
        seen = set()
        for move in theirs.legal_moves:
            index = encode.lc0_index(move, ours)
            assert index == _their_lc0_index(theirs, move), (theirs.fen(), move)
            assert encode.lc0_move(index, ours) == move
            seen.add(index)
        assert len(seen) == theirs.legal_moves.count()
    with pytest.raises(ValueError, match="1857"):
        encode.lc0_move(1858, Board())


def test_lc0_indices_of_a_batch_and_masks():
    games = _games(5, 6)
    positions, _ = _records(games)
    moves, expected, rows = [], [], []
    row = 0
    for boards in games:
        for before, after in zip(boards, boards[1:]):
            move = after.peek()
            moves.append(move.from_square + 64 * move.to_square + 4096 * (move.promotion or 0))
            expected.append(_their_lc0_index(before, move))
            rows.append(row)
            row += 1
        row += 1  # the final position of a game has no move
    assert list(encode.lc0_indices(moves, positions[rows])) == expected
    masks = encode.legal_move_masks(positions[:30], policy="lc0")
    assert masks.shape == (30, 1858)
    flat = [b for boards in games for b in boards][:30]
    for mask, theirs in zip(masks, flat):
        assert set(np.flatnonzero(mask)) == {_their_lc0_index(theirs, m) for m in theirs.legal_moves}


# --- Polyglot keys and repetitions ----------------------------------------------------------------

def test_polyglot_keys_equal_python_chess():
    games = _games(6)
    games.append([chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),  # a pawn beside
                  chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")])  # none beside
    positions, _ = _records(games)
    theirs = [chess.polyglot.zobrist_hash(b) for boards in games for b in boards]
    assert encode.polyglot_keys(positions).tolist() == theirs
    assert encode.polyglot_keys(positions[-1:]).tolist() == [0x823C9B50FD114196]  # Polyglot's own example
    with pytest.raises(ValueError, match="781"):
        encode.polyglot_keys(positions, table=np.zeros(780, dtype=np.uint64))


def test_polyglot_keys_need_no_python_chess(monkeypatch):
    # the table is shipped (core/polyglot_random): python-chess is only the oracle here
    monkeypatch.setitem(sys.modules, "chess.polyglot", None)
    monkeypatch.setitem(sys.modules, "chess", None)
    board = Board()
    board.push_san("e4")
    assert encode.polyglot_keys(record_of(board)).tolist() == [0x823C9B50FD114196] == [board.zobrist_key]
    assert polyglot_table().tolist() == chess.polyglot.POLYGLOT_RANDOM_ARRAY


def test_repetition_counts_follow_python_chess():
    games = _games(7, 16)
    # an en-passant square that no capture can use (the pawn is pinned along the rank): python-chess
    # counts the position after d7d5 and the same position after the kings' round trip as one
    pinned = chess.Board("7k/3p4/8/K3P2r/8/8/8/8 b - - 0 1")
    boards = [pinned.copy()]
    for uci in ["d7d5", "a5a4", "h8g8", "a4a5", "g8h8", "a5a4", "h8g8", "a4a5", "g8h8"]:
        pinned.push_uci(uci)
        boards.append(pinned.copy())
    games.append(boards)
    positions, game = _records(games)
    counts = encode.repetition_counts(positions, game)
    flat = [b for boards in games for b in boards]
    assert any(c >= 3 for c in counts)  # the shuffling games repeat
    for count, theirs in zip(counts, flat):
        for k in (2, 3, 4):
            assert (count >= k) == theirs.is_repetition(k), (theirs.fen(), k)
    assert counts[-5] == 2 and counts[-1] == 3  # after the first and the second round trip


def test_mirrored_records_are_python_chess_mirrors():
    boards = [b for game in _games(8, 6) for b in game]
    positions, _ = _records([boards])
    for record, theirs in zip(records.mirror(positions), boards):
        assert board_of(record).fen(en_passant="fen") == theirs.mirror().fen(en_passant="fen")


# --- input planes ---------------------------------------------------------------------------------

def _plane(squares):
    plane = np.zeros((8, 8), dtype=np.uint8)
    for square in squares:
        plane[chess.square_rank(square), chess.square_file(square)] = 1
    return plane


def test_piece_planes_packed_and_seen_from_black():
    boards = [b for game in _games(9, 6) for b in game]
    positions, _ = _records([boards])
    planes = encode.piece_planes(positions)
    assert (encode.unpack_planes(encode.piece_planes(positions, packed=True)) == planes).all()
    flipped = encode.piece_planes(positions, flip_for_black=True)
    for ours, mine, theirs in zip(flipped, planes, boards):
        if theirs.turn == chess.WHITE:
            assert (ours == mine).all()
            continue
        seen = theirs.mirror()  # black's side: what the mirrored board's white has
        expected = encode.piece_planes(record_of(Board(seen.fen(en_passant="fen"), chess960=seen.chess960)))[0]
        expected[12] = 0  # the plane still says black is to move
        assert (ours == expected).all(), theirs.fen()


def _their_leela(history, fill):
    """lc0's classical input of the last board of `history` (python-chess boards, oldest first),
    written from its definition."""
    current = history[-1]
    us = current.turn
    flip = (lambda s: s) if us == chess.WHITE else (lambda s: s ^ 56)
    first = history[0]
    before = None  # the first position with the pawn that had just moved two squares put back
    if first.ep_square is not None and any(
            first.piece_at(s) == chess.Piece(chess.PAWN, first.turn)
            for s in chess.SquareSet(chess.BB_PAWN_ATTACKS[not first.turn][first.ep_square])):
        before = first.copy(stack=False)
        forward = 8 if first.turn == chess.BLACK else -8
        before.remove_piece_at(first.ep_square + forward)
        before.set_piece_at(first.ep_square - forward, chess.Piece(chess.PAWN, not first.turn))
    planes = np.zeros((112, 8, 8), dtype=np.uint8)
    for i in range(8):
        if i < len(history):
            board, repeated = history[-1 - i], history[-1 - i].is_repetition(2)
        else:
            standard = first.board_fen() == chess.STARTING_BOARD_FEN and first.castling_rights == chess.BB_CORNERS
            if fill == "no":
                board = before if i == len(history) else None
            elif fill == "fen_only" and standard:
                board = None
            else:
                board = before or first
            repeated = False
        if board is None:
            continue
        for k, piece_type in enumerate(chess.PIECE_TYPES):
            planes[13 * i + k] = _plane(flip(s) for s in board.pieces(piece_type, us))
            planes[13 * i + 6 + k] = _plane(flip(s) for s in board.pieces(piece_type, not us))
        planes[13 * i + 12] = repeated
    planes[104] = current.has_queenside_castling_rights(us)
    planes[105] = current.has_kingside_castling_rights(us)
    planes[106] = current.has_queenside_castling_rights(not us)
    planes[107] = current.has_kingside_castling_rights(not us)
    planes[108] = us == chess.BLACK
    planes[109] = min(current.halfmove_clock, 255)
    planes[111] = 1
    return planes


@pytest.mark.parametrize("fill", encode.planes.HISTORY_FILLS)
def test_leela_planes_follow_lc0s_definition(fill):
    games = _games(10, 8)
    start = chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")  # lc0's ep flag set
    games.append([start.copy()])
    for uci in ["e5f6", "g8f6", "g1f3"]:
        start.push_uci(uci)
        games[-1].append(start.copy())
    positions, game = _records(games)
    planes = encode.leela_planes(positions, game, history_fill=fill)
    assert planes.shape == (len(positions), 112, 8, 8) and planes.dtype == np.uint8
    row = 0
    for boards in games:
        for ply in range(len(boards)):
            expected = _their_leela(boards[:ply + 1], fill)
            assert (planes[row] == expected).all(), (boards[ply].fen(), fill, np.argwhere(planes[row] != expected)[:3])
            row += 1
    masks, clocks = encode.leela_planes(positions, game, history_fill=fill, packed=True)
    assert (encode.unpack_planes(masks)[:, :109] == planes[:, :109]).all() and (clocks == positions["halfmove"]).all()
    with pytest.raises(ValueError, match="history_fill"):
        encode.leela_planes(positions, game, history_fill="sometimes")
