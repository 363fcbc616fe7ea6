"""Board: a chess position with python-chess's manners, on the bitboard move generator.

    >>> board = Board()
    >>> len(board.legal_moves())
    20
    >>> board.push_uci("e2e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.perft(4)
    8902

The C state and make/unmake live in `Position` (core/position.py), legality in core/movegen.py.
A Board adds the move stack: for every pushed move the Move, its stack entry (the undo record
with the move code, core/encoding.py) and the Zobrist key from before it.

`push` proves a move legal by finding it among the moves the generator lists for its
from-square, or, cheaper, among the moves `legal_moves()` returned at the same ply on the
current path (`_listed[ply]`: each push forgets the lists above its ply, so a list is always
of the very position it was made for).
"""
from ._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from .core.encoding import (BB_ALL, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, MAX_MOVES, MAX_PIECE_MOVES,
                                NO_SQUARE, NORMAL, ONE, PAWN, PHANTOM_EP, ROOK, code_color, code_type, encode_move,
                                entry_move, entry_undo, flag_promotion, move_flag, move_from, move_to,
                                promotion_flag, stack_entry, u64, undo_ep)
    from .core.movegen import _attackers, _count, _generate
    from .core.native import ctz64
    from .core.position import (Position, _compute_key, _copy_position, _ep_capturable, _make, _set_castling,
                                _unmake)
    from .core.zobrist import EP_KEYS
    from .move import Move, _move_of
else:
    from cython.cimports.bitboard.core.encoding import (BB_ALL, CASTLING, DOUBLE_PUSH, EN_PASSANT, KING, MAX_MOVES,
                                                        MAX_PIECE_MOVES, NO_SQUARE, NORMAL, ONE, PAWN, PHANTOM_EP,
                                                        ROOK, code_color, code_type, encode_move, entry_move,
                                                        entry_undo, flag_promotion, move_flag, move_from, move_to,
                                                        promotion_flag, stack_entry, u64, undo_ep)
    from cython.cimports.bitboard.core.movegen import _attackers, _count, _generate
    from cython.cimports.bitboard.core.native import ctz64
    from cython.cimports.bitboard.core.position import (Position, _compute_key, _copy_position, _ep_capturable,
                                                        _make, _set_castling, _unmake)
    from cython.cimports.bitboard.core.zobrist import EP_KEYS
    from cython.cimports.bitboard.move import Move, _move_of

from typing import Dict, List, Optional

from . import san as _san
from .arguments import depth_arg, square_arg
from .core.perft import perft as _perft_of
from .errors import IllegalMoveError, quoted
from .fen import STARTING_FEN, FenPosition, board_fen, format_fen, parse_fen, side_not_to_move_in_check
from .outcome import Outcome, Termination
from .piece import BLACK, PIECE_SYMBOLS, WHITE, Piece
from .squares import BB_DARK_SQUARES, BB_LIGHT_SQUARES
from .squareset import SquareSet
from .types import Bitboard, Color, PieceType, Square

EN_PASSANT_MODES = ("legal", "always", "fen", "xfen")


# The class docstring starts with the text signature that `inspect` and help() read from a
# compiled class (Cython's own embedded one would come first and hide it).
@cython.embedsignature(False)
@cython.cclass
class Board(Position):
    """Board(fen=STARTING_FEN, *, chess960=False)
--

    A chess position and the moves that led to it.

    Board() is the starting position, Board(fen) any other; Board(None) is the empty board (set
    it up with set_fen). With chess960=True the FEN's castling field may name any rook (X-FEN or
    Shredder-FEN) and castling moves are written king takes rook (e1h1), as python-chess does.
    """

    _moves: list
    _undo: list
    _keys: list
    _listed: list
    _chess960: cython.bint

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False):
        Position.__init__(self)
        self._moves = []
        self._undo = []
        self._keys = []
        self._listed = []
        self._chess960 = bool(chess960)
        if fen is not None:
            self._load(parse_fen(fen, self._chess960), fen)

    # --- FEN ---

    def set_fen(self, fen: str) -> None:
        """Set up the position a FEN describes (InvalidFenError naming the bad field otherwise,
        and the board unchanged); the move stack is cleared."""
        board: Board = Board(None, chess960=self._chess960)
        board._load(parse_fen(fen, self._chess960), fen)
        _copy_position(self, board)
        self._moves = []
        self._undo = []
        self._keys = []
        self._listed = []

    def _load(self, fp: FenPosition, fen) -> None:
        sq: cython.int
        code: cython.int
        for sq in range(7):
            self._pieces[sq] = 0
        self._colors[0] = self._colors[1] = 0
        for sq in range(64):
            code = fp.board[sq]
            self._board[sq] = code
            if code:
                self._pieces[code_type(code)] |= ONE << sq
                self._colors[code_color(code)] |= ONE << sq
        self._turn = 1 if fp.turn else 0
        rooks = cython.declare(cython.uchar[4])
        for sq in range(4):
            rooks[sq] = fp.castling_rooks[sq]
        _set_castling(self, fp.castling, rooks)
        self._ep = NO_SQUARE if fp.ep_square is None else fp.ep_square
        self._halfmove = fp.halfmove_clock
        self._fullmove = fp.fullmove_number
        self._key = _compute_key(self)
        them: cython.int = self._turn ^ 1
        if _attackers(self, ctz64(self._pieces[KING] & self._colors[them]), self._turn,
                      self._colors[0] | self._colors[1]):
            raise side_not_to_move_in_check(fen, fp.turn)

    def fen(self, *, en_passant: str = "legal") -> str:
        """The FEN. en_passant: "legal" (default, as python-chess) writes the en-passant square
        only when an en-passant capture is legal; "always" (or python-chess's "fen") after every
        double push; "xfen" when a pawn stands ready to take, legal or not."""
        return format_fen(self._piece_codes(), self._turn == 1, self._castling, self._ep_for(en_passant),
                          self._halfmove, self._fullmove, self._rook_squares())

    def _rook_squares(self) -> list:
        return [self._castling_rook[i] for i in range(4)]

    @property
    def chess960(self) -> bool:
        """Whether the board plays Chess960: castling moves are then king-takes-rook in UCI
        (e1h1) and the FEN's castling field names rooks by file where K/Q would be ambiguous."""
        return self._chess960

    @chess960.setter
    def chess960(self, value: bool) -> None:
        """Switch between Chess960 and standard notation of castling."""
        self._chess960 = bool(value)
        self._listed = []

    def board_fen(self) -> str:
        """The piece-placement field of the FEN."""
        return board_fen(self._piece_codes())

    def _piece_codes(self) -> list:
        return [self._board[sq] for sq in range(64)]

    def _ep_for(self, mode):
        if mode not in EN_PASSANT_MODES:
            raise ValueError(f"en_passant {quoted(mode)} is not one of {', '.join(EN_PASSANT_MODES)}")
        if self._ep == NO_SQUARE:
            return None
        if mode in ("always", "fen") or (mode == "xfen" and _ep_capturable(self)):
            return self._ep
        return self._ep if mode == "legal" and self.has_legal_en_passant() else None

    def has_legal_en_passant(self) -> bool:
        """Whether the side to move can capture en passant."""
        if not _ep_capturable(self):
            return False
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int = _generate(self, buf, 0, BB_ALL, False)
        i: cython.int
        for i in range(n):
            if move_flag(buf[i]) == EN_PASSANT:
                return True
        return False

    # --- moves ---

    def legal_moves(self) -> List[Move]:
        """The legal moves, as a list of Move."""
        buf = cython.declare(cython.ushort[MAX_MOVES])
        n: cython.int = _generate(self, buf, 0, BB_ALL, False)
        i: cython.int  # noqa: F842  (the comprehension's C index)
        moves = [self._move_for(buf[i]) for i in range(n)]
        ply: cython.Py_ssize_t = len(self._moves)
        while len(self._listed) <= ply:
            self._listed.append(None)
        self._listed[ply] = moves[:]
        return moves

    @cython.cfunc
    def _move_for(self, code: cython.int) -> Move:
        """The Move of a generated code: castling is king takes rook in Chess960 and the king's
        two-square step (e1g1) in standard chess, as python-chess writes them."""
        if move_flag(code) != CASTLING or self._chess960:
            return _move_of(code)
        frm: cython.int = move_from(code)
        return _move_of(encode_move(frm, (frm & 56) + (6 if move_to(code) > frm else 2), NORMAL))

    @cython.cfunc
    def _listed_code(self, move: object) -> cython.int:
        """The code of `move` if legal_moves() listed it at this ply, else -1."""
        ply: cython.Py_ssize_t = len(self._moves)
        if ply >= len(self._listed) or self._listed[ply] is None or move not in self._listed[ply]:
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
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, not {type(move).__name__} {quoted(move)}")
        m: Move = move
        buf = cython.declare(cython.ushort[MAX_PIECE_MOVES])
        n: cython.int = _generate(self, buf, 0, ONE << m.from_square, False)
        i: cython.int
        code: cython.int
        for i in range(n):
            code = buf[i]
            if move_flag(code) == CASTLING:
                if self._names_castling(m, code):
                    return code
            elif move_to(code) == m.to_square and flag_promotion(move_flag(code)) == m._promotion:
                return code
        return -1

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
                and m.to_square == (frm & 56) + (6 if rook > frm else 2))

    def is_legal(self, move: Move) -> bool:
        """Whether `move` is legal here."""
        return self._code_of(move) >= 0

    def push(self, move: Move) -> None:
        """Make a legal move; IllegalMoveError (and the board unchanged) otherwise."""
        code: cython.int = self._listed_code(move)
        if code < 0:
            code = self._code_of(move)
            if code < 0:
                raise IllegalMoveError(f"illegal move {move.uci()} in {self.fen()}")
        key: u64 = self._key
        phantom: u64 = PHANTOM_EP if _ep_capturable(self) and not self.has_legal_en_passant() else 0
        undo: u64 = _make(self, code)
        self._moves.append(move)
        self._undo.append(stack_entry(undo | phantom, code))
        self._keys.append(key)
        while len(self._listed) > len(self._moves):  # forget the lists above the new ply
            self._listed.pop()

    def push_uci(self, uci: str) -> Move:
        """Parse a UCI move (InvalidMoveError if malformed), push it, return it."""
        move = Move.from_uci(uci)
        self.push(move)
        return move

    def pop(self) -> Move:
        """Take back the last move and return it (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("pop from a board without moves")
        entry: u64 = self._undo.pop()
        key: u64 = self._keys.pop()
        _unmake(self, entry_move(entry), entry_undo(entry), key)
        move = self._moves.pop()
        while len(self._listed) > len(self._moves) + 1:
            self._listed.pop()
        return move

    def peek(self) -> Move:
        """The last move (IndexError when there is none)."""
        if not self._moves:
            raise IndexError("peek at a board without moves")
        return self._moves[-1]

    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed since the position was set up (a copy)."""
        return list(self._moves)

    def san(self, move: Move) -> str:
        """The move in Standard Algebraic Notation, as python-chess writes it ("Nbd7", "e8=Q#")."""
        return _san.san(self, move)

    def parse_san(self, san: str) -> Move:
        """The legal move a SAN text names (InvalidMoveError, IllegalMoveError, AmbiguousMoveError)."""
        return _san.parse_san(self, san)

    def push_san(self, san: str) -> Move:
        """Parse a SAN move, push it and return it."""
        move = self.parse_san(san)
        self.push(move)
        return move

    def is_capture(self, move: Move) -> bool:
        """Whether the move takes a piece (en passant included)."""
        return (self.color_at(move.to_square) == (not self.turn)) or self.is_en_passant(move)

    def is_en_passant(self, move: Move) -> bool:
        """Whether the move is an en-passant capture."""
        return (self._ep != NO_SQUARE and move.to_square == self._ep and self.piece_type_at(move.from_square) == PAWN
                and (move.to_square - move.from_square) % 8 != 0)

    def is_castling(self, move: Move) -> bool:
        """Whether the move castles: a king's step of two files or more, or the king taking its
        own rook (Chess960's notation)."""
        if self.piece_type_at(move.from_square) != KING:
            return False
        return (abs((move.to_square & 7) - (move.from_square & 7)) > 1
                or self._board[move.to_square] == self._board[move.from_square] - KING + ROOK)

    def is_zeroing(self, move: Move) -> bool:
        """Whether the move resets the half-move clock: a pawn move or a capture."""
        return self.piece_type_at(move.from_square) == PAWN or self.color_at(move.to_square) == (not self.turn)

    def gives_check(self, move: Move) -> bool:
        """Whether the move puts the opponent in check."""
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    # --- game state (python-chess's rules and names) ---

    def _has_legal_moves(self) -> bool:
        return _count(self) > 0

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated.

        >>> Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_checkmate()
        True
        """
        return self.is_check() and not self._has_legal_moves()

    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check."""
        return not self.is_check() and not self._has_legal_moves()

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
            for move in self.legal_moves():
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
        for move in self.legal_moves():
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

    def outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
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

    @staticmethod
    def from_chess960_pos(scharnagl: int) -> "Board":
        """The Chess960 starting position number `scharnagl` (0..959; 518 is the standard one).

        >>> Board.from_chess960_pos(0).board_fen()
        'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR'
        """
        from .chess960 import back_rank
        rank = back_rank(scharnagl)
        fen = f"{rank}/pppppppp/8/8/8/8/PPPPPPPP/{rank.upper()} w KQkq - 0 1"
        return Board(fen, chess960=True)

    def chess960_pos(self) -> Optional[int]:
        """The Scharnagl number of this position if it is a Chess960 starting position (with all
        four castling rights, white to move, no move made), else None."""
        from .chess960 import scharnagl_number
        if self._moves or self.fen(en_passant="fen").split()[1:] != ["w", "KQkq", "-", "0", "1"]:
            return None
        return scharnagl_number(self.board_fen())

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the board with its last move tinted and a checked king marked."""
        from .svg import board as draw
        return draw(self, lastmove=self._moves[-1] if self._moves else None,
                    check=self.king(self.turn) if self.is_check() else None)

    def unicode(self, *, invert_color: bool = False, empty_square: str = "⭘") -> str:
        """The board in chess symbols, rank 8 on top."""
        rows = []
        for rank in range(7, -1, -1):
            cells = []
            for file in range(8):
                piece = self.piece_at(8 * rank + file)
                cells.append(piece.unicode_symbol(invert_color=invert_color) if piece else empty_square)
            rows.append(" ".join(cells))
        return "\n".join(rows)

    # --- perft ---

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def perft(self, depth: int, *, threads: int = 1, hash_mb: float = 0) -> int:
        """Leaf count of the legal move tree to `depth`, bulk counted with the GIL released.

        threads: split the tree across this many threads; hash_mb: a transposition table of
        about this many MiB. Counts are exact in every mode.
        """
        return _perft_of(self, depth, threads, hash_mb)

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def divide(self, depth: int) -> Dict[Move, int]:
        """{move: perft(depth - 1) after it} for every legal move (depth >= 1)."""
        if depth_arg(depth) < 1:
            raise ValueError(f"divide needs depth >= 1, not {depth}")
        out = {}
        for move in self.legal_moves():
            self.push(move)
            out[move] = _perft_of(self, depth - 1)
            self.pop()
        return out

    # --- queries (python-chess's names) ---

    @property
    def turn(self) -> bool:
        """True (WHITE) or False (BLACK): the side to move."""
        return self._turn == 1

    @property
    def castling_rights(self) -> Bitboard:
        """The bitboard of the rooks that may still castle (python-chess's convention)."""
        i: cython.int
        rooks: u64 = 0
        for i in range(4):
            if (self._castling >> i) & 1:
                rooks |= ONE << self._castling_rook[i]
        return rooks

    @property
    def ep_square(self) -> Optional[Square]:
        """The square a pawn passed on its double push last move, or None."""
        return None if self._ep == NO_SQUARE else self._ep

    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture or pawn move (the fifty-move rule counts them)."""
        return self._halfmove

    @property
    def fullmove_number(self) -> int:
        """The number of the move, starting at 1 and counting up after each black move."""
        return self._fullmove

    @property
    def zobrist_key(self) -> int:
        """The incremental Zobrist key of the position (side, pieces, castling, en passant)."""
        return self._key

    @property
    def occupied(self) -> Bitboard:
        """The bitboard of every occupied square."""
        return self._colors[0] | self._colors[1]

    @property
    def occupied_co(self) -> List[Bitboard]:
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

    def piece_at(self, square: Square) -> Optional[Piece]:
        """The Piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return Piece(code_type(code), code_color(code) == 1) if code else None

    def piece_type_at(self, square: Square) -> Optional[PieceType]:
        """The type of the piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return code_type(code) or None

    def color_at(self, square: Square) -> Optional[Color]:
        """The colour of the piece on `square`, or None."""
        code: cython.int = self._board[square_arg(square)]
        return (code_color(code) == 1) if code else None

    def king(self, color: Color) -> Optional[Square]:
        """The square of the king of `color`."""
        kings: u64 = self._pieces[KING] & self._colors[1 if color else 0]
        return ctz64(kings) if kings else None

    def attackers_mask(self, color: Color, square: Square) -> Bitboard:
        """Pieces of `color` attacking `square`."""
        return _attackers(self, square_arg(square), 1 if color else 0, self._colors[0] | self._colors[1])

    def attackers(self, color: Color, square: Square) -> SquareSet:
        """The pieces of `color` attacking `square`, as a SquareSet."""
        return SquareSet(self.attackers_mask(color, square))

    def is_attacked_by(self, color: Color, square: Square) -> bool:
        """Whether a piece of `color` attacks `square`."""
        return self.attackers_mask(color, square) != 0

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

    # --- copying, comparing, printing ---

    def copy(self, *, stack: bool = True) -> "Board":
        """An independent copy; stack=False drops the move history."""
        board = Board(None, chess960=self._chess960)
        _copy_position(board, self)
        if stack:
            board._moves = list(self._moves)
            board._undo = list(self._undo)
            board._keys = list(self._keys)
        return board

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def root(self) -> "Board":
        """The position the move stack starts from."""
        board: Board = self.copy()
        while board._moves:
            board.pop()
        return board.copy(stack=False)

    def __reduce__(self):
        return _restore, (self.root().fen(en_passant="always"), [m.uci() for m in self._moves], self._chess960)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.fen() == other.fen()

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __repr__(self) -> str:
        return f"Board({self.fen()!r})"

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


def _restore(fen, ucis, chess960=False):
    board = Board(fen, chess960=chess960)
    for uci in ucis:
        board.push_uci(uci)
    return board

