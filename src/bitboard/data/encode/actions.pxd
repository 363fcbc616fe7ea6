# The 4,672-action numberings as C tables, for the environments' loops (bitboard.env).
from bitboard.core.encoding cimport BISHOP, CASTLING, KING, KNIGHT, PAWN, QUEEN, ROOK, castled_king_square
from bitboard.core.encoding cimport flag_promotion, move_flag, move_from, move_to


cdef enum:
    PETTINGZOO = 0      # PettingZoo's chess_v6: (file * 8 + rank) * 73 + plane
    PGX = 1             # pgx's chess: (file * 8 + rank) * 73 + plane, its own planes
    ALPHAZERO = 2       # the AlphaZero paper's, as policy.py numbers it: plane * 64 + from-square
    NUMBERING_COUNT = 3
    ACTION_COUNT = 4672
    MASK_BYTES = 584    # ACTION_COUNT / 8: a mask as bits

# [numbering * 4096 + from * 64 + to]: the action of a move between two squares seen from the
# mover (ranks flipped for black), -1 for none; underpromotions apart, [numbering * 72 + file *
# 9 + (file step + 1) * 3 + piece - KNIGHT] (from the seventh rank, seen from the mover)
cdef short ACTIONS[12288]
cdef short UNDERPROMOTIONS[216]


# The action of a move code (core/encoding) of the side `white` in a numbering (inline: the
# environments call it for every legal move; actions.py has its plain-Python twin).
cdef inline int _action(int numbering, int code, bint white) noexcept nogil:
    cdef int frm = move_from(code)
    cdef int to = move_to(code)
    cdef int flag = move_flag(code)
    cdef int piece = flag_promotion(flag)
    if flag == CASTLING:  # the king takes its own rook: the king's two-square step
        to = castled_king_square(frm, to > frm)
    if not white:
        frm ^= 56
        to ^= 56
    if piece != 0 and piece != QUEEN:
        return UNDERPROMOTIONS[numbering * 72 + (frm & 7) * 9 + ((to & 7) - (frm & 7) + 1) * 3 + piece - KNIGHT]
    return ACTIONS[numbering * 4096 + frm * 64 + to]
