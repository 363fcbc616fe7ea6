"""What real python-chess programs do that python-chess's own suite does not test, with
python-chess as the oracle: Moves and Pieces changed in place and read with `dataclasses`,
attributes of a program's own on boards, moves and pieces, and the edges found by running
public programs and fuzzing both libraries side by side."""
import copy
import dataclasses
import pickle

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess as bchess

SQUARES = st.integers(0, 63)
PIECE_TYPES = st.one_of(st.none(), st.integers(chess.KNIGHT, chess.QUEEN))
MOVE_FIELDS = st.tuples(SQUARES, SQUARES, PIECE_TYPES, st.one_of(st.none(), st.integers(chess.PAWN, chess.QUEEN)))
CHANGES = st.lists(st.one_of(st.tuples(st.just("from_square"), SQUARES), st.tuples(st.just("to_square"), SQUARES),
                             st.tuples(st.just("promotion"), PIECE_TYPES),
                             st.tuples(st.just("drop"), st.one_of(st.none(), st.integers(chess.PAWN, chess.QUEEN)))),
                   max_size=4)


def _seen(move):
    """All a program reads of a Move."""
    return (move.uci(), str(move), repr(move), bool(move), move.xboard(), dataclasses.astuple(move),
            dataclasses.asdict(move), [field.name for field in dataclasses.fields(move)],
            (move.from_square, move.to_square, move.promotion, move.drop))


@settings(max_examples=300, deadline=None)
@given(MOVE_FIELDS, CHANGES, CHANGES)
def test_a_move_changed_in_place_reads_as_python_chess(fields, changes, replaced):
    ours, theirs = bchess.Move(*fields), chess.Move(*fields)
    hash(ours), ours.uci()  # (cached before the change: the change must show anyway)
    for name, value in changes:
        setattr(ours, name, value)
        setattr(theirs, name, value)
        assert _seen(ours) == _seen(theirs)
        assert ours == theirs and hash(ours) == hash(theirs) == hash(bchess.Move(*dataclasses.astuple(ours)))
    changed = dict(replaced)
    assert _seen(dataclasses.replace(ours, **changed)) == _seen(dataclasses.replace(theirs, **changed))
    assert dataclasses.is_dataclass(ours) and dataclasses.is_dataclass(bchess.Move)


def test_the_programs_that_changed_moves_run():
    # a Polyglot book writer: castling as the king taking its rook
    move = bchess.Move.from_uci("e1g1")
    move.to_square = bchess.H1
    assert move.uci() == "e1h1" and move == chess.Move.from_uci("e1h1")
    # a move encoder for Black: the move mirrored in place, a promotion set
    board = bchess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    for move in board.legal_moves:
        move.from_square, move.to_square = bchess.square_mirror(move.from_square), bchess.square_mirror(move.to_square)
        if move.promotion:
            move.promotion = bchess.KNIGHT
    assert sorted(m.uci() for m in board.legal_moves) == sorted(m.uci() for m in chess.Board(board.fen()).legal_moves)
    match bchess.Move.from_uci("e7e8q"):
        case bchess.Move(from_square=bchess.E7, promotion=promotion):
            assert promotion == bchess.QUEEN


@pytest.mark.parametrize("fen", [chess.STARTING_FEN, "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"])
def test_the_moves_handed_out_are_never_shared(fen):
    """A change to a Move the generator handed out shows in no other list and in no later one,
    as python-chess makes a new Move each time; pushing a changed Move pushes what it names now."""
    ours, theirs = bchess.Board(fen), chess.Board(fen)
    expected = [m.uci() for m in theirs.legal_moves]
    first, second = list(ours.legal_moves), list(ours.legal_moves)
    assert [m.uci() for m in first] == [m.uci() for m in second] == expected
    assert not any(a is b for a in first for b in second)
    parsed = [ours.parse_san(ours.san(m)) for m in second] + [bchess.Move.from_uci(m.uci()) for m in second]
    assert not any(a is b for a in first for b in parsed)
    for move in first:
        move.to_square = bchess.A1 if move.to_square != bchess.A1 else bchess.H8
        move.score = 3
    assert [m.uci() for m in second] == expected
    del first, second, parsed, move
    again = list(ours.legal_moves)
    assert [m.uci() for m in again] == expected and not any(hasattr(m, "score") for m in again)
    for move in again:  # the very Moves the generator keeps for reuse, changed, then dropped
        move.promotion = bchess.QUEEN if move.promotion is None else None
        move.note = "mine"
    del again, move
    again = list(ours.legal_moves)
    assert [m.uci() for m in again] == expected and not any(hasattr(m, "note") for m in again)
    # a listed move changed into another legal one is pushed as the other; into an illegal one, refused
    mover = again[0]
    target = next(m for m in again if m.from_square == mover.from_square and m.to_square != mover.to_square)
    mover.to_square = target.to_square
    ours.push(mover)
    theirs.push(chess.Move.from_uci(mover.uci()))
    assert ours.fen() == theirs.fen()
    ours.pop()
    illegal = list(ours.legal_moves)[0]
    illegal.to_square = illegal.from_square ^ 7 ^ 56 if illegal.from_square ^ 7 ^ 56 != illegal.from_square else 63
    if not theirs.is_pseudo_legal(chess.Move.from_uci(illegal.uci())):
        with pytest.raises(bchess.IllegalMoveError):
            ours.push(illegal)
        assert ours.fen() == fen


def test_own_attributes_on_boards_moves_and_pieces():
    for module in (bchess, chess):
        board, move, piece = module.Board(), module.Move.from_uci("e2e4"), module.Piece(module.ROOK, module.WHITE)
        board.score, move.score, piece.score = 5, 3, 1
        assert (board.score, move.score, piece.score) == (5, 3, 1)
        assert pickle.loads(pickle.dumps(board)).score == 5  # as python-chess's (its copy() keeps none)
        assert copy.copy(move).score == copy.deepcopy(move).score == pickle.loads(pickle.dumps(move)).score == 3
        assert copy.copy(piece).score == pickle.loads(pickle.dumps(piece)).score == 1
        assert not hasattr(board.copy(), "score") and not hasattr(copy.copy(board), "score")
        board.push(move)  # the stack has a Move of its own, without the program's attributes
        assert board.move_stack[-1] == move and board.move_stack[-1] is not move
        assert not hasattr(board.move_stack[-1], "score")
        move.to_square = module.E3
        assert board.move_stack[-1].uci() == "e2e4" and board.peek() is board.move_stack[-1]
        base = module.BaseBoard()
        base.note = "x"
        assert pickle.loads(pickle.dumps(base)).note == "x"


def test_pieces_and_outcomes_are_python_chess_dataclasses():
    ours, theirs = bchess.Piece(bchess.KNIGHT, bchess.BLACK), chess.Piece(chess.KNIGHT, chess.BLACK)
    assert dataclasses.astuple(ours) == dataclasses.astuple(theirs) == (chess.KNIGHT, chess.BLACK)
    assert dataclasses.asdict(dataclasses.replace(ours, color=True)) == dataclasses.asdict(
        dataclasses.replace(theirs, color=True))
    ours.piece_type = theirs.piece_type = chess.QUEEN
    assert (ours.symbol(), hash(ours), repr(ours)) == (theirs.symbol(), hash(theirs), repr(theirs))
    fen = "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"
    ours, theirs = bchess.Board(fen).outcome(), chess.Board(fen).outcome()
    assert repr(ours) == repr(theirs) == "Outcome(termination=<Termination.CHECKMATE: 1>, winner=True)"
    assert dataclasses.astuple(ours)[1] is dataclasses.astuple(theirs)[1] is True


# --- the edges found by fuzzing both libraries side by side ----------------------------------------

def _raised(call):
    """What a call gives: ("value", its value) or ("raises", the exception's class)."""
    try:
        return "value", call()
    except Exception as error:  # noqa: BLE001  (any class: the comparison is the test)
        return "raises", type(error)


def _same_class(ours, theirs):
    """Our outcome against python-chess's: the same value, or an exception of python-chess's class
    (python-chess's own InvalidMoveError, IllegalMoveError ... are ours by name)."""
    if theirs[0] == "value":
        return ours == theirs
    if ours[0] != "raises":
        return False
    ours_names = {cls.__name__ for cls in ours[1].__mro__}
    return theirs[1].__name__ in ours_names


@pytest.mark.parametrize("uci", ["e7e7q", "e7e7", "a1a1n", "e2e4", "e7e8q", "0000", "N@f3", "e2e4e"])
def test_uci_text_is_read_as_python_chess_reads_it(uci):
    ours, theirs = _raised(lambda: bchess.Move.from_uci(uci)), _raised(lambda: chess.Move.from_uci(uci))
    assert _same_class(ours, theirs), (ours, theirs)


@pytest.mark.parametrize("san", ["d3+#", "d3++", "d3?#", "d3!", "d3?", "d3+", "d3#", "d3", "Nh3+", "Nh3#+",
                                 "Nh3!?", "Qxf7#", "Qxf7##", "Qxf7+#", "Qxf7", "O-O+#", "0-0-0"])
def test_san_text_is_read_as_python_chess_reads_it(san):
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3"
    for parse in (lambda module: module.Board(fen).parse_san(san), lambda module: module.Board(fen).push_san(san)):
        assert _same_class(_raised(lambda: parse(bchess)), _raised(lambda: parse(chess)))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 959), st.integers(0, 2**32))
def test_uci_of_chess960_castling_is_python_chess_s(scharnagl, seed):
    """Board.uci(move, chess960=...) writes each move as python-chess does, castling with the king
    already on its castled square included (g1h1, not g1g1), on games played from Chess960 starts."""
    import random
    rng = random.Random(seed)
    ours, theirs = bchess.Board.from_chess960_pos(scharnagl), chess.Board.from_chess960_pos(scharnagl)
    for _ in range(30):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        for move in moves:
            for wide in (False, True, None):
                assert ours.uci(move, chess960=wide) == theirs.uci(move, chess960=wide), (theirs.fen(), move, wide)
        # castle first where it can, to reach castling from every start
        move = next((m for m in moves if theirs.is_castling(m)), rng.choice(moves))
        ours.push(move)
        theirs.push(move)
    board = bchess.Board("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", chess960=True)
    assert sorted(board.uci(m, chess960=False) for m in board.generate_castling_moves()) == ["g1b1", "g1h1"]


PLACEMENT = st.dictionaries(st.integers(0, 63), st.sampled_from("PNBRQKpnbrqk"), max_size=12)


@settings(max_examples=200, deadline=None)
@given(PLACEMENT, st.booleans())
def test_status_of_any_placement_is_python_chess_s(placement, white):
    """status() flags what python-chess's flags, several kings and impossible checks included."""
    board = chess.Board.empty()
    for square, symbol in placement.items():
        board.set_piece_at(square, chess.Piece.from_symbol(symbol))
    board.turn = white
    assert bchess.Board(board.fen()).status() == board.status()
    fen = "r3K3/1r4k1/7q/2b5/b2P4/3r4/K3n3/5n2 w - - 0 1"  # two white kings, one on the checkers' line
    assert bchess.Board(fen).status() == chess.Board(fen).status()
    assert bchess.Board(fen).status() & bchess.STATUS_IMPOSSIBLE_CHECK


# calls with out-of-range and ill-typed arguments: where python-chess raises IndexError, KeyError
# or ValueError (a program's `except` names one of those), ours must be of that class too
BAD_VALUES = [64, -1, -65, 100, "e4", None, 2**64]
CALLS = {
    "square_name": lambda m, x: m.square_name(x),
    "parse_square": lambda m, x: m.parse_square(x),
    "SquareSet.add": lambda m, x: m.SquareSet().add(x),
    "SquareSet.remove": lambda m, x: m.SquareSet().remove(x),
    "SquareSet.discard": lambda m, x: m.SquareSet().discard(x),
    "in": lambda m, x: x in m.SquareSet(m.BB_H8),
    "SquareSet([x])": lambda m, x: m.SquareSet([x]),
    "piece_at": lambda m, x: m.Board().piece_at(x),
    "remove_piece_at": lambda m, x: m.Board().remove_piece_at(x),
    "Move(x, 0).uci()": lambda m, x: m.Move(x, 0).uci(),
    "Move(0, 1, x).uci()": lambda m, x: m.Move(0, 1, x).uci(),
    "Piece(x, True).symbol()": lambda m, x: m.Piece(x, True).symbol(),
    "piece_symbol": lambda m, x: m.piece_symbol(x),
    "Piece.from_symbol": lambda m, x: m.Piece.from_symbol(x),
    "parse_san": lambda m, x: m.Board().parse_san(x),
    "push_uci": lambda m, x: m.Board().push_uci(x),
    "from_chess960_pos": lambda m, x: m.Board.from_chess960_pos(x),
    "pop": lambda m, x: m.Board().pop(),
    "peek": lambda m, x: m.Board().peek(),
    "SquareSet().pop": lambda m, x: m.SquareSet().pop(),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_errors_are_caught_by_python_chess_s_except_clauses(name):
    for value in BAD_VALUES:
        theirs = _raised(lambda: CALLS[name](chess, value))
        if theirs[0] == "raises" and issubclass(theirs[1], (IndexError, KeyError, ValueError)):
            ours = _raised(lambda: CALLS[name](bchess, value))
            caught = [cls for cls in (IndexError, KeyError, ValueError) if issubclass(theirs[1], cls)]
            assert ours[0] == "raises" and issubclass(ours[1], tuple(caught)), (name, value, theirs, ours)
