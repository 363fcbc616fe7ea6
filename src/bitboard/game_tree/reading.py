"""Reading PGN from a text handle, game by game, as python-chess reads it: the same tokens, the
same forgiveness (bad headers and tokens skipped, errors handed to the visitor) and the handle
left at the same place (after the blank line that ends a game), so that `tell()` between
games gives offsets to `seek()` back to.

The lines come from `handle.readline()`, one at a time, as python-chess takes them; what is
faster here is what is done with a line: one regex pass over the movetext, the skipped
text scanned by str.find, and the default GameBuilder's tree built without its callbacks."""
import re

from ..board import Board
from .builders import GameBuilder, HeadersBuilder, SkipVisitor
from .headers import TAG_REGEX, TAG_ROSTER, Headers
from .nags import SUFFIX_NAGS
from .nodes import ChildNode, Game
from .visitors import SKIP

#: The movetext tokens: a move (SAN, LAN, null, drop), a comment (to the end of the line; the
#: reader looks for its close), a rest-of-line comment, a NAG, the brackets, a result, a suffix.
MOVETEXT_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)"
    r"|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})", re.DOTALL)

#: What a skipped game's text is scanned for: comment brackets and rest-of-line comments.
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")

_ROSTER = frozenset(TAG_ROSTER)

_SAN, _COMMENT, _LINE_COMMENT, _NAG, _OPEN, _CLOSE, _RESULT, _SUFFIX = range(1, 9)

# _build_tree's tokens: MOVETEXT_REGEX's, with a comment closed on its own line as one token
# (its text in group 2), read on after its '}' as python-chess does, without cutting the line.
_TREE_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)"
    r"|\{([^}]*)\}|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})", re.DOTALL)
_T_SAN, _T_CLOSED, _T_COMMENT, _T_LINE_COMMENT, _T_NAG, _T_OPEN, _T_CLOSE, _T_RESULT, _T_SUFFIX = range(1, 10)


def read_game(handle, *, Visitor=GameBuilder):  # noqa: N803  (python-chess's keyword)
    """The next game of a text handle, as Visitor() makes it (a Game by default), or None at
    the end. A game ends at a blank line (outside a comment) or at the end of the text."""
    visitor = Visitor()
    readline = handle.readline
    line = readline().lstrip("\ufeff")
    while line.isspace() or line[:1] in ("%", ";"):
        line = readline()

    found_game = skipping = False
    managed = unmanaged = roster = others = None
    blank_lines = 0
    while line:
        first = line[:1]
        if first == "%" or first == ";":
            line = readline()
            continue
        if blank_lines < 1 and line.isspace():
            blank_lines += 1
            line = readline()
            continue
        if not found_game:
            found_game = True
            skipping = visitor.begin_game() is SKIP
            if not skipping:
                managed = visitor.begin_headers()
                if not isinstance(managed, Headers):
                    unmanaged = Headers({})
                elif type(managed) is Headers and type(visitor) in (GameBuilder, HeadersBuilder):
                    # their visit_header only stores the tag: stored here, in place (a name
                    # TAG_REGEX takes is valid, and its value holds no line break)
                    roster, others = managed._tag_roster, managed._others
        if first != "[":
            break
        blank_lines = 0
        if not skipping:
            match = TAG_REGEX.match(line)
            if match:
                name, value = match.group(1, 2)
                if roster is not None:
                    (roster if name in _ROSTER else others)[name] = value
                else:
                    visitor.visit_header(name, value)
                    if unmanaged is not None:
                        unmanaged[name] = value
        line = readline()

    if not found_game:
        return None
    if not skipping:
        skipping = visitor.end_headers() is SKIP
    if not skipping:
        board = _starting_board(managed if unmanaged is None else unmanaged, visitor)
        skipping = board is None
    if skipping:
        _skip_movetext(line, readline)
        visitor.end_game()
        return visitor.result()
    if type(visitor) is GameBuilder and visitor.Game is Game:
        _build_tree(line, readline, board, visitor)
    else:
        visitor.visit_board(board)
        _visit_movetext(line, readline, [board], visitor)
    visitor.end_game()
    return visitor.result()


def read_headers(handle):
    """The headers of the next game (its moves skipped), or None at the end: scan a file's
    headers, keep `handle.tell()` of the games wanted, and seek back to read them."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle) -> bool:
    """Skips the next game; False at the end of the text."""
    return bool(read_game(handle, Visitor=SkipVisitor))


def _starting_board(headers, visitor):
    """The game's first position, or None when its FEN is bad (the error goes to the visitor)."""
    try:
        board_class = headers.variant()
    except ValueError as error:
        visitor.handle_error(error)
        board_class = Board
    try:
        board = board_class(headers.get("FEN", board_class.starting_fen), chess960=headers.is_chess960())
    except ValueError as error:
        visitor.handle_error(error)
        return None
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def _skip_movetext(line: str, readline) -> None:
    """Reads on to the blank line that ends the game, minding comments across lines."""
    in_comment = False
    while line:
        if not in_comment:
            if line.isspace():
                return
            if line[:1] == "%":
                line = readline()
                continue
        in_comment = _comment_open_after(line, in_comment)
        line = readline()


def _comment_open_after(line: str, in_comment: bool) -> bool:
    """Whether a { comment is still open at the end of `line`: the last bracket decides, up to
    the first ';' outside a comment, where the line ends."""
    semicolon = line.find(";")
    while semicolon >= 0:
        opened, closed = line.rfind("{", 0, semicolon), line.rfind("}", 0, semicolon)
        if not (opened > closed if opened >= 0 or closed >= 0 else in_comment):
            return False
        semicolon = line.find(";", semicolon + 1)
    opened, closed = line.rfind("{"), line.rfind("}")
    return opened > closed if opened >= 0 or closed >= 0 else in_comment


def _read_comment(text: str, readline):
    """A comment that starts at `text` (after its '{'): (its text, the rest of its last line).
    One space is dropped inside each bracket; lines are read until the '}'."""
    if text[:1] == " ":
        text = text[1:]
    parts = []
    while text and "}" not in text:
        parts.append(text)
        text = readline()
    if text:
        close = text.find("}")
        end = close - 1 if close > 0 and text[close - 1] == " " else close
        parts.append(text[:end])
        text = text[close + 1:]
    return "".join(parts), text


def _visit_movetext(line: str, readline, boards: list, visitor, skip_depth: int = 0, fresh: bool = True) -> None:
    """The moves, comments, NAGs and variations of a game, handed to any visitor; `boards` holds
    the position of each open variation (it may start mid-game: see _build_tree)."""
    finditer = MOVETEXT_REGEX.finditer
    while line:
        if fresh:
            if line[:1] in ("%", ";"):
                line = readline()
                continue
            if line.isspace():
                return
        fresh = True
        for match in finditer(line):
            kind = match.lastindex
            token = match.group(0)
            if kind == _COMMENT:
                comment, line = _read_comment(token[1:], readline)
                if not skip_depth:
                    visitor.visit_comment(comment)
                fresh = False
                break
            if kind == _OPEN:
                if skip_depth:
                    skip_depth += 1
                elif boards[-1].move_stack:
                    if visitor.begin_variation() is SKIP:
                        skip_depth = 1
                    else:
                        board = boards[-1].copy()
                        board.pop()
                        boards.append(board)
            elif kind == _CLOSE:
                if skip_depth == 1:
                    skip_depth = 0
                    visitor.end_variation()
                elif skip_depth:
                    skip_depth -= 1
                elif len(boards) > 1:
                    visitor.end_variation()
                    boards.pop()
            elif skip_depth:
                continue
            elif kind == _LINE_COMMENT:
                break
            elif kind == _NAG:
                visitor.visit_nag(int(token[1:]))
            elif kind == _SUFFIX:
                visitor.visit_nag(SUFFIX_NAGS[token])
            elif kind == _RESULT and len(boards) == 1:
                visitor.visit_result(token)
            else:
                board = boards[-1]
                if visitor.begin_parse_san(board, token) is not SKIP:
                    try:
                        move = visitor.parse_san(board, token)
                    except ValueError as error:
                        visitor.handle_error(error)
                        skip_depth = 1
                    else:
                        visitor.visit_move(board, move)
                        board.push(move)
                visitor.visit_board(board)
        if fresh:
            line = readline()


def _build_tree(line: str, readline, board, builder) -> None:
    """_visit_movetext for the default GameBuilder, whose callbacks it does in place: the same
    tree without a method call per token. A token it does not take (a move that does not parse,
    a result inside a variation) hands the rest of the game to _visit_movetext, the builder's
    state brought up to date, so errors take python-chess's path."""
    game = builder.game
    boards = [board]
    nodes = [game]  # the builder's variation stack, its top kept in `node`
    node = game
    starting_comment = ""
    after_move = False  # the builder's in_variation: a comment now belongs to `node`
    fresh = True
    handover = None
    finditer = _TREE_REGEX.finditer
    new_node = ChildNode.__new__
    while line:
        if fresh:
            if line[:1] in ("%", ";"):
                line = readline()
                continue
            if line.isspace():
                break
        fresh = True
        for match in finditer(line):
            kind = match.lastindex
            if kind == _T_SAN:
                try:
                    move = board.parse_san(match.group(0))
                except ValueError:
                    handover = match
                    break
                child = new_node(ChildNode)
                child.parent = node
                child.move = move
                child.variations = []
                child.comment = ""
                child.starting_comment = starting_comment
                child.nags = set()
                node.variations.append(child)
                node = child
                starting_comment = ""
                after_move = True
                board.push(move)
            elif kind == _T_CLOSED:
                comment = match.group(2)
                if comment[:1] == " ":
                    comment = comment[1:]
                if comment[-1:] == " ":
                    comment = comment[:-1]
                if after_move or (node is game and not game.variations):
                    node.comment = f"{node.comment} {comment}" if node.comment and comment else (
                        node.comment or comment)
                else:
                    starting_comment = f"{starting_comment} {comment}" if starting_comment and comment else (
                        starting_comment or comment)
            elif kind == _T_COMMENT:
                comment, line = _read_comment(match.group(0)[1:], readline)
                if after_move or (node is game and not game.variations):
                    node.comment = f"{node.comment} {comment}" if node.comment and comment else (
                        node.comment or comment)
                else:
                    starting_comment = f"{starting_comment} {comment}" if starting_comment and comment else (
                        starting_comment or comment)
                fresh = False
                break
            elif kind == _T_OPEN:
                if board.move_stack:
                    nodes[-1] = node
                    node = node.parent
                    nodes.append(node)
                    after_move = False
                    board = board.copy()
                    board.pop()
                    boards.append(board)
            elif kind == _T_CLOSE:
                if len(boards) > 1:
                    nodes.pop()
                    node = nodes[-1]
                    boards.pop()
                    board = boards[-1]
            elif kind == _T_LINE_COMMENT:
                break
            elif kind == _T_NAG:
                node.nags.add(int(match.group(0)[1:]))
            elif kind == _T_SUFFIX:
                node.nags.add(SUFFIX_NAGS[match.group(0)])
            elif len(boards) == 1:
                if game.headers.get("Result", "*") == "*":
                    game.headers["Result"] = match.group(0)
            else:
                handover = match
                break
        if handover is not None:
            break
        if fresh:
            line = readline()
    builder.variation_stack = nodes[:-1] + [node]
    builder.starting_comment = starting_comment
    builder.in_variation = after_move
    if handover is not None:
        _visit_movetext(line[handover.start():], readline, boards, builder, 0, False)
