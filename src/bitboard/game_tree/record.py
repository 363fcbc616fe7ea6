"""The compact record a reader keeps a game in (Tree), and the C part of every game-tree node
(RecordNode, the base of nodes.GameNode) that ties a node to it.

A game read by read_game's default builder is kept in a record: per node six ints (its parent,
first child, next sibling, the move's fields, the board's move code, its depth), its comment, and
the rare starting comments and NAGs in dicts; no object per node, so that a list of games holds
a few objects a game for the cyclic garbage collector to walk. A node is made from the record
when a program reaches it (next(), variations, mainline() ...): compiled, it lives while the
program holds it, until the program first writes to the game, and from then on every node made
is kept (Tree.keep says why). Reached again, a node held or kept is the same object; its Move is
the record's, made once. The main line's moves, a node's board and ply are read from the record
itself while no node of the game changed."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from typing import TYPE_CHECKING, Any

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    import array

    from ..board import Board
    from ..core.native import address_of, generic_delattr, living_at, track_again, untrack
    from ..move import Move, _new_move_of, move_key

    PyObject_GenericSetAttr = object.__setattr__
    PyList_Append = list.append

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.object import PyObject, PyTypeObject

# a node's ints in Tree.links: LINKS of them, at these offsets
LINKS = cython.declare(cython.Py_ssize_t, 6)
_PARENT = cython.declare(cython.Py_ssize_t, 0)
_FIRST = cython.declare(cython.Py_ssize_t, 1)  # the first child, -1 for none
_NEXT = cython.declare(cython.Py_ssize_t, 2)  # the next sibling, -1 for none
_KEY = cython.declare(cython.Py_ssize_t, 3)  # the code of the node's Move's fields (fields_code, move_key)
_CODE = cython.declare(cython.Py_ssize_t, 4)  # the board's move code (core/encoding), -1 where not known
_DEPTH = cython.declare(cython.Py_ssize_t, 5)  # the plies from the root

_INTS = array.array("i")  # (compiled, each record's array is cloned from this one)
_ADDRESSES = array.array("q")  # (Tree.living's, likewise)

# a node's three places in Tree.living (at 3 * index + these): its node, variations list, NAG set
_NODE_AT = cython.declare(cython.Py_ssize_t, 0)
_LIST_AT = cython.declare(cython.Py_ssize_t, 1)
_NAGS_AT = cython.declare(cython.Py_ssize_t, 2)


# how many times a program set a node's parent: each node's ply and root, once found, are kept
# while this count stays the same (a new node's parent is its own, set when made)
_reparented = cython.declare(cython.Py_ssize_t, 0)


@cython.trashcan(True)  # (a node may hold the only reference to a long line of parents)
@cython.cclass
class RecordNode:
    """The fields of a game-tree node, and what ties it to the record it was made from: any write
    from outside keeps the record's nodes from then on (Tree.keep); a node not kept takes itself
    out of the record's living ones as it dies. nodes.GameNode is the class programs see."""

    if TYPE_CHECKING:  # (the C fields of record.pxd, to type checkers; GameNode.__init__ sets them)
        _parent: Any
        move: Any
        comment: Any
        starting_comment: Any
        _variations: list | None
        _nags: set | None
        _tree: "Tree | None"
        _index: int
        _depth: int
        _epoch: int
        _root: Any

    def __setattr__(self, name, value) -> None:
        # (compiled, the classes' own code sets the C fields directly, not through here)
        if cython.compiled:
            wrote(self._tree)
        PyObject_GenericSetAttr(self, name, value)

    def __delattr__(self, name) -> None:
        if cython.compiled:
            wrote(self._tree)
        generic_delattr(self, name)

    def __dealloc__(self) -> None:
        if self._tree is not None and not self._tree.kept:
            self._tree.forget(3 * self._index + _NODE_AT, self)


_node_type = cython.declare(object, None)  # (nodes.ChildNode: set_node_type)
_NO_ARGUMENTS = ()


def set_node_type(node_type) -> None:
    """The class of the nodes Tree.make makes (nodes.ChildNode, which sets it once defined)."""
    global _node_type
    _node_type = node_type


@cython.cfunc
def _new_child() -> RecordNode:
    """A new node of the nodes' class, its fields None, made without calling __init__."""
    if cython.compiled:
        return cython.cast(RecordNode, cython.cast(cython.pointer(PyTypeObject), _node_type).tp_new(
            _node_type, cython.cast(cython.pointer(PyObject), _NO_ARGUMENTS), cython.NULL))
    return _node_type.__new__(_node_type)


# how many times a program changed a FEN or Variant tag (retag): each game's starting ply, once
# found, is kept while this count stays the same (from 1: a game's count starts at 0, none kept)
_retagged = cython.declare(cython.Py_ssize_t, 1)


@cython.ccall
def retag() -> cython.void:
    """A program changed a FEN or Variant tag: every game's starting ply, kept while no program
    did, is found again when next asked for (nodes' Game.ply)."""
    global _retagged
    _retagged += 1


@cython.cfunc
@cython.exceptval(check=False)
def retags() -> cython.Py_ssize_t:
    """The count retag() keeps."""
    return _retagged


@cython.ccall
def reparent() -> cython.void:
    """A program set a node's parent: every node's ply and root, kept while no program did, are
    found again when next asked for (depth_of)."""
    global _reparented
    _reparented += 1


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
        untrack(self.links)  # (an array holds no object: none of them need the collector's walks)
        self.size = 0
        self.comments: list = []
        untrack(self.comments)  # (it holds strs alone: no collection need visit each, as a full one would)
        self.starting: dict | None = None
        self.nags: dict | None = None
        self.made: list | None = None
        self.root: RecordNode | None = None
        self.start_key = 0
        self.kept = not cython.compiled  # (uncompiled, nodes are kept as made, as python-chess's are)
        self.moves: list | None = None
        self.living: array.array | None = None

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
            p[_DEPTH] = 0 if parent < 0 else links.data.as_ints[LINKS * parent + _DEPTH] + 1
        else:
            links.extend((parent, -1, -1, key, code, 0 if parent < 0 else links[LINKS * parent + _DEPTH] + 1))
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
    def node(self, i: cython.Py_ssize_t) -> "RecordNode":
        """The node of index i: the one made before where it is kept or still alive, else made
        now (kept: with those above it that are not; else its parent made when first asked for)."""
        found = self.found(i)
        if found is not None:
            return found
        if not self.kept:
            return self.make(i, None)  # (Tree.make: its parent made when first asked for)
        chain = []  # (the nodes from i up to the first one found)
        parent: cython.Py_ssize_t = i
        while found is None:
            chain.append(parent)
            parent = _get(self.links, LINKS * parent + _PARENT)
            found = self.found(parent)
        k: cython.Py_ssize_t
        for k in range(len(chain) - 1, -1, -1):
            found = self.make(chain[k], found)
        return found

    @cython.cfunc
    def found(self, i: cython.Py_ssize_t):
        """Node i where it was made before and is kept, or (the tree not kept) is still alive; else None."""
        if self.kept:
            made = self.made
            if made is None:
                made = self.made = [None] * self.size
                made[0] = self.root
            return made[i]
        return self.root if i == 0 else self.alive(3 * i + _NODE_AT)

    @cython.cfunc
    def child(self, i: cython.Py_ssize_t, parent: "RecordNode") -> "RecordNode":
        """Node i, a child of `parent`: the one made before where it is kept or alive, else made now."""
        found = self.found(i)
        if found is not None:
            return found
        return self.make(i, parent)

    @cython.cfunc
    def make(self, i: cython.Py_ssize_t, parent) -> "RecordNode":
        """Node i made, a child of `parent` (None: made when first asked for, the tree not kept):
        its Move (the one it had if it was made before), comments and place in the record. Kept
        where the tree is; else off the collector's list, and found again while it lives
        (Tree.keep says why)."""
        node: RecordNode = _new_child()
        above: RecordNode
        node._parent = parent
        if not self.kept:  # (no node of the tree had its parent set: its depth is the record's)
            node._depth, node._root, node._epoch = _get(self.links, LINKS * i + _DEPTH), self.root, _reparented
        else:  # (kept: its parent made, whose depth is known while no parent was set since)
            above = parent
            if above._epoch == _reparented and above._depth >= 0:
                node._depth, node._root, node._epoch = above._depth + 1, above._root, _reparented
            else:
                node._depth = node._epoch = -1
        node.move = self.move_at(i)
        comment = self.comments[i]
        node.comment = "" if comment is None else comment
        node.starting_comment = self.starting.get(i, "") if self.starting is not None else ""
        node._variations = None
        node._nags = None
        node._tree = self
        node._index = i
        if self.kept:
            self.made[i] = node  # type: ignore[index]  # (made by node(), which calls this)
        else:
            untrack(node)
            self.register(3 * i + _NODE_AT, node)
        return node

    @cython.cfunc
    @cython.exceptval(check=False)
    def depth(self, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """Node i's plies from the root."""
        return _get(self.links, LINKS * i + _DEPTH)

    @cython.cfunc
    @cython.exceptval(check=False)
    def parent_index(self, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """Node i's parent's index (-1 for the root)."""
        return _get(self.links, LINKS * i + _PARENT)

    @cython.cfunc
    def move_at(self, i: cython.Py_ssize_t):
        """Node i's Move: the one made before, or one made now and kept (a node made again has it)."""
        moves = self.moves
        if moves is None:
            moves = self.moves = [None] * self.size
            # Off the collector's list, as its Moves are (move._new_move_of): no collection visits
            # each of a list of walked games' Moves. A program's attribute on a Move puts the Move
            # back on it, not this list: an attribute that leads back to the game keeps the game.
            untrack(moves)
        move = moves[i]
        if move is None:
            # (a Move of its own, not the Move cache's: the game keeps it, and the cache's stays
            # free for the boards and lists of moves that take one and let it go)
            move = moves[i] = _new_move_of(_get(self.links, LINKS * i + _KEY))
        return move

    @cython.cfunc
    def first(self, parent: "RecordNode"):
        """The first child of `parent` (made from this record; made if need be), or None."""
        child: cython.Py_ssize_t = _get(self.links, LINKS * parent._index + _FIRST)
        if child < 0:
            return None
        return self.child(child, parent)

    @cython.cfunc
    def children(self, parent: "RecordNode", out: list) -> list:
        """`out` (a new list, or Variations) with the children of `parent` (made from this record,
        if need be) appended."""
        child: cython.Py_ssize_t = _get(self.links, LINKS * parent._index + _FIRST)
        while child >= 0:
            PyList_Append(out, self.child(child, parent))  # (list's own: not a Variations' append)
            child = _get(self.links, LINKS * child + _NEXT)
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def last(self, i: cython.Py_ssize_t) -> cython.Py_ssize_t:
        """The index of the last node of the main line from node i."""
        child: cython.Py_ssize_t = _get(self.links, LINKS * i + _FIRST)
        while child >= 0:
            i = child
            child = _get(self.links, LINKS * i + _FIRST)
        return i

    @cython.cfunc
    def nag_set(self, i: cython.Py_ssize_t) -> set:
        """A new set of node i's NAGs, off the garbage collector's list (core/native's untrack): it
        holds ints, and no collection need walk the sets of a list of kept games' nodes (a program
        that put an object leading back to the set into it would keep it from being collected)."""
        nags: set = set() if self.nags is None else set(self.nags.get(i, ()))
        untrack(nags)
        return nags

    @cython.cfunc
    def alive(self, at: cython.Py_ssize_t):
        """The node, variations list or NAG set at `at` in `living`, while it lives; or None."""
        if cython.compiled and self.living is not None:
            return living_at(self.living.data.as_longlongs[at])
        return None

    @cython.cfunc
    def register(self, at: cython.Py_ssize_t, found) -> cython.void:
        """Notes `found` at `at` in `living`: its address, no reference (it forgets itself as it
        dies). Compiled only: uncompiled, the tree is kept from the start."""
        if cython.compiled:
            if self.living is None:
                self.living = array.clone(_ADDRESSES, 3 * self.size, True)
                untrack(self.living)
            self.living.data.as_longlongs[at] = address_of(found)

    @cython.cfunc
    @cython.exceptval(check=False)
    def forget(self, at: cython.Py_ssize_t, found) -> cython.void:
        """`found`, dying, taken out of `living` (if it is there)."""
        if cython.compiled and self.living is not None and self.living.data.as_longlongs[at] == address_of(found):
            self.living.data.as_longlongs[at] = 0

    @cython.cfunc
    def keep(self) -> cython.void:
        """From now on, keep every node made (a program wrote to the game).

        Until a program writes to a game read from PGN, its nodes are made as they are reached
        and live only while the program holds them (or a node below them): each holds its parent
        and the tree, nothing holds them but `living`'s borrowed pointers, and so they are off the
        cyclic garbage collector's list. A list of kept games then walks at the speed of the
        nodes' own work, with no collection walking a node, and takes the memory of its records
        only. Reached again while alive, a node is the same object; its Move and what the record
        holds are the same whenever it is made. A write would be lost with the node that holds
        it, so the first one (a field, a program's own attribute, its variations list or NAG set
        changed) makes the game's nodes kept from then on, as python-chess's are: the living
        nodes, lists and sets become the kept ones, back on the collector's list (a node then
        holds its variations, which hold it: a cycle only the collector frees)."""
        if self.kept:
            return
        self.kept = True
        made: list = [None] * self.size
        made[0] = self.root
        self.made = made
        i: cython.Py_ssize_t
        for i in range(1, self.size):
            node = self.alive(3 * i + _NODE_AT)
            if node is not None:
                made[i] = node
                track_again(node)
        for i in range(1, self.size):  # (a parent's index is below its children's)
            node = made[i]
            if node is not None and cython.cast(RecordNode, node)._parent is None:
                cython.cast(RecordNode, node)._parent = self.node(_get(self.links, LINKS * i + _PARENT))
        for i in range(self.size):  # (each list and set its node's own now, no longer the tree's)
            variations = self.alive(3 * i + _LIST_AT)
            if variations is not None:
                self.node(i)._variations = variations
                cython.cast(Variations, variations)._tree = None
                track_again(variations)
            nags = self.alive(3 * i + _NAGS_AT)
            if nags is not None:
                self.node(i)._nags = nags
                cython.cast(Nags, nags)._tree = None  # (off the collector's list: it may lead back no more)
        self.living = None

    @cython.cfunc
    def variations_of(self, parent: "RecordNode"):
        """The variations list of `parent` (made from this record) while the tree is not kept:
        the living one, or one made now."""
        i: cython.Py_ssize_t = parent._index
        found = self.alive(3 * i + _LIST_AT)
        if found is not None:
            return found
        variations: Variations = Variations.__new__(Variations)
        self.children(parent, variations)
        variations._tree = self
        variations._index = i
        untrack(variations)  # (nothing holds it but a program: it is in no cycle, till Tree.keep)
        self.register(3 * i + _LIST_AT, variations)
        return variations

    @cython.cfunc
    def nags_of(self, i: cython.Py_ssize_t):
        """Node i's NAG set while the tree is not kept: the living one, or one made now."""
        found = self.alive(3 * i + _NAGS_AT)
        if found is not None:
            return found
        nags: Nags = Nags.__new__(Nags)
        if self.nags is not None and i in self.nags:
            _set_update(nags, self.nags[i])
        nags._tree = self
        nags._index = i
        untrack(nags)
        self.register(3 * i + _NAGS_AT, nags)
        return nags


@cython.cfunc
def wrote(tree: Tree | None) -> cython.void:
    """A program writes to a node, list or set of `tree`'s: its nodes kept from now on."""
    if tree is not None and not tree.kept:
        tree.keep()


# list's and set's own methods, called as objects: Cython's shortcuts for list.pop(x) and the like
# call x.pop() itself where x is a subclass, which for Variations and Nags is the method calling them
_list_delitem = list.__delitem__
_list_imul = list.__imul__
_list_setitem = list.__setitem__
_list_append = list.append
_list_clear = list.clear
_list_extend = list.extend
_list_insert = list.insert
_list_pop = list.pop
_list_remove = list.remove
_list_reverse = list.reverse
_list_sort = list.sort
_set_add = set.add
_set_clear = set.clear
_set_difference_update = set.difference_update
_set_discard = set.discard
_set_intersection_update = set.intersection_update
_set_pop = set.pop
_set_remove = set.remove
_set_symmetric_difference_update = set.symmetric_difference_update
_set_update = set.update


@cython.cclass
class Variations(list):
    """A node's variations list (python-chess's list) while its game's nodes are not kept: a
    change to it keeps them first (Tree.keep), so that it is not lost."""

    if TYPE_CHECKING:  # (the C fields of record.pxd, to type checkers)
        _tree: "Tree | None"
        _index: int

    def __dealloc__(self) -> None:
        if self._tree is not None:
            self._tree.forget(3 * self._index + _LIST_AT, self)

    def __reduce__(self):
        return list, (list(self),)

    def append(self, node) -> None:
        wrote(self._tree)
        _list_append(self, node)

    def extend(self, nodes) -> None:
        wrote(self._tree)
        _list_extend(self, nodes)

    def insert(self, index, node) -> None:
        wrote(self._tree)
        _list_insert(self, index, node)

    def remove(self, node) -> None:
        wrote(self._tree)
        _list_remove(self, node)

    def pop(self, index=-1):
        wrote(self._tree)
        return _list_pop(self, index)

    def clear(self) -> None:
        wrote(self._tree)
        _list_clear(self)

    def sort(self, *, key=None, reverse=False) -> None:
        wrote(self._tree)
        _list_sort(self, key=key, reverse=reverse)

    def reverse(self) -> None:
        wrote(self._tree)
        _list_reverse(self)

    def __setitem__(self, index, value) -> None:
        wrote(self._tree)
        _list_setitem(self, index, value)

    def __delitem__(self, index) -> None:
        wrote(self._tree)
        _list_delitem(self, index)

    def __iadd__(self, nodes):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        _list_extend(self, nodes)
        return self

    def __imul__(self, times):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        return _list_imul(self, times)


@cython.cclass
class Nags(set):
    """A node's NAG set (python-chess's set) while its game's nodes are not kept: a change to
    it keeps them first (Tree.keep), so that it is not lost."""

    if TYPE_CHECKING:  # (the C fields of record.pxd, to type checkers)
        _tree: "Tree | None"
        _index: int

    def __dealloc__(self) -> None:
        if self._tree is not None:
            self._tree.forget(3 * self._index + _NAGS_AT, self)

    def __reduce__(self):
        return set, (set(self),)

    def add(self, nag) -> None:
        wrote(self._tree)
        _set_add(self, nag)

    def discard(self, nag) -> None:
        wrote(self._tree)
        _set_discard(self, nag)

    def remove(self, nag) -> None:
        wrote(self._tree)
        _set_remove(self, nag)

    def pop(self):
        wrote(self._tree)
        return _set_pop(self)

    def clear(self) -> None:
        wrote(self._tree)
        _set_clear(self)

    def update(self, *others) -> None:
        wrote(self._tree)
        _set_update(self, *others)

    def difference_update(self, *others) -> None:
        wrote(self._tree)
        _set_difference_update(self, *others)

    def intersection_update(self, *others) -> None:
        wrote(self._tree)
        _set_intersection_update(self, *others)

    def symmetric_difference_update(self, other) -> None:
        wrote(self._tree)
        _set_symmetric_difference_update(self, other)

    def __ior__(self, other):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        _set_update(self, other)
        return self

    def __iand__(self, other):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        _set_intersection_update(self, other)
        return self

    def __isub__(self, other):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        _set_difference_update(self, other)
        return self

    def __ixor__(self, other):  # type: ignore[misc]  # (list's and set's own, in place)
        wrote(self._tree)
        _set_symmetric_difference_update(self, other)
        return self


@cython.cfunc
def new_tree(game: "RecordNode", start_key: cython.ulonglong) -> Tree:
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
def first_of(node: "RecordNode"):
    """The node's first variation, or None, made from the record if need be (no list made)."""
    variations = node._variations
    if variations is not None:
        return variations[0] if variations else None
    if node._tree is None:
        return None
    return node._tree.first(node)


@cython.cfunc
def next_of(node):
    """first_of() of any node (a node-like object of a program's: by its variations)."""
    if isinstance(node, RecordNode):
        return first_of(node)
    variations = node.variations
    return variations[0] if variations else None


@cython.cfunc
def parent_of(node):
    if isinstance(node, RecordNode):
        return parent_made(cython.cast(RecordNode, node))
    return node.parent


@cython.cfunc
def parent_made(node: "RecordNode"):
    """The node's parent: made now where the node was made without it (Tree.make)."""
    parent = node._parent
    if parent is None and node._index and node._tree is not None:
        parent = node._parent = node._tree.node(node._tree.parent_index(node._index))
    return parent


@cython.cfunc
@cython.exceptval(-1, check=True)
def depth_of(node: "RecordNode") -> cython.Py_ssize_t:
    """The plies from the root to `node` (its _root set too), kept for the next call; -2 where a
    parent up the line is not a node of this library's (the caller then walks the line as python-chess does)."""
    if node._epoch == _reparented and node._depth >= 0:
        return node._depth
    line: list = []  # the nodes whose depth is not known, from `node` up
    top: RecordNode = node
    parent: object
    above: RecordNode
    while True:
        parent = parent_made(top)
        if parent is None:
            top._depth, top._root, top._epoch = 0, top, _reparented
            break
        if not isinstance(parent, RecordNode):
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
def replay(board, nodes: list) -> cython.void:
    """Pushes the moves of `nodes` (from the last, the root's child, to the first) on `board`,
    the root's position: the recorded move codes while the nodes are a record's line with the
    moves read, from the board the record was read from; their Moves from there on."""
    k: cython.Py_ssize_t = len(nodes) - 1
    tree: Tree
    node: RecordNode
    position: Board
    parent: cython.Py_ssize_t = 0
    code: cython.int
    if k >= 0 and type(board) is Board and isinstance(nodes[k], RecordNode):
        node = nodes[k]
        if node._tree is not None and node._tree.root is parent_made(node):
            tree = node._tree
            position = board
            if position._key == tree.start_key:
                while k >= 0:
                    node = nodes[k]
                    if node._tree is not tree or _get(tree.links, LINKS * node._index + _PARENT) != parent:
                        break
                    code = _code_for(tree, node._index, node.move)
                    if code < 0:
                        break
                    position._push_unshown(code, None)
                    parent = node._index
                    k -= 1
                position._show_state()
    while k >= 0:
        board.push(nodes[k].move)
        k -= 1


@cython.cfunc
def replay_line(board, tree: Tree, i: cython.Py_ssize_t) -> cython.void:
    """Pushes the moves from the root to node i of `tree` (not kept: no node of it changed) on
    `board`, the root's position: the recorded move codes while the moves are the ones read,
    from the board the record was read from; the nodes' Moves from there on."""
    n: cython.Py_ssize_t = _get(tree.links, LINKS * i + _DEPTH)
    line: array.array = array.array("i", bytes(4 * n))  # (one a call: a board made)
    k: cython.Py_ssize_t
    for k in range(n - 1, -1, -1):  # (the line's indices from the root's child down, without an int object each)
        _set(line, k, i)
        i = _get(tree.links, LINKS * i + _PARENT)
    k = 0
    code: cython.int
    position: Board
    if type(board) is Board and cython.cast(Board, board)._key == tree.start_key:
        position = board
        while k < n:
            code = _code_for(tree, _get(line, k), tree.moves[_get(line, k)] if tree.moves is not None else None)
            if code < 0:
                break
            position._push_unshown(code, None)
            k += 1
        position._show_state()
    while k < n:
        board.push(tree.move_at(_get(line, k)))
        k += 1


@cython.cfunc
@cython.exceptval(-2, check=True)
def _code_for(tree: Tree, i: cython.Py_ssize_t, move) -> cython.int:
    """Node i's recorded move code where it may be pushed for `move`, the node's Move (None: not
    made yet): the move read, which no program changed (the record's own Move untouched, or one
    of the same fields); else -1."""
    code: cython.int = _get(tree.links, LINKS * i + _CODE)
    if code < 0 or move is None:
        return code
    if _touched(move) or ((tree.moves is None or move is not tree.moves[i])
                          and move_key(move) != _get(tree.links, LINKS * i + _KEY)):
        return -1
    return code


@cython.cfunc
@cython.exceptval(-1, check=True)
def _touched(move) -> cython.bint:
    """Whether a program set anything on this Move (of this library)."""
    if cython.compiled:
        return cython.cast(Move, move)._touched
    else:
        return move._touched


def record_moves(tree: Tree, i: cython.Py_ssize_t):
    """The Moves of the main line after node i of `tree` (not kept), from the record."""
    child: cython.Py_ssize_t = _get(tree.links, LINKS * i + _FIRST)
    while child >= 0:
        yield tree.move_at(child)
        if tree.kept:  # (a program wrote to the game meanwhile: its nodes from now on)
            node = next_of(tree.node(child))
            while node is not None:
                yield node.move
                node = next_of(node)
            return
        child = _get(tree.links, LINKS * child + _FIRST)
