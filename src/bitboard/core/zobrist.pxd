cdef unsigned long long PIECE_KEYS[1024]
cdef unsigned long long CASTLING_KEYS[16]
cdef unsigned long long EP_KEYS[8]
cdef unsigned long long TURN_KEY
