"""ChessVectorEnv: many games of self-play stepped at once in C, as Gymnasium's vector API steps them."""
from ..errors import IllegalMoveError, InvalidArgumentError, InvalidPositionError
from . import games
from .state import (
    MOVE_ROOM,
    OBSERVATIONS,
    W_DONE,
    W_RNG,
    W_STATUS,
    Rows,
    autoreset_code,
    draws_code,
    max_plies_value,
    standard_scratch,
    start_rows,
    view,
)

#: The observation dict's arrays of each kind: (observation shape, dtype, mask shape, dtype).
SHAPES = {"pettingzoo": ((8, 8, 111), "bool", (4672,), "int8"),
          "alphazero": ((8, 8, 119), "float32", (4672,), "bool"),
          "packed": ((111,), "uint64", (584,), "uint8")}


def _outputs(count: int, observation: str):
    """({"observation", "action_mask"} arrays for `count` games, and the C views (obs8, obs32,
    obs64, mask), the unused kinds one dummy row each)."""
    import numpy as np
    shape, dtype, mask_shape, mask_dtype = SHAPES[observation]
    obs = np.zeros((count,) + shape, dtype=dtype)
    mask = np.zeros((count,) + mask_shape, dtype=mask_dtype)
    flat = obs.reshape(count, -1)
    obs8 = flat.view(np.uint8) if observation == "pettingzoo" else np.zeros((1, 1), np.uint8)
    obs32 = flat if observation == "alphazero" else np.zeros((1, 1), np.float32)
    obs64 = flat if observation == "packed" else np.zeros((1, 1), np.uint64)
    views = (view(obs8), view(obs32), view(obs64), view(mask.view(np.uint8)))
    return {"observation": obs, "action_mask": mask}, views


class ChessVectorEnv:
    """`num_envs` games of chess from the standard position, stepped together in C (Gymnasium's
    vector API: `reset`, `step`, auto-resetting finished games).

    observation: "pettingzoo" (PettingZoo chess_v6's: bool 8 x 8 x 111 planes, an int8 mask of
    4,672 actions, chess_v6's numbering), "alphazero" (pgx's: float32 8 x 8 x 119, a bool mask,
    pgx's numbering; as pgx's, the mask of a game that just ended holds every action) or "packed"
    (chess_v6's planes as 111 uint64 masks, the mask as 584 bytes of bits).
    Each is seen by the player to move; an observation is the dict {"observation",
    "action_mask"} of arrays with the games as first axis, written in place each step (copy what
    you keep).

    draws: "claim" (a draw as soon as one can be claimed: chess_v6's rules; the default but for
    "alphazero"), "automatic" (fivefold repetition and seventy-five moves) or "pgx" (threefold
    repetition and fifty moves as pgx counts them: the default for "alphazero"). Checkmate,
    stalemate and insufficient material end every game. max_plies: truncate a game after this
    many plies (None: never; 512 for "alphazero", as pgx ends its games).

    rewards[i] is the reward of the player who made the move: 1 for a checkmate, else 0 (the
    other player's is its negative). threads: the games are split among this many threads, each
    stepping its share without the GIL. seed: the games' random streams (sample_legal_actions).
    autoreset_mode: "next_step" (gymnasium's default: a finished game is reset by the next step,
    which ignores its action), "same_step" (reset at once; the final observation in
    infos["final_obs"], the games that have one in infos["_final_obs"]) or "disabled" (reset
    finished games with reset(options={"reset_mask": ...})).
    """

    metadata = {"render_modes": [], "autoreset_mode": "next_step"}

    def __init__(self, num_envs: int, observation: str = "pettingzoo", *, draws: str | None = None,
                 max_plies: int | None = -1, threads: int = 1, autoreset_mode="next_step", seed: int | None = None):
        import numpy as np
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgumentError(f"num_envs {num_envs!r} is not a positive int")
        if observation not in OBSERVATIONS:
            raise InvalidArgumentError(f"observation {observation!r} is not one of "
                                       f"{', '.join(map(repr, OBSERVATIONS))}")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= num_envs:
            raise InvalidArgumentError(f"threads {threads!r} is not an int from 1 to num_envs ({num_envs})")
        from ..data.encode.actions import numbering_code
        self.num_envs = num_envs
        self.observation = observation
        self.draws = draws if draws is not None else ("pgx" if observation == "alphazero" else "claim")
        self.max_plies = max_plies if max_plies != -1 else (512 if observation == "alphazero" else None)
        self._kind, self.numbering = OBSERVATIONS[observation]
        self._numbering = numbering_code(self.numbering)
        self._draws = draws_code(self.draws)
        self._max_plies = max_plies_value(self.max_plies)
        self._mode = autoreset_code(autoreset_mode)
        self.autoreset_mode = ("next_step", "same_step", "disabled")[self._mode]
        self.metadata = {"render_modes": [], "autoreset_mode": self.autoreset_mode}
        self.threads = threads
        self._scratch = [standard_scratch() for _ in range(threads)]
        self._start = start_rows(self._scratch[0], self._scratch[0], self._numbering, self._draws, self._max_plies)
        self._rows = Rows(num_envs)
        self._obs, self._out = _outputs(num_envs, observation)
        self._final: dict | None = None
        if self._mode == 1:
            self._final, self._final_out = _outputs(num_envs, observation)
        else:
            self._final_out = _outputs(1, observation)[1]
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._ended = np.zeros((num_envs, 3), dtype=np.uint8)
        self._terminations = self._ended[:, 0].view(np.bool_)
        self._truncations = self._ended[:, 1].view(np.bool_)
        self._infos = ({"final_obs": self._final, "_final_obs": self._ended[:, 2].view(np.bool_)}
                       if self._final is not None else {})
        self._sampled = np.zeros(num_envs, dtype=np.int64)
        self._all = np.arange(num_envs, dtype=np.int64)
        bounds = [num_envs * k // threads for k in range(threads + 1)]
        self._slices = list(zip(bounds, bounds[1:]))
        self._pool = None
        if threads > 1:
            from concurrent.futures import ThreadPoolExecutor
            self._pool = ThreadPoolExecutor(threads - 1, thread_name_prefix="bitboard-env")
        self._batch = games.Batch(self._rows.views, self._start.views, self._out, self._final_out,
                                  view(self._rewards), view(self._ended), view(self._sampled), self._kind,
                                  self._numbering, self._draws, self._max_plies, self._mode)
        self._seeded = False
        self._reset_done = False
        self._seed(seed)

    # --- Gymnasium's spaces, where gymnasium is installed ----------------------------------------

    @property
    def single_observation_space(self):
        from gymnasium import spaces
        shape, dtype, mask_shape, mask_dtype = SHAPES[self.observation]
        high = 1 if self.observation != "packed" else None
        return spaces.Dict({
            "observation": spaces.Box(low=0, high=high if high is not None else 2 ** 64 - 1, shape=shape, dtype=dtype),
            "action_mask": spaces.Box(low=0, high=1 if high is not None else 255, shape=mask_shape, dtype=mask_dtype)})

    @property
    def single_action_space(self):
        from gymnasium import spaces
        return spaces.Discrete(4672)

    @property
    def observation_space(self):
        from gymnasium.vector.utils import batch_space
        return batch_space(self.single_observation_space, self.num_envs)

    @property
    def action_space(self):
        from gymnasium import spaces
        return spaces.MultiDiscrete([4672] * self.num_envs)

    # --- the vector API ----------------------------------------------------------------------------

    def _seed(self, seed) -> None:
        import numpy as np
        if seed is None and self._seeded:
            return
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidArgumentError(f"seed {seed!r} is not an int (or None)")
        streams = np.random.SeedSequence(seed).generate_state(self.num_envs, np.uint64)
        self._rows.words[:, W_RNG] = streams | np.uint64(1)  # never 0: xorshift's state
        self._seeded = True

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """Every game back to the start (or, with options={"reset_mask": bools}, those marked);
        returns (observations, infos)."""
        import numpy as np
        self._seed(seed)
        rows = self._all
        if options and options.get("reset_mask") is not None:
            mask = np.asarray(options["reset_mask"])
            if mask.shape != (self.num_envs,) or mask.dtype != np.bool_:
                raise InvalidArgumentError(f"reset_mask has shape {mask.shape} and dtype {mask.dtype}, not "
                                           f"({self.num_envs},) bool")
            rows = np.flatnonzero(mask).astype(np.int64)
        start = self._start.views
        games.restart(*self._rows.views, view(rows), *start)
        games.observe(self._scratch[0], *self._rows.views, view(rows), view(rows), self._kind, -1, True,
                      self._numbering, *self._out)
        self._reset_done = True
        return self._obs, {}

    def step(self, actions):
        """Play actions[i] in game i; returns (observations, rewards, terminations, truncations,
        infos), every array the environment's own (overwritten by the next call)."""
        import numpy as np
        if not self._reset_done:
            raise InvalidArgumentError("step() before reset(): reset the environment first")
        actions = np.ascontiguousarray(actions)
        if actions.shape != (self.num_envs,) or actions.dtype.kind not in "iu":
            raise InvalidArgumentError(f"actions have shape {actions.shape} and dtype {actions.dtype}, not "
                                       f"({self.num_envs},) ints")
        actions = actions.astype(np.int64, copy=False)
        act = view(actions)
        bad = self._batch.legal(act)
        if bad >= 0:
            if self._rows.words[bad, W_DONE]:
                raise IllegalMoveError(f"game {bad} is over: reset it (autoreset_mode 'disabled')")
            raise IllegalMoveError(f"action {int(actions[bad])} of game {bad} is not legal there")
        batch, slices, scratch = self._batch, self._slices, self._scratch

        def part(k):
            return batch.run(scratch[k], act, *slices[k])

        if self._pool is None:
            found = [part(0)]
        else:
            futures = [self._pool.submit(part, k) for k in range(1, self.threads)]
            found = [part(0)] + [future.result() for future in futures]
        for game in found:
            if game >= 0:
                raise InvalidPositionError(f"game {game} reached a position with more than {MOVE_ROOM} legal moves")
        return self._obs, self._rewards, self._terminations, self._truncations, dict(self._infos)

    def copy_games(self, sources, targets) -> None:
        """Each game targets[j] made a copy of game sources[j] (its random stream kept), its
        observation written: a batched search tree expanding its nodes."""
        import numpy as np
        sources = np.ascontiguousarray(sources, dtype=np.int64)
        targets = np.ascontiguousarray(targets, dtype=np.int64)
        if sources.shape != targets.shape or sources.ndim != 1:
            raise InvalidArgumentError(f"sources {sources.shape} and targets {targets.shape} are not two equal "
                                       "lists of games")
        for name, rows in (("sources", sources), ("targets", targets)):
            if len(rows) and (rows.min() < 0 or rows.max() >= self.num_envs):
                raise InvalidArgumentError(f"{name} name a game outside 0..{self.num_envs - 1}")
        copies = Rows(len(sources))
        copies.words[:], copies.bytes[:], copies.moves[:] = (self._rows.words[sources], self._rows.bytes[sources],
                                                             self._rows.moves[sources])
        every = view(np.arange(len(sources), dtype=np.int64))
        games.copy_rows(*self._rows.views, view(targets), *copies.views, every)
        games.observe(self._scratch[0], *self._rows.views, view(targets), view(targets), self._kind, -1, True,
                      self._numbering, *self._out)

    def sample_legal_actions(self):
        """A legal action of each game drawn uniformly in C from the game's seeded stream (0 for a
        game that is over); the array is the environment's own, overwritten by the next call."""
        self._batch.sample()
        return self._sampled

    @property
    def termination(self):
        """Each game's python-chess Termination number (1 checkmate, 2 stalemate, 3 insufficient
        material, 4 seventy-five moves, 5 fivefold repetition, 6 fifty moves, 7 threefold
        repetition) after the last step, 0 while it goes on."""
        return self._rows.words[:, W_STATUS].astype("int8")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __del__(self):
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False)

    def __repr__(self) -> str:
        return (f"ChessVectorEnv({self.num_envs}, observation={self.observation!r}, draws={self.draws!r}, "
                f"max_plies={self.max_plies!r}, threads={self.threads})")
