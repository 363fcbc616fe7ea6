"""The Board, in four layers, each a Cython extension type on the one below (core.Position first):

    base      BaseBoard: the piece placement, its queries (pieces, attacks, pins) and transforms
    state     the side to move, castling, en passant, clocks, the legal moves and the move stack
    notation  FEN, EPD, UCI, SAN, LAN and XBoard, written and read
    game      Board: check, mate, status, draws, outcome, perft, copies

Users see BaseBoard and Board, as in python-chess.
"""
from .base import BaseBoard
from .game import Board
from .move_generators import LegalMoveGenerator, PseudoLegalMoveGenerator

__all__ = ["BaseBoard", "Board", "LegalMoveGenerator", "PseudoLegalMoveGenerator"]
