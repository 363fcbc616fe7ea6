"""Random self-play, steps per second on one core: bitboard.env beside PettingZoo's chess_v6,
OpenSpiel and pgx, in one run.

    python -m bitboard.benchmarks.env [--quick] [--rounds N]

A step is one move of random legal play with the observation and the legal-action mask of the
position after it produced, as each environment gives them:

- PettingZoo chess_v6 and bitboard.env.pettingzoo: env() (PettingZoo's wrappers), the AEC loop
  `last()` (the observation dict), a uniform choice among the mask's actions, `step()`;
- ChessVectorEnv (256 games): `sample_legal_actions()` (drawn in C), `step()`, for each
  observation ("pettingzoo": chess_v6's planes and int8 mask, "alphazero": pgx's float32 planes,
  "packed": uint64 planes and the mask's bits), and 1,024 games with threads=2 (two cores, beside
  the same on one thread);
- pgx's chess: `jax.vmap` + `jax.jit` of its step, a batch of 256 on the CPU, actions drawn
  from the masks by `jax.random.categorical` inside the same jit (compiling not timed);
- OpenSpiel's chess: `legal_actions()`, `observation_tensor()`, a random choice,
  `apply_action()`.

The process is held to one CPU (threads=2 to two); the runs take turns round by round and each
keeps its best round. Peers not installed are named, not measured.
"""
import argparse
import os
import time

from . import markdown_table, missing, round_times

BATCH = 256
THREADED_BATCH = 1024  # a thread's share of a step has to outweigh handing it over


def _pettingzoo_loop(make, steps: int):
    """Random play in a PettingZoo AEC env for `steps` steps (dead agents' steps not counted): a
    uniform choice among the mask's actions, the same cheap draw for every environment."""
    import random

    def run():
        draw = random.Random(0).random
        env = make()
        env.reset(seed=0)
        done = 0
        while done < steps:
            for _ in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                legal = observation["action_mask"].view(bool).nonzero()[0]
                env.step(int(legal[int(draw() * len(legal))]))
                done += 1
                if done >= steps:
                    break
            env.reset(seed=0)
    return run


def _vector_loop(observation: str, steps: int, threads: int = 1, batch: int = BATCH):
    from ..env import ChessVectorEnv
    env = ChessVectorEnv(batch, observation, threads=threads)
    env.reset(seed=0)
    rounds = max(1, steps // batch)

    def run():
        for _ in range(rounds):
            env.step(env.sample_legal_actions())
    return run, rounds * batch


def _pgx_loop(steps: int):
    import jax
    import jax.numpy as jnp
    import pgx
    env = pgx.make("chess")
    init, step = jax.jit(jax.vmap(env.init)), jax.vmap(env.step)

    @jax.jit
    def advance(state, key):
        key, sub = jax.random.split(key)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(sub, logits, axis=-1)
        state = step(state, actions)
        # finished games start again, as the vector env's autoreset does
        fresh = init(jax.random.split(sub, BATCH))
        state = jax.tree_util.tree_map(lambda a, b: jnp.where(
            state.terminated.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, fresh)
        return state, key

    state = init(jax.random.split(jax.random.PRNGKey(0), BATCH))
    key = jax.random.PRNGKey(1)
    state, key = advance(state, key)  # compiled here, untimed
    jax.block_until_ready(state.observation)
    rounds = max(1, steps // BATCH)
    holder = [state, key]

    def run():
        state, key = holder
        for _ in range(rounds):
            state, key = advance(state, key)
        jax.block_until_ready(state.observation)
        holder[:] = [state, key]
    return run, rounds * BATCH


def _open_spiel_loop(steps: int):
    import random

    import pyspiel
    game = pyspiel.load_game("chess")

    def run():
        rng = random.Random(0)
        state = game.new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                state = game.new_initial_state()
            actions = state.legal_actions()
            state.observation_tensor()
            state.apply_action(rng.choice(actions))
    return run


def _cpus(count: int):
    if not hasattr(os, "sched_getaffinity"):
        return None
    return set(sorted(os.sched_getaffinity(0))[:count])


def measure(quick: bool, rounds: int) -> tuple:
    """({run: (steps, best seconds)}, {threaded run: ...}, names of the peers not installed)."""
    import importlib.util
    scale = 4 if quick else 1
    runs: dict = {}
    steps: dict = {}
    has = {name: importlib.util.find_spec(name) is not None for name in ("pettingzoo", "pgx", "pyspiel", "pygame")}
    if has["pettingzoo"] and has["pygame"]:
        from pettingzoo.classic import chess_v6

        from ..env import pettingzoo as ours
        steps["PettingZoo chess_v6"] = 600 // scale
        runs["PettingZoo chess_v6"] = _pettingzoo_loop(chess_v6.env, steps["PettingZoo chess_v6"])
        steps["bitboard.env.pettingzoo (chess_v6, env())"] = 40_000 // scale
        runs["bitboard.env.pettingzoo (chess_v6, env())"] = _pettingzoo_loop(
            ours.env, steps["bitboard.env.pettingzoo (chess_v6, env())"])
    for observation, count in (("pettingzoo", 300_000), ("alphazero", 100_000), ("packed", 1_000_000)):
        name = f"ChessVectorEnv({BATCH}, {observation!r})"
        runs[name], steps[name] = _vector_loop(observation, count // scale)
    if has["pgx"]:
        name = f"pgx chess (vmap + jit, batch {BATCH}, CPU)"
        runs[name], steps[name] = _pgx_loop(4096 // scale)
    if has["pyspiel"]:
        steps["OpenSpiel chess"] = 40_000 // scale
        runs["OpenSpiel chess"] = _open_spiel_loop(steps["OpenSpiel chess"])
    for run in runs.values():
        run()  # warm: imports, tables, the first pages of the outputs
    cpus = _cpus(1)
    if cpus is not None:
        every = os.sched_getaffinity(0)
        os.sched_setaffinity(0, cpus)
    try:
        seconds = {name: min(times) for name, times in round_times(runs, repeat=rounds).items()}
    finally:
        if cpus is not None:
            os.sched_setaffinity(0, every)
    single = {name: (steps[name], seconds[name]) for name in runs}
    threaded: dict = {}
    if (os.cpu_count() or 1) >= 2:
        pair: dict = {}
        counts: dict = {}
        for observation, count in (("pettingzoo", 300_000), ("packed", 1_000_000)):
            for threads in (1, 2):
                name = f"ChessVectorEnv({THREADED_BATCH}, {observation!r}, threads={threads})"
                pair[name], counts[name] = _vector_loop(observation, count // scale, threads, THREADED_BATCH)
        for run in pair.values():
            run()
        times = round_times(pair, repeat=rounds)
        threaded = {name: (counts[name], min(times[name]), times[name]) for name in pair}
    absent = missing({"pettingzoo": "'pettingzoo[classic]'", "pygame": "pygame", "pgx": "pgx jax jaxlib",
                      "pyspiel": "open_spiel"})
    return single, threaded, absent


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps and rounds")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 5; 2 quick)")
    args = parser.parse_args(argv)
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("not installed, so not measured: numpy (pip install numpy)")
        return
    from .. import compiled
    from . import median_ratio
    rounds = args.rounds or (2 if args.quick else 5)
    start = time.perf_counter()
    single, threaded, absent = measure(args.quick, rounds)
    print(f"random self-play, observation and mask at every step; one core; {rounds} rounds, best of each; "
          f"bitboard {'compiled' if compiled else 'uncompiled'}\n")
    if absent:
        print(absent)
    rate = {name: count / seconds for name, (count, seconds) in single.items()}
    reference = {name: rate[name] for name in ("PettingZoo chess_v6", "OpenSpiel chess") if name in rate}
    headers = ["environment", "steps/s"] + [f"x {name}" for name in reference]
    rows = [[name, f"{speed:,.0f}"] + [f"{speed / ref:,.1f}" for ref in reference.values()]
            for name, speed in rate.items()]
    print(markdown_table(headers, rows))
    if threaded:
        print(f"\nthreads: two cores, the runs taking turns ({rounds} rounds)\n")
        rows = []
        for observation in ("pettingzoo", "packed"):
            one = f"ChessVectorEnv({THREADED_BATCH}, {observation!r}, threads=1)"
            two = f"ChessVectorEnv({THREADED_BATCH}, {observation!r}, threads=2)"
            for name in (one, two):
                count, best, _ = threaded[name]
                rows.append([name, f"{count / best:,.0f}",
                             f"{median_ratio(threaded[one][2], threaded[name][2]):.2f}"])
        print(markdown_table(["environment", "steps/s", "median round ratio to threads=1"], rows))
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
