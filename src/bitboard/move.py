"""Move: a from-square, a to-square and an optional promotion piece, as in python-chess.

Moves are equal and hashable by (from, to, promotion, drop), written in UCI ("e2e4", "e7e8q";
castling is the king's two-square move, "e1g1"). As python-chess's dataclass, a Move's fields
can be assigned (`move.to_square = H1`), it takes attributes of a program's own
(`move.score = 3`), and `dataclasses.fields`, `replace`, `astuple` and `asdict` work on it.

The move generator works with 16-bit codes (core/encoding.py) and turns each into a Move from a
cache (`_move_of`), so a list of legal moves allocates nothing per move. A cached Move is handed
out again only when nobody else holds it and no attribute of it was ever set: no program can
see one Move object handed to two holders, or a Move it changed come back from the generator.

Compiled, a Move is off the cyclic garbage collector's list until an attribute is set on it
(__setattr__ puts it back): until then it holds ints and its UCI text, nothing that could lead
back to it, and no collection need walk it (a list of kept games holds hundreds of thousands).
Only a program that wrote into `vars(move)` directly a reference leading back to the Move would
keep that cycle from being collected.
"""
import dataclasses
import operator

from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from .errors import InvalidMoveError, InvalidPieceTypeError, InvalidSquareError, quoted
from .piece import PIECE_SYMBOLS
from .squares import SQUARE_NAMES
from .types import PieceType, Square

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from .core.encoding import (
        KING,
        NORMAL,
        PAWN,
        PROMOTION,
        drop_flag,
        encode_move,
        flag_drop,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        promotion_flag,
    )
    from .core.native import drop_instance_dict, track_again, untrack

    PyObject_GenericSetAttr = object.__setattr__

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.ref import Py_REFCNT

__all__ = ["Move"]  # (move_key and fields_code are the game tree's, in C)

# piece types by letter, for promotions (p and k too: never legal, but moves) and drops
_PIECE_TYPES = {PIECE_SYMBOLS[t]: t for t in range(PAWN, KING + 1)}
_SQUARES = {name: i for i, name in enumerate(SQUARE_NAMES)}


@dataclasses.dataclass
class _MoveFields:
    """python-chess's Move as a dataclass declares it: Move's `__dataclass_fields__` are these,
    so that `dataclasses.fields`, `replace`, `astuple` and `asdict` take a Move."""

    from_square: Square
    to_square: Square
    promotion: PieceType | None = None
    drop: PieceType | None = None


@cython.embedsignature(False)  # the text signature below is what `inspect` reads
@cython.final
@cython.freelist(256)  # (a push stacks a Move of its own: made and freed without malloc or a GC count)
@cython.cclass
class Move:
    """Move(from_square, to_square, promotion=None, drop=None)
--

    A move from `from_square` to `to_square`, promoting to `promotion` (a piece type) or not.
    `drop` (a piece type put on `to_square`, "N@f3") is python-chess's crazyhouse move: it can
    be written and read, and no chess board finds it legal.

    Its fields (from_square, to_square, promotion, drop) can be assigned, as python-chess's
    dataclass fields can; values are checked when the Move is made, not when assigned."""

    # python-chess's Move is a dataclass: these make `dataclasses` and `match` take ours
    __dataclass_fields__ = _MoveFields.__dataclass_fields__  # type: ignore[misc]  # (a ClassVar there)
    __dataclass_params__ = _MoveFields.__dataclass_params__  # type: ignore[attr-defined]
    __match_args__ = ("from_square", "to_square", "promotion", "drop")

    def __init__(self, from_square, to_square, promotion=None, drop=None):
        drop_instance_dict(self)  # (where it pays, made at a program's first own attribute: native.pxd)
        self.from_square = _index(from_square, "from_square", 0, 63, InvalidSquareError)
        self.to_square = _index(to_square, "to_square", 0, 63, InvalidSquareError)
        self._promotion = 0 if promotion is None else _index(promotion, "promotion piece type", PAWN, KING,
                                                             InvalidPieceTypeError)
        self._drop = 0 if drop is None else _index(drop, "drop piece type", PAWN, KING, InvalidPieceTypeError)
        self._hash = 0  # (0: not computed yet)
        self._uci = None
        self._touched = False  # (last: uncompiled, the assignments above go through __setattr__)
        if type(self) is Move:
            untrack(self)  # (nothing in it can lead back to it: see _move_of)

    def __setattr__(self, name, value):
        """Any attribute set from outside (a field or a program's own) marks the Move touched:
        its cached text and hash are no longer used, and the generator's cache never hands it
        out again. (Compiled, the class's own code sets its C fields directly, not through here.)"""
        PyObject_GenericSetAttr(self, name, value)
        track_again(self)  # (its __dict__ may now hold a way back to it)
        if cython.compiled:
            self._touched = True
        elif not name.startswith("_"):
            PyObject_GenericSetAttr(self, "_touched", True)

    @property
    def promotion(self):
        """The piece type promoted to (KNIGHT 2 ... QUEEN 5), or None."""
        return self._promotion or None

    @promotion.setter
    def promotion(self, piece_type):
        self._promotion = 0 if piece_type is None else piece_type

    @property
    def drop(self):
        """The piece type dropped (crazyhouse), or None."""
        return self._drop or None

    @drop.setter
    def drop(self, piece_type):
        self._drop = 0 if piece_type is None else piece_type

    def uci(self) -> str:
        """'e2e4', 'e7e8q', 'N@f3' for a drop; '0000' for the null move."""
        if self._touched:
            return self._uci_text()
        if self._uci is None:
            self._uci = self._uci_text()
        return self._uci

    def _uci_text(self) -> str:
        if self._drop:
            return PIECE_SYMBOLS[self._drop].upper() + "@" + SQUARE_NAMES[self.to_square]
        if not self:
            return "0000"
        return SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square] + (PIECE_SYMBOLS[self._promotion] or "")

    def xboard(self) -> str:
        """The move as XBoard writes it: its UCI text, '@@@@' for the null move."""
        return self.uci() if self else "@@@@"

    def __str__(self) -> str:
        return self.uci()

    def __repr__(self) -> str:
        return f"Move.from_uci({self.uci()!r})"

    def __bool__(self) -> bool:
        return bool(self.from_square or self.to_square or self._promotion or self._drop)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Move):
            return _equals_foreign(self, other)
        that: Move = other
        return (self.from_square == that.from_square and self.to_square == that.to_square
                and self._promotion == that._promotion and self._drop == that._drop)

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        # python-chess's Move hashes as the tuple of its fields: equal moves of both libraries
        # land in the same dict slot
        if self._touched:
            return hash((self.from_square, self.to_square, self._promotion or None, self._drop or None))
        if self._hash == 0:
            self._hash = hash((self.from_square, self.to_square, self._promotion or None, self._drop or None))
        return self._hash

    def __reduce__(self):
        fields = (self.from_square, self.to_square, self._promotion or None, self._drop or None)
        attributes = _own_attributes(self)
        return (Move, fields, attributes) if attributes else (Move, fields)

    @staticmethod
    def from_uci(uci) -> "Move":
        """The move a UCI string names; InvalidMoveError (a ValueError) naming it otherwise."""
        if type(uci) is str and len(uci) == 4:  # the common case, read in C: a plain move's shared object
            text: str = uci
            frm: cython.int = _square_of(text[0], text[1])
            to: cython.int = _square_of(text[2], text[3])
            if frm >= 0 and to >= 0 and frm != to:
                return _move_of(encode_move(frm, to, NORMAL))
        if not isinstance(uci, str):
            raise InvalidMoveError(f"UCI move must be a string, not {type(uci).__name__} {quoted(uci)}")
        if uci == "0000":
            return Move(0, 0)
        if len(uci) == 4 and uci[1] == "@" and uci[0].lower() in _PIECE_TYPES and uci[2:] in _SQUARES:
            square = _SQUARES[uci[2:]]
            return Move(square, square, drop=_PIECE_TYPES[uci[0].lower()])
        if len(uci) in (4, 5) and uci[:2] in _SQUARES and uci[2:4] in _SQUARES:
            promotion = None
            if len(uci) == 5:
                promotion = _PIECE_TYPES.get(uci[4])
                if promotion is None:
                    raise InvalidMoveError(f"invalid promotion piece in UCI move {quoted(uci)} (p, n, b, r, q or k)")
            if uci[:2] == uci[2:4]:
                raise InvalidMoveError(f"invalid UCI move {quoted(uci)}: from and to are one square (the null move "
                                       f"is '0000')")
            return Move(_SQUARES[uci[:2]], _SQUARES[uci[2:4]], promotion)
        raise InvalidMoveError(f"invalid UCI move {quoted(uci)} (expected like 'e2e4' or 'e7e8q')")

    @staticmethod
    def null() -> "Move":
        """The null move, '0000' (falsy)."""
        return Move(0, 0)


def _own_attributes(move: Move) -> dict:
    """The attributes a program gave `move` (`move.score = 3`), which copies and pickles keep."""
    attributes = getattr(move, "__dict__", {})
    if not cython.compiled:  # the uncompiled Move keeps its own fields in __dict__ too
        attributes = {name: value for name, value in attributes.items()
                      if name not in ("from_square", "to_square") and not name.startswith("_")}
    return dict(attributes)


def _equals_foreign(move: Move, other) -> bool:
    """A bitboard Move equals a python-chess Move (or any move with its four fields) with the
    same squares, promotion and drop."""
    try:
        fields = (other.from_square, other.to_square, other.promotion, other.drop)
    except AttributeError:
        return NotImplemented
    return fields == (move.from_square, move.to_square, move._promotion or None, move._drop or None)


@cython.cfunc
@cython.exceptval(check=False)
def _square_of(file: cython.Py_UCS4, rank: cython.Py_UCS4) -> cython.int:
    """The square a file letter and a rank digit name, or -1."""
    if "a" <= file <= "h" and "1" <= rank <= "8":
        return 8 * (ord(rank) - ord("1")) + (ord(file) - ord("a"))
    return -1


def _index(value, what: str, low: int, high: int, error) -> int:
    """`value` as an int in low..high; `error` (a square's or a piece type's, ValueErrors and
    IndexErrors both, as python-chess's list look-ups raise) naming it otherwise."""
    try:
        index = operator.index(value)
    except TypeError:
        index = None
    if index is None or not low <= index <= high or isinstance(value, bool):
        raise error(f"{what} {quoted(value)} is not in {low}..{high}")
    return index


# The Move of each internal 16-bit code (core/encoding.py), made on first use. A slot's Move is
# handed out again only while the cache alone holds it and nothing touched it; otherwise a new
# Move takes the slot, so that no two holders ever get the same object.
_CACHE: list[Move | None] = [None] * 65536


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _move_of(code: cython.int) -> Move:
    """A Move for an internal 16-bit move code (0 <= code < 65536), the cached one where free."""
    move: Move
    if cython.compiled:
        move = _free_cached(code)
        if move is not None:
            return move
    move = _new_move_of(code)
    if cython.compiled:
        _CACHE[code] = move
    return move


@cython.cfunc
@cython.boundscheck(False)
@cython.wraparound(False)
def _stacked_move_of(code: cython.int) -> Move:
    """The Move a push stacks for `code`: the cached one where free (as _move_of), else a new
    one that leaves the cache's where it is: that one is held by a program's list of the legal
    moves, and the next list made of this position's moves wants it again. Where the cache has
    none, the new one goes there, free again once the stack lets it go (a board a replay made
    and dropped, the next one's moves)."""
    if cython.compiled:
        if _CACHE[code] is None:
            return _move_of(code)  # (made and put there)
        move: Move = _free_cached(code)
        if move is not None:
            return move
    return _new_move_of(code)


@cython.cfunc
@cython.inline
@cython.boundscheck(False)
@cython.wraparound(False)
def _free_cached(code: cython.int) -> Move:
    """The cache's Move for `code` where nobody else holds it and no program touched it, else
    None (compiled only: uncompiled, nothing is cached)."""
    if cython.compiled:
        cached = cython.declare(object, _CACHE[code])
        if cached is not None:
            move = cython.declare(Move, cached)
            # the slot's reference, `cached`'s and `move`'s: nobody else holds it
            if Py_REFCNT(move) == 3 and not move._touched:
                return move
    return None  # type: ignore[return-value]  # (to Cython, a Move may be None)


@cython.cfunc
def _new_move_of(code: cython.int) -> Move:
    """A new Move for an internal 16-bit move code, not cached."""
    flag: cython.int = move_flag(code)
    drop: cython.int = flag_drop(flag)
    promotion: cython.int = flag_promotion(flag)
    if not cython.compiled:  # (uncompiled, every Move is a new one: nothing to share)
        return Move(move_to(code) if drop else move_from(code), move_to(code), promotion or None, drop or None)
    move: Move = Move.__new__(Move)  # (the code's fields are valid: no __init__ checks)
    drop_instance_dict(move)
    move.from_square = move_to(code) if drop else move_from(code)
    move.to_square = move_to(code)
    move._promotion = promotion
    move._drop = drop
    # Off the garbage collector's list: a Move holds ints, its UCI text and its __dict__, and only
    # an attribute of a program's own (set through __setattr__, which puts it back) could lead back
    # to it; so no collection walks the Moves of a list of kept games' nodes.
    untrack(move)
    return move


@cython.cfunc
@cython.exceptval(-2, check=False)
def move_key(move) -> cython.int:
    """The move code (core/encoding) whose Move (_move_of) has the fields of `move`, a Move
    of this library; -1 for anything else (and a Move no code has: a pawn promotion, a drop
    from another square)."""
    if type(move) is not Move:
        return -1
    frm: cython.int
    to: cython.int
    promotion: cython.int
    drop: cython.int
    if cython.compiled:
        m: Move = move
        frm, to, promotion, drop = m.from_square, m.to_square, m._promotion, m._drop
    else:
        frm, to, promotion, drop = move.from_square, move.to_square, move.promotion or 0, move.drop or 0
    if not (0 <= frm < 64 and 0 <= to < 64) or promotion == PAWN or (drop and (promotion or frm != to)):
        return -1
    if drop:
        return encode_move(to, to, drop_flag(drop))
    return encode_move(frm, to, promotion_flag(promotion) if promotion else NORMAL)


@cython.cfunc
@cython.exceptval(check=False)
def fields_code(code: cython.int) -> cython.int:
    """The code of a move as move_key writes it: its from, to and promotion or drop, its other
    flags (a double push, en passant, castling) left out (_move_of makes one Move of both)."""
    if move_flag(code) < PROMOTION:
        return encode_move(move_from(code), move_to(code), NORMAL)
    return code
