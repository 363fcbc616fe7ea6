"""bitboard.chess.pgn against python-chess's chess.pgn, the oracle: the same text read by both
gives the same games (written back byte for byte), the same headers, the same errors and the
handle left at the same place; games built by random play write the same PGN."""
import io
import logging
import random

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess as bchess
import bitboard.chess.pgn as bpgn
from bitboard.benchmarks.pgn import corpus

# both libraries log each error they meet: quiet here, counted in the tests
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

TRICKY = [
    "",
    " \n\n   ",
    "1. e4 e5 2. Nf3 *",
    "{ Game starting comment } 1. d3",
    "{ Empty game, but has a comment }",
    "{Start of game} 1. e4 ({Start of variation} 1. d4) 1... e5\n",
    "1. e4 (1. d4))) !? *",
    "((( 1. c4 *",
    "1. b4?! g6 2. Bb2 Nc6? 3. Bxh8!! $17 $146",
    "\n1. e4 Qa1 e5 2. Qxf8\n\n1. a3",
    "1. e4 e5 (1... d5 2. Qa1 (2. exd5) 2... Qxd5) 2. Nf3 *",
    "1. e4 e5 (1... d5 2. Qa1) (1... c5) ) 2. Nf3 *",
    "1. e4 (1-0 1. d4) e5 1/2-1/2",
    "1. e4 e5 ( 1... d5 2. exd5 Qxd5 3. Nc3 ( 3. c4 ) 3... Qa5 ) *",
    "1. e4 ; e5\n2. Nf3 { a\n\n multi-line\n comment } Nc6 {} { } {  } 3. Bb5",
    "1. e4 { unclosed\n\ncomment",
    "% escape line\n; leading comment\n[Event \"E\"]\n\n[Site \"S\"]\n\n\n1. e4 *\n",
    "[Event \"A\"]\n\n\n[Event \"B\"]\n",
    "[BlackType: \"program\"]\n[Bad tag]\n[Black \"[=0040.34h5a4]\"]\n\n1. e4 *",
    "\ufeff[Event \"BOM\"]\n\n1. e4 *",
    "[FEN \"bad fen\"]\n\n1. e4 e5\n\n[Event \"next\"]\n\n1. d4 *",
    "[Variant \"Chess960\"]\n[FEN \"rkbqrnnb/pppppppp/8/8/8/8/PPPPPPPP/RKBQRNNB w KQkq - 0 1\"]\n\n1. e4 *",
    "[FEN \"nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n\n1. g4 b6 2. Bh7 *",
    "[FEN \"8/8/4k3/8/4P3/4K3/8/8 b - - 0 17\"]\n\n17... Kd6 18. Kd4 Ke6 *",
    "[Variant \"wild/1\"]\n\n1. e4 *",
    "1. e2-e4 e7e5 2. Ng1-f3 -- 3. Z0 0000 4. O-O *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 c6 6. e3 Be7 7. Qc2 O-O 8. Bd3 Nbd7 9. Nge2 Re8 "
    "10. O-O-O *",
    "1. e4 { [%eval 0.17] [%clk 0:00:59.5] } e5 { [%eval #-3,12] } ( { [%csl Ga1][%cal Ra1h1] } 1... c5 ) *",
    "\n1. a3 ; { ; }\n\n1. b3 { ;\n% {\n1... g6 ; {\n\n1. c3 { }\n% {\n1... f6 ; { } {{{\n\n1. d3",
    "1. e4 P@e5 2. Nf3 *",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. Nbd2 a6 $6 (6... Bb6 $5 {\n/\\ Ne7, c6}) *",
]


def _games(module, text):
    """Every game of `text` read with `module`'s read_game, with tell() after each."""
    handle = io.StringIO(text)
    games = []
    while (game := module.read_game(handle)) is not None:
        games.append((game, handle.tell()))
    return games, handle.tell()


def _error_kinds(game):
    # the messages are each library's own; that an error happened, and its kind, are compared
    return [(isinstance(e, ValueError), type(e).__name__.replace("Board", "")) for e in game.errors]


def _safe(function):
    """What `function()` gives, or that it failed (a bad FEN fails both libraries; an illegal
    move that python-chess's reader put in a tree fails its writer's assert, and our ValueError)."""
    try:
        return function()
    except (ValueError, AssertionError):
        return "ValueError"


def _impossible_moves(game):
    """Whether python-chess's reader put into `game` a move that no piece can make where it stands
    (after a null move and a variation, it reads the next move on the board before the null move):
    its writer then writes SAN for it, and ours raises, as bitboard's push does for such a move
    (docs/differences.md, "Pushing a move no piece can make")."""
    nodes = [game]
    while nodes:
        node = nodes.pop()
        for child in node.variations:
            board = node.board()
            if child.move and not board.is_pseudo_legal(child.move):
                return True
            nodes.append(child)
    return False


def _view(module, game, columns, impossible=False):
    """What a game shows of itself, for comparing the two libraries' games; with `impossible`
    (python-chess's game holds a move no piece can make), what does not write that move."""
    if impossible:
        return list(game.headers.items()), len(game.errors), game.comment
    exports = [_safe(lambda: str(game)), _safe(lambda: game.accept(module.StringExporter(columns=columns)))]
    for options in ({"comments": False}, {"variations": False}, {"headers": False}):
        exports.append(_safe(lambda: game.accept(module.StringExporter(**options))))
    return (exports, list(game.headers.items()), len(game.errors), game.comment,
            [node.move.uci() for node in game.mainline()], _safe(lambda: game.end().board().fen()),
            [_safe(lambda: (n.clock(), n.emt(), n.eval_depth(), repr(n.eval()), n.starting_comment, n.comment,
                            sorted(n.nags), [v.move.uci() for v in n.variations])) for n in game.mainline()])


def _games_or_error(module, text):
    try:
        return _games(module, text)
    except Exception as error:  # python-chess's own failures (an error closing its variation) included
        return type(error).__name__, None


def assert_read_alike(text, columns=80):
    ours, end_ours = _games_or_error(bpgn, text)
    theirs, end_theirs = _games_or_error(chess.pgn, text)
    if end_theirs is None:
        assert (ours, end_ours) == (theirs, end_theirs)
        return
    assert end_ours == end_theirs
    assert len(ours) == len(theirs)
    for (game, tell), (oracle, oracle_tell) in zip(ours, theirs):
        assert tell == oracle_tell
        impossible = _impossible_moves(oracle)
        if impossible:
            assert _safe(lambda: str(game)) == "ValueError"  # (IllegalMoveError: the documented difference)
        assert _view(bpgn, game, columns, impossible) == _view(chess.pgn, oracle, columns, impossible)
    for reader in ("read_headers", "skip_game"):
        handle, oracle_handle = io.StringIO(text), io.StringIO(text)
        while True:
            found = getattr(bpgn, reader)(handle)
            expected = getattr(chess.pgn, reader)(oracle_handle)
            assert handle.tell() == oracle_handle.tell()
            if reader == "read_headers":
                assert (found is None) == (expected is None)
                if found is None:
                    break
                assert list(found.items()) == list(expected.items())
            else:
                assert found == expected
                if not found:
                    break


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_texts_read_as_python_chess_reads_them(text):
    assert_read_alike(text)


def test_a_generated_corpus_reads_and_writes_as_python_chess():
    assert_read_alike(corpus(games=40, seed=7))


def test_the_sdist_pgn_files_read_alike(sdist):
    checked = 0
    for path in sorted((sdist / "data" / "pgn").glob("*.pgn")):
        assert_read_alike(path.read_text(encoding="utf-8-sig"))  # crazyhouse and antichess games too
        checked += 1
    assert checked >= 10


def test_variant_games_play_their_variant_and_unknown_ones_are_errors():
    game = bpgn.read_game(io.StringIO('[Variant "Atomic"]\n\n1. e4 d5 2. exd5 *'))
    assert type(game.board()).__name__ == "AtomicBoard" and not game.errors
    assert game.end().board().fen() == "rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"  # exploded
    game = bpgn.read_game(io.StringIO('[Variant "Shogi"]\n\n1. e4 *'))
    assert any("unsupported variant" in str(error) for error in game.errors)
    assert game.end().move == bchess.Move.from_uci("e2e4")


def test_file_handles_leave_tell_where_python_chess_does(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(corpus(games=12, seed=3) + "\n\n" + TRICKY[-2], encoding="utf-8")
    offsets = {}
    for module in (bpgn, chess.pgn):
        with open(path, encoding="utf-8") as handle:
            found = []
            while True:
                offset = handle.tell()
                if module.read_headers(handle) is None:
                    break
                found.append(offset)
            offsets[module] = found
            handle.seek(found[5])
            assert module.read_game(handle).headers["Site"].endswith("05")
    assert offsets[bpgn] == offsets[chess.pgn]


def _random_tree(module, board_module, seed):
    """A game of random moves with side variations, comments, NAGs and clocks, built with
    `module`'s tree API the same way for both libraries."""
    rng = random.Random(seed)
    game = module.Game()
    game.headers["White"] = f"seed {seed}"
    board = board_module.Board()
    node = game
    for _ in range(rng.randrange(0, 60)):
        moves = sorted(board.legal_moves, key=lambda move: move.uci())
        if not moves:
            break
        move = rng.choice(moves)
        if len(moves) > 1 and rng.random() < 0.2:
            other = rng.choice([m for m in moves if m != move])
            side = node.add_variation(board_module.Move.from_uci(other.uci()),
                                      starting_comment="side" * rng.randrange(2))
            side.nags.add(rng.randrange(1, 20))
        node = node.add_main_variation(board_module.Move.from_uci(move.uci()))
        if rng.random() < 0.3:
            node.set_clock(rng.randrange(0, 36000) / 8)
        if rng.random() < 0.2:
            node.comment += " a } brace" if rng.random() < 0.5 else " note"
        board.push(move)
    game.headers["Result"] = board.result()
    return game


@settings(max_examples=40)
@given(st.integers(0, 10**6))
def test_trees_built_alike_write_alike(seed):
    ours = _random_tree(bpgn, bchess, seed)
    theirs = _random_tree(chess.pgn, chess, seed)
    assert str(ours) == str(theirs)
    for columns in (80, 30, None):
        assert ours.accept(bpgn.StringExporter(columns=columns)) == theirs.accept(
            chess.pgn.StringExporter(columns=columns))
    text = theirs.accept(chess.pgn.StringExporter())
    assert_read_alike(text + "\n\n" + text, columns=40)
    out, oracle_out = io.StringIO(), io.StringIO()
    assert ours.accept(bpgn.FileExporter(out)) == theirs.accept(chess.pgn.FileExporter(oracle_out))
    assert out.getvalue() == oracle_out.getvalue()


def test_editing_the_tree_matches_python_chess():
    trees = []
    for module, board_module in ((bpgn, bchess), (chess.pgn, chess)):
        game = module.Game()
        e4 = game.add_variation(board_module.Move.from_uci("e2e4"))
        d4 = game.add_variation(board_module.Move.from_uci("d2d4"), comment="queen's")
        c4 = game.add_main_variation(board_module.Move.from_uci("c2c4"), nags=[3])
        game.promote(d4)
        game.demote(c4)
        game.promote_to_main(e4)
        e4.add_line([board_module.Move.from_uci(u) for u in ("e7e5", "g1f3")], starting_comment="s", comment="c")
        game.remove_variation(board_module.Move.from_uci("c2c4"))
        node = game.end()
        node.set_eval(None)
        node.set_emt(61.25)
        node.set_clock(3599.9999)
        node.set_clock(7322.5)
        trees.append((str(game), [str(n.move) for n in reversed(game.mainline())], node.clock(), node.emt(),
                      game.end().ply(), game.end().turn(), e4.is_mainline(), d4.starts_variation(),
                      str(game.mainline_moves()), str(e4.accept_subgame(module.StringExporter()))))
    assert trees[0] == trees[1]


def test_setup_and_from_board_match_python_chess():
    outs = []
    for module, board_module in ((bpgn, bchess), (chess.pgn, chess)):
        board = board_module.Board("3k4/8/4K3/8/8/8/8/2R5 b - - 0 1")
        board.push_san("Ke8")
        board.push_san("Rc8#")
        game = module.Game.from_board(board)
        chess960 = module.Game()
        chess960.setup("rkbqrnnb/pppppppp/8/8/8/8/PPPPPPPP/RKBQRNNB w KQkq - 0 1")
        outs.append((str(game), dict(chess960.headers), chess960.board().chess960, repr(game.headers)))
    assert outs[0] == outs[1]


def test_clocks_keep_their_fraction():
    game = bpgn.read_game(io.StringIO("1. e4 { [%clk 1:02:03.456789] [%emt 0:00:00.125] } *"))
    assert game.next().clock() == 3723.456789
    assert game.next().emt() == 0.125


def test_bad_tags_raise_named_errors():
    headers = bpgn.Headers()
    with pytest.raises(ValueError, match="'~'"):
        headers["~"] = "x"
    with pytest.raises(ValueError, match="line break"):
        headers["Annotator"] = "a\nb"


def _tracer(module):
    class Trace(module.BaseVisitor):
        """Records every call a reader makes (any visitor but the default builder takes the
        general path)."""

        def __init__(self):
            self.calls = []

        def __getattribute__(self, name):
            attribute = object.__getattribute__(self, name)
            if name.startswith(("begin_", "visit_", "end_", "handle_")):
                calls = object.__getattribute__(self, "calls")

                def record(*args):
                    calls.append((name, *[a.fen() if hasattr(a, "fen") else str(a) for a in args]))
                return record
            return attribute

        def result(self):
            return self.calls
    return Trace


@pytest.mark.parametrize("text", TRICKY)
def test_a_visitor_sees_the_calls_python_chess_makes(text):
    traces = {}
    for module in (bpgn, chess.pgn):
        handle = io.StringIO(text)
        games = []
        while (calls := module.read_game(handle, Visitor=_tracer(module))) is not None:
            games.append((calls, handle.tell()))
        traces[module] = games
    ours, theirs = traces[bpgn], traces[chess.pgn]
    assert len(ours) == len(theirs)
    for (calls, tell), (expected, expected_tell) in zip(ours, theirs):
        assert tell == expected_tell
        # an error's message is each library's own: its place in the sequence is compared
        assert [c if c[0] != "handle_error" else c[:1] for c in calls] == [
            c if c[0] != "handle_error" else c[:1] for c in expected]


class _SlowBuilder(bpgn.GameBuilder):
    """A GameBuilder subclass: read_game gives it the general path, not the in-place builder."""


@pytest.mark.parametrize("text", TRICKY + [corpus(games=5, seed=11)])
def test_the_in_place_builder_builds_the_general_paths_tree(text):
    fast, slow = io.StringIO(text), io.StringIO(text)
    while True:
        game = _safe_read(fast, None)
        other = _safe_read(slow, _SlowBuilder)
        if game is None or isinstance(game, str):
            assert game == other
            break
        assert fast.tell() == slow.tell()
        assert _view(bpgn, game, 80) == _view(bpgn, other, 80)


def _safe_read(handle, visitor):
    try:
        return bpgn.read_game(handle) if visitor is None else bpgn.read_game(handle, Visitor=visitor)
    except Exception as error:
        return type(error).__name__
