"""The 4,672-action numberings (bitboard.data.encode.actions) and Game, the pieces a search needs:
legal-action masks and observations of Boards, actions to moves and back, cheap copies."""
import random

import chess
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitboard import Board, Move
from bitboard.data.encode.actions import NUMBERINGS, action_index, action_move, pettingzoo_index, pgx_index
from bitboard.data.encode.policy import alphazero_index
from bitboard.env import ChessVectorEnv, Game, legal_action_masks, observations
from bitboard.errors import IllegalMoveError, InvalidArgumentError


def _random_board(seed, plies):
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@settings(max_examples=60)
@given(st.integers(0, 10**6), st.integers(0, 120))
def test_every_legal_move_has_one_action_that_reads_back(seed, plies):
    board = _random_board(seed, plies)
    for numbering in NUMBERINGS:
        actions = {}
        for move in board.legal_moves:
            action = action_index(move, board.turn, numbering)
            assert 0 <= action < 4672
            assert action not in actions, (numbering, move, actions.get(action))
            actions[action] = move
            assert action_move(action, board, numbering) == move
        mask = legal_action_masks([board], numbering)[0]
        assert set(np.flatnonzero(mask).tolist()) == set(actions)


def test_pettingzoo_numbering_is_chess_utils():
    chess_utils = pytest.importorskip("pettingzoo.classic.chess.chess_utils", reason="pettingzoo[classic] missing")
    for seed in range(30):
        board = chess.Board()
        rng = random.Random(seed)
        for _ in range(150):
            if board.is_game_over():
                break
            assert sorted(chess_utils.legal_moves(board)) == sorted(
                pettingzoo_index(Move.from_uci(m.uci()), board.turn) for m in board.legal_moves)
            for move in board.legal_moves:
                action = pettingzoo_index(Move.from_uci(move.uci()), board.turn)
                assert chess_utils.action_to_move(board, action, 0 if board.turn else 1) == move
            board.push(rng.choice(list(board.legal_moves)))


def test_the_numberings_by_hand():
    # chess_v6: e2e4 from file 4 rank 1, two squares north (dx 0, dy 2): plane 8 * 1 + 4
    assert pettingzoo_index(Move.from_uci("e2e4"), True) == (4 * 8 + 1) * 73 + 12
    # black's e7e5 is the same move seen from black
    assert pettingzoo_index(Move.from_uci("e7e5"), False) == (4 * 8 + 1) * 73 + 12
    # g1f3: a knight's jump (dx -1, dy 2), the fourth of chess_v6's jumps
    assert pettingzoo_index(Move.from_uci("g1f3"), True) == (6 * 8 + 0) * 73 + 56 + 3
    # a7a8n: an underpromotion straight on to a knight
    assert pettingzoo_index(Move.from_uci("a7a8n"), True) == (0 * 8 + 6) * 73 + 64 + 3
    # pgx's castling labels (its INIT_LEGAL_ACTION_MASK's 2364 and 2367 would be e1c1, e1g1)
    assert pgx_index(Move.from_uci("e1g1"), True) == 2367 and pgx_index(Move.from_uci("e1c1"), True) == 2364
    # pgx's opening moves: its INIT_LEGAL_ACTION_MASK
    opening = {pgx_index(m, True) for m in Board().legal_moves}
    assert opening == {89, 90, 652, 656, 673, 674, 1257, 1258, 1841, 1842, 2425, 2426, 3009, 3010, 3572, 3576, 3593,
                       3594, 4177, 4178}
    assert action_index(Move.from_uci("g1f3"), True, "alphazero") == alphazero_index(Move.from_uci("g1f3"), True)
    assert action_move((4 * 8 + 6) * 73 + 4, Board("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1")) == \
        Move.from_uci("e7e8q")  # a pawn reaching the last rank by a queen-like plane is a queen


def test_bad_actions_and_numberings_are_named():
    with pytest.raises(ValueError, match="numbering 'lc1'"):
        action_index(Move.from_uci("e2e4"), True, "lc1")
    with pytest.raises(ValueError, match="4672"):
        action_move(4672, Board())
    with pytest.raises(ValueError, match="leaves the board"):
        action_move(0, Board())
    with pytest.raises(ValueError, match="no queen, knight or pawn move"):
        action_index(Move.from_uci("a1h2"), True)


def test_a_game_steps_copies_and_reads_back():
    game = Game()
    assert game.legal_actions() and game.turn and game.ply == 0
    copy = game.copy()
    action = game.move_to_action("e2e4")
    assert game.step(action) == (0.0, False, False)
    assert copy.ply == 0 and game.ply == 1 and not game.turn
    assert game.board().fen() == Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").fen()
    assert game.action_to_move(game.move_to_action("e7e5")) == Move.from_uci("e7e5")
    with pytest.raises(IllegalMoveError):
        game.step(0)
    with pytest.raises(IllegalMoveError):
        game.move_to_action("e2e4")


def test_a_game_from_a_board_replays_its_moves():
    board = _random_board(3, 60)
    game = Game(board)
    assert game.board().move_stack == board.move_stack
    assert game.board().fen() == board.fen()
    env = ChessVectorEnv(1, "pettingzoo")
    obs, _ = env.reset(seed=0)
    replay = Board()
    for move in board.move_stack:
        obs, *_ = env.step(np.array([pettingzoo_index(move, replay.turn)]))
        replay.push(move)
    assert np.array_equal(game.observation(), obs["observation"][0])
    assert np.array_equal(observations([board])[0], obs["observation"][0])
    assert np.array_equal(game.legal_action_mask("int8"), obs["action_mask"][0])
    assert observations([board, board], "alphazero").shape == (2, 8, 8, 119)
    assert observations([board], "packed").shape == (1, 111)


def test_a_finished_game_knows_its_end():
    game = Game()
    for uci in ("f2f3", "e7e5", "g2g4"):
        game.push(uci)
    assert game.step(game.move_to_action("d8h4")) == (1.0, True, False)
    assert game.is_over() and game.winner is False and game.termination == 1
    assert not game.legal_action_mask().any()


def test_games_refuse_what_they_cannot_play():
    from bitboard.chess import variant
    with pytest.raises(InvalidArgumentError):
        Game(variant.AtomicBoard())
    with pytest.raises(ValueError, match="not one a game reaches"):
        Game(Board("8/8/8/8/8/8/8/8 w - - 0 1"))
    with pytest.raises(InvalidArgumentError):
        Game(numbering="lc0")
    with pytest.raises(InvalidArgumentError):
        Game().observation("alphazero", viewer=True)
