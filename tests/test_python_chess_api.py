"""python-chess as the oracle of bitboard.chess: the same program on both boards, compared at
every ply of random games, and on positions python-chess accepts that are not sound."""
import random
import types

import chess
import pytest
from helpers import PERFT
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess as bchess

STARTS = [fen for fen, _ in PERFT.values()] + [
    "4k3/8/8/8/8/8/8/4K2K w - - 0 1",  # two white kings
    "8/8/8/8/8/8/8/8 w - - 0 1",  # no king at all
    "r3k2r/8/8/8/8/8/8/R3K3 w KQkq e3 0 1",  # spurious rights and en-passant square
    "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1",  # promotions
]


def _queries(board, move):
    """What a python-chess program asks of a board about one move."""
    return (board.san(move), board.lan(move), board.uci(move), board.xboard(move), board.is_capture(move),
            board.is_zeroing(move), board.is_irreversible(move), board.is_castling(move),
            board.is_kingside_castling(move), board.is_queenside_castling(move), board.is_en_passant(move),
            board.gives_check(move), board.is_into_check(move), board.is_pseudo_legal(move))


def _plain(board):
    """python-chess's plain attributes (bitboard keeps them in step with its C state)."""
    return (board.turn, board.castling_rights, board.ep_square, board.halfmove_clock, board.fullmove_number,
            board.chess960, [m.uci() for m in board.move_stack], board.pawns, board.knights, board.bishops,
            board.rooks, board.queens, board.kings, board.occupied, list(board.occupied_co), board.promoted)


def _state(board):
    """What a python-chess program asks of a board about its position."""
    return (_plain(board), board.fen(), board.fen(en_passant="fen"), board.shredder_fen(), board.epd(),
            int(board.status()), board.castling_rights, board.clean_castling_rights(), board.ep_square,
            board.has_legal_en_passant(),
            board.ply(), board.is_check(), board.was_into_check(), board.legal_moves.count(),
            sorted(m.uci() for m in board.legal_moves), sorted(m.uci() for m in board.pseudo_legal_moves),
            sorted(m.uci() for m in board.generate_legal_captures()), board.promoted,
            board.board_fen(promoted=True), board.fen(promoted=True), board.has_chess960_castling_rights(),
            # the castling queries for both colours (a swap of the colours' bits once survived)
            [(board.has_castling_rights(color), board.has_kingside_castling_rights(color),
              board.has_queenside_castling_rights(color)) for color in chess.COLORS],
            {sq: p.symbol() for sq, p in board.piece_map().items()},
            [board.attacks_mask(sq) for sq in range(64)], [board.pin_mask(chess.WHITE, sq) for sq in range(64)],
            board.is_insufficient_material(), board.outcome() and board.outcome().result(),
            board.mirror().fen(), board.transform(chess.flip_diagonal).board_fen(), board.chess960_pos(),
            board.is_repetition(2), board.can_claim_draw())


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(STARTS), st.booleans(), st.integers(0, 2**32))
def test_random_games_answer_as_python_chess(fen, chess960, seed):
    rng = random.Random(seed)
    ours, theirs = bchess.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)
    for _ in range(25):
        assert _state(ours) == _state(theirs)
        moves = list(theirs.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if rng.random() < 0.1:
            move = chess.Move.null()
        elif rng.random() < 0.1:  # a pseudo-legal move that may leave the king in check
            move = rng.choice(list(theirs.pseudo_legal_moves))
        if move and theirs.is_legal(move):
            assert _queries(ours, move) == _queries(theirs, move)
        ours.push(move)  # a python-chess Move, taken as it is
        theirs.push(move)
    assert [m.uci() for m in ours.move_stack] == [m.uci() for m in theirs.move_stack]
    assert ours.root().fen() == theirs.root().fen()
    assert ours.copy(stack=3).root().fen() == theirs.copy(stack=3).root().fen()
    while theirs.move_stack:
        assert ours.pop() == theirs.pop()
        assert ours.fen(en_passant="fen") == theirs.fen(en_passant="fen") and _plain(ours) == _plain(theirs)


def test_edits_and_writable_attributes_answer_as_python_chess():
    ours, theirs = bchess.Board(), chess.Board()
    for board in (ours, theirs):
        board.remove_piece_at(chess.H1)
        board.set_piece_at(chess.E4, chess.Piece(chess.QUEEN, chess.BLACK), promoted=True)
        board.turn = chess.BLACK
        board.castling_rights |= chess.BB_H1
        board.ep_square = chess.E3
        board.halfmove_clock = 7
    assert _state(ours) == _state(theirs)
    for board in (ours, theirs):
        board.chess960 = True
        board.set_castling_fen("Kq")
        board.apply_mirror()
    assert _state(ours) == _state(theirs)
    for board in (ours, theirs):
        board.clear()
    assert _state(ours) == _state(theirs)
    for board in (ours, theirs):
        board.set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        board.promoted = chess.BB_A1
        board.fullmove_number = 30
        board.castling_rights = chess.BB_A1 | chess.BB_H8
        board.set_board_fen("r3k2r/8/8/8/8/8/8/R3K3")
        board.set_chess960_pos(100)
    assert _state(ours) == _state(theirs)


@pytest.mark.parametrize("epd", [
    '1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";',
    'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; ce 1000; acd 12; pv Qxf7#;',
    '8/8/8/8/8/8/8/K6k w - - hmvc 12; fmvn 40; c0 "escaped \\" quote"; noop;',
])
def test_epd_reads_and_writes_as_python_chess(epd):
    ours, theirs = bchess.Board(), chess.Board()
    our_ops, their_ops = ours.set_epd(epd), theirs.set_epd(epd)
    assert ours.fen() == theirs.fen()
    assert {k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in our_ops.items()} == \
           {k: [m.uci() for m in v] if isinstance(v, list) else v for k, v in their_ops.items()}
    assert ours.epd(**our_ops) == theirs.epd(**their_ops)


def test_a_python_chess_program_runs_unchanged():
    def program(chess):  # written against python-chess: the same text runs on either module
        board = chess.Board()
        board.push_san("e4")
        board.push(chess.Move.from_uci("e7e5"))
        out = [board.legal_moves.count(), bool(board.legal_moves), chess.Move.from_uci("g1f3") in board.legal_moves]
        out.append(str(board.legal_moves)[:20] == str(board.legal_moves)[:20])
        out.append(sorted(board.san(m) for m in board.legal_moves if board.is_capture(m)))
        out.append(chess.SquareSet(chess.BB_RANK_1 & board.occupied_co[chess.WHITE]).tolist())
        out.append([chess.square_name(sq) for sq in board.pieces(chess.KNIGHT, chess.WHITE)])
        out.append(board.variation_san([chess.Move.from_uci(u) for u in ("g1f3", "b8c6", "f1b5")]))
        out.append((chess.Board.from_chess960_pos(518).fen(), chess.Board.from_chess960_pos(0).chess960_pos()))
        return out
    assert program(bchess) == program(chess)


def test_python_chess_attack_tables_are_the_same_numbers():
    for name in ("BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS", "BB_RAYS", "BB_DIAG_MASKS",
                 "BB_DIAG_ATTACKS", "BB_FILE_MASKS", "BB_FILE_ATTACKS", "BB_RANK_MASKS", "BB_RANK_ATTACKS"):
        assert getattr(bchess, name) == getattr(chess, name), name
    with pytest.raises(AttributeError, match="no attribute 'BB_NOTHING'"):
        getattr(bchess, "BB_NOTHING")  # noqa: B009  (the module's __getattr__ answers)


def test_every_public_name_of_python_chess_is_there():
    typing_helpers = {"BaseBoardT", "BoardT", "Callable", "ClassVar", "ColorName", "Counter", "Dict", "EnPassantSpec",
                      "Generic", "Hashable", "IntoSquareSet", "Iterable", "Iterator", "List", "Literal", "Mapping",
                      "Optional", "SupportsInt", "Tuple", "Type", "TypeVar", "Union", "annotations", "collections",
                      "copy", "dataclasses", "enum", "itertools", "math", "re", "typing"}
    theirs = {name for name in dir(chess) if not name.startswith("_")
              and not isinstance(getattr(chess, name), types.ModuleType)} - typing_helpers  # (chess.pgn, ...)
    assert {name for name in theirs if not hasattr(bchess, name)} == set()
    for cls in ("Board", "BaseBoard", "Move", "Piece", "SquareSet", "LegalMoveGenerator", "PseudoLegalMoveGenerator",
                "Outcome", "Status", "Termination"):
        theirs = {name for name in dir(getattr(chess, cls)) if not name.startswith("_")}
        assert {name for name in theirs if not hasattr(getattr(bchess, cls), name)} == set(), cls


def _keywords(function):
    """The parameters a caller may name, or None where inspect cannot tell."""
    import inspect
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None  # (an __init__ of a compiled class: it takes python-chess's keywords, tested elsewhere)
    return {p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def test_every_function_and_method_takes_python_chess_keywords():
    """`chess.lsb(bb=x)` and `board.push_xboard(san="e4")` are python-chess calls too."""
    import chess.pgn
    import chess.polyglot
    import chess.svg
    import chess.variant

    import bitboard.chess.pgn
    import bitboard.chess.polyglot
    import bitboard.chess.svg
    import bitboard.chess.variant
    pairs = [(chess, bchess), (chess.pgn, bitboard.chess.pgn), (chess.variant, bitboard.chess.variant),
             (chess.polyglot, bitboard.chess.polyglot), (chess.svg, bitboard.chess.svg)]
    missing = []
    for theirs_module, ours_module in pairs:
        for name in dir(theirs_module):
            theirs, ours = getattr(theirs_module, name), getattr(ours_module, name, None)
            if name.startswith("_") or ours is None or not getattr(theirs, "__module__", "").startswith("chess"):
                continue
            members = [(name, theirs, ours)]
            if isinstance(theirs, type):
                members = [(f"{name}.{m}", getattr(theirs, m), getattr(ours, m, None)) for m in vars(theirs)
                           if not m.startswith("_") and callable(getattr(theirs, m))]
            for label, a, b in members:
                wanted, taken = _keywords(a), _keywords(b)
                if b is not None and wanted is not None and taken is not None and wanted - taken:
                    missing.append((f"{theirs_module.__name__}.{label}", sorted(wanted - taken)))
    assert missing == []


@pytest.mark.parametrize("fen", ["8/3b4/8/2k5/2K5/8/8/8 b - - 7 12", "8/8/8/2k5/2K5/8/8/R7 w - - 0 1",
                                 "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1"])
def test_a_king_giving_check_or_a_king_in_check_to_capture_reads_as_python_chess(fen):
    # positions only a pseudo-legal push reaches: the generator still sees every checker
    ours, theirs = bchess.Board(fen), chess.Board(fen)
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert (ours.is_check(), ours.status()) == (theirs.is_check(), theirs.status())


SAN_POSITIONS = [
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",  # en passant that would expose the king along the rank
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",  # a pinned knight
    "r3k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",  # promotions with and without capture, castling
    "4k3/8/8/8/8/4r3/8/R3K2R w KQ - 0 1",  # in check: only blocks, captures and king steps
    "3k4/8/8/8/8/8/PPPPPPPP/R1N1KN1R w - - 0 1",  # two knights reach the same squares
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",  # en passant
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(STARTS[:6] + SAN_POSITIONS), st.integers(0, 2**32))
def test_push_san_of_every_legal_move_is_that_move(fen, seed):
    """push_san reads SAN in C from the attack tables when one piece can make the move, and
    with the move generator otherwise: every legal move's SAN, with and without its check sign,
    must come back as that move, and python-chess's refusals must be refusals."""
    rng = random.Random(seed)
    theirs = chess.Board(fen)
    for _ in range(rng.randint(0, 40)):
        ours = bchess.Board(theirs.fen())
        for move in theirs.legal_moves:
            san = theirs.san(move)
            for text in {san, san.rstrip("+#")}:
                board = ours.copy()
                assert board.push_san(text) == move, (theirs.fen(), text)
        for text in ("Ke9", "Nxe4", "e5", "exd6", "O-O-O", "Qh8", "b8=Q", "a1"):
            try:
                expected = theirs.parse_san(text)
            except ValueError:
                with pytest.raises(ValueError):
                    ours.copy().push_san(text)
            else:
                assert ours.copy().push_san(text) == expected
        moves = list(theirs.legal_moves)
        if not moves:
            break
        theirs.push(rng.choice(moves))


@pytest.mark.parametrize("fen", ["8/8/8/8/8/5k2/5KK1/8 w - - 18 10", "8/8/8/8/4Kk2/6K1/8/8 w - - 20 11"])
def test_in_check_only_the_highest_of_several_kings_moves(fen):
    # python-chess answers check with its evasions, which move no king but the highest: the
    # other king may not take the checking king (found by the random games above).
    ours, theirs = bchess.Board(fen), chess.Board(fen)
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
