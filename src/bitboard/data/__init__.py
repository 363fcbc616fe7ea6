"""The data pipeline: PGN games to position records, arrays, Parquet and training encodings::

    PGN text ──pgn_reader──▶ Game ──pgn_writer──▶ PGN text
        │
        └──arrays (the reader's C columns)──▶ position records + per-game columns (NumPy)
                 │                                   │
                 datasets (Parquet games + positions tables;        encode (planes, policy, keys)
                 every core: workers; Dask: cluster; .npz)

Every public name of the pipeline is importable from here (`from bitboard.data import
read_games, to_arrays, convert_files, leela_planes`). The modules: `pgn_reader`, `pgn_game` (the
Game it gives), `pgn_writer`, `arrays`, `records` (the 43-byte position record), `sources`
(inputs, compression, names), `tables` (the Parquet dataset's schema), `datasets` (one PGN
input to a dataset folder), `workers` (convert_files: many inputs on every core), `cluster`
(Dask), `gil` (the GIL handed over promptly to the threads beside the reader), `batches`
(training batches from a dataset folder), `encode`.
"""
from ..core.encoding import dataset_drop, dataset_drop_piece, dataset_move, dataset_move_parts
from .arrays import NO_MOVE, RESULT_CODES, to_arrays
from .batches import ENCODINGS, POLICIES, Batches, Pass, SkippedRowsWarning, batches
from .cluster import PART_BYTES, pgn_to_parquet
from .datasets import (
                       SHARD_COMPRESSIONS,
                       TABLES,
                       Shard,
                       compression_options,
                       convert_file,
                       convert_parts,
                       dataset_folder,
                       read_arrays,
                       shard_paths,
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
from .pgn_game import Game, Mate, positions_of
from .pgn_reader import RESULTS, SEVEN_TAG_ROSTER, SUFFIX_NAGS, read_games
from .pgn_writer import write
from .records import (
                       EXTRAS_SIZE,
                       RECORD_SIZE,
                       RECORD_VARIANTS,
                       bitboards,
                       board_of,
                       en_passant_capturable,
                       extras_dtype,
                       extras_of,
                       mirror,
                       mirror_extras,
                       mirrored_castling,
                       nibble_of,
                       position_dtype,
                       record_of,
                       record_variant,
                       refuse_variant_records,
                       square_codes,
)
from .sources import (
                       COMPRESSIONS,
                       PGN_SUFFIXES,
                       STDIN,
                       compression_of,
                       decompressed,
                       is_compressed,
                       open_pgn,
                       pgn_files,
                       shard_stems,
                       source_names,
)
from .tables import EXTRAS_OF, GAME_TAGS, NO_RESULT, SCHEMA_VERSION, games_schema, positions_schema, result_code
from .workers import BUSY_THREADS, ConversionInterrupted, convert_files, default_processes

__all__ = [
    "ALPHAZERO_POLICY_SIZE", "BUSY_THREADS", "COMPRESSIONS", "ENCODINGS", "EXTRAS_OF", "EXTRAS_SIZE", "GAME_TAGS",
    "LC0_MOVES",
    "LC0_POLICY_SIZE", "LEELA_PLANES", "NO_MOVE", "NO_RESULT", "PGN_SUFFIXES", "PIECE_PLANES", "POLICIES",
    "POLYGLOT_TABLE_SIZE", "RECORD_SIZE", "PART_BYTES", "RECORD_VARIANTS", "RESULTS", "RESULT_CODES",
    "SCHEMA_VERSION", "SEVEN_TAG_ROSTER", "SHARD_COMPRESSIONS", "STDIN", "SUFFIX_NAGS", "TABLES", "alphazero_index",
    "alphazero_indices", "alphazero_move", "Batches", "batches", "bitboards", "board_of", "compression_of",
    "compression_options", "ConversionInterrupted", "convert_file", "convert_files", "convert_parts", "dataset_drop",
    "dataset_drop_piece", "dataset_folder", "dataset_move", "dataset_move_parts", "default_processes",
    "decompressed", "en_passant_capturable", "extras_dtype", "extras_of", "Game", "games_schema", "is_compressed",
    "lc0_index", "lc0_indices", "lc0_move", "leela_planes", "legal_move_masks", "Mate", "mirror", "mirror_extras",
    "mirrored_castling", "nibble_of", "open_pgn", "Pass", "pgn_files", "pgn_to_parquet", "piece_planes",
    "polyglot_keys",
    "polyglot_table", "position_dtype", "positions_of", "positions_schema", "read_arrays", "read_games", "record_of",
    "record_variant", "refuse_variant_records", "repetition_counts", "result_code", "Shard", "shard_paths",
    "shard_stems", "SkippedRowsWarning", "source_names", "square_codes", "to_arrays", "unpack_planes", "write",
    "write_arrays"
]
