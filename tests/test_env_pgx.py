"""ChessVectorEnv(observation="alphazero") against pgx's chess: random games played in both, the
observations, masks, terminations and rewards compared at every step (pgx needs JAX: pip install
pgx jax jaxlib; skipped where they are missing)."""
import numpy as np
import pytest

pgx = pytest.importorskip("pgx", reason="pgx is not installed: pip install pgx jax jaxlib")
jax = pytest.importorskip("jax")

from bitboard.env import ChessVectorEnv  # noqa: E402


def _play(games, seed):
    """Random games in pgx (vmap + jit) and in ours, compared step by step; the steps compared."""
    import jax.numpy as jnp
    env = pgx.make("chess")
    init, step = jax.jit(jax.vmap(env.init)), jax.jit(jax.vmap(env.step))
    state = init(jax.random.split(jax.random.PRNGKey(seed), games))
    ours = ChessVectorEnv(games, "alphazero", autoreset_mode="disabled")
    obs, _ = ours.reset(seed=seed)
    assert (ours.draws, ours.max_plies, ours.numbering) == ("pgx", 512, "pgx")
    rng = np.random.default_rng(seed)
    live = np.ones(games, dtype=bool)
    steps = 0
    while live.any():
        observation, mask = np.asarray(state.observation), np.asarray(state.legal_action_mask)
        actions = ours.sample_legal_actions().copy()
        for i in np.flatnonzero(live):
            assert np.array_equal(observation[i], obs["observation"][i]), (steps, i)
            assert np.array_equal(mask[i], obs["action_mask"][i]), (steps, i)
            actions[i] = rng.choice(np.flatnonzero(mask[i]))
        state = step(state, jnp.asarray(actions, dtype=jnp.int32))
        obs, rewards, terminations, truncations, _ = ours.step(actions)
        ended, pgx_rewards = np.asarray(state.terminated), np.asarray(state.rewards)
        mover = 1 - np.asarray(state.current_player)
        pgx_masks = np.asarray(state.legal_action_mask)
        for i in np.flatnonzero(live):
            assert bool(ended[i]) == bool(terminations[i] or truncations[i]), (steps, i)
            assert np.array_equal(pgx_masks[i], obs["action_mask"][i]), (steps, i)  # all ones at the end
            assert pgx_rewards[i][mover[i]] == rewards[i]
            assert pgx_rewards[i][1 - mover[i]] == -rewards[i]
            steps += 1
        live &= ~ended
        over = (terminations | truncations).copy()  # games pgx ended, and the ones ours keeps playing after
        if over.any():
            ours.reset(options={"reset_mask": over})
    return steps


def test_random_games_equal_pgxs():
    assert _play(games=8, seed=0) > 8 * 20


@pytest.mark.slow
def test_many_random_games_equal_pgxs():
    steps = _play(games=64, seed=1)
    print(f"pgx parity: 64 games, {steps} steps")
    assert steps > 64 * 100


def test_the_action_numbering_is_pgxs():
    from pgx._src.games.chess import FROM_PLANE

    from bitboard.data.encode.actions import _decoders
    table = np.asarray(FROM_PLANE)
    decoded = _decoders()[1]
    for action in range(4672):
        frm, plane = divmod(action, 73)
        to = int(table[frm, plane])
        found = decoded[action]
        if to < 0:
            assert found is None, action
            continue
        # pgx's squares are file * 8 + rank; ours a1 = 0, rank * 8 + file
        assert found[:2] == ((frm % 8) * 8 + frm // 8, (to % 8) * 8 + to // 8), action
        assert found[2] == ((4, 3, 2)[plane // 3] if plane < 9 else 0), action  # rook, bishop, knight


def test_a_scripted_game_with_repetitions_equals_pgxs():
    import chess
    import jax.numpy as jnp

    from bitboard import Move
    from bitboard.data.encode.actions import pgx_index
    env = pgx.make("chess")
    state = jax.jit(env.init)(jax.random.PRNGKey(0))
    step = jax.jit(env.step)
    ours = ChessVectorEnv(1, "alphazero")
    obs, _ = ours.reset(seed=0)
    board = chess.Board()
    # after 1. e4 the knights dance: the position after 1... Nf6 stands a third time at the tenth ply
    dance = ["e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6"]
    for uci in dance:
        action = pgx_index(Move.from_uci(uci), board.turn)
        board.push_uci(uci)
        state = step(state, jnp.int32(action))
        obs, rewards, terminations, truncations, _ = ours.step(np.array([action]))
        assert np.array_equal(np.asarray(state.observation), obs["observation"][0]), uci
        assert np.array_equal(np.asarray(state.legal_action_mask), obs["action_mask"][0]), uci
        assert bool(state.terminated) == bool(terminations[0] or truncations[0]), uci
    assert bool(state.terminated)  # the threefold repetition, as pgx counts it
