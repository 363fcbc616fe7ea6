"""The engine: what the move generator and perft run on, and nothing else.

    native     compiler intrinsics (popcount, bit scans, byte swap) and their Python stand-ins
    encoding   the codes every module shares: pieces, castling bits, moves, undo records
    bits       the 64-bit toolkit: popcount, bit scans, single bits, flips, shifts and fills
    xorshift   the seeded random stream behind the shipped magic numbers
    polyglot_random  Polyglot's 781 published random numbers (the Zobrist keys)
    attacks    leaper tables, magic bitboards, rays, between and line
    zobrist    the Zobrist keys of pieces, castling rights, en passant and the side to move (Polyglot's)
    position   the C state of a position; make and unmake
    movegen    legal move generation
    perft      the leaf count, with threads and a transposition table

Nothing here imports the technique catalogue (`bitboard.catalogue`) or the user layer.
"""
