"""python-chess's `chess.polyglot`: Polyglot keys and opening books, a reader and its look-ups.

A book is a file of 16-byte big-endian entries sorted by key: the position's Polyglot key (8
bytes), the move (2: to-square bits 0-5, from-square 6-11, promotion 12-14, knight 1 ... queen
4; castling written as the king taking its own rook), a weight (2) and a learn value (4).
The key of a bitboard Board is its incremental `zobrist_key` (the engine's keys are Polyglot's),
so a look-up hashes nothing; `ZobristHasher` hashes any board through its public API, for other
tables or boards of other libraries.
"""
from __future__ import annotations

import mmap
import os
import random
import struct
from bisect import bisect_left
from collections.abc import Callable, Container, Iterator
from types import TracebackType
from typing import Any, NamedTuple, Union

from ..board import Board
from ..core.polyglot_random import POLYGLOT_RANDOM_ARRAY
from ..errors import InvalidArgumentError
from ..move import Move
from ..squares import A1, A8, BB_SQUARES, C1, C8, E1, E8, G1, G8, H1, H8

__all__ = ["ENTRY_STRUCT", "POLYGLOT_RANDOM_ARRAY", "Entry", "MemoryMappedReader", "StrOrBytesPath",
           "ZobristHasher", "open_reader", "zobrist_hash"]

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: One book entry: key, raw move, weight, learn (big-endian).
ENTRY_STRUCT = struct.Struct(">QHHI")
_SIZE = ENTRY_STRUCT.size
_unpack_entry = ENTRY_STRUCT.unpack_from
_unpack_key = struct.Struct(">Q").unpack_from
#: A look-up first bisects a list of every _STRIDE-th key (in C), then the book within one stride.
_STRIDE = 32


class ZobristHasher:
    """A Polyglot-style Zobrist hash over a table of at least 781 numbers, computed from a
    board's public API (python-chess's rules: the castling rights that can be played, the
    en-passant file only beside a pawn of the side to move, the turn key for white)."""

    def __init__(self, array: list[int]) -> None:
        if len(array) < 781:
            raise InvalidArgumentError(f"a Polyglot table has at least 781 numbers, not {len(array)}")
        self.array = array

    def hash_board(self, board) -> int:
        """The pieces: entry 64 * (2 * (type - 1) + colour) + square for each."""
        key = 0
        for square, piece in board.piece_map().items():
            key ^= self.array[64 * (2 * piece.piece_type - 2 + bool(piece.color)) + square]
        return key

    def hash_castling(self, board) -> int:
        """The castling rights: 768 white h-side, 769 white a-side, 770 black h-side, 771 black a-side."""
        key = 0
        for offset, color in ((768, True), (770, False)):
            if board.has_kingside_castling_rights(color):
                key ^= self.array[offset]
            if board.has_queenside_castling_rights(color):
                key ^= self.array[offset + 1]
        return key

    def hash_ep_square(self, board) -> int:
        """772 + file of the en-passant square when a pawn of the side to move stands beside the
        square behind it (whether the capture is legal does not matter)."""
        ep = board.ep_square
        if not ep:  # (as python-chess: a1, square 0, counts as none)
            return 0
        behind = ep - 8 if board.turn else ep + 8
        if not 0 <= behind < 64:
            return 0
        if _beside(behind) & board.pawns & board.occupied_co[board.turn]:
            return self.array[772 + (ep & 7)]
        return 0

    def hash_turn(self, board) -> int:
        """780 when white is to move."""
        return self.array[780] if board.turn else 0

    def __call__(self, board) -> int:
        return self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board) ^ self.hash_turn(board)


def _beside(square: int) -> int:
    """The bitboard of the squares left and right of `square` on its rank."""
    bb = 0
    if square & 7:
        bb |= BB_SQUARES[square - 1]
    if square & 7 != 7:
        bb |= BB_SQUARES[square + 1]
    return bb


_POLYGLOT_HASHER = ZobristHasher(POLYGLOT_RANDOM_ARRAY)


def zobrist_hash(board, *, _hasher: Callable[[Any], int] | None = None) -> int:
    """The Polyglot key of a position: a bitboard Board's `zobrist_key` (kept up to date by every
    move), any other board's hashed through its public API."""
    if _hasher is None:
        if isinstance(board, Board):
            return board.zobrist_key
        _hasher = _POLYGLOT_HASHER
    return _hasher(board)


class Entry(NamedTuple):
    """One entry of a Polyglot book."""

    key: int
    """The Polyglot key of the position."""

    raw_move: int
    """The move as the book stores it (prefer `move`)."""

    weight: int
    """How good the move is thought, as the book's maker weighed it."""

    learn: int
    """Free for other information (learning data)."""

    move: Move
    """The move (castling as the king taking its rook when read by index; on the board's
    notation when found for a board)."""


def _raw_to_move(raw: int) -> Move:
    """A book's move: promotion 1..4 is knight ... queen; from == to is a drop of that piece."""
    to_square = raw & 0x3F
    from_square = raw >> _FROM_SHIFT & 0x3F
    piece = raw >> _PIECE_SHIFT & 7
    piece_type = piece + 1 if piece else None
    if from_square == to_square:
        return Move(from_square, to_square, None, piece_type)
    return Move(from_square, to_square, piece_type)


# A book's move (its own layout, not the engine's move code): to-square, from-square, piece.
_FROM_SHIFT = 6
_PIECE_SHIFT = 12

# The king-takes-rook castlings of standard chess, as a board not in Chess960 mode writes them:
# (from-square, to-square) -> the king's two-square move's to-square, when a king stands on the
# from-square.
_STANDARD_CASTLING = {(E1, H1): G1, (E1, A1): C1, (E8, H8): G8, (E8, A8): C8}


def _board_move(raw: int, board) -> Move:
    """The book's move as `board` writes it: e1g1 for e1h1 with a king on e1 when not Chess960.
    (Each a new Move, as python-chess's: a program may change the one it is given.)"""
    move = _raw_to_move(raw)
    if not raw >> _PIECE_SHIFT & 7 and move.from_square in (E1, E8) and not board.chess960:
        castled = _STANDARD_CASTLING.get((move.from_square, move.to_square))
        if castled is not None and board.kings & BB_SQUARES[move.from_square]:
            return Move(move.from_square, castled)
    return move


def _randint(rng, a: int, b: int) -> int:
    return (random if rng is None else rng).randint(a, b)


class _NoBook(bytearray):
    """What an empty file maps to (mmap refuses a length of 0)."""

    def size(self) -> int:
        return 0

    def close(self) -> None:
        pass

    def madvise(self, option: int) -> None:
        pass


class MemoryMappedReader:
    """A Polyglot book mapped into memory; look-ups bisect it by key."""

    def __init__(self, filename: StrOrBytesPath) -> None:
        fd = os.open(filename, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            self.mmap: mmap.mmap | _NoBook = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):  # an empty file
            self.mmap = _NoBook()
        finally:
            os.close(fd)
        if self.mmap.size() % _SIZE:
            raise OSError(f"invalid file size: ensure {filename!r} is a valid polyglot opening book")
        if hasattr(mmap, "MADV_RANDOM"):
            self.mmap.madvise(mmap.MADV_RANDOM)
        self._sample: list[int] | None = None

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc_value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        return self.close()

    def __len__(self) -> int:
        return self.mmap.size() // _SIZE

    def __getitem__(self, index: int) -> Entry:
        """The entry at `index` (negative from the end), its move as the book writes it."""
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"book index {index} out of range (the book has {size} entries)")
        key, raw, weight, learn = _unpack_entry(self.mmap, index * _SIZE)
        return Entry(key, raw, weight, learn, _raw_to_move(raw))

    def __iter__(self) -> Iterator[Entry]:
        for index in range(len(self)):
            yield self[index]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is `key` or more."""
        sample = self._sample
        if sample is None:  # every _STRIDE-th key, read at the first look-up
            sample = self._sample = [_unpack_key(self.mmap, offset)[0]
                                     for offset in range(0, self.mmap.size(), _STRIDE * _SIZE)]
        block = bisect_left(sample, key)  # sample[block - 1] < key <= sample[block]
        lo = (block - 1) * _STRIDE + 1 if block else 0
        hi = min(block * _STRIDE, len(self))
        mm = self.mmap
        while lo < hi:
            mid = (lo + hi) >> 1
            if _unpack_key(mm, mid * _SIZE)[0] < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def __contains__(self, entry: Entry) -> bool:
        return any(found == entry for found in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(self, board: Board | int, *, minimum_weight: int = 1,
                 exclude_moves: Container[Move] = ()) -> Iterator[Entry]:
        """The entries of a position (a board, or a key), in book order: those of at least
        `minimum_weight`, not in `exclude_moves`, and for a board legal there, each move as the
        board writes it (standard castling as e1g1 unless the board plays Chess960)."""
        context: Any = None  # the board the moves are legal on (another library's too)
        if isinstance(board, Board):
            context = board
            key = board.zobrist_key
        else:
            try:
                key = int(board)
            except (TypeError, ValueError):
                context = board
                key = zobrist_hash(board)
        mm = self.mmap
        offset = self.bisect_key_left(key) * _SIZE
        end = self.mmap.size()
        while offset < end:
            found, raw, weight, learn = _unpack_entry(mm, offset)
            offset += _SIZE
            if found != key:
                break
            if weight < minimum_weight:
                continue
            move = _raw_to_move(raw) if context is None else _board_move(raw, context)
            if exclude_moves and move in exclude_moves:
                continue
            if context is not None and not context.is_legal(move):
                continue
            yield Entry(found, raw, weight, learn, move)

    def find(self, board: Board | int, *, minimum_weight: int = 1, exclude_moves: Container[Move] = ()) -> Entry:
        """The main entry: the first of the highest weight (IndexError when there is none; `get`
        gives a default instead). Weight 0 marks a deleted entry: pass minimum_weight=0 for all."""
        best = None
        for entry in self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves):
            if best is None or entry.weight > best.weight:
                best = entry
        if best is None:
            raise IndexError(f"no book entry for the position (key {self._key_text(board)})")
        return best

    def get(self, board: Board | int, default: Entry | None = None, *, minimum_weight: int = 1,
            exclude_moves: Container[Move] = ()) -> Entry | None:
        """`find`, or `default` when the book has no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Board | int, *, minimum_weight: int = 1, exclude_moves: Container[Move] = (),
               random: random.Random | None = None) -> Entry:
        """An entry drawn uniformly (IndexError when there is none); `random` is a
        random.Random-like source (the random module's by default)."""
        chosen = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            if chosen is None or _randint(random, 0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError(f"no book entry for the position (key {self._key_text(board)})")
        return chosen

    def weighted_choice(self, board: Board | int, *, exclude_moves: Container[Move] = (),
                        random: random.Random | None = None) -> Entry:
        """An entry drawn with probability proportional to its weight (IndexError when the
        weights add up to 0)."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError(f"no book entry for the position (key {self._key_text(board)})")
        drawn = _randint(random, 0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > drawn:
                return entry
        raise AssertionError("unreachable: the weights add up to more than the number drawn")

    @staticmethod
    def _key_text(board) -> str:
        try:
            return f"{int(board):#018x}"
        except (TypeError, ValueError):
            return f"{zobrist_hash(board):#018x}"

    def close(self) -> None:
        """Unmap the book."""
        self.mmap.close()


def open_reader(path: StrOrBytesPath) -> MemoryMappedReader:
    """Open the Polyglot book at `path` (a context manager: `with open_reader(p) as book:`)."""
    return MemoryMappedReader(path)
