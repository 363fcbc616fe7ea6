"""python-chess's `chess.gaviota` on bitboard's Board: Gaviota endgame tablebases
(open_tablebase, open_tablebase_native, add_directory, probe_dtm, probe_wdl, get_dtm, get_wdl,
MissingTableError, PythonTablebase, NativeTablebase).

The probing code is python-chess's own, imported from the installed package (the `[chess]`
extra) and run with `chess` bound to bitboard.chess (see borrowed.py). Without python-chess,
importing this module raises bitboard.errors.MissingExtraError.
"""
from .borrowed import run_python_chess_module

run_python_chess_module("gaviota", globals())
