"""PGN: the streaming reader of games, the writer back to PGN text, and the arrays of positions.

    for game in read_games("lichess_db.pgn.zst"):
        game.headers["White"], game.moves, game.result, game.evals, game.clocks

The one import for the PGN half of the data pipeline, which lives in `bitboard.data`: the
reader (`bitboard.data.pgn_reader`), the writer (`bitboard.data.pgn_writer`) and the NumPy
arrays (`bitboard.data.arrays`).
"""
from .data.arrays import NO_MOVE, RESULT_CODES, to_arrays
from .data.pgn_game import Game, Mate, positions_of
from .data.pgn_reader import RESULTS, SEVEN_TAG_ROSTER, SUFFIX_NAGS, read_games
from .data.pgn_writer import write

__all__ = ["NO_MOVE", "RESULTS", "RESULT_CODES", "SEVEN_TAG_ROSTER", "SUFFIX_NAGS", "Game", "Mate", "positions_of",
           "read_games", "to_arrays", "write"]
