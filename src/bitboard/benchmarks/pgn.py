"""PGN reading speed beside python-chess and rust_pgn_reader, on one generated corpus.

    python -m bitboard.benchmarks.pgn [--quick] [--games N] [--corpus PATH]
    python -m bitboard.benchmarks.pgn --write-corpus PATH [--games N] [--engine stockfish]
    python -m bitboard.benchmarks.pgn --corpus PATH --handoffs

The corpus is made here, the same on every machine for the same arguments (fixed seed and
size): lichess-style tags, an `[%eval]` and a `[%clk]` comment on every move, a few NAGs and
variations. The games are played by a simple player (captures and checks first, otherwise a
random move, with the seed's generator), or with --engine by a UCI engine such as Stockfish
(Debian's `stockfish` package) searching 64 nodes a move after a few random opening moves, its
scores written as the evals; the engine's games take minutes to make, so they are written to a
file once and read with --corpus.
Each reader reads the whole text, one thread, legality checked: bitboard's `read_games`,
python-chess's `chess.pgn.read_game` in a loop, and rust_pgn_reader_python_binding's
`parse_games_from_strings(num_threads=1)` with the splitting of the text into games counted in
its time. The readers take turns, round by round; each keeps its best. A reader that is not
installed is named as missing.
"""
import argparse
import contextlib
import io
import os
import random
import re
import shutil
import subprocess

from ..board import Board
from ..data.pgn_reader import read_games
from . import best_times, markdown_table, median_ratio, missing, round_times

RESULTS = {True: "1-0", False: "0-1", None: "1/2-1/2"}


class UciPlayer:
    """A UCI engine as a player: the best move after `nodes` nodes, and its score for white."""

    def __init__(self, command: str, nodes: int = 64):
        self.nodes = nodes
        self.process = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)
        self._send("uci", "uciok")
        self._send("setoption name Threads value 1\nisready", "readyok")

    def _send(self, command: str, until: str) -> list:
        self.process.stdin.write(command + "\n")
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine stopped while answering {command!r}")
            lines.append(line.strip())
            if line.startswith(until):
                return lines

    def play(self, board: Board):
        """(move, score for white: a float in pawns, or a mate as ('#', n)) for the position."""
        moves = " ".join(move.uci() for move in board.move_stack)
        lines = self._send(f"position startpos moves {moves}\ngo nodes {self.nodes}", "bestmove")
        score = None
        for line in lines:
            words = line.split()
            if "score" in words:
                kind, value = words[words.index("score") + 1], int(words[words.index("score") + 2])
                score = ("#", value) if kind == "mate" else value / 100
        if score is not None and not board.turn:
            score = ("#", -score[1]) if isinstance(score, tuple) else -score
        return board.parse_uci(lines[-1].split()[1]), score

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
        self.process.wait(timeout=10)


def corpus(games: int = 2000, seed: int = 2026, engine: str = None) -> str:
    """PGN text of `games` games, the same for the same arguments on every machine; `engine`
    names a UCI engine to play them (else the simple player does)."""
    rng = random.Random(seed)
    player = UciPlayer(engine) if engine else None
    texts = []
    try:
        for number in range(games):
            texts.append(_game(rng, number, player))
    finally:
        if player is not None:
            player.close()
    return "\n".join(texts)


def _game(rng: random.Random, number: int, player) -> str:
    """One game's PGN text."""
    board = Board()
    white, black = rng.randint(800, 2800), rng.randint(800, 2800)
    tokens, clock = [], [180.0, 180.0]
    evaluation = 0.2
    opening = rng.randint(2, 8)
    for ply in range(rng.randint(20, 160) if player is None else 300):
        moves = list(board.legal_moves)
        if not moves:
            break
        score = None
        if player is not None and ply >= opening:
            move, score = player.play(board)
        else:
            forcing = [m for m in moves if board.is_capture(m) or board.gives_check(m)]
            move = rng.choice(forcing if forcing and rng.random() < 0.6 else moves)
        if board.turn:
            tokens.append(f"{board.fullmove_number}.")
        # now and then an alternative to the move played, in SAN with its move number (as the PGN
        # standard's export format writes a variation), after the move's comment
        variation = None
        if rng.random() < 0.02:
            move_number = f"{board.fullmove_number}." if board.turn else f"{board.fullmove_number}..."
            variation = f"{move_number} {board.san(rng.choice(moves))}"
        san = board.san_and_push(move)
        tokens.append(san + ("!?" if rng.random() < 0.01 else ""))
        evaluation = max(-30.0, min(30.0, evaluation + rng.gauss(0, 0.4)))
        side = ply % 2
        clock[side] = max(0.0, clock[side] - rng.expovariate(0.2) + 2)
        if isinstance(score, tuple):
            score = f"#{score[1]}"
        elif score is not None:
            score = f"{score:.2f}"
        else:
            score = f"#{rng.choice([-3, 2, 4])}" if abs(evaluation) > 25 else f"{evaluation:.2f}"
        seconds = int(clock[side])
        hms = f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"
        tokens.append(f"{{ [%eval {score}] [%clk {hms}] }}")
        if variation:
            tokens.append(f"( {variation} )")
        if player is not None and board.outcome(claim_draw=True):
            break
    outcome = board.outcome(claim_draw=True)
    result = RESULTS[outcome.winner] if outcome else rng.choice(["1-0", "0-1", "1/2-1/2"])
    headers = [("Event", "Rated Blitz game"), ("Site", f"https://example.org/{number:08d}"),
               ("Date", f"2026.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"), ("Round", "-"),
               ("White", f"player{rng.randint(1, 99999)}"), ("Black", f"player{rng.randint(1, 99999)}"),
               ("Result", result), ("WhiteElo", str(white)), ("BlackElo", str(black)),
               ("TimeControl", "180+2"), ("ECO", f"{rng.choice('ABCDE')}{rng.randint(0, 99):02d}"),
               ("Termination", "Normal")]
    lines = [f'[{name} "{value}"]' for name, value in headers]
    return "\n".join(lines) + "\n\n" + " ".join(tokens + [result]) + "\n"


def split_games(text: str) -> list:
    """The text cut into one string per game, at each tag section after movetext."""
    return ["[" + part if i else part for i, part in enumerate(text.split("\n\n["))]


_FILES: dict = {}


def _file_of(text: str) -> str:
    """A file holding `text`, written once (for readers that take a path)."""
    if text not in _FILES:
        import atexit
        import tempfile
        handle, path = tempfile.mkstemp(suffix=".pgn")
        with os.fdopen(handle, "w") as out:
            out.write(text)
        atexit.register(os.remove, path)
        _FILES[text] = path
    return _FILES[text]


def readers() -> dict:
    """{name: function(text) -> games read}, for every reader installed."""
    out = {"bitboard": lambda text: sum(1 for _ in read_games(io.BytesIO(text.encode())))}  # as from a file
    with contextlib.suppress(ImportError):
        import chess.pgn

        def python_chess(text):
            stream, count = io.StringIO(text), 0
            while chess.pgn.read_game(stream) is not None:
                count += 1
            return count
        out["python-chess"] = python_chess
    with contextlib.suppress(ImportError):
        from bulletchess.pgn import PGNFile  # (wheels for Python 3.13 only)

        def bulletchess(text):
            count = 0
            # it reads paths only, and applies a variation's moves after the move they replace
            # (refusing the corpus's variations), so it reads the corpus without them
            with PGNFile.open(_file_of(re.sub(r" \( [^()]* \)", "", text))) as games:
                while games.next_game() is not None:
                    count += 1
            return count
        out["bulletchess"] = bulletchess
    with contextlib.suppress(ImportError):
        import rust_pgn_reader_python_binding as rust

        def rust_reader(text):
            return rust.parse_games_from_strings(split_games(text), num_threads=1).num_games
        out["rust_pgn_reader"] = rust_reader
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller corpus and fewer rounds")
    parser.add_argument("--games", type=int, default=None, help="games in the corpus (default 2,000; 300 quick)")
    parser.add_argument("--write-corpus", metavar="PATH", help="write the corpus to PATH and stop")
    parser.add_argument("--engine", metavar="COMMAND", help="a UCI engine plays the corpus's games (with "
                                                            "--write-corpus): 'stockfish', or a path")
    parser.add_argument("--corpus", metavar="PATH", help="read this PGN file instead of generating one")
    parser.add_argument("--skip", action="append", default=[], metavar="NAME",
                        help="leave out a reader (python-chess, rust_pgn_reader, ...) or a table (encoders, parquet, "
                             "cpu, compression, all-cores); repeatable: python-chess takes minutes on a 100 MB corpus")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="rounds each table's runs take turns for, each keeping its best (default 5, the "
                             "Parquet and all-cores tables 3, --one-file-mb 2; 2 with --quick): more on a shared "
                             "machine")
    parser.add_argument("--one-file-mb", type=int, metavar="MB",
                        help="only: one .pgn.zst of MB megabytes unpacked (one zstd frame, as lichess ships a "
                             "month) to a Parquet dataset, held to one core and on every core")
    parser.add_argument("--handoffs", action="store_true",
                        help="only: the corpus to Parquet with the GIL handed over at CPython's switch interval "
                             "(5 ms) and at bitboard's (bitboard.data.gil), in turns: how long the Parquet writer "
                             "waited for the GIL")
    args = parser.parse_args(argv)
    if args.rounds is not None and args.rounds < 1:
        parser.error(f"--rounds {args.rounds} is not a number of rounds (1 or more)")
    if args.one_file_mb:
        _one_big_file(args.one_file_mb, args.rounds or 2)
        return
    games = args.games or (300 if args.quick else 2000)
    if args.write_corpus:
        engine = (shutil.which(args.engine) or shutil.which(args.engine, path="/usr/games")) if args.engine else None
        if args.engine and engine is None:
            parser.error(f"no engine {args.engine!r} found (Debian: apt-get install stockfish)")
        text = corpus(games, engine=engine)
        with open(args.write_corpus, "w") as out:
            out.write(text)
        print(f"wrote {games:,} games ({len(text.encode()):,} bytes) to {args.write_corpus}")
        return
    if args.corpus:
        with open(args.corpus) as stream:
            text = stream.read()
        games = sum(1 for _ in read_games(io.StringIO(text)))
    else:
        text = corpus(games)
    if args.handoffs:
        _handoffs(text.encode(), args.rounds or 3)
        return
    plies = sum(len(game.moves) for game in read_games(io.StringIO(text)))
    print(f"corpus: {games:,} games, {plies:,} plies, {len(text.encode()) / 1e6:.1f} MB; one thread, legality checked")
    print(missing({"chess": "chess", "rust_pgn_reader_python_binding": "rust-pgn-reader-python-binding",
                   "bulletchess": "bulletchess, on Python 3.13"}))
    engines = {name: read for name, read in readers().items() if name not in args.skip}
    counts = {name: read(text) for name, read in engines.items()}
    best = best_times({name: (lambda read=read: read(text)) for name, read in engines.items()},
                      repeat=args.rounds or (2 if args.quick else 5))
    rows = [[name, f"{counts[name]:,}", f"{best[name]:.3f}", f"{games / best[name]:,.0f}",
             f"{plies / best[name] / 1e6:.2f}", f"{best[name] / best['bitboard']:.2f}x"] for name in engines]
    print(markdown_table(["reader", "games read", "seconds", "games/s", "M plies/s", "bitboard is faster by"], rows))
    with contextlib.suppress(ImportError):

        from ..data.arrays import to_arrays
        raw = text.encode()
        converters = {"bitboard to_arrays": lambda: to_arrays(io.BytesIO(raw))}
        if "rust_pgn_reader" in engines:
            # its output is arrays already: boards, moves, evals and clocks per position
            converters["rust_pgn_reader"] = lambda read=engines["rust_pgn_reader"]: read(text)
        rounds = round_times(converters, repeat=args.rounds or (2 if args.quick else 5))
        ours = rounds["bitboard to_arrays"]
        print("\nFile to arrays (positions, moves, evals, clocks), one thread; bitboard's lead: best time "
              "against best time, and the median of each round's ratio:\n")
        print(markdown_table(["converter", "seconds", "positions/s", "bitboard is faster by", "round by round"],
                             [[name, f"{min(times):.3f}", f"{plies / min(times):,.0f}",
                               f"{min(times) / min(ours):.2f}x", f"{median_ratio(times, ours):.2f}x"]
                              for name, times in rounds.items()]))
        if "encoders" not in args.skip:
            _encoders(text)
        if "parquet" not in args.skip:
            _to_parquet(raw, repeat=args.rounds or (2 if args.quick else 3))
        if "cpu" not in args.skip:
            _cpu(raw, repeat=args.rounds or (2 if args.quick else 3))
        if "compression" not in args.skip:
            _compressions(raw, repeat=args.rounds or (2 if args.quick else 3))
        if "all-cores" not in args.skip:
            _all_cores(raw, repeat=args.rounds or (2 if args.quick else 3))


def _handoffs(raw: bytes, rounds: int) -> None:
    """convert_file of the corpus with the thread switch interval at CPython's 5 ms and at
    bitboard.data.gil's, in turns: its seconds, and the time the Parquet writer's calls took
    against the CPU its thread spent in them. The rest it waited, for the GIL (or for a core,
    on a busy machine)."""
    import tempfile
    import time

    import pyarrow.parquet as pq

    from ..data import gil
    from ..data.datasets import convert_file
    spent = {"wall": 0.0, "cpu": 0.0}
    write_batch = pq.ParquetWriter.write_batch

    def timed(writer, *args, **kwargs):  # (called on the writer's thread)
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return write_batch(writer, *args, **kwargs)
        finally:
            spent["wall"] += time.perf_counter() - wall
            spent["cpu"] += time.thread_time() - cpu

    ours = gil.HANDOFF_INTERVAL
    runs: dict = {0.005: [], ours: []}
    pq.ParquetWriter.write_batch = timed
    try:
        with tempfile.TemporaryDirectory() as folder:
            plain = os.path.join(folder, "corpus.pgn")
            with open(plain, "wb") as out:
                out.write(raw)
            for _ in range(rounds):
                for interval, seen in runs.items():
                    gil.HANDOFF_INTERVAL = interval
                    spent.update(wall=0.0, cpu=0.0)
                    shutil.rmtree(os.path.join(folder, "out"), ignore_errors=True)  # (not the conversion's cost)
                    start = time.perf_counter()
                    convert_file(plain, os.path.join(folder, "out"))
                    seen.append((time.perf_counter() - start, spent["wall"], spent["cpu"]))
    finally:
        pq.ParquetWriter.write_batch = write_batch
        gil.HANDOFF_INTERVAL = ours
    print(f"convert_file of the corpus ({len(raw) / 1e6:.1f} MB), {rounds} rounds in turns; the round with the "
          "fastest conversion, and the writer's wait in every round:\n")
    rows = []
    for interval, seen in runs.items():
        seconds, calls, cpu = min(seen)
        waits = sorted(wall - cpu for _, wall, cpu in seen)
        rows.append([f"{interval * 1000:g} ms", f"{seconds:.3f}", f"{calls:.3f}", f"{cpu:.3f}", f"{calls - cpu:.3f}",
                     f"{waits[0]:.3f}-{waits[-1]:.3f}"])
    print(markdown_table(["switch interval", "seconds", "writer's calls (s)", "their CPU (s)", "waited (s)",
                          "waited, every round (s)"], rows))


def _encoders(text: str) -> None:
    """The encoders' speed over 200,000 records of the corpus's positions."""
    import numpy as np

    from ..data.arrays import to_arrays
    from ..data.encode import leela_planes, piece_planes
    arrays = to_arrays(io.StringIO(text))
    copies = 200_000 // max(len(arrays["positions"]), 1) + 1
    many = np.tile(arrays["positions"], copies)[:200_000]
    game = (np.arange(copies)[:, None] * (int(arrays["game"].max()) + 1) + arrays["game"]).reshape(-1)[:200_000]
    encoders = {"piece_planes, packed": lambda: piece_planes(many, packed=True),
                "piece_planes, uint8": lambda: piece_planes(many),
                "leela_planes, packed": lambda: leela_planes(many, game, packed=True)}
    for encode in encoders.values():
        encode()  # the first call pays for the pages of its output
    times = best_times(encoders, repeat=3)
    print()
    for name, spent in times.items():
        print(f"{name} over {len(many):,} records: {len(many) / spent:,.0f} positions/s")


def _to_parquet(raw: bytes, repeat: int) -> None:
    """PGN to the Parquet dataset (games and positions tables, zstd), end to end in one process
    (the reader, with its Parquet writer on a thread beside it), beside to_arrays on the same
    text: what writing the tables costs; and the same process held to one core."""
    import tempfile

    from ..data.arrays import to_arrays
    from ..data.datasets import convert_file
    with contextlib.suppress(ImportError):
        import pyarrow  # noqa: F401
        with tempfile.TemporaryDirectory() as folder:
            plain = os.path.join(folder, "corpus.pgn")
            with open(plain, "wb") as out:
                out.write(raw)
            out = os.path.join(folder, "out")  # (removed before each run, untimed: each converts into a new folder)
            runs = {"to_arrays (arrays in memory)": lambda: to_arrays(plain),
                    "convert_file (Parquet dataset)": lambda: convert_file(plain, out)}
            if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) > 1:
                def one_core():
                    cores = os.sched_getaffinity(0)
                    os.sched_setaffinity(0, {min(cores)})  # the writer thread shares the reader's core
                    try:
                        convert_file(plain, out)
                    finally:
                        os.sched_setaffinity(0, cores)
                runs["convert_file on one core"] = one_core
            with contextlib.suppress(ImportError):
                import zstandard
                packed = os.path.join(folder, "corpus.pgn.zst")
                with open(packed, "wb") as written:
                    written.write(zstandard.ZstdCompressor().compress(raw))
                runs["to_arrays from .pgn.zst"] = lambda: to_arrays(packed)
                runs["convert_file from .pgn.zst"] = lambda: convert_file(packed, out)
            positions = len(to_arrays(plain)["moves"])
            rounds = round_times(runs, repeat=repeat, prepare=lambda: shutil.rmtree(out, ignore_errors=True))
        reference = rounds["to_arrays (arrays in memory)"]
        # (a run from the .pgn.zst is also set beside to_arrays of the .pgn.zst: both unpack it)
        same_input = {name: rounds["to_arrays from .pgn.zst"] if ".pgn.zst" in name else reference for name in rounds}
        print(f"\nPGN to Parquet end to end, one process ({positions:,} positions, each game's final one "
              "included; its Parquet writer is a thread beside the reader). Of to_arrays' speed: best time "
              "against best time, the median of each round's ratio, and that median against to_arrays "
              "of the same input:\n")
        print(markdown_table(["run", "seconds", "positions/s", "of to_arrays' speed", "round by round", "same input"],
                             [[name, f"{min(times):.3f}", f"{positions / min(times):,.0f}",
                               f"{min(reference) / min(times):.0%}", f"{median_ratio(reference, times):.0%}",
                               f"{median_ratio(same_input[name], times):.0%}"]
                              for name, times in rounds.items()]))


def _corpus_files(raw: bytes, folder: str) -> tuple[str, str | None]:
    """The corpus as a .pgn in `folder`, and as a .pgn.zst (None without zstandard)."""
    plain = os.path.join(folder, "corpus.pgn")
    with open(plain, "wb") as out:
        out.write(raw)
    try:
        import zstandard
    except ImportError:
        return plain, None
    packed = os.path.join(folder, "corpus.pgn.zst")
    with open(packed, "wb") as written:
        written.write(zstandard.ZstdCompressor().compress(raw))
    return plain, packed


def _cpu(raw: bytes, repeat: int) -> None:
    """CPU time per position, which a shared machine's load does not inflate as it does wall
    time: to_arrays (one thread), and convert_file's reader (the calling thread) and the rest of
    its process (its Parquet writer's thread; a .pgn.zst's unpacking thread too), the runs
    taking turns, each keeping its least (thread time: time.thread_time; the process's:
    time.process_time)."""
    import tempfile
    import time

    from ..data.arrays import to_arrays
    from ..data.datasets import convert_file
    with contextlib.suppress(ImportError):
        import pyarrow  # noqa: F401
        with tempfile.TemporaryDirectory() as folder:
            plain, packed = _corpus_files(raw, folder)
            out = os.path.join(folder, "out")
            runs = {"to_arrays": lambda: to_arrays(plain), "convert_file": lambda: convert_file(plain, out)}
            if packed is not None:
                runs["to_arrays from .pgn.zst"] = lambda: to_arrays(packed)
                runs["convert_file from .pgn.zst"] = lambda: convert_file(packed, out)
            positions = len(to_arrays(plain)["moves"])
            spent: dict = {name: ([], []) for name in runs}
            for _ in range(repeat):
                for name, run in runs.items():
                    shutil.rmtree(out, ignore_errors=True)
                    thread, process = time.thread_time(), time.process_time()
                    run()
                    reader = time.thread_time() - thread
                    spent[name][0].append(reader)
                    spent[name][1].append(max(0.0, time.process_time() - process - reader))  # (clocks' grain)
        least = {name: (min(reader), min(others)) for name, (reader, others) in spent.items()}
        print(f"\nCPU time per position ({positions:,} positions), the least of {repeat} rounds in turns: the "
              "calling thread (the reader), the process's other threads (the Parquet writer; a .pgn.zst's "
              "unpacker), and both, against to_arrays of the same input:\n")
        rows = []
        for name, (reader, others) in least.items():
            same = least["to_arrays from .pgn.zst" if ".pgn.zst" in name else "to_arrays"]
            rows.append([name, f"{reader / positions * 1e9:.0f}", f"{others / positions * 1e9:.0f}",
                         f"{(reader + others) / positions * 1e9:.0f}", f"{(reader + others) / sum(same):.2f}x"])
        print(markdown_table(["run", "reader's thread, ns/position", "other threads, ns/position",
                              "all, ns/position", "against to_arrays"], rows))


#: The compressions the benchmark sets beside each other (datasets.compression_options's spelling).
COMPRESSIONS_MEASURED = ("zstd", "zstd:-1", "zstd:3", "zstd:9", "lz4", "none")


def _compressions(raw: bytes, repeat: int) -> None:
    """convert_file with each compression of COMPRESSIONS_MEASURED beside to_arrays, the runs
    taking turns (each round's ratio to to_arrays; its median), and the shards' sizes."""
    import tempfile

    from ..data.arrays import to_arrays
    from ..data.datasets import convert_file
    with contextlib.suppress(ImportError):
        import pyarrow  # noqa: F401
        with tempfile.TemporaryDirectory() as folder:
            plain, _ = _corpus_files(raw, folder)
            out = os.path.join(folder, "out")
            sizes = {}
            for compression in COMPRESSIONS_MEASURED:
                shutil.rmtree(out, ignore_errors=True)
                convert_file(plain, out, compression=compression)
                sizes[compression] = {table: os.path.getsize(os.path.join(out, table, "corpus.parquet"))
                                      for table in ("positions", "games")}
            runs = {"to_arrays": lambda: to_arrays(plain)}
            runs.update({compression: (lambda compression=compression: convert_file(plain, out,
                                                                                    compression=compression))
                         for compression in COMPRESSIONS_MEASURED})
            rounds = round_times(runs, repeat=repeat, prepare=lambda: shutil.rmtree(out, ignore_errors=True))
        reference = rounds["to_arrays"]
        whole = sum(sizes["zstd"].values())
        print(f"\nconvert_file's compressions (`--compression`), {repeat} rounds in turns with to_arrays; of "
              f"to_arrays' speed: the median of each round's ratio; the shards of the {len(raw) / 1e6:.1f} MB "
              "corpus:\n")
        print(markdown_table(["compression", "seconds", "of to_arrays' speed", "positions MB", "games MB",
                              "size against zstd"],
                             [[name, f"{min(rounds[name]):.3f}", f"{median_ratio(reference, rounds[name]):.0%}",
                               f"{sizes[name]['positions'] / 1e6:.1f}", f"{sizes[name]['games'] / 1e6:.2f}",
                               f"{sum(sizes[name].values()) / whole:.2f}x"] for name in COMPRESSIONS_MEASURED]))


def _one_big_file(megabytes: int, rounds: int) -> None:
    """One big .pgn.zst, one zstd frame, to a Parquet dataset: convert_file held to one core
    against convert_files on every core (which cuts the input into parts, one per worker)."""
    import subprocess
    import sys
    import tempfile

    import zstandard
    text = (corpus(3000, seed=7) + "\n").encode()
    child = ("import os, sys, time, pyarrow\n"
             "from bitboard.data.datasets import convert_file\nfrom bitboard.data.workers import convert_files\n"
             "if sys.argv[3] == 'one': os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})\n"
             "start = time.perf_counter()\n"
             "shard = (convert_file(sys.argv[1], sys.argv[2], overwrite=True) if sys.argv[3] == 'one' else\n"
             "         convert_files([sys.argv[1]], sys.argv[2], overwrite=True)[os.path.basename(sys.argv[1])])\n"
             "print(time.perf_counter() - start, shard.positions)\n")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "month.pgn.zst")
        with open(path, "wb") as raw, zstandard.ZstdCompressor(level=3).stream_writer(raw) as out:
            written = 0
            while written < megabytes << 20:
                out.write(text)
                written += len(text)
        best: dict = {}
        for _ in range(rounds):
            for run in ("one", "every"):
                shutil.rmtree(os.path.join(folder, "out"), ignore_errors=True)  # (not the conversion's cost)
                result = subprocess.run([sys.executable, "-c", child, path, os.path.join(folder, "out"), run],
                                        capture_output=True, text=True, check=True)
                seconds, positions = result.stdout.split()
                best[run] = min(best.get(run, float("inf")), float(seconds))
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        print(f"One .pgn.zst of {written / 2**20:,.0f} MB unpacked ({os.path.getsize(path) / 2**20:,.0f} MB, "
              f"one zstd frame) to a Parquet dataset, {int(positions):,} positions:\n")
        print(markdown_table(["cores", "seconds", "positions/s", "speed-up"],
                             [[name, f"{best[key]:.2f}", f"{int(positions) / best[key]:,.0f}",
                               f"{best['one'] / best[key]:.2f}x"]
                              for key, name in (("one", "1"), ("every", str(cores)))]))


def _all_cores(raw: bytes, repeat: int) -> None:
    """Files to a Parquet dataset: one process against one per core, on as many files as there
    are cores, each the corpus sixteen times over (so that starting the processes, a tenth of a
    second, is small beside the work, as it is beside a real month of games)."""
    import tempfile

    from ..data.workers import convert_files
    cores = os.cpu_count() or 1
    if cores < 2:
        print("\nAll cores: this machine has one core")
        return
    with contextlib.suppress(ImportError):
        import pyarrow  # noqa: F401
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for n in range(cores):
                paths.append(os.path.join(folder, f"part{n}.pgn"))
                with open(paths[-1], "wb") as out:
                    out.write(raw * 16)
            positions = sum(shard.positions for shard in convert_files(paths, os.path.join(folder, "out")).values())
            runs = {f"{p} process{'es' if p > 1 else ''}": (lambda p=p: convert_files(
                paths, os.path.join(folder, "out"), processes=p, overwrite=True)) for p in (1, cores)}
            seconds = best_times(runs, repeat=repeat)
        one = seconds["1 process"]
        print(f"\nAll cores: {cores} files, each the corpus 16 times, to a Parquet dataset "
              f"({positions:,} positions):\n")
        print(markdown_table(["processes", "seconds", "positions/s", "speed-up"],
                             [[name, f"{spent:.3f}", f"{positions / spent:,.0f}", f"{one / spent:.2f}x"]
                              for name, spent in seconds.items()]))


if __name__ == "__main__":
    main()
