# The games of the environments (bitboard.env): each a row of uint64 words, a row of bytes and a
# row of legal move codes, stepped in C.
from bitboard.core.encoding cimport BB_ALL, CASTLING, DOUBLE_PUSH, EN_PASSANT, MAX_MOVES, NO_SQUARE, ONE, PAWN
from bitboard.core.encoding cimport castled_king_square, code_type, flag_promotion, move_flag, move_from, move_to, u64
from bitboard.core.movegen cimport _count, _generate
from bitboard.core.position cimport Position
from bitboard.core.position cimport _copy_position, _ep_capturable, _insufficient, _key_after, _king_attacked, _make
from bitboard.core.position cimport _unmake
from bitboard.core.xorshift cimport _next
from bitboard.core.zobrist cimport EP_KEYS
from bitboard.data.encode.actions cimport _action
from bitboard.data.encode.observations cimport _clear_history, _push_history, _write_pettingzoo
from bitboard.data.encode.observations cimport _write_pettingzoo_packed, _write_pgx


cdef enum:
    # the words of a game's row
    W_PIECES = 0        # 7 words: Position._pieces
    W_COLORS = 7        # 2 words: Position._colors
    W_TURN = 9
    W_CASTLING = 10
    W_EP = 11
    W_HALFMOVE = 12
    W_FULLMOVE = 13
    W_KEY = 14          # the Zobrist key (core/zobrist)
    W_PLY = 15          # plies since the game's start
    W_MOVES = 16        # legal moves (their codes in the moves row)
    W_STATUS = 17       # 0 while the game goes on; else python-chess's Termination number
    W_TRUNCATED = 18    # the ply limit ended the game
    W_DONE = 19         # the game ended at its last step (an autoreset is due)
    W_WINDOW = 20       # positions since the last capture, pawn move or castling right lost
    W_HEAD = 21         # the ring slot of the position now
    W_SINCE_PUSH = 22   # the window starts with a position just after a two-square pawn step
    W_COUNT = 23        # how often the position now has stood in the window (itself included)
    W_OTHERS = 24       # how many earlier positions pgx counts as the same as this one
    W_RNG = 25          # the state of the game's random stream (core/xorshift)
    W_HISTORY = 32      # HISTORY_WORDS words (data/encode/observations)
    W_CHOSEN = 176      # the index of the move the next step plays (found when the actions are checked)
    W_RING = 256        # RING words: the keys of the window's positions
    RING = 256
    WORDS = 512
    # the bytes of a game's row: the piece on each square, then each ring slot's count
    B_RING = 64
    BYTES = 320
    # room for a game's legal moves (a position of a game has 218 at most): the moves row holds
    # their codes, then from MOVE_ROOM on their actions in the environment's numbering
    MOVE_ROOM = 256
    MOVE_WIDTH = 512
    # the draws the rules know
    DRAWS_CLAIM = 0     # python-chess's can_claim_draw: chess_v6's rules
    DRAWS_AUTOMATIC = 1  # python-chess's is_game_over(): fivefold repetition, seventy-five moves
    DRAWS_PGX = 2       # pgx's: threefold repetition and fifty moves, automatic
    # python-chess's Termination numbers
    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    # what a game's observation is
    OBSERVE_PETTINGZOO = 0
    OBSERVE_PGX = 1
    OBSERVE_PACKED = 2
    # the autoreset modes of gymnasium.vector
    NEXT_STEP = 0
    SAME_STEP = 1
    DISABLED = 2


cdef class Single:
    # one game's rows, the start's and the scratch position, held as views: the AEC environment's
    # calls convert only their outputs
    cdef Position scratch
    cdef unsigned long long[:, ::1] st
    cdef unsigned char[:, ::1] sq
    cdef unsigned short[:, ::1] moves
    cdef unsigned long long[:, ::1] start_st
    cdef unsigned char[:, ::1] start_sq
    cdef unsigned short[:, ::1] start_moves
    cdef float[:, ::1] dummy32
    cdef unsigned long long[:, ::1] dummy64
    cdef int numbering
    cdef int draws
    cdef long long max_plies


cdef class Batch:
    # the vector environment's arrays, held as views: a step converts only its actions
    cdef unsigned long long[:, ::1] st
    cdef unsigned char[:, ::1] sq
    cdef unsigned short[:, ::1] moves
    cdef unsigned long long[:, ::1] start_st
    cdef unsigned char[:, ::1] start_sq
    cdef unsigned short[:, ::1] start_moves
    cdef unsigned char[:, ::1] obs8
    cdef float[:, ::1] obs32
    cdef unsigned long long[:, ::1] obs64
    cdef unsigned char[:, ::1] mask
    cdef float[::1] rewards
    cdef unsigned char[:, ::1] ended
    cdef unsigned char[:, ::1] final8
    cdef float[:, ::1] final32
    cdef unsigned long long[:, ::1] final64
    cdef unsigned char[:, ::1] final_mask
    cdef long long[::1] sampled
    cdef int kind
    cdef int numbering
    cdef int draws
    cdef long long max_plies
    cdef int mode
