# Serialization cfuncs the move generator and SquareSet call, and the module's C tables.
cdef enum:
    N_LISTS = 37044
    N_MOVES = 131736
    N_NORMALISED_LISTS = 6770
    N_NORMALISED_TARGETS = 21980

cdef unsigned char BYTE_SQUARES[2048]
cdef unsigned char WORD_SQUARES[1048576]
cdef bint _word_squares_ready, _move_lists_ready

cdef unsigned long long PH_FACTOR[384]
cdef unsigned long long PH_MASK[384]
cdef unsigned char PH_BITS[384]
cdef unsigned int PH_BASE[384]
cdef unsigned int PH_START[N_LISTS + 1]
cdef unsigned short PH_MOVES[N_MOVES + 8]
cdef unsigned char PHN_SQUARE[384]
cdef unsigned int PHN_BASE[384]
cdef unsigned int PHN_START[N_NORMALISED_LISTS + 1]
cdef unsigned char PHN_TARGETS[N_NORMALISED_TARGETS + 8]

ctypedef int (*square_technique)(unsigned long long b, unsigned char *buf) noexcept nogil
cdef list _run(square_technique technique, unsigned long long b)
cdef int _serialize_moves(unsigned short *buf, int n, int base, unsigned long long targets) noexcept nogil
cpdef list square_list(unsigned long long b)
cpdef list square_list_reversed(unsigned long long b)
