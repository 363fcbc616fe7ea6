"""The visitors that make something of a game: the tree (GameBuilder, read_game's default), the
headers alone, the final board, or nothing (SkipVisitor)."""
import logging

from .headers import Headers
from .nodes import Game
from .visitors import SKIP, BaseVisitor

#: python-chess's logger name, so that programs that silence "chess.pgn" silence this too.
LOGGER = logging.getLogger("chess.pgn")


class GameBuilder(BaseVisitor):
    """Builds the game tree (a `Game`, or the class given); errors go to `game.errors` and the
    log (override handle_error to do otherwise)."""

    def __init__(self, *, Game=Game) -> None:  # noqa: N803  (python-chess's keyword)
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: list = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self):
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        node = self.variation_stack[-1]
        if self.in_variation or (node.parent is None and node.is_end()):
            # after a move (or before any move of the game): the node's own comment
            node.comment = " ".join(filter(None, (node.comment, comment)))
        else:
            # before the first move of a variation
            self.starting_comment = " ".join(filter(None, (self.starting_comment, comment)))

    def visit_move(self, board, move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Records the error in `game.errors` and logs it ("chess.pgn"), and reading goes on."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self):
        return self.game


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


class BoardBuilder(BaseVisitor):
    """The board at the end of the main line, with the main line on its move stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self):
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self):
        return self.board


class SkipVisitor(BaseVisitor):
    """Skips a game (skip_game's visitor)."""

    def begin_game(self):
        return SKIP

    def end_headers(self):
        return SKIP

    def begin_variation(self):
        return SKIP

    def result(self) -> bool:
        return True
