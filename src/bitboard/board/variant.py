"""VariantBoard: the Board of python-chess's variants, one layer on the standard Board.

The rules live in the core: a Position whose `_variant` is set generates, makes and judges
its moves by that variant (core/variant_moves, core/position), so push, pop, SAN, legality,
outcome and perft need nothing here. This layer holds what a variant adds to the position's
text and its Python face: the crazyhouse pockets and the three-check counters (C fields of the
position, shown as python-chess's `pockets` and `remaining_checks`), their parts of the FEN and
EPD, and the mirror that swaps them. The python-chess classes (AtomicBoard ...) are in
bitboard.variants.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (the Python imports first: they are what type checkers read)
    from ..core.encoding import CRAZYHOUSE, KING, PAWN, STANDARD, SUICIDE, THREE_CHECK
    from ..core.variant_moves import _kings_touch, _legal_drop_mask
    from .game import Board
    from .state import BoardState
else:
    from cython.cimports.bitboard.board.game import Board
    from cython.cimports.bitboard.board.state import BoardState
    from cython.cimports.bitboard.core.encoding import CRAZYHOUSE, KING, PAWN, STANDARD, SUICIDE, THREE_CHECK
    from cython.cimports.bitboard.core.variant_moves import _kings_touch, _legal_drop_mask

from .. import epd as _epd
from ..errors import InvalidFenError, quoted
from ..piece import PIECE_SYMBOLS
from ..types import Bitboard, Color, PieceType

__all__ = ["VariantBoard", "split_variant_fen"]

_POCKET_ORDER = "qrbnp"  # python-chess writes a pocket from queen down to pawn


@cython.cclass
class VariantBoard(Board):
    """A Board that plays the variant of its class (`_rules`, a core/encoding variant code)."""

    _rules = STANDARD
    starting_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

    def __init__(self, fen: str | None = None, chess960: bool = False):
        BoardState.__init__(self, None, chess960=chess960)
        self._variant = type(self)._rules
        self._reset_extras()
        if fen is not None:
            self.set_fen(fen)

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
        if pockets is not None:
            for color, letters in ((1, pockets[0]), (0, pockets[1])):
                for letter in letters:
                    self._pockets[8 * color + PIECE_SYMBOLS.index(letter)] += 1
        if checks is not None:
            self._checks[1], self._checks[0] = checks

    def reset(self) -> None:
        """The variant's starting position."""
        self.set_fen(type(self).starting_fen)

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
        operations = Board.set_epd(self, text)
        if pockets is not None:
            for color, letters in ((1, pockets[0]), (0, pockets[1])):
                for letter in letters:
                    self._pockets[8 * color + PIECE_SYMBOLS.index(letter)] += 1
        if checks is not None:
            self._checks[1], self._checks[0] = checks
        return operations

    # --- pockets and checks, as C fields ----------------------------------------------------
    def _pocket_text(self, color: cython.int) -> str:
        return "".join(letter * self._pockets[8 * color + PIECE_SYMBOLS.index(letter)] for letter in _POCKET_ORDER)

    def _pocket_count(self, color: Color, piece_type: PieceType) -> int:
        return 0 if piece_type == KING else self._pockets[8 * (1 if color else 0) + piece_type]

    def _set_pocket_count(self, color: Color, piece_type: PieceType, count: int) -> None:
        if not PAWN <= piece_type < KING or not 0 <= count <= 64:
            raise ValueError(f"cannot keep {quoted(count)} of piece type {quoted(piece_type)} in a pocket")
        self._pockets[8 * (1 if color else 0) + piece_type] = count
        self._listed = None

    def _remaining_checks(self, color: Color) -> int:
        return self._checks[1 if color else 0]

    def _set_remaining_checks(self, color: Color, count: int) -> None:
        if not -128 <= count <= 127:
            raise ValueError(f"remaining checks {quoted(count)} out of range")
        self._checks[1 if color else 0] = count
        self._listed = None

    def legal_drop_squares_mask(self) -> Bitboard:
        """The squares where the side to move may drop a piece (its pocket aside): empty ones,
        between the king and its one checker when in check, none in double check."""
        return _legal_drop_mask(self)

    def _kings_touch(self) -> bool:
        """Whether a white king stands next to a black one (atomic: neither is then in check)."""
        return _kings_touch(self)

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
        return _restore_variant, (type(self), root.fen(en_passant="fen"), [m.uci() for m in self.move_stack],
                                  self.chess960)


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
