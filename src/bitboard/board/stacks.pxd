# The move stack's C arrays (board/stacks.py): what board/state.py and board/game.py cimport.
from cpython cimport array


cdef array.array new_stack()
cdef array.array grown(array.array stack, Py_ssize_t capacity)
cdef array.array stack_from(array.array stack, Py_ssize_t start)
cdef int find_listed(array.array listing, array.array at, Py_ssize_t ply, int plain) noexcept
cdef Py_ssize_t fill_listing(array.array listing, array.array at, Py_ssize_t listed, Py_ssize_t ply,
                             unsigned short *codes, unsigned short *shown, int n)
cdef array.array new_listing()
