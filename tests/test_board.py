"""The bitboard move generator: published perft counts, python-chess as an oracle, make/unmake."""
import pickle
import random
import threading

import chess
import pytest
from helpers import PERFT
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard
import bitboard.chess
from bitboard import BaseBoard, Board, IllegalMoveError, InvalidMoveError, Move

# The deep counts (up to ~200 million nodes) run in CI, marked slow; the uncompiled build
# stops at about a million nodes.
FAST_LIMIT = 5_000_000 if bitboard.compiled else 120_000
CASES = [(name, depth, count) for name, (fen, counts) in PERFT.items() for depth, count in enumerate(counts, 1)]


@pytest.mark.parametrize("name,depth,count", [c for c in CASES if c[2] <= FAST_LIMIT])
def test_perft(name, depth, count):
    assert Board(PERFT[name][0]).perft(depth) == count


@pytest.mark.slow
@pytest.mark.skipif(not bitboard.compiled, reason="deep perft is for the compiled build")
@pytest.mark.parametrize("name,depth,count", [c for c in CASES if c[2] > FAST_LIMIT])
def test_deep_perft(name, depth, count):
    assert Board(PERFT[name][0]).perft(depth) == count


@pytest.mark.parametrize("name", list(PERFT))
def test_divide_sums_to_perft_and_leaves_the_board_alone(name):
    fen, counts = PERFT[name]
    board = Board(fen)
    split = board.divide(2)
    assert sum(split.values()) == counts[1]
    assert set(split) == set(board.legal_moves)
    assert board.fen() == Board(fen).fen() and board.move_stack == []


def test_perft_depth_zero_and_bad_depths():
    board = Board()
    assert board.perft(0) == 1
    for bad, error in ((-1, ValueError), (1.5, TypeError), ("3", TypeError), (True, TypeError), (65, ValueError)):
        with pytest.raises(error):
            board.perft(bad)


# --- python-chess as the oracle ---------------------------------------------------------------


def play_and_compare(seed, plies, start=chess.STARTING_FEN):
    """A random game: at every ply the move sets and FENs must agree with python-chess."""
    rng = random.Random(seed)
    ours, theirs = Board(start), chess.Board(start)
    positions = 0
    for _ in range(plies):
        legal = {m.uci() for m in theirs.legal_moves}
        assert {m.uci() for m in ours.legal_moves} == legal, theirs.fen()
        assert ours.fen() == theirs.fen()
        assert ours.fen(en_passant="always") == theirs.fen(en_passant="fen")
        assert ours.is_check() == theirs.is_check()
        assert ours.zobrist_key == Board(ours.fen(en_passant="always")).zobrist_key  # incremental == scratch
        positions += 1
        if not legal:
            break
        uci = rng.choice(sorted(legal))
        ours.push_uci(uci)
        theirs.push_uci(uci)
    return positions


def test_thousands_of_random_positions_match_python_chess():
    games = 60 if bitboard.compiled else 8
    assert sum(play_and_compare(seed, 120) for seed in range(games)) >= (3000 if bitboard.compiled else 400)


@settings(max_examples=25 if bitboard.compiled else 5)
@given(st.integers(0, 2 ** 32), st.sampled_from([fen for fen, _ in PERFT.values()]))
def test_random_games_from_the_perft_positions(seed, fen):
    play_and_compare(seed, 60, fen)


def test_promotions_en_passant_and_castling_moves():
    board = Board("r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PP1PPP/R3K2R w KQkq e6 0 1")
    ucis = {m.uci() for m in board.legal_moves}
    assert {"b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "d5e6", "e1g1", "e1c1"} <= ucis
    assert ucis == {m.uci() for m in chess.Board(board.fen()).legal_moves}


# --- make / unmake ------------------------------------------------------------------------------


def test_push_pop_restores_everything():
    rng = random.Random(5)
    board = Board(PERFT["kiwipete"][0])
    history = []
    for _ in range(40):
        moves = list(board.legal_moves)
        if not moves:
            break
        history.append((board.fen(en_passant="always"), board.zobrist_key))
        board.push(rng.choice(moves))
    while history:
        board.pop()
        assert (board.fen(en_passant="always"), board.zobrist_key) == history.pop()


def test_illegal_push_raises_and_changes_nothing():
    board = Board()
    board.push_uci("e2e4")
    before = (board.fen(), board.zobrist_key, board.move_stack)
    for move in (Move.from_uci("e2e4"), Move.from_uci("e7e5q"), Move.from_uci("a1a8"), Move.from_uci("e8g8"),
                 Move.from_uci("P@e4")):
        with pytest.raises(IllegalMoveError, match=move.uci()):
            board.push(move)
        assert (board.fen(), board.zobrist_key, board.move_stack) == before
    with pytest.raises(TypeError):
        board.push("e7e5")


def test_a_listed_move_is_only_accepted_at_its_own_position():
    board = Board()
    moves = list(board.legal_moves)
    board.push_uci("e2e4")
    with pytest.raises(IllegalMoveError):
        board.push(next(m for m in moves if m.uci() == "d2d4"))  # white's move, but black is to move
    board.pop()
    board.push(next(m for m in moves if m.uci() == "d2d4"))


def test_push_uci_and_move_errors():
    board = Board()
    for bad in ("e2e9", "e2", "e7e8x", "", "e2e4e"):
        with pytest.raises(InvalidMoveError, match=repr(bad)):
            board.push_uci(bad)
    with pytest.raises(IllegalMoveError, match="'e7e8k'"):  # a king promotion is a move, never a legal one
        board.push_uci("e7e8k")
    with pytest.raises(IndexError):
        board.pop()
    assert issubclass(IllegalMoveError, ValueError) and issubclass(InvalidMoveError, ValueError)


def test_copy_pickle_equality():
    board = Board()
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push_uci(uci)
    clone = pickle.loads(pickle.dumps(board))
    assert clone == board and clone.move_stack == board.move_stack
    assert clone.root() == Board()
    other = board.copy()
    other.pop()
    assert other != board and board.copy(stack=False).move_stack == []


def test_base_board_pickles():
    board = BaseBoard("8/8/8/8/4Q3/8/8/K6k")
    board.promoted = chess.BB_E4
    clone = pickle.loads(pickle.dumps(board))
    assert type(clone) is BaseBoard and clone == board and clone.promoted == chess.BB_E4
    assert clone.occupied_co == [chess.BB_H1, chess.BB_A1 | chess.BB_E4] and clone.queens == chess.BB_E4


def test_plain_attributes_are_members_kept_in_step():
    """python-chess's plain attributes: in the compiled build member descriptors (read as fast as
    an instance attribute), kept in step through moves and edits; the writable ones run their
    setters, the others stay read-only; occupied_co (compiled) and move_stack are one list each
    for the board's life, changed in place, as python-chess's are."""
    names = ["turn", "castling_rights", "ep_square", "halfmove_clock", "fullmove_number", "chess960", "move_stack",
             "pawns", "knights", "bishops", "rooks", "queens", "kings", "occupied", "occupied_co", "promoted"]
    if bitboard.compiled:
        for name in names:
            descriptor = next(vars(cls)[name] for cls in Board.__mro__ if name in vars(cls))
            assert type(descriptor).__name__ == "member_descriptor", name
    board = Board()
    occupied_co, move_stack = board.occupied_co, board.move_stack
    board.push_san("e4")
    assert (board.turn, board.ep_square, board.occupied_co[chess.WHITE]) == (chess.BLACK, chess.E3, 0xFFFF ^ chess.BB_E2
                                                                            | chess.BB_E4)
    board.turn = chess.WHITE
    assert board.turn is True and board.fen().split()[1] == "w"
    board.halfmove_clock, board.fullmove_number = 9, 12
    assert board.fen().endswith(" 9 12") and (board.halfmove_clock, board.fullmove_number) == (9, 12)
    board.castling_rights = chess.BB_A1
    assert board.castling_rights == chess.BB_A1 and board.fen().split()[2] == "Q"
    board.set_fen("4k3/8/8/8/8/8/8/4K3 b - - 3 7")
    assert board.move_stack is move_stack
    assert board.occupied_co is occupied_co or not bitboard.compiled  # (uncompiled, a new list each read)
    assert (board.turn, board.kings, board.pawns, board.halfmove_clock) == (chess.BLACK, chess.BB_E1 | chess.BB_E8,
                                                                            0, 3)
    for name in ("pawns", "occupied", "occupied_co", "move_stack"):
        with pytest.raises(AttributeError):
            setattr(board, name, 0)
    base = BaseBoard()  # a BaseBoard has no turn: the name is free for a program's own, as in python-chess
    base.turn = chess.WHITE
    assert base.turn is chess.WHITE and (vars(base) == {"turn": True} or not bitboard.compiled)


def test_queries_match_python_chess():
    fen = PERFT["kiwipete"][0]
    ours, theirs = Board(fen), chess.Board(fen)
    assert ours.occupied == theirs.occupied and ours.occupied_co == theirs.occupied_co
    assert (ours.pawns, ours.knights, ours.bishops, ours.rooks, ours.queens, ours.kings) == \
           (theirs.pawns, theirs.knights, theirs.bishops, theirs.rooks, theirs.queens, theirs.kings)
    assert ours.castling_rights == theirs.castling_rights and ours.turn == theirs.turn
    for sq in range(64):
        assert str(ours.piece_at(sq)) == str(theirs.piece_at(sq))
        assert ours.attackers_mask(chess.WHITE, sq) == int(theirs.attackers(chess.WHITE, sq))
    assert str(ours) == str(theirs)
    assert ours.king(chess.BLACK) == theirs.king(chess.BLACK)


@pytest.mark.skipif(not bitboard.compiled, reason="only the compiled perft releases the GIL")
def test_perft_releases_the_gil():
    # While another thread counts (about 190 million leaves, a tenth of a second or more on any
    # machine), this thread wakes every millisecond: it can only if perft released the GIL. Held,
    # it would wake at most once or twice, before the count began.
    board = Board(PERFT["kiwipete"][0])
    done = threading.Event()
    worker = threading.Thread(target=lambda: (board.perft(5), done.set()))
    worker.start()
    ticks = 0
    while not done.wait(0.001):
        ticks += 1
    worker.join()
    assert ticks >= 20


@pytest.mark.slow
@pytest.mark.skipif(not bitboard.compiled, reason="deep perft is for the compiled build")
def test_the_held_deep_counts_of_the_initial_position():
    # perft(7) on every core without a table (the threads' split), perft(8) with a shared table.
    assert Board().perft(7, threads=2) == 3_195_901_860
    assert Board().perft(8, threads=2, hash_mb=1024) == 84_998_978_956


@pytest.mark.parametrize("module", [chess, bitboard.chess], ids=["python-chess", "bitboard"])
def test_move_stack_is_one_live_list(module):
    """As in python-chess: a reference to move_stack sees later pushes, pops and clears; copies,
    roots and unpickled boards have their own."""
    board = module.Board()
    stack = board.move_stack
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push_uci(uci)
    assert board.move_stack is stack and [m.uci() for m in stack] == ["e2e4", "e7e5", "g1f3"]
    assert board.pop() == module.Move.from_uci("g1f3") and len(stack) == 2
    for copy in (board.copy(), board.copy(stack=1), board.copy(stack=False), board.root(),
                 pickle.loads(pickle.dumps(board))):
        assert copy.move_stack is not stack
        copy.push_uci("a7a6" if copy.turn == module.BLACK else "a2a3")
        assert len(stack) == 2
    assert [m.uci() for m in board.copy(stack=1).move_stack] == ["e7e5"] and len(board.copy().move_stack) == 2
    board.clear_stack()
    assert stack == [] and board.move_stack is stack
    board.push_uci("g1f3")
    board.set_fen(module.STARTING_FEN)
    assert stack == []
    board.push_uci("d2d4")
    board.reset()
    assert stack == [] and board.move_stack is stack
    board.push_uci("c2c4")
    assert [m.uci() for m in stack] == ["c2c4"]
    stack.clear()  # python-chess tolerates this: the position stays, pop has nothing to take back
    with pytest.raises(IndexError):
        board.pop()
    assert board.fen().startswith("rnbqkbnr/pppppppp/8/8/2P5/")


@pytest.mark.parametrize("module", [chess, bitboard.chess], ids=["python-chess", "bitboard"])
def test_boards_are_weakly_referenceable(module):
    import gc
    import weakref
    board = module.Board()
    ref = weakref.ref(board)
    assert ref() is board
    cache = weakref.WeakValueDictionary(start=board, other=module.Board("8/8/8/8/8/8/8/K1k5 w - - 0 1"))
    gc.collect()
    assert list(cache) == ["start"] and cache["start"] is board
    base = module.BaseBoard()
    assert weakref.ref(base)() is base
    del board
    gc.collect()
    assert ref() is None and len(cache) == 0


@pytest.mark.parametrize("name", ["start", "kiwipete", "pos3", "pos4", "pos5"])
def test_push_looks_moves_up_in_the_listing_of_their_ply_as_python_chess_plays_them(name):
    """push finds a listed move in the listing of its ply (board/stacks.py), made before the
    listings of deeper plies and kept through their pops: a walk that lists, pushes, pops and
    pushes again, some moves taken from lists of other positions (python-chess's push takes those
    that are legal here; ours refuses those that are not even pseudo-legal), against python-chess."""
    rng = random.Random(name)
    ours, theirs = Board(PERFT[name][0]), chess.Board(PERFT[name][0])
    lists: dict = {}  # ply: the list made at this ply of the current line
    made: list = []  # every list made, for moves of other positions
    for _ in range(600):
        ply = len(ours.move_stack)
        if ply and rng.random() < 0.35:
            assert ours.pop().uci() == theirs.pop().uci()
            lists = {p: moves for p, moves in lists.items() if p <= ply - 1}
        else:
            if (ply not in lists and rng.random() < 0.7) or rng.random() < 0.2:
                lists[ply] = list(ours.legal_moves)
                made.append(lists[ply])
            pick = rng.random()
            if ply in lists and pick < 0.7:
                moves = lists[ply]
            elif made and pick < 0.85:
                moves = rng.choice(made)
            else:  # (no list at this ply: Moves of the program's own)
                moves = [Move.from_uci(m.uci()) for m in theirs.legal_moves]
            if not moves:
                continue
            move = rng.choice(moves)
            if theirs.is_legal(chess.Move.from_uci(move.uci())):
                ours.push(move)
                theirs.push(chess.Move.from_uci(move.uci()))
                lists = {p: moves for p, moves in lists.items() if p <= ply}
            elif not theirs.is_pseudo_legal(chess.Move.from_uci(move.uci())):
                with pytest.raises(IllegalMoveError):
                    ours.push(move)
        assert ours.fen() == theirs.fen()
        assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
