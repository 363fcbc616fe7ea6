"""The `bitboard` command line.

Every subcommand has --help. Bad input prints one line naming what is wrong and exits with
status 2, never a traceback.
"""
import argparse
import collections
import os
import sys
import time

from . import squares as sq
from .core.arguments import bitboard_arg, hash_arg
from .core.bits import popcount
from .errors import InvalidArgumentError, InvalidFenError, InvalidPositionError, quoted
from .notation.fen import STARTING_FEN
from .squareset import SquareSet


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


def parse_bitboard(text: str) -> int:
    """A bitboard from '0x...' hex, '0b...' binary or decimal text."""
    try:
        value = int(text.replace("_", ""), 0)
    except ValueError:
        raise UsageError(f"{quoted(text)} is not a bitboard (hex like 0x0000001818000000, or decimal)") from None
    try:
        return bitboard_arg(value)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def mapping(text: str):
    try:
        return sq.mapping_arg(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def cmd_show(args) -> None:
    text = " ".join(args.value)
    if "/" not in text:  # the rule --help states: a FEN has slashes, a bitboard never
        if len(args.value) > 1:
            raise UsageError(f"{quoted(text)} is neither a bitboard (one number) nor a FEN (ranks joined by '/')")
        value = parse_bitboard(text)
        m = mapping(args.mapping)
        lerf = m.bitboard_to_lerf(value)
        print(SquareSet(lerf))
        print(f"\n{m.name} 0x{value:016x}: {popcount(value)} squares: {' '.join(SquareSet(lerf).names()) or '-'}")
        return
    if args.mapping != "lerf":
        raise UsageError("--mapping numbers the bits of a bitboard; a FEN has no mapping")
    board = board_from(args.value, args.chess960, checked=False)
    print(board)
    mode = ", Chess960" if board.chess960 else ""
    print(f"\n{board.fen()}  ({'white' if board.turn else 'black'} to move{mode})")
    from .board.status import reasons
    for reason in reasons(board.status()):  # drawn all the same: showing it is how to see what is wrong
        print(f"invalid: {reason}")


def _is_number(text: str) -> bool:
    return text[:1].isdigit() or text[:1] == "-"


def cmd_convert(args) -> None:
    source, target = mapping(getattr(args, "from")), mapping(args.to)
    text = args.value
    if args.square or not _is_number(text):  # the rule --help states
        if _is_number(text):
            try:
                index = int(text)
                lerf = source.to_lerf(index)
            except ValueError:
                raise UsageError(f"square {text!r} is not an index in 0..63") from None
            print(f"square {index} ({source.name}) = {sq.SQUARE_NAMES[lerf]} = {target.from_lerf(lerf)} "
                  f"({target.name})")
        else:
            try:
                lerf = sq.parse_square(text)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            print(f"square {text} = {source.from_lerf(lerf)} ({source.name}) = {target.from_lerf(lerf)} "
                  f"({target.name})")
        return
    value = parse_bitboard(text)
    converted = sq.convert_bitboard(value, source, target)
    print(f"0x{value:016x} ({source.name}) = 0x{converted:016x} ({target.name})")


#: Each benchmark `bitboard bench` runs, with what it compares (bitboard.benchmarks.NAME).
BENCHMARKS = {
    "bits": "popcount and bit-scan variants of the documents, compiled and uncompiled",
    "serialize": "serialization techniques, and perfect-hash move lists against plain scanning",
    "sliders": "slider attacks: magic bitboards against the set-wise methods",
    "movegen": "perft speed and memory beside python-chess, chessmg, nchess (and C/C++ anchors)",
    "x88": "the bitboard move generator against the 0x88 board, both compiled and uncompiled",
    "pgn": "PGN reading speed beside python-chess and rust_pgn_reader on one generated corpus",
    "scale": "perft at scale: threads, the transposition table, and Dask's rate per worker",
    "batches": "training batches from a Parquet dataset: positions/s on one core",
    "api": "python-chess's calls and small programs: bitboard.chess against python-chess",
    "pgn_api": "python-chess's PGN readers (read_game, a Python visitor, read_headers, skip_game): "
               "bitboard.chess.pgn against chess.pgn",
    "pgn_memory": "PGN to a Parquet dataset: a worker's peak memory on inputs of 1 GB and 4 GB (--quick: 64, 256 MB)",
    "variants": "variant perft beside python-chess and Fairy-Stockfish, and python-chess's perft loop on the "
                "variant boards",
    "env": "random self-play steps/s: bitboard.env beside PettingZoo's chess_v6, OpenSpiel and pgx",
}


#: The benchmarks that time perft programs outside Python beside bitboard (--anchors FOLDER).
ANCHORED = ("movegen",)


def cmd_bench(args) -> None:
    import importlib
    if args.anchors and not set(args.only or BENCHMARKS) & set(ANCHORED):
        raise UsageError(f"--anchors times perft programs in {' and '.join(ANCHORED)}, which --only leaves out")
    for name in args.only or BENCHMARKS:
        print(f"\n## {name}\n", flush=True)
        argv = ["--quick"] if args.quick else []
        if args.anchors and name in ANCHORED:
            argv += ["--anchors", args.anchors]
        importlib.import_module(f"bitboard.benchmarks.{name}").main(argv)


def cmd_search(args) -> None:
    from .catalogue.searches import search_and_compare
    if search_and_compare(args.write) != 0:
        raise SystemExit(1)


def board_from(fen_words, chess960=False, checked=True):
    """The position of a FEN given on the command line (the initial one if none), read as
    positions.board_from_fen reads it: Chess960 when --chess960 or when the castling field
    needs it; an invalid position refused, naming why, unless not `checked` (--unchecked)."""
    from .board.positions import board_from_fen
    fen = " ".join(fen_words) if fen_words else STARTING_FEN
    try:
        board = board_from_fen(fen, chess960=True if chess960 else None, checked=checked)
    except InvalidFenError as exc:  # InvalidCastlingError among them
        raise UsageError(str(exc)) from None
    except InvalidPositionError as exc:
        raise UsageError(f"{exc}; --unchecked counts it all the same, as python-chess's legal_moves would") from None
    return board


def variant_board_from(name, fen_words, chess960=False, checked=True):
    """The position of a FEN (the variant's start if none) on the board class of a variant
    named as python-chess names it (find_variant: "atomic", "3check", "ZH" ...)."""
    from .board.variant import find_variant
    from .errors import UnsupportedVariantError
    try:
        board_class = find_variant(name)
    except UnsupportedVariantError as exc:
        raise UsageError(f"{exc} (python-chess's names: antichess, atomic, crazyhouse, giveaway, horde, "
                         "kingofthehill, racingkings, suicide, 3check)") from None
    try:
        board = board_class(" ".join(fen_words), chess960=chess960) if fen_words else board_class(chess960=chess960)
    except InvalidFenError as exc:
        raise UsageError(str(exc)) from None
    if checked and not board.is_valid():
        raise UsageError(f"invalid {board.uci_variant} position ({board.status()!r}); --unchecked counts it "
                         "all the same, as python-chess's legal_moves would")
    return board


def cmd_perft(args) -> None:
    from .core.perft_threads import max_threads
    if args.variant.lower() not in ("chess", "standard"):
        if args.dask:
            raise UsageError("--variant counts on this machine; it does not combine with --dask")
        board = variant_board_from(args.variant, args.fen, args.chess960, checked=not args.unchecked)
        args.threads = 1  # (a variant's tree is counted on one thread)
    else:
        board = board_from(args.fen, args.chess960, checked=not args.unchecked)
    from .board.positions import unhonoured_castling
    lost = unhonoured_castling(board)
    if lost:  # only where --unchecked let it through: counted, never silently
        from .notation.fen import rook_squares
        note(f"castling with the rook on {rook_squares(lost)} cannot be honoured: counted without it")
    threads = args.threads
    if threads > max_threads():
        note(f"--threads {threads} is far more than this machine's {os.cpu_count()} cores: using {max_threads()}")
        threads = max_threads()
    if args.dask and args.divide:
        raise UsageError("--divide counts root moves one by one on this machine; it does not combine with --dask "
                         "(use --threads)")
    start = time.perf_counter()
    if args.dask:
        nodes = perft_on_dask(board, args)
    elif args.depth == 0:
        nodes = 1
    else:
        nodes = perft_by_root_move(board, args.depth, threads, args.hash, args.divide)
    elapsed = time.perf_counter() - start
    print(f"Nodes searched: {nodes:,}")
    print(f"Time: {elapsed:,.3f} s")
    print(f"Nodes per second: {nodes / elapsed if elapsed > 0 else 0:,.0f}")


def note(message: str) -> None:
    """A notice on stderr that does not stop the command."""
    print(f"bitboard: note: {message}", file=sys.stderr)


class Interrupted(Exception):
    """Ctrl-C during a long count: what was finished is printed, then this line; status 130."""


def perft_by_root_move(board, depth, threads, hash_mb, divide) -> int:
    """The leaves `depth` plies below `board`, counted root move by root move (Board.divide_lines)
    with progress on stderr; with `divide`, each move's line ("e2e4: 13160", Stockfish's divide
    lines, for diffing with other programs) printed and flushed as soon as it is counted, also
    into a pipe. Ctrl-C keeps the lines printed and says how many root moves were counted."""
    total, moves = 0, board.legal_moves.count()
    with _Progress("root moves", moves) as progress:
        progress.update(0, "counting")
        lines = board.divide_lines(depth, threads=threads, hash_mb=hash_mb, on_wait=progress.tick)
        done = 0
        try:
            for done, (move, count) in enumerate(lines, 1):
                total += count
                if divide:
                    print(f"{board.uci(move)}: {count}", flush=True)
                progress.update(done, f"{board.uci(move)}: {count:,}")
        except KeyboardInterrupt:
            raise Interrupted(f"{done} of {moves} root moves counted") from None
    if divide:
        print()
    return total


def perft_on_dask(board, args) -> int:
    from . import distributed
    try:
        if args.split_ply is not None:  # checked before a cluster starts (None: chosen from the tree)
            args.split_ply = distributed.split_ply_arg(args.split_ply, args.depth)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        client = distributed.connect(args.dask, timeout=args.timeout)
    except (ConnectionError, ImportError) as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        raise Interrupted("no task was started") from None
    try:
        with _Progress("tasks") as progress:
            try:
                return distributed.perft(board.fen(en_passant="always"), args.depth, client, args.split_ply,
                                         chess960=board.chess960, hash_mb=args.hash,
                                         progress=lambda done, total: progress.update(
                                             done, "submitted" if done == 0 else "", total=total, report=done == 0))
            except KeyboardInterrupt:  # distributed.perft has cancelled the tasks left
                of = f" of {progress.total:,}" if progress.total is not None else ""
                raise Interrupted(f"{progress.done:,}{of} tasks counted; the rest cancelled") from None
    finally:
        distributed.close(client)


class _Progress:
    """Progress on stderr: a rich bar that stays on screen when it is a terminal, else a line
    every REPORT_SECONDS (so a long run in a log or a pipe shows it is alive)."""

    REPORT_SECONDS = 10.0

    def __init__(self, unit: str, total=None, name: str = "perft"):
        self.unit, self.total, self.name = unit, total, name
        self.done, self.last = 0, ""
        self.task = None
        self.started = self.reported = time.monotonic()

    def __enter__(self):
        from rich.console import Console
        from rich.progress import Progress
        console = Console(stderr=True)
        self.terminal = console.is_terminal
        self.bar = Progress(*self._columns(), console=console, disable=not self.terminal)
        self.bar.__enter__()
        return self

    def _columns(self) -> list:
        from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
        return [TextColumn(self.name), BarColumn(), MofNCompleteColumn(), TextColumn(self.unit),
                TextColumn("{task.fields[last]}"), TimeElapsedColumn()]

    def update(self, done: int, last: str = "", total=None, report: bool = False) -> None:
        """`done` of the total so far, `last` what was done last; `report`: a line now, even
        between the periodic ones (a milestone for a log: a cluster's tasks submitted)."""
        self.done, self.last = done, last
        self.total = total if total is not None else self.total
        if self.task is None:
            self.task = self.bar.add_task(self.name, total=self.total, last="")
        self.bar.update(self.task, completed=done, total=self.total, last=last)
        self.tick(report)

    def tick(self, report: bool = False) -> None:
        """Called often while counting: a progress line when stderr is no terminal and it is time."""
        now = time.monotonic()
        if not self.terminal and (report or now - self.reported >= self.REPORT_SECONDS):
            self.reported = now
            print(f"{self._line()}, {now - self.started:,.0f} s", file=sys.stderr, flush=True)

    def _line(self) -> str:
        of = f"/{self.total:,}" if self.total is not None else ""
        last = f", {self.last}" if self.last else ""
        return f"{self.name}: {self.done:,}{of} {self.unit} done{last}"

    def __exit__(self, *exc):
        return self.bar.__exit__(*exc)


def _bytes_progress(path: str) -> _Progress:
    """Progress over the bytes of a PGN file read (of a compressed one, the bytes unpacked, whose
    total is not known in advance)."""
    from .data.sources import STDIN, is_compressed
    if path == STDIN:
        return _Progress("bytes unpacked", None, name="pgn")
    plain = not is_compressed(path)
    return _Progress("bytes" if plain else "bytes unpacked", os.path.getsize(path) if plain else None, name="pgn")


def cmd_pgn_stats(args) -> int:
    """Count what a PGN file holds, with progress over the bytes read: the games and positions
    that to-parquet writes, the games with errors, and the results."""
    from .data.pgn_game import positions_of
    from .data.pgn_reader import read_games
    from .data.sources import STDIN
    path = args.file
    if path != STDIN and not os.path.isfile(path):
        raise UsageError(f"no PGN file {quoted(path)}")
    games = positions = errors = 0
    first_error = None
    results: collections.Counter[str] = collections.Counter()
    try:
        reading = read_games(path)
        with _bytes_progress(path) as progress:
            for game in reading:
                games += 1
                positions += positions_of(game)
                results[game.result or "none"] += 1
                if game.error:
                    errors += 1
                    first_error = first_error or f"game {games - 1} (line {game.line}): {game.error}"
                if games % 256 == 0:
                    progress.update(game.offset, f"{games:,} games")
    except (OSError, EOFError, ImportError) as exc:
        raise UsageError(f"cannot read {quoted(path)}: {exc}") from None
    print(f"games      {games:,}")
    print(f"positions  {positions:,} (each game's start and the position after each move)")
    print(f"errors     {errors:,}" + (f" (first: {first_error})" if first_error else ""))
    print("results    " + ", ".join(f"{result} {count:,}" for result, count in results.most_common()))
    if games == errors:
        print(f"bitboard pgn: error: no readable game in {quoted(path)}", file=sys.stderr)
        return 1
    return 0


class _FilesProgress(_Progress):
    """Progress of many inputs on stderr: the bytes read of all of them and of each one being
    read (rich bars on a terminal, else a line every REPORT_SECONDS)."""

    def __init__(self, paths: list[str]):
        from .data.sources import STDIN
        sizes = [os.path.getsize(path) for path in paths if path != STDIN]
        super().__init__("bytes", sum(sizes) if len(sizes) == len(paths) else None, name="pgn")
        self.read: dict[str, int] = {}
        self.tasks: dict[str, object] = {}

    def __enter__(self):
        super().__enter__()
        self.all = self.bar.add_task("all inputs", total=self.total, games="")
        return self

    def _columns(self) -> list:
        from rich.progress import BarColumn, DownloadColumn, TextColumn, TimeElapsedColumn
        return [TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TextColumn("{task.fields[games]}"),
                TimeElapsedColumn()]

    def update(self, source: str, done: int, total, games: int) -> None:  # type: ignore[override]
        if source not in self.tasks:
            self.tasks[source] = self.bar.add_task(source, total=total, games="")
        self.read[source] = done
        self.done, self.last = sum(self.read.values()), f"{source}: {games:,} games"
        self.bar.update(self.tasks[source], completed=done, total=total, games=f"{games:,} games")
        self.bar.update(self.all, completed=self.done)
        self.tick()

    def finished(self, shard) -> None:
        for key in [key for key in self.tasks if key == shard.source or key.startswith(f"{shard.source} (part ")]:
            self.bar.remove_task(self.tasks.pop(key))  # (an input converted as parts: each part's bar too)


def cmd_pgn_convert(args) -> int:
    """PGN inputs to a Parquet dataset folder (games/ and positions/ shards, one worker per two
    cores), or one input's arrays to .npz; a summary of what was written and of the games with
    errors; exit status 1 when an input has no readable game. Ctrl-C names what was kept."""
    from .data import datasets, parts, workers
    try:
        sources = datasets.pgn_files(args.files)
        if not sources:
            raise UsageError(f"no PGN files in {', '.join(map(quoted, args.files))}")
        if args.out.endswith(".npz"):
            if len(sources) != 1 or sources[0] != args.files[0]:
                raise UsageError(f"{quoted(args.out)}: .npz holds one PGN file's arrays; a folder OUT "
                                 "takes many inputs")
            return _pgn_to_npz(sources[0], args.out)
        with _FilesProgress(sources) as progress:
            shards = workers.convert_files(sources, args.out, overwrite=args.overwrite, processes=args.processes,
                                            progress=progress.update, finished=progress.finished,
                                            compression=args.compression,
                                            part_bytes=args.part_bytes or parts.PART_BYTES)
    except InvalidArgumentError as exc:  # (a shard already there among them: told how to replace it here)
        raise UsageError(str(exc).replace(datasets.OVERWRITE, "--overwrite")) from None
    except (OSError, EOFError, ImportError) as exc:
        raise UsageError(f"cannot convert: {exc}") from None
    except workers.ConversionInterrupted as exc:
        raise Interrupted(_kept(exc)) from None
    games = sum(shard.games for shard in shards.values())
    positions = sum(shard.positions for shard in shards.values())
    skipped = sum(shard.skipped for shard in shards.values())
    errors = [shard for shard in shards.values() if shard.errors]
    converted = len(shards) - skipped  # (inputs: one converted as parts has a shard per part)
    print(f"converted {converted:,} input{'s' if converted != 1 else ''}"
          + (f" ({skipped:,} already there, skipped)" if skipped else "")
          + f": {games:,} games, {positions:,} positions in {args.out}")
    if errors:
        print(f"games with errors, kept with their error text: {sum(s.errors for s in errors):,} in "
              f"{len(errors):,} inputs (first: {errors[0].source}, {errors[0].first_error})")
    unreadable = [shard.source for shard in shards.values() if not shard.readable]
    for source in unreadable:
        print(f"bitboard pgn: error: no readable game in {quoted(source)}", file=sys.stderr)
    return 1 if unreadable else 0


def _kept(stopped) -> str:
    """What an interrupted conversion kept (workers.ConversionInterrupted), in a line."""
    inputs = [name for name in stopped.kept if " (part " not in name]
    parts = [name for name in stopped.kept if " (part " in name]
    shown = ", ".join(stopped.kept[:8]) + (f" and {len(stopped.kept) - 8:,} more" if len(stopped.kept) > 8 else "")
    line = f"{len(inputs):,} of {stopped.inputs:,} inputs converted"
    if parts:
        line += f" and {len(parts):,} part{'s' if len(parts) != 1 else ''} of others"
    if stopped.kept:
        line += f", their shards kept ({shown})"
    return line + "; nothing unfinished was left, and a rerun converts the rest"


def _pgn_to_npz(path: str, out: str) -> int:
    """One PGN file's to_arrays dictionary to .npz (held in memory: a dataset folder streams)."""
    from .data.arrays import to_arrays
    from .data.datasets import write_arrays
    with _bytes_progress(path) as progress:
        arrays = to_arrays(path, progress=lambda offset, games: progress.update(offset, f"{games:,} games"))
    write_arrays(arrays, out)
    games, errors = len(arrays["result"]), int(arrays["error"].sum())
    print(f"wrote {games:,} games, {len(arrays['moves']):,} positions to {out}"
          + (f"; {errors:,} games with errors" if errors else ""))
    if games == errors:
        print(f"bitboard pgn: error: no readable game in {quoted(path)}", file=sys.stderr)
        return 1
    return 0


def _count(name: str, low: int, high=None):
    """An argparse type: a whole number from `low` (to `high`), named in its error."""
    def parse(text: str) -> int:
        if not text.isdigit() or int(text) < low or (high is not None and int(text) > high):
            bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a whole number {bound}")
        return int(text)
    return parse


def _megabytes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"hash size {quoted(text)} is not a number of MiB (0 or more)") from None
    try:
        return hash_arg(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"timeout {text!r} is not a positive number of seconds")
    return value


class _Version(argparse.Action):
    """--version: installation.version_line(), worked out only when asked for."""

    def __call__(self, parser, namespace, values, option_string=None):
        from .installation import version_line
        print(version_line())
        parser.exit(0)


def _anchors(folder: str) -> str:
    """A folder of perft wrappers (run_NAME.sh) for --anchors: refused with the reason where it is
    none."""
    from .benchmarks.movegen import anchor_engines
    try:
        if not anchor_engines(folder):
            raise argparse.ArgumentTypeError(f"no perft program in {folder!r}: it has no run_NAME.sh")
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot read the anchors folder {folder!r}: {exc.strerror}") from None
    return folder


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: 'bitboard perft: error: ...', exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="bitboard", description="Chess bitboards: perft, drawing, square mappings, benchmarks.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="the version, the build (compiled for this machine or portable, or uncompiled) and the "
                             "perft kernel this CPU runs")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True

    perft = commands.add_parser("perft", help="count the leaves of the legal move tree",
                                description="Count the leaf nodes of the legal move tree to a depth "
                                            "(bulk counted in compiled code), with progress over the root moves. "
                                            "FEN castling may be standard, X-FEN or Shredder-FEN. An invalid "
                                            "position is refused with the reason (exit status 2) unless "
                                            "--unchecked; Ctrl-C stops the count (exit status 130), keeping the "
                                            "divide lines printed.")
    perft.add_argument("fen", nargs="*", help="the position (default: the initial position); quotes optional")
    perft.add_argument("-d", "--depth", type=_count("depth", 0, 64), default=6, help="plies to count (default 6)")
    perft.add_argument("--divide", action="store_true",
                       help="print each root move with its count as soon as it is counted, e.g. 'e2e4: 13160' "
                            "(castling as king takes rook in Chess960, e.g. 'e1h1'); not with --dask")
    perft.add_argument("--chess960", action="store_true",
                       help="read the position as Chess960 (default: only when its castling field needs it, "
                            "e.g. Shredder-FEN 'HFhf' with the king on g1)")
    perft.add_argument("--variant", default="chess", metavar="NAME",
                       help="the rules to count by, as python-chess names them: atomic, antichess, giveaway, "
                            "suicide, kingofthehill, racingkings, horde, 3check, crazyhouse (default chess); "
                            "the FEN may carry the variant's parts (a pocket [Qn], checks 3+3); one thread")
    perft.add_argument("--unchecked", action="store_true",
                       help="count a position python-chess's status() calls invalid (no king, opposite check, "
                            "...) instead of refusing it")
    perft.add_argument("--threads", type=_count("threads", 1), default=1,
                       help="split each root move's subtree across this many threads (default 1; at most "
                            "4 per core are used)")
    perft.add_argument("--hash", type=_megabytes, default=0, metavar="MIB",
                       help="a transposition table of about this many MiB (default 0: none)")
    perft.add_argument("--dask", metavar="ADDRESS",
                       help="count on a Dask cluster: a scheduler address such as tcp://host:8786, or 'local' "
                            "for a LocalCluster of this machine's cores (needs bitboard[dask])")
    perft.add_argument("--split-ply", type=_count("split ply", 0), default=None,
                       help="with --dask, the ply where the tree is split into tasks (default 2, less for a "
                            "shallow count; each task counts at least 2 plies)")
    perft.add_argument("--timeout", type=_seconds, default=10.0,
                       help="with --dask, seconds to wait for the scheduler (default 10)")
    perft.set_defaults(run=cmd_perft)

    show = commands.add_parser("show", help="draw a bitboard or a position as an 8x8 grid",
                               description="Draw a bitboard or a position with rank 8 on top. VALUE is a FEN "
                                           "when it has a '/' (quotes optional), else a bitboard: hex (0x...), "
                                           "binary (0b...) or decimal. An invalid position is drawn all the "
                                           "same, with the reasons under it.")
    show.add_argument("value", nargs="+", help="a FEN (it has '/'), or a bitboard such as 0x0000001818000000")
    show.add_argument("--chess960", action="store_true",
                      help="read a FEN as Chess960 (default: only when its castling field needs it)")
    show.add_argument("--mapping", default="lerf",
                      help=f"square mapping the bits are numbered in ({', '.join(sq.MAPPINGS)}; default lerf)")
    show.set_defaults(run=cmd_show)

    convert = commands.add_parser("convert", help="a square or a bitboard from one square mapping to another",
                                  description="Renumber a square or a bitboard from one mapping to another. VALUE "
                                              "is a square when it is a square name (e4) or given with --square "
                                              "(an index, 0..63); any other number is a bitboard (hex, binary or "
                                              "decimal: 63 is the bitboard of a1..f1).")
    convert.add_argument("value", help="e4; an index with --square; else a bitboard such as 0xff or 63")
    convert.add_argument("--from", default="lerf", help="the mapping the value is numbered in (default lerf)")
    convert.add_argument("--to", required=True, help=f"the mapping to convert to ({', '.join(sq.MAPPINGS)})")
    convert.add_argument("--square", action="store_true", help="the value is a square index, not a bitboard")
    convert.set_defaults(run=cmd_convert)

    bench = commands.add_parser(
        "bench", help="run the library's benchmarks and print their tables",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run the benchmarks, each comparing variants or peers in one run and printing Markdown "
                    "tables (the tables of docs/benchmarks.md):\n\n"
                    + "\n".join(f"  {name:<10} {what}" for name, what in BENCHMARKS.items()))
    bench.add_argument("--quick", action="store_true", help="smaller inputs and fewer repeats")
    bench.add_argument("--only", nargs="+", choices=list(BENCHMARKS), help="run only these benchmarks")
    bench.add_argument("--anchors", metavar="FOLDER", type=_anchors,
                       help="also time the perft programs of FOLDER (C and C++: Gigantua, qperft...) in movegen's "
                            "compiled table: every run_NAME.sh there, called as run_NAME.sh FEN DEPTH, prints "
                            "'NODES SECONDS'; bitboard's speed over each program's, per position and geometric mean")
    bench.set_defaults(run=cmd_bench)

    pgn = commands.add_parser("pgn", help="read PGN files", description="Read PGN files with bitboard.pgn.")
    actions = pgn.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser, required=True)
    stats = actions.add_parser("stats", help="games, positions, errors and results of a PGN file",
                               description="Read every game of a PGN file (.gz, .bz2 and .zst too), legality "
                                           "checked, and count games, positions, errors and results.")
    stats.add_argument("file", help="the PGN file (- for standard input)")
    stats.set_defaults(run=cmd_pgn_stats)
    convert_pgn = actions.add_parser(
        "to-parquet", help="PGN files to a Parquet dataset: a games table and a positions table",
        description="Read PGN inputs (files, folders of them, - for standard input; gzip, bz2, xz and zstd "
                    "told by their first bytes) into the dataset folder OUT: OUT/games/ (one row per game, "
                    "its tags typed) and OUT/positions/ (one row per position, each game's final one "
                    "included), one shard of each per input, named by its path relative to the inputs' "
                    "common folder, written as it is read, one worker per two cores. An input of over 1.5 GiB of "
                    "text is cut into parts of about 1 GiB, each its own shard, cut as a Dask cluster cuts it. A "
                    "rerun skips the shards already written from the same input (never those of an earlier "
                    "standard input). OUT ending in .npz: one file's to_arrays arrays.",
        epilog="exit status: 0 when every input had a readable game (games with errors are kept, counted and "
               "summarised); 1 when an input had none (named on stderr); 2 for bad arguments or an existing "
               "shard from another input (or from standard input) without --overwrite; 130 on Ctrl-C (finished shards "
               "stay, and are named).")
    convert_pgn.add_argument("files", nargs="+", metavar="INPUT", help="PGN files, folders of them, or -")
    convert_pgn.add_argument("out", metavar="OUT", help="the dataset folder (or a .npz file for one input)")
    convert_pgn.add_argument("--overwrite", action="store_true",
                             help="replace shards already there from other inputs or versions")
    convert_pgn.add_argument("--processes", type=_count("processes", 1), default=None,
                             help="worker processes (default: one per two cores, at least one: each conversion "
                                  "keeps two threads busy, its reader and its Parquet writer)")
    convert_pgn.add_argument("--part-bytes", type=_count("part bytes", 1), default=None, metavar="BYTES",
                             help="cut an input of over 1.5 BYTES of text into parts of about BYTES, each its own "
                                  "shard (default 1 GiB: 1073741824); the same value cuts it alike on a Dask cluster")
    convert_pgn.add_argument("--compression", default="zstd", metavar="CODEC",
                             help="the shards' compression: zstd (default), zstd:LEVEL (e.g. zstd:9, smaller and "
                                  "slower), lz4 or none (docs/benchmarks.md measures each)")
    convert_pgn.set_defaults(run=cmd_pgn_convert)

    search = commands.add_parser("search", help="reproduce the shipped hash factors from their seeds",
                                 description="Run the seeded factor searches again and compare with (or "
                                             "rewrite) the factors the library ships.")
    search.add_argument("--write", metavar="FOLDER", help="write magics.py and perfect_hash_factors.py into FOLDER")
    search.set_defaults(run=cmd_search)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
    except UsageError as exc:
        print(f"bitboard {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except Interrupted as exc:
        print(f"bitboard {args.command}: interrupted: {exc}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (head, less) went away: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status or 0


if __name__ == "__main__":
    sys.exit(main())
