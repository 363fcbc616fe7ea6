"""PettingZoo's classic chess_v6, played by bitboard: the same AEC environment, in C.

    from bitboard.env import pettingzoo as chess_v6
    env = chess_v6.env()

`env()` and `raw_env()` are chess_v6's: agents "player_0" (white) and "player_1" (black); an
observation is the dict {"observation": bool 8 x 8 x 111, "action_mask": int8 4,672}; actions are
chess_v6's numbering (bitboard.data.encode.actions); rewards 1, -1, 0 at the end; the game ends
at checkmate, stalemate, insufficient material or as soon as a draw can be claimed (python-chess's
can_claim_draw), and `infos` then say {"legal_moves": []}. chess_v6's env() wraps its raw_env in
three of PettingZoo's wrappers, TerminateIllegalWrapper(illegal_reward=-1), AssertOutOfBoundsWrapper
and OrderEnforcingWrapper, whose attribute look-ups through three layers cost more than a step of
this game; env() here wraps raw_env in one OrderEnforcingWrapper (a subclass of PettingZoo's) that
does what the three do. The tests play seeded random games in both, legal and illegal actions,
step by step, and compare everything.

It is PettingZoo's API, so it needs pettingzoo (pip install "bitboard[rl]"); `board` is the game
as a bitboard Board (python-chess's API), made when asked for.
"""
from ..errors import IllegalMoveError, InvalidArgumentError, MissingExtraError

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils.agent_selector import AgentSelector
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as missing:  # pragma: no cover - the error names the extra
    raise MissingExtraError(f"bitboard.env.pettingzoo is a PettingZoo environment and needs pettingzoo and "
                            f"gymnasium ({missing}): pip install 'bitboard[rl]'", "rl") from missing

import numpy as np

from . import games
from .state import draws_code, standard_scratch, start_rows, view

__all__ = ["env", "raw_env"]

_NUMBERING = 0  # chess_v6's (data/encode/actions.py's PETTINGZOO)
_OBSERVE = 0    # chess_v6's planes (games.pxd's OBSERVE_PETTINGZOO)
_RESULTS = {1: 1, 0: -1}  # the winner's colour -> chess_v6's result value


def env(**kwargs):
    """chess_v6's env(): raw_env with chess_v6's wrappers (one layer doing the three's work)."""
    return ChessWrapper(raw_env(**kwargs))


def _forwarded(name: str):
    """A raw_env attribute read through the wrapper, refused before reset as OrderEnforcingWrapper does."""
    def get(self):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)
    return property(get)


class ChessWrapper(OrderEnforcingWrapper):
    """What chess_v6's TerminateIllegalWrapper(illegal_reward=-1), AssertOutOfBoundsWrapper and
    OrderEnforcingWrapper do, in one layer over raw_env: an action outside the mask ends the game
    (-1 for its player), an action outside the action space fails an assertion, and nothing runs
    before reset()."""

    def __init__(self, environment):
        super().__init__(environment)
        self._illegal_value = -1
        self._prev_obs = None
        self._prev_info = None
        self._terminated = False  # terminated by an illegal move

    rewards = _forwarded("rewards")
    terminations = _forwarded("terminations")
    truncations = _forwarded("truncations")
    infos = _forwarded("infos")
    agent_selection = _forwarded("agent_selection")
    agents = _forwarded("agents")
    num_agents = _forwarded("num_agents")

    @property
    def _cumulative_rewards(self):
        return self.env._cumulative_rewards

    def reset(self, seed=None, options=None):
        self._terminated = False
        self._prev_obs = None
        self._prev_info = None
        super().reset(seed=seed, options=options)

    def observe(self, agent):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw = self.env
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self.env
        agent = raw.agent_selection
        assert agent is not None
        observation = self.observe(agent) if observe else None
        return (observation, raw._cumulative_rewards[agent], raw.terminations[agent], raw.truncations[agent],
                raw.infos[agent])

    def step(self, action):
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        raw = self.env
        if not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        assert (action is None and dead) or (type(action) is int and 0 <= action < 4672) \
            or raw.action_spaces[agent].contains(action), "action is not in action space"
        if self._prev_obs is None:
            self.observe(agent)
        mask = self._prev_obs["action_mask"]
        self._prev_obs = None
        self._prev_info = None
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            raw.step(action)

    def __str__(self) -> str:
        return str(self.env)


class raw_env(AECEnv, EzPickle):
    """chess_v6's raw_env, its game in bitboard's C."""

    metadata: dict = {
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
        self.infos: dict = {name: {} for name in self.agents}
        self.truncations = dict.fromkeys(self.agents, False)
        self.terminations = dict.fromkeys(self.agents, False)
        self.agent_selection = None
        self._scratch = standard_scratch()
        self._draws = draws_code("claim")
        self._start = start_rows(self._scratch, self._scratch, _NUMBERING, self._draws, 0)
        self._game = start_rows(self._scratch, self._scratch, _NUMBERING, self._draws, 0)
        self._single = games.Single(self._scratch, self._game.views, self._start.views,
                                    (view(np.zeros((1, 1), np.float32)), view(np.zeros((1, 1), np.uint64))),
                                    _NUMBERING, self._draws, 0)
        self._moves: list = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        """chess_v6's observation of `agent`: the planes from its side, the mask (the legal actions
        of the player to move) only for the agent selected."""
        planes = np.empty((1, 7104), dtype=np.uint8)
        mask = np.empty((1, 4672), dtype=np.uint8)
        self._single.observe(view(planes), view(mask), agent == "player_0" or self._viewer(agent),
                             agent == self.agent_selection)
        return {"observation": planes.view(np.bool_).reshape(8, 8, 111),
                "action_mask": mask.view(np.int8).reshape(4672)}

    def _viewer(self, agent) -> bool:
        return self.possible_agents.index(agent) == 0

    def reset(self, seed=None, options=None):
        self.agents = self.possible_agents[:]
        self._single.restart()
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
        status = self._single.step(action)
        if status == -2:
            raise IllegalMoveError(f"action {action} is not a legal move of {self.agent_selection} (chess_v6 "
                                   "asserts the same)")
        self._moves.append(action)
        if status:
            winner = -1 if status != 1 else self._single.turn() ^ 1  # the side to move is mated
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

