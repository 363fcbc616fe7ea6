"""Per-call times of python-chess's everyday calls through bitboard.chess, two builds interleaved.

    python tools/compare_calls.py OLD_SRC NEW_SRC [ROUNDS]

Each SRC is a folder holding a built `bitboard` (a checkout's `src` after `python setup.py
build_ext --inplace`, or a site-packages). Every round times each call in a fresh subprocess per
build, alternating which goes first; each build keeps its best. Prints the new/old time ratio
per call and the geometric mean: what a refactoring must keep within 5 %.
"""
import json
import math
import subprocess
import sys

CHILD = r'''
import json, sys, timeit
import bitboard, bitboard.chess as chess
assert bitboard.compiled
KIWI = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
b = chess.Board(KIWI); m = chess.Move.from_uci("e2a6"); s = chess.Board()
calls = {
 "Board()": lambda: chess.Board(),
 "Board(fen)": lambda: chess.Board(KIWI),
 "fen()": lambda: b.fen(),
 "board_fen()": lambda: b.board_fen(),
 "legal_moves list": lambda: list(b.legal_moves),
 "legal_moves.count()": lambda: b.legal_moves.count(),
 "push+pop": lambda: (b.push(m), b.pop()),
 "san(move)": lambda: b.san(m),
 "parse_san": lambda: b.parse_san("Bxa6"),
 "push_san+pop": lambda: (b.push_san("Bxa6"), b.pop()),
 "piece_at": lambda: b.piece_at(12),
 "pieces()": lambda: b.pieces(chess.PAWN, chess.WHITE),
 "attacks()": lambda: b.attacks(chess.E5),
 "is_check()": lambda: b.is_check(),
 "gives_check": lambda: b.gives_check(m),
 "is_capture": lambda: b.is_capture(m),
 "is_game_over()": lambda: b.is_game_over(),
 "outcome()": lambda: b.outcome(),
 "copy()": lambda: b.copy(),
 "mirror()": lambda: b.mirror(),
 "turn": lambda: b.turn,
 "castling_rights": lambda: b.castling_rights,
 "has_kingside_castling_rights": lambda: b.has_kingside_castling_rights(chess.WHITE),
 "Move.from_uci": lambda: chess.Move.from_uci("e2e4"),
 "is_legal": lambda: b.is_legal(m),
 "pseudo_legal_moves list": lambda: list(b.pseudo_legal_moves),
}
out = {}
for name, f in calls.items():
    n = 2000
    out[name] = min(timeit.repeat(f, number=n, repeat=3)) / n
print(json.dumps(out))
'''
old, new = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
best = {old: {}, new: {}}
for r in range(rounds):
    for src in ((old, new) if r % 2 == 0 else (new, old)):
        res = json.loads(subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                                        env={"PYTHONPATH": src, "PATH": "/usr/bin"}, check=True).stdout)
        for k, v in res.items():
            best[src][k] = min(best[src].get(k, 1e9), v)
print(f"{'call':32} {'old ns':>9} {'new ns':>9} {'new/old time':>12}")
ratios = []
for k in best[old]:
    o, n = best[old][k] * 1e9, best[new][k] * 1e9
    ratios.append(n / o)
    print(f"{k:32} {o:9.0f} {n:9.0f} {n / o:12.3f}")
print(f"geomean time ratio new/old: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f}  (below 1.05: within 5 %)")
