"""The encodings networks train on, vectorised over arrays of position records.

Input planes (`bitboard.data.encode.planes`), policy indices (`bitboard.data.encode.policy`) and
position keys with repetition counts (`bitboard.data.encode.keys`); every name is importable from
here. The records are bitboard.data.records' position_dtype(), as `bitboard.pgn.to_arrays` writes
them. NumPy is needed (pip install numpy).
"""
from .keys import polyglot_keys, repetition_counts
from .planes import LEELA_PLANES, PIECE_PLANES, leela_planes, piece_planes, unpack_planes
from .policy import (
                     ALPHAZERO_POLICY_SIZE,
                     LC0_MOVES,
                     LC0_POLICY_SIZE,
                     alphazero_index,
                     alphazero_indices,
                     alphazero_move,
                     lc0_index,
                     lc0_indices,
                     lc0_move,
                     legal_move_masks,
)

__all__ = ["ALPHAZERO_POLICY_SIZE", "LC0_MOVES", "LC0_POLICY_SIZE", "LEELA_PLANES", "PIECE_PLANES",
           "alphazero_index", "alphazero_indices", "alphazero_move", "lc0_index", "lc0_indices", "lc0_move",
           "leela_planes", "legal_move_masks", "piece_planes", "polyglot_keys", "repetition_counts",
           "unpack_planes"]
