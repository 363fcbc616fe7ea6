"""python-chess's `chess.syzygy` on bitboard's Board: Syzygy endgame tablebases
(open_tablebase, Tablebase.add_directory, probe_wdl, probe_dtz, get_wdl, get_dtz,
MissingTableError).

The probing code is python-chess's own, imported from the installed package (the `[chess]`
extra) and run with `chess` bound to bitboard.chess (see borrowed.py): it reads the position
through python-chess's board attributes (occupied_co, pieces_mask, generate_legal_moves, push,
pop ...), which bitboard's Board has. Without python-chess, importing this module raises
bitboard.errors.MissingExtraError.
"""
from .borrowed import run_python_chess_module

run_python_chess_module("syzygy", globals())
