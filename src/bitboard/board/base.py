"""BaseBoard: a piece placement with python-chess's API (no side to move, castling or clocks),
on the engine's Position; its queries (pieces, attacks, attackers, pins) and transforms.

The first of the Board's layers, each a Cython extension type on the one below:
base (placement) -> state (side, castling, en passant, clocks, moves and the stack) ->
notation (FEN, EPD, UCI, SAN, XBoard) -> game (check, outcome, draws, perft: the Board).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.arguments import bitboard_arg, square_arg
    from ..core.encoding import (
        BB_ALL,
        KING,
        ONE,
        PAWN,
        ROOK,
        code_color,
        code_type,
        piece_code,
        u64,
    )
    from ..core.movegen import _attackers
    from ..core.native import clz64, drop_instance_dict
    from ..core.position import (
        Position,
        _compute_key,
        _copy_position,
    )
    from ..squareset import _squares_of

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.object import PyObject, PyObject_GenericSetAttr
    from cython.cimports.cpython.ref import Py_DECREF, Py_INCREF, Py_XDECREF

from collections.abc import Callable
from typing import Any

from ..core.attacks import bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks
from ..core.bits import flip_vertical
from ..errors import InvalidPieceTypeError, quoted
from ..notation.fen import (
    STARTING_BOARD_FEN,
    board_fen,
    parse_board_fen,
)
from ..piece import PIECE_SYMBOLS, WHITE, Piece
from ..squareset import SquareSet
from ..types import Bitboard, Color, PieceType, Square
from .members import SETTERS, expose

__all__ = ["BaseBoard"]

# The Board class (game.py, named by state.register_standard_board): _own() asks for it.
_BOARD = cython.declare(object, None)


# The class docstrings start with the text signature that `inspect` and help() read from a
# compiled class (Cython's own embedded one would come first and hide it).
@cython.embedsignature(False)
@cython.cclass
class BaseBoard(Position):
    """BaseBoard(board_fen=STARTING_BOARD_FEN)
--

    A piece placement without side to move, castling or clocks (python-chess's BaseBoard).

    BaseBoard() is the starting placement, BaseBoard(None) or BaseBoard.empty() the empty one.
    """

    # (its C fields are declared in base.pxd)

    def __init__(self, board_fen: str | None = STARTING_BOARD_FEN):
        drop_instance_dict(self)  # (where it pays, made at a program's first own attribute: native.pxd)
        Position.__init__(self)
        self._promoted = 0
        if board_fen is not None:
            self._set_codes(parse_board_fen(board_fen))
        self._show_placement()

    if cython.compiled:  # uncompiled, the attributes are the properties below, setters and all
        def __setattr__(self, name, value):
            # python-chess's plain attributes are members (board/members.py): an assignment
            # runs the property's setter, as it did before
            setter = SETTERS.get(name)
            if setter is not None and isinstance(self, setter.__objclass__):
                setter.__set__(self, value)
            else:
                PyObject_GenericSetAttr(self, name, value)

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _show_placement(self) -> cython.int:
        """Bring the Python ints that pawns ... kings, occupied, occupied_co and promoted read in
        step with the C fields: those whose value changed (a move changes three or four), every
        one the first time. Each change of the fields ends here (or in the state layer's
        _show_state, which calls it)."""
        if cython.compiled:  # (uncompiled, the properties read the C fields themselves)
            everything: cython.bint = self._py_occupied_co is None
            if everything:
                self._py_occupied_co = [0, 0]
            occupied: u64 = self._colors[0] | self._colors[1]
            if everything:
                self._shown[0], self._py_occupied = occupied, occupied
                self._shown[1], self._py_pawns = self._pieces[1], self._pieces[1]
                self._shown[2], self._py_knights = self._pieces[2], self._pieces[2]
                self._shown[3], self._py_bishops = self._pieces[3], self._pieces[3]
                self._shown[4], self._py_rooks = self._pieces[4], self._pieces[4]
                self._shown[5], self._py_queens = self._pieces[5], self._pieces[5]
                self._shown[6], self._py_kings = self._pieces[6], self._pieces[6]
                self._shown[7], self._py_occupied_co[0] = self._colors[0], self._colors[0]
                self._shown[8], self._py_occupied_co[1] = self._colors[1], self._colors[1]
                self._shown[9], self._py_promoted = self._promoted, self._promoted
                return 0
            if occupied != self._shown[0]:
                self._py_occupied = self._int_for(0, occupied, self._py_occupied)
            if self._pieces[1] != self._shown[1]:
                self._py_pawns = self._int_for(1, self._pieces[1], self._py_pawns)
            if self._pieces[2] != self._shown[2]:
                self._py_knights = self._int_for(2, self._pieces[2], self._py_knights)
            if self._pieces[3] != self._shown[3]:
                self._py_bishops = self._int_for(3, self._pieces[3], self._py_bishops)
            if self._pieces[4] != self._shown[4]:
                self._py_rooks = self._int_for(4, self._pieces[4], self._py_rooks)
            if self._pieces[5] != self._shown[5]:
                self._py_queens = self._int_for(5, self._pieces[5], self._py_queens)
            if self._pieces[6] != self._shown[6]:
                self._py_kings = self._int_for(6, self._pieces[6], self._py_kings)
            if self._colors[0] != self._shown[7]:
                self._py_occupied_co[0] = self._int_for(7, self._colors[0], self._py_occupied_co[0])
            if self._colors[1] != self._shown[8]:
                self._py_occupied_co[1] = self._int_for(8, self._colors[1], self._py_occupied_co[1])
            if self._promoted != self._shown[9]:
                self._py_promoted = self._int_for(9, self._promoted, self._py_promoted)
        return 0

    @cython.cfunc
    def _int_for(self, i: cython.int, value: u64, shown: object) -> object:
        """The int to show `value` in view i, which shows `shown` now: the int it showed before
        `shown` if that was of this value (a pop shows again what its push replaced: nothing
        to make), else a new one; `shown` becomes the one before."""
        if cython.compiled:
            before = cython.declare(cython.pointer(PyObject), self._before_int[i])
            before_value: u64 = self._before[i]
            Py_INCREF(shown)
            self._before_int[i] = cython.cast(cython.pointer(PyObject), shown)
            self._before[i] = self._shown[i]
            self._shown[i] = value
            if before != cython.NULL and before_value == value:
                out = cython.cast(object, before)
                Py_DECREF(out)  # (the reference the array held; `out` holds its own)
                return out
            Py_XDECREF(before)
        return value

    def __dealloc__(self):
        if cython.compiled:
            i: cython.int
            for i in range(10):
                Py_XDECREF(self._before_int[i])
                self._before_int[i] = cython.NULL

    @cython.cfunc
    def _take_views(self, source: Position) -> cython.void:
        """Show what `source` shows, for a copy of its placement: the same ints (they never
        change) and a list of its own for occupied_co."""
        if cython.compiled:
            that: BaseBoard = cython.cast(BaseBoard, source, typecheck=True)
            if that._py_occupied_co is None:
                self._show_placement()
                return
            self._py_pawns = that._py_pawns
            self._py_knights = that._py_knights
            self._py_bishops = that._py_bishops
            self._py_rooks = that._py_rooks
            self._py_queens = that._py_queens
            self._py_kings = that._py_kings
            self._py_occupied = that._py_occupied
            self._py_occupied_co = [that._py_occupied_co[0], that._py_occupied_co[1]]
            self._py_promoted = that._py_promoted
            i: cython.int
            for i in range(10):
                self._shown[i] = that._shown[i]

    @classmethod
    def empty(cls):
        """A board with no pieces."""
        return cls(None)

    # --- the placement, square by square ---

    def _set_codes(self, codes) -> None:
        """Place 64 piece codes (core/encoding.py), replacing every piece."""
        self._place(codes)
        self._placement_changed()

    def _place(self, codes) -> None:
        """_set_codes without what follows a change of the pieces (none is marked promoted)."""
        self._promoted = 0
        sq: cython.int
        code: cython.int
        for sq in range(7):
            self._pieces[sq] = 0
        self._colors[0] = self._colors[1] = 0
        for sq in range(64):
            code = codes[sq]
            self._board[sq] = code
            if code:
                self._pieces[code_type(code)] |= ONE << sq
                self._colors[code_color(code)] |= ONE << sq
        self._show_placement()

    @cython.cfunc
    def _put(self, sq: cython.int, code: cython.int) -> cython.void:
        """Replace what stands on `sq` by the piece `code` (0: nothing)."""
        old: cython.int = self._board[sq]
        if old:
            self._pieces[code_type(old)] &= ~(ONE << sq)
            self._colors[code_color(old)] &= ~(ONE << sq)
        self._board[sq] = code
        if code:
            self._pieces[code_type(code)] |= ONE << sq
            self._colors[code_color(code)] |= ONE << sq

    def _placement_changed(self) -> None:
        """What a change of the pieces entails (Board: castling, en passant, key, stack)."""
        self._key = _compute_key(self)
        self._show_placement()

    def _piece_codes(self) -> bytes:
        """The 64 piece codes, a1 first (for fen's writers and readers)."""
        if cython.compiled:
            return self._board[:64]
        return bytes(self._board)

    def board_fen(self, *, promoted: bool | None = False) -> str:
        """The piece-placement field of the FEN (with promoted, "~" after each promoted piece)."""
        return board_fen(self._piece_codes(), self._promoted if promoted else 0)

    def set_board_fen(self, fen: str) -> None:
        """Place the pieces a board FEN describes (InvalidFenError naming the fault otherwise)."""
        self._set_codes(parse_board_fen(fen))

    def piece_map(self, *, mask: Bitboard = BB_ALL) -> dict[Square, Piece]:
        """{square: Piece} of the pieces on `mask`, h8 first as python-chess lists them."""
        out = {}
        b: u64 = (self._colors[0] | self._colors[1]) & mask
        sq: cython.int
        code: cython.int
        while b:
            sq = 63 - clz64(b)
            code = self._board[sq]
            out[sq] = Piece(code_type(code), code_color(code) == 1)
            b ^= ONE << sq
        return out

    def set_piece_map(self, pieces: dict[Square, Piece]) -> None:
        """Replace every piece by those of a {square: Piece} mapping."""
        codes = [0] * 64
        for sq, piece in dict(pieces).items():
            codes[square_arg(sq)] = _code_of_piece(piece)
        self._set_codes(codes)

    def set_piece_at(self, square: Square, piece: Piece | None, promoted: bool = False) -> None:
        """Put `piece` on `square` (None empties it)."""
        sq: cython.int = square_arg(square)
        self._put(sq, 0 if piece is None else _code_of_piece(piece))
        self._promoted &= ~(ONE << sq)
        if promoted and piece is not None:
            self._promoted |= ONE << sq
        self._placement_changed()

    def remove_piece_at(self, square: Square) -> Piece | None:
        """Empty `square`; the Piece that stood there, or None."""
        piece = self.piece_at(square)
        self._put(square_arg(square), 0)
        self._promoted &= ~(ONE << square_arg(square))
        self._placement_changed()
        return piece

    def clear_board(self) -> None:
        """Remove every piece."""
        self._set_codes([0] * 64)

    def reset_board(self) -> None:
        """The starting placement."""
        self._set_codes(parse_board_fen(STARTING_BOARD_FEN))

    # --- queries (python-chess's names) ---

    @property
    def occupied(self) -> Bitboard:
        """The bitboard of every occupied square."""
        return self._colors[0] | self._colors[1]

    @property
    def occupied_co(self) -> list[Bitboard]:
        """[black pieces, white pieces], indexable by BLACK and WHITE."""
        return [self._colors[0], self._colors[1]]

    @property
    def pawns(self) -> Bitboard:
        """The bitboard of the pawns of both colours."""
        return self._pieces[1]

    @property
    def knights(self) -> Bitboard:
        """The bitboard of the knights of both colours."""
        return self._pieces[2]

    @property
    def bishops(self) -> Bitboard:
        """The bitboard of the bishops of both colours."""
        return self._pieces[3]

    @property
    def rooks(self) -> Bitboard:
        """The bitboard of the rooks of both colours."""
        return self._pieces[4]

    @property
    def queens(self) -> Bitboard:
        """The bitboard of the queens of both colours."""
        return self._pieces[5]

    @property
    def kings(self) -> Bitboard:
        """The bitboard of the kings of both colours."""
        return self._pieces[6]

    @property
    def promoted(self) -> Bitboard:
        """The squares of pieces that were pawns (python-chess's bookkeeping for crazyhouse)."""
        return self._promoted

    @promoted.setter
    def promoted(self, value: Bitboard) -> None:
        """Mark the pieces that were pawns."""
        self._promoted = bitboard_arg(value)
        self._show_placement()

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        """The bitboard of the pieces of one type and colour.

        >>> hex(Board().pieces_mask(ROOK, WHITE))
        '0x81'
        """
        return self._pieces_of(piece_type, color)

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """The squares of the pieces of one type and colour, as a SquareSet."""
        return _squares_of(self._pieces_of(piece_type, color))

    @cython.cfunc
    @cython.exceptval(0xFFFFFFFFFFFFFFFF, check=True)
    def _pieces_of(self, piece_type: object, color: object) -> u64:
        if type(piece_type) is not int or not 1 <= piece_type <= 6:
            raise InvalidPieceTypeError(f"piece type {quoted(piece_type)} is not in 1..6")
        return self._pieces[piece_type] & self._colors[1 if color else 0]

    def piece_at(self, square: Square) -> Piece | None:
        """The Piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return Piece(code_type(code), code_color(code) == 1) if code else None

    def piece_type_at(self, square: Square) -> PieceType | None:
        """The type of the piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return code_type(code) or None

    def color_at(self, square: Square) -> Color | None:
        """The colour of the piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return (code_color(code) == 1) if code else None

    def king(self, color: Color) -> Square | None:
        """The square of the king of `color` (the highest one if there are several), or None."""
        kings: u64 = self._pieces[KING] & self._colors[1 if color else 0]
        return 63 - clz64(kings) if kings else None

    def attacks_mask(self, square: Square) -> Bitboard:
        """The squares the piece on `square` attacks (0 for an empty square)."""
        return self._attacks_of(square)

    @cython.cfunc
    @cython.exceptval(0xFFFFFFFFFFFFFFFF, check=True)
    def _attacks_of(self, square: object) -> u64:
        sq: cython.int = square_arg(square)
        code: cython.int = self._board[sq]
        kind: cython.int = code_type(code)
        occupied: u64 = self._colors[0] | self._colors[1]
        if kind == PAWN:
            return pawn_attacks(code_color(code) == 1, sq)
        if kind == 2:
            return knight_attacks(sq)
        if kind == KING:
            return king_attacks(sq)
        out: u64 = 0
        if kind == 3 or kind == 5:
            out |= bishop_attacks(sq, occupied)
        if kind == ROOK or kind == 5:
            out |= rook_attacks(sq, occupied)
        return out

    def attacks(self, square: Square) -> SquareSet:
        """The squares the piece on `square` attacks, as a SquareSet."""
        return _squares_of(self._attacks_of(square) if _own(self) else self.attacks_mask(square))

    def attackers_mask(self, color: Color, square: Square, occupied: Bitboard | None = None) -> Bitboard:
        """Pieces of `color` attacking `square` (through the `occupied` squares if given)."""
        return _attackers_mask(self, color, square, occupied)

    def _attackers_with(self, color: Color, square: Square, occupied: Bitboard) -> Bitboard:
        return self.attackers_mask(color, square, occupied)

    def attackers(self, color: Color, square: Square, occupied: Bitboard | None = None) -> SquareSet:
        """The pieces of `color` attacking `square`, as a SquareSet."""
        if _own(self):
            return _squares_of(_attackers_mask(self, color, square, occupied))
        return _squares_of(self.attackers_mask(color, square, occupied))

    def is_attacked_by(self, color: Color, square: Square, occupied: Bitboard | None = None) -> bool:
        """Whether a piece of `color` attacks `square`."""
        if _own(self):
            return _attackers_mask(self, color, square, occupied) != 0
        return self.attackers_mask(color, square, occupied) != 0

    def pin_mask(self, color: Color, square: Square) -> Bitboard:
        """The line a piece of `color` on `square` is pinned along to its king (BB_ALL if not pinned)."""
        sq: cython.int = square_arg(square)
        king = self.king(color)
        if king is None:
            return BB_ALL
        through = line(king, sq)
        if not through or king == sq:
            return BB_ALL
        diagonal = (king & 7) != (sq & 7) and (king >> 3) != (sq >> 3)
        enemy = self._colors[0 if color else 1]
        sliders = enemy & (self._pieces[3] if diagonal else self._pieces[ROOK]) | (enemy & self._pieces[5])
        occupied = self._colors[0] | self._colors[1]
        b = through & sliders
        while b:
            sniper = (b & -b).bit_length() - 1
            b &= b - 1
            between = _between(king, sniper)
            if (between & (occupied | (ONE << sq))) == (ONE << sq):
                return through
        return BB_ALL

    def pin(self, color: Color, square: Square) -> SquareSet:
        """The pin_mask as a SquareSet (every square when not pinned)."""
        return _squares_of(self.pin_mask(color, square))

    def is_pinned(self, color: Color, square: Square) -> bool:
        """Whether the piece on `square` is pinned to the king of `color`."""
        return self.pin_mask(color, square) != BB_ALL

    # --- transformations ---

    def transform(self, f: Callable[[int], int]):
        """A copy with every bitboard mapped by `f` (flip_vertical, flip_diagonal, ...)."""
        board = self.copy()
        board.apply_transform(f)
        return board

    def apply_transform(self, f: Callable[[int], int]) -> None:
        """Map every piece bitboard by `f`, in place."""
        promoted = f(self._promoted)
        self._set_codes(self._transformed_codes(f))
        self._promoted = promoted
        self._show_placement()

    def _transformed_codes(self, f) -> list:
        codes = [0] * 64
        sq: cython.int
        for sq in range(64):
            code = self._board[sq]
            if code:
                target = f(ONE << sq)
                if target:
                    codes[(target & -target).bit_length() - 1] = code
        return codes

    def mirror(self):
        """A copy flipped top to bottom with the colours swapped."""
        board = self.copy()
        board.apply_mirror()
        return board

    def _mirrored_codes(self) -> list:
        """The piece codes flipped top to bottom with the colours swapped, read in C (the
        transform of any `f` calls it on each piece's square)."""
        codes = [0] * 64
        sq: cython.int
        for sq in range(64):
            if self._board[sq]:
                codes[sq ^ 56] = self._board[sq] ^ 8
        return codes

    def apply_mirror(self) -> None:
        """Flip top to bottom and swap the colours, in place."""
        promoted = flip_vertical(self._promoted)
        self._set_codes(self._mirrored_codes())
        self._promoted = promoted
        self._show_placement()

    def copy(self):
        """An independent copy."""
        board: BaseBoard = type(self)(None)
        _copy_position(board, self)
        board._promoted = self._promoted
        board._take_views(self)
        return board

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    # --- Chess960 starting positions ---

    def chess960_pos(self) -> int | None:
        """The Scharnagl number of this placement if it is a Chess960 starting one, else None."""
        from .chess960 import scharnagl_number
        return scharnagl_number(self.board_fen())

    def set_chess960_pos(self, scharnagl: int) -> None:
        """The Chess960 starting placement number `scharnagl` (0..959; 518 is the standard one)."""
        self._set_codes(_chess960_codes(scharnagl))

    @classmethod
    def from_chess960_pos(cls, scharnagl: int):
        """The Chess960 starting position number `scharnagl` (0..959; 518 is the standard one).

        >>> Board.from_chess960_pos(0).board_fen()
        'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR'
        """
        board = cls.empty()  # (Board.set_chess960_pos switches chess960 on)
        board.set_chess960_pos(scharnagl)
        return board

    # --- printing and comparing ---

    def unicode(self, *, invert_color: bool = False, borders: bool = False, empty_square: str = "⭘",
                orientation: Color = WHITE) -> str:
        """The board in chess symbols, rank 8 on top (rank 1 with orientation=BLACK)."""
        rows = []
        ranks = range(7, -1, -1) if orientation else range(8)
        files = list(range(8)) if orientation else list(range(7, -1, -1))
        for rank in ranks:
            cells = []
            for file in files:
                piece = self.piece_at(8 * rank + file)
                cells.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
            if borders:
                rows.append("  " + "-" * 17)
                rows.append(f"{rank + 1} |" + "|".join(cells) + "|")
            else:
                rows.append(" ".join(cells))
        if borders:
            rows.append("  " + "-" * 17)
            rows.append("   " + " ".join("abcdefgh"[f] for f in files))
        return "\n".join(rows)

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row = []
            for file in range(8):
                code = self._board[8 * rank + file]
                symbol = PIECE_SYMBOLS[code_type(code)] if code else "."
                row.append(symbol.upper() if code_color(code) == 1 else symbol)
            rows.append(" ".join(row))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def __reduce__(self):
        return _restore_base, (type(self), self.board_fen(), self._promoted), getattr(self, "__dict__", None) or None

    def __setstate__(self, attributes) -> None:
        """A pickled board's own attributes (board.score = 5), put back (the __reduce__ of each
        board class gives them as its state)."""
        vars(self).update(attributes)

    def __eq__(self, other) -> bool:
        if not isinstance(other, BaseBoard):
            return NotImplemented
        that: BaseBoard = other
        i: cython.int
        for i in range(64):  # noqa: SIM110  (a C loop; all() would be a Python generator)
            if self._board[i] != that._board[i]:
                return False
        return True

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def _repr_svg_(self) -> str:
        """Jupyter's picture of the board (python-chess's: 400 pixels, a Board's 390)."""
        from ..pictures.svg import board as draw
        return str(draw(self, size=400))


@cython.cfunc
def _own(board: object) -> cython.bint:
    """Whether `board` is a BaseBoard or a Board itself, not of a subclass: then the methods its own
    methods call are these layers', and are called in C. A subclass may override them, and its
    board calls them as python-chess's board does, by name."""
    cls = cython.declare(object, type(board))
    return cls is _BOARD or cls is BaseBoard


def _set_board_class(cls) -> None:
    global _BOARD
    _BOARD = cls


@cython.cfunc
def _attackers_mask(board: BaseBoard, color: Any, square: Any, occupied: Any) -> u64:
    """attackers_mask, in C."""
    occ: u64 = board._colors[0] | board._colors[1] if occupied is None else occupied
    return _attackers(board, square_arg(square), 1 if color else 0, occ)


def _chess960_codes(scharnagl) -> tuple:
    """chess960.starting_codes, imported on first use (a module-level import would close a circle)."""
    global _starting_codes
    if _starting_codes is None:
        from .chess960 import starting_codes
        _starting_codes = starting_codes
    return _starting_codes(scharnagl)


_starting_codes: Callable[[int], tuple] | None = None


def _restore_base(cls, board_fen, promoted):
    """A pickled BaseBoard (a Board pickles its own way: game.py's __reduce__)."""
    board = cls(board_fen)
    board.promoted = promoted
    return board


def _between(a, b) -> int:
    from ..core.attacks import between
    return between(a, b)


def _code_of_piece(piece) -> int:
    """The piece code of a Piece (or any object with python-chess's piece_type and color)."""
    try:
        piece_type, color = piece.piece_type, piece.color
    except AttributeError:
        raise TypeError(f"expected a Piece, not {type(piece).__name__} {quoted(piece)}") from None
    if piece_type not in range(1, 7):
        raise InvalidPieceTypeError(f"piece type {quoted(piece_type)} is not in 1..6")
    return piece_code(piece_type, 1 if color else 0)


def _expose_members() -> None:
    """Make python-chess's plain attributes of the placement members (board/members.py)."""
    if cython.compiled:
        probe: BaseBoard = BaseBoard(None)
        fields = {"pawns": object(), "knights": object(), "bishops": object(), "rooks": object(),
                  "queens": object(), "kings": object(), "occupied": object(), "occupied_co": [],
                  "promoted": object()}
        probe._py_pawns = fields["pawns"]
        probe._py_knights = fields["knights"]
        probe._py_bishops = fields["bishops"]
        probe._py_rooks = fields["rooks"]
        probe._py_queens = fields["queens"]
        probe._py_kings = fields["kings"]
        probe._py_occupied = fields["occupied"]
        probe._py_occupied_co = fields["occupied_co"]
        probe._py_promoted = fields["promoted"]
        expose(BaseBoard, probe, fields)


_expose_members()
