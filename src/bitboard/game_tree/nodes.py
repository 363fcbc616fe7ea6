"""The game tree: a Game (headers, starting position) whose nodes each hold the move that leads
to them, the variations that follow (the first is the main line), comments and NAGs.

A node stores no board: board() replays the moves from the root, as in python-chess.

A game read by read_game's default builder is kept in a compact record (Tree): per node five
ints (its parent, first child, next sibling, the move's fields, the board's move code), its
comment, and the rare starting comments and NAGs in dicts; no object per node, so that a list
of games holds a few objects a game for the cyclic garbage collector to walk. A node is made
from the record when first reached (next(), variations, mainline() ...), with a Move of its
own, and kept from then on: reached again, it is the same object, and what a program changes
on it (its comment, NAGs, variations, move) is the node's own from then on. A node's
variations list and NAG set are likewise made when first asked for; compiled, its Move and NAG
set are off the garbage collector's list (they hold no way back: core/native's untrack), so a
walk adds two objects a node for the collector to walk (the node, its variations), not four.

Compiled, the nodes are C types (cdef classes with a __dict__ for a program's own attributes,
subclassable as python-chess's are): reading a node's fields, walking the main line, ply(),
turn() and the comment's commands (annotations) run without Python code, and board() replays
the recorded move codes while the moves are the ones read (else it pushes the nodes' Moves)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from typing import Any, Generic, TypeVar

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    import array

    from ..board import Board
    from ..core.native import untrack
    from ..move import Move, _move_of, move_key
    from .annotations import clock as comment_clock
    from .annotations import emt as comment_emt
    from .annotations import eval_depth as comment_eval_depth
    from .annotations import eval_found, parse_arrows, parse_eval, pov_score

from ..piece import WHITE
from . import annotations
from .exporting import StringExporter
from .headers import Headers
from .visitors import LOGGER, SKIP, BaseVisitor

GameT = TypeVar("GameT", bound="Game")
MainlineMapT = TypeVar("MainlineMapT")

# a node's ints in Tree.links: LINKS of them, at these offsets
LINKS = cython.declare(cython.Py_ssize_t, 5)
_PARENT = cython.declare(cython.Py_ssize_t, 0)
_FIRST = cython.declare(cython.Py_ssize_t, 1)  # the first child, -1 for none
_NEXT = cython.declare(cython.Py_ssize_t, 2)  # the next sibling, -1 for none
_KEY = cython.declare(cython.Py_ssize_t, 3)  # the code of the node's Move's fields (fields_code, move_key)
_CODE = cython.declare(cython.Py_ssize_t, 4)  # the board's move code (core/encoding), -1 where not known

_INTS = array.array("i")  # (compiled, each record's array is cloned from this one)

# the names python-chess's nodes keep in their __dict__, in its order (copies and pickles)
_FIELDS = ("parent", "move", "variations", "comment", "starting_comment", "nags")
_GAME_FIELDS = _FIELDS + ("headers", "errors")
_PRIVATE = frozenset(("_parent", "_variations", "_nags", "_tree", "_index", "_depth", "_epoch", "_root"))

# how many times a program set a node's parent: each node's ply and root, once found, are kept
# while this count stays the same (a new node's parent is its own, set when made)
_reparented = cython.declare(cython.Py_ssize_t, 0)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _get(links: array.array, k: cython.Py_ssize_t) -> cython.int:
    if cython.compiled:
        return links.data.as_ints[k]
    else:
        return links[k]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _set(links: array.array, k: cython.Py_ssize_t, value: cython.int) -> cython.void:
    if cython.compiled:
        links.data.as_ints[k] = value
    else:
        links[k] = value


@cython.final
@cython.cclass
class Tree:
    """A game's moves, comments and NAGs as a reader found them, and the nodes made of them so far."""

    def __init__(self) -> None:
        if cython.compiled:
            self.links = array.clone(_INTS, 0, False)
        else:
            self.links = array.array("i")
        self.size = 0
        self.comments: list = []
        self.starting: dict | None = None
        self.nags: dict | None = None
        self.made: list | None = None
        self.root: GameNode | None = None
        self.start_key = 0

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def append(self, parent: cython.Py_ssize_t, key: cython.int, code: cython.int) -> cython.Py_ssize_t:
        """Adds a node after the others of `parent` (-1: the root); its index."""
        i: cython.Py_ssize_t = self.size
        links: array.array = self.links
        if cython.compiled:
            array.resize_smart(links, LINKS * (i + 1))
            p: cython.p_int = links.data.as_ints + LINKS * i
            p[_PARENT] = parent
            p[_FIRST] = -1
            p[_NEXT] = -1
            p[_KEY] = key
            p[_CODE] = code
        else:
            links.extend((parent, -1, -1, key, code))
        self.comments.append(None)
        self.size = i + 1
        if parent >= 0:
            last: cython.Py_ssize_t = _get(links, LINKS * parent + _FIRST)
            if last < 0:
                _set(links, LINKS * parent + _FIRST, i)
            else:
                while _get(links, LINKS * last + _NEXT) >= 0:
                    last = _get(links, LINKS * last + _NEXT)
                _set(links, LINKS * last + _NEXT, i)
        return i

    @cython.cfunc
    def trim(self) -> cython.void:
        """Gives back the room the links' array grew into."""
        if cython.compiled:
            array.resize(self.links, LINKS * self.size)

    @cython.cfunc
    def node(self, i: cython.Py_ssize_t) -> "GameNode":
        """The node of index i, made (with those above it) if it was not yet."""
        made = self.made
        if made is None:
            made = self.made = [None] * self.size
            made[0] = self.root
        found = made[i]
        if found is not None:
            return found
        p: cython.Py_ssize_t = _get(self.links, LINKS * i + _PARENT)
        parent = made[p]
        if parent is not None:
            return self.make(i, parent)
        chain = [i]  # (deep in a line not reached yet: the nodes from the first made one down)
        while made[p] is None:
            chain.append(p)
            p = _get(self.links, LINKS * p + _PARENT)
        node = made[p]
        for k in reversed(chain):
            node = self.make(k, node)
        return node

    @cython.cfunc
    def make(self, i: cython.Py_ssize_t, parent: "GameNode") -> "GameNode":
        """Node i made, a child of `parent` (made): its Move, comments and place in the record."""
        node: ChildNode = ChildNode.__new__(ChildNode)
        node._parent = parent
        node._depth = node._epoch = -1
        node.move = _move_of(_get(self.links, LINKS * i + _KEY))  # (a Move of its own: none else holds it)
        comment = self.comments[i]
        node.comment = "" if comment is None else comment
        node.starting_comment = self.starting.get(i, "") if self.starting is not None else ""
        node._variations = None
        node._nags = None
        node._tree = self
        node._index = i
        self.made[i] = node  # type: ignore[index]  # (made by node(), which calls this)
        return node

    @cython.cfunc
    @cython.exceptval(check=False)
    def parent_index(self, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """Node i's parent's index (-1 for the root)."""
        return _get(self.links, LINKS * i + _PARENT)

    @cython.cfunc
    def first(self, i: cython.Py_ssize_t):
        """Node i's first child (made if need be), or None."""
        child: cython.Py_ssize_t = _get(self.links, LINKS * i + _FIRST)
        if child < 0:
            return None
        return self.node(child)

    @cython.cfunc
    def children(self, i: cython.Py_ssize_t) -> list:
        """A new list of node i's children, made if need be."""
        out: list = []
        child: cython.Py_ssize_t = _get(self.links, LINKS * i + _FIRST)
        while child >= 0:
            out.append(self.node(child))
            child = _get(self.links, LINKS * child + _NEXT)
        return out

    @cython.cfunc
    def nag_set(self, i: cython.Py_ssize_t) -> set:
        """A new set of node i's NAGs, off the garbage collector's list (core/native's untrack): it
        holds ints, and no collection need walk the sets of a list of kept games' nodes (a program
        that put an object leading back to the set into it would keep it from being collected)."""
        nags: set = set() if self.nags is None else set(self.nags.get(i, ()))
        untrack(nags)
        return nags


@cython.cfunc
def new_tree(game: "Game", start_key: cython.ulonglong) -> Tree:
    """A record for `game`'s moves (read from a board of Zobrist key `start_key`): the game its
    root, whose variations and NAGs come from it from now on."""
    tree: Tree = Tree()
    tree.append(-1, 0, -1)
    tree.root = game
    tree.start_key = start_key
    game._tree = tree
    game._index = 0
    game._variations = None
    return tree


@cython.cfunc
def _first(node: "GameNode"):
    """The node's first variation, or None, made from the record if need be (no list made)."""
    variations = node._variations
    if variations is not None:
        return variations[0] if variations else None
    if node._tree is None:
        return None
    return node._tree.first(node._index)


@cython.cfunc
def _next_of(node):
    """_first() of any node (a node-like object of a program's: by its variations)."""
    if isinstance(node, GameNode):
        return _first(node)
    variations = node.variations
    return variations[0] if variations else None


@cython.cfunc
def _parent_of(node):
    if isinstance(node, GameNode):
        return cython.cast(GameNode, node)._parent
    return node.parent


@cython.cfunc
@cython.exceptval(-1, check=True)
def _depth_of(node: "GameNode") -> cython.Py_ssize_t:
    """The plies from the root to `node` (its _root set too), kept for the next call; -2 where a
    parent up the line is not a GameNode (the caller then walks the line as python-chess does)."""
    if node._epoch == _reparented and node._depth >= 0:
        return node._depth
    line: list = []  # the nodes whose depth is not known, from `node` up
    top: GameNode = node
    parent: object
    above: GameNode
    while True:
        parent = top._parent
        if parent is None:
            top._depth, top._root, top._epoch = 0, top, _reparented
            break
        if not isinstance(parent, GameNode):
            return -2
        line.append(top)
        above = parent
        if above._epoch == _reparented and above._depth >= 0:
            break
        top = above
    k: cython.Py_ssize_t
    for k in range(len(line) - 1, -1, -1):
        top = line[k]
        above = top._parent
        top._depth, top._root, top._epoch = above._depth + 1, above._root, _reparented
    return node._depth


@cython.cfunc
def _replay(board, nodes: list) -> cython.void:
    """Pushes the moves of `nodes` (from the last, the root's child, to the first) on `board`,
    the root's position: the recorded move codes while the nodes are a record's line with the
    moves read, from the board the record was read from; their Moves from there on."""
    k: cython.Py_ssize_t = len(nodes) - 1
    tree: Tree
    node: GameNode
    position: Board
    parent: cython.Py_ssize_t = 0
    key: cython.int
    code: cython.int
    if k >= 0 and type(board) is Board and isinstance(nodes[k], GameNode):
        node = nodes[k]
        if node._tree is not None and node._tree.root is node.parent:
            tree = node._tree
            position = board
            if position._key == tree.start_key:
                while k >= 0:
                    node = nodes[k]
                    if node._tree is not tree or _get(tree.links, LINKS * node._index + _PARENT) != parent:
                        break
                    key = _get(tree.links, LINKS * node._index + _KEY)
                    code = _get(tree.links, LINKS * node._index + _CODE)
                    if code < 0 or move_key(node.move) != key or _touched(node.move):
                        break
                    position._push_unshown(code, None)
                    parent = node._index
                    k -= 1
                position._show_state()
    while k >= 0:
        board.push(nodes[k].move)
        k -= 1


@cython.cfunc
@cython.exceptval(-1, check=True)
def _touched(move) -> cython.bint:
    """Whether a program set anything on this Move (of this library)."""
    if cython.compiled:
        return cython.cast(Move, move)._touched
    else:
        return move._touched


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
class GameNode:
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
        return self._parent

    @parent.setter
    def parent(self, parent) -> None:
        global _reparented
        self._parent = parent
        _reparented += 1  # (the plies kept below it may be wrong now: none is used again)

    @property
    def variations(self) -> list:
        """The child nodes, the main line's first (python-chess's list)."""
        if self._variations is None:
            self._variations = [] if self._tree is None else self._tree.children(self._index)
        return self._variations

    @variations.setter
    def variations(self, variations) -> None:
        self._variations = variations

    @property
    def nags(self) -> set:
        """The NAGs of the move to this node (python-chess's set)."""
        if self._nags is None:
            self._nags = set() if self._tree is None else self._tree.nag_set(self._index)
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
        while _parent_of(node):
            node = _parent_of(node)
        return node

    def game(self):
        """The Game at the root."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self):
        """The last node of the main line from here."""
        node = self
        while True:
            child = _next_of(node)
            if child is None:
                return node
            node = child

    def is_end(self) -> bool:
        return _first(self) is None

    def starts_variation(self) -> bool:
        """Whether this node begins a side variation (and so may have a starting comment)."""
        if not self.parent:
            return False
        first = _next_of(self.parent)
        return first is not None and first != self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node = self
        while True:
            parent = _parent_of(node)
            if not parent:
                return True
            first = _next_of(parent)
            if first is None or first != node:
                return False
            node = parent

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first variation (the root is)."""
        if not self.parent:
            return True
        first = _next_of(self.parent)
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
        return _first(self)

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
        self.comment = annotations.replace_command(self.comment, annotations.EVAL_REGEX,
                                                   annotations.eval_text(score, depth), before_newline=False)

    def arrows(self) -> list:
        """The arrows and marked squares of the comment's [%csl] and [%cal] commands."""
        return parse_arrows(self.comment)

    def set_arrows(self, arrows) -> None:
        """Replaces every [%csl] and [%cal] command by those of `arrows` (put first)."""
        self.comment = annotations.with_arrows(self.comment, arrows)

    def clock(self):
        """The first [%clk] in seconds (the fraction as written), or None."""
        return comment_clock(self.comment)

    def set_clock(self, seconds) -> None:
        """Replaces the first [%clk] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%clk {annotations.duration_text(seconds)}]"
        self.comment = annotations.replace_command(self.comment, annotations.CLOCK_REGEX, text)

    def emt(self):
        """The first [%emt] (elapsed move time) in seconds, or None."""
        return comment_emt(self.comment)

    def set_emt(self, seconds) -> None:
        """Replaces the first [%emt] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%emt {annotations.duration_text(seconds)}]"
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
        _replay(board, nodes)
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


# the steps of ChildNode._accept's walk
_NODE, _PUSH, _POP, _BEGIN, _END = "node", "push", "pop", "begin", "end"


@cython.cclass
class Game(GameNode):
    """The root of a game: its headers (the Seven Tag Roster by default), the comment before
    the first move, and the errors a reader met."""

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
    """ChildNode.ply() of `node`: its plies from the root (kept: _depth_of) and the root's ply()."""
    ply: cython.Py_ssize_t = _depth_of(node)
    if ply >= 0:
        root = node._root
        if not isinstance(root, Game):
            raise AssertionError("GameNode not rooted in Game")
        if type(root) is Game:
            return _game_ply(root) + ply
        return root.ply() + ply
    ply = 0
    above = node
    parent = _parent_of(above)
    while parent is not None:
        ply += 1
        above = parent
        parent = _parent_of(above)
    return above.game().ply() + ply


@cython.cfunc
def _game_ply(game: Game):
    """Game.ply() of `game`: 0 without a FEN, else its board's."""
    headers = game.headers
    if type(headers) is Headers:  # (its FEN, if any, among the tags past the roster)
        if "FEN" not in headers._others:
            return 0
    elif "FEN" not in headers:
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


class Mainline(Generic[MainlineMapT]):
    """The main line after a node, mapped by `f` (nodes, or moves): iterable both ways; true
    when not empty."""

    def __init__(self, start: GameNode, f) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return _next_of(self.start) is not None

    def __iter__(self):
        node = self.start
        f = self.f
        while True:
            node = _next_of(node)
            if node is None:
                return
            if f is _identity:
                yield node
            elif f is _node_move and isinstance(node, GameNode):
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
            node = _next_of(node)
            if node is None:
                break
            node._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"
