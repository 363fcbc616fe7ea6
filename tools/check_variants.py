"""Held-out checks of the variant boards, longer than the test suite runs.

    python tools/check_variants.py games [--games 1000]       # random games against python-chess
    python tools/check_variants.py fairy [--positions 50] [--depth 5]   # perft against Fairy-Stockfish

`games` plays random games (seeded) on bitboard.chess.variant's boards and python-chess's side
by side, and compares at every ply the FEN, the legal moves, check, the variant's end, and the
SAN of the move played; at the end of each game the outcome. `fairy` takes positions from such
games (plies 8 to 60) and compares `perft(depth)` with Fairy-Stockfish's `go perft` on one thread
(Debian's `fairy-stockfish`; its build has no atomic, so atomic is named as not checked; its
suicide has no castling, so suicide's positions are compared without castling rights). Each
prints one line per variant and exits non-zero on the first disagreement, naming it.
"""
import argparse
import random
import shutil
import sys
import time

import chess
import chess.variant

import bitboard.chess.variant as ours
from bitboard.benchmarks.variants import FairyStockfish
from bitboard.chess import Move

VARIANTS = ["antichess", "giveaway", "suicide", "atomic", "kingofthehill", "racingkings", "horde", "3check",
            "crazyhouse"]


def random_game(name, seed, plies=300, check=True):
    """Play one random game on both boards; return the positions seen (our boards' FENs)."""
    rng = random.Random(f"{name}-{seed}")
    board, oracle = ours.find_variant(name)(), chess.variant.find_variant(name)()
    fens = []
    for ply in range(plies):
        fens.append(board.fen())
        moves = sorted(oracle.legal_moves, key=lambda m: m.uci())
        if check:
            where = f"{name} game {seed} ply {ply}: {oracle.fen()}"
            assert board.fen() == oracle.fen(), where
            assert sorted(m.uci() for m in board.legal_moves) == [m.uci() for m in moves], where
            assert board.is_check() == oracle.is_check(), where
            assert board.is_variant_end() == oracle.is_variant_end(), where
        if not moves or oracle.is_game_over():
            break
        move = rng.choice(moves)
        if check:
            assert board.san(Move.from_uci(move.uci())) == oracle.san(move), where
        board.push_uci(move.uci())
        oracle.push(move)
    if check:
        outcome, expected = board.outcome(), oracle.outcome()
        assert (outcome and (outcome.termination.name, outcome.winner)) == (
            expected and (expected.termination.name, expected.winner)), f"{name} game {seed}: {oracle.fen()}"
    return fens


def check_games(games):
    for name in VARIANTS:
        start, plies = time.perf_counter(), 0
        for seed in range(games):
            plies += len(random_game(name, seed))
        print(f"{name}: {games} random games, {plies} positions agree with python-chess "
              f"({time.perf_counter() - start:.0f} s)", flush=True)


def check_fairy(positions, depth, only=None):
    path = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    if not shutil.which(path):
        sys.exit("fairy-stockfish is not installed (apt-get install fairy-stockfish)")
    engine = FairyStockfish(path)
    for name in only or VARIANTS:
        if name not in engine.variants:
            print(f"{name}: not checked, this Fairy-Stockfish build has no such variant")
            continue
        rng = random.Random(name)
        fens = []
        seed = 0
        while len(fens) < positions:
            game = random_game(name, 10_000 + seed, check=False)
            seed += 1
            if len(game) > 8:
                fens.append(game[rng.randrange(8, min(len(game), 60))])
        nodes, ours_s, theirs_s, ended = 0, 0.0, 0.0, []
        for fen in fens:
            if name == "suicide":  # Fairy-Stockfish's suicide has no castling (python-chess's keeps KQkq)
                fields = fen.split()
                fen = " ".join(fields[:2] + ["-"] + fields[3:])
            board = ours.find_variant(name)(fen)
            start = time.perf_counter()
            count = board.perft(depth)
            ours_s += time.perf_counter() - start
            expected, seconds = engine.perft(name, fen, depth)
            theirs_s += seconds
            if count != expected:
                where = first_difference(engine, name, board, depth)
                if where is None:
                    sys.exit(f"{name}: perft({depth}) of {fen} is {count}, Fairy-Stockfish says {expected}")
                ended.append(where)
            nodes += count
        print(f"{name}: {len(fens) - len(ended)} of {len(fens)} positions agree at depth {depth} "
              f"({nodes:,} leaves; bitboard {nodes / ours_s / 1e6:.1f} Mnps, "
              f"Fairy-Stockfish {nodes / theirs_s / 1e6:.1f} Mnps)", flush=True)
        for fen in ended:
            print(f"  differs where the game is over and python-chess agrees with bitboard (Fairy-Stockfish's perft "
                  f"goes on): {fen}")
    engine.close()


def first_difference(engine, name, board, depth):
    """Follow the first root move whose count differs from Fairy-Stockfish's down to the first
    position where the moves differ; its FEN if there python-chess's legal moves are bitboard's
    and python-chess says the game is over (a rule both libraries share and the engine's perft
    does not apply), else None."""
    board = board.copy(stack=False)
    while depth >= 1:
        theirs = engine.divide(name, board.fen(), depth)
        ours = {move.uci(): count for move, count in board.divide(depth).items()}
        if set(ours) != set(theirs):
            oracle = chess.variant.find_variant(name)(board.fen())
            same = sorted(m.uci() for m in oracle.legal_moves) == sorted(ours)
            return board.fen() if same and oracle.is_variant_end() else None
        differing = [move for move in ours if ours[move] != theirs[move]]
        if not differing:
            return None
        board.push_uci(differing[0])
        depth -= 1
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    games = commands.add_parser("games")
    games.add_argument("--games", type=int, default=1000)
    fairy = commands.add_parser("fairy")
    fairy.add_argument("--positions", type=int, default=50)
    fairy.add_argument("--depth", type=int, default=5)
    fairy.add_argument("--only", nargs="+", choices=VARIANTS, help="these variants alone")
    args = parser.parse_args(argv)
    if args.command == "games":
        check_games(args.games)
    else:
        check_fairy(args.positions, args.depth, args.only)


if __name__ == "__main__":
    main()
