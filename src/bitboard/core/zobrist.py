"""Zobrist keys: one random 64-bit number per (piece code, square), per castling-rights value,
per en-passant file and for black to move; a position's key is the xor of those that apply.

The keys come from the seeded xorshift64* stream, so every build and machine has the same ones.
The en-passant file counts only when a pawn of the side to move stands ready to take (as in
Polyglot), so positions that differ only by an unusable en-passant square share a key.
"""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

from .xorshift import random_u64s

ZOBRIST_SEED = 0x5A0B2157
_keys = random_u64s(ZOBRIST_SEED, 1024 + 16 + 8 + 1)
#: PIECE_KEYS[64 * piece code + square], for the codes 1..6 (black) and 9..14 (white).
PIECE_KEYS = _keys[:1024]
#: CASTLING_KEYS[rights], 0 for no rights.
CASTLING_KEYS = [0] + _keys[1025:1040]
EP_KEYS = _keys[1040:1048]
TURN_KEY = _keys[1048]
