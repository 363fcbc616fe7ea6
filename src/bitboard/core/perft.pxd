from bitboard.core.position cimport Position

cdef bint walkable(Position pos) noexcept nogil
cdef unsigned long long _perft(Position pos, int depth, int *stop) noexcept nogil
cdef unsigned long long _perft_hashed(Position pos, int depth, unsigned long long *table,
                                      unsigned long long mask, int *stop, bint walk_below,
                                      unsigned long long *shallow) noexcept nogil

# The walk of the kernel this CPU runs best (perft_kernel, or perft_kernel_pext in a portable
# build on a CPU with a fast PEXT), bound at import by use_kernel().
ctypedef unsigned long long (*walk_function)(Position pos, int depth, int *stop) noexcept nogil
ctypedef unsigned long long (*walk_after_function)(Position pos, int move, int depth, int *stop) noexcept nogil
cdef walk_function walk
cdef walk_after_function walk_after
