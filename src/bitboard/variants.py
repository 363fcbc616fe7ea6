"""python-chess's variant boards, with its names: `import bitboard.chess.variant`.

Each class names its variant (aliases, UCI and XBoard names, tablebase suffixes), its starting
position and what python-chess judges per variant in Python: insufficient material and the
status flags. Moves, check, the variant's ends and the FEN's extra parts are the core's and
VariantBoard's (board/variant.py), written once for all of them.

    >>> board = AtomicBoard()
    >>> board.push_san("e4")
    Move.from_uci('e2e4')
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from .board import Board
from .board.variant import VariantBoard
from .core.encoding import (
    ANTICHESS,
    ATOMIC,
    CRAZYHOUSE,
    HORDE,
    KING_OF_THE_HILL,
    RACING_KINGS,
    SUICIDE,
    THREE_CHECK,
)
from .errors import UnsupportedVariantError, quoted
from .move import Move
from .piece import BISHOP, BLACK, KNIGHT, PAWN, PIECE_SYMBOLS, PIECE_TYPES, QUEEN, ROOK, WHITE
from .squares import BB_DARK_SQUARES, BB_LIGHT_SQUARES, BB_RANK_1, BB_RANK_8
from .squareset import SquareSet
from .status import (
    STATUS_IMPOSSIBLE_CHECK,
    STATUS_NO_BLACK_KING,
    STATUS_NO_WHITE_KING,
    STATUS_OPPOSITE_CHECK,
    STATUS_PAWNS_ON_BACKRANK,
    STATUS_RACE_CHECK,
    STATUS_RACE_MATERIAL,
    STATUS_RACE_OVER,
    STATUS_TOO_MANY_BLACK_PAWNS,
    STATUS_TOO_MANY_BLACK_PIECES,
    STATUS_TOO_MANY_CHECKERS,
    STATUS_TOO_MANY_KINGS,
    STATUS_TOO_MANY_WHITE_PAWNS,
    STATUS_TOO_MANY_WHITE_PIECES,
    Status,
)

__all__ = [
    "AntichessBoard", "AtomicBoard", "CrazyhouseBoard", "CrazyhousePocket", "GiveawayBoard", "HordeBoard",
    "KingOfTheHillBoard", "RacingKingsBoard", "SuicideBoard", "ThreeCheckBoard", "VARIANTS", "find_variant",
]

STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_START = object()  # "the class's starting position", the default of every constructor


def _count(bb: int) -> int:
    return bb.bit_count()


class _Variant(VariantBoard):
    """What every variant class shares: the constructor taking its starting position."""

    tbw_suffix: str | None = None
    tbz_suffix: str | None = None
    tbw_magic: bytes | None = None
    tbz_magic: bytes | None = None

    def __init__(self, fen: str | None = _START, chess960: bool = False):  # type: ignore[assignment]
        super().__init__(type(self).starting_fen if fen is _START else fen, chess960)


class SuicideBoard(_Variant):
    """Suicide chess: captures are compulsory, the king is an ordinary piece, and who has no
    pieces left, or is stalemated with fewer pieces, wins."""

    aliases = ["Suicide", "Suicide chess"]
    uci_variant = "suicide"
    xboard_variant = "suicide"
    starting_fen = STANDARD_FEN
    _rules = SUICIDE

    tbw_suffix = ".stbw"
    tbz_suffix = ".stbz"
    tbw_magic = b"\x7b\xf6\x93\x15"
    tbz_magic = b"\xe4\xcf\xe7\x23"
    pawnless_tbw_suffix = ".gtbw"
    pawnless_tbz_suffix = ".gtbz"
    pawnless_tbw_magic = b"\xbc\x55\xbc\x21"
    pawnless_tbz_magic = b"\xd6\xf5\x1b\x50"
    connected_kings = True
    one_king = False
    captures_compulsory = True

    def pin_mask(self, color, square) -> int:
        """No pins: there is no check to be pinned against."""
        return (1 << 64) - 1

    def is_into_check(self, move: Move) -> bool:
        return False

    def was_into_check(self) -> bool:
        return False

    def has_insufficient_material(self, color) -> bool:
        """Whether `color` can no longer give away all its pieces: only bishops left that the
        opponent's bishops, all on the other square colour, can never take; or two knights
        that can never meet."""
        own, other = self.occupied_co[color], self.occupied_co[not color]
        if not own:
            return False
        if not other:
            return True
        if self.occupied == self.bishops:
            return bool((own & BB_LIGHT_SQUARES and not other & BB_LIGHT_SQUARES)
                        or (own & BB_DARK_SQUARES and not other & BB_DARK_SQUARES))
        if self.occupied == self.knights and _count(self.knights) == 2:
            # two knights meet only if the one to move stands on a square of the other's colour
            return (self.turn == color) ^ bool(self.occupied_co[WHITE] & BB_LIGHT_SQUARES) \
                ^ bool(self.occupied_co[BLACK] & BB_DARK_SQUARES)
        return False

    def status(self) -> Status:
        return Status(super().status() & ~(STATUS_NO_WHITE_KING | STATUS_NO_BLACK_KING | STATUS_TOO_MANY_KINGS
                                           | STATUS_OPPOSITE_CHECK))


class GiveawayBoard(SuicideBoard):
    """Giveaway: suicide chess where a stalemated side wins whatever the count."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    xboard_variant = "giveaway"
    _rules = ANTICHESS

    tbw_suffix = ".gtbw"
    tbz_suffix = ".gtbz"
    tbw_magic = b"\xbc\x55\xbc\x21"
    tbz_magic = b"\xd6\xf5\x1b\x50"
    pawnless_tbw_suffix = ".stbw"
    pawnless_tbz_suffix = ".stbz"
    pawnless_tbw_magic = b"\x7b\xf6\x93\x15"
    pawnless_tbz_magic = b"\xe4\xcf\xe7\x23"


class AntichessBoard(GiveawayBoard):
    """Antichess as lichess plays it: giveaway without castling."""

    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


class AtomicBoard(_Variant):
    """Atomic chess: every capture explodes; exploding the enemy king wins."""

    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = STANDARD_FEN
    _rules = ATOMIC

    tbw_suffix = ".atbw"
    tbz_suffix = ".atbz"
    tbw_magic = b"\x55\x8d\xa4\x49"
    tbz_magic = b"\x91\xa9\x5e\xeb"
    connected_kings = True

    def was_into_check(self) -> bool:
        return not self._kings_touch() and super().was_into_check()

    def is_into_check(self, move: Move) -> bool:
        self.push(move)
        try:
            return self.was_into_check()
        finally:
            self.pop()

    def has_insufficient_material(self, color) -> bool:
        """Whether `color` can never explode the enemy king."""
        own, other = self.occupied_co[color], self.occupied_co[not color]
        if not other & self.kings:
            return False  # already won
        if not own & ~self.kings:
            return True  # a bare king explodes nothing
        if other & ~self.kings:
            # the enemy's own pieces may explode next to their king, unless all that is left
            # are bishops that can never meet
            if self.occupied == self.bishops | self.kings:
                white, black = self.bishops & self.occupied_co[WHITE], self.bishops & self.occupied_co[BLACK]
                if not white & BB_DARK_SQUARES:
                    return not black & BB_LIGHT_SQUARES
                if not white & BB_LIGHT_SQUARES:
                    return not black & BB_DARK_SQUARES
            return False
        if self.queens or self.pawns:
            return False  # a queen (or one to come) mates a bare king
        if _count(self.knights | self.bishops | self.rooks) == 1:
            return True
        if self.occupied == self.knights | self.kings:
            return _count(self.knights) <= 2
        return False

    def status(self) -> Status:
        status = super().status() & ~STATUS_OPPOSITE_CHECK
        status &= ~(STATUS_NO_WHITE_KING if self.turn == WHITE else STATUS_NO_BLACK_KING)
        if _count(self.checkers_mask()) <= 14:
            status &= ~STATUS_TOO_MANY_CHECKERS
        if self._valid_ep_square() is None:
            status &= ~STATUS_IMPOSSIBLE_CHECK
        return Status(status)


class KingOfTheHillBoard(_Variant):
    """King of the hill: a king reaching d4, e4, d5 or e5 wins."""

    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = STANDARD_FEN
    _rules = KING_OF_THE_HILL

    def has_insufficient_material(self, color) -> bool:
        return False  # a king can always walk to the hill


class RacingKingsBoard(_Variant):
    """Racing kings: no checks; the first king on the eighth rank wins (black may tie)."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    _rules = RACING_KINGS

    def has_insufficient_material(self, color) -> bool:
        return False

    def status(self) -> Status:
        status = super().status()
        if self.is_check():
            status |= STATUS_RACE_CHECK | STATUS_TOO_MANY_CHECKERS | STATUS_IMPOSSIBLE_CHECK
        if self.turn == BLACK and self.kings & self.occupied_co[WHITE] & BB_RANK_8 \
                and self.kings & self.occupied_co[BLACK] & BB_RANK_8:
            status |= STATUS_RACE_OVER
        if self.pawns:
            status |= STATUS_RACE_MATERIAL
        for color in (WHITE, BLACK):
            own = self.occupied_co[color]
            if (_count(own & self.knights) > 2 or _count(own & self.bishops) > 2 or _count(own & self.rooks) > 2
                    or _count(own & self.queens) > 1):
                status |= STATUS_RACE_MATERIAL
        return Status(status)


class HordeBoard(_Variant):
    """Horde: white's 36 pawns against black's army; whoever loses all pieces loses."""

    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    _rules = HORDE

    def has_insufficient_material(self, color) -> bool:
        """Whether the horde (white) can no longer mate; black, with its king, always can."""
        return color == WHITE and _horde_cannot_mate(self)

    def status(self) -> Status:
        status = super().status() & ~STATUS_NO_WHITE_KING
        if _count(self.occupied_co[WHITE]) <= 36:
            status &= ~(STATUS_TOO_MANY_WHITE_PIECES | STATUS_TOO_MANY_WHITE_PAWNS)
        if not self.pawns & BB_RANK_8 and not self.occupied_co[BLACK] & self.pawns & BB_RANK_1:
            status &= ~STATUS_PAWNS_ON_BACKRANK
        if self.occupied_co[WHITE] & self.kings:
            status |= STATUS_TOO_MANY_KINGS
        return Status(status)


def _horde_cannot_mate(board: Board) -> bool:
    """The horde's insufficient material: with at most three pieces (bishops of one colour
    counted up to two), whether some placement of black's own pieces lets white mate. The
    cases are those worked out for lichess's horde (stevepapazis/horde-insufficient-material)."""
    white, black = board.occupied_co[WHITE], board.occupied_co[BLACK]
    mine = {t: _count(white & board.pieces_mask(t, WHITE)) for t in PIECE_TYPES}
    theirs = {t: _count(black & board.pieces_mask(t, BLACK)) for t in PIECE_TYPES}
    dark = _count(white & board.bishops & BB_DARK_SQUARES)
    light = _count(white & board.bishops & BB_LIGHT_SQUARES)
    their_dark = _count(black & board.bishops & BB_DARK_SQUARES)
    their_light = _count(black & board.bishops & BB_LIGHT_SQUARES)
    their_total = _count(black)
    # white's bishops' square colour (light if it has any there), and black's bishops of it
    # and of the other colour
    same = their_light if light else their_dark
    opposite = their_dark if light else their_light
    pair = light >= 1 and dark >= 1
    their_pair = their_light >= 1 and their_dark >= 1
    pawns, knights, bishops, rooks, queens = (mine[t] for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN))
    tp, tn, tb, tr, tq = (theirs[t] for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN))
    pieces = pawns + knights + rooks + queens + min(dark, 2) + min(light, 2)

    if pieces == 0:
        return True
    if pieces >= 4:
        return False
    if (pawns or queens) and pieces >= 2:
        return False
    if rooks and pieces >= 2 and not (pieces == 2 and rooks == 1 and bishops == 1 and their_total - same == 1):
        return False
    if pieces == 1:
        if their_total == 1:
            return True
        if queens:
            return not (tp or tr or their_light >= 2 or their_dark >= 2)
        if pawns:
            square = SquareSet(board.pawns & white).pop()
            return all(_promoted_to(board, square, t) for t in (QUEEN, KNIGHT))
        if rooks:
            return not (tp >= 2 or (tr and tp) or (tr and tn) or (tp and tn))
        if bishops:
            return not (opposite >= 2 or (opposite and tp) or tp >= 2)
        if knights:
            helpers = (tn >= 2 or tp >= 2 or (tr and tn) or (tr and tb) or (tn and tb) or (tr and tp)
                       or (tn and tp) or (tb and tp) or (their_pair and tp))
            return not (their_total >= 4 and helpers
                        and (their_dark < 2 or their_total - their_dark >= 3)
                        and (their_light < 2 or their_total - their_light >= 3))
    elif pieces == 2:
        if their_total == 1:
            return True
        if knights == 2:
            return not (tp + tb + tn)
        if pair:
            return not (tp or tb or (tn and tr + tq))
        if bishops and knights:
            return not (tp or opposite or their_total - same >= 3)
        return not ((tp and opposite) or (tp and tn) or (opposite and tn) or opposite >= 2 or tn >= 2 or tp >= 2)
    elif pieces == 3:
        if (knights == 2 and bishops == 1) or knights == 3 or pair:
            return False
        return their_total == 1
    return True


def _promoted_to(board: Board, square: int, piece_type: int) -> bool:
    """Whether the horde still cannot mate with its one pawn on `square` made a `piece_type`."""
    from .piece import Piece
    trial = board.copy(stack=False)
    trial.set_piece_at(square, Piece(piece_type, WHITE))
    return _horde_cannot_mate(trial)


class _RemainingChecks:
    """python-chess's `remaining_checks` list, on the board's C counters."""

    __slots__ = ("_board",)

    def __init__(self, board):
        self._board = board

    def __getitem__(self, color) -> int:
        return self._board._remaining_checks(color)

    def __setitem__(self, color, count) -> None:
        self._board._set_remaining_checks(color, count)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[int]:
        return iter((self[BLACK], self[WHITE]))

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def copy(self) -> list[int]:
        return list(self)

    def __repr__(self) -> str:
        return repr(list(self))


class ThreeCheckBoard(_Variant):
    """Three-check: the third check given wins."""

    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    _rules = THREE_CHECK

    @property
    def remaining_checks(self) -> _RemainingChecks:
        """The checks each side still has to give, indexed by colour: [black, white]."""
        return _RemainingChecks(self)

    @remaining_checks.setter
    def remaining_checks(self, counts) -> None:
        self._set_remaining_checks(BLACK, counts[BLACK])
        self._set_remaining_checks(WHITE, counts[WHITE])

    def is_irreversible(self, move: Move) -> bool:
        return super().is_irreversible(move) or self.gives_check(move)

    def has_insufficient_material(self, color) -> bool:
        return not self.occupied_co[color] & ~self.kings  # any other piece can give check


class CrazyhousePocket:
    """A crazyhouse pocket: how many pieces of each type a side holds. Made alone, it keeps
    its own counts; `board.pockets[color]` is one that reads and writes the board's."""

    def __init__(self, symbols: Iterable[str] = ""):
        self._counts = [0] * 7
        self._board = None
        self._color = WHITE
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol))

    @classmethod
    def _of(cls, board, color) -> CrazyhousePocket:
        pocket = cls()
        pocket._board, pocket._color = board, color
        return pocket

    def count(self, piece_type) -> int:
        """How many pieces of the type the pocket holds."""
        if self._board is not None:
            return self._board._pocket_count(self._color, piece_type)
        return self._counts[piece_type]

    def _set(self, piece_type, count) -> None:
        if self._board is not None:
            self._board._set_pocket_count(self._color, piece_type, count)
        else:
            self._counts[piece_type] = count

    def add(self, piece_type) -> None:
        """Put a piece of the type in."""
        self._set(piece_type, self.count(piece_type) + 1)

    def remove(self, piece_type) -> None:
        """Take a piece of the type out (ValueError when there is none)."""
        if not self.count(piece_type):
            raise ValueError(f"no {PIECE_SYMBOLS[piece_type]} in pocket {self}")
        self._set(piece_type, self.count(piece_type) - 1)

    def reset(self) -> None:
        """Empty the pocket."""
        for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
            self._set(piece_type, 0)

    def copy(self) -> CrazyhousePocket:
        """A pocket of its own with the same counts."""
        return CrazyhousePocket(str(self))

    def __len__(self) -> int:
        return sum(self.count(t) for t in PIECE_TYPES)

    def __str__(self) -> str:
        return "".join(PIECE_SYMBOLS[t] * self.count(t) for t in reversed(PIECE_TYPES))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


class _Pockets:
    """`board.pockets`: the two pockets, indexed by colour; assigning one copies its counts."""

    __slots__ = ("_board",)

    def __init__(self, board):
        self._board = board

    def __getitem__(self, color) -> CrazyhousePocket:
        return CrazyhousePocket._of(self._board, bool(color))

    def __setitem__(self, color, pocket) -> None:
        for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
            self._board._set_pocket_count(bool(color), piece_type, pocket.count(piece_type))

    def __iter__(self) -> Iterator[CrazyhousePocket]:
        return iter((self[BLACK], self[WHITE]))

    def __len__(self) -> int:
        return 2


class CrazyhouseBoard(_Variant):
    """Crazyhouse: captured pieces change sides into the pocket, and may be dropped."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    _rules = CRAZYHOUSE

    @property
    def pockets(self) -> _Pockets:
        """The pockets, indexed by colour: pockets[WHITE].count(PAWN)."""
        return _Pockets(self)

    def legal_drop_squares(self) -> SquareSet:
        """The squares where the side to move could drop a piece (its pocket aside)."""
        return SquareSet(self.legal_drop_squares_mask())

    def generate_pseudo_legal_drops(self, to_mask: int = (1 << 64) - 1) -> Iterator[Move]:
        """The drops of the pocket's pieces on empty squares (pawns not on the back ranks)."""
        empty = ~self.occupied & to_mask
        for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
            if self._pocket_count(self.turn, piece_type):
                squares = empty & ~(BB_RANK_1 | BB_RANK_8) if piece_type == PAWN else empty
                for square in SquareSet(squares & ((1 << 64) - 1)):
                    yield Move(square, square, drop=piece_type)

    def generate_legal_drops(self, to_mask: int = (1 << 64) - 1) -> Iterator[Move]:
        """The legal drops."""
        return self.generate_pseudo_legal_drops(self.legal_drop_squares_mask() & to_mask)

    def is_irreversible(self, move: Move) -> bool:
        """Only a lost castling right is irreversible: a captured piece comes back."""
        rights = self.clean_castling_rights()
        touched = (1 << move.from_square) ^ (1 << move.to_square)
        return bool(touched & rights
                    or (rights & BB_RANK_1 and touched & self.kings & self.occupied_co[WHITE])
                    or (rights & BB_RANK_8 and touched & self.kings & self.occupied_co[BLACK]))

    def has_insufficient_material(self, color) -> bool:
        """Only when almost nothing is left on the board or in hand (no material leaves)."""
        pockets = self.pockets
        in_hand = sum(len(p) for p in pockets)
        return (_count(self.occupied) + in_hand <= 3 and not self.promoted and not self.pawns and not self.rooks
                and not self.queens and not any(p.count(t) for p in pockets for t in (PAWN, ROOK, QUEEN)))

    def status(self) -> Status:
        status = super().status()
        pockets = self.pockets
        if _count(self.pawns) + pockets[WHITE].count(PAWN) + pockets[BLACK].count(PAWN) <= 16:
            status &= ~(STATUS_TOO_MANY_BLACK_PAWNS | STATUS_TOO_MANY_WHITE_PAWNS)
        if _count(self.occupied) + len(pockets[WHITE]) + len(pockets[BLACK]) <= 32:
            status &= ~(STATUS_TOO_MANY_BLACK_PIECES | STATUS_TOO_MANY_WHITE_PIECES)
        return Status(status)


#: The boards python-chess lists, standard chess first.
VARIANTS: list[type[Board]] = [
    Board, SuicideBoard, GiveawayBoard, AntichessBoard, AtomicBoard, KingOfTheHillBoard, RacingKingsBoard,
    HordeBoard, ThreeCheckBoard, CrazyhouseBoard,
]


def find_variant(name: str) -> type[Board]:
    """The board class of a variant by any of its names (case ignored): "Atomic", "3check",
    "ZH", "Standard" ... (ValueError naming it otherwise)."""
    for variant in VARIANTS:
        if any(alias.lower() == str(name).lower() for alias in variant.aliases):
            return variant
    raise UnsupportedVariantError(f"unsupported variant: {quoted(name)}")
