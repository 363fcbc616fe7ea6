"""Board: a chess position and the moves that led to it, with python-chess's API.

    >>> board = Board()
    >>> board.legal_moves.count()
    20
    >>> board.push_uci("e2e4")
    Move.from_uci('e2e4')
    >>> board.fen()
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    >>> board.perft(4)
    8902

The top layer: the kinds of a move (capture, castling, check given), check and mate, status,
the draws and the outcome, perft, copies and transforms. The layers below hold the placement
(base), the state and the stack (state) and the notations (notation).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import (
        ATOMIC,
        BB_ALL,
        CRAZYHOUSE,
        KING,
        NO_SQUARE,
        ONE,
        PAWN,
        PHANTOM_EP,
        ROOK,
        u64,
        undo_ep,
    )
    from ..core.native import drop_instance_dict
    from ..core.position import (
        Position,
        _copy_position,
        _copy_saved,
        _drop_saved,
        _ep_capturable,
        _king_attacked,
    )
    from ..core.position import _insufficient as _insufficient_material
    from ..core.variant_moves import (
        VARIANT_DRAW,
        VARIANT_LOSS,
        VARIANT_WIN,
        _variant_end,
        _variant_in_check,
        _variant_key,
        _variant_perft,
        _variant_result,
    )
    from ..core.zobrist import EP_KEYS
    from ..move import Move
    from .base import BaseBoard, _own
    from .notation import BoardNotation
    from .stacks import new_stack, stack_from
    from .state import _as_move

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from ..core.arguments import depth_arg, hash_arg, threads_arg
from ..core.bits import flip_vertical
from ..core.perft_threads import perft as _perft_of
from ..errors import quoted
from ..notation.fen import (
    STARTING_FEN,
)
from ..squares import BB_RANK_1, BB_RANK_8
from ..squareset import SquareSet
from ..types import Bitboard, Color
from .outcome import Outcome, Termination
from .state import register_standard_board
from .status import Status, board_status

__all__ = ["Board"]


def _python_chess():
    """python-chess's package, for Board.to_chess. Imported by name as the program runs: `chess`
    is python-chess, or bitboard.chess itself in a program that swapped it in (install(), `python
    -m bitboard.chess`), and then there is no python-chess to convert to."""
    try:
        python_chess = importlib.import_module("chess")
    except ImportError:
        raise ImportError("Board.to_chess needs python-chess: pip install 'bitboard[chess]' "
                          "(or pip install python-chess)") from None
    if python_chess.__name__ != "chess":
        raise ImportError(f"Board.to_chess converts to python-chess, and `chess` is {python_chess.__name__} "
                          "in this process (swapped in): there is no python-chess Board to make")
    return python_chess


# The class docstrings start with the text signature that `inspect` and help() read from a
# compiled class (Cython's own embedded one would come first and hide it).
@cython.embedsignature(False)
@cython.cclass
class Board(BoardNotation):
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
        if _own(self):  # push, is_check and pop in C (a subclass's own are called, as python-chess calls them)
            self._push_unshown(self._push_code_of(move), move)
            try:
                return self._in_check()
            finally:
                self._pop_unshown()
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    @cython.cfunc
    def _has_legal_moves(self) -> cython.bint:
        return self._count_legal() > 0

    @cython.cfunc
    def _in_check(self) -> cython.bint:
        """Whether the king of the side to move (the highest, as king() finds it) is attacked; a
        variant's check is its own (none in antichess, none with the kings touching in atomic)."""
        if self._variant:
            return _variant_in_check(self)
        return _king_attacked(self, self._turn)

    @cython.cfunc
    def _insufficient(self, color: cython.int) -> cython.bint:
        """has_insufficient_material of the colour index `color` (1: white), on the bitboards."""
        return _insufficient_material(self, color)

    def checkers_mask(self) -> Bitboard:
        """Pieces giving check to the side to move (none without a king)."""
        king = self.king(self.turn)
        if king is None or (self._variant and not _variant_in_check(self)):
            return 0
        return self.attackers_mask(not self.turn, king)

    def checkers(self) -> SquareSet:
        """The pieces giving check to the side to move, as a SquareSet."""
        return SquareSet(self.checkers_mask())

    def is_check(self) -> bool:
        """Whether the side to move is in check."""
        return self._in_check()

    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated.

        >>> Board("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_checkmate()
        True
        """
        return self._in_check() and not self._has_legal_moves()

    def is_stalemate(self) -> bool:
        """Whether the side to move has no legal move and is not in check (nor has the
        variant's own rule ended the game)."""
        if self._variant and (_variant_end(self)
                              or (self._variant == ATOMIC and _variant_result(self) == VARIANT_LOSS)):
            return False
        if type(self) is not Board and _own_ends(type(self)) and self.is_variant_end():
            return False
        return not self._in_check() and not self._has_legal_moves()

    def status(self) -> Status:
        """What is wrong with the position (Status flags; Status.VALID when nothing is)."""
        return board_status(self)

    def is_valid(self) -> bool:
        """Whether the position is sound (status() is VALID)."""
        return self.status() == Status.VALID

    def is_variant_end(self) -> bool:
        """Whether the variant's own rule has ended the game (never in standard chess): a king
        on the hill, three checks given, a king exploded, a side without pieces, the race run."""
        return self._variant != 0 and _variant_end(self)

    def is_variant_win(self) -> bool:
        """Whether the side to move has won by the variant's own rule."""
        return self._variant != 0 and _variant_result(self) == VARIANT_WIN

    def is_variant_loss(self) -> bool:
        """Whether the side to move has lost by the variant's own rule."""
        return self._variant != 0 and _variant_result(self) == VARIANT_LOSS

    def is_variant_draw(self) -> bool:
        """Whether the variant's own rule has drawn the game."""
        return self._variant != 0 and _variant_result(self) == VARIANT_DRAW

    def has_insufficient_material(self, color: Color) -> bool:
        """Whether `color` cannot possibly checkmate, however the opponent plays."""
        return self._insufficient(1 if color else 0)

    def is_insufficient_material(self) -> bool:
        """Whether neither side can possibly checkmate (a draw)."""
        if self._variant or type(self) is not Board and _own_ends(type(self)):  # a variant's or a subclass's rule
            return self.has_insufficient_material(True) and self.has_insufficient_material(False)
        return self._insufficient(1) and self._insufficient(0)

    def is_fifty_moves(self) -> bool:
        """Fifty moves by each side without a capture or pawn move (a draw that may be claimed;
        never in crazyhouse)."""
        return self._halfmove >= 100 and self._variant != CRAZYHOUSE and self._has_legal_moves()

    def is_seventyfive_moves(self) -> bool:
        """Seventy-five moves by each side without a capture or pawn move (an automatic draw;
        never in crazyhouse)."""
        return self._halfmove >= 150 and self._variant != CRAZYHOUSE and self._has_legal_moves()

    def can_claim_fifty_moves(self) -> bool:
        """The fifty-move rule applies now, or after a move that neither captures nor moves a pawn."""
        if self._halfmove < 99 and _own(self):
            return False  # (what is_fifty_moves and the loop below find)
        if self.is_fifty_moves():
            return True
        if self._halfmove >= 99 and self._variant != CRAZYHOUSE:
            for move in self._legal_list(BB_ALL, BB_ALL):
                if not self.is_zeroing(move):
                    self.push(move)
                    try:
                        if self.is_fifty_moves():
                            return True
                    finally:
                        self.pop()
        return False

    @cython.cfunc
    def _repetition_key(self) -> u64:
        """The key by which positions repeat: the Zobrist key, counting en passant only when legal."""
        if self._variant:
            return _variant_key(self)
        if _ep_capturable(self) and not (self._legal_ep() if _own(self) else self.has_legal_en_passant()):
            return self._key ^ EP_KEYS[self._ep & 7]
        return self._key

    @cython.cfunc
    def _earlier_keys(self) -> list:
        """The repetition keys of the positions since the last capture or pawn move, latest first
        (in crazyhouse, of the whole stack: a captured piece comes back from the pocket, so only
        a lost castling right is irreversible, and that changes the key)."""
        keys = []
        i: cython.Py_ssize_t
        entry: u64
        n: cython.Py_ssize_t = len(self._keys)
        window: cython.Py_ssize_t = n if self._variant == CRAZYHOUSE else self._halfmove
        for i in range(n - 1, max(n - 1 - window, -1), -1):
            entry = self._undo[i]
            key: u64 = self._keys[i]
            keys.append(key ^ EP_KEYS[undo_ep(entry) & 7] if entry & PHANTOM_EP else key)
        return keys

    @cython.annotation_typing(False)  # the argument checks see what the caller passed
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the current position has now stood on the board `count` times."""
        return 1 + self._earlier_keys().count(self._repetition_key()) >= count

    @cython.cfunc
    def _repeated(self, count: Any) -> cython.bint:
        return 1 + self._earlier_keys().count(self._repetition_key()) >= count

    def is_fivefold_repetition(self) -> bool:
        """The fifth occurrence of a position (an automatic draw)."""
        return self.is_repetition(5)

    def can_claim_threefold_repetition(self) -> bool:
        """The current position occurs the third time, or will after some legal move."""
        return self._claim_threefold()

    @cython.cfunc
    def _claim_threefold(self) -> cython.bint:
        earlier = self._earlier_keys()
        if 1 + earlier.count(self._repetition_key()) >= 3:
            return True
        earlier.append(self._repetition_key())
        if _own(self):  # each legal move pushed and popped in C, the Python views left as they are
            for code in self._legal_codes(BB_ALL, BB_ALL):
                self._push_unshown(code, _PUSHED)
                try:
                    if earlier.count(self._repetition_key()) >= 2:
                        return True
                finally:
                    self._pop_unshown()
            return False
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
        if _own(self) and self._halfmove < 99:  # (no fifty-move claim: can_claim_fifty_moves is False)
            return self._claim_threefold()
        return self.can_claim_fifty_moves() or self.can_claim_threefold_repetition()

    def outcome(self, *, claim_draw: bool = False) -> Outcome | None:
        """The Outcome if the game is over (claimable draws counted with claim_draw), else None."""
        return self._outcome(claim_draw)

    @cython.cfunc
    def _outcome(self, claim_draw: object) -> Any:
        if self._variant or type(self) is not Board and _own_ends(type(self)):
            return self._variant_outcome(claim_draw)
        moves: cython.bint = self._has_legal_moves()
        if not moves and self._in_check():
            return Outcome(Termination.CHECKMATE, not self.turn)
        if self._insufficient(1) and self._insufficient(0):
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if not moves:
            return Outcome(Termination.STALEMATE, None)
        if self._halfmove >= 150:
            return Outcome(Termination.SEVENTYFIVE_MOVES, None)
        if self._halfmove >= 16 and (self._repeated(5) if _own(self) else self.is_fivefold_repetition()):
            return Outcome(Termination.FIVEFOLD_REPETITION, None)  # (a fifth time needs 16 plies)
        if claim_draw:
            if self.can_claim_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
            if self.can_claim_threefold_repetition():
                return Outcome(Termination.THREEFOLD_REPETITION, None)
        return None

    def _variant_outcome(self, claim_draw) -> Outcome | None:
        """outcome() of a variant board, or of a subclass with ends of its own: the variant's end
        first, then python-chess's order, each asked of the board's own methods."""
        if self.is_variant_loss():
            return Outcome(Termination.VARIANT_LOSS, not self.turn)
        if self.is_variant_win():
            return Outcome(Termination.VARIANT_WIN, self.turn)
        if self.is_variant_draw():
            return Outcome(Termination.VARIANT_DRAW, None)
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
        if _own(self):
            return self._outcome(claim_draw) is not None
        return self.outcome(claim_draw=claim_draw) is not None

    def result(self, *, claim_draw: bool = False) -> str:
        """'1-0', '0-1', '1/2-1/2', or '*' while the game goes on."""
        outcome = self.outcome(claim_draw=claim_draw)
        return outcome.result() if outcome else "*"

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

    def to_chess(self) -> Any:
        """The python-chess Board (a `chess.Board`) of this position and move stack (needs
        python-chess)."""
        python_chess = _python_chess()
        board = python_chess.Board(self.root().fen(en_passant="always"), chess960=self._chess960)
        for move in self._moves:
            board.push(python_chess.Move.from_uci(move.uci()))
        return board

    def _repr_svg_(self) -> str:
        """Jupyter's picture: the board with its last move tinted and a checked king marked."""
        from ..pictures.svg import board as draw
        return str(draw(self, size=390, lastmove=self._moves[-1] if self._moves else None,
                        check=self.king(self.turn) if self.is_check() else None))

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

    def set_chess960_pos(self, scharnagl: int) -> None:
        """Chess960 starting position number `scharnagl`: its placement, white to move, every
        castling right, and chess960 switched on."""
        BaseBoard.set_chess960_pos(self, scharnagl)
        self._chess960 = True
        self._turn = 1
        self._halfmove = 0
        self._fullmove = 1
        self._set_state(self._pieces[ROOK] & (BB_RANK_1 | BB_RANK_8), None)
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

    def copy(self, *, stack=True) -> "Board":
        """An independent copy with the whole move stack (stack=True), none (False) or the last
        `stack` moves."""
        board: Board
        if type(self) is Board:  # made without __init__: _copy_position sets every C field
            board = Board.__new__(Board)
            drop_instance_dict(board)
            if not cython.compiled:  # (compiled, the C arrays come zeroed with the object)
                Position.__init__(board)
            board._chess960 = self._chess960
            board._moves = []
            board._set_stacks(new_stack(), new_stack())
            board._listed = 0
            board._listing = board._listed_at = None
            board._spurious_stack = None
        else:  # a subclass's __init__ may set up more
            board = type(self)(None, chess960=self._chess960)
        _copy_position(board, self)
        board._spurious_rights = self._spurious_rights
        board._spurious_ep = self._spurious_ep
        board._promoted = self._promoted
        board._take_views(self)
        if stack is True or (stack is not False and stack >= len(self._moves)):
            board._moves = list(self._moves)
            board._set_stacks(stack_from(self._undo, 0), stack_from(self._keys, 0))
            board._spurious_stack = None if self._spurious_stack is None else list(self._spurious_stack)
            if self._saved_count:
                _copy_saved(board, self)
        elif stack:
            n: cython.Py_ssize_t = len(self._moves) - stack
            board._moves = self._moves[n:]
            board._set_stacks(stack_from(self._undo, n), stack_from(self._keys, n))
            board._spurious_stack = [(ply - n, *given) for ply, *given in self._spurious_stack or () if ply >= n]
            if self._saved_count:
                _copy_saved(board, self)
                _drop_saved(board, n)
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
        BaseBoard._place(self, self._mirrored_codes())
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
        return (_restore, (self.root().fen(en_passant="fen"), [m.uci() for m in self._moves], self._chess960),
                getattr(self, "__dict__", None) or None)  # a program's own attributes (board.score = 5)

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


register_standard_board(Board)

_PUSHED = Move(0, 0)  # what the stack holds for a move the board pushes and pops itself (no program sees it)

_ENDS = ("is_variant_end", "is_variant_win", "is_variant_loss", "is_variant_draw", "is_checkmate",
         "is_insufficient_material", "has_insufficient_material")
_OWN_ENDS: dict = {}


def _own_ends(cls) -> bool:
    """Whether a Board subclass judges some end itself (python-chess's outcome() asks it)."""
    found = _OWN_ENDS.get(cls)
    if found is None:
        found = _OWN_ENDS[cls] = any(getattr(cls, name) is not getattr(Board, name) for name in _ENDS)
    return found


def _count_leaves(board: Board, depth, threads, hash_mb, on_wait) -> int:
    """perft of `board`, as python-chess's `legal_moves` would count it: compiled, without the
    GIL, where no colour has several kings; else move by move in `_legal_list` (python-chess's
    rule for several kings, which the compiled generator does not take; kings are never added
    below, so the whole tree needs it), bulk counted at the last ply, single-threaded."""
    if board._variant:  # the variant's generator, bulk counted at the last ply, single-threaded
        levels: cython.int = depth_arg(depth)
        threads_arg(threads)
        hash_arg(hash_mb)
        leaves: u64
        with cython.nogil:
            leaves = _variant_perft(board, levels)
        return leaves
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


def _restore(fen, ucis, chess960=False):
    board = Board(fen, chess960=chess960)
    for uci in ucis:
        board.push_uci(uci)
    return board
