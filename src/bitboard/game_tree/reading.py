"""Reading PGN from a text handle, game by game, as python-chess reads it: the same tokens, the
same forgiveness (bad headers and tokens skipped, errors handed to the visitor) and the handle
left at the same place (after the blank line that ends a game), so that `tell()` between
games gives offsets to `seek()` back to.

python-chess takes the text a line at a time (`handle.readline()`) and its movetext through a
regular expression. Here the lines are scanned as UTF-8 bytes in C, with MOVETEXT_REGEX's
tokens found by hand in the regex's own order (tests hold the two equal), plain SAN matched on
the board's C position (san.plain_san_code), and the default GameBuilder's tree built without
its callbacks. The lines come from game_tree/lines (a StringIO's or a UTF-8 file's bytes read
in blocks, the handle then moved to the end of the game's last line, where python-chess's
readline() loop leaves it)."""
from .._cython_shim import cython  # uncompiled: the stand-in, with or without Cython

if cython.compiled:  # False when run uncompiled; to Cython, this makes `cython` its own module
    import cython

if not cython.compiled:  # (compiled, this module's .pxd cimports these names)
    from ..board import Board
    from ..core.encoding import shown_code
    from ..core.native import find_byte, untrack
    from ..move import Move, fields_code, move_key
    from ..notation.pgn_tags import known_tag
    from ..notation.pgn_tokens import (
        CLOSE,
        COMMENT,
        END,
        MOVE,
        NAG,
        OPEN,
        OPEN_COMMENT,
        RESULT,
        SUFFIX,
        Tokens,
        comment_open_after,
        nag_value,
        result_text,
        skipped_line,
        suffix_nag,
        white_end,
    )
    from ..notation.san import plain_san_code
    from .lines import Lines
    from .record import RecordNode, Tree, new_tree

if cython.compiled:  # (C's own names, which the uncompiled build has no need of)
    from cython.cimports.cpython.object import PyObject, PyTypeObject
    from cython.cimports.cpython.unicode import (
        PyUnicode_DATA,
        PyUnicode_DecodeUTF8,
        PyUnicode_GET_LENGTH,
        PyUnicode_New,
        PyUnicode_Substring,
    )
    from cython.cimports.libc.string import memcmp, memcpy

    PyTypeObjectPtr = cython.typedef(cython.pointer(PyTypeObject))

from .builders import SkipVisitor
from .headers import KNOWN_TAGS, TAG_REGEX, TAG_ROSTER, Headers, HeadersBuilder, starting_board
from .nodes import GameBuilder
from .visitors import SKIP, BaseVisitor

# how read_game treats its visitor: as any visitor, or the default classes' work done in place
_GENERIC = cython.declare(cython.int, 0)
_BUILDER = cython.declare(cython.int, 1)  # GameBuilder: the tree built here
_HEADERS = cython.declare(cython.int, 2)  # HeadersBuilder: the tags stored here, the moves skipped
_SKIPPING = cython.declare(cython.int, 3)  # SkipVisitor: all skipped

_NAMES = cython.declare(tuple, KNOWN_TAGS)  # (a C global: no lookup in the module's dict)
_VALUES = cython.declare(list, [""] * len(KNOWN_TAGS))  # each known tag's last ASCII value
_ROSTER_SIZE = cython.declare(cython.int, len(TAG_ROSTER))  # (the first of KNOWN_TAGS)

# what the in-place builder's private boards stack for each move (_build): never read
_STACKED = cython.declare(object, Move(0, 0))


def read_game(handle, *, Visitor=GameBuilder):  # noqa: N803  (python-chess's keyword)
    """The next game of a text handle, as Visitor() makes it (a Game by default), or None at
    the end. A game ends at a blank line (outside a comment) or at the end of the text."""
    if Visitor is GameBuilder:
        return _read(handle, GameBuilder(), _BUILDER)
    if Visitor is HeadersBuilder:  # (a HeadersBuilder of Headers: made in place)
        return _read(handle, None, _HEADERS)
    if Visitor is SkipVisitor:
        return _read(handle, None, _SKIPPING)
    return _read(handle, Visitor(), _GENERIC)


def read_headers(handle):
    """The headers of the next game (its moves skipped), or None at the end: scan a file's
    headers, keep `handle.tell()` of the games wanted, and seek back to read them."""
    return _read(handle, None, _HEADERS)


def skip_game(handle) -> bool:
    """Skips the next game; False at the end of the text."""
    return _read(handle, None, _SKIPPING) is not None


@cython.cfunc
def _read(handle, visitor, mode: cython.int):
    """read_game with the visitor made (None where `mode` does its work in place)."""
    source: _Source = _Source.__new__(_Source)
    source.open(handle, mode != _GENERIC)
    source.at = 0
    source.done = False
    source.tokens = Tokens.__new__(Tokens)
    try:
        return _read_game(source, visitor, mode)
    finally:
        source.finish()


@cython.final
@cython.freelist(4)
@cython.cclass
class _Source(Lines):
    """The handle's lines (lines.py: the current one is data[start:end], its line break
    included), and the scanner's state for the movetext: its place in the line (`at`), the last
    token and the comment read."""

    at: cython.Py_ssize_t  # the movetext scanner's place in the line
    fresh: cython.bint  # the line is new: its first character and blankness still to look at
    done: cython.bint  # the game's text has ended (python-chess's `line` became empty)
    kind: cython.int  # the last token's kind, at data[token:token_end]
    token: cython.Py_ssize_t
    token_end: cython.Py_ssize_t
    comment: str  # the last comment's text
    tokens: Tokens  # the scanner's answers

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def first(self) -> cython.int:
        """The line's first byte."""
        p: cython.p_char = self.p
        return p[self.start]

    @cython.cfunc
    def blank(self) -> cython.bint:
        """Whether the line is white space alone (str.isspace())."""
        return _blank(self.data, self.p, self.start, self.end)

    @cython.cfunc
    def next_token(self) -> cython.int:
        """The next token of the movetext (its kind, and its place token:token_end), END at
        the end of the game: a blank line, the end of the text. Lines that begin with % or ;
        are skipped; a comment's text, over as many lines as it takes, goes to `comment`."""
        tokens: Tokens = self.tokens
        kind: cython.int
        while True:
            if self.at >= self.end:
                if self.done or not self.next_line():
                    return END
                self.at = self.start
                self.fresh = True
            if self.fresh:
                if skipped_line(self.first()):
                    self.at = self.end
                    continue
                if _blank(self.data, self.p, self.start, self.end):
                    return END
                self.fresh = False
            kind = tokens.scan(self.data, self.p, self.at, self.end)
            self.at = tokens.after
            if kind == END:
                continue
            if kind in (COMMENT, OPEN_COMMENT):
                self.kind = COMMENT
                self.read_comment(tokens.start, tokens.stop if kind == COMMENT else -1)
                return COMMENT
            self.kind, self.token, self.token_end = kind, tokens.start, tokens.stop
            return kind

    @cython.cfunc
    def read_comment(self, i: cython.Py_ssize_t, close: cython.Py_ssize_t) -> cython.void:
        """The comment whose text starts at data[i] (after its '{'), its '}' at `close` (-1:
        not on this line), as python-chess takes it: one space dropped after the '{' and before
        the '}', lines read until the '}'; the scanner goes on after the '}'."""
        p: cython.p_char = self.p
        e: cython.Py_ssize_t = self.end
        if i < e and p[i] == ord(" "):
            i += 1
        if i >= e:  # the line ends at the '{' (no line break: the text's end)
            self.comment = ""
            self.done = True
            self.at = e
            return
        if close >= 0:
            self.comment = _text(self.data, p, i, close - 1 if close > i and p[close - 1] == ord(" ") else close)
        else:
            parts = [_text(self.data, p, i, e)]
            while True:
                if not self.next_line():
                    self.comment = "".join(parts)
                    self.done = True
                    self.at = self.end
                    return
                p = self.p
                i, e = self.start, self.end
                close = find_byte(self.data, p, ord("}"), i, e)
                if close >= 0:
                    parts.append(_text(self.data, p, i, close - 1 if close > i and p[close - 1] == ord(" ") else close))
                    break
                parts.append(_text(self.data, p, i, e))
            self.comment = "".join(parts)
        self.at = close + 1
        if self.at == e:  # nothing after the '}' (no line break): python-chess's line ends the game
            self.done = True
        self.fresh = False

    @cython.cfunc
    def token_text(self) -> str:
        return _text(self.data, self.p, self.token, self.token_end)

    @cython.cfunc
    def nag(self) -> object:
        """The number of the NAG token (its digits at token:token_end)."""
        value: cython.longlong = nag_value(self.p, self.token, self.token_end)
        return int(self.token_text()) if value < 0 else value

    @cython.cfunc
    @cython.exceptval(check=False)
    def suffix(self) -> cython.int:
        """The NAG of the suffix token."""
        return suffix_nag(self.p, self.token, self.token_end)

    @cython.cfunc
    def result(self) -> str:
        """The result token's text."""
        return result_text(self.p, self.token, self.token_end)


@cython.cfunc
def _text(data, p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t) -> str:
    """data[i:j] as text."""
    if cython.compiled:
        if type(data) is str:
            return PyUnicode_Substring(data, i, j)
        return PyUnicode_DecodeUTF8(p + i, j - i, "surrogatepass")
    else:
        return p[i:j].decode("utf-8", "surrogatepass")


@cython.cfunc
def _value(data, p: cython.p_char, i: cython.Py_ssize_t, j: cython.Py_ssize_t, known: cython.int) -> str:
    """A tag's value data[i:j] as text, the known tag's last value again when it is the same
    (an ASCII one: Event, Round, Result, TimeControl or Termination repeat game after game); -1
    for a tag not known (or its name)."""
    if cython.compiled:
        if known >= 0:
            last: str = _VALUES[known]
            if PyUnicode_GET_LENGTH(last) == j - i and memcmp(PyUnicode_DATA(last), p + i, j - i) == 0:
                return last
        bits: cython.uchar = 0
        k: cython.Py_ssize_t
        for k in range(i, j):
            bits |= cython.cast(cython.uchar, p[k])
        if bits < 0x80:  # (ASCII: its str holds the same bytes, copied without decoding)
            text: str = PyUnicode_New(j - i, 127)
            memcpy(PyUnicode_DATA(text), p + i, j - i)
            if known >= 0:
                _VALUES[known] = text
            return text
    return _text(data, p, i, j)


@cython.cfunc
def _blank(data, p: cython.p_char, i: cython.Py_ssize_t, n: cython.Py_ssize_t) -> cython.bint:
    """Whether data[i:n] is white space alone, and not empty (str.isspace())."""
    if i >= n:
        return False
    k: cython.Py_ssize_t = white_end(p, i, n)
    if k < n and p[k] & 0x80:  # (not ASCII: str.isspace() says)
        return _text(data, p, i, n).isspace()
    return k == n


@cython.cfunc
def _read_game(source: _Source, visitor, mode: cython.int):
    """python-chess's read_game over the source's lines: the tag section, then the movetext
    (skipped, built in place, or handed to the visitor)."""
    if not source.first_line():
        return None
    while source.blank() or source.first() == ord("%") or source.first() == ord(";"):
        if not source.next_line():
            return None

    found: cython.bint = False
    skipping: cython.bint = False
    more: cython.bint = True  # a line is at hand (False: the text has ended)
    empty: cython.int = 0
    c: cython.int
    headers = managed = unmanaged = roster = others = None
    while True:
        c = source.first()
        if c in (ord("%"), ord(";")):
            more = source.next_line()
            if not more:
                break
            continue
        if empty < 1 and c != ord("[") and source.blank():
            empty += 1
            more = source.next_line()
            if not more:
                break
            continue
        if not found:
            found = True
            if mode == _SKIPPING:
                skipping = True
            elif mode == _HEADERS:  # HeadersBuilder's Headers({}), made without its update()
                headers = managed = _new_headers()
                headers._tag_roster = roster = {}
                headers._others = others = {}
            else:
                skipping = visitor.begin_game() is SKIP
                if not skipping:
                    managed = visitor.begin_headers()
                    if not isinstance(managed, Headers):
                        unmanaged = Headers({})
                    elif type(managed) is Headers and (mode == _BUILDER or type(visitor) in (GameBuilder,
                                                                                              HeadersBuilder)):
                        # their visit_header only stores the tag: stored here, in place
                        roster, others = managed._tag_roster, managed._others
        if c != ord("["):
            break
        empty = 0
        if not skipping:
            _tag(source, visitor, managed, roster, others, unmanaged)
        more = source.next_line()
        if not more:
            break

    if not found:
        return None
    if mode in (_HEADERS, _SKIPPING):  # their end_headers() and begin_game() say SKIP
        if more:
            _skip_movetext(source)
        return headers if mode == _HEADERS else True
    if not skipping:
        skipping = visitor.end_headers() is SKIP
    board = None
    if not skipping:
        board = starting_board(managed if unmanaged is None else unmanaged, visitor)
        skipping = board is None
    if skipping:
        if more:
            _skip_movetext(source)
        visitor.end_game()
        return visitor.result()
    boards = [board]
    if mode == _BUILDER and type(board) is Board:  # (GameBuilder's visit_board does nothing)
        if more:
            source.at, source.fresh = source.start, True
            if _build(source, boards, visitor):
                _visit(source, boards, visitor, True)
    else:
        visitor.visit_board(board)
        if more:
            source.at, source.fresh = source.start, True
            _visit(source, boards, visitor, False)
    visitor.end_game()
    return visitor.result()


@cython.cfunc
def _new_headers():
    """An empty Headers (no roster), made without __init__."""
    if cython.compiled:
        return cython.cast(PyTypeObjectPtr, Headers).tp_new(Headers, cython.cast(cython.pointer(PyObject), ()),
                                                            cython.NULL)
    return Headers.__new__(Headers)


@cython.cfunc
def _tag(source: _Source, visitor, managed, roster, others, unmanaged) -> cython.void:
    """The tag line at hand, to the visitor (or stored in place): read in C (pgn_tokens), by
    TAG_REGEX where C cannot tell (or a line break stands in the value)."""
    data = source.data
    p: cython.p_char = source.p
    s: cython.Py_ssize_t = source.start
    e: cython.Py_ssize_t = source.end
    tokens: Tokens = source.tokens
    known: cython.int = -1
    found: cython.int = tokens.tag(data, p, s, e)
    if found == 0:  # (not a tag line: skipped)
        return
    plain: cython.bint = found > 0 and not (source.returns and find_byte(data, p, ord("\n"), tokens.value,
                                                                         tokens.value_end) >= 0)
    if plain:
        known = known_tag(p, tokens.start, tokens.stop)
        name = _NAMES[known] if known >= 0 else _value(data, p, tokens.start, tokens.stop, -1)
        text = _value(data, p, tokens.value, tokens.value_end, known)
        if roster is not None:
            if 0 <= known < _ROSTER_SIZE:
                cython.cast(dict, roster)[name] = text
            else:
                cython.cast(dict, others)[name] = text
            return
    else:
        match = TAG_REGEX.match(_text(data, p, s, e))
        if match is None:
            return
        name, text = match.group(1, 2)
        if roster is not None:
            managed[name] = text  # (Headers' own checks: a line break in a value)
            return
    visitor.visit_header(name, text)
    if unmanaged is not None:
        unmanaged[name] = text


@cython.cfunc
def _skip_movetext(source: _Source) -> cython.void:
    """Reads on to the blank line that ends the game, minding comments across lines."""
    in_comment: cython.bint = False
    while True:
        if not in_comment:
            if source.blank():
                return
            if source.first() == ord("%"):
                if not source.next_line():
                    return
                continue
        in_comment = comment_open_after(source.data, source.p, source.start, source.end, in_comment)
        if not source.next_line():
            return


@cython.cfunc
def _build(source: _Source, boards: list, builder) -> cython.bint:
    """The movetext for the default GameBuilder, whose callbacks are done here in place: the
    same tree without a method call per token, kept in the game's compact record (nodes.Tree:
    no node made). A token it does not take (a move that does not parse, a result inside a
    variation) is left to _visit (True), the nodes of the builder's state made and brought up
    to date, so that errors take python-chess's path."""
    board: Board = boards[0]
    game = builder.game
    roster: dict = game.headers._tag_roster
    tree: Tree = new_tree(game, board._key)
    lines: list = [0]  # the builder's variation stack, as node indices, its top kept in `node`
    node: cython.Py_ssize_t = 0
    child: cython.Py_ssize_t
    starting_comment: str = ""
    after_move: cython.bint = False  # the builder's in_variation: a comment now belongs to `node`
    handover: cython.bint = False
    kind: cython.int
    code: cython.int
    key: cython.int
    while True:
        kind = source.next_token()
        if kind == END:
            break
        if kind == MOVE:
            code = plain_san_code(board, source.p, source.token, source.token_end)
            if code >= 0:
                key = fields_code(shown_code(code, board._chess960))
                board._push_unshown(code, _STACKED)  # (a board no program sees: its stack and views unread)
            else:
                board._show_state()  # (parse_san may read the views)
                try:
                    move = board.parse_san(source.token_text())
                except ValueError:
                    handover = True
                    break
                key = move_key(move)
                if key < 0:  # (not this library's Move: a dialect of SAN's own)
                    handover = True
                    break
                board.push(move)
                code = -1
            child = tree.append(node, key, code)
            if starting_comment:
                if tree.starting is None:
                    tree.starting = {}
                tree.starting[child] = starting_comment
                starting_comment = ""
            node = child
            after_move = True
        elif kind == COMMENT:
            comment = source.comment
            if node == 0:
                if after_move or tree.size == 1:  # (before the first move: the game's comment)
                    root: RecordNode = tree.root  # type: ignore[assignment]  # (its field set: not a program's write, which keeps the nodes)
                    root.comment = _joined(root.comment, comment)
                else:
                    starting_comment = _joined(starting_comment, comment)
            elif after_move:
                before = tree.comments[node]
                tree.comments[node] = comment if before is None else _joined(before, comment)
            else:
                starting_comment = _joined(starting_comment, comment)
        elif kind == OPEN:
            if node != 0:  # (the board has moves)
                lines[len(lines) - 1] = node
                node = tree.parent_index(node)
                lines.append(node)
                after_move = False
                board = board.copy()
                board.pop()
                boards.append(board)
        elif kind == CLOSE:
            if len(boards) > 1:
                lines.pop()
                node = lines[len(lines) - 1]
                boards.pop()
                board = boards[len(boards) - 1]
        elif kind in (NAG, SUFFIX):
            _add_nag(tree, node, source.nag() if kind == NAG else source.suffix())
        elif len(boards) == 1:  # a result
            if roster.get("Result", "*") == "*":
                roster["Result"] = source.result()
        else:  # a result inside a variation: python-chess reads it as a move
            handover = True
            break
    tree.trim()
    if handover:  # the builder's state, its nodes made, the boards' views in step
        for board in boards:
            board._show_state()
        lines[len(lines) - 1] = node
        builder.variation_stack = [tree.node(i) for i in lines]
        builder.starting_comment = starting_comment
        builder.in_variation = after_move
    return handover


@cython.cfunc
def _add_nag(tree: Tree, node: cython.Py_ssize_t, nag) -> cython.void:
    """A NAG for node `node` (0: the game). The NAGs are tuples of ints off the collector's list,
    so that the dict holding them stays off it too: no object a game's NAGs for it to walk."""
    if tree.nags is None:
        tree.nags = {}
    found = tree.nags.get(node)
    nags: tuple = (nag,) if found is None else found + (nag,)
    untrack(nags)
    tree.nags[node] = nags


@cython.cfunc
def _joined(first: str, second: str) -> str:
    """The two comments, one space between (the builder's " ".join of those not empty)."""
    if first and second:
        return first + " " + second
    return first or second


@cython.cfunc
def _visit(source: _Source, boards: list, visitor, pending: cython.bint) -> cython.void:
    """The moves, comments, NAGs and variations of a game, handed to any visitor, as python-chess
    hands them; `boards` holds the position of each open variation (it may start mid-game, with
    the token at hand `pending`: see _build)."""
    skip_depth: cython.int = 0
    kind: cython.int
    plain: cython.bint = type(visitor).parse_san is BaseVisitor.parse_san
    while True:
        if pending:
            kind = source.kind
            pending = False
        else:
            kind = source.next_token()
        if kind == END:
            return
        if kind == COMMENT:
            if not skip_depth:
                visitor.visit_comment(source.comment)
        elif kind == OPEN:
            if skip_depth:
                skip_depth += 1
            elif boards[len(boards) - 1].move_stack:
                if visitor.begin_variation() is SKIP:
                    skip_depth = 1
                else:
                    board = boards[len(boards) - 1].copy()
                    board.pop()
                    boards.append(board)
        elif kind == CLOSE:
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
        elif kind == NAG:
            visitor.visit_nag(source.nag())
        elif kind == SUFFIX:
            visitor.visit_nag(source.suffix())
        elif kind == RESULT and len(boards) == 1:
            visitor.visit_result(source.result())
        else:
            board = boards[len(boards) - 1]
            token = source.token_text()
            if visitor.begin_parse_san(board, token) is not SKIP:
                try:
                    move = _parse_san(board, source) if plain else visitor.parse_san(board, token)
                except ValueError as error:
                    visitor.handle_error(error)
                    skip_depth = 1
                else:
                    visitor.visit_move(board, move)
                    board.push(move)
            visitor.visit_board(board)


@cython.cfunc
def _parse_san(board, source: _Source):
    """board.parse_san of the token at hand: plain SAN matched in C on a Board."""
    position: Board
    code: cython.int
    if type(board) is Board:
        position = board
        code = plain_san_code(position, source.p, source.token, source.token_end)
        if code >= 0:
            return position._move_for(code)
    return board.parse_san(source.token_text())
