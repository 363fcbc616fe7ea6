"""PGN reading speed of two builds, interleaved: read_games (games/s) and to_arrays (positions/s).

    python tools/compare_pgn.py OLD_SRC NEW_SRC FILE.pgn [ROUNDS]

SRC as in compare_builds.py; FILE any PGN (`bitboard.benchmarks.pgn.corpus(3000)` writes the
corpus docs/benchmarks.md uses). Each build keeps its best of 3 per round.
"""
import json
import subprocess
import sys

CHILD = r'''
import json, sys, time
import bitboard
assert bitboard.compiled
try:
    from bitboard.data.pgn_reader import read_games
    from bitboard.data.arrays import to_arrays
except ImportError:
    from bitboard.pgn import read_games, to_arrays
path = sys.argv[1]
out = {}
for name, f in (("read_games", lambda: sum(1 for _ in read_games(path))),
                ("to_arrays", lambda: len(to_arrays(path)["moves"]))):
    best = 1e9
    for _ in range(3):
        t = time.perf_counter(); n = f(); best = min(best, time.perf_counter() - t)
    out[name] = (n, best)
print(json.dumps(out))
'''
old, new, path = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
best = {old: {}, new: {}}
for r in range(rounds):
    for src in ((old, new) if r % 2 == 0 else (new, old)):
        res = json.loads(subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True,
                                        env={"PYTHONPATH": src, "PATH": "/usr/bin"}, check=True).stdout)
        for k, (n, t) in res.items():
            best[src][k] = (n, min(best[src].get(k, (n, 1e9))[1], t))
for k in best[old]:
    (n, o), (n2, t) = best[old][k], best[new][k]
    assert n == n2, (k, n, n2)
    print(f"{k:12} {n:>9,} items  old {n / o:12,.0f}/s  new {n / t:12,.0f}/s  new/old speed {o / t:.3f}")
