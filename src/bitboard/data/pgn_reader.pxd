# The C side of pgn_reader.py: what it cimports (its .py imports the same names when uncompiled).
from bitboard.core.encoding cimport CASTLING, CRAZYHOUSE, DATASET_NO_MOVE, NORMAL, THREE_CHECK, castled_king_square
from bitboard.core.encoding cimport dataset_move, encode_move, flag_promotion, move_flag, move_from, move_to
from bitboard.core.native cimport find_byte
from bitboard.core.position cimport Position, _copy_position, _make
from bitboard.data.game_columns cimport GameColumns, TagTable
from bitboard.data.records cimport write_extras, write_record
from bitboard.move cimport _move_of
from bitboard.notation.pgn_tags cimport known_tag
from bitboard.notation.pgn_tokens cimport CLOCK, CLOSE, COMMENT, END, EVAL, MOVE, NAG, OPEN, OPEN_COMMENT, RESULT
from bitboard.notation.pgn_tokens cimport SUFFIX, Tokens, commands_only, nag_value, result_text, skipped_line
from bitboard.notation.pgn_tokens cimport suffix_nag
from bitboard.notation.san cimport plain_san_code
