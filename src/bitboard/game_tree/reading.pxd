# The C side of reading.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.board.game cimport Board
from bitboard.core.encoding cimport shown_code
from bitboard.core.native cimport find_byte, untrack
from bitboard.game_tree.lines cimport Lines
from bitboard.game_tree.record cimport RecordNode, Tree, new_tree
from bitboard.move cimport Move, fields_code, move_key
from bitboard.notation.pgn_tags cimport known_tag
from bitboard.notation.pgn_tokens cimport CLOSE, COMMENT, END, MOVE, NAG, OPEN, OPEN_COMMENT, RESULT, SUFFIX, Tokens
from bitboard.notation.pgn_tokens cimport comment_open_after, nag_value, result_text, skipped_line, suffix_nag
from bitboard.notation.pgn_tokens cimport white_end
from bitboard.notation.san cimport plain_san_code
