"""python-chess's `chess.engine` on bitboard's Board and Move: UCI and XBoard engines
(SimpleEngine.popen_uci, play, analyse, analysis, Limit, PovScore, Cp, Mate, Wdl, options).

The protocol code is python-chess's own, imported from the installed package (the `[chess]`
extra) and run with `chess` bound to bitboard.chess (see borrowed.py): the positions it sends
and the moves it parses are bitboard's. Without python-chess, importing this module raises
bitboard.errors.MissingExtraError.
"""
import logging

from .borrowed import run_python_chess_module

run_python_chess_module("engine", globals())

# python-chess logs under "chess.engine"; a program configuring that logger keeps its output
LOGGER = logging.getLogger("chess.engine")
