"""The learners' catalogue: every technique of the classic documents, side by side with the one
the engine uses, each under a name that says what it is, with its benchmark kernel beside it.

    bitscan       population count and bit scan variants (loop, SWAR, tables, De Bruijn, halves)
    serialize     serialization techniques: LS1B loops, bit scan reverse, bisection, side order
    perfect_hash  perfect hashing of move-target sets into pre-calculated move lists
    sliders       slider attacks by classical rays, Kogge-Stone fills and hyperbola quintessence
    searches      the seeded searches that reproduce the shipped factors and magic numbers
    x88           the 0x88 board: an independent second move generator, for comparison

The kernels (`sum_*`) live beside the variants they time, in one compiled module, so that the C
compiler can inline each variant into its loop; the benchmarks in `bitboard.benchmarks` drive them.
"""
