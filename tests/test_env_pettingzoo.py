"""bitboard.env.pettingzoo against PettingZoo's own chess_v6: seeded random games played in both,
step by step, everything compared (observations of both agents, masks, rewards, terminations,
truncations, infos, agents, the agent to move)."""
import numpy as np
import pytest

chess_v6 = pytest.importorskip("pettingzoo.classic.chess_v6", reason="pettingzoo[classic] (with pygame) is not "
                               "installed: pip install 'bitboard[test]'")
ours = pytest.importorskip("bitboard.env.pettingzoo")

#: what the parity tests counted: games and steps (agent_iter steps, the dead agents' included)
PARITY = {}


def _play(seed, wrapped=True):
    """One seeded random game in chess_v6 and in ours; the steps it took."""
    rng = np.random.default_rng(seed)
    theirs, mine = (chess_v6.env(), ours.env()) if wrapped else (chess_v6.raw_env(), ours.raw_env())
    theirs.reset(seed=seed)
    mine.reset(seed=seed)
    steps = 0
    for agent in theirs.agent_iter():
        assert agent == mine.agent_selection
        expected, got = theirs.last(), mine.last()
        where = f"game {seed}, step {steps}"
        assert np.array_equal(expected[0]["observation"], got[0]["observation"]), where
        assert got[0]["observation"].dtype == np.bool_ and got[0]["observation"].shape == (8, 8, 111)
        assert np.array_equal(expected[0]["action_mask"], got[0]["action_mask"]), where
        assert got[0]["action_mask"].dtype == np.int8
        assert expected[1:] == got[1:], where
        assert (theirs.rewards, theirs.terminations, theirs.truncations, theirs.infos, theirs.agents) == \
            (mine.rewards, mine.terminations, mine.truncations, mine.infos, mine.agents), where
        assert theirs._cumulative_rewards == mine._cumulative_rewards, where
        for other in theirs.agents:  # the agent not to move sees its own planes and no mask
            assert np.array_equal(theirs.observe(other)["observation"], mine.observe(other)["observation"]), where
            assert np.array_equal(theirs.observe(other)["action_mask"], mine.observe(other)["action_mask"]), where
        mask = expected[0]["action_mask"]
        if expected[2] or expected[3]:
            action = None
        elif wrapped and rng.random() < 0.002:  # now and then an illegal action: the wrapper ends the game
            action = int(rng.choice(np.flatnonzero(mask == 0)))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        theirs.step(action)
        mine.step(action)
        steps += 1
    assert mine.agents == [] and theirs.agents == []
    return steps


def test_a_few_random_games_equal_chess_v6s():
    steps = sum(_play(seed) for seed in range(4))
    assert steps > 4 * 20


def test_the_raw_environments_agree_too():
    assert _play(1000, wrapped=False) > 20


@pytest.mark.slow
def test_two_hundred_random_games_equal_chess_v6s():
    games = 200
    steps = sum(_play(seed) for seed in range(100, 100 + games))
    PARITY.update(games=games, steps=steps)
    print(f"chess_v6 parity: {games} games, {steps} steps")
    assert steps > games * 50


def test_spaces_agents_and_metadata_are_chess_v6s():
    theirs, mine = chess_v6.env(), ours.env()
    assert mine.possible_agents == theirs.possible_agents == ["player_0", "player_1"]
    for agent in theirs.possible_agents:
        assert mine.observation_space(agent) == theirs.observation_space(agent)
        assert mine.action_space(agent) == theirs.action_space(agent)
    assert mine.metadata["name"] == "chess_v6"
    assert str(mine) == str(theirs)


def test_an_illegal_action_ends_the_game_as_chess_v6s_wrapper_says():
    theirs, mine = chess_v6.env(), ours.env()
    for env in (theirs, mine):
        env.reset()
        env.step(0)  # no piece goes a1 to the south-west
    assert theirs.rewards == mine.rewards and theirs.terminations == mine.terminations
    assert theirs.truncations == mine.truncations


def test_an_action_outside_the_space_fails_the_same_assertion():
    for env in (chess_v6.env(), ours.env()):
        env.reset()
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(4672)
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(None)


def test_nothing_runs_before_reset():
    for env in (chess_v6.env(), ours.env()):
        with pytest.raises(AssertionError, match="reset"):
            env.step(0)
        with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
            env.agent_selection  # noqa: B018


def test_the_raw_environment_refuses_an_illegal_action_by_name():
    env = ours.raw_env()
    env.reset()
    with pytest.raises(ValueError, match="action 0 is not a legal move of player_0"):
        env.step(0)


def test_pettingzoos_api_test_passes():
    from pettingzoo.test import api_test
    api_test(ours.env(), num_cycles=200)


def test_board_and_render_show_the_game():
    env = ours.env(render_mode="ansi")
    env.reset()
    env.step(ours_action("e2e4", env))
    assert env.unwrapped.board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert env.render() == str(env.unwrapped.board)


def ours_action(uci, env):
    from bitboard import Move
    from bitboard.data.encode.actions import pettingzoo_index
    return pettingzoo_index(Move.from_uci(uci), env.unwrapped.board.turn)
