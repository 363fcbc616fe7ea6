"""`python -m bitboard.chess PROGRAM [ARGS...]`: run a python-chess program on bitboard.chess (swap.main)."""
import sys

from .swap import main

sys.exit(main())
