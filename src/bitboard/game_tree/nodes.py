"""The game tree: a Game (headers, starting position) whose nodes each hold the move that leads
to them, the variations that follow (the first is the main line), comments and NAGs.

A node stores no board: board() replays the moves from the root, as in python-chess."""
import abc
from typing import Any, Generic, TypeVar, cast

from ..piece import WHITE
from . import annotations
from .exporting import StringExporter
from .headers import Headers
from .visitors import SKIP

GameT = TypeVar("GameT", bound="Game")
MainlineMapT = TypeVar("MainlineMapT")


class GameNode(abc.ABC):
    """A position of the game tree: the root (a Game) or a ChildNode."""

    def __init__(self, *, comment: str = "") -> None:
        self.parent: Any = None  # (a ChildNode's is a GameNode; Any keeps its uses simple to check)
        self.move: Any = None
        self.variations: list = []
        self.comment = comment
        # (a ChildNode's own, kept on every node for python-chess's compatibility)
        self.starting_comment = ""
        self.nags: set = set()

    @abc.abstractmethod
    def board(self):
        """A new board with the position at this node."""

    @abc.abstractmethod
    def ply(self) -> int:
        """The half-moves played to this node, counted from the starting FEN's move number."""

    def turn(self) -> bool:
        """The side to move at this node."""
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        node = self
        while node.parent:
            node = node.parent
        return node

    def game(self) -> "Game":
        """The Game at the root."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self) -> "GameNode":
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node begins a side variation (and so may have a starting comment)."""
        if not self.parent or not self.parent.variations:
            return False
        return self.parent.variations[0] != self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node = self
        while node.parent:
            parent = node.parent
            if not parent.variations or parent.variations[0] != node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first variation (the root is)."""
        if not self.parent:
            return True
        return not self.parent.variations or self.parent.variations[0] == self

    def __getitem__(self, move) -> "ChildNode":
        try:
            return self.variations[move]
        except TypeError:
            for variation in self.variations:
                if variation.move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move) -> "ChildNode":
        """A child by index, move or node."""
        return self[move]

    def has_variation(self, move) -> bool:
        return move in self

    def promote_to_main(self, move) -> None:
        """Makes the given variation the main one."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move) -> None:
        """Moves a variation one place up."""
        variation = self[move]
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move) -> None:
        """Moves a variation one place down."""
        variation = self[move]
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move) -> None:
        self.variations.remove(self.variation(move))

    def add_variation(self, move, *, comment: str = "", starting_comment: str = "", nags=()) -> "ChildNode":
        """A new child after the others (the one place nodes are made: override it to make your own)."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move, *, comment: str = "", nags=()) -> "ChildNode":
        """A new child made the main variation."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self):
        """The first child, or None."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> "Mainline":
        """The main line's nodes after this one."""
        return Mainline(self, _identity)

    def mainline_moves(self) -> "Mainline":
        """The main line's moves after this node."""
        return Mainline(self, _move_of)

    def add_line(self, moves, *, comment: str = "", starting_comment: str = "", nags=()) -> "GameNode":
        """Appends the moves as a line of children; the comment and NAGs go to its last node,
        which is returned."""
        node = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    def eval(self):
        """The first [%eval] of the comment as a PovScore, or None."""
        return annotations.parse_eval(self.comment, self.turn())

    def eval_depth(self):
        """The depth of the first [%eval], or None."""
        match = annotations.EVAL_REGEX.search(self.comment)
        return int(match.group("depth")) if match and match.group("depth") else None

    def set_eval(self, score, depth=None) -> None:
        """Replaces the first [%eval] (None: removes it), or appends one."""
        self.comment = annotations.replace_command(self.comment, annotations.EVAL_REGEX,
                                                   annotations.eval_text(score, depth), before_newline=False)

    def arrows(self) -> list:
        """The arrows and marked squares of the comment's [%csl] and [%cal] commands."""
        return annotations.parse_arrows(self.comment)

    def set_arrows(self, arrows) -> None:
        """Replaces every [%csl] and [%cal] command by those of `arrows` (put first)."""
        self.comment = annotations.with_arrows(self.comment, arrows)

    def clock(self):
        """The first [%clk] in seconds (the fraction as written), or None."""
        match = annotations.CLOCK_REGEX.search(self.comment)
        return None if match is None else annotations.duration(match)

    def set_clock(self, seconds) -> None:
        """Replaces the first [%clk] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%clk {annotations.duration_text(seconds)}]"
        self.comment = annotations.replace_command(self.comment, annotations.CLOCK_REGEX, text)

    def emt(self):
        """The first [%emt] (elapsed move time) in seconds, or None."""
        match = annotations.EMT_REGEX.search(self.comment)
        return None if match is None else annotations.duration(match)

    def set_emt(self, seconds) -> None:
        """Replaces the first [%emt] (None: removes it), or appends one."""
        text = "" if seconds is None else f"[%emt {annotations.duration_text(seconds)}]"
        self.comment = annotations.replace_command(self.comment, annotations.EMT_REGEX, text)

    @abc.abstractmethod
    def accept(self, visitor):
        """Walks the tree from this node in PGN order with `visitor`; its result."""

    def accept_subgame(self, visitor):
        """Walks the tree as a game that starts after this node: the game's headers with FEN
        and SetUp of this position."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            subgame = Game.without_tag_roster()
            subgame.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in subgame.headers:
                    visitor.visit_header(name, value)
            for name, value in subgame.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


def _identity(node):
    return node


def _move_of(node):
    return node.move


class ChildNode(GameNode):
    """A node after a move: the move, the comment before it (if it starts a variation), the NAGs
    and comment after it."""

    def __init__(self, parent: GameNode, move, *, comment: str = "", starting_comment: str = "", nags=()) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self):
        moves = []
        node = self
        while node.move is not None and node.parent is not None:
            moves.append(node.move)
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board.push(move)
        return board

    def ply(self) -> int:
        ply = 0
        node = self
        while node.parent is not None:
            ply += 1
            node = node.parent
        return node.game().ply() + ply

    def san(self) -> str:
        """The SAN of this node's move."""
        return self.parent.board().san(self.move)

    def uci(self, *, chess960=None) -> str:
        """The UCI of this node's move."""
        return self.parent.board().uci(self.move, chess960=chess960)

    def end(self) -> "ChildNode":
        return cast(ChildNode, super().end())

    def _accept_node(self, parent_board, visitor) -> None:
        """The node's own visits: starting comment, move, board after it, NAGs, comment."""
        if self.starting_comment:
            visitor.visit_comment(self.starting_comment)
        visitor.visit_move(parent_board, self.move)
        parent_board.push(self.move)
        visitor.visit_board(parent_board)
        parent_board.pop()
        for nag in sorted(self.nags):
            visitor.visit_nag(nag)
        if self.comment:
            visitor.visit_comment(self.comment)

    def _accept(self, parent_board, visitor, *, sidelines: bool = True) -> None:
        """Walks the line from this node in PGN order: each node, then its siblings as side
        variations (when `sidelines`), then its main child. An explicit stack of steps, so that
        a game of any length walks without recursion."""
        board = parent_board
        steps: list = [(_NODE, self, sidelines)]
        while steps:
            kind, node, flag = steps.pop()
            if kind is _NODE:
                node._accept_node(board, visitor)
                if node.variations:
                    steps.append((_POP, None, False))
                    steps.append((_NODE, node.variations[0], True))
                    steps.append((_PUSH, node, False))
                if flag:
                    for sibling in reversed(node.parent.variations[1:]):
                        steps.append((_END, None, False))
                        steps.append((_BEGIN, sibling, False))
            elif kind is _PUSH:
                board.push(node.move)
            elif kind is _POP:
                board.pop()
            elif kind is _BEGIN:
                if visitor.begin_variation() is not SKIP:
                    steps.append((_NODE, node, False))
            else:
                visitor.end_variation()

    def accept(self, visitor):
        self._accept(self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            parent_board = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if parent_board.turn == WHITE else "..."
        return (f"<{type(self).__name__} at {id(self):#x} "
                f"({parent_board.fullmove_number}{dots} {parent_board.san(self.move)} ...)>")


# the steps of ChildNode._accept's walk
_NODE, _PUSH, _POP, _BEGIN, _END = "node", "push", "pop", "begin", "end"


class Game(GameNode):
    """The root of a game: its headers (the Seven Tag Roster by default), the comment before
    the first move, and the errors a reader met."""

    def __init__(self, headers=None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors: list = []

    def board(self):
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board) -> None:
        """Starts the game from a board or a FEN: sets or clears the FEN, SetUp and Variant tags."""
        try:
            fen = board.fen()
            setup = board
        except AttributeError:
            setup = _board_from_fen(board)
            fen = setup.fen()
        board_class = type(setup)
        if fen == board_class.starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        variant = board_class.aliases[0]
        if variant == "Standard" and setup.chess960:
            self.headers["Variant"] = "Chess960"
        elif variant != "Standard":
            self.headers["Variant"] = variant
            self.headers["FEN"] = fen
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor):
        """Walks the whole game in PGN order with `visitor`; its result."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    self.variations[0]._accept(board, visitor)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self):
        """The TimeControl header read (UNKNOWN without one)."""
        from .timecontrol import parse_time_control
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls, board):
        """A game of a board's move stack, from its root position, with its result."""
        game = cls()
        game.setup(board.root())
        node = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls):
        """An empty game with no headers at all."""
        return cls(headers={})

    @classmethod
    def builder(cls):
        """A GameBuilder that builds games of this class (for read_game's Visitor)."""
        from .builders import GameBuilder
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        headers = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (f"<{type(self).__name__} at {id(self):#x} ({headers.get('White', '?')!r} vs. "
                f"{headers.get('Black', '?')!r}, {headers.get('Date', '????.??.??')!r} at "
                f"{headers.get('Site', '?')!r}{errors})>")


def _board_from_fen(fen: str):
    """The board of a FEN given to setup(): Chess960 when its castling rights need it."""
    from ..board import Board
    board = Board(fen)
    board.chess960 = board.has_chess960_castling_rights()
    return board


class Mainline(Generic[MainlineMapT]):
    """The main line after a node, mapped by `f` (nodes, or moves): iterable both ways; true
    when not empty."""

    def __init__(self, start: GameNode, f) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self):
        node = self.start
        f = self.f
        while node.variations:
            node = node.variations[0]
            yield f(node)

    def __reversed__(self):
        node = self.start.end()
        while node.parent and node != self.start:
            yield self.f(node)
            node = node.parent

    def accept(self, visitor):
        """Walks the main line's nodes (no variations) with `visitor`; its result."""
        node = self.start
        board = self.start.board()
        while node.variations:
            node = node.variations[0]
            node._accept_node(board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"
