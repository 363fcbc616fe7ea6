"""`import chess` in a process that `python -m bitboard.chess` started: bitboard.chess itself.

The launcher puts this folder first on PYTHONPATH, so a program's child processes find this
package before python-chess's; importing it installs bitboard.chess as `chess` (which replaces
this module in sys.modules: the import gives bitboard.chess).
"""
from bitboard.chess.swap import install

install()
