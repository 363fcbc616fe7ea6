"""python-chess's two patterns of the movetext, chess.pgn's public names. The reader finds the
same tokens in C (reading._match, in the regex's own order; tests hold the two equal)."""
import re

#: python-chess's tokens of the movetext: a move (SAN, LAN, null, drop), a comment (to the end of
#: the line; the reader looks for its close), a rest-of-line comment, a NAG, the brackets, a
#: result, a suffix.
MOVETEXT_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)"
    r"|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})", re.DOTALL)

#: What a skipped game's text is scanned for: comment brackets and rest-of-line comments.
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")
