"""Games read into their compact record (game_tree/nodes.Tree: nodes made when first reached)
against python-chess's trees, the oracle: random trees with variations, comments (evals,
clocks, arrows), NAGs and starting comments, written by python-chess and read by both; every
node's board, text and annotations compared, before and after random edits made through
nodes reached in random order, and the same again after copies and pickles."""
import copy
import gc
import io
import logging
import pickle
import random

import chess
import chess.pgn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bitboard.chess as bchess
import bitboard.chess.pgn as bpgn
from bitboard.benchmarks.pgn import corpus

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

COMMENTS = ["", "[%eval 0.17] [%clk 0:00:59.5]", "[%eval #-3,12]", "good move", "[%csl Ga1][%cal Ra1h1] x",
            "[%eval 1.234] [%eval -0.5]", "[%clk 1:02:03] [%emt 0:00:07.25]", "a } brace", "[%eval +.5,7]",
            "[%clk 0:1:2.]", "[%eval\t0.3]", "{ [%eval 5.,3] }", "[%eval #+2] [%clk 10:00:00]", "\n"]


def _random_game(seed: int) -> str:
    """PGN text of a random tree, written by python-chess."""
    rng = random.Random(seed)
    game = chess.pgn.Game()
    game.comment = rng.choice(COMMENTS)
    lines = [(game, chess.Board(), rng.randrange(0, 40))]
    while lines:
        node, board, length = lines.pop()
        for _ in range(length):
            moves = sorted(board.legal_moves, key=lambda move: move.uci())
            if not moves:
                break
            move = rng.choice(moves)
            if len(moves) > 1 and rng.random() < 0.15:  # a side line, grown later
                other = rng.choice([m for m in moves if m != move])
                side = node.add_variation(other, starting_comment=rng.choice(COMMENTS) if rng.random() < 0.3 else "")
                side_board = board.copy()
                side_board.push(other)
                lines.append((side, side_board, rng.randrange(0, 6)))
            node = node.add_main_variation(move, comment=rng.choice(COMMENTS))
            if rng.random() < 0.1:
                node.nags.update(rng.sample(range(1, 30), rng.randrange(1, 3)))
            board.push(move)
    game.headers["Result"] = rng.choice(["1-0", "0-1", "*"])
    return str(game.accept(chess.pgn.StringExporter()))


def _nodes(game):
    """Every node of the tree in PGN order (each node, then its variations), iteratively."""
    out, stack = [], [game]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.variations))
    return out


def _view(node):
    """What a node shows of itself."""
    parent = node.parent
    return (node.move.uci() if node.move else None, node.board().fen(), node.comment, node.starting_comment,
            sorted(node.nags), repr(node.eval()), node.eval_depth(), node.clock(), node.emt(),
            [(a.tail, a.head, a.color) for a in node.arrows()], node.ply(), node.turn(), node.is_end(),
            node.starts_variation(), node.is_mainline(), node.is_main_variation(), len(node.variations),
            node.san() if parent is not None else None, [m.uci() for m in node.mainline_moves()],
            node.end().board().fen())


def assert_trees_alike(ours, theirs):
    assert str(ours) == str(theirs)
    assert ours.accept(bpgn.StringExporter(columns=30)) == theirs.accept(chess.pgn.StringExporter(columns=30))
    mine, oracle = _nodes(ours), _nodes(theirs)
    assert len(mine) == len(oracle)
    for node, expected in zip(mine, oracle):
        assert _view(node) == _view(expected)
        for i, child in enumerate(node.variations):  # a node reached twice is the same object
            assert child.parent is node and node.variations[i] is child
        if node.variations:
            assert node.next() is node.variations[0]
        assert node.move is node.move


def _reach(game, path):
    """A node reached by `path` (0: next(), else the variation of that index), making as few
    nodes as it can."""
    node = game
    for step in path:
        if node.is_end():
            break
        node = node.next() if step == 0 else node.variations[step % len(node.variations)]
    return node


EDITS = st.lists(st.tuples(st.lists(st.integers(0, 3), max_size=30), st.integers(0, 12), st.integers(0, 99)),
                 max_size=8)


def _edit(module, board_module, game, path, kind, k):
    """One edit, made the same way on either library's game."""
    node = _reach(game, path)
    if kind <= 1:
        moves = sorted(node.board().legal_moves, key=lambda move: move.uci())
        if moves:
            move = board_module.Move.from_uci(moves[k % len(moves)].uci())
            if move not in node:
                if kind == 0:
                    node.add_variation(move, comment=COMMENTS[k % len(COMMENTS)], nags=[k % 7 + 1])
                else:
                    node.add_main_variation(move, comment="main")
    elif kind <= 5 and node.variations:
        variation = node.variations[k % len(node.variations)]
        [node.promote, node.demote, node.promote_to_main, node.remove_variation][kind - 2](variation)
    elif kind == 6:
        node.comment = COMMENTS[k % len(COMMENTS)]
    elif kind == 7:
        score = None if k % 5 == 0 else chess.engine.PovScore(chess.engine.Cp(k - 50), chess.WHITE)
        node.set_eval(score, k % 3 or None)
    elif kind == 8:
        node.set_clock(None if k % 4 == 0 else k * 37.5)
    elif kind == 9:
        node.set_arrows([(k % 64, (k * 7) % 64)])
    elif kind == 10:
        node.nags.add(k % 9)
        node.starting_comment = "s" * (k % 2)
    elif kind == 11 and node.parent is not None:
        moves = sorted(node.board().legal_moves, key=lambda move: move.uci())
        if moves:
            node.add_line([board_module.Move.from_uci(moves[k % len(moves)].uci())], comment="line", nags=[3])
    elif kind == 12 and node.parent is not None and node.is_end():
        # a leaf's move replaced by another of its parent's (no sibling's): board() pushes the new one
        taken = {variation.move for variation in node.parent.variations}
        moves = sorted((m for m in node.parent.board().legal_moves if m not in taken), key=lambda move: move.uci())
        if moves:
            node.move = board_module.Move.from_uci(moves[k % len(moves)].uci())


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), EDITS)
def test_read_trees_match_python_chess_before_and_after_edits(seed, edits):
    import chess.engine  # noqa: F401  (the scores of set_eval)
    text = _random_game(seed)
    ours, theirs = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    for path, kind, k in edits:  # edits first: made on a tree whose nodes are mostly not made yet
        _edit(bpgn, bchess, ours, path, kind, k)
        _edit(chess.pgn, chess, theirs, path, kind, k)
    assert_trees_alike(ours, theirs)
    for path, kind, k in edits:  # again, on a tree made whole
        _edit(bpgn, bchess, ours, path[::-1], (kind + 3) % 13, k + 1)
        _edit(chess.pgn, chess, theirs, path[::-1], (kind + 3) % 13, k + 1)
    assert_trees_alike(ours, theirs)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 3), max_size=20))
def test_copies_and_pickles_of_trees_not_made_yet(seed, path):
    text = _random_game(seed)
    oracle = chess.pgn.read_game(io.StringIO(text))
    for make in (lambda game: copy.deepcopy(game), lambda game: pickle.loads(pickle.dumps(game)),
                 lambda game: pickle.loads(pickle.dumps(game, protocol=0))):
        game = bpgn.read_game(io.StringIO(text))
        _reach(game, path)  # some nodes made, the others not
        made = make(game)
        assert type(made) is bpgn.Game
        assert_trees_alike(made, oracle)
        assert_trees_alike(game, oracle)
    game = bpgn.read_game(io.StringIO(text))
    shallow = copy.copy(game)
    assert shallow.variations is game.variations and shallow.headers is game.headers


def test_a_node_keeps_what_a_program_gives_it():
    game = bpgn.read_game(io.StringIO("1. e4 { [%eval 0.2] } e5 2. Nf3 *"))
    node = game.next().next()
    node.score = 5
    node.move.note = "mine"
    assert game.variations[0].variations[0] is node and node.score == 5 and node.move.note == "mine"
    assert node.move is not game.next().move and node.move is node.move
    assert pickle.loads(pickle.dumps(game)).next().next().score == 5
    assert copy.deepcopy(node).score == 5
    del game
    gc.collect()
    assert node.parent.parent.headers["Result"] == "*"  # a node holds its line up to the game
    oracle = chess.Board()
    oracle.push_san("e4")
    oracle.push_san("e5")
    assert node.board().fen() == oracle.fen()
    node.parent.move.to_square = bchess.E3  # a changed Move: board() pushes it, not the move read
    oracle = chess.Board()
    oracle.push_san("e3")
    oracle.push_san("e5")
    assert node.board().fen() == oracle.fen() and node.parent.san() == "e3"


def test_game_headers_changed_after_reading_replay_from_the_new_position():
    ours = bpgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
    theirs = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
    for game in (ours, theirs):
        game.headers["FEN"] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"  # no castling
    assert ours.end().board().fen() == theirs.end().board().fen()
    assert ours.end().ply() == theirs.end().ply()


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def _retag(module, game, k):
    """One change to the tags a game's starting ply comes from, made the same way on either side."""
    headers = game.headers
    if k == 0:
        headers["FEN"] = f"{START} w KQkq - 0 5"
    elif k == 1:
        del headers["FEN"]
    elif k == 2:
        headers.update({"FEN": f"{START} w KQkq - 3 9"})
    elif k == 3:
        headers.pop("FEN", None)
    elif k == 4:
        headers.setdefault("FEN", f"{START} w KQkq - 0 2")
    elif k == 5:
        game.headers = module.Headers(FEN=f"{START} w KQkq - 0 7")
    elif k == 6:
        game.setup(f"{START} w KQkq - 0 4")
    elif k == 7:
        headers["Variant"] = "Chess960"
    elif k == 8:
        headers.clear()
    elif k == 9:
        game.headers = module.Headers()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=8))
def test_ply_turn_and_eval_follow_the_tags_a_program_changes(changes):
    # the starting ply a game keeps is found again after each change to its FEN or Variant tag
    text = "1. e4 { [%eval 0.5] } e5 { [%eval -0.25] } 2. Nf3 { [%eval #3] } *"
    ours, theirs = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))

    def seen(game):
        return [(node.ply(), node.turn(), repr(node.eval())) for node in [game, *game.mainline()]]

    assert seen(ours) == seen(theirs)
    for k in changes:
        if k == 1 and "FEN" not in theirs.headers:
            continue
        _retag(bpgn, ours, k)
        _retag(chess.pgn, theirs, k)
        assert seen(ours) == seen(theirs)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30), st.integers(0, 5), st.integers(0, 99))
def test_a_main_line_changed_while_walked_walks_on_as_python_chess_does(seed, at, kind, k):
    # the iterator holds the node after the one handed out; a change to the line is seen
    text = _random_game(seed)
    games = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    walked = []
    for module, game in zip((bchess, chess), games):
        line = []
        for i, node in enumerate(game.mainline()):
            line.append(node.move.uci())
            if i == at:
                if kind == 0:
                    moves = sorted(node.board().legal_moves, key=lambda move: move.uci())
                    if moves:
                        node.add_main_variation(module.Move.from_uci(moves[k % len(moves)].uci()))
                elif kind == 1:
                    node.parent.remove_variation(node)
                elif node.variations:
                    variation = node.variations[k % len(node.variations)]
                    [node.promote, node.demote, node.promote_to_main, node.remove_variation][kind - 2](variation)
        walked.append(line)
    assert walked[0] == walked[1]


def test_the_boards_of_nodes_stack_moves_of_their_own():
    # each board's stack holds Moves no node and no other living board holds, as python-chess's
    text = "1. e4 e5 2. Nf3 Nc6 *"
    for pgn in (bpgn, chess.pgn):
        game = pgn.read_game(io.StringIO(text))
        end = game.end()
        first, second = end.board(), end.board()
        line = [node.move for node in game.mainline()]
        assert all(a is not b and a is not m and b is not m
                   for a, b, m in zip(first.move_stack, second.move_stack, line, strict=True))
        first.move_stack[0].to_square = 20  # (a Move a program changed)
        del first, second
        third = end.board()
        assert [move.uci() for move in third.move_stack] == ["e2e4", "e7e5", "g1f3", "b8c6"]
        assert [move.uci() for move in line] == ["e2e4", "e7e5", "g1f3", "b8c6"]
        assert all(a is not m for a, m in zip(third.move_stack, line, strict=True))


class _Node(bpgn.ChildNode):
    """A program's own node class, made by its Game's add_variation."""


class _Game(bpgn.Game):
    def add_variation(self, move, **kwargs):
        return _Node(self, move, **kwargs)


def test_subclasses_and_builders_of_a_program_build_their_own_trees():
    text = corpus(games=3, seed=5)
    handle = io.StringIO(text)
    game = bpgn.read_game(handle, Visitor=_Game.builder)
    oracle = chess.pgn.read_game(io.StringIO(text))
    assert type(game) is _Game and type(game.next()) is _Node
    assert str(game) == str(oracle)
    assert isinstance(game.next(), bpgn.GameNode) and isinstance(bpgn.read_game(handle).next(), bpgn.ChildNode)


@pytest.mark.parametrize("text", ["1. e4 $1 $2 { a } { b } ( { s } 1. d4 $3 ) ( 1. c4 ) 1... e5 2. Qh5 ??",
                                  "{ start } $5 1. e4 ( 1. d4 ) ( { x } 1. c4 { y } ( 1. b4 ) ) *",
                                  "1. e4 e5 2. Kxe8 Nf6 ( 2... Nc6 3. Zz ) *"])
def test_texts_read_into_the_record_match_python_chess(text):
    assert_trees_alike(bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text)))


FRAGMENTS = ["[%eval ", "[%eval", "[%clk ", "[%emt ", "[%csl ", "[%cal ", "#", "+", "-", "0", "1", "2", "9",
             "12345678901", ".", ",", "]", " ", "\t", ":", "\n", "\u0663", "Ga1", "Ra1h1", "x", "[", "%"]


COMMANDS = ["[%eval 0.123]", "[%eval 0.123] [%eval 1.5]", "[%eval 5.]", "[%eval .5]", "[%eval +.5,7]",
            "[%eval 12345678901]", "[%eval 1234567890.12]", "[%eval 9999999999.99]", "[%eval -0.00]", "[%eval #]",
            "[%eval #+3,]", "[%eval #-0]", "[%eval 1,2]", "[%eval 1,]", "[%eval 0.29]", "[%eval 2.675]",
            "[%eval\u00a00.5]", "[%eval  0.5]", "[%eval 1.2.3] [%eval 4]", "[%clk 1:2:3.]", "[%clk 0:00:07.250]",
            "[%clk 1234567890:00:00]", "[%clk 123456789:00:00]", "[%clk 0:00:123456789012345678901]",
            "[%clk 12345678901234567890:00:00.5]", "[%eval #123456789012345678901]", "[%clk 0:0:0] [%clk 1:1:1]",
            "[%clk 1:2]",
            "[%clk 0:00:5.5.5]", "[%emt 0:00:00.125]", "[%clk \u0663:00:00]", "[%eval \u0663]", "[%csl Ga1] [%cal",
            "[%cal Ra1h1,Gb2b4][%csl Yc3]", "x [%eval 0.5"]


def _assert_commands_alike(comment, white):
    ours, theirs = bpgn.Game(), chess.pgn.Game()
    if not white:
        ours = ours.add_variation(bchess.Move.from_uci("e2e4"))
        theirs = theirs.add_variation(chess.Move.from_uci("e2e4"))
    ours.comment = theirs.comment = comment
    assert repr(ours.eval()) == repr(theirs.eval())
    assert ours.eval_depth() == theirs.eval_depth()
    for name in ("clock", "emt"):
        value, expected = getattr(ours, name)(), getattr(theirs, name)()
        assert value == expected and type(value) is type(expected)
    assert [(a.tail, a.head, a.color) for a in ours.arrows()] == [(a.tail, a.head, a.color) for a in theirs.arrows()]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join), st.booleans())
def test_comment_commands_read_as_python_chess_reads_them(comment, white):
    # the hand-read commands against python-chess's regular expressions, on a node of each side
    _assert_commands_alike(comment, white)


@pytest.mark.parametrize("comment", COMMANDS)
def test_commands_at_the_edges_of_the_hand_reading(comment):
    _assert_commands_alike(comment, True)
    _assert_commands_alike(comment, False)


def test_ply_and_turn_follow_a_parent_set_by_a_program():
    text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"
    ours, theirs = bpgn.read_game(io.StringIO(text)), chess.pgn.read_game(io.StringIO(text))
    for game in (ours, theirs):
        end = game.end()
        assert end.ply() == 5
        end.parent = game  # moved under the root: its ply is 1 now
        middle = game.next().next()
        assert middle.ply() == 2
        middle.parent = end  # and this one below it
    assert [(n.ply(), n.turn()) for n in (ours.end(), ours.next().next(), ours.next().next().next())] == [
        (n.ply(), n.turn()) for n in (theirs.end(), theirs.next().next(), theirs.next().next().next())]
    assert ours.next().next().ply() == 2


def test_the_moves_and_nag_sets_of_read_nodes_leave_the_collector_only_compiled_and_games_are_still_collected():
    import weakref

    import bitboard
    game = bpgn.read_game(io.StringIO("1. e4 $1 e5 2. Nf3 ( 2. Nc3 { [%eval 0.1] } ) Nc6 *"))
    node = game.next()
    move, nags = node.move, node.nags
    # compiled, a record's Moves and NAG sets (ints only) are off the collector's list (core/native's untrack)
    assert gc.is_tracked(move) is not bitboard.compiled and gc.is_tracked(nags) is not bitboard.compiled
    # compiled, so are its nodes and their lists while no program wrote to the game (nodes.Tree.keep)
    variations = node.variations
    assert gc.is_tracked(node) is not bitboard.compiled and gc.is_tracked(variations) is not bitboard.compiled
    move.note = "mine"  # an attribute of a program's own: back on the list, as it may lead back to the Move
    assert gc.is_tracked(move) and node.move.note == "mine" and nags == {1}
    node.comment = "mine"  # a write: the nodes kept from now on, each on the list with its variations
    assert gc.is_tracked(node) and gc.is_tracked(variations) and node.nags is nags and node.variations is variations
    del variations
    fresh = bchess.Move.from_uci("e2e4")
    assert gc.is_tracked(fresh) is not bitboard.compiled
    fresh.to_square = bchess.E3
    assert gc.is_tracked(fresh) and fresh.uci() == "e2e3"
    # a walked and edited game, in cycles (nodes, their parents and variation lists), is still collected
    for walked in game.mainline():
        assert walked.ply() >= 1 and walked.parent.variations[0] is walked
        walked.nags.add(3)
        walked.eval()
    game.end().add_variation(bchess.Move(bchess.A2, bchess.A3)).move.cycle = game  # (not the cache's Move)
    gone = weakref.ref(game)
    del game, node, move, nags, walked
    gc.collect()
    assert gone() is None


class _BlackNode(bpgn.ChildNode):
    def turn(self):
        return False


class _TheirBlackNode(chess.pgn.ChildNode):
    def turn(self):
        return False


def test_eval_asks_a_node_class_of_a_program_for_its_turn():
    ours, theirs = bpgn.Game(), chess.pgn.Game()
    ours_node = _BlackNode(ours, bchess.Move.from_uci("e2e4"), comment="[%eval 0.5]")
    theirs_node = _TheirBlackNode(theirs, chess.Move.from_uci("e2e4"), comment="[%eval 0.5]")
    assert repr(ours_node.eval()) == repr(theirs_node.eval()) == "PovScore(Cp(-50), BLACK)"
    plain = bpgn.ChildNode(bpgn.Game(), bchess.Move.from_uci("e2e4"), comment="[%eval 0.5]")
    assert repr(plain.eval()) == repr(chess.pgn.Game().add_variation(chess.Move.from_uci("e2e4"),
                                                                     comment="[%eval 0.5]").eval())


def test_scores_made_without_init_are_python_chess_objects():
    from bitboard.game_tree import annotations
    engine = annotations.engine_scores()
    node = bpgn.read_game(io.StringIO("1. e4 { [%eval #-3] } e5 { [%eval -1.25] } *")).next()
    for ours, theirs in ((node.eval(), engine.PovScore(engine.Mate(3), False)),
                         (node.next().eval(), engine.PovScore(engine.Cp(-125), True))):
        assert type(ours) is engine.PovScore and type(ours.relative) is type(theirs.relative)
        assert vars(ours.relative) == vars(theirs.relative) and ours.turn is theirs.turn
        assert ours == theirs and repr(ours) == repr(theirs)
    assert annotations._plainly_made(engine)

    class Checked:
        def __init__(self, cp):
            self.cp = cp
            self.checked = True

    class Slotted:
        __slots__ = ("cp",)

        def __init__(self, cp):
            self.cp = cp

    for cp in (Checked, Slotted):
        assert not annotations._plainly_made(type("Engine", (), {"Cp": cp, "Mate": engine.Mate,
                                                                 "PovScore": engine.PovScore}))


class _PlyGame(bpgn.Game):
    def ply(self):
        return 10


class _TheirPlyGame(chess.pgn.Game):
    def ply(self):
        return 10


def test_a_game_class_of_a_program_gives_its_nodes_their_ply():
    ours = _PlyGame().add_variation(bchess.Move.from_uci("e2e4"), comment="[%eval 0.5]")
    theirs = _TheirPlyGame().add_variation(chess.Move.from_uci("e2e4"), comment="[%eval 0.5]")
    assert (ours.ply(), ours.turn(), repr(ours.eval())) == (theirs.ply(), theirs.turn(), repr(theirs.eval()))
    assert ours.ply() == 11
