"""Board and BaseBoard: chess positions with python-chess's API, on the bitboard move generator.

    >>> board = Board()
    >>> board.legal_moves.count()
    20
    >>> board.push_uci("e2e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.perft(4)
    8902

The C state and make/unmake live in `Position` (core/position.py), legality in core/movegen.py.
BaseBoard is the piece placement alone (python-chess's BaseBoard); Board adds the side to move,
castling, en passant, the clocks and the move stack: for every pushed move the Move, its stack
entry (the undo record with the move code, core/encoding.py) and the Zobrist key from before it.

Like python-chess, a Board holds any placement (no king, pawns on the back rank): castling
rights and the en-passant square are kept as given (`castling_rights`, `ep_square`), and the
move generator sees only the part that can be played (`clean_castling_rights()`, an en-passant
square a pawn really passed); `status()` names what is wrong.

`push` proves a move legal by finding it among the moves the generator lists for its
from-square, or, cheaper, among the moves listed at the same ply on the current path
(`_listed[ply]`: each push forgets the lists above its ply, so a list is always of the very
position it was made for).
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from .core.encoding import (
        BB_ALL,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
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
        code_color,
        code_type,
        color_castling,
        encode_move,
        entry_move,
        entry_undo,
        flag_promotion,
        kingside_right,
        move_flag,
        move_from,
        move_to,
        piece_code,
        promotion_flag,
        queenside_right,
        stack_entry,
        u64,
        undo_ep,
    )
    from .core.legality import _exposes_king, _legal_moves, _one_king, _pseudo_legal
    from .core.movegen import _attackers, _count, _generate
    from .core.native import clz64
    from .core.position import (
        Position,
        _compute_key,
        _copy_position,
        _ep_capturable,
        _make,
        _make_null,
        _set_castling,
        _unmake,
        _unmake_null,
    )
    from .core.zobrist import EP_KEYS
    from .move import Move, _move_of
    from .san import plain_san_code
else:
    from cython.cimports.bitboard.core.encoding import (
        BB_ALL,
        CASTLING,
        DOUBLE_PUSH,
        EN_PASSANT,
        KING,
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
        code_color,
        code_type,
        color_castling,
        encode_move,
        entry_move,
        entry_undo,
        flag_promotion,
        kingside_right,
        move_flag,
        move_from,
        move_to,
        piece_code,
        promotion_flag,
        queenside_right,
        stack_entry,
        u64,
        undo_ep,
    )
    from cython.cimports.bitboard.core.legality import _exposes_king, _legal_moves, _one_king, _pseudo_legal
    from cython.cimports.bitboard.core.movegen import _attackers, _count, _generate
    from cython.cimports.bitboard.core.native import clz64
    from cython.cimports.bitboard.core.position import (
        Position,
        _compute_key,
        _copy_position,
        _ep_capturable,
        _make,
        _make_null,
        _set_castling,
        _unmake,
        _unmake_null,
    )
    from cython.cimports.bitboard.core.zobrist import EP_KEYS
    from cython.cimports.bitboard.move import Move, _move_of
    from cython.cimports.bitboard.san import plain_san_code

from collections.abc import Callable, Iterator

from . import epd as _epd
from . import san as _san
from .core.arguments import bitboard_arg, depth_arg, hash_arg, square_arg, threads_arg
from .core.attacks import bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks
from .core.bits import flip_vertical
from .core.perft import perft as _perft_of
from .errors import IllegalMoveError, quoted
from .fen import (
    STARTING_BOARD_FEN,
    STARTING_FEN,
    FenPosition,
    board_fen,
    castling_rights_of,
    castling_xfen,
    clean_castling,
    ep_square_is_possible,
    parse_board_fen,
    parse_fen,
    rights_bitboard,
)
from .move_generators import LegalMoveGenerator, PseudoLegalMoveGenerator
from .outcome import Outcome, Termination
from .piece import BLACK, PIECE_SYMBOLS, WHITE, Piece
from .squares import BB_DARK_SQUARES, BB_LIGHT_SQUARES, BB_RANK_1, BB_RANK_8, SQUARE_NAMES
from .squareset import SquareSet
from .status import Status, board_status
from .types import Bitboard, Color, PieceType, Square

__all__ = ["BaseBoard", "Board", "LegalMoveGenerator", "PseudoLegalMoveGenerator"]

EN_PASSANT_MODES = ("legal", "always", "fen", "xfen")


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

    # python-chess's `promoted`: the squares of pieces that were pawns (crazyhouse needs it)
    _promoted: u64

    def __init__(self, board_fen: str | None = STARTING_BOARD_FEN):
        Position.__init__(self)
        self._promoted = 0
        if board_fen is not None:
            self._set_codes(parse_board_fen(board_fen))

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

    def _piece_codes(self) -> list:
        return [self._board[sq] for sq in range(64)]

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

    def pieces_mask(self, piece_type: PieceType, color: Color) -> Bitboard:
        """The bitboard of the pieces of one type and colour.

        >>> hex(Board().pieces_mask(ROOK, WHITE))
        '0x81'
        """
        if piece_type not in range(1, 7):
            raise ValueError(f"piece type {quoted(piece_type)} is not in 1..6")
        return self._pieces[piece_type] & self._colors[1 if color else 0]

    def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
        """The squares of the pieces of one type and colour, as a SquareSet."""
        return SquareSet(self.pieces_mask(piece_type, color))

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
        return SquareSet(self.attacks_mask(square))

    def attackers_mask(self, color: Color, square: Square, occupied: Bitboard | None = None) -> Bitboard:
        """Pieces of `color` attacking `square` (through the `occupied` squares if given)."""
        occ: u64 = self._colors[0] | self._colors[1] if occupied is None else occupied
        return _attackers(self, square_arg(square), 1 if color else 0, occ)

    def _attackers_with(self, color: Color, square: Square, occupied: Bitboard) -> Bitboard:
        return self.attackers_mask(color, square, occupied)

    def attackers(self, color: Color, square: Square, occupied: Bitboard | None = None) -> SquareSet:
        """The pieces of `color` attacking `square`, as a SquareSet."""
        return SquareSet(self.attackers_mask(color, square, occupied))

    def is_attacked_by(self, color: Color, square: Square, occupied: Bitboard | None = None) -> bool:
        """Whether a piece of `color` attacks `square`."""
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
        return SquareSet(self.pin_mask(color, square))

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

    def apply_mirror(self) -> None:
        """Flip top to bottom and swap the colours, in place."""
        codes = self._transformed_codes(flip_vertical)
        promoted = flip_vertical(self._promoted)
        self._set_codes([code ^ 8 if code else 0 for code in codes])
        self._promoted = promoted

    def copy(self):
        """An independent copy."""
        board: BaseBoard = type(self)(None)
        _copy_position(board, self)
        board._promoted = self._promoted
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
        from .chess960 import back_rank
        rank = back_rank(scharnagl)
        self.set_board_fen(f"{rank}/pppppppp/8/8/8/8/PPPPPPPP/{rank.upper()}")

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
        """Jupyter's picture of the board."""
        from .svg import board as draw
        return draw(self)


def _between(a, b) -> int:
    from .core.attacks import between
    return between(a, b)


def _code_of_piece(piece) -> int:
    """The piece code of a Piece (or any object with python-chess's piece_type and color)."""
    try:
        piece_type, color = piece.piece_type, piece.color
    except AttributeError:
        raise TypeError(f"expected a Piece, not {type(piece).__name__} {quoted(piece)}") from None
    if piece_type not in range(1, 7):
        raise ValueError(f"piece type {quoted(piece_type)} is not in 1..6")
    return piece_code(piece_type, 1 if color else 0)


@cython.embedsignature(False)
@cython.cclass
class Board(BaseBoard):
    """Board(fen=STARTING_FEN, *, chess960=False)
--

    A chess position and the moves that led to it.

    Board() is the starting position, Board(fen) any other; Board(None) is the empty board. With
    chess960=True the FEN's castling field may name any rook (X-FEN or Shredder-FEN) and
    castling moves are written king takes rook (e1h1), as python-chess does.
    """

    # python-chess's class attributes of its standard-chess Board (variants, engines and
    # tablebase probing read them)
    aliases = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    uci_variant = "chess"
    xboard_variant = "normal"
    starting_fen = STARTING_FEN
    tbw_suffix = ".rtbw"
    tbz_suffix = ".rtbz"
    tbw_magic = b"\x71\xe8\x23\x5d"
    tbz_magic = b"\xd7\x66\x0c\xa5"
    pawnless_tbw_suffix = None
    pawnless_tbz_suffix = None
    pawnless_tbw_magic = None
    pawnless_tbz_magic = None
    connected_kings = False
    one_king = True
    captures_compulsory = False

    _moves: list
    _undo: list
    _keys: list
    _listed: list
    _chess960: cython.bint
    # Castling rights and an en-passant square as given that the generator cannot use (a right
    # without its rook, a square no pawn passed): kept for castling_rights, ep_square and
    # status(), with their values before each push that had any (ply, rights, square).
    _spurious_rights: u64
    _spurious_ep: cython.int
    _spurious_stack: list

    def __init__(self, fen: str | None = STARTING_FEN, *, chess960: bool = False):
        Position.__init__(self)
        self._promoted = 0
        self._moves = []
        self._undo = []
        self._keys = []
        self._listed = None  # made by the first generate_legal_moves
        self._spurious_stack = None  # made when first needed: most boards never need it
        self._spurious_rights = 0
        self._spurious_ep = NO_SQUARE
        self._chess960 = bool(chess960)
        if fen is None:
            self._key = _compute_key(self)
        else:
            self._load(parse_fen(fen, self._chess960))

    @classmethod
    def empty(cls, *, chess960: bool = False) -> "Board":
        """An empty board, white to move."""
        return cls(None, chess960=chess960)

    # --- setting up ---

    def _load(self, fp: FenPosition) -> None:
        BaseBoard._place(self, fp.board)
        self._turn = 1 if fp.turn else 0
        self._halfmove = fp.halfmove_clock
        self._fullmove = fp.fullmove_number
        self._set_state(fp.castling_rights, fp.ep_square)

    def _set_state(self, rights: Bitboard, ep: Square | None) -> None:
        """Set castling rights (python-chess's bitboard) and the en-passant square as given; the
        generator gets the rights that can be played and the square if a pawn passed it."""
        codes = self._piece_codes()
        kept, rooks = clean_castling(codes, rights, self._chess960)
        c_rooks = cython.declare(cython.uchar[4])
        before = self._rook_squares()
        i: cython.int
        for i in range(4):
            c_rooks[i] = rooks[i]
        kept = _set_castling(self, kept, c_rooks)
        if self._moves and self._rook_squares() != before:
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
        self._listed = None  # made by the first generate_legal_moves

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
        """Forget the move stack (the position stays)."""
        self._moves = []
        self._undo = []
        self._keys = []
        self._listed = None  # made by the first generate_legal_moves
        self._spurious_stack = None

    # --- FEN and EPD ---

    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: bool | None = None) -> str:
        """The FEN. en_passant: "legal" (default, as python-chess) writes the en-passant square
        only when an en-passant capture is legal; "fen" (or "always") whenever it is set;
        "xfen" when a pawn stands ready to take, legal or not. shredder: castling as HAha."""
        epd = self.epd(shredder=shredder, en_passant=en_passant, promoted=promoted)
        return f"{epd} {self._halfmove} {self._fullmove}"

    def shredder_fen(self, *, en_passant: str = "legal", promoted: bool | None = None) -> str:
        """The FEN with castling rights as Shredder-FEN writes them (HAha)."""
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    @classmethod
    def from_epd(cls, epd: str, *, chess960: bool = False):
        """(board, operations) of an EPD line."""
        board = cls(None, chess960=chess960)
        return board, board.set_epd(epd)

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: bool | None = None,
            **operations) -> str:
        """The EPD: placement, side, castling, en passant, then the operations given."""
        ep = self._ep_for(en_passant)
        castling = self.castling_shredder_fen() if shredder else self.castling_xfen()
        text = (f"{self.board_fen(promoted=promoted)} {'w' if self._turn else 'b'} {castling} "
                f"{SQUARE_NAMES[ep] if ep is not None else '-'}")
        if operations:
            text += " " + _epd.format_operations(self, operations)
        return text

    def set_epd(self, epd: str) -> dict:
        """Set up the position of an EPD and return its operations ({"bm": [Move], "id": str,
        ...}; hmvc and fmvn set the clocks)."""
        fields = epd.strip().rstrip(";").split(maxsplit=4)
        if len(fields) < 4:
            raise ValueError(f"EPD {quoted(epd)} has fewer than four fields")
        operations_text = fields[4] if len(fields) > 4 else ""
        probe = Board(" ".join(fields[:4]) + " 0 1", chess960=self._chess960)
        operations = _epd.parse_operations(probe, operations_text)
        hmvc = operations.get("hmvc", 0)
        fmvn = operations.get("fmvn", 1)
        self.set_fen(f"{' '.join(fields[:4])} {int(hmvc)} {max(int(fmvn), 1)}")
        return operations

    def _ep_for(self, mode):
        if mode not in EN_PASSANT_MODES:
            raise ValueError(f"en_passant {quoted(mode)} is not one of {', '.join(EN_PASSANT_MODES)}")
        if mode in ("always", "fen"):
            return self.ep_square
        if self._ep == NO_SQUARE:
            return None
        if mode == "xfen" and _ep_capturable(self):
            return self._ep
        return self._ep if mode == "legal" and self.has_legal_en_passant() else None

    def _rook_squares(self) -> list:
        return [self._castling_rook[i] for i in range(4)]

    def castling_xfen(self) -> str:
        """The castling field as X-FEN (KQkq, a rook's file where the outer rook is not the one)."""
        return castling_xfen(self._piece_codes(), self._castling, self._rook_squares())

    def castling_shredder_fen(self) -> str:
        """The castling field as Shredder-FEN: the rooks' files (HAha)."""
        out = ""
        for i, letters in ((0, "ABCDEFGH"), (1, "ABCDEFGH"), (2, "abcdefgh"), (3, "abcdefgh")):
            if self._castling >> i & 1:
                out += letters[self._castling_rook[i] & 7]
        return out or "-"

    # --- the writable state (python-chess's attributes) ---

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
        i: cython.int
        rooks: u64 = self._spurious_rights
        for i in range(4):
            if (self._castling >> i) & 1:
                rooks |= ONE << self._castling_rook[i]
        return rooks

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

    @property
    def fullmove_number(self) -> int:
        """The number of the move, starting at 1 and counting up after each black move."""
        return self._fullmove

    @fullmove_number.setter
    def fullmove_number(self, value: int) -> None:
        """Set the move number."""
        self._fullmove = value

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
        """The incremental Zobrist key of the position (Polyglot's keys)."""
        return self._key

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed since the position was set up (a copy)."""
        return list(self._moves)

    def ply(self) -> int:
        """Half-moves played since the start of the game, from the move number and side."""
        return 2 * (self._fullmove - 1) + (self._turn == 0)

    # --- castling rights ---

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

    # --- moves ---

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

    def _count_legal(self) -> int:
        buf = cython.declare(cython.ushort[MAX_MOVES])
        if _one_king(self):
            return _count(self)
        return _legal_moves(self, buf, BB_ALL, BB_ALL)

    @cython.cfunc
    def _legal_list(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int = _legal_moves(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [self._move_for(buf[i]) for i in range(n)]

    @cython.cfunc
    def _legal_codes(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int = _legal_moves(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [buf[i] for i in range(n)]

    @cython.cfunc
    def _pseudo_codes(self, from_mask: u64, to_mask: u64) -> list:
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int = _pseudo_legal(self, buf, from_mask, to_mask)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return [buf[i] for i in range(n)]

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal moves from squares of `from_mask` to squares of `to_mask`."""
        moves = self._legal_list(from_mask, to_mask)
        if from_mask == BB_ALL and to_mask == BB_ALL:
            ply: cython.Py_ssize_t = len(self._moves)
            if self._listed is None:
                self._listed = []
            while len(self._listed) <= ply:
                self._listed.append(None)
            self._listed[ply] = moves[:]
        return iter(moves)

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal captures, en passant included."""
        captures = [m for m in self._legal_list(from_mask, to_mask & self._colors[self._turn ^ 1])
                    if not self.is_castling(m)]
        return iter(captures + list(self.generate_legal_ep(from_mask, to_mask)))

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal en-passant captures."""
        if self._ep == NO_SQUARE:
            return iter([])
        return iter(self._legal_list(from_mask & self._pieces[PAWN], to_mask & (ONE << self._ep)))

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The legal castling moves (to_mask applies to the rook's square, as in python-chess)."""
        buf = cython.declare(cython.ushort[MAX_PIECE_MOVES])
        n: cython.int = _generate(self, buf, 0, self._pieces[KING] & self._colors[self._turn] & from_mask, False)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        return iter([self._move_for(buf[i]) for i in range(n)
                      if move_flag(buf[i]) == CASTLING and (to_mask >> move_to(buf[i])) & 1])

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL,
                                    to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal moves (they may leave the own king in check)."""
        return iter([self._move_for(c) for c in self._pseudo_codes(from_mask, to_mask)])

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL,
                                       to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal captures, en passant included."""
        return iter([self._move_for(c) for c in self._pseudo_codes(from_mask, to_mask)
                     if move_flag(c) != CASTLING and ((self._colors[self._turn ^ 1] >> move_to(c)) & 1
                                                      or move_flag(c) == EN_PASSANT)])

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The pseudo-legal en-passant captures."""
        return iter([self._move_for(c) for c in self._pseudo_codes(from_mask, to_mask)
                     if move_flag(c) == EN_PASSANT])

    @cython.cfunc
    def _move_for(self, code: cython.int) -> Move:
        """The Move of a generated code: castling is king takes rook in Chess960 and the king's
        two-square step (e1g1) in standard chess, as python-chess writes them."""
        if move_flag(code) != CASTLING or self._chess960:
            return _move_of(code)
        frm: cython.int = move_from(code)
        return _move_of(encode_move(frm, castled_king_square(frm, move_to(code) > frm), NORMAL))

    @cython.cfunc
    def _listed_code(self, move: object) -> cython.int:
        """The code of `move` if legal_moves listed it at this ply, else -1."""
        ply: cython.Py_ssize_t = len(self._moves)
        if not isinstance(move, Move):
            return -1
        if self._listed is None or ply >= len(self._listed) or self._listed[ply] is None \
                or move not in self._listed[ply]:
            return -1
        m: Move = move
        frm: cython.int = m.from_square
        to: cython.int = m.to_square
        piece: cython.int = code_type(self._board[frm])
        flag: cython.int = NORMAL
        if m._promotion:
            flag = promotion_flag(m._promotion)
        elif piece == PAWN and (to - frm == 16 or frm - to == 16):
            flag = DOUBLE_PUSH
        elif piece == PAWN and to == self._ep:
            flag = EN_PASSANT
        elif piece == KING:
            return -1  # castling or not: _code_of tells
        return encode_move(frm, to, flag)

    @cython.cfunc
    def _code_of(self, move: object) -> cython.int:
        """The internal code of a legal move, or -1."""
        m: Move = _as_move(move)
        if m._drop or not (m.from_square != m.to_square or m._promotion):
            return -1
        if not _one_king(self):
            for code in self._legal_codes(ONE << m.from_square, BB_ALL):
                if self._names(m, code):
                    return code
            return -1
        buf = cython.declare(cython.ushort[MAX_PIECE_MOVES])
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
        return move_to(code) == m.to_square and flag_promotion(move_flag(code)) == m._promotion

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
        if m._drop or not m:
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
        code = cython.declare(cython.int, self._listed_code(move))
        m = cython.declare(Move)
        if code < 0:
            m = _as_move(move)
            if not m and not m._drop:
                self._push_code(NULL_MOVE, m)
                return
            code = self._code_of(m)
            if code < 0:
                code = self._pseudo_code_of(m)  # python-chess pushes those unchecked
            if code < 0:
                if m._drop:
                    raise IllegalMoveError(f"drops are not legal in chess: {m.uci()} in {self.fen()}")
                raise IllegalMoveError(f"illegal move {m.uci()} in {self.fen()}")
            move = m
        self._push_code(code, move)

    @cython.cfunc
    def _push_code(self, code: cython.int, move: object) -> cython.void:
        key: u64 = self._key
        phantom: u64 = PHANTOM_EP if _ep_capturable(self) and not self.has_legal_en_passant() else 0
        undo: u64
        if (self._spurious_rights or self._spurious_ep != NO_SQUARE or self._promoted
                or move_flag(code) >= PROMOTION):
            self._remember_given(code)
        undo = _make_null(self) if code == NULL_MOVE else _make(self, code)
        self._moves.append(move)
        self._undo.append(stack_entry(undo | phantom, code))
        self._keys.append(key)
        while self._listed and len(self._listed) > len(self._moves):  # forget the lists above the new ply
            self._listed.pop()

    def _remember_given(self, code) -> None:
        """Keep the given rights and square and the promoted pieces for pop, then move them on
        as python-chess does: a push keeps only the clean castling rights and clears the
        en-passant square; a promoted piece stays promoted where it goes."""
        if self._spurious_stack is None:
            self._spurious_stack = []
        self._spurious_stack.append((len(self._moves), self._spurious_rights, self._spurious_ep, self._promoted))
        if code != NULL_MOVE:
            frm, to = move_from(code), move_to(code)
            touched = (ONE << frm) | (ONE << to)
            was_promoted = (self._promoted >> frm) & 1
            self._promoted &= ~touched
            if move_flag(code) >= PROMOTION or (was_promoted and move_flag(code) != CASTLING):
                self._promoted |= ONE << to
        self._spurious_rights = 0
        self._spurious_ep = NO_SQUARE

    def push_uci(self, uci: str) -> Move:
        """Parse a UCI move (InvalidMoveError if malformed, IllegalMoveError if illegal), push
        it, return it."""
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def parse_uci(self, uci: str) -> Move:
        """The legal move a UCI text names, castling in this board's notation (e1g1, or e1h1 in
        Chess960); the null move for "0000"."""
        move: Move = Move.from_uci(uci)
        if not move:
            return move
        code: cython.int = self._code_of(move)
        if code < 0:
            raise IllegalMoveError(f"illegal uci: {quoted(uci)} in {self.fen()}")
        return self._move_for(code)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def uci(self, move: Move, *, chess960: bool | None = None) -> str:
        """The UCI text of `move`, castling as king takes rook when chess960 (default: the board's)."""
        m = cython.declare(Move, _as_move(move))
        code = cython.declare(cython.int, self._code_of(m))
        if code < 0 or move_flag(code) != CASTLING:
            return m.uci()
        wide = cython.declare(cython.bint, self._chess960 if chess960 is None else bool(chess960))
        frm = cython.declare(cython.int, move_from(code))
        if wide:
            return Move(frm, move_to(code)).uci()
        return Move(frm, castled_king_square(frm, move_to(code) > frm)).uci()

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
                                   f"in {self.fen()}")
        return self._move_for(code)

    def pop(self) -> Move:
        """Take back the last move and return it (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("pop from a board without moves")
        entry: u64 = self._undo.pop()
        key: u64 = self._keys.pop()
        if entry_move(entry) == NULL_MOVE:
            _unmake_null(self, entry_undo(entry), key)
        else:
            _unmake(self, entry_move(entry), entry_undo(entry), key)
        move = self._moves.pop()
        while self._listed and len(self._listed) > len(self._moves) + 1:
            self._listed.pop()
        if self._spurious_stack and self._spurious_stack[-1][0] == len(self._moves):
            _, self._spurious_rights, self._spurious_ep, self._promoted = self._spurious_stack.pop()
        return move

    def peek(self) -> Move:
        """The last move (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("peek at a board without moves")
        return self._moves[-1]

    def has_legal_en_passant(self) -> bool:
        """Whether the side to move can capture en passant."""
        if not _ep_capturable(self):
            return False
        buf = cython.declare(cython.ushort[MAX_MOVES])
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

    # --- notation ---

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def san(self, move: Move) -> str:
        """The move in Standard Algebraic Notation, as python-chess writes it ("Nbd7", "e8=Q#")."""
        return _san.san(self, _as_move(move))

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def lan(self, move: Move) -> str:
        """The move in long algebraic notation ("Ng1-f3", "e7xd8=Q+")."""
        return _san.san(self, _as_move(move), long=True)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def san_and_push(self, move: Move) -> str:
        """The SAN of `move`, then push it."""
        text = self.san(move)
        self.push(move)
        return text

    def variation_san(self, variation) -> str:
        """A line of legal moves from here in SAN with move numbers ("1. e4 e5 2. Nf3")."""
        board = self.copy(stack=False)
        out = []
        for move in variation:
            if not board.is_legal(move):
                raise IllegalMoveError(f"illegal move {_as_move(move).uci()} in position {board.fen()}")
            if board.turn:
                out.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
            elif not out:
                out.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
            else:
                out.append(board.san_and_push(move))
        return " ".join(out)

    def parse_san(self, san: str) -> Move:
        """The legal move a SAN text names (InvalidMoveError, IllegalMoveError, AmbiguousMoveError)."""
        return _san.parse_san(self, san)

    def push_san(self, san: str) -> Move:
        """Parse a SAN move, push it and return it."""
        code: cython.int = self._plain_san_code(san) if isinstance(san, str) else -1
        if code < 0:
            code = _san.san_code(self, san)
        move = self._move_for_code(code)
        self._push_code(NULL_MOVE if code < 0 else code, move)
        return move

    @cython.cfunc
    def _plain_san_code(self, san: str) -> cython.int:
        """The code of the legal move a plain SAN names, matched in C (san.plain_san_code); -1
        for anything else, which the full reader in san.py then takes."""
        data: bytes = san.encode("utf-8", "replace")
        return plain_san_code(self, data, 0, len(data))

    def _san_codes(self, piece: cython.int, from_mask: u64, to: cython.int, promotion: cython.int) -> list:
        """For the SAN reader: the codes of the legal moves of `piece` (0: any) from `from_mask`
        to `to` promoting to `promotion` (0: none, -1: any); castling is left out, except that
        to == -1 asks for the castling moves alone."""
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int
        i: cython.int  # noqa: F842  (the comprehension's C index)
        code: cython.int
        own: u64 = self._colors[self._turn]
        movers: u64 = own & from_mask & (self._pieces[piece] if piece else BB_ALL)
        if to < 0:
            movers = own & self._pieces[KING]
        if not _one_king(self):
            codes = self._legal_codes(movers, BB_ALL)
        else:
            n = _generate(self, buf, 0, movers, False)
            codes = [buf[i] for i in range(n)]
        out = []
        for code in codes:
            if (move_flag(code) == CASTLING) != (to < 0):
                continue
            if to >= 0 and (move_to(code) != to or (promotion >= 0 and flag_promotion(move_flag(code)) != promotion)):
                continue
            out.append(code)
        return out

    def _move_for_code(self, code: cython.int) -> Move:
        """The Move of a generated code (-1: the null move)."""
        return Move(0, 0) if code < 0 else self._move_for(code)

    def _code_from(self, code: cython.int) -> int:
        return move_from(code)

    def _code_to(self, code: cython.int) -> int:
        return move_to(code)

    def _code_promotion(self, code: cython.int) -> int:
        return flag_promotion(move_flag(code))

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def xboard(self, move: Move, chess960: bool | None = None) -> str:
        """The move as an XBoard engine reads it ("@@@@" for the null move)."""
        m = cython.declare(Move, _as_move(move))
        wide = self._chess960 if chess960 is None else chess960
        if wide and self.is_castling(m):
            return "O-O" if self.is_kingside_castling(m) else "O-O-O"
        return self.uci(m, chess960=chess960) if m else "@@@@"

    def parse_xboard(self, xboard: str) -> Move:
        """The legal move an XBoard text names (SAN or coordinates)."""
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        """Parse an XBoard move, push it and return it."""
        move = self.parse_xboard(xboard)
        self.push(move)
        return move

    # --- properties of a move ---

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_capture(self, move: Move) -> bool:
        """Whether the move takes a piece (en passant included)."""
        m = cython.declare(Move, _as_move(move))
        touched = cython.declare(u64, (ONE << m.from_square) ^ (ONE << m.to_square))
        return bool(touched & self._colors[self._turn ^ 1]) or self.is_en_passant(m)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_en_passant(self, move: Move) -> bool:
        """Whether the move is an en-passant capture."""
        m = cython.declare(Move, _as_move(move))
        return (self._ep != NO_SQUARE and m.to_square == self._ep and bool(self._pieces[PAWN] & (ONE << m.from_square))
                and abs(m.to_square - m.from_square) in (7, 9) and not self._board[m.to_square])

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
    def is_zeroing(self, move: Move) -> bool:
        """Whether the move resets the half-move clock: a pawn move or a capture."""
        m = cython.declare(Move, _as_move(move))
        touched = cython.declare(u64, (ONE << m.from_square) ^ (ONE << m.to_square))
        return bool(touched & self._pieces[PAWN] or touched & self._colors[self._turn ^ 1] or m._drop == PAWN)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def is_irreversible(self, move: Move) -> bool:
        """Whether the move can never be undone by later moves: it zeroes the clock, loses a
        castling right, or forgoes a legal en-passant capture."""
        m = cython.declare(Move, _as_move(move))
        rights = cython.declare(u64, self.clean_castling_rights())
        touched = cython.declare(u64, (ONE << m.from_square) ^ (ONE << m.to_square))
        loses = bool(touched & rights
                     or (rights & BB_RANK_1 and touched & self._pieces[KING] & self._colors[1])
                     or (rights & BB_RANK_8 and touched & self._pieces[KING] & self._colors[0]))
        return self.is_zeroing(m) or loses or self.has_legal_en_passant()

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def gives_check(self, move: Move) -> bool:
        """Whether the move puts the opponent in check."""
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    # --- game state (python-chess's rules and names) ---

    def _has_legal_moves(self) -> bool:
        return self._count_legal() > 0

    def checkers_mask(self) -> Bitboard:
        """Pieces giving check to the side to move (none without a king)."""
        king = self.king(self.turn)
        return 0 if king is None else self.attackers_mask(not self.turn, king)

    def checkers(self) -> SquareSet:
        """The pieces giving check to the side to move, as a SquareSet."""
        return SquareSet(self.checkers_mask())

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return self.checkers_mask() != 0

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated.

        >>> Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_checkmate()
        True
        """
        return self.is_check() and not self._has_legal_moves()

    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check."""
        return not self.is_check() and not self._has_legal_moves()

    def status(self) -> Status:
        """What is wrong with the position (Status flags; Status.VALID when nothing is)."""
        return board_status(self)

    def is_valid(self) -> bool:
        """Whether the position is sound (status() is VALID)."""
        return self.status() == Status.VALID

    def is_variant_end(self) -> bool:
        """False: standard chess has no variant end."""
        return False

    def is_variant_win(self) -> bool:
        """False: standard chess has no variant win."""
        return False

    def is_variant_loss(self) -> bool:
        """False: standard chess has no variant loss."""
        return False

    def is_variant_draw(self) -> bool:
        """False: standard chess has no variant draw."""
        return False

    def has_insufficient_material(self, color: Color) -> bool:
        """Whether `color` cannot possibly checkmate, however the opponent plays."""
        own, other = self.occupied_co[bool(color)], self.occupied_co[not color]
        if own & (self.pawns | self.rooks | self.queens):
            return False
        if own & self.knights:
            # a lone knight, and an opponent with nothing to block its own king with
            return bin(own).count("1") <= 2 and not (other & ~self.kings & ~self.queens)
        if own & self.bishops:
            # bishops all on one square colour, and no pawn or knight that could block
            one_colour = not (self.bishops & BB_DARK_SQUARES) or not (self.bishops & BB_LIGHT_SQUARES)
            return one_colour and not self.pawns and not self.knights
        return True

    def is_insufficient_material(self) -> bool:
        """Whether neither side can possibly checkmate (a draw)."""
        return self.has_insufficient_material(WHITE) and self.has_insufficient_material(BLACK)

    def is_fifty_moves(self) -> bool:
        """Fifty moves by each side without a capture or pawn move (a draw that may be claimed)."""
        return self._halfmove >= 100 and self._has_legal_moves()

    def is_seventyfive_moves(self) -> bool:
        """Seventy-five moves by each side without a capture or pawn move (an automatic draw)."""
        return self._halfmove >= 150 and self._has_legal_moves()

    def can_claim_fifty_moves(self) -> bool:
        """The fifty-move rule applies now, or after a move that neither captures nor moves a pawn."""
        if self.is_fifty_moves():
            return True
        if self._halfmove >= 99:
            for move in self._legal_list(BB_ALL, BB_ALL):
                if not self.is_zeroing(move):
                    self.push(move)
                    try:
                        if self.is_fifty_moves():
                            return True
                    finally:
                        self.pop()
        return False

    def _repetition_key(self) -> int:
        """The key by which positions repeat: the Zobrist key, counting en passant only when legal."""
        if _ep_capturable(self) and not self.has_legal_en_passant():
            return self._key ^ EP_KEYS[self._ep & 7]
        return self._key

    def _earlier_keys(self) -> list:
        """The repetition keys of the positions since the last capture or pawn move, latest first."""
        keys = []
        i: cython.Py_ssize_t
        entry: u64
        n: cython.Py_ssize_t = len(self._keys)
        for i in range(n - 1, max(n - 1 - self._halfmove, -1), -1):
            entry = self._undo[i]
            key: u64 = self._keys[i]
            keys.append(key ^ EP_KEYS[undo_ep(entry) & 7] if entry & PHANTOM_EP else key)
        return keys

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the current position has now stood on the board `count` times."""
        return 1 + self._earlier_keys().count(self._repetition_key()) >= count

    def is_fivefold_repetition(self) -> bool:
        """The fifth occurrence of a position (an automatic draw)."""
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self) -> bool:
        """The current position occurs the third time, or will after some legal move."""
        earlier = self._earlier_keys()
        if 1 + earlier.count(self._repetition_key()) >= 3:
            return True
        earlier.append(self._repetition_key())
        for move in self._legal_list(BB_ALL, BB_ALL):
            self.push(move)
            try:
                if earlier.count(self._repetition_key()) >= 2:
                    return True
            finally:
                self.pop()
        return False

    def can_claim_draw(self) -> bool:
        """Whether the side to move can claim a draw by the fifty-move rule or threefold repetition."""
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """The Outcome if the game is over (claimable draws counted with claim_draw), else None."""
        if self.is_checkmate():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if self.is_insufficient_material():
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if not self._has_legal_moves():
            return Outcome(Termination.STALEMATE, None)
        if self.is_seventyfive_moves():
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self.is_fivefold_repetition():
            return Outcome(Termination.FIVEFOLD_REPETITION, None)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def is_game_over(self, *, claim_draw: bool = False) -> bool:
        """Whether the game is over (claimable draws counted with claim_draw)."""
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        """'1-0', '0-1', '1/2-1/2', or '*' while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

    # --- python-chess interop ---

    @staticmethod
    def from_chess(chess_board) -> "Board":
        """A Board with the same position, move stack and Chess960 setting as a python-chess Board."""
        if getattr(chess_board, "uci_variant", "chess") != "chess":
            raise ValueError(f"only chess boards convert, not the variant {quoted(chess_board.uci_variant)}")
        root = chess_board.root()
        board = Board(root.fen(en_passant="fen"), chess960=chess_board.chess960)
        for move in chess_board.move_stack:
            board.push_uci(move.uci())
        return board

    def to_chess(self) -> "chess.Board":  # noqa: F821  (python-chess is optional)
        """The python-chess Board of this position and move stack (needs python-chess)."""
        try:
            import chess
        except ImportError:
            raise ImportError("Board.to_chess needs python-chess: pip install 'bitboard[chess]' "
                              "(or pip install chess)") from None
        board = chess.Board(self.root().fen(en_passant="always"), chess960=self._chess960)
        for move in self._moves:
            board.push(chess.Move.from_uci(move.uci()))
        return board

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the board with its last move tinted and a checked king marked."""
        from .svg import board as draw
        return draw(self, lastmove=self._moves[-1] if self._moves else None,
                    check=self.king(self.turn) if self.is_check() else None)

    # --- perft ---

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def perft(self, depth: int, *, threads: int = 1, hash_mb: float = 0) -> int:
        """Leaf count of the legal move tree to `depth`, bulk counted with the GIL released.

        threads: split the tree across this many threads; hash_mb: a transposition table of
        about this many MiB. Counts are exact in every mode.
        """
        return _count_leaves(self, depth, threads, hash_mb, None)

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def divide(self, depth: int) -> dict[Move, int]:
        """{move: perft(depth - 1) after it} for every legal move (depth >= 1)."""
        return dict(self.divide_lines(depth))

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def divide_lines(self, depth: int, *, threads: int = 1, hash_mb: float = 0,
                     on_wait: Callable[[], None] | None = None) -> Iterator[tuple[Move, int]]:
        """(move, perft(depth - 1) after it) for each legal move, yielded as soon as it is
        counted: the divide loop that `divide` collects and the command line prints line by
        line (a count stopped by Ctrl-C keeps the lines before it). Castling is king takes
        rook in Chess960, as python-chess and Stockfish write it. `threads`, `hash_mb` and
        `on_wait` are perft's, for each move's count; the board is as it was between lines."""
        if depth_arg(depth) < 1:
            raise ValueError(f"divide needs depth >= 1, not {depth}")
        for move in self._legal_list(BB_ALL, BB_ALL):
            self.push(move)
            try:
                count = _count_leaves(self, depth - 1, threads, hash_mb, on_wait)
            finally:
                self.pop()
            yield move, count

    # --- Chess960 starting positions ---

    def set_chess960_pos(self, scharnagl: int) -> None:
        """Chess960 starting position number `scharnagl`: its placement, white to move, every
        castling right, and chess960 switched on."""
        BaseBoard.set_chess960_pos(self, scharnagl)
        self._chess960 = True
        self._turn = 1
        self._halfmove = 0
        self._fullmove = 1
        self._set_state(self.rooks & (BB_RANK_1 | BB_RANK_8), None)
        self.clear_stack()

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False,
                     ignore_counters: bool = True) -> int | None:
        """The Scharnagl number of this position if it is a Chess960 starting position (white to
        move, every castling right, no en passant; each unless ignored), else None."""
        if self.ep_square is not None:
            return None
        if not ignore_turn and not self.turn:
            return None
        if not ignore_castling and self.clean_castling_rights() != self.rooks & (BB_RANK_1 | BB_RANK_8):
            return None
        if not ignore_counters and (self._fullmove != 1 or self._halfmove != 0):
            return None
        return BaseBoard.chess960_pos(self)

    # --- copying, transforming, comparing, printing ---

    def copy(self, *, stack=True) -> "Board":
        """An independent copy with the whole move stack (stack=True), none (False) or the last
        `stack` moves."""
        board: Board = type(self)(None, chess960=self._chess960)
        _copy_position(board, self)
        board._spurious_rights = self._spurious_rights
        board._spurious_ep = self._spurious_ep
        board._promoted = self._promoted
        if stack is True or (stack is not False and stack >= len(self._moves)):
            board._moves = list(self._moves)
            board._undo = list(self._undo)
            board._keys = list(self._keys)
            board._spurious_stack = None if self._spurious_stack is None else list(self._spurious_stack)
        elif stack:
            n: cython.Py_ssize_t = len(self._moves) - stack
            board._moves = self._moves[n:]
            board._undo = self._undo[n:]
            board._keys = self._keys[n:]
            board._spurious_stack = [(ply - n, *given) for ply, *given in self._spurious_stack or () if ply >= n]
        return board

    def root(self) -> "Board":
        """The position the move stack starts from."""
        board: Board = self.copy()
        while board._moves:
            board.pop()
        return board.copy(stack=False)

    def apply_transform(self, f: Callable[[int], int]) -> None:
        """Map every bitboard (pieces, castling rights, en-passant square) by `f`, in place; the
        move stack is cleared."""
        rights = f(self.castling_rights)
        ep = self.ep_square
        promoted = f(self._promoted)
        BaseBoard._place(self, self._transformed_codes(f))
        self._promoted = promoted
        self._set_state(rights, None if ep is None else f(ONE << ep).bit_length() - 1)
        self.clear_stack()

    def transform(self, f: Callable[[int], int]) -> "Board":
        """A copy with every bitboard mapped by `f`, without the move stack."""
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def apply_mirror(self) -> None:
        """Flip top to bottom, swap the colours and the side to move, in place; the stack is cleared."""
        rights = flip_vertical(self.castling_rights)
        ep = self.ep_square
        promoted = flip_vertical(self._promoted)
        BaseBoard._place(self, [code ^ 8 if code else 0 for code in self._transformed_codes(flip_vertical)])
        self._promoted = promoted
        self._turn ^= 1
        self._set_state(rights, None if ep is None else ep ^ 56)
        self.clear_stack()

    def mirror(self) -> "Board":
        """A copy flipped top to bottom with colours and side to move swapped, without the stack."""
        board = self.copy(stack=False)
        board.apply_mirror()
        return board

    def __reduce__(self):
        return _restore, (self.root().fen(en_passant="fen"), [m.uci() for m in self._moves], self._chess960)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.fen() == other.fen()

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __repr__(self) -> str:
        if self._chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"



def _count_leaves(board: Board, depth, threads, hash_mb, on_wait) -> int:
    """perft of `board`, as python-chess's `legal_moves` would count it: compiled, without the
    GIL, where no colour has several kings; else move by move in `_legal_list` (python-chess's
    rule for several kings, which the compiled generator does not take; kings are never added
    below, so the whole tree needs it), bulk counted at the last ply, single-threaded."""
    white: u64 = board._pieces[KING] & board._colors[1]
    black: u64 = board._pieces[KING] & board._colors[0]
    if not (white & (white - 1)) and not (black & (black - 1)):
        return _perft_of(board, depth, threads, hash_mb, on_wait=on_wait)
    depth = depth_arg(depth)
    threads_arg(threads)
    hash_arg(hash_mb)
    return _count_moves_by_moves(board, depth, on_wait)


def _count_moves_by_moves(board: Board, depth: cython.int, on_wait) -> int:
    if depth == 0:
        return 1
    moves = board._legal_list(BB_ALL, BB_ALL)
    if depth == 1:
        return len(moves)
    if on_wait is not None:
        on_wait()
    total = 0
    for move in moves:
        board.push(move)
        try:
            total += _count_moves_by_moves(board, depth - 1, on_wait)
        finally:
            board.pop()
    return total


@cython.cfunc
def _as_move(move: object) -> Move:
    """A bitboard Move for `move`: itself, or a python-chess Move with the same squares."""
    if isinstance(move, Move):
        return move
    try:
        return Move(move.from_square, move.to_square, move.promotion, move.drop)
    except AttributeError:
        raise TypeError(f"expected a Move, not {type(move).__name__} {quoted(move)}") from None


def _restore(fen, ucis, chess960=False):
    board = Board(fen, chess960=chess960)
    for uci in ucis:
        board.push_uci(uci)
    return board

