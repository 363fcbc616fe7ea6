"""The variant boards against python-chess's: its perft suites, random games move by move, the
FEN's variant parts, copies, pickles and the PGN Variant tag."""
import io
import pickle
import random

import chess
import chess.pgn
import chess.variant
import pytest

import bitboard
import bitboard.chess.pgn as bpgn
import bitboard.chess.variant as bvariant
from bitboard.benchmarks.perft_suite import read_perft_file
from bitboard.errors import IllegalMoveError, InvalidFenError, UnsupportedVariantError

PAIRS = [(getattr(bvariant, name), getattr(chess.variant, name)) for name in (
    "SuicideBoard", "GiveawayBoard", "AntichessBoard", "AtomicBoard", "KingOfTheHillBoard", "RacingKingsBoard",
    "HordeBoard", "ThreeCheckBoard", "CrazyhouseBoard")]
IDS = [ours.__name__ for ours, _ in PAIRS]

SUITES = ["3check", "atomic", "crazyhouse", "giveaway", "horde", "racingkings"]
NODE_LIMIT = 30_000_000 if bitboard.compiled else 3_000


@pytest.mark.parametrize("suite", SUITES)
def test_python_chess_perft_suites_agree(sdist, suite):
    board_class = bvariant.find_variant(suite)
    checked = 0
    for name, epd, counts in read_perft_file(sdist / "examples" / "perft" / f"{suite}.perft"):
        board = board_class(chess960=True)  # as python-chess's examples/perft/perft.py reads them
        board.set_epd(epd)
        for depth, nodes in counts:
            if nodes <= NODE_LIMIT:
                assert board.perft(depth) == nodes, (suite, name, depth)
                checked += 1
    assert checked >= (5 if bitboard.compiled else 2)


def _compare(ours, theirs, where):
    assert ours.fen() == theirs.fen(), where
    assert (ours.occupied, ours.occupied_co, ours.pawns, ours.kings, ours.promoted, ours.turn, ours.castling_rights,
            ours.halfmove_clock) == (theirs.occupied, theirs.occupied_co, theirs.pawns, theirs.kings, theirs.promoted,
                                     theirs.turn, theirs.castling_rights, theirs.halfmove_clock), where
    assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves), where
    assert ours.is_check() == theirs.is_check(), where
    assert (ours.is_variant_end(), ours.is_variant_win(), ours.is_variant_loss(), ours.is_variant_draw()) == (
        theirs.is_variant_end(), theirs.is_variant_win(), theirs.is_variant_loss(), theirs.is_variant_draw()), where
    assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
    assert ours.status() == theirs.status(), where
    outcome, expected = ours.outcome(), theirs.outcome()
    assert (outcome and (outcome.termination.name, outcome.winner)) == (
        expected and (expected.termination.name, expected.winner)), where


GAMES = 25 if bitboard.compiled else 2


@pytest.mark.parametrize(("ours_class", "theirs_class"), PAIRS, ids=IDS)
def test_random_games_agree_with_python_chess(ours_class, theirs_class):
    rng = random.Random(ours_class.__name__)
    for game in range(GAMES):
        ours, theirs = ours_class(), theirs_class()
        for ply in range(160):
            where = (ours_class.__name__, game, ply, theirs.fen())
            _compare(ours, theirs, where)
            moves = sorted(theirs.legal_moves, key=lambda m: m.uci())
            if not moves:
                break
            move = rng.choice(moves)
            assert ours.san(bitboard.chess.Move.from_uci(move.uci())) == theirs.san(move), where
            ours.push_uci(move.uci())
            theirs.push(move)
        while ours.move_stack:  # and back: every pop restores what the push changed
            ours.pop()
            theirs.pop()
            assert ours.fen() == theirs.fen()


@pytest.mark.parametrize(("ours_class", "theirs_class"), PAIRS, ids=IDS)
def test_san_of_every_legal_move_agrees(ours_class, theirs_class):
    rng = random.Random(7)
    ours, theirs = ours_class(), theirs_class()
    for _ in range(30):
        moves = list(theirs.legal_moves)
        if not moves:
            break
        for move in moves:
            san = theirs.san(move)
            assert ours.san(bitboard.chess.Move.from_uci(move.uci())) == san, (theirs.fen(), move)
            assert ours.parse_san(san).uci() == move.uci(), (theirs.fen(), san)
        move = rng.choice(moves)
        ours.push_uci(move.uci())
        theirs.push(move)


@pytest.mark.parametrize(("ours_class", "theirs_class"), PAIRS, ids=IDS)
def test_copy_root_mirror_pickle_keep_the_variant(ours_class, theirs_class):
    rng = random.Random(3)
    ours = ours_class()
    for _ in range(12):
        moves = sorted(ours.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        ours.push(rng.choice(moves))
    for copy in (ours.copy(), pickle.loads(pickle.dumps(ours))):
        assert type(copy) is ours_class and copy.fen() == ours.fen() and copy.move_stack == ours.move_stack
        assert copy.root().fen() == ours_class().fen()
    short = ours.copy(stack=3)
    short.pop()
    short.pop()
    short.pop()
    assert short.fen() == ours.copy(stack=False).root().fen() if not ours.move_stack else True
    theirs = theirs_class(ours.fen())
    assert ours.mirror().fen() == theirs.mirror().fen()


@pytest.mark.parametrize(("fen", "pockets", "checks"), [
    ("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Qp] b KQkq - 0 1", ("q", "p"), None),
    ("r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R/QNnp b KQkq - 0 1", ("qn", "np"), None),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1", None, (2, 1)),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2", None, (2, 1)),
])
def test_variant_fen_parts_read_as_python_chess_reads_them(fen, pockets, checks):
    name = "crazyhouse" if pockets else "3check"
    ours, theirs = bvariant.find_variant(name)(fen), chess.variant.find_variant(name)(fen)
    assert ours.fen() == theirs.fen() and ours.epd() == theirs.epd()
    if pockets:
        assert (str(ours.pockets[True]), str(ours.pockets[False])) == pockets
    if checks:
        assert (ours.remaining_checks[True], ours.remaining_checks[False]) == checks


@pytest.mark.parametrize("fen", ["8/8/8/8/8/8/8/8[X] w - - 0 1", "8/8/8/8/8/8/8/K~k5 w - - 0 1".replace("K~", "~K"),
                                 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x+3 0 1"])
def test_bad_variant_fens_name_the_fault(fen):
    with pytest.raises(InvalidFenError):
        (bvariant.ThreeCheckBoard if "+" in fen else bvariant.CrazyhouseBoard)(fen)


def test_pockets_and_checks_are_the_boards_own():
    board = bvariant.CrazyhouseBoard("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    board.pockets[True].add(chess.KNIGHT)
    assert board.parse_san("N@f3").uci() == "N@f3" and board.fen().startswith("4k3/8/8/8/8/8/8/4K3[N]")
    with pytest.raises(IllegalMoveError):
        board.push_san("B@f3")
    with pytest.raises(ValueError):
        board.pockets[False].remove(chess.QUEEN)
    three = bvariant.ThreeCheckBoard()
    three.remaining_checks[True] = 1
    assert three.epd().endswith("1+3")


def test_pockets_and_checks_read_as_python_chess_lists():
    """pockets and remaining_checks are views of the board's C counts; a program indexes,
    iterates, slices and assigns them as python-chess's lists."""
    fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nqp] w KQkq - 0 1"
    ours, theirs = bvariant.CrazyhouseBoard(fen), chess.variant.CrazyhouseBoard(fen)
    for board in (ours, theirs):
        assert [str(board.pockets[i]) for i in (True, False, 1, 0, -1, -2)] == ["n", "qp", "n", "qp", "n", "qp"]
        assert [str(p) for p in board.pockets] == ["qp", "n"] and len(board.pockets) == 2
        assert [str(p) for p in board.pockets[:1]] == ["qp"]
        with pytest.raises(IndexError):
            board.pockets[2]  # noqa: B018
        board.pockets[chess.WHITE] = type(board.pockets[0])("qq")
        board.pockets = [type(board.pockets[0])("r"), board.pockets[chess.WHITE]]
        board.push_san("Q@e4")
    assert ours.fen() == theirs.fen()
    three, theirs_three = bvariant.ThreeCheckBoard(), chess.variant.ThreeCheckBoard()
    for board in (three, theirs_three):
        board.remaining_checks[chess.BLACK] = 2
        board.remaining_checks = [board.remaining_checks[chess.BLACK], 1]
        board.remaining_checks[-1] -= 0
        assert list(board.remaining_checks) == [2, 1] and [board.remaining_checks[i] for i in (-1, -2, 0)] == [1, 2, 2]
    assert three.fen() == theirs_three.fen()


def test_find_variant_and_unknown_names():
    assert bvariant.find_variant("ZH") is bvariant.CrazyhouseBoard
    assert bvariant.find_variant("standard") is bitboard.chess.Board
    with pytest.raises(UnsupportedVariantError, match="shogi"):
        bvariant.find_variant("shogi")


def test_pgn_variant_games_read_and_write_as_python_chess():
    text = ('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 @e4 5. Nxe4 *\n\n'
            '[Variant "Antichess"]\n\n1. e3 b5 2. Bxb5 Bb7 3. Bxd7+ Kxd7 *\n\n'
            '[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ Kxf7 *\n')
    ours, theirs = io.StringIO(text), io.StringIO(text)
    while True:
        game, oracle = bpgn.read_game(ours), chess.pgn.read_game(theirs)
        if oracle is None:
            assert game is None
            break
        assert not game.errors and type(game.board()).__name__ == type(oracle.board()).__name__
        assert game.end().board().fen() == oracle.end().board().fen()
        assert str(game) == str(oracle)


@pytest.mark.parametrize("fen", [
    "8/5k2/8/8/8/4NN2/8/8 w - - 0 1", "8/1b5r/1P6/1Pk3q1/1PP5/r1P5/P1P5/2P5 b - - 0 52",
    "8/8/8/4k3/8/8/3P4/8 w - - 0 1", "8/8/8/4k3/2p5/8/3P4/8 w - - 0 1", "8/8/8/4k3/8/8/3Q4/8 w - - 0 1",
    "7k/6p1/8/8/8/8/3R4/8 w - - 0 1", "7k/6pn/8/8/8/8/3B4/8 w - - 0 1", "7k/6pn/5pb1/8/8/8/3N4/8 w - - 0 1",
    "7k/6p1/8/8/8/8/3BB3/8 w - - 0 1", "7k/6pp/8/8/8/8/3NB3/8 w - - 0 1", "7k/8/8/8/8/8/2BNN3/8 w - - 0 1",
    "6bk/8/8/8/8/8/2B1B3/8 w - - 0 1", "7k/6p1/8/8/8/8/3BR3/8 w - - 0 1", "7k/8/8/8/8/8/1BBN4/8 w - - 0 1",
    "7k/6p1/8/8/8/8/3NN3/8 w - - 0 1", "7k/6r1/8/8/8/8/3NN3/8 w - - 0 1",
])
def test_horde_insufficient_material_agrees(fen):
    ours, theirs = bvariant.HordeBoard(fen), chess.variant.HordeBoard(fen)
    for color in (True, False):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), (fen, color)


def _no_castling_no_knights(base):
    """A python-chess-style variant written as a subclass: knights never move, and a king on
    the 8th rank ends the game (an oracle for how Board honours Python overrides)."""

    class Custom(base):
        def generate_legal_moves(self, from_mask=bitboard.chess.BB_ALL, to_mask=bitboard.chess.BB_ALL):
            for move in super().generate_legal_moves(from_mask, to_mask):
                if not self.knights & (1 << move.from_square):
                    yield move

        def is_variant_end(self):
            return bool(self.kings & self.occupied_co[self.turn] & chess.BB_RANK_8 and self.turn)

        def is_variant_win(self):
            return self.is_variant_end()

        def has_insufficient_material(self, color):
            return False

    return Custom


def test_python_subclasses_that_override_the_rules_are_honoured():
    ours_class, theirs_class = _no_castling_no_knights(bitboard.chess.Board), _no_castling_no_knights(chess.Board)
    for fen in [chess.STARTING_FEN, "4k3/8/8/8/8/8/8/N3K2N b - - 0 1", "6K1/8/8/8/8/8/8/1k6 w - - 0 1",
                "7k/5K2/6N1/8/8/8/8/8 b - - 0 1", "8/8/8/8/8/8/8/KBk5 w - - 0 1"]:
        ours, theirs = ours_class(fen), theirs_class(fen)
        assert ours.legal_moves.count() == theirs.legal_moves.count(), fen
        assert bool(ours.legal_moves) == bool(theirs.legal_moves), fen
        assert (ours.is_checkmate(), ours.is_stalemate(), ours.is_game_over()) == (
            theirs.is_checkmate(), theirs.is_stalemate(), theirs.is_game_over()), fen
        outcome, expected = ours.outcome(), theirs.outcome()
        assert (outcome and (outcome.termination.name, outcome.winner)) == (
            expected and (expected.termination.name, expected.winner)), fen


def test_pgn_variant_moves_follow_the_variants_rules():
    # 2. Nf3 is a legal chess move, but a capture (Bxb5) is compulsory in antichess
    text = '[Variant "Antichess"]\n\n1. e3 b5 2. Nf3 Bb7 *\n'
    game, oracle = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    assert len(game.errors) == len(oracle.errors) == 1
    assert game.end().board().fen() == oracle.end().board().fen()


@pytest.mark.parametrize(("name", "fen"), [("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1"),
                                           ("3check", "4k3/8/8/8/8/8/8/4K3 w - - 1+2 0 1")])
@pytest.mark.parametrize("method", ["clear", "clear_board", "reset_board", "reset", "clear_stack"])
def test_clearing_a_variant_board_clears_its_parts_as_python_chess(name, fen, method):
    ours, theirs = bvariant.find_variant(name)(fen), chess.variant.find_variant(name)(fen)
    getattr(ours, method)()
    getattr(theirs, method)()
    assert ours.fen() == theirs.fen()


def test_the_data_reader_plays_the_variant_tag_and_refuses_a_variant_it_does_not_know(tmp_path):
    import bitboard.pgn as dpgn
    games = {"Atomic": "1. e4 d5 2. exd5 e6 3. Nf3 Qxd2+ *", "Antichess": "1. e3 b5 2. Bxb5 Bb7 3. Bxd7 *",
             "Horde": "1. h5 e6 2. e5 Nc6 *", "King of the Hill": "1. e4 e5 2. Ke2 Ke7 3. Ke3 Kd6 4. Kd3 *",
             "Racing Kings": "1. Kh3 Ka3 2. Kg4 *", "Standard": "1. e4 e5 *"}
    text = "".join(f'[Variant "{name}"]\n\n{moves}\n\n' for name, moves in games.items())
    text += ('[Variant "Crazyhouse"]\n\n1. e4 d5 *\n\n[Variant "Three-check"]\n\n1. e4 e5 *\n\n'
             '[Variant "Shogi"]\n\n1. e4 *\n')
    path = tmp_path / "variants.pgn"
    path.write_text(text)
    oracle = io.StringIO(text)
    read = list(dpgn.read_games(str(path)))
    for game in read[:len(games)]:
        expected = chess.pgn.read_game(oracle)
        assert game.error is None and game.end().fen() == expected.end().board().fen(), game.headers
    assert [read[-3].error, read[-2].error, "unsupported variant" in read[-1].error] == [None, None, True]
    arrays = dpgn.to_arrays(str(path))  # (crazyhouse and three-check: tests/test_variant_records.py)
    assert len(arrays["moves"]) == sum(len(game.moves) + 1 for game in read[:-1])  # final positions too


def test_policy_encoders_name_the_king_promotions_they_cannot_encode():
    import numpy as np

    from bitboard.core.encoding import dataset_move
    from bitboard.data.encode import policy
    board = bvariant.AntichessBoard("8/6P1/8/8/8/8/8/k7 w - - 0 1")
    king_promotion = bitboard.chess.Move.from_uci("g7g8k")
    assert king_promotion in board.legal_moves
    with pytest.raises(UnsupportedVariantError, match="g7g8k"):
        policy.alphazero_index(king_promotion, True)
    with pytest.raises(UnsupportedVariantError, match="g7g8k"):
        policy.lc0_index(king_promotion, board)
    moves = np.array([dataset_move(54, 62, 5), dataset_move(54, 62, 6)])
    with pytest.raises(UnsupportedVariantError, match="row 1"):
        policy.alphazero_indices(moves, np.array([1, 1]))
    from bitboard.data.records import position_dtype, record_of
    records = np.array([record_of(board), record_of(board)], dtype=position_dtype())
    with pytest.raises(UnsupportedVariantError, match="row 1"):
        policy.lc0_indices(moves, records)


def test_atomic_fen_counts_en_passant_as_python_chess_does():
    # f5xe6 e.p. would explode the white king on d5: python-chess's FEN still writes e6 (its
    # has_legal_en_passant finds no king in check after the capture), and so does bitboard's
    fen = "4k2r/4p1bp/p4pp1/3K1P1B/5q1P/1P1P4/2P5/2B1Q1NR b - - 0 30"
    ours, theirs = bvariant.AtomicBoard(fen), chess.variant.AtomicBoard(fen)
    ours.push_san("e5")
    theirs.push_san("e5")
    assert ours.fen() == theirs.fen() and " e6 " in theirs.fen()
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant()
    assert bitboard.chess.Move.from_uci("f5e6") not in ours.legal_moves  # it would explode the own king


@pytest.mark.parametrize("name", ["crazyhouse", "3check", "atomic"])
def test_repetitions_agree_with_python_chess_on_variant_boards(name):
    # knights out and back: the placement repeats, after a capture (crazyhouse: pockets) and a
    # check (three-check: counters) that the repetition key must carry along
    ours, theirs = bvariant.find_variant(name)(), chess.variant.find_variant(name)()
    for san in ["e4", "d5", "exd5", "Nf6", "Bb5+", "c6", "Nf3", "Nbd7", "Ng1", "Nb8", "Nf3", "Nbd7", "Ng1", "Nb8",
                "Nf3", "Nbd7", "Ng1", "Nb8"]:
        ours.push_san(san)
        theirs.push_san(san)
        assert ours.is_repetition(2) == theirs.is_repetition(2), (name, san, theirs.fen())
        assert ours.is_repetition(3) == theirs.is_repetition(3), (name, san, theirs.fen())
        assert ours.can_claim_threefold_repetition() == theirs.can_claim_threefold_repetition(), (name, san)


def test_a_crazyhouse_repetition_needs_the_same_pockets_and_spans_captures():
    # the kings come back to the same squares, but the knight changed pockets: no repetition
    start = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"
    ours, theirs = bvariant.CrazyhouseBoard(start), chess.variant.CrazyhouseBoard(start)
    for san in ["N@d7", "Kxd7", "Ke2", "Kd8", "Ke1", "Ke8"]:
        ours.push_san(san)
        theirs.push_san(san)
    assert ours.board_fen() == "4k3/8/8/8/8/8/8/4K3"
    assert ours.is_repetition(2) is theirs.is_repetition(2) is False
    # a capture is no irreversible move in crazyhouse: the knight goes round both pockets, and
    # the start repeats across two captures
    ours, theirs = bvariant.CrazyhouseBoard(start), chess.variant.CrazyhouseBoard(start)
    for san in ["N@d7", "Kxd7", "Ke2", "N@d3", "Kxd3", "Ke8", "Ke2", "Kd8", "Ke1", "Ke8"]:
        ours.push_san(san)
        theirs.push_san(san)
    assert ours.fen().split()[0] == "4k3/8/8/8/8/8/8/4K3[N]"
    assert ours.is_repetition(2) is theirs.is_repetition(2) is True


_WATCHED = ("epd", "board_fen", "castling_xfen", "has_legal_en_passant", "attacks_mask", "attackers_mask", "push",
            "pop", "is_check", "parse_uci", "parse_san", "can_claim_fifty_moves", "can_claim_threefold_repetition",
            "outcome")


def _recording(base):
    """A subclass of `base` that overrides the methods python-chess's board calls on itself and
    notes each call: what a program's override sees called."""

    def watched(name):
        def method(self, *args, **kwargs):
            self.calls.add(name)
            return getattr(base, name)(self, *args, **kwargs)
        return method

    return type("Recording", (base,), {name: watched(name) for name in _WATCHED})


_EP = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
_ROOK = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"


@pytest.mark.parametrize(("fen", "call", "names"), [
    (_EP, lambda b: b.fen(), {"epd", "board_fen", "castling_xfen", "has_legal_en_passant"}),
    (_EP, lambda b: b.epd(hmvc=3), {"board_fen", "castling_xfen", "has_legal_en_passant"}),
    (chess.STARTING_FEN, lambda b: int(b.attacks(chess.G1)), {"attacks_mask"}),
    (chess.STARTING_FEN, lambda b: int(b.attackers(chess.WHITE, chess.F3)), {"attackers_mask"}),
    (chess.STARTING_FEN, lambda b: b.is_attacked_by(chess.BLACK, chess.F6), {"attackers_mask"}),
    (_ROOK, lambda b: b.gives_check(chess.Move.from_uci("a1a8")), {"push", "is_check", "pop"}),
    (chess.STARTING_FEN, lambda b: (b.push_uci("g1f3"), b.board_fen()), {"parse_uci", "push"}),
    (chess.STARTING_FEN, lambda b: (b.push_san("Nf3"), b.board_fen()), {"parse_san", "push"}),
    (_ROOK, lambda b: b.can_claim_draw(), {"can_claim_fifty_moves", "can_claim_threefold_repetition", "push", "pop"}),
    (_ROOK.replace("0 1", "99 80"), lambda b: b.can_claim_draw(), {"can_claim_fifty_moves", "push", "pop"}),
    (_ROOK, lambda b: b.is_game_over(), {"outcome"}),
])
def test_a_subclass_sees_its_overrides_called_where_python_chess_calls_them(fen, call, names):
    """The Board's own methods call each other in C, past the instance dict (base._own); a
    subclass's board calls them by name, as python-chess's does."""
    ours, theirs = _recording(bitboard.chess.Board)(fen), _recording(chess.Board)(fen)
    ours.calls, theirs.calls = set(), set()
    assert str(call(ours)) == str(call(theirs))
    assert names <= theirs.calls and names <= ours.calls, (names, theirs.calls, ours.calls)
    assert str(call(bitboard.chess.Board(fen))) == str(call(chess.Board(fen)))
