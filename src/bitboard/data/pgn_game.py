"""The games the PGN reader gives: `Game`, a game's tags and mainline with what its comments said
about each move, and `Mate`, a mate score. Compiled beside the reader, which makes one Game a
game (data/pgn_reader)."""
from ..board import Board
from ..board.variant import find_variant
from ..errors import quoted
from ..move import Move
from ..notation.fen import STARTING_FEN

CHESS960_VARIANTS = ("chess960", "chess 960", "fischerandom", "fischer random", "fischerrandom")
STANDARD_NAMES = tuple(alias.lower() for alias in Board.aliases)  # a Variant tag that names standard chess
#: How the error of a game whose starting position (its FEN tag) cannot be set up begins.
SETUP_FAILED = "the starting position cannot be set up"


class Mate(int):
    """A mate score from a `[%eval #N]` comment: mate in N moves (negative: the side to move is
    mated), kept apart from centipawn-like float evals."""

    def __repr__(self) -> str:
        return f"Mate({int(self)})"


class Game:
    """One game of a PGN file: its tags and mainline, with what the comments said about each move.

    `moves[i]` was played from the position after `moves[:i]`; `evals[i]` and `clocks[i]` come
    from the comment after that move (None where it has none): an eval is a float in pawns from
    white's side, or a `Mate`; a clock is seconds left. `comments` and `nags` (one entry per move,
    plus `comment`, the text before the first move) are filled when read_games is asked for them,
    `variations` (ply, the variation's text) likewise. `offset` is the byte offset of the game in
    the decompressed stream and `line` its first line; `error` says why the game could not be read
    to its end, or is None."""

    __slots__ = ("headers", "moves", "result", "evals", "clocks", "comment", "comments", "nags", "variations",
                 "offset", "line", "error")

    def __init__(self, offset: int = 0, line: int = 1):
        self.headers: dict[str, str] = {}
        self.moves: list[Move] = []
        self.result: str | None = None
        self.evals: list[float | Mate | None] = []
        self.clocks: list[float | None] = []
        self.comment: str | None = None
        self.comments: list[str | None] = []
        self.nags: list[tuple[int, ...]] = []
        self.variations: list[tuple[int, str]] = []
        self.offset = offset
        self.line = line
        self.error: str | None = None

    @property
    def fen(self) -> str:
        """The starting position: the FEN tag when SetUp says so (or without SetUp), else standard."""
        return self.headers.get("FEN", STARTING_FEN) if self.headers.get("SetUp", "1") != "0" else STARTING_FEN

    @property
    def chess960(self) -> bool:
        """Whether the Variant tag names Chess960."""
        return self.headers.get("Variant", "").lower() in CHESS960_VARIANTS

    @property
    def variant(self) -> bool:
        """Whether the Variant tag names a chess variant other than Chess960 (atomic, ...)."""
        name = self.headers.get("Variant")
        if not name:
            return False
        return not self.chess960 and name.lower() not in STANDARD_NAMES

    def board(self) -> Board:
        """The starting position as a Board: the Variant tag's board for a variant (python-chess's
        names; UnsupportedVariantError for another)."""
        if self.variant:
            board_class = find_variant(self.headers["Variant"])
            given = "FEN" in self.headers and self.headers.get("SetUp", "1") != "0"
            return board_class(self.fen) if given else board_class()  # (else the variant's own start)
        return Board(self.fen, chess960=self.chess960)

    def end(self) -> Board:
        """The position after the moves read, with them on its move stack."""
        board = self.board()
        for move in self.moves:
            board.push(move)
        return board

    def __repr__(self) -> str:
        names = f"{self.headers.get('White', '?')} - {self.headers.get('Black', '?')}"
        error = f", error={quoted(self.error)}" if self.error else ""
        return f"<Game {names!r} {len(self.moves)} moves {self.result or '(no result)'} at byte {self.offset}{error}>"


def positions_of(game: Game) -> int:
    """The positions of a game that to_arrays and the dataset's positions table hold: one before
    each move read and the final one, none when the starting position cannot be set up."""
    return 0 if game.error is not None and game.error.startswith(SETUP_FAILED) else len(game.moves) + 1
