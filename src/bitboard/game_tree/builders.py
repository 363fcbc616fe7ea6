"""The visitors that make something of a game beside its tree and its headers (nodes.GameBuilder,
read_game's default, and headers.HeadersBuilder, each beside the class it builds): the final
board, or nothing (SkipVisitor)."""
from .visitors import SKIP, BaseVisitor


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
