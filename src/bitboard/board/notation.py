"""The Board's notation layer: FEN and EPD, UCI, SAN and LAN, XBoard, written and read as
python-chess does (SAN itself is bitboard.notation.san's; FEN bitboard.notation.fen's).
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..core.encoding import (
        BB_ALL,
        CASTLING,
        KING,
        MAX_MOVES,
        NO_SQUARE,
        NULL_MOVE,
        ROOK,
        flag_promotion,
        move_flag,
        move_from,
        move_to,
        u64,
    )
    from ..core.movegen import _generate
    from ..core.position import (
        _ep_capturable,
    )
    from ..core.pseudo_legal import _one_king
    from ..move import Move
    from ..notation.san import plain_san_code, san_of_code
    from .base import _own
    from .state import BoardState, _as_move


from typing import Any

from ..errors import IllegalMoveError, quoted
from ..notation import epd as _epd
from ..notation import san as _san
from ..notation.fen import (
    board_fen,
    castling_xfen,
)
from ..squares import SQUARE_NAMES

_E1 = cython.declare(cython.int, 4)  # the kings' squares of python-chess's castling rule (uci)
_E8 = cython.declare(cython.int, 60)
_PLUS = cython.declare(cython.int, ord("+"))
_HASH = cython.declare(cython.int, ord("#"))
_BANG = cython.declare(cython.int, ord("!"))
_QUESTION = cython.declare(cython.int, ord("?"))
__all__ = ["BoardNotation"]

EN_PASSANT_MODES = ("legal", "always", "fen", "xfen")
_OWN_PUSH: dict = {}


def _own_push(cls) -> bool:
    """Whether a Board subclass has a parse_san or push of its own (push_san then calls them)."""
    found = _OWN_PUSH.get(cls)
    if found is None:
        found = _OWN_PUSH[cls] = cls.push is not BoardState.push or cls.parse_san is not BoardNotation.parse_san
    return found


@cython.embedsignature(False)
@cython.cclass
class BoardNotation(BoardState):
    """The position and its moves written and read: FEN, EPD, UCI, SAN, LAN and XBoard.

    A layer of Board, not used alone.
    """

    def fen(self, *, shredder: bool = False, en_passant: str = "legal", promoted: bool | None = None) -> str:
        """The FEN. en_passant: "legal" (default, as python-chess) writes the en-passant square
        only when an en-passant capture is legal; "fen" (or "always") whenever it is set;
        "xfen" when a pawn stands ready to take, legal or not. shredder: castling as HAha."""
        if _own(self):
            return f"{self._epd_fields(shredder, en_passant, promoted)} {self._halfmove} {self._fullmove}"
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
        if _own(self):
            text = self._epd_fields(shredder, en_passant, promoted)
        else:  # a subclass's methods, called as python-chess calls them
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
        probe = type(self)(" ".join(fields[:4]) + " 0 1", chess960=self._chess960)
        operations = _epd.parse_operations(probe, operations_text)
        hmvc = operations.get("hmvc", 0)
        fmvn = operations.get("fmvn", 1)
        self.set_fen(f"{' '.join(fields[:4])} {int(hmvc)} {max(int(fmvn), 1)}")
        return operations

    @cython.cfunc
    def _epd_fields(self, shredder: object, en_passant: object, promoted: object) -> str:
        """The EPD's four fields, written in C (for a Board itself: base._own)."""
        ep = self._ep_for(en_passant)
        codes: bytes = self._board[:64] if cython.compiled else self._piece_codes()
        rooks = [self._castling_rook[0], self._castling_rook[1], self._castling_rook[2], self._castling_rook[3]]
        castling = self.castling_shredder_fen() if shredder else castling_xfen(codes, self._castling, rooks)
        placement = board_fen(codes, self._promoted if promoted else 0)
        return f"{placement} {'w' if self._turn else 'b'} {castling} {SQUARE_NAMES[ep] if ep is not None else '-'}"

    @cython.cfunc
    def _ep_for(self, mode: object) -> Any:
        if mode not in EN_PASSANT_MODES:
            raise ValueError(f"en_passant {quoted(mode)} is not one of {', '.join(EN_PASSANT_MODES)}")
        if mode in ("always", "fen"):
            return self.ep_square
        if self._ep == NO_SQUARE:
            return None
        if mode == "xfen" and _ep_capturable(self):
            return self._ep
        if mode != "legal":
            return None
        return self._ep if (self._legal_ep() if _own(self) else self.has_legal_en_passant()) else None

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

    def push_uci(self, uci: str) -> Move:
        """Parse a UCI move (InvalidMoveError if malformed, IllegalMoveError if illegal), push
        it, return it."""
        if not _own(self):  # a subclass's parse_uci and push, called as python-chess calls them
            move = self.parse_uci(uci)
            self.push(move)
            return move
        parsed: Move = Move.from_uci(uci)
        if not parsed:
            self._push_code(NULL_MOVE, None)
            return parsed
        code: cython.int = self._uci_code(parsed, uci)
        move = self._move_for(code)
        self._push_code(code, None)
        return move

    def parse_uci(self, uci: str) -> Move:
        """The legal move a UCI text names, castling in this board's notation (e1g1, or e1h1 in
        Chess960); the null move for "0000"."""
        move: Move = Move.from_uci(uci)
        if not move:
            return move
        return self._move_for(self._uci_code(move, uci))

    @cython.cfunc
    def _uci_code(self, move: Move, uci: str) -> cython.int:
        """The code of the legal move `move`, read from `uci`; IllegalMoveError if it is not legal."""
        code: cython.int = self._code_of(move)
        if code < 0:
            raise IllegalMoveError(f"illegal uci: {quoted(uci)} in {self.fen()}")
        return code

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def uci(self, move: Move, *, chess960: bool | None = None) -> str:
        """The UCI text of `move`, castling as king takes rook when chess960 (default: the board's).
        python-chess's rule, legal move or not: a king on e1 or e8 stepping two files (onto no rook
        of its own) is king takes rook, and without chess960 king takes the corner rook is the two
        files' step again; any other move is written as it is."""
        m = cython.declare(Move, _as_move(move))
        wide = cython.declare(cython.bint, self._chess960 if chess960 is None else bool(chess960))
        frm = cython.declare(cython.int, m.from_square)
        to = cython.declare(cython.int, m.to_square)
        if (frm != _E1 and frm != _E8) or not (self._pieces[KING] >> frm) & 1 or m._drop:
            return m.uci()
        if (to == frm + 2 or to == frm - 2) and not (self._pieces[ROOK] >> to) & 1:
            to = frm + 3 if to > frm else frm - 4  # (python-chess's _to_chess960 drops a promotion)
            if wide:
                return Move(frm, to).uci()
            return Move(frm, frm + 2 if to > frm else frm - 2).uci()
        if not wide and not m._promotion and (to == frm + 3 or to == frm - 4):
            return Move(frm, frm + 2 if to > frm else frm - 2).uci()  # (python-chess's _from_chess960)
        return m.uci()

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def san(self, move: Move) -> str:
        """The move in Standard Algebraic Notation, as python-chess writes it ("Nbd7", "e8=Q#")."""
        return self._algebraic(move, False)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def lan(self, move: Move) -> str:
        """The move in long algebraic notation ("Ng1-f3", "e7xd8=Q+")."""
        return self._algebraic(move, True)

    @cython.cfunc
    def _algebraic(self, move: object, long: cython.bint) -> str:
        """SAN or LAN of a legal move (san.san_of_code), "--" for the null move; IllegalMoveError
        for any other."""
        if not move:
            return "--"
        code: cython.int = self._code_of(move)
        if code < 0:
            raise IllegalMoveError(f"illegal move {_as_move(move).uci()} in {self.fen()}, so it has no SAN")
        return san_of_code(self, code, long)

    @cython.annotation_typing(False)  # python-chess Moves are taken too
    def san_and_push(self, move: Move) -> str:
        """The SAN of `move`, then push it."""
        text = self.san(move)
        self.push(move)
        return text

    def variation_san(self, variation) -> str:
        """A line of legal moves from here in SAN with move numbers ("1. e4 e5 2. Nf3")."""
        board = self.copy(stack=False)  # type: ignore[call-arg]  # Board's copy, the layer above
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
        code: cython.int = self._plain_san_code(san) if isinstance(san, str) else -1
        if code >= 0:  # plain SAN, matched in C
            return self._move_for(code)
        return _san.parse_san(self, san)

    def push_san(self, san: str) -> Move:
        """Parse a SAN move, push it and return it."""
        if not _own(self) and _own_push(type(self)):  # a subclass's parse_san and push, as python-chess calls them
            move = self.parse_san(san)
            self.push(move)
            return move
        code: cython.int = self._plain_san_code(san) if isinstance(san, str) else -1
        if code < 0:
            code = _san.san_code(self, san)
        move = Move(0, 0) if code < 0 else self._move_for(code)
        self._push_code(NULL_MOVE if code < 0 else code, None)
        return move

    @cython.cfunc
    def _plain_san_code(self, san: str) -> cython.int:
        """The code of the legal move a plain SAN names, matched in C (san.plain_san_code); -1
        for anything else, which the full reader in san.py then takes."""
        data: bytes = san.encode("utf-8", "replace")
        n: cython.Py_ssize_t = len(data)
        if n and (data[n - 1] == _PLUS or data[n - 1] == _HASH):
            n -= 1  # one check or mate sign, as python-chess's SAN_REGEX takes
        if n and (data[n - 1] == _BANG or data[n - 1] == _QUESTION or data[n - 1] == _PLUS or data[n - 1] == _HASH):
            return -1  # annotated, or a second sign: python-chess's reader refuses it, and so does the full one here
        return plain_san_code(self, data, 0, n)

    def _san_codes(self, piece: cython.int, from_mask: u64, to: cython.int, promotion: cython.int) -> list:
        """For the SAN reader: the codes of the legal moves of `piece` (0: any) from `from_mask`
        to `to` promoting to `promotion` (0: none, -1: any); castling is left out, except that
        to == -1 asks for the castling moves alone."""
        buf = cython.declare(cython.ushort[MAX_MOVES])  # type: ignore[misc, valid-type]  # a C array
        n: cython.int
        i: cython.int  # noqa: F842  (the comprehension's C index)
        code: cython.int
        own: u64 = self._colors[self._turn]
        movers: u64 = own & from_mask & (self._pieces[piece] if piece else BB_ALL)
        if to < 0:
            movers = own & self._pieces[KING]
        if self._variant or not _one_king(self):
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

    def _drop_code_of(self, piece: cython.int, square: cython.int) -> int:
        """For the SAN reader: the code of the legal drop of `piece` on `square`, -1 if none."""
        return self._drop_code(Move(square, square, drop=piece), True)

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

    def push_xboard(self, san: str) -> Move:
        """Parse an XBoard move, push it and return it (python-chess names its argument `san`)."""
        move = self.parse_xboard(san)
        self.push(move)
        return move
