"""The data pipeline: PGN games to position records, arrays, Parquet and training encodings::

    PGN text ──pgn_reader──▶ Game ──pgn_writer──▶ PGN text
        │
        └──arrays (the reader's C columns)──▶ position records + per-game columns (NumPy)
                 │                                   │
                 datasets (.npz, Parquet; every core; cluster: Dask)     encode (planes, policy, keys)

Every public name of the pipeline is importable from here (`from bitboard.data import
read_games, to_arrays, convert_files, leela_planes`). The modules: `pgn_reader`, `pgn_writer`,
`arrays`, `records` (the 43-byte position record), `datasets`, `cluster`, `encode`.
"""
from ..core.encoding import dataset_move, dataset_move_parts
from .arrays import RESULT_CODES, to_arrays
from .cluster import pgn_to_parquet
from .datasets import (
                       FORMATS,
                       PGN_SUFFIXES,
                       convert_file,
                       convert_files,
                       format_of,
                       from_arrow,
                       pgn_files,
                       read_arrays,
                       shard_name,
                       to_arrow,
                       write_arrays,
)
from .encode import (
                       ALPHAZERO_POLICY_SIZE,
                       LC0_MOVES,
                       LC0_POLICY_SIZE,
                       LEELA_PLANES,
                       PIECE_PLANES,
                       alphazero_index,
                       alphazero_indices,
                       alphazero_move,
                       lc0_index,
                       lc0_indices,
                       lc0_move,
                       leela_planes,
                       legal_move_masks,
                       piece_planes,
                       polyglot_keys,
                       repetition_counts,
                       unpack_planes,
)
from .encode.keys import POLYGLOT_TABLE_SIZE, polyglot_table
from .pgn_reader import RESULTS, SEVEN_TAG_ROSTER, SUFFIX_NAGS, Game, Mate, read_games
from .pgn_writer import write
from .records import (
                       RECORD_SIZE,
                       bitboards,
                       board_of,
                       en_passant_capturable,
                       mirror,
                       mirrored_castling,
                       nibble_of,
                       position_dtype,
                       record_of,
                       square_codes,
)

__all__ = [
    "ALPHAZERO_POLICY_SIZE", "FORMATS", "LC0_MOVES", "LC0_POLICY_SIZE", "LEELA_PLANES", "PGN_SUFFIXES",
    "PIECE_PLANES", "POLYGLOT_TABLE_SIZE", "RECORD_SIZE", "RESULTS", "RESULT_CODES", "SEVEN_TAG_ROSTER",
    "SUFFIX_NAGS", "Game", "Mate", "alphazero_index", "alphazero_indices", "alphazero_move", "bitboards", "board_of",
    "convert_file", "convert_files", "dataset_move", "dataset_move_parts", "nibble_of", "en_passant_capturable",
    "format_of", "from_arrow", "lc0_index", "lc0_indices", "lc0_move", "leela_planes", "legal_move_masks", "mirror",
    "mirrored_castling", "pgn_files", "pgn_to_parquet", "piece_planes", "polyglot_keys", "polyglot_table",
    "position_dtype", "read_arrays", "read_games", "record_of", "repetition_counts", "shard_name", "square_codes",
    "to_arrays", "to_arrow", "unpack_planes", "write", "write_arrays"
]
