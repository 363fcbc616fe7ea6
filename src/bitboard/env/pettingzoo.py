"""PettingZoo's classic chess_v6, played by bitboard: the same AEC environment, in C.

    from bitboard.env import pettingzoo as chess_v6
    env = chess_v6.env()

`env()` and `raw_env()` are chess_v6's: agents "player_0" (white) and "player_1" (black); an
observation is the dict {"observation": bool 8 x 8 x 111, "action_mask": int8 4,672}; actions are
chess_v6's numbering (bitboard.data.encode.actions); rewards 1, -1, 0 at the end; the game ends
at checkmate, stalemate, insufficient material or as soon as a draw can be claimed (python-chess's
can_claim_draw), and `infos` then say {"legal_moves": []}; env() wraps raw_env in PettingZoo's own
wrappers (TerminateIllegalWrapper, AssertOutOfBoundsWrapper, OrderEnforcingWrapper). The tests play
seeded random games in both, step by step, and compare everything.

It is PettingZoo's API, so it needs pettingzoo (pip install "bitboard[rl]"); `board` is the game
as a bitboard Board (python-chess's API), made when asked for.
"""
from ..errors import IllegalMoveError, InvalidArgumentError, MissingExtraError

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.agent_selector import AgentSelector
except ImportError as missing:  # pragma: no cover - the error names the extra
    raise MissingExtraError(f"bitboard.env.pettingzoo is a PettingZoo environment and needs pettingzoo and "
                            f"gymnasium ({missing}): pip install 'bitboard[rl]'", "rl") from missing

import numpy as np

from . import games
from .state import W_TURN, draws_code, standard_scratch, start_rows, view

__all__ = ["env", "raw_env"]

_NUMBERING = 0  # chess_v6's (data/encode/actions.py's PETTINGZOO)
_OBSERVE = 0    # chess_v6's planes (games.pxd's OBSERVE_PETTINGZOO)
_RESULTS = {1: 1, 0: -1}  # the winner's colour -> chess_v6's result value


def env(**kwargs):
    """chess_v6's env(): raw_env in PettingZoo's wrappers, as chess_v6 wraps it."""
    environment = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv, EzPickle):
    """chess_v6's raw_env, its game in bitboard's C."""

    metadata = {
        "render_modes": ["ansi"],
        "name": "chess_v6",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode: str | None = None, screen_height: int | None = 800):
        EzPickle.__init__(self, render_mode, screen_height)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(f"render_mode {render_mode!r} is not None or 'ansi' (bitboard draws no "
                                       "pictures: chess_v6's 'human' and 'rgb_array' need pygame)")
        self.render_mode = render_mode
        self.screen_height = self.screen_width = screen_height
        self.agents = [f"player_{i}" for i in range(2)]
        self.possible_agents = self.agents[:]
        self._agent_selector = AgentSelector(self.agents)
        self.action_spaces = {name: spaces.Discrete(8 * 8 * 73) for name in self.agents}
        self.observation_spaces = {
            name: spaces.Dict({
                "observation": spaces.Box(low=0, high=1, shape=(8, 8, 111), dtype=bool),
                "action_mask": spaces.Box(low=0, high=1, shape=(4672,), dtype=np.int8),
            })
            for name in self.agents
        }
        self.rewards = None
        self.infos = {name: {} for name in self.agents}
        self.truncations = dict.fromkeys(self.agents, False)
        self.terminations = dict.fromkeys(self.agents, False)
        self.agent_selection = None
        self._scratch = standard_scratch()
        self._draws = draws_code("claim")
        self._start = start_rows(self._scratch, self._scratch, _NUMBERING, self._draws, 0)
        self._game = start_rows(self._scratch, self._scratch, _NUMBERING, self._draws, 0)
        self._row = np.zeros(1, dtype=np.int64)
        self._dummy32 = view(np.zeros((1, 1), np.float32))
        self._dummy64 = view(np.zeros((1, 1), np.uint64))
        self._moves: list = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        """chess_v6's observation of `agent`: the planes from its side, the mask only for the agent
        to move."""
        viewer = 1 if self.possible_agents.index(agent) == 0 else 0
        observation = np.empty((8, 8, 111), dtype=bool)
        action_mask = np.empty(4672, dtype=np.int8)
        games.observe(self._scratch, *self._game.views, view(self._row), view(self._row), _OBSERVE,
                      viewer, agent == self.agent_selection, _NUMBERING,
                      view(observation.reshape(1, -1).view(np.uint8)), self._dummy32, self._dummy64,
                      view(action_mask.reshape(1, -1).view(np.uint8)))
        return {"observation": observation, "action_mask": action_mask}

    def reset(self, seed=None, options=None):
        self.agents = self.possible_agents[:]
        games.restart(*self._game.views, view(self._row), *self._start.views)
        self._moves = []
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {} for name in self.agents}

    def set_game_result(self, result_val):
        for i, name in enumerate(self.agents):
            self.terminations[name] = True
            result_coef = 1 if i == 0 else -1
            self.rewards[name] = result_val * result_coef
            self.infos[name] = {"legal_moves": []}

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            return self._was_dead_step(action)
        action = int(action)
        words, sq, moves = self._game.views
        status = games.step_one(self._scratch, words, sq, moves, 0, action, _NUMBERING, self._draws, 0)
        if status == -2:
            raise IllegalMoveError(f"action {action} is not a legal move of {self.agent_selection} (chess_v6 "
                                   "asserts the same)")
        self._moves.append(action)
        if status:
            winner = -1 if status != 1 else int(self._game.words[0, W_TURN]) ^ 1  # the side to move is mated
            self.set_game_result(_RESULTS.get(winner, 0))
        self._accumulate_rewards()
        self.agent_selection = self._agent_selector.next()

    @property
    def board(self):
        """The game as a bitboard Board (python-chess's API), its moves on the move stack."""
        from ..board import Board
        from ..data.encode.actions import pettingzoo_move
        board = Board()
        for action in self._moves:
            board.push(pettingzoo_move(action, board))
        return board

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        return str(self.board)

    def close(self):
        pass

