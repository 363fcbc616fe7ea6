cdef unsigned long long _next(unsigned long long *state) noexcept nogil
