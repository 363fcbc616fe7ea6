"""The game tree: a Game (headers, starting position) whose nodes each hold the move that leads
to them, the variations that follow (the first is the main line), comments and NAGs.

A node stores no board: board() replays the moves from the root, as in python-chess.

A game read by read_game's default builder is kept in a compact record (game_tree/record's
Tree) from which its nodes are made when a program reaches them; RecordNode, the nodes' C base
class, holds their fields.

Compiled, the nodes are C types (cdef classes with a __dict__ for a program's own attributes,
subclassable as python-chess's are): reading a node's fields, walking the main line, ply(),
turn() and the comment's commands (annotations) run without Python code, and board() replays
the recorded move codes while the moves are the ones read (else it pushes the nodes' Moves)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from typing import Any, Generic, TypeVar

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .annotations import clock as comment_clock
    from .annotations import emt as comment_emt
    from .annotations import eval_depth as comment_eval_depth
    from .annotations import eval_found, parse_arrows, parse_eval, pov_score
    from .record import (
        RecordNode,
        Tree,
        depth_of,
        first_of,
        next_of,
        parent_made,
        parent_of,
        reparent,
        replay,
        replay_line,
        retags,
        wrote,
    )

from ..piece import WHITE
from . import annotations
from .exporting import StringExporter
from .headers import Headers
from .record import record_moves, set_node_type
from .visitors import LOGGER, SKIP, BaseVisitor

GameT = TypeVar("GameT", bound="Game")
MainlineMapT = TypeVar("MainlineMapT")

# the names python-chess's nodes keep in their __dict__, in its order (copies and pickles)
_FIELDS = ("parent", "move", "variations", "comment", "starting_comment", "nags")
_GAME_FIELDS = _FIELDS + ("headers", "errors")
_PRIVATE = frozenset(("_parent", "_variations", "_nags", "_tree", "_index", "_depth", "_epoch", "_root",
                      "_start_ply", "_start_epoch", "_start_headers"))

def _unpickled(cls):
    """An empty node of `cls`, for copy and pickle to fill (GameNode.__reduce__)."""
    node = cls.__new__(cls)
    _blank(node)
    return node


@cython.cfunc
def _blank(node: "GameNode") -> cython.void:
    node._parent = node.move = node._root = None
    node._depth = node._epoch = -1
    node.comment = node.starting_comment = ""
    node._variations = node._nags = None
    node._tree = None
    node._index = 0


@cython.cclass
class GameNode(RecordNode):
    """A position of the game tree: the root (a Game) or a ChildNode."""

    def __init__(self, *, comment="") -> None:
        self._parent: Any = None  # (a ChildNode's is a GameNode; Any keeps its uses simple to check)
        self.move: Any = None
        self._variations: list | None = None  # (None: made when first asked for)
        self.comment = comment
        # (a ChildNode's own, kept on every node for python-chess's compatibility)
        self.starting_comment = ""
        self._nags: set | None = None
        self._tree: Tree | None = None
        self._index = 0
        self._depth = self._epoch = -1
        self._root: Any = None

    @property
    def parent(self) -> Any:
        """The node before this one (None for the root)."""
        return parent_made(self)

    @parent.setter
    def parent(self, parent) -> None:
        self._parent = parent
        reparent()  # (the plies kept below it may be wrong now: none is used again)

    @property
    def variations(self) -> list:
        """The child nodes, the main line's first (python-chess's list)."""
        if self._variations is None:
            if self._tree is None:
                self._variations = []
            elif not self._tree.kept:
                return self._tree.variations_of(self)  # (not held: Tree.keep says why)
            else:
                self._variations = self._tree.children(self, [])
        return self._variations

    @variations.setter
    def variations(self, variations) -> None:
        self._variations = variations

    @property
    def nags(self) -> set:
        """The NAGs of the move to this node (python-chess's set)."""
        if self._nags is None:
            if self._tree is None:
                self._nags = set()
            elif not self._tree.kept:
                return self._tree.nags_of(self._index)
            else:
                self._nags = self._tree.nag_set(self._index)
        return self._nags

    @nags.setter
    def nags(self, nags) -> None:
        self._nags = nags

    def board(self):
        """A new board with the position at this node."""
        raise NotImplementedError

    def ply(self) -> int:
        """The half-moves played to this node, counted from the starting FEN's move number."""
        raise NotImplementedError

    def turn(self) -> bool:
        """The side to move at this node."""
        if type(self) is ChildNode:  # (ply() is ChildNode's own: no subclass overrides it)
            return _child_ply(cython.cast(ChildNode, self)) % 2 == 0
        return self.ply() % 2 == 0

    def root(self):
        node = self
        while parent_of(node):
            node = parent_of(node)
        return node

    def game(self):
        """The Game at the root."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self):
        """The last node of the main line from here."""
        if self._variations is None and self._tree is not None and not self._tree.kept:
            last: cython.Py_ssize_t = self._tree.last(self._index)
            return self if last == self._index else self._tree.node(last)
        node = self
        while True:
            child = next_of(node)
            if child is None:
                return node
            node = child

    def is_end(self) -> bool:
        return first_of(self) is None

    def starts_variation(self) -> bool:
        """Whether this node begins a side variation (and so may have a starting comment)."""
        if not self.parent:
            return False
        first = next_of(self.parent)
        return first is not None and first != self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node = self
        while True:
            parent = parent_of(node)
            if not parent:
                return True
            first = next_of(parent)
            if first is None or first != node:
                return False
            node = parent

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first variation (the root is)."""
        if not self.parent:
            return True
        first = next_of(self.parent)
        return first is None or first == self

    def __getitem__(self, move):
        try:
            return self.variations[move]
        except TypeError:
            for variation in self.variations:
                if variation.move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move):
        """A child by index, move or node."""
        return self[move]

    def has_variation(self, move) -> bool:
        return move in self

    def promote_to_main(self, move) -> None:
        """Makes the given variation the main one."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move) -> None:
        """Moves a variation one place up."""
        variation = self[move]
        variations = self.variations
        i = variations.index(variation)
        if i > 0:
            variations[i - 1], variations[i] = variations[i], variations[i - 1]

    def demote(self, move) -> None:
        """Moves a variation one place down."""
        variation = self[move]
        variations = self.variations
        i = variations.index(variation)
        if i < len(variations) - 1:
            variations[i + 1], variations[i] = variations[i], variations[i + 1]

    def remove_variation(self, move) -> None:
        self.variations.remove(self.variation(move))

    def add_variation(self, move, *, comment="", starting_comment="", nags=()):
        """A new child after the others (the one place nodes are made: override it to make your own)."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move, *, comment="", nags=()):
        """A new child made the main variation."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self):
        """The first child, or None."""
        return first_of(self)

    def mainline(self) -> "Mainline":
        """The main line's nodes after this one."""
        return Mainline(self, _identity)

    def mainline_moves(self) -> "Mainline":
        """The main line's moves after this node."""
        return Mainline(self, _node_move)

    def add_line(self, moves, *, comment="", starting_comment="", nags=()):
        """Appends the moves as a line of children; the comment and NAGs go to its last node,
        which is returned."""
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    def eval(self):
        """The first [%eval] of the comment as a PovScore, or None."""
        if type(self) is ChildNode:  # (its turn() is ChildNode's own, asked only when there is one)
            found = eval_found(self.comment)
            if found is None:
                return None
            return pov_score(found, _child_ply(cython.cast(ChildNode, self)) % 2 == 0)
        return parse_eval(self.comment, self)

    def eval_depth(self):
        """The depth of the first [%eval], or None."""
        return comment_eval_depth(self.comment)

    def set_eval(self, score, depth=None) -> None:
        """Replaces the first [%eval] (None: removes it), or appends one."""
        wrote(self._tree)
        self.comment = annotations.replace_command(self.comment, annotations.EVAL_REGEX,
                                                   annotations.eval_text(score, depth), before_newline=False)

    def arrows(self) -> list:
        """The arrows and marked squares of the comment's [%csl] and [%cal] commands."""
        return parse_arrows(self.comment)

    def set_arrows(self, arrows) -> None:
        """Replaces every [%csl] and [%cal] command by those of `arrows` (put first)."""
        wrote(self._tree)
        self.comment = annotations.with_arrows(self.comment, arrows)

    def clock(self):
        """The first [%clk] in seconds (the fraction as written), or None."""
        return comment_clock(self.comment)

    def set_clock(self, seconds) -> None:
        """Replaces the first [%clk] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%clk {annotations.duration_text(seconds)}]"
        wrote(self._tree)
        self.comment = annotations.replace_command(self.comment, annotations.CLOCK_REGEX, text)

    def emt(self):
        """The first [%emt] (elapsed move time) in seconds, or None."""
        return comment_emt(self.comment)

    def set_emt(self, seconds) -> None:
        """Replaces the first [%emt] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%emt {annotations.duration_text(seconds)}]"
        wrote(self._tree)
        self.comment = annotations.replace_command(self.comment, annotations.EMT_REGEX, text)

    def accept(self, visitor):
        """Walks the tree from this node in PGN order with `visitor`; its result."""
        raise NotImplementedError

    def accept_subgame(self, visitor):
        """Walks the tree as a game that starts after this node: the game's headers with FEN
        and SetUp of this position."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            subgame = Game.without_tag_roster()
            subgame.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in subgame.headers:
                    visitor.visit_header(name, value)
            for name, value in subgame.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __reduce__(self):
        """Copies and pickles keep what python-chess's keep: the fields, a program's own
        attributes, the nodes below (made from the record first)."""
        return (_unpickled, (type(self),), self.__getstate__())

    def __getstate__(self) -> dict:
        state = {name: getattr(self, name) for name in (_GAME_FIELDS if isinstance(self, Game) else _FIELDS)}
        own = getattr(self, "__dict__", None)  # (uncompiled: every field too)
        if own:
            for name, value in own.items():
                if name not in state and name not in _PRIVATE:
                    state[name] = value
        return state

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            if name == "parent":
                self._parent = value  # (a node being made: no ply below it was kept)
            else:
                setattr(self, name, value)


def _identity(node):
    return node


def _node_move(node):
    return node.move


@cython.cclass
class ChildNode(GameNode):
    """A node after a move: the move, the comment before it (if it starts a variation), the NAGs
    and comment after it."""

    def __init__(self, parent, move, *, comment="", starting_comment="", nags=()) -> None:
        super().__init__(comment=comment)
        self._parent = parent  # (a new node: no ply below it was kept)
        self.move = move
        parent.variations.append(self)
        if nags:
            self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self):
        if self._tree is not None and not self._tree.kept:
            board = self._tree.root.board()
            replay_line(board, self._tree, self._index)
            return board
        nodes = []
        node = self
        while True:
            if isinstance(node, GameNode):
                move, parent = cython.cast(GameNode, node).move, cython.cast(GameNode, node)._parent
            else:
                move, parent = node.move, node.parent
            if move is None or parent is None:
                break
            nodes.append(node)
            node = parent
        board = node.game().board()
        replay(board, nodes)
        return board

    def ply(self) -> int:
        return _child_ply(self)

    def san(self) -> str:
        """The SAN of this node's move."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960=None) -> str:
        """The UCI of this node's move."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def _accept_node(self, parent_board, visitor) -> None:
        """The node's own visits: starting comment, move, board after it, NAGs, comment."""
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(parent_board, self.move)
        parent_board.push(self.move)
        visitor.visit_board(parent_board)
        parent_board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, parent_board, visitor, *, sidelines=True) -> None:
        """Walks the line from this node in PGN order: each node, then its siblings as side
        variations (when `sidelines`), then its main child. An explicit stack of steps, so that
        a game of any length walks without recursion."""
        board = parent_board
        steps: list = [(_NODE, self, sidelines)]
        while steps:
            kind, node, flag = steps.pop()
            if kind is _NODE:
                node._accept_node(board, visitor)
                if node.variations:
                    steps.append((_POP, None, False))
                    steps.append((_NODE, node.variations[0], True))
                    steps.append((_PUSH, node, False))
                if flag:
                    for sibling in reversed(node.parent.variations[1:]):
                        steps.append((_END, None, False))
                        steps.append((_BEGIN, sibling, False))
            elif kind is _PUSH:
                board.push(node.move)
            elif kind is _POP:
                board.pop()
            elif kind is _BEGIN:
                if visitor.begin_variation() is not SKIP:
                    steps.append((_NODE, node, False))
            else:
                visitor.end_variation()

    def accept(self, visitor):
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            parent_board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if parent_board.turn == WHITE else "..."
        return (f"<{type(self).__name__} at {id(self):#x} "
                f"({parent_board.fullmove_number}{dots} {parent_board.san(self.move)} ...)>")


set_node_type(ChildNode)  # (the class of the nodes a record makes)

# the steps of ChildNode._accept's walk
_NODE, _PUSH, _POP, _BEGIN, _END = "node", "push", "pop", "begin", "end"


@cython.cclass
class Game(GameNode):
    """The root of a game: its headers (the Seven Tag Roster by default), the comment before
    the first move, and the errors a reader met."""

    if not cython.compiled:  # (compiled, C fields of nodes.pxd, which start at 0 and None)
        _start_ply = _start_epoch = 0
        _start_headers: Any = None

    def __init__(self, headers=None) -> None:
        super().__init__()
        self.headers: Any = Headers(headers)
        self.errors: list = []

    def board(self):
        return self.headers.board()

    def ply(self) -> int:
        return _game_ply(self)

    def setup(self, board) -> None:
        """Starts the game from a board or a FEN: sets or clears the FEN, SetUp and Variant tags."""
        try:
            fen = board.fen()
            setup = board
        except AttributeError:
            setup = _board_from_fen(board)
            fen = setup.fen()
        board_class = type(setup)
        if fen == board_class.starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        variant = board_class.aliases[0]
        if variant == "Standard" and setup.chess960:
            self.headers["Variant"] = "Chess960"
        elif variant != "Standard":
            self.headers["Variant"] = variant
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor):
        """Walks the whole game in PGN order with `visitor`; its result."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self):
        """The TimeControl header read (UNKNOWN without one)."""
        from .timecontrol import parse_time_control
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board):
        """A game of a board's move stack, from its root position, with its result."""
        game = cls()
        game.setup(board.root())
        node = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls):
        """An empty game with no headers at all."""
        return cls(headers={})

    @classmethod
    def builder(cls):
        """A GameBuilder that builds games of this class (for read_game's Visitor)."""
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        headers = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (f"<{type(self).__name__} at {id(self):#x} ({headers.get('White', '?')!r} vs. "
                f"{headers.get('Black', '?')!r}, {headers.get('Date', '????.??.??')!r} at "
                f"{headers.get('Site', '?')!r}{errors})>")


@cython.cfunc
def _child_ply(node: ChildNode):
    """ChildNode.ply() of `node`: its plies from the root (kept: depth_of; else the record's) and
    the root's ply()."""
    tree: Tree = node._tree  # type: ignore[assignment]  # (None for a node of a program's)
    ply: cython.Py_ssize_t
    root: Any
    if tree is not None and not tree.kept:
        root = tree.root
        ply = tree.depth(node._index)
    else:
        ply = depth_of(node)
        if ply < 0:  # (a parent up the line is a program's own: walked as python-chess walks it)
            ply = 0
            above = node
            parent = parent_of(above)
            while parent is not None:
                ply += 1
                above = parent
                parent = parent_of(above)
            return above.game().ply() + ply
        root = node._root
        if not isinstance(root, Game):
            raise AssertionError("GameNode not rooted in Game")
    if type(root) is Game:
        return _game_ply(root) + ply  # (C ints: boxed once)
    return root.ply() + ply


@cython.cfunc
@cython.exceptval(-1, check=True)
def _game_ply(game: Game) -> cython.Py_ssize_t:
    """Game.ply() of `game`: 0 without a FEN, else its board's; kept while its headers are the
    same Headers and no program changed a FEN or Variant tag (record.retag: Headers tells it)."""
    headers = game.headers
    if game._start_epoch == retags() and game._start_headers is headers:
        return game._start_ply
    if type(headers) is Headers:  # (its FEN, if any, among the tags past the roster)
        ply: cython.Py_ssize_t = game.board().ply() if "FEN" in headers._others else 0
        game._start_ply, game._start_epoch, game._start_headers = ply, retags(), headers
        return ply
    if "FEN" not in headers:
        return 0
    return game.board().ply()


def _board_from_fen(fen: str):
    """The board of a FEN given to setup(): Chess960 when its castling rights need it."""
    from ..board import Board
    board = Board(fen)
    board.chess960 = board.has_chess960_castling_rights()
    return board


class GameBuilder(BaseVisitor):
    """Builds the game tree (a `Game`, or the class given); errors go to `game.errors` and the
    log (override handle_error to do otherwise)."""

    def __init__(self, *, Game=Game) -> None:  # noqa: N803  (python-chess's keyword)
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: list = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self):
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        node = self.variation_stack[-1]
        if self.in_variation or (node.parent is None and node.is_end()):
            # after a move (or before any move of the game): the node's own comment
            node.comment = " ".join(filter(None, (node.comment, comment)))
        else:
            # before the first move of a variation
            self.starting_comment = " ".join(filter(None, (self.starting_comment, comment)))

    def visit_move(self, board, move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Records the error in `game.errors` and logs it ("chess.pgn"), and reading goes on."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self):
        return self.game


@cython.final
@cython.cclass
class MainlineNodes:
    """The nodes of the main line after `start`, one at a time (a main line's iterator). The
    node after the one handed out is made first and held here: a node made from a record lives
    only while held (record.Tree.keep), so that node.next() finds it."""

    _node: object  # the node handed out last (at first, `start`)
    _ahead: object  # the node after it, None when not known

    def __init__(self, start) -> None:
        self._node = start
        self._ahead = None

    def __iter__(self):
        return self

    def __next__(self):
        node = self._ahead
        unwritten: cython.bint = _unwritten(self._node)  # (else a program may have changed the line since)
        if node is None or not unwritten:
            node = next_of(self._node)
            if node is None:
                raise StopIteration
            unwritten = _unwritten(node)
        self._node = node
        self._ahead = next_of(node) if unwritten else None  # (kept nodes live on their own)
        return node


@cython.cfunc
def _unwritten(node) -> cython.bint:
    """Whether `node` was made from a record that no program wrote to (no line of it changed)."""
    if isinstance(node, GameNode):
        tree: Tree | None = cython.cast(GameNode, node)._tree
        return tree is not None and not tree.kept
    return False


class Mainline(Generic[MainlineMapT]):
    """The main line after a node, mapped by `f` (nodes, or moves): iterable both ways; true
    when not empty."""

    def __init__(self, start: GameNode, f) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return next_of(self.start) is not None

    def __iter__(self):
        if self.f is _identity:
            return MainlineNodes(self.start)
        return self._mapped()

    def _mapped(self):
        node = self.start
        f = self.f
        if f is _node_move and isinstance(node, GameNode):
            tree: Tree = cython.cast(GameNode, node)._tree
            if tree is not None and not tree.kept and cython.cast(GameNode, node)._variations is None:
                yield from record_moves(tree, cython.cast(GameNode, node)._index)  # (no node made)
                return
        while True:
            node = next_of(node)
            if node is None:
                return
            ahead = next_of(node)  # noqa: F841  (as MainlineNodes holds it)
            if f is _node_move and isinstance(node, GameNode):
                yield cython.cast(GameNode, node).move
            else:
                yield f(node)

    def __reversed__(self):
        node = self.start.end()
        while node.parent and node != self.start:
            yield self.f(node)
            node = node.parent

    def accept(self, visitor):
        """Walks the main line's nodes (no variations) with `visitor`; its result."""
        node = self.start
        board = self.start.board()
        while True:
            node = next_of(node)
            if node is None:
                break
            node._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"
