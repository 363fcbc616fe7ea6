# The C side of perft.py: what it cimports (its .py imports the same names when uncompiled) and declares.
from bitboard.core.encoding cimport BB_ALL, KING, MAX_MOVES, PAWN, PERFT_BUCKET_WORDS, u64
from bitboard.core.movegen cimport _attackers, _count, _generate
from bitboard.core.native cimport BUILD_KIND, CPU_FAST_PEXT, CPU_X86_64_V2, CPU_X86_64_V3, ctz64, popcount64, prefetch
from bitboard.core.position cimport Position
from bitboard.core.position cimport _key_after, _make, _unmake


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
