"""A game's header tags: the Seven Tag Roster first, in its order, then the others as added;
and the starting board they describe (FEN, Variant)."""
import re
from collections.abc import MutableMapping
from typing import Any, TypeVar

from ..board import Board
from ..errors import InvalidTagError, quoted
from ..notation.pgn_tags import KNOWN_TAGS, TAG_ROSTER  # noqa: F401  (this module's names too: chess.pgn's TAG_ROSTER)
from ..notation.pgn_tokens import TAG_REGEX  # noqa: F401  (a header line: this module's name too, chess.pgn's)
from .record import retag
from .visitors import SKIP, BaseVisitor

#: A tag name PGN can write back.
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")


HeadersT = TypeVar("HeadersT", bound="Headers")

_ROSTER = frozenset(TAG_ROSTER)
_DEFAULTS = (("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"),
             ("Black", "?"), ("Result", "*"))
_CHESS960_NAMES = frozenset(("chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"))
_START_TAGS = frozenset(("FEN", "Variant"))  # (a change to one: record.retag)
_WILD_NAMES = frozenset(("wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7",
                         "wild/8", "wild/8a"))


def variant_board(name: str) -> type:
    """The board class of a variant named in a Variant tag other than standard chess and Chess960
    (board/variant's find_variant: UnsupportedVariantError for a name it does not know, which
    a reader records, playing the game as standard chess as python-chess does)."""
    from ..board.variant import find_variant

    return find_variant(name)


class Headers(MutableMapping):
    """The tags of a game, a mapping of names to values: the roster's seven in roster order,
    then the others in the order they came. Without `data`, the roster with its unknown
    values ('?', '????.??.??', '*')."""

    def __init__(self, data=None, **kwargs) -> None:
        self._tag_roster: dict = {}
        self._others: dict = {}
        if data is None and not kwargs and type(self) is Headers:  # (every game: the roster, set at once)
            self._tag_roster.update(_DEFAULTS)
            return
        self.update(_DEFAULTS if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        """Whether the Variant tag names Chess960 (as Cute Chess and others spell it)."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        """Whether the Variant tag names one of FICS's wild games (played on a standard board)."""
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self) -> type:
        """The board class the game is played on: Board for standard chess, Chess960 and wild."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        return variant_board(self["Variant"])

    def board(self) -> Board:
        """The starting position: the FEN tag's (SetUp is not needed), or the variant's own."""
        if type(self) is Headers and "FEN" not in self._others and "Variant" not in self._others:
            return Board()  # (standard chess's start: what the lines below make of no tags)
        board_class: Any = self.variant()
        board = board_class(self.get("FEN", board_class.starting_fen), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in _ROSTER:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise InvalidTagError(f"invalid pgn header tag: {quoted(key)}")
        elif "\n" in value or "\r" in value:
            raise InvalidTagError(f"line break in pgn header {key}: {quoted(value)}")
        else:
            if key in _START_TAGS:
                retag()  # (the games' starting plies kept may be wrong now)
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in _ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in _ROSTER:
            del self._tag_roster[key]
        else:
            if key in _START_TAGS:
                retag()
            del self._others[key]

    def __iter__(self):
        roster = self._tag_roster
        for key in TAG_ROSTER:
            if key in roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self):
        return type(self)(self)

    def __copy__(self):
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{key}={value!r}' for key, value in self.items())})"

    @classmethod
    def builder(cls):
        """A HeadersBuilder that collects headers into this class (for read_game's Visitor)."""
        return HeadersBuilder(Headers=cls)


class HeadersBuilder(BaseVisitor):
    """Collects the headers (a `Headers`, or the class given) and skips the moves."""

    def __init__(self, *, Headers=Headers) -> None:  # noqa: N803  (python-chess's keyword)
        self.Headers = Headers

    def begin_headers(self):
        self.headers = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self):
        return SKIP

    def result(self):
        return self.headers


def starting_board(headers, visitor):
    """A game's first position as the reader makes it, or None when its FEN is bad (the error
    goes to the visitor)."""
    if type(headers) is Headers and "FEN" not in headers._others and "Variant" not in headers._others:
        return Board()
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
