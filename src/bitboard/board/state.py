"""The Board's state layer: side to move, castling, en passant, clocks and the move stack.

Like python-chess, a Board holds any placement (no king, pawns on the back rank): castling
rights and the en-passant square are kept as given (`castling_rights`, `ep_square`), and the
move generator sees only the part that can be played (`clean_castling_rights()`, an en-passant
square a pawn really passed); `status()` names what is wrong. Which moves are legal is the
core's to say (core/movegen, core/legality); this layer turns their codes into Moves.

`push` proves a move legal by finding it among the moves the generator lists for its
from-square, or, cheaper, among the moves listed at the same ply on the current path
(the listing of `ply`, board/stacks.py: each push forgets the listings above its ply, so a listing
is always of the very position it was made for; it holds the moves' codes, never the Moves handed
out). For every
pushed move the stack keeps a Move of its own, its stack entry (the undo record with the move
code, core/encoding) and the Zobrist key from before it.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    import array

    from ..core.arguments import square_arg
    from ..core.attacks import PAWN_ATTACKS
    from ..core.encoding import (
        ATOMIC,
        BB_ALL,
        CASTLING,
        CRAZYHOUSE,
        EN_PASSANT,
        KING,
        KNIGHT,
        MAX_MOVES,
        MAX_PIECE_MOVES,
        NO_SQUARE,
        NORMAL,
        NULL_MOVE,
        ONE,
        PAWN,
        PHANTOM_EP,
        PROMOTION,
        ROOK,
        castled_king_square,
        code_type,
        color_castling,
        drop_flag,
        encode_move,
        entry_move,
        entry_undo,
        flag_drop,
        flag_promotion,
        kingside_right,
        move_flag,
        move_from,
        move_to,
        promotion_flag,
        queenside_right,
        shown_code,
        stack_entry,
        u64,
    )
    from ..core.legality import _exposes_king, _legal_moves, _pseudo_legal
    from ..core.movegen import _count, _generate
    from ..core.native import drop_instance_dict
    from ..core.position import (
        Position,
        _castling_tables_serve,
        _compute_key,
        _copy_position,
        _drop_saved,
        _ep_capturable,
        _make,
        _make_null,
        _set_castling,
        _unmake,
        _unmake_null,
    )
    from ..core.pseudo_legal import _one_king
    from ..core.variant_moves import _atomic_en_passant, _variant_key
    from ..core.zobrist import EP_KEYS
    from ..move import Move, _move_of, _stacked_move_of
    from .base import BaseBoard
    from .stacks import fill_listing, find_listed, grown, new_listing, new_stack

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.bitboard.board.members import Py_SET_SIZE

import types
from collections.abc import Iterator
from typing import Any

from ..errors import IllegalMoveError, quoted
from ..notation.fen import (
    STARTING_FEN,
    FenPosition,
    castling_rights_of,
    clean_castling,
    ep_square_is_possible,
    parse_fen,
    rights_bitboard,
)
from ..squares import BB_RANK_1, BB_RANK_8, SQUARE_NAMES
from ..types import Bitboard, Color, PieceType, Square
from .base import _set_board_class
from .members import expose
from .move_generators import LegalMoveGenerator, PseudoLegalMoveGenerator

__all__ = ["BoardState"]


# The standard starting position once read: Board() copies it (parsing its FEN is 2 µs).
_standard: "BoardState | None" = None


@cython.embedsignature(False)
@cython.cclass
class BoardState(BaseBoard):
    """The position's state and its moves: side to move, castling rights, en passant, clocks, the
    legal and pseudo-legal moves (asked of the core) and the move stack with push and pop.

    A layer of Board, not used alone.
    """

    def __init__(self, fen: str | None = STARTING_FEN, *, chess960: bool = False):
        drop_instance_dict(self)  # (where it pays, made at a program's first own attribute: native.pxd)
        Position.__init__(self)
        self._promoted = 0
        self._moves: list[Move] = []
        self._set_stacks(new_stack(), new_stack())
        self._listed = 0  # plies listed: the arrays are made by the first generate_legal_moves
        self._listing: array.array | None = None
        self._listed_at: array.array | None = None
        # made when first needed: most boards never need it
        self._spurious_stack: list[tuple[int, ...]] | None = None
        self._spurious_rights = 0
        self._spurious_ep = NO_SQUARE
        self._chess960 = bool(chess960)
        global _standard
        if fen is None:
            self._key = _compute_key(self)
            self._show_state()
        elif ((fen is STARTING_FEN or fen == STARTING_FEN) and not self._chess960 and _standard is not None
              and type(self)._load is _LOAD):  # (a subclass that reads FENs its own way reads this one too)
            _copy_position(self, _standard)  # Board(): the standard start, read once
            self._take_views(_standard)
        else:
            self._load(parse_fen(fen, self._chess960))
            self._show_state()  # (done by _load's _set_state, unless a subclass loads its own way)
            if _standard is None and fen == STARTING_FEN and not self._chess960:
                standard: BoardState = BoardState.__new__(BoardState)
                if not cython.compiled:  # (compiled, the C arrays come zeroed with the object)
                    Position.__init__(standard)
                _copy_position(standard, self)
                standard._take_views(self)
                _standard = standard

    @classmethod
    def empty(cls, *, chess960: bool = False):
        """An empty board, white to move."""
        return cls(None, chess960=chess960)

    def _load(self, fp: FenPosition) -> None:
        BaseBoard._place(self, fp.board)
        self._promoted = fp.promoted
        self._turn = 1 if fp.turn else 0
        self._halfmove = fp.halfmove_clock
        self._fullmove = fp.fullmove_number
        self._set_state(fp.castling_rights, fp.ep_square)

    def _set_state(self, rights: Bitboard, ep: Square | None) -> None:
        """Set castling rights (python-chess's bitboard) and the en-passant square as given; the
        generator gets the rights that can be played and the square if a pawn passed it."""
        codes = self._piece_codes()
        kept, rooks = clean_castling(codes, rights, self._chess960)
        c_rooks = cython.declare(cython.uchar[4])  # type: ignore[misc, valid-type]  # a C array
        before = self._rook_squares()
        i: cython.int
        for i in range(4):
            c_rooks[i] = rooks[i]
        if self._undo and _castling_tables_serve(self, kept, c_rooks):
            self._castling = kept  # (setting the turn or the en-passant square keeps the stack)
        else:
            kept = _set_castling(self, kept, c_rooks)
            if self._undo and self._rook_squares() != before:
                # the earlier positions castled with other rooks: their undo records cannot be replayed
                self.clear_stack()
        self._spurious_rights = rights & ~rights_bitboard(kept, rooks)
        if ep is not None and ep_square_is_possible(codes, self._turn == 1, square_arg(ep)):
            self._ep = ep
            self._spurious_ep = NO_SQUARE
        else:
            self._ep = NO_SQUARE
            self._spurious_ep = NO_SQUARE if ep is None else square_arg(ep)
        self._key = _compute_key(self)
        self._listed = 0
        self._shown_castling = -1  # (the rooks may be others)
        self._show_state()

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _show_state(self) -> cython.int:
        """Bring the Python objects that turn, castling_rights, ep_square, the clocks and
        chess960 read in step with the C fields, and those of the placement (_show_placement).
        Each change of the state ends here: push, pop, _set_state, the setters, copies."""
        if cython.compiled:  # (uncompiled, the properties read the C fields themselves)
            if self._py_turn is None:  # the first time
                self._shown_castling = -1
            self._show_placement()
            self._py_turn = self._turn == 1
            ep: cython.int = self._ep if self._ep != NO_SQUARE else self._spurious_ep
            if ep != NO_SQUARE or self._py_ep_square is not None:
                self._py_ep_square = None if ep == NO_SQUARE else ep
            self._py_halfmove_clock = self._halfmove
            self._py_fullmove_number = self._fullmove
            if self._py_chess960 is not bool(self._chess960):
                self._py_chess960 = self._chess960
            if self._castling != self._shown_castling or self._spurious_rights != self._shown_spurious_rights:
                self._shown_castling = self._castling
                self._shown_spurious_rights = self._spurious_rights
                self._py_castling_rights = self._castling_rooks()
        return 0

    @cython.cfunc
    def _take_views(self, source: Position) -> cython.void:
        """Show what `source` shows, for a copy of its state (the same objects: none changes)."""
        if cython.compiled:
            that: BoardState = cython.cast(BoardState, source, typecheck=True)
            BaseBoard._take_views(self, source)
            if that._py_turn is None:
                self._show_state()
                return
            self._py_turn = that._py_turn
            self._py_castling_rights = that._py_castling_rights
            self._py_ep_square = that._py_ep_square
            self._py_halfmove_clock = that._py_halfmove_clock
            self._py_fullmove_number = that._py_fullmove_number
            self._py_chess960 = that._py_chess960
            self._shown_castling = that._shown_castling
            self._shown_spurious_rights = that._shown_spurious_rights

    @cython.cfunc
    def _castling_rooks(self) -> u64:
        """castling_rights: the rooks of the rights the generator plays and of those given besides."""
        i: cython.int
        rooks: u64 = self._spurious_rights
        for i in range(4):
            if (self._castling >> i) & 1:
                rooks |= ONE << self._castling_rook[i]
        return rooks

    def _placement_changed(self) -> None:
        self._set_state(self.castling_rights, self.ep_square)
        self.clear_stack()

    def set_fen(self, fen: str) -> None:
        """Set up the position a FEN describes (InvalidFenError naming the bad field otherwise,
        and the board unchanged); the move stack is cleared."""
        fp = parse_fen(fen, self._chess960)
        self._load(fp)
        self.clear_stack()

    def set_board_fen(self, fen: str) -> None:
        """Place the pieces a board FEN describes; the move stack is cleared."""
        BaseBoard.set_board_fen(self, fen)

    def clear(self) -> None:
        """An empty board: white to move, no castling rights, no en passant, clocks reset."""
        self._turn = 1
        self._halfmove = 0
        self._fullmove = 1
        BaseBoard._place(self, [0] * 64)
        self._set_state(0, None)
        self.clear_stack()

    def reset(self) -> None:
        """The starting position."""
        self.set_fen(STARTING_FEN)

    def reset_board(self) -> None:
        """The starting placement (side, castling and clocks as they are); the stack is cleared."""
        BaseBoard.reset_board(self)

    def clear_stack(self) -> None:
        """Forget the move stack (the position stays); move_stack is emptied in place."""
        self._moves.clear()
        self._set_stacks(new_stack(), new_stack())
        self._listed = 0
        self._spurious_stack = None
        _drop_saved(self, self._saved_count)

    def _rook_squares(self) -> list:
        return [self._castling_rook[i] for i in range(4)]

    @property
    def turn(self) -> bool:
        """True (WHITE) or False (BLACK): the side to move."""
        return self._turn == 1

    @turn.setter
    def turn(self, value: bool) -> None:
        """Set the side to move."""
        self._turn = 1 if value else 0
        self._set_state(self.castling_rights, self.ep_square)

    @property
    def castling_rights(self) -> Bitboard:
        """The bitboard of the rooks that may still castle (python-chess's convention), as given."""
        return self._castling_rooks()

    @castling_rights.setter
    def castling_rights(self, value: Bitboard) -> None:
        """Set the castling rights (a bitboard of rooks); the generator uses the clean part. If
        that changes a right's rook, the move stack is forgotten (its positions castled with
        the old rooks)."""
        self._set_state(value, self.ep_square)

    @property
    def ep_square(self) -> Square | None:
        """The square a pawn passed on its double push last move (any square set), or None."""
        if self._ep != NO_SQUARE:
            return self._ep
        return None if self._spurious_ep == NO_SQUARE else self._spurious_ep

    @ep_square.setter
    def ep_square(self, value: Square | None) -> None:
        """Set the en-passant square (None for none)."""
        self._set_state(self.castling_rights, value)

    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture or pawn move (the fifty-move rule counts them)."""
        return self._halfmove

    @halfmove_clock.setter
    def halfmove_clock(self, value: int) -> None:
        """Set the half-move clock."""
        self._halfmove = value
        self._show_state()

    @property
    def fullmove_number(self) -> int:
        """The number of the move, starting at 1 and counting up after each black move."""
        return self._fullmove

    @fullmove_number.setter
    def fullmove_number(self, value: int) -> None:
        """Set the move number."""
        self._fullmove = value
        self._show_state()

    @property
    def chess960(self) -> bool:
        """Whether the board plays Chess960: castling moves are then king-takes-rook in UCI
        (e1h1) and the FEN's castling field names rooks by file where K/Q would be ambiguous."""
        return self._chess960

    @chess960.setter
    def chess960(self, value: bool) -> None:
        """Switch between Chess960 and standard castling rules and notation."""
        self._chess960 = bool(value)
        self._set_state(self.castling_rights, self.ep_square)

    @property
    def zobrist_key(self) -> int:
        """Polyglot's key of the position (python-chess's `chess.polyglot.zobrist_hash`, the key
        opening books are written with): the incremental key, and for an en-passant square set
        that no pawn passed, its file where a pawn of the side to move could take there, since
        Polyglot counts any square set (python-chess skips a1, its falsy square)."""
        ep: cython.int = self._spurious_ep
        if ep != NO_SQUARE and ep != 0 and (PAWN_ATTACKS[64 * (self._turn ^ 1) + ep] & self._pieces[PAWN]
                                            & self._colors[self._turn]):
            return self._key ^ EP_KEYS[ep & 7]
        return self._key

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed since the position was set up: one list for the board's life, as in
        python-chess, that push appends to and pop, clear_stack and set_fen take from."""
        return self._moves

    def ply(self) -> int:
        """Half-moves played since the start of the game, from the move number and side."""
        return 2 * (self._fullmove - 1) + (self._turn == 0)

    def clean_castling_rights(self) -> Bitboard:
        """The castling rights that can be played, as a bitboard of rooks: each with its king on
        the back rank (e1/e8 unless Chess960) and a rook of its colour (in a corner unless
        Chess960) on that side, the outermost named one."""
        return rights_bitboard(*clean_castling(self._piece_codes(), self.castling_rights, self._chess960))

    def set_castling_fen(self, castling_fen: str) -> None:
        """Set the castling rights from a FEN castling field (KQkq, Shredder's HAha, or both)."""
        self._set_state(castling_rights_of(castling_fen, self._piece_codes()), self.ep_square)

    def has_castling_rights(self, color: Color) -> bool:
        """Whether `color` may still castle on either side."""
        return (self._castling & color_castling(1 if color else 0)) != 0

    def has_kingside_castling_rights(self, color: Color) -> bool:
        """Whether `color` may still castle toward the h-file."""
        return (self._castling & kingside_right(1 if color else 0)) != 0

    def has_queenside_castling_rights(self, color: Color) -> bool:
        """Whether `color` may still castle toward the a-file."""
        return (self._castling & queenside_right(1 if color else 0)) != 0

    def has_chess960_castling_rights(self) -> bool:
        """Whether a castling right needs Chess960 to be played (a rook or king off its corner/e-file)."""
        rights = rights_bitboard(*clean_castling(self._piece_codes(), self.castling_rights, True))
        if rights & ~0x8100000000000081:
            return True
        if rights & BB_RANK_1 and not self._pieces[KING] & self._colors[1] & (ONE << 4):
            return True
        return bool(rights & BB_RANK_8 and not self._pieces[KING] & self._colors[0] & (ONE << 60))

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The legal moves: iterate them, count() them, ask `move in board.legal_moves`.

        >>> len(Board().legal_moves)
        20
        """
        return LegalMoveGenerator(self)

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        """The pseudo-legal moves: legal but for leaving the own king in check."""
        return PseudoLegalMoveGenerator(self)

    @cython.ccall
    def _count_legal(self) -> cython.int:
        """How many legal moves there are (a C call for the game layer's checks; a subclass's
        own generate_legal_moves counted, as python-chess would)."""
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        if type(self) is not _STANDARD_CLASS and _python_rules(type(self)):
            if _python_rules(type(self)) & _OWN_MOVES:
                count: cython.int = 0
                for _move in self.generate_legal_moves():
                    count += 1
                return count
            if self.is_variant_end():  # type: ignore[attr-defined]  # the game layer's
                return 0
        if _one_king(self) and not self._variant:
            return _count(self)
        return _legal_moves(self, buf, BB_ALL, BB_ALL)

    @cython.cfunc
    def _legal_list(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _legal_moves(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [self._move_for(buf[i]) for i in range(n)]

    @cython.cfunc
    def _legal_codes(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _legal_moves(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [buf[i] for i in range(n)]

    @cython.cfunc
    def _pseudo_codes(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _pseudo_legal(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [buf[i] for i in range(n)]

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal moves from squares of `from_mask` to squares of `to_mask`."""
        if type(self) is not _STANDARD_CLASS and _python_rules(type(self)) & _OWN_END and self.is_variant_end():  # type: ignore[attr-defined]
            return iter([])  # (python-chess's: a game its variant rule has ended has no moves)
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        shown = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]
        n: cython.int = _legal_moves(self, buf, _low64(from_mask), _low64(to_mask))
        i: cython.int
        for i in range(n):
            shown[i] = shown_code(buf[i], self._chess960)
        moves = [_move_of(shown[i]) for i in range(n)]
        if from_mask == BB_ALL and to_mask == BB_ALL:
            if self._listing is None:
                self._listing = new_listing()
                self._listed_at = new_listing()
                self._listed_at.append(0)
            self._listed = fill_listing(self._listing, self._listed_at,  # type: ignore[arg-type]  # (made above)
                                        self._listed, len(self._undo), buf, shown, n)
        return iter(moves)

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal captures, en passant included."""
        captures = [m for m in self._legal_list(_low64(from_mask), to_mask & self._colors[self._turn ^ 1])
                    if not self.is_castling(m)]
        return iter(captures + list(self.generate_legal_ep(from_mask, to_mask)))

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal en-passant captures."""
        if self._ep == NO_SQUARE:
            return iter([])
        return iter(self._legal_list(from_mask & self._pieces[PAWN], to_mask & (ONE << self._ep)))

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal castling moves (to_mask applies to the rook's square, as in python-chess)."""
        if self._variant:
            return iter([self._move_for(c) for c in self._legal_codes(_low64(from_mask), _low64(to_mask))
                         if move_flag(c) == CASTLING])
        buf = cython.declare(cython.ushort[MAX_PIECE_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _generate(self, buf, 0, self._pieces[KING] & self._colors[self._turn] & from_mask, False)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return iter([self._move_for(buf[i]) for i in range(n)
                      if move_flag(buf[i]) == CASTLING and (to_mask >> move_to(buf[i])) & 1])

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL,
                                    to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal moves (they may leave the own king in check)."""
        return iter([self._move_for(c) for c in self._pseudo_codes(_low64(from_mask), _low64(to_mask))])

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL,
                                       to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal captures, en passant included."""
        return iter([self._move_for(c) for c in self._pseudo_codes(_low64(from_mask), _low64(to_mask))
                     if move_flag(c) != CASTLING and ((self._colors[self._turn ^ 1] >> move_to(c)) & 1
                                                      or move_flag(c) == EN_PASSANT)])

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal en-passant captures."""
        return iter([self._move_for(c) for c in self._pseudo_codes(_low64(from_mask), _low64(to_mask))
                     if move_flag(c) == EN_PASSANT])

    @cython.cfunc
    def _move_for(self, code: cython.int) -> Move:
        """The Move of a generated code: castling is king takes rook in Chess960 and the king's
        two-square step (e1g1) in standard chess, as python-chess writes them."""
        return _move_of(shown_code(code, self._chess960))

    @cython.cfunc
    def _listed_code(self, move: object) -> cython.int:
        """The code of `move` if legal_moves listed it at this ply, else -1: its fields as they
        are now, looked up among the listed moves' (a king's move is left to _code_of)."""
        ply: cython.Py_ssize_t = len(self._undo)
        if ply >= self._listed or not isinstance(move, Move) or self._variant:
            return -1
        m: Move = move
        if (not (0 <= m.from_square < 64 and 0 <= m.to_square < 64) or m._drop
                or code_type(self._board[m.from_square]) == KING):
            return -1
        plain: cython.int = encode_move(m.from_square, m.to_square, NORMAL)
        if m._promotion:
            if not KNIGHT <= m._promotion <= KING:
                return -1
            plain = encode_move(m.from_square, m.to_square, promotion_flag(m._promotion))
        return find_listed(self._listing, self._listed_at, ply, plain)  # type: ignore[arg-type]  # (_listed > 0)

    @cython.cfunc
    def _code_of(self, move: object) -> cython.int:
        """The internal code of a legal move, or -1."""
        m: Move = _as_move(move)
        if m._drop:
            return self._drop_code(m, True)
        if not (m.from_square != m.to_square or m._promotion):
            return -1
        if self._variant or not _one_king(self):
            for code in self._legal_codes(ONE << m.from_square, BB_ALL):
                if self._names(m, code):
                    return code
            return -1
        buf = cython.declare(cython.ushort[MAX_PIECE_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _generate(self, buf, 0, ONE << m.from_square, False)
        i: cython.int
        for i in range(n):
            if self._names(m, buf[i]):
                return buf[i]
        return -1

    @cython.cfunc
    def _names(self, m: Move, code: cython.int) -> cython.bint:
        """Whether Move `m` names the generated `code`."""
        if move_flag(code) == CASTLING:
            return self._names_castling(m, code)
        return (move_to(code) == m.to_square and flag_promotion(move_flag(code)) == m._promotion
                and flag_drop(move_flag(code)) == m._drop)

    @cython.cfunc
    def _drop_code(self, m: Move, legal: cython.bint) -> cython.int:
        """The code of the drop `m` if legal (or pseudo-legal: a piece of the pocket, not a
        king, on an empty square, a pawn not on a back rank), else -1."""
        to: cython.int = m.to_square
        if self._variant != CRAZYHOUSE or m.from_square != to:
            return -1
        if legal:
            for code in self._legal_codes(ONE << to, ONE << to):
                if flag_drop(move_flag(code)) == m._drop:
                    return code
            return -1
        if (m._drop == KING or self._board[to] or not self._pockets[8 * self._turn + m._drop]
                or (m._drop == PAWN and (to < 8 or to >= 56))):
            return -1
        return encode_move(to, to, drop_flag(m._drop))

    @cython.cfunc
    def _names_castling(self, m: Move, code: cython.int) -> cython.bint:
        """Whether Move `m` names the castling `code`: king takes rook (e1h1, any board), or the
        king's step to the g- or c-file from e1/e8 with the rook on h/a (e1g1, as python-chess
        reads it in either mode)."""
        frm: cython.int = move_from(code)
        rook: cython.int = move_to(code)
        if m._promotion:
            return False
        if m.to_square == rook:
            return True
        return ((frm == 4 or frm == 60) and (rook & 7) in (0, 7)
                and m.to_square == castled_king_square(frm, rook > frm))

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_castling(self, move: Move) -> bool:
        """Whether the move castles: a king's step of two files or more, or the king taking its
        own rook (Chess960's notation)."""
        m = cython.declare(Move, _as_move(move))
        if not (self._pieces[KING] & (ONE << m.from_square)):
            return False
        return (abs((m.to_square & 7) - (m.from_square & 7)) > 1
                or bool(self._pieces[ROOK] & self._colors[self._turn] & (ONE << m.to_square)))

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_kingside_castling(self, move: Move) -> bool:
        """Whether the move castles toward the h-file."""
        m = cython.declare(Move, _as_move(move))
        return self.is_castling(m) and (m.to_square & 7) > (m.from_square & 7)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_queenside_castling(self, move: Move) -> bool:
        """Whether the move castles toward the a-file."""
        m = cython.declare(Move, _as_move(move))
        return self.is_castling(m) and (m.to_square & 7) < (m.from_square & 7)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_legal(self, move: Move) -> bool:
        """Whether `move` is legal here."""
        return self._code_of(move) >= 0

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_pseudo_legal(self, move: Move) -> bool:
        """Whether `move` is pseudo-legal here (legal but perhaps leaving the own king in check)."""
        return self._pseudo_code_of(_as_move(move)) >= 0

    @cython.cfunc
    def _pseudo_code_of(self, m: Move) -> cython.int:
        """The code of a pseudo-legal move, or -1."""
        if m._drop:
            return self._drop_code(m, False)
        if not m:
            return -1
        for code in self._pseudo_codes(ONE << m.from_square, BB_ALL):
            if self._names(m, code):
                return code
        return -1

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_into_check(self, move: Move) -> bool:
        """Whether the pseudo-legal `move` would leave the own king in check."""
        m = cython.declare(Move, _as_move(move))
        if m._drop or not m:
            return False
        for code in self._pseudo_codes(ONE << m.from_square, BB_ALL):
            if self._names(m, code):
                return _exposes_king(self, code)
        return False

    def was_into_check(self) -> bool:
        """Whether the side not to move is in check (the last move left its king attacked)."""
        king = self.king(not self.turn)
        return king is not None and self.is_attacked_by(self.turn, king)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def push(self, move: Move) -> None:
        """Make a move: a legal one, the null move (Move.null()), or, as python-chess allows, a
        pseudo-legal one that leaves the own king in check (see was_into_check()). A move no
        piece here can make raises IllegalMoveError, the board unchanged. python-chess Moves
        are taken as well."""
        self._push_code(self._push_code_of(move), None)

    @cython.cfunc
    def _push_code_of(self, move: object) -> cython.int:
        """The code push makes for `move` (NULL_MOVE for the null move), or IllegalMoveError."""
        code = cython.declare(cython.int, self._listed_code(move))
        m = cython.declare(Move)
        if code < 0:
            m = _as_move(move)
            if not m and not m._drop:
                return NULL_MOVE
            code = self._code_of(m)
            if code < 0:
                code = self._pseudo_code_of(m)  # python-chess pushes those unchecked
            if code < 0:
                fen = self.fen()  # type: ignore[attr-defined]  # the notation layer's, above this one
                if m._drop:
                    raise IllegalMoveError(f"drops are not legal in chess: {m.uci()} in {fen}")
                raise IllegalMoveError(f"illegal move {m.uci()} in {fen}")
        return code

    @cython.cfunc
    def _push_code(self, code: cython.int, stacked: object) -> cython.void:
        """Make the move of `code` and stack `stacked`, or, where None, a Move of the stack's own,
        as python-chess's push makes one: a program changing the Move it pushed does not change
        the stack. (Only a board no program sees, a reader's, stacks a Move it hands out.)"""
        self._push_unshown(code, stacked)
        self._show_state()

    @cython.cfunc
    def _push_unshown(self, code: cython.int, stacked: object) -> cython.void:
        """_push_code, the Python views (turn, pawns ...) left as they were: who pushes several
        moves calls _show_state() once after them (the views compare with what they last showed,
        so that the last call brings them all in step)."""
        key: u64 = _variant_key(self) if self._variant else self._key  # (a variant's unmake needs no key)
        phantom: u64 = PHANTOM_EP if _ep_capturable(self) and not self._legal_ep() else 0
        undo: u64
        if (self._spurious_rights or self._spurious_ep != NO_SQUARE or self._promoted
                or move_flag(code) >= PROMOTION):
            self._remember_given(code)
        undo = _make_null(self) if code == NULL_MOVE else _make(self, code)
        self._moves.append(_stacked_move_of(shown_code(code, self._chess960)) if stacked is None
                           else stacked)  # type: ignore[arg-type]  # (a Move, or a python-chess one pushed and popped)
        self._push_entry(stack_entry(undo | phantom, code), key)
        if self._listed > len(self._undo):  # forget the listings above the new ply
            self._listed = len(self._undo)

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _push_entry(self, entry: u64, key: u64) -> cython.int:
        """Push a stack entry and its key: into the room the arrays have, grown when full."""
        if cython.compiled:
            n: cython.Py_ssize_t = len(self._undo)
            if n == self._capacity:  # new arrays (the old may be _EMPTY, or a copy's)
                self._capacity = 2 * n + 16
                self._undo = grown(self._undo, self._capacity)
                self._keys = grown(self._keys, self._capacity)
            Py_SET_SIZE(self._undo, n + 1)
            Py_SET_SIZE(self._keys, n + 1)
            self._undo.data.as_ulonglongs[n] = entry
            self._keys.data.as_ulonglongs[n] = key
        else:
            self._undo.append(entry)
            self._keys.append(key)
        return 0

    @cython.cfunc
    def _set_stacks(self, undo: array.array, keys: array.array) -> cython.void:
        """Take these arrays as the stack's (of one length, each with room for just that)."""
        self._undo = undo
        self._keys = keys
        self._capacity = len(undo)

    @cython.cfunc
    def _remember_given(self, code: cython.int) -> cython.void:
        """Keep the given rights and square and the promoted pieces for pop, then move them on
        as python-chess does: a push keeps only the clean castling rights and clears the
        en-passant square; a promoted piece stays promoted where it goes."""
        if self._spurious_stack is None:
            self._spurious_stack = []
        self._spurious_stack.append((len(self._undo), self._spurious_rights, self._spurious_ep, self._promoted))
        if code != NULL_MOVE and not self._variant:  # (a variant's make moves them itself)
            frm: cython.int = move_from(code)
            to: cython.int = move_to(code)
            touched: u64 = (ONE << frm) | (ONE << to)
            was_promoted: u64 = (self._promoted >> frm) & 1
            self._promoted &= ~touched
            if move_flag(code) >= PROMOTION or (was_promoted and move_flag(code) != CASTLING):
                self._promoted |= ONE << to
        self._spurious_rights = 0
        self._spurious_ep = NO_SQUARE

    def find_move(self, from_square: Square, to_square: Square, promotion: PieceType | None = None) -> Move:
        """The legal move from one square to another (a pawn reaching the last rank promotes to a
        queen unless told); IllegalMoveError if there is none."""
        if promotion is None and self.pawns & (ONE << square_arg(from_square)) and (ONE << square_arg(to_square)) \
                & (BB_RANK_1 | BB_RANK_8):
            promotion = 5
        move = Move(from_square, to_square, promotion)
        code: cython.int = self._code_of(move)
        if code < 0:
            raise IllegalMoveError(f"no matching legal move for {move.uci()} "
                                   f"({SQUARE_NAMES[move.from_square]} -> {SQUARE_NAMES[move.to_square]}) "
                                   f"in {self.fen()}")  # type: ignore[attr-defined]  # the notation layer's
        return self._move_for(code)

    def pop(self) -> Move:
        """Take back the last move and return it (IndexError when there is none)."""
        move = self._pop_unshown()
        self._show_state()
        return move

    @cython.cfunc
    def _pop_unshown(self) -> Any:
        """pop, the Python views left as they were (see _push_unshown)."""
        if not self._moves or not self._undo:
            raise IndexError("pop from a board without moves")
        n: cython.Py_ssize_t = len(self._undo) - 1
        entry: u64
        key: u64
        if cython.compiled:
            entry = self._undo.data.as_ulonglongs[n]
            key = self._keys.data.as_ulonglongs[n]
            Py_SET_SIZE(self._undo, n)  # (the room stays for the next push)
            Py_SET_SIZE(self._keys, n)
        else:
            entry = self._undo.pop()
            key = self._keys.pop()
        if entry_move(entry) == NULL_MOVE:
            _unmake_null(self, entry_undo(entry), key)
        else:
            _unmake(self, entry_move(entry), entry_undo(entry), key)
        move = self._moves.pop()
        if self._listed > n + 1:
            self._listed = n + 1
        if self._spurious_stack and self._spurious_stack[-1][0] == len(self._undo):
            _, self._spurious_rights, self._spurious_ep, self._promoted = self._spurious_stack.pop()
        return move

    def peek(self) -> Move:
        """The last move (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("peek at a board without moves")
        return self._moves[-1]

    def has_legal_en_passant(self) -> bool:
        """Whether the side to move can capture en passant."""
        return self._legal_ep()

    @cython.cfunc
    def _legal_ep(self) -> cython.bint:
        if not _ep_capturable(self):
            return False
        if self._variant == ATOMIC:  # python-chess's: a capture that explodes the own king is "legal" here
            return _atomic_en_passant(self)
        if self._variant:
            return any(move_flag(code) == EN_PASSANT for code in self._legal_codes(self._pieces[PAWN], ONE << self._ep))
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int = _generate(self, buf, 0, self._pieces[PAWN] & self._colors[self._turn], False)
        i: cython.int
        for i in range(n):  # noqa: SIM110  (a C loop; any() would be a Python generator)
            if move_flag(buf[i]) == EN_PASSANT:
                return True
        return False

    def has_pseudo_legal_en_passant(self) -> bool:
        """Whether a pawn of the side to move attacks the en-passant square."""
        return bool(_ep_capturable(self))

    def _valid_ep_square(self) -> Square | None:
        return None if self._ep == NO_SQUARE else self._ep


# Compiled, every empty stack is this one: a board's first push makes its own (_push_entry).
@cython.cfunc
def _low64(mask: Bitboard) -> u64:
    """A mask as the C generator takes it: python-chess's masks are any int (~board.occupied is
    negative), of which only the low 64 bits count."""
    try:
        return mask
    except OverflowError:
        return mask & BB_ALL


@cython.cfunc
def _as_move(move: Any) -> Move:  # Any: a python-chess Move's fields are read too
    """A bitboard Move for `move`: itself, or a python-chess Move with the same squares."""
    if isinstance(move, Move):
        return move
    try:
        return Move(move.from_square, move.to_square, move.promotion, move.drop)
    except AttributeError:
        raise TypeError(f"expected a Move, not {type(move).__name__} {quoted(move)}") from None


# A Python subclass's own rules, which python-chess's Board asks: its generate_legal_moves
# (legal_moves.count() and the game's ends count those moves) and its is_variant_end (a game
# it ends has no legal moves).
_OWN_MOVES = 1
_OWN_END = 2
_RULES: dict = {}
_STANDARD_CLASS = cython.declare(object, None)  # the Board class (game.py): its rules are the core's


def register_standard_board(cls) -> None:
    """Name the class whose boards skip the look for Python rules (the Board, at its import)."""
    global _STANDARD_CLASS
    _STANDARD_CLASS = cls
    _set_board_class(cls)


def _python_rules(cls) -> int:
    """_OWN_MOVES | _OWN_END for the rules class `cls` writes in Python, 0 for none."""
    found = _RULES.get(cls)
    if found is None:
        found = 0
        if isinstance(getattr(cls, "generate_legal_moves", None), types.FunctionType):
            found |= _OWN_MOVES
        if isinstance(getattr(cls, "is_variant_end", None), types.FunctionType):
            found |= _OWN_END
        _RULES[cls] = found
    return found


_LOAD = BoardState._load  # Board()'s copy of the standard start is for boards that load FENs as this layer does


def _expose_members() -> None:
    """Make python-chess's plain attributes of the state members (board/members.py)."""
    if cython.compiled:
        probe: BoardState = BoardState(None)
        fields = {"turn": object(), "castling_rights": object(), "ep_square": object(),
                  "halfmove_clock": object(), "fullmove_number": object(), "chess960": object(),
                  "move_stack": []}
        probe._py_turn = fields["turn"]
        probe._py_castling_rights = fields["castling_rights"]
        probe._py_ep_square = fields["ep_square"]
        probe._py_halfmove_clock = fields["halfmove_clock"]
        probe._py_fullmove_number = fields["fullmove_number"]
        probe._py_chess960 = fields["chess960"]
        probe._moves = fields["move_stack"]
        expose(BoardState, probe, fields)


_expose_members()
