"""python-chess's everyday calls and small programs: bitboard.chess against python-chess.

    python -m bitboard.benchmarks.api [--quick] [--rounds N]

Each call is one statement run against both modules with the same text and arguments (`chess`
is python-chess or bitboard.chess), on the start position, Kiwipete and an endgame; the two take
turns round by round, each keeps its best, and the time of an empty statement in the same
namespace is subtracted. The programs are written the python-chess way, as text below:
alpha-beta with a material count, random games, SAN replay, PGN replay and python-chess's
perft loop over the six positions of the movegen benchmark. Prints the ratio per call, the ten
slowest and the geometric mean, then what a script pays before its first move (the imports and
the first game read, each in a new interpreter). python-chess is the baseline: without it
nothing is measured.
"""
import argparse
import contextlib
import math
import timeit

from . import markdown_table
from .movegen import POSITIONS, python_loop

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"

SETUP = f"""
s = chess.Board()
k = chess.Board({KIWIPETE!r})
e = chess.Board({ENDGAME!r})
m = chess.Move.from_uci("e2a6")
bb = k.occupied
squares = chess.SquareSet(k.occupied_co[chess.WHITE])
piece = chess.Piece(chess.QUEEN, chess.WHITE)
c960 = chess.Board()
"""

# name: statement (the boards of SETUP: s start, k Kiwipete, e endgame; m a Kiwipete move)
CALLS = {
    "Board()": "chess.Board()",
    "Board(fen)": f"chess.Board({KIWIPETE!r})",
    "fen()": "k.fen()",
    "board_fen()": "k.board_fen()",
    "set_fen": f"e.set_fen({ENDGAME!r})",
    "copy()": "k.copy()",
    "copy(stack=False)": "k.copy(stack=False)",
    "mirror()": "k.mirror()",
    "set_chess960_pos": "c960.set_chess960_pos(417)",
    "legal_moves list": "list(k.legal_moves)",
    "legal_moves.count()": "k.legal_moves.count()",
    "legal_moves, endgame": "list(e.legal_moves)",
    "pseudo_legal_moves list": "list(k.pseudo_legal_moves)",
    "push+pop": "k.push(m); k.pop()",
    "push_uci+pop": "k.push_uci('e2a6'); k.pop()",
    "push_san+pop": "k.push_san('Bxa6'); k.pop()",
    "san(move)": "k.san(m)",
    "parse_san": "k.parse_san('Bxa6')",
    "uci(move)": "k.uci(m)",
    "is_legal": "k.is_legal(m)",
    "is_pseudo_legal": "k.is_pseudo_legal(m)",
    "is_capture": "k.is_capture(m)",
    "gives_check": "k.gives_check(m)",
    "is_check()": "k.is_check()",
    "is_checkmate()": "k.is_checkmate()",
    "is_stalemate()": "k.is_stalemate()",
    "is_game_over()": "k.is_game_over()",
    "outcome()": "k.outcome()",
    "can_claim_draw()": "k.can_claim_draw()",
    "is_insufficient_material()": "k.is_insufficient_material()",
    "is_repetition()": "k.is_repetition()",
    "piece_at": "k.piece_at(chess.E2)",
    "piece_type_at": "k.piece_type_at(chess.E2)",
    "color_at": "k.color_at(chess.E2)",
    "pieces()": "k.pieces(chess.PAWN, chess.WHITE)",
    "piece_map()": "k.piece_map()",
    "king()": "k.king(chess.WHITE)",
    "attacks()": "k.attacks(chess.E5)",
    "attackers()": "k.attackers(chess.BLACK, chess.E4)",
    "is_attacked_by()": "k.is_attacked_by(chess.BLACK, chess.E4)",
    "is_pinned()": "k.is_pinned(chess.WHITE, chess.D2)",
    "has_castling_rights": "k.has_castling_rights(chess.WHITE)",
    "has_kingside_castling_rights": "k.has_kingside_castling_rights(chess.WHITE)",
    "turn": "k.turn",
    "castling_rights": "k.castling_rights",
    "ep_square": "k.ep_square",
    "move_stack": "k.move_stack",
    "pawns": "k.pawns",
    "occupied": "k.occupied",
    "occupied_co[WHITE]": "k.occupied_co[chess.WHITE]",
    "halfmove_clock": "k.halfmove_clock",
    "Move.from_uci": "chess.Move.from_uci('e2e4')",
    "move.uci()": "m.uci()",
    "hash(move)": "hash(m)",
    "move == move": "m == m",
    "Piece.symbol()": "piece.symbol()",
    "Piece.from_symbol": "chess.Piece.from_symbol('Q')",
    "SquareSet iteration": "list(squares)",
    "len(SquareSet)": "len(squares)",
    "SquareSet(bb)": "chess.SquareSet(bb)",
    "square_file": "chess.square_file(chess.E4)",
    "square_rank": "chess.square_rank(chess.E4)",
    "square_name": "chess.square_name(chess.E4)",
    "parse_square": "chess.parse_square('e4')",
    "square_distance": "chess.square_distance(chess.A1, chess.H8)",
    "popcount": "chess.popcount(bb)",
    "msb": "chess.msb(bb)",
    "lsb": "chess.lsb(bb)",
    "scan_forward list": "list(chess.scan_forward(bb))",
    "polyglot.zobrist_hash": "chess.polyglot.zobrist_hash(k)",
}

# The programs, written as a python-chess user writes them. Each defines run() over `chess`.
PROGRAMS = {
    "alpha-beta, depth 3, material": '''
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
def material(board):
    score = 0
    for piece_type, value in VALUES.items():
        score += value * (len(board.pieces(piece_type, chess.WHITE)) - len(board.pieces(piece_type, chess.BLACK)))
    return score if board.turn == chess.WHITE else -score
def search(board, depth, alpha, beta):
    if depth == 0 or board.is_game_over():
        return material(board)
    for move in board.legal_moves:
        board.push(move)
        score = -search(board, depth - 1, -beta, -alpha)
        board.pop()
        if score >= beta:
            return beta
        alpha = max(alpha, score)
    return alpha
def run():
    return search(chess.Board(KIWIPETE), 3, -10**9, 10**9)
''',
    "random games": '''
import random
def run():
    rng = random.Random(1)
    plies = 0
    for _ in range(20):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies
''',
    "SAN replay": '''
import random
rng = random.Random(2)
GAMES = []
for _ in range(20):
    board = chess.Board()
    line = []
    while not board.is_game_over() and board.ply() < 120:
        move = rng.choice(list(board.legal_moves))
        line.append(board.san(move))
        board.push(move)
    GAMES.append(line)
def run():
    for line in GAMES:
        board = chess.Board()
        for san in line:
            board.push_san(san)
''',
    "PGN replay": '''
import io, random
rng = random.Random(3)
texts = []
for _ in range(20):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 120:
        board.push(rng.choice(list(board.legal_moves)))
    game = chess.pgn.Game.from_board(board)
    texts.append(str(game))
PGN = "\\n\\n".join(texts)
def run():
    stream = io.StringIO(PGN)
    while (game := chess.pgn.read_game(stream)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
''',
    "perft loop, six positions": '''
def run():  # python_loop: the movegen benchmark's perft written the python-chess way
    return [python_loop(chess.Board(fen), depth) for _, fen, _, depth in POSITIONS_SMALL]
''',
}


# What a short script pays before its first move: each statement in a new interpreter, timed from
# inside it (the interpreter's own start is not counted), `{m}` python-chess's `chess` or
# bitboard.chess. The game has the comments lichess writes.
IMPORTS = {
    "import chess": "import {m}",
    "import chess.pgn": "import {m}.pgn",
    "import chess.engine": "import {m}.engine",
    "import chess.pgn, first read_game": "import io, {m}.pgn; {m}.pgn.read_game(io.StringIO(GAME))",
    "... and node.eval(), node.clock()": ("import io, {m}.pgn; node = {m}.pgn.read_game(io.StringIO(GAME)).next(); "
                                          "node.eval(), node.clock()"),
}
GAME = '[Event "x"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { [%eval 0.19] [%clk 0:03:00] } *\n'


def time_imports(packages: dict, rounds: int) -> dict:
    """{statement: {name: best seconds}}: each IMPORTS statement run in a new interpreter per round,
    the packages (name: module name) taking turns."""
    import subprocess
    import sys
    best: dict = {}
    for label, statement in IMPORTS.items():
        times = dict.fromkeys(packages, math.inf)
        for r in range(rounds):
            for name in (list(packages) if r % 2 == 0 else list(reversed(packages))):
                child = (f"import time\nGAME = {GAME!r}\nt = time.perf_counter()\n"
                         f"{statement.format(m=packages[name])}\nprint(time.perf_counter() - t)")
                result = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
                if result.returncode != 0:  # (python-chess's engine needs asyncio: it is always there)
                    times[name] = math.nan
                    break
                times[name] = min(times[name], float(result.stdout))
        best[label] = times
    return best


def _namespace(module):
    import importlib
    namespace = {"chess": module, "KIWIPETE": KIWIPETE, "python_loop": python_loop,
                 "POSITIONS_SMALL": [(n, f, c, max(1, d - 1)) for n, f, c, d in POSITIONS]}
    for sub in ("pgn", "polyglot"):
        with contextlib.suppress(ImportError):  # a program that needs it is named as not measured
            importlib.import_module(f"{module.__name__}.{sub}")
    exec(SETUP, namespace)
    return namespace


def _has(module, sub: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(f"{module.__name__}.{sub}") is not None


def time_calls(modules: dict, rounds: int, number: int) -> dict:
    """{call: {module name: best seconds a call, the empty statement's time subtracted}}."""
    namespaces = {name: _namespace(module) for name, module in modules.items()}
    best = {call: dict.fromkeys(modules, math.inf) for call in CALLS}
    empty = dict.fromkeys(modules, math.inf)
    for r in range(rounds):
        order = list(modules) if r % 2 == 0 else list(reversed(modules))
        for name in order:
            empty[name] = min(empty[name], timeit.timeit("pass", globals=namespaces[name], number=number) / number)
        for call, statement in CALLS.items():
            for name in order:
                namespace = namespaces[name]
                exec(SETUP, namespace)  # the same boards for every round
                spent = timeit.timeit(statement, globals=namespace, number=number) / number
                best[call][name] = min(best[call][name], spent)
    return {call: {name: max(t - empty[name], 1e-9) for name, t in times.items()} for call, times in best.items()}


#: The submodule a program needs besides `chess` itself.
NEEDS = {"PGN replay": "pgn"}


def time_programs(modules: dict, rounds: int) -> tuple[dict, list]:
    """({program: {module name: best seconds}}, [programs one of the modules cannot run])."""
    missing = [program for program, sub in NEEDS.items() if not all(_has(m, sub) for m in modules.values())]
    namespaces: dict = {}
    for name, module in modules.items():
        namespaces[name] = {}
        for program, text in PROGRAMS.items():
            if program in missing:
                continue
            namespace = _namespace(module)
            exec(text, namespace)
            namespaces[name][program] = namespace["run"]
    best = {program: dict.fromkeys(modules, math.inf) for program in PROGRAMS if program not in missing}
    for r in range(rounds):
        for program in best:
            for name in (list(modules) if r % 2 == 0 else list(reversed(modules))):
                spent = timeit.timeit(namespaces[name][program], number=1)
                best[program][name] = min(best[program][name], spent)
    return best, missing


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and repetitions")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 5; 2 quick)")
    args = parser.parse_args(argv)
    try:
        import chess as python_chess
    except ImportError:
        print("python-chess is not installed (pip install chess): it is the baseline, nothing measured")
        return
    import bitboard
    import bitboard.chess as ours
    rounds = args.rounds or (2 if args.quick else 5)
    modules = {"python-chess": python_chess, "bitboard.chess": ours}
    calls = time_calls(modules, rounds, 300 if args.quick else 2000)
    ratios = {call: t["python-chess"] / t["bitboard.chess"] for call, t in calls.items()}
    build = "compiled" if bitboard.compiled else "uncompiled"
    print(f"python-chess {python_chess.__version__} against bitboard.chess ({build}); best of {rounds} "
          "interleaved rounds, the empty statement's time subtracted\n")
    print(markdown_table(["call", "python-chess ns", "bitboard ns", "bitboard is faster by"],
                         [[call, f"{t['python-chess'] * 1e9:,.0f}", f"{t['bitboard.chess'] * 1e9:,.0f}",
                           f"{ratios[call]:.2f}x"] for call, t in calls.items()]))
    slowest = sorted(ratios, key=ratios.get)[:10]
    print("\nThe ten slowest: " + ", ".join(f"{call} {ratios[call]:.2f}x" for call in slowest))
    slower = [call for call in ratios if ratios[call] < (0.9 if calls[call]["python-chess"] < 30e-9 else 1.0)]
    print(f"Slower than python-chess (under 0.9x where python-chess takes under 30 ns): {len(slower)}"
          + (f" ({', '.join(slower)})" if slower else ""))
    print(f"Geometric mean over {len(ratios)} calls: "
          f"{math.exp(sum(map(math.log, ratios.values())) / len(ratios)):.2f}x")
    programs, missing = time_programs(modules, max(1, rounds - 2) if args.quick else 3)
    print("\nPrograms written the python-chess way (the perft loop one ply below the movegen benchmark's):\n")
    print(markdown_table(["program", "python-chess ms", "bitboard ms", "bitboard is faster by"],
                         [[name, f"{t['python-chess'] * 1e3:,.2f}", f"{t['bitboard.chess'] * 1e3:,.2f}",
                           f"{t['python-chess'] / t['bitboard.chess']:.2f}x"] for name, t in programs.items()]))
    for program in missing:
        print(f"\n{program}: not measured, bitboard.chess has no `{NEEDS[program]}` module yet")
    runs = 5 if args.quick else 15
    imports = time_imports({"python-chess": "chess", "bitboard.chess": "bitboard.chess"}, runs)
    print(f"\nA script's start, each statement in a new interpreter (best of {runs}; the interpreter's own start "
          "not counted):\n")
    print(markdown_table(["statement", "python-chess ms", "bitboard ms", "bitboard is faster by"],
                         [[label, f"{t['python-chess'] * 1e3:,.1f}", f"{t['bitboard.chess'] * 1e3:,.1f}",
                           f"{t['python-chess'] / t['bitboard.chess']:.2f}x"] for label, t in imports.items()]))


if __name__ == "__main__":
    main()
