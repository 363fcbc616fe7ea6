"""Zobrist keys: Polyglot's published random numbers (`polyglot_random`), laid out for the
engine's codes, so every position's key is the key Polyglot opening books are written with
(python-chess's `chess.polyglot.zobrist_hash`).

A key is the xor of PIECE_KEYS[64 * piece code + square] for each piece, CASTLING_KEYS[rights]
(the xor of Polyglot's key of each right held), EP_KEYS[file] and TURN_KEY for white to move.
The en-passant file counts only when a pawn of the side to move stands ready to take (as in
Polyglot), so positions that differ only by an unusable en-passant square share a key.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from .polyglot_random import POLYGLOT_RANDOM_ARRAY as _R

#: PIECE_KEYS[64 * piece code + square], for the codes 1..6 (black) and 9..14 (white); Polyglot
#: orders its pieces black pawn, white pawn, black knight ..., white king: 2 * (type - 1) + colour.
PIECE_KEYS = [_R[64 * (2 * ((code & 7) - 1) + (code >> 3)) + square] if 1 <= (code & 7) <= 6 else 0
              for code in range(16) for square in range(64)]
#: CASTLING_KEYS[rights] (bits K 1, Q 2, k 4, q 8, Polyglot's order of its four castling keys).
CASTLING_KEYS = [_R[768] * (rights & 1) ^ _R[769] * (rights >> 1 & 1) ^ _R[770] * (rights >> 2 & 1)
                 ^ _R[771] * (rights >> 3 & 1) for rights in range(16)]
EP_KEYS = _R[772:780]
#: In the key when white is to move (Polyglot's rule).
TURN_KEY = _R[780]
