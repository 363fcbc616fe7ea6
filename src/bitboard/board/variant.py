"""python-chess's variant boards (AtomicBoard ...) on VariantBoard, one layer on the Board.

The rules live in the core: a Position whose `_variant` is set generates, makes and judges
its moves by that variant (core/variant_moves, core/position), so push, pop, SAN, legality,
outcome and perft need nothing here. This layer holds what a variant adds to the position's
text and its Python face: the crazyhouse pockets and the three-check counters (C fields of the
position, shown as python-chess's `pockets` and `remaining_checks`), their parts of the FEN and
EPD, and the mirror that swaps them. Then python-chess's classes, with its names: each names
its variant (aliases, UCI and XBoard names, tablebase suffixes) and starting position, and
judges what python-chess judges per variant in Python, insufficient material and status.
`import bitboard.chess.variant` gathers them under python-chess's module name.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import CRAZYHOUSE, KING, PAWN, STANDARD, SUICIDE, THREE_CHECK
    from ..core.position import Position, _copy_position
    from ..core.variant_moves import _kings_touch as _touching_kings
    from ..core.variant_moves import _legal_drop_mask
    from .game import Board
    from .state import BoardState

from collections.abc import Iterable, Iterator

from ..core.encoding import ANTICHESS, ATOMIC, HORDE, KING_OF_THE_HILL, RACING_KINGS
from ..errors import InvalidFenError, UnsupportedVariantError, quoted
from ..move import Move
from ..notation import epd as _epd
from ..piece import BISHOP, BLACK, KNIGHT, PIECE_SYMBOLS, PIECE_TYPES, QUEEN, ROOK, WHITE, Piece
from ..squares import BB_ALL, BB_DARK_SQUARES, BB_LIGHT_SQUARES, BB_RANK_1, BB_RANK_8, BB_SQUARES
from ..squareset import SquareSet
from ..types import Bitboard, Color, PieceType
from .members import expose
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
    "VariantBoard", "split_variant_fen", "AntichessBoard", "AtomicBoard", "CrazyhouseBoard", "CrazyhousePocket",
    "GiveawayBoard", "HordeBoard", "KingOfTheHillBoard", "RacingKingsBoard", "SuicideBoard", "ThreeCheckBoard",
    "VARIANTS", "find_variant",
]

_POCKET_ORDER = "qrbnp"  # python-chess writes a pocket from queen down to pawn
_STARTS: dict = {}  # (class, its starting FEN, chess960): the position, read once
_VIEW_MEMBERS: dict = {}  # {"pockets": True, ...} once the class reads the view through a member


@cython.cclass
class VariantBoard(Board):
    """A Board that plays the variant of its class (`_rules`, a core/encoding variant code)."""

    _rules = STANDARD
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    # The Python views of the C extras, `pockets` and `remaining_checks`: compiled, each class
    # that has one reads it through a member over its field (_expose_views below), as fast as
    # python-chess reads its instance attribute
    _pockets_view = cython.declare(object)
    _checks_view = cython.declare(object)

    def __init__(self, fen: str | None = None, chess960: bool = False):
        BoardState.__init__(self, None, chess960=chess960)
        self._variant = type(self)._rules
        self._reset_extras()
        if fen is None:
            return
        key = (type(self), fen, self._chess960)
        start: Position = _STARTS.get(key)  # type: ignore[assignment]  # (None where not read yet)
        if start is not None:  # the variant's start, read once: copied
            _copy_position(self, start)
            self._show_state()
            return
        self.set_fen(fen)
        if fen == type(self).starting_fen and len(_STARTS) < 64:
            start = Position()
            _copy_position(start, self)
            _STARTS[key] = start

    def _hold_view(self, name: str, view) -> None:
        """Keep `view` as the board's attribute `name` (pockets or remaining_checks)."""
        if name == "pockets":
            self._pockets_view = view
        else:
            self._checks_view = view
        if not _VIEW_MEMBERS.get(name):  # uncompiled, or before the member is made: the instance dict
            vars(self)[name] = view

    def _reset_extras(self) -> None:
        i: cython.int
        for i in range(16):
            self._pockets[i] = 0
        self._checks[0] = self._checks[1] = 3

    # --- the FEN ----------------------------------------------------------------------------
    def set_fen(self, fen: str) -> None:
        """Set up the position of a FEN, with the variant's parts: a crazyhouse pocket
        ("...R1K1[Qn]" or a ninth rank "/Qn") and promoted pieces ("q~"), three-check's
        remaining checks ("3+3" after the en-passant field, or lichess's checks given "+1+0"
        after the clocks)."""
        fen, pockets, checks = split_variant_fen(fen, self._variant)
        BoardState.set_fen(self, fen)
        self._reset_extras()
        self._take_extras(pockets, checks)

    def _take_extras(self, pockets, checks) -> None:
        """Put split_variant_fen's pockets and checks (None: none given) into the C fields."""
        if pockets is not None:
            for color, letters in ((1, pockets[0]), (0, pockets[1])):
                for letter in letters:
                    self._pockets[8 * color + PIECE_SYMBOLS.index(letter)] += 1
        if checks is not None:
            self._checks[1], self._checks[0] = checks

    def reset(self) -> None:
        """The variant's starting position."""
        self.set_fen(type(self).starting_fen)

    def clear(self) -> None:
        """An empty board, and empty pockets and three checks to give, as python-chess clears."""
        Board.clear(self)
        self._reset_extras()

    def clear_board(self) -> None:
        """No pieces, on the board or in the pockets (the checks to give back to three)."""
        Board.clear_board(self)
        self._reset_extras()

    def reset_board(self) -> None:
        """The starting placement, with empty pockets and three checks to give."""
        Board.reset_board(self)
        self._reset_extras()

    def board_fen(self, *, promoted: bool | None = None) -> str:
        """The placement; promoted pieces marked "~" in crazyhouse (and in suicide with
        Chess960 castling), as python-chess writes them."""
        if promoted is None:
            promoted = self._variant == CRAZYHOUSE or (self._variant == SUICIDE and self.has_chess960_castling_rights())
        return Board.board_fen(self, promoted=promoted)

    def epd(self, *, shredder: bool = False, en_passant: str = "legal", promoted: bool | None = None,
            **operations) -> str:
        """The EPD, with the pocket after the placement (crazyhouse) or the remaining checks
        after the en-passant square (three-check)."""
        text = Board.epd(self, shredder=shredder, en_passant=en_passant, promoted=promoted)
        board_part, rest = text.split(" ", 1)
        if self._variant == CRAZYHOUSE:
            board_part += f"[{str(self._pocket_text(1)).upper()}{self._pocket_text(0)}]"
        text = f"{board_part} {rest}"
        if self._variant == THREE_CHECK:
            text += f" {max(self._checks[1], 0)}+{max(self._checks[0], 0)}"
        if operations:
            text += " " + _epd.format_operations(self, operations)
        return text

    def set_epd(self, epd: str) -> dict:
        """Set up the position of an EPD (with the variant's parts) and return its operations."""
        text, pockets, checks = split_variant_fen(epd.strip().rstrip(";"), self._variant, epd=True)
        operations = Board.set_epd(self, text)  # (its set_fen has emptied the extras)
        self._take_extras(pockets, checks)
        return operations

    # --- pockets and checks, as C fields ----------------------------------------------------
    def _pocket_text(self, color: cython.int) -> str:
        return "".join(letter * self._pockets[8 * color + PIECE_SYMBOLS.index(letter)] for letter in _POCKET_ORDER)

    def _set_pocket_count(self, color: Color, piece_type: PieceType, count: int) -> None:
        if not PAWN <= piece_type < KING or not 0 <= count <= 64:
            raise ValueError(f"cannot keep {quoted(count)} of piece type {quoted(piece_type)} in a pocket")
        self._pockets[8 * (1 if color else 0) + piece_type] = count
        self._listed = 0

    def _set_remaining_checks(self, color: Color, count: int) -> None:
        if not -128 <= count <= 127:
            raise ValueError(f"remaining checks {quoted(count)} out of range")
        self._checks[1 if color else 0] = count
        self._listed = 0

    def legal_drop_squares_mask(self) -> Bitboard:
        """The squares where the side to move may drop a piece (its pocket aside): empty ones,
        between the king and its one checker when in check, none in double check."""
        return _legal_drop_mask(self)

    def _kings_touch(self) -> bool:
        """Whether a white king stands next to a black one (atomic: neither is then in check)."""
        return _touching_kings(self)

    def apply_mirror(self) -> None:
        """Flip the board and swap the colours, the pockets and the checks with them."""
        pockets = [self._pockets[i] for i in range(16)]
        checks = (self._checks[0], self._checks[1])
        Board.apply_mirror(self)
        i: cython.int
        for i in range(8):
            self._pockets[i], self._pockets[8 + i] = pockets[8 + i], pockets[i]
        self._checks[0], self._checks[1] = checks[1], checks[0]

    def __reduce__(self):
        root = self.root()
        return (_restore_variant, (type(self), root.fen(en_passant="fen"), [m.uci() for m in self.move_stack],
                                   self.chess960), getattr(self, "__dict__", None) or None)


def _restore_variant(cls, fen, ucis, chess960):
    board = cls(fen, chess960=chess960)
    for uci in ucis:
        board.push_uci(uci)
    return board


def split_variant_fen(fen, variant, epd=False):
    """(standard FEN, pockets, checks) of a variant FEN: pockets as (white letters, black
    letters) from "[...]" or a ninth rank (crazyhouse), checks as the remaining (white, black)
    from "W+B" after the en-passant field or lichess's "+W+B" checks given after the clocks
    (three-check); None for a part the FEN lacks."""
    if not isinstance(fen, str):
        raise TypeError(f"a FEN is a string, not {type(fen).__name__} {quoted(fen)}")
    fields = fen.split()
    pockets = checks = None
    if variant == CRAZYHOUSE and fields:
        placement = fields[0]
        if placement.endswith("]"):
            if "[" not in placement:
                raise InvalidFenError(f"crazyhouse FEN {quoted(fen)} has a ']' without its '['")
            placement, pocket = placement[:-1].split("[", 1)
        elif placement.count("/") == 8:
            placement, pocket = placement.rsplit("/", 1)
        else:
            pocket = ""
        bad = [c for c in pocket if c.lower() not in "pnbrq"]
        if bad:
            raise InvalidFenError(f"pocket {quoted(pocket)} of FEN {quoted(fen)} holds {quoted(bad[0])}")
        pockets = ("".join(c.lower() for c in pocket if c.isupper()), "".join(c for c in pocket if c.islower()))
        fields[0] = placement
    elif variant == THREE_CHECK:
        if len(fields) >= 7 and fields[6].startswith("+"):
            checks = _checks_of(fields.pop(6)[1:], fen, given=True)
        elif len(fields) >= 5 and "+" in fields[4]:
            checks = _checks_of(fields.pop(4), fen, given=False)
    return " ".join(fields), pockets, checks


def _checks_of(text, fen, given):
    try:
        white, black = (int(part) for part in text.split("+"))
    except ValueError:
        raise InvalidFenError(f"three-check field {quoted(text)} of FEN {quoted(fen)} "
                              "is not like 3+3 or +0+1") from None
    return (3 - white, 3 - black) if given else (white, black)


# --- python-chess's variant boards -------------------------------------------------------------

STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_START = object()  # "the class's starting position", the default of every constructor


def _count(bb: int) -> int:
    return bb.bit_count()


class _Variant(VariantBoard):
    """What every variant class shares: the constructor taking its starting position."""

    # (standard chess's tablebases have suffixes and magics; most variants have none)
    tbw_suffix: str | None = None  # type: ignore[assignment]
    tbz_suffix: str | None = None  # type: ignore[assignment]
    tbw_magic: bytes | None = None  # type: ignore[assignment]
    tbz_magic: bytes | None = None  # type: ignore[assignment]
    pawnless_tbw_suffix: str | None = None  # type: ignore[assignment]
    pawnless_tbz_suffix: str | None = None  # type: ignore[assignment]
    pawnless_tbw_magic: bytes | None = None  # type: ignore[assignment]
    pawnless_tbz_magic: bytes | None = None  # type: ignore[assignment]

    @cython.annotation_typing(False)  # (the default is a marker object, not a str)
    def __init__(self, fen: str | None = _START, chess960: bool = False):  # type: ignore[assignment]
        super().__init__(type(self).starting_fen if fen is _START else fen, chess960)
        self._add_views()

    def _add_views(self) -> None:
        """Give the board the Python views of its C extras (pockets, remaining_checks): none here."""


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
        return BB_ALL

    def is_into_check(self, move: Move) -> bool:
        """False: no move leaves a king in check where there is no check."""
        return False

    def was_into_check(self) -> bool:
        """False: there is no check."""
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
        """status(), where any number of kings, or none, is sound."""
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
        """Whether the side not to move is in check, the kings not touching."""
        return not self._kings_touch() and super().was_into_check()

    def is_into_check(self, move: Move) -> bool:
        """Whether the move would leave the mover in check (after its explosion)."""
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
        """status(), where the side to move may have lost its king and 14 checkers are possible."""
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
        """False: a king can always walk to the hill."""
        return False


class RacingKingsBoard(_Variant):
    """Racing kings: no checks; the first king on the eighth rank wins (black may tie)."""

    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    _rules = RACING_KINGS

    def has_insufficient_material(self, color) -> bool:
        """False: a king can always race."""
        return False

    def status(self) -> Status:
        """status(), with the race's own faults: a check, the race already over, pawns or too many pieces."""
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
        """status(), where white has no king, up to 36 pieces, and pawns on the first rank."""
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
    trial = board.copy(stack=False)
    trial.set_piece_at(square, Piece(piece_type, WHITE))
    return _horde_cannot_mate(trial)


@cython.cclass
class _RemainingChecks:
    """python-chess's `remaining_checks` list, [black, white], read from the board's C counters."""

    _board = cython.declare(VariantBoard)

    def __init__(self, board: VariantBoard):
        self._board = board

    def __getitem__(self, color):
        if color is True or color is False:
            return self._board._checks[1 if color else 0]
        return [self._board._checks[0], self._board._checks[1]][color]  # (-1, a slice: as a list's)

    def __setitem__(self, color, count) -> None:
        if color is not True and color is not False:
            color = (False, True)[color]  # (IndexError as a list's)
        self._board._set_remaining_checks(color, count)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[int]:
        return iter((self._board._checks[0], self._board._checks[1]))

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def copy(self) -> list[int]:
        """The counts as a list of their own, [black, white]."""
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

    def _add_views(self) -> None:
        #: The checks each side still has to give, indexed by colour ([black, white]): a view
        #: of the board's own counters, which push and pop keep.
        self._hold_view("remaining_checks", _RemainingChecks(self))

    def __setattr__(self, name, value) -> None:
        if name == "remaining_checks":  # board.remaining_checks = [2, 3]: the counters take the values
            self._set_remaining_checks(BLACK, value[BLACK])
            self._set_remaining_checks(WHITE, value[WHITE])
        else:
            super().__setattr__(name, value)

    def is_irreversible(self, move: Move) -> bool:
        """Irreversible as in chess, or a check (it counts down for good)."""
        return super().is_irreversible(move) or self.gives_check(move)

    def has_insufficient_material(self, color) -> bool:
        """Only a bare king: any other piece can give check."""
        return not self.occupied_co[color] & ~self.kings


@cython.cclass
class CrazyhousePocket:
    """A crazyhouse pocket: how many pieces of each type a side holds. Made alone, it keeps
    its own counts; `board.pockets[color]` is one that reads and writes the board's."""

    _board = cython.declare(VariantBoard)
    _color = cython.declare(cython.int)
    _counts = cython.declare(list)

    def __init__(self, symbols: Iterable[str] = ""):
        self._counts = [0] * 7
        self._board = None
        self._color = 1
        for symbol in symbols:
            self.add(PIECE_SYMBOLS.index(symbol))

    def count(self, piece_type) -> int:
        """How many pieces of the type the pocket holds."""
        if self._board is not None and PAWN <= piece_type < KING:
            return self._board._pockets[8 * self._color + piece_type]
        return 0 if self._board is not None else self._counts[piece_type]

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

    def copy(self) -> "CrazyhousePocket":
        """A pocket of its own with the same counts."""
        return CrazyhousePocket(str(self))

    def __len__(self) -> int:
        return sum(self.count(t) for t in PIECE_TYPES)

    def __str__(self) -> str:
        return "".join(str(PIECE_SYMBOLS[t]) * self.count(t) for t in reversed(PIECE_TYPES))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"


def _pocket_of(board: VariantBoard, color: cython.int) -> CrazyhousePocket:
    pocket = CrazyhousePocket()
    pocket._board, pocket._color = board, color
    return pocket


@cython.cclass
class _Pockets:
    """`board.pockets`: the two pockets, [black, white], read and indexed as python-chess's list
    (a C sequence: a list subclass indexes at twice a list's cost); assigning one copies its
    counts into the board's."""

    _black = cython.declare(CrazyhousePocket)
    _white = cython.declare(CrazyhousePocket)

    def __init__(self, board: VariantBoard):
        self._black, self._white = _pocket_of(board, 0), _pocket_of(board, 1)

    def __getitem__(self, color):
        if color is True:
            return self._white
        if color is False:
            return self._black
        return [self._black, self._white][color]  # (0, 1, -1, a slice; IndexError as a list's)

    def __setitem__(self, color, pocket) -> None:
        own: CrazyhousePocket = self[color]
        for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
            own._set(piece_type, pocket.count(piece_type))

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[CrazyhousePocket]:
        return iter((self._black, self._white))

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def copy(self) -> list[CrazyhousePocket]:
        """The two pockets in a list, as list.copy gives."""
        return [self._black, self._white]

    def __repr__(self) -> str:
        return repr(list(self))


class CrazyhouseBoard(_Variant):
    """Crazyhouse: captured pieces change sides into the pocket, and may be dropped."""

    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    _rules = CRAZYHOUSE
    pockets: "_Pockets"  # (set by __init__: a view of the board's counts)

    def _add_views(self) -> None:
        #: The pockets, indexed by colour (pockets[WHITE].count(PAWN)): views of the board's
        #: own counts, which push and pop keep.
        self._hold_view("pockets", _Pockets(self))

    def __setattr__(self, name, value) -> None:
        if name == "pockets":  # board.pockets = [black, white]: the board's counts take theirs
            self.pockets[BLACK] = value[BLACK]
            self.pockets[WHITE] = value[WHITE]
        else:
            super().__setattr__(name, value)

    def legal_drop_squares(self) -> SquareSet:
        """The squares where the side to move could drop a piece (its pocket aside)."""
        return SquareSet(self.legal_drop_squares_mask())

    def generate_pseudo_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The drops of the pocket's pieces on empty squares (pawns not on the back ranks)."""
        empty = ~self.occupied & to_mask
        for piece_type in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
            if self.pockets[self.turn].count(piece_type):
                squares = empty & ~(BB_RANK_1 | BB_RANK_8) if piece_type == PAWN else empty
                for square in SquareSet(squares & (BB_ALL)):
                    yield Move(square, square, drop=piece_type)

    def generate_legal_drops(self, to_mask: int = BB_ALL) -> Iterator[Move]:
        """The legal drops."""
        return self.generate_pseudo_legal_drops(self.legal_drop_squares_mask() & to_mask)

    def is_irreversible(self, move: Move) -> bool:
        """Only a lost castling right is irreversible: a captured piece comes back."""
        rights = self.clean_castling_rights()
        touched = BB_SQUARES[move.from_square] ^ BB_SQUARES[move.to_square]
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
        """status(), counting the pockets' pawns and pieces with the board's."""
        status = super().status()
        pockets = self.pockets
        if _count(self.pawns) + pockets[WHITE].count(PAWN) + pockets[BLACK].count(PAWN) <= 16:
            status &= ~(STATUS_TOO_MANY_BLACK_PAWNS | STATUS_TOO_MANY_WHITE_PAWNS)
        if _count(self.occupied) + len(pockets[WHITE]) + len(pockets[BLACK]) <= 32:
            status &= ~(STATUS_TOO_MANY_BLACK_PIECES | STATUS_TOO_MANY_WHITE_PIECES)
        return Status(status)


def _expose_views() -> None:
    """Compiled: `pockets` and `remaining_checks` become members over the views' C fields
    (board/members.py), so reading them costs what python-chess's instance attribute does."""
    if cython.compiled:
        for cls, name in ((CrazyhouseBoard, "pockets"), (ThreeCheckBoard, "remaining_checks")):
            probe = cls()
            _VIEW_MEMBERS[name] = expose(cls, probe, {name: getattr(probe, name)})


_expose_views()


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
