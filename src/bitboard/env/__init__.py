"""Self-play environments for reinforcement learning, stepped in C.

- `ChessVectorEnv(num_envs, observation="pettingzoo" | "alphazero" | "packed")`: many games at
  once, as Gymnasium's vector API steps them, observations written into preallocated arrays;
- `bitboard.env.pettingzoo`: PettingZoo's classic chess_v6, the same AEC environment (needs
  pettingzoo: pip install "bitboard[rl]");
- `Game`: one game's state for a search tree (cheap copies, legal actions, observations), and the
  legal-action masks and observations of Boards.

Observations and action numberings are `bitboard.data.encode`'s (observations, actions). NumPy is
needed (pip install numpy); docs/env.md shows a rollout and a small self-play training loop.
"""
from .game import Game, legal_action_masks, observations
from .vector import ChessVectorEnv

__all__ = ["ChessVectorEnv", "Game", "legal_action_masks", "observations"]
