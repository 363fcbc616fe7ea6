"""Type aliases of the public API, python-chess's names for the same things.

    Square     an int in 0..63, a1 = 0 ... h8 = 63
    Bitboard   an int in 0..2**64-1, bit i set for square i
    Color      a bool: WHITE is True, BLACK is False
    PieceType  an int in 1..6: PAWN ... KING
    Direction  a compass direction as a square offset: NORTH 8, EAST 1, SOUTH_WEST -9, ...
    Index      a file, rank or mapped square number

(Compiled, an annotation that is a builtin type converts the argument: ``x: int`` would turn 1.0
into 1 before the argument check sees it. These aliases are plain names to the compiler.)
"""
Square = int
Bitboard = int
Color = bool
PieceType = int
Direction = int
Index = int
