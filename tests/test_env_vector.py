"""ChessVectorEnv: its rules against python-chess's, its observations against chess_v6's planes,
Gymnasium's vector API (autoreset), threads and the seeded random actions."""
import chess
import numpy as np
import pytest

from bitboard import Move
from bitboard.data.encode.actions import action_index
from bitboard.env import ChessVectorEnv
from bitboard.errors import IllegalMoveError, InvalidArgumentError


def _mask_actions(mask, packed):
    bits = np.unpackbits(mask, bitorder="little") if packed else mask
    return set(np.flatnonzero(bits).tolist())


def _choose(board, rng, quiet):
    """A random legal move, most often (probability `quiet`) one that neither captures nor moves
    a pawn where there is one: long shuffles, so that repetitions and the move rules come."""
    moves = list(board.legal_moves)
    reversible = [m for m in moves if not board.is_zeroing(m)]
    return reversible[rng.integers(len(reversible))] if reversible and rng.random() < quiet \
        else moves[rng.integers(len(moves))]


def _oracle(board, draws):
    """(over, Termination number) by python-chess's rules."""
    outcome = board.outcome(claim_draw=draws == "claim")
    return (outcome is not None), (outcome.termination.value if outcome else 0)


def _rules_match(draws, games, quiet, seed, observation="packed"):
    env = ChessVectorEnv(games, observation, draws=draws, max_plies=None, autoreset_mode="disabled")
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    boards = [chess.Board() for _ in range(games)]
    live = np.ones(games, dtype=bool)
    ends, steps = {}, 0
    while live.any():
        actions = env.sample_legal_actions().copy()
        chosen = {}
        for i in np.flatnonzero(live):
            board = boards[i]
            assert _mask_actions(obs["action_mask"][i], observation == "packed") == {
                action_index(Move.from_uci(m.uci()), board.turn, env.numbering) for m in board.legal_moves}
            move = _choose(board, rng, quiet)
            actions[i] = action_index(Move.from_uci(move.uci()), board.turn, env.numbering)
            chosen[i] = move
        obs, rewards, terminations, truncations, _ = env.step(actions)
        for i, move in chosen.items():
            boards[i].push(move)
            over, termination = _oracle(boards[i], draws)
            assert (bool(terminations[i]), int(env.termination[i])) == (over, termination), (i, boards[i].fen())
            assert rewards[i] == (1.0 if termination == 1 else 0.0)
            assert not truncations[i]
            steps += 1
            if over:
                live[i] = False
                ends[termination] = ends.get(termination, 0) + 1
        if not live.all():
            env.reset(options={"reset_mask": ~live})
    return ends, steps


def test_claimed_draws_are_python_chess_claims():
    ends, steps = _rules_match("claim", games=6, quiet=0.9, seed=1)
    assert steps > 100 and (ends.get(6, 0) + ends.get(7, 0)) > 0  # fifty moves or threefold repetition


def test_automatic_draws_are_python_chess_game_over():
    ends, steps = _rules_match("automatic", games=3, quiet=0.97, seed=2)
    assert steps > 300 and (ends.get(4, 0) + ends.get(5, 0)) > 0  # seventy-five moves or fivefold repetition


@pytest.mark.slow
@pytest.mark.parametrize("draws, quiet", [("claim", 0.6), ("claim", 0.95), ("automatic", 0.7), ("automatic", 0.98)])
def test_many_games_follow_python_chess_rules(draws, quiet):
    ends, steps = _rules_match(draws, games=40, quiet=quiet, seed=7, observation="pettingzoo")
    assert sum(ends.values()) == 40 and len(ends) >= 2


def test_the_ply_limit_truncates():
    env = ChessVectorEnv(8, "packed", max_plies=6)
    env.reset(seed=3)
    for ply in range(1, 7):
        _, _, terminations, truncations, _ = env.step(env.sample_legal_actions())
        assert not terminations.any()
        assert truncations.all() == (ply == 6)
    _, rewards, terminations, truncations, _ = env.step(env.sample_legal_actions())  # the autoreset step
    assert not truncations.any() and not terminations.any() and not rewards.any()


def test_packed_observations_unpack_to_the_pettingzoo_planes():
    full, packed = ChessVectorEnv(16, "pettingzoo"), ChessVectorEnv(16, "packed")
    a, _ = full.reset(seed=5)
    b, _ = packed.reset(seed=5)
    for _ in range(120):
        planes = np.unpackbits(b["observation"].view(np.uint8), axis=1, bitorder="little").reshape(16, 111, 8, 8)
        assert np.array_equal(planes.transpose(0, 2, 3, 1), a["observation"])
        assert np.array_equal(np.unpackbits(b["action_mask"], axis=1, bitorder="little"), a["action_mask"])
        actions = full.sample_legal_actions()
        assert np.array_equal(actions, packed.sample_legal_actions())
        a, *_ = full.step(actions)
        b, *_ = packed.step(actions)


def test_pettingzoo_observations_equal_the_aec_environments():
    ours = pytest.importorskip("bitboard.env.pettingzoo")
    env = ChessVectorEnv(4, "pettingzoo")
    obs, _ = env.reset(seed=9)
    aec = [ours.raw_env() for _ in range(4)]
    for single in aec:
        single.reset()
    for _ in range(150):
        actions = env.sample_legal_actions().copy()
        for i, single in enumerate(aec):
            seen = single.observe(single.agent_selection)
            assert np.array_equal(seen["observation"], obs["observation"][i])
            assert np.array_equal(seen["action_mask"], obs["action_mask"][i])
        obs, _, terminations, truncations, _ = env.step(actions)
        for i, single in enumerate(aec):
            single.step(int(actions[i]))
            if terminations[i] or truncations[i]:
                single.reset()
                env.step(env.sample_legal_actions())  # (next_step: the reset steps of every game)
                return


def test_two_threads_step_as_one():
    runs = []
    for threads in (1, 2, 3):
        env = ChessVectorEnv(7, "pettingzoo", threads=threads)
        obs, _ = env.reset(seed=11)
        seen = []
        for _ in range(200):
            obs, rewards, terminations, truncations, _ = env.step(env.sample_legal_actions())
            seen.append((obs["observation"].copy(), obs["action_mask"].copy(), rewards.copy(), terminations.copy()))
        env.close()
        runs.append(seen)
    for other in runs[1:]:
        for a, b in zip(runs[0], other, strict=True):
            assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_next_step_autoreset_ignores_the_action_and_starts_again():
    env = ChessVectorEnv(1, "packed", max_plies=2)
    start, _ = env.reset(seed=0)
    start = {k: v.copy() for k, v in start.items()}
    env.step(env.sample_legal_actions())
    obs, _, _, truncations, _ = env.step(env.sample_legal_actions())
    assert truncations[0]
    obs, rewards, terminations, truncations, _ = env.step(np.array([4671]))  # ignored: the game restarts
    assert not terminations[0] and not truncations[0] and rewards[0] == 0
    assert all(np.array_equal(obs[k], start[k]) for k in start)


def test_same_step_autoreset_gives_the_final_observation():
    env = ChessVectorEnv(2, "packed", max_plies=1, autoreset_mode="same_step")
    start, _ = env.reset(seed=0)
    start = {k: v.copy() for k, v in start.items()}
    obs, _, _, truncations, infos = env.step(env.sample_legal_actions())
    assert truncations.all() and infos["_final_obs"].all()
    assert all(np.array_equal(obs[k], start[k]) for k in start)
    assert not np.array_equal(infos["final_obs"]["observation"], start["observation"])


def test_a_fools_mate_rewards_the_mover():
    env = ChessVectorEnv(1, "pettingzoo")
    env.reset(seed=0)
    board = chess.Board()
    for uci in ("f2f3", "e7e5", "g2g4", "d8h4"):
        action = action_index(Move.from_uci(uci), board.turn, "pettingzoo")
        board.push_uci(uci)
        obs, rewards, terminations, _, _ = env.step(np.array([action]))
    assert terminations[0] and rewards[0] == 1.0 and env.termination[0] == 1
    assert not obs["action_mask"].any()


def test_sampled_actions_are_legal_and_seeded():
    first, second = ChessVectorEnv(32, "packed"), ChessVectorEnv(32, "packed")
    obs, _ = first.reset(seed=123)
    second.reset(seed=123)
    for _ in range(50):
        actions = first.sample_legal_actions()
        assert np.array_equal(actions, second.sample_legal_actions())
        bits = np.unpackbits(obs["action_mask"], axis=1, bitorder="little")
        assert bits[np.arange(32), actions].all()
        obs, *_ = first.step(actions)
        second.step(actions)
    other = ChessVectorEnv(32, "packed")
    other.reset(seed=124)
    assert not np.array_equal(other.sample_legal_actions(), first.sample_legal_actions())


def test_bad_actions_and_arguments_are_named():
    env = ChessVectorEnv(3, "pettingzoo")
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    env.reset(seed=0)
    actions = env.sample_legal_actions().copy()
    actions[1] = 0
    with pytest.raises(IllegalMoveError, match="action 0 of game 1"):
        env.step(actions)
    with pytest.raises(InvalidArgumentError, match="shape"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(IllegalMoveError, match="action 4672 of game 0"):
        env.step(np.array([4672, 0, 0]))
    for kwargs in ({"num_envs": 0}, {"num_envs": 2, "observation": "lc0"}, {"num_envs": 2, "draws": "never"},
                   {"num_envs": 2, "max_plies": 0}, {"num_envs": 2, "threads": 3},
                   {"num_envs": 2, "autoreset_mode": "x"}):
        with pytest.raises(InvalidArgumentError):
            ChessVectorEnv(**kwargs)


def test_disabled_autoreset_refuses_a_finished_game():
    env = ChessVectorEnv(1, "packed", max_plies=1, autoreset_mode="disabled")
    env.reset(seed=0)
    env.step(env.sample_legal_actions())
    with pytest.raises(IllegalMoveError, match="game 0 is over"):
        env.step(np.array([100]))
    env.reset(options={"reset_mask": np.array([True])})
    env.step(env.sample_legal_actions())


def test_gymnasium_spaces_describe_the_arrays():
    pytest.importorskip("gymnasium")
    for observation in ("pettingzoo", "alphazero", "packed"):
        env = ChessVectorEnv(2, observation)
        obs, _ = env.reset(seed=0)
        assert env.observation_space.contains(obs)
        assert env.single_action_space.n == 4672


def test_copied_games_play_on_as_their_sources():
    env = ChessVectorEnv(4, "packed")
    env.reset(seed=1)
    for _ in range(30):
        env.step(env.sample_legal_actions())
    obs, *_ = env.step(env.sample_legal_actions())
    env.copy_games([0, 1], [2, 3])
    assert np.array_equal(obs["observation"][0], obs["observation"][2])
    assert np.array_equal(obs["observation"][1], obs["observation"][3])
    env.copy_games([0], [1])
    actions = env.sample_legal_actions().copy()
    actions[1] = actions[0]
    obs, *_ = env.step(actions)
    assert np.array_equal(obs["observation"][0], obs["observation"][1])
    assert np.array_equal(obs["action_mask"][0], obs["action_mask"][1])
    with pytest.raises(InvalidArgumentError):
        env.copy_games([0], [4])


def test_a_position_after_a_two_square_step_repeats_for_python_chess_not_for_pgx():
    # 1. e4 leaves no pawn to take en passant: python-chess's key of the position holds no
    # en-passant square, and the knights' dance brings it back; pgx's key holds e3 for good
    board = chess.Board()
    chess_v6, pgx = ChessVectorEnv(1, "pettingzoo"), ChessVectorEnv(1, "alphazero")
    p, _ = chess_v6.reset(seed=0)
    a, _ = pgx.reset(seed=0)
    for uci in ("e2e4", "g8f6", "g1f3", "f6g8", "f3g1"):
        move = Move.from_uci(uci)
        p, *_ = chess_v6.step(np.array([action_index(move, board.turn, "pettingzoo")]))
        a, *_ = pgx.step(np.array([action_index(move, board.turn, "pgx")]))
        board.push_uci(uci)
    assert board.is_repetition(2)
    assert p["observation"][0][..., 7 + 12].all()  # chess_v6: the position now stood before
    assert a["observation"][0][..., 12].all() and not a["observation"][0][..., 13].any()  # pgx: no other is it
    assert a["observation"][0][..., 14 * 4 + 12].all()  # (the same position four plies ago, as pgx counts it)
