"""One game's state for search trees (MCTS), and the masks and observations of Boards."""
from ..errors import IllegalMoveError, InvalidArgumentError, InvalidPositionError
from . import games
from .state import (
    OBSERVATIONS,
    W_PLY,
    W_STATUS,
    W_TRUNCATED,
    W_TURN,
    Rows,
    draws_code,
    max_plies_value,
    start_rows,
    view,
)
from .vector import _outputs


def _checked_board(board):
    """A copy of `board`'s root with its castling squares, and the moves played since: a standard
    chess Board with one king a side, or a named error."""
    from ..board import Board
    if not isinstance(board, Board) or getattr(board, "uci_variant", "chess") != "chess":
        raise InvalidArgumentError(f"{board!r} is not a bitboard.Board of standard chess")
    root = board.root()
    if not root.is_valid():
        raise InvalidPositionError(f"the position {root.fen()} is not one a game reaches ({root.status()!r})")
    return root, list(board.move_stack)


class Game:
    """One game of chess in C: its legal actions in a numbering ("pettingzoo", "pgx" or
    "alphazero"), its observations, a step by action, and `copy()`, a few microseconds (a search
    tree copies the state it expands). `board` (a bitboard Board, the standard start when None)
    gives the game's start and its moves so far (its move stack); `draws` and `max_plies` are the
    rules, as ChessVectorEnv takes them."""

    __slots__ = ("numbering", "draws", "max_plies", "_numbering", "_draws", "_max_plies", "_root", "_scratch",
                 "_rows", "_moves")

    def __init__(self, board=None, *, numbering: str = "pettingzoo", draws: str = "claim",
                 max_plies: int | None = None):
        from ..board import Board
        from ..data.encode.actions import numbering_code
        self._numbering = numbering_code(numbering)
        self._draws = draws_code(draws)
        self._max_plies = max_plies_value(max_plies)
        self.numbering, self.draws, self.max_plies = numbering, draws, max_plies
        root, moves = _checked_board(Board() if board is None else board)
        self._root = root  # the start, kept as it is; the scratch board's C state is each step's
        self._scratch = root.copy()
        self._rows = start_rows(root, self._scratch, self._numbering, self._draws, self._max_plies)
        self._moves: tuple = ()
        for move in moves:
            self.push(move)

    def copy(self) -> "Game":
        """The same game, its state copied (the scratch board shared: not for two threads at once)."""
        other = Game.__new__(Game)
        other.numbering, other.draws, other.max_plies = self.numbering, self.draws, self.max_plies
        other._numbering, other._draws, other._max_plies = self._numbering, self._draws, self._max_plies
        other._root, other._scratch = self._root, self._scratch
        other._rows = Rows.__new__(Rows)
        other._rows.words, other._rows.bytes = self._rows.words.copy(), self._rows.bytes.copy()
        other._rows.moves = self._rows.moves.copy()
        other._rows.views = (view(other._rows.words), view(other._rows.bytes), view(other._rows.moves))
        other._moves = self._moves
        return other

    # --- the state ---------------------------------------------------------------------------------

    @property
    def turn(self) -> bool:
        """The side to move (True: white)."""
        return bool(self._rows.words[0, W_TURN])

    @property
    def ply(self) -> int:
        """Plies played since the game's start."""
        return int(self._rows.words[0, W_PLY])

    @property
    def termination(self) -> int:
        """python-chess's Termination number of the game's end (0 while it goes on)."""
        return int(self._rows.words[0, W_STATUS])

    @property
    def truncated(self) -> bool:
        """Whether the ply limit ended the game."""
        return bool(self._rows.words[0, W_TRUNCATED])

    def is_over(self) -> bool:
        return self.termination != 0 or self.truncated

    @property
    def winner(self):
        """True or False (white or black mated the other), None otherwise."""
        return (not self.turn) if self.termination == 1 else None

    def board(self):
        """The game as a bitboard Board, its moves on the move stack."""
        board = self._root.copy()
        moves, stack = [], self._moves
        while stack:
            stack, move = stack
            moves.append(move)
        for move in reversed(moves):
            board.push(move)
        return board

    # --- actions -----------------------------------------------------------------------------------

    def legal_actions(self) -> list:
        """The legal actions in the game's numbering."""
        return games.legal_actions(self._rows.views[0], self._rows.views[2], 0, self._numbering)

    def legal_action_mask(self, dtype="bool"):
        """(4,672,) mask of the legal actions (zeros once the game is over)."""
        import numpy as np
        mask = np.zeros(4672, dtype=dtype)
        if not self.is_over():
            mask[self.legal_actions()] = 1
        return mask

    def action_to_move(self, action: int):
        """The move (a bitboard Move) of a legal action."""
        from ..core.encoding import CASTLING, castled_king_square, flag_promotion, move_flag, move_from, move_to
        from ..move import Move
        code = games.action_codes(self._rows.views[0], self._rows.views[2], 0, self._numbering).get(action)
        if code is None or self.is_over():
            raise IllegalMoveError(f"action {action!r} is not legal in this game")
        frm, to, flag = move_from(code), move_to(code), move_flag(code)
        if flag == CASTLING and not self._root.chess960:
            to = castled_king_square(frm, to > frm)
        return Move(frm, to, flag_promotion(flag) or None)

    def move_to_action(self, move) -> int:
        """The action of a legal move (a Move or UCI text)."""
        from ..data.encode.actions import action_index
        from ..move import Move
        if isinstance(move, str):
            move = Move.from_uci(move)
        action = action_index(move, self.turn, self.numbering)
        if action not in self.legal_actions():
            raise IllegalMoveError(f"move {move.uci()} is not legal in this game")
        return action

    def step(self, action: int) -> tuple:
        """Play a legal action: (the mover's reward: 1 for a checkmate, else 0; terminated; truncated)."""
        from ..move import Move
        if isinstance(action, bool) or not isinstance(action, int):
            raise InvalidArgumentError(f"action {action!r} is not an int")
        move = self.action_to_move(action) if action in range(4672) else None
        words, sq, moves = self._rows.views
        status = games.step_one(self._scratch, words, sq, moves, 0, action, self._numbering, self._draws,
                                self._max_plies)
        if status == -2 or move is None:
            raise IllegalMoveError(f"action {action!r} is not legal in this game")
        if status == -1:
            raise InvalidPositionError("the position after has more legal moves than a game's row holds")
        assert isinstance(move, Move)
        self._moves = (self._moves, move)
        return (1.0 if status == 1 else 0.0), status != 0, self.truncated

    def push(self, move) -> None:
        """Play a legal move (a Move or UCI text)."""
        from ..move import Move
        if isinstance(move, str):
            move = Move.from_uci(move)
        words, sq, moves = self._rows.views
        status = games.push_code(self._scratch, words, sq, moves, 0, move.from_square, move.to_square,
                                 move.promotion or 0, self._numbering, self._draws, self._max_plies)
        if status == -2:
            raise IllegalMoveError(f"move {move.uci()} is not legal in this game")
        if status == -1:
            raise InvalidPositionError("the position after has more legal moves than a game's row holds")
        self._moves = (self._moves, move)

    # --- observations ------------------------------------------------------------------------------

    def observation(self, kind: str = "pettingzoo", viewer=None):
        """The observation planes of one kind ("pettingzoo", "alphazero" or "packed") seen by the
        player to move, or by `viewer` (True white, False black; chess_v6 and "packed" only)."""
        import numpy as np
        if kind not in OBSERVATIONS:
            raise InvalidArgumentError(f"kind {kind!r} is not one of {', '.join(map(repr, OBSERVATIONS))}")
        if viewer is not None and kind == "alphazero":
            raise InvalidArgumentError("pgx's observation is always the player to move's")
        obs, out = _outputs(1, kind)
        rows = view(np.zeros(1, dtype=np.int64))
        games.observe(self._scratch, *self._rows.views, rows, rows, OBSERVATIONS[kind][0],
                      -1 if viewer is None else int(bool(viewer)), False, self._numbering, *out)
        return obs["observation"][0]


def legal_action_masks(boards, numbering: str = "pettingzoo"):
    """(N, 4,672) bool: the legal actions of each Board's position in a numbering."""
    import numpy as np
    boards = list(boards)
    masks = np.zeros((len(boards), 4672), dtype=bool)
    for row, board in enumerate(boards):
        game = Game(board.copy(stack=False), numbering=numbering)
        masks[row, game.legal_actions()] = True
    return masks


def observations(boards, kind: str = "pettingzoo"):
    """The observation planes of each Board (its moves so far its history), seen by its player to
    move: (N, 8, 8, 111) bool, (N, 8, 8, 119) float32 ("alphazero") or (N, 111) uint64 ("packed")."""
    import numpy as np
    boards = list(boards)
    if kind not in OBSERVATIONS:
        raise InvalidArgumentError(f"kind {kind!r} is not one of {', '.join(map(repr, OBSERVATIONS))}")
    obs = [Game(board, numbering=OBSERVATIONS[kind][1]).observation(kind) for board in boards]
    return np.stack(obs) if obs else _outputs(0, kind)[0]["observation"]

