"""One big PGN input converted as parts, on many workers, exactly as if read whole.

A lichess month is one file of 30+ GB: one task per input would leave a cluster idle. Such an
input is cut into parts of about `part_bytes` of PGN text each; on a cluster (bitboard.data.
cluster) in two passes of tasks:

1. **Count.** Part k starts at the first line at or after k * part_bytes that can only begin a
   game: a tag line (`[`) after a line that is neither a tag line nor blank-and-unknown. From
   there a reader that skips every move finds where the first game at or after the next cut
   begins (the part's end), and counts the games and lines before it. The cut rule reads no
   context, so a tag-like line inside a brace comment could fool it: the parts are checked
   against each other (each must start where the previous one ended, which the previous one
   found with full context) and a part that does not is counted again from where it should
   start. The plan is exact whatever the text.
2. **Convert.** Each part is converted like a whole input (datasets.convert_file), with its
   first game's number, first line's number and byte offset given, so that every row reads as
   if the input had been read in one go: (source, game) stays a key, and `offset` and error
   lines are the input's. Each part is its own shard, `STEM.part-K-of-N.parquet`.

A compressed input (one zstd frame, as lichess ships its months) cannot be entered in the
middle: a part's task unpacks it from the start and drops what comes before the part. Unpacking
runs at several times the reader's speed, so this costs well under the parse for a few parts
per worker.

Where the cuts fall depends on the input alone (`input_cuts`: its size, a compressed input's
estimated from its first 8 MB, and `part_bytes`), so one machine and a cluster cut it alike:
the same parts, the same (source, game) keys and the same shards, and a conversion started on
one resumes on the other. One machine (workers.convert_files) finds the parts as it reads
(`Run`): a worker reads consecutive parts from one stream, each part starting where the last
one's reader stopped, and the first part of its run found by a reader that skips the moves from
the input's start, so a compressed input is unpacked once a worker.
"""
import contextlib
import io
import os
from dataclasses import dataclass

from .sources import compression_of, is_compressed, open_pgn, unpacking

__all__ = ["PART_BYTES", "Part", "Run", "count_part", "cut_parts", "input_cuts", "input_size", "open_at", "part_cuts",
           "part_stem"]

#: The PGN text of a part (a task on a cluster, a shard): about a minute of one core's work. An
#: input of over 1.5 PART_BYTES of text is cut into parts, on one machine as on a cluster.
PART_BYTES = 1 << 30

#: How far before a cut the search for a part's first game looks back for the line before it.
_LOOK_BACK = 4096
_BLOCK = 1 << 20
_SAMPLE = 8 << 20  # compressed bytes unpacked to estimate a compressed input's text


@dataclass(frozen=True)
class Part:
    """Part `index` of `count` of an input: its PGN text (unpacked) from byte `start` up to the
    first game at or after byte `stop` that starts with a tag line (where the next part starts:
    exactly `stop` for a counted part, the next cut for a part found as it is read; -1: the end
    of the text), the number of its first game in the input and of the line before its first
    line. Not `located`: `start` is only its cut, and the part begins at the first game at or
    after it that starts with a tag line, which a `Run` finds (and with it the part's first game
    and lines before)."""

    index: int
    count: int
    start: int
    stop: int
    first_game: int = 0
    lines_before: int = 0
    located: bool = True

    def stamp(self) -> str:
        """The part as its shards' metadata records it: a rerun skips a shard only for the same.
        Where it starts and its first game and line, not where it stops, which a counted part
        knows exactly and a part found as it is read knows as the next cut: both end at the
        same game."""
        return f"{self.index}/{self.count} from byte {self.start} game {self.first_game} line {self.lines_before + 1}"


def part_stem(stem: str, index: int, count: int) -> str:
    """The shard stem of a part: `STEM.part-00003-of-00016`."""
    return f"{stem}.part-{index:05d}-of-{count:05d}"


def input_size(path: str) -> int:
    """The bytes of PGN text in `path`: its size, or, compressed, what it unpacks to (by
    unpacking it: a zstd frame need not say)."""
    if not is_compressed(path):
        return os.path.getsize(path)
    with open_pgn(path)[0] as stream:
        total = 0
        while True:
            block = stream.read(_BLOCK)
            if not block:
                return total
            total += len(block)


def part_cuts(size: int, part_bytes: int) -> list[int]:
    """Where the parts of `size` bytes of text are cut: 0, part_bytes, 2 part_bytes, ... (the
    last part takes the rest, up to half a part more than part_bytes)."""
    count = max(1, round(size / part_bytes))
    return [size * k // count for k in range(count)]


def input_cuts(path: str, part_bytes: int | None = PART_BYTES) -> tuple[list[int], int]:
    """(where the input `path` is cut into parts of about `part_bytes` of text, part_cuts; its
    text's size, text_size_estimate). It depends on the input's bytes alone, never on where it
    runs or how many workers there are: one machine and a cluster cut it alike. part_bytes None:
    never cut, [0]."""
    size = text_size_estimate(path)
    return ([0] if part_bytes is None else part_cuts(size, part_bytes)), size


def run_starts(count: int, runs: int, lag: float = 0.2) -> list[int]:
    """The first part of each of `runs` runs of consecutive parts (of `count`) for one machine's
    workers: a later run starts only once its worker's reader, skipping the moves, has reached
    it (`lag` of the worker's time per byte), so each run is that much shorter than the one
    before, and all end together. Every run has a part."""
    runs = max(1, min(runs, count))
    weights = [(1 - lag) ** k for k in range(runs)]
    total = sum(weights)
    starts: list[int] = []
    done = 0.0
    for weight in weights:
        starts.append(min(round(count * done / total), count - runs + len(starts)))
        done += weight
    for k in range(1, runs):  # (each after the last)
        starts[k] = max(starts[k], starts[k - 1] + 1)
    return starts


def text_size_estimate(path: str) -> int:
    """The bytes of PGN text in `path`, without unpacking it all: a compressed input's size
    times the ratio of its first 8 MB (a lichess month packs alike throughout). Where the cuts
    go depends on it, so it depends on the file's bytes alone."""
    packed = os.path.getsize(path)
    with open(path, "rb") as raw:
        head = raw.read(_SAMPLE)
    if compression_of(head[:6]) is None:
        return packed
    if len(head) == packed:
        return input_size(path)
    unpacked = 0
    # (the sample ends inside the compressed stream: EOFError from gzip, bz2 and xz)
    with unpacking(io.BufferedReader(io.BytesIO(head)), path) as stream, contextlib.suppress(EOFError):
        while True:
            block = stream.read(1 << 16)
            if not block:
                break
            unpacked += len(block)
    return round(unpacked * packed / len(head))


def open_at(path: str, offset: int):
    """A binary stream of `path`'s PGN text from byte `offset` on (compressed: unpacked from
    the start, what comes before `offset` dropped)."""
    if not is_compressed(path):
        raw = open(path, "rb")  # noqa: SIM115  (returned)
        raw.seek(offset)
        return raw
    stream = open_pgn(path)[0]
    left = offset
    while left:
        dropped = len(stream.read(min(left, _BLOCK)))
        if not dropped:
            break
        left -= dropped
    return stream


def cut_parts(cuts: list[int]) -> list[Part]:
    """The parts of an input cut at `cuts` (input_cuts), to be found as they are read (a Run):
    the first from the start, each later one from its cut, each ending at the next cut (the last
    at the end of the text)."""
    ends = [*cuts[1:], -1]
    return [Part(k, len(cuts), cut, ends[k], located=k == 0) for k, cut in enumerate(cuts)]


#: The last blocks a stream of a Run keeps: the line that starts the next part began in one of them.
_REMEMBERED = 3


class _Remembering:
    """A stream that keeps the last blocks read from it (`_REMEMBERED`), and where they begin
    (the stream's first byte is at `begin` of the text)."""

    def __init__(self, stream, begin: int = 0):
        from collections import deque
        self.stream = stream
        self.blocks: deque = deque(maxlen=_REMEMBERED)
        self.end = begin  # where the bytes read so far end

    def read(self, size: int = -1) -> bytes:
        block = self.stream.read(size)
        if _REMEMBERED:
            self.blocks.append(block)
        self.end += len(block)
        return block

    def rest_from(self, offset: int) -> bytes | None:
        """What was read from byte `offset` on; None if that is no longer kept."""
        kept = b"".join(self.blocks)
        begin = self.end - len(kept)
        return kept[offset - begin:] if begin <= offset <= self.end else None


class _Replayed(io.RawIOBase):
    """`head`, then the rest of `stream` (which it closes)."""

    def __init__(self, head: bytes, stream):
        super().__init__()
        self.head, self.stream = head, stream

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        if not self.head:
            return self.stream.read(size)
        if size is None or size < 0:
            out, self.head = self.head + self.stream.read(), b""
            return out
        out, self.head = self.head[:size], self.head[size:]
        return out

    def close(self) -> None:
        try:
            if not self.closed:
                self.stream.close()
        finally:
            super().close()


class Run:
    """Consecutive parts of one input read from one stream, in order, so that a compressed input
    is unpacked once: each part starts where the reader of the part before stopped (the first
    game at or after its cut that starts with a tag line, found with the whole text's context),
    and a part the run has not reached is found by a reader that skips the moves from where the
    stream stands (the input's start, at first). A counted part (`located`, a cluster's) is read
    from its own start. Close it (or use it as a context manager) to close its stream."""

    def __init__(self, path: str):
        self.path = path
        self.stream: _Replayed | None = None  # the text from `at` on (what a reader stopped inside comes first)
        # where the stream stands, the text's start or a game's: (offset, game number, lines before)
        self.at: tuple[int, int, int] = (0, 0, 0)
        self.ended = False  # no game starts at or after `at`
        self._reading: _Remembering | None = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None

    def _open(self, offset: int) -> None:
        self.close()
        self.stream = _Replayed(b"", open_at(self.path, offset))

    def locate(self, part: Part) -> Part | None:
        """`part` with its start, first game and lines before, the stream standing at its start;
        None for a part with no game of its own (no game starts at or after its cut but before
        the next: it has no shard, and the next part starts where the stream stands)."""
        if part.located:
            if self.stream is None or self.at[0] != part.start:
                self._open(part.start)
            self.at, self.ended = (part.start, part.first_game, part.lines_before), False
            return part
        if self.stream is None:
            self._open(0)
            self.at, self.ended = (0, 0, 0), False
        if not self.ended and self.at[0] < part.start:
            from .pgn_reader import _Reader
            reader = _Reader(False, False, None, True)
            found: list = []
            reading = _Remembering(self.stream, self.at[0])
            for _ in reader.read(reading, *self.at, cuts=[part.start], found=found, stop=True):
                pass
            self._went_on(reading, found)
        start, first_game, lines_before = self.at
        if self.ended or 0 <= part.stop <= start:
            return None
        return Part(part.index, part.count, start, part.stop, first_game, lines_before)

    def reading(self) -> _Remembering:
        """The stream from the located part's start on, for its converter's reader (which stops at
        the part's end, appending where the next part starts to its `found`: `read_to`)."""
        assert self.stream is not None
        self._reading = _Remembering(self.stream, self.at[0])
        return self._reading

    def read_to(self, found: list) -> None:
        """The converter's reader stopped where `found` says the next part starts (nothing: it
        read to the end): the stream stands there."""
        assert self._reading is not None
        self._went_on(self._reading, found)
        self._reading = None

    def _went_on(self, reading: _Remembering, found: list) -> None:
        if not found:
            self.ended = True
            return
        self.at = (found[0][0], found[0][1], found[0][2])
        rest = reading.rest_from(self.at[0])
        if rest is None:  # (its line began before the blocks kept, a line of megabytes: read again)
            self._open(self.at[0])
        else:
            assert self.stream is not None
            self.stream.head = rest + self.stream.head  # (what the reader did not read of the head follows)


def _first_game_line(path: str, cut: int) -> int:
    """The offset of the first line at or after `cut` that can only start a game: a tag line
    whose previous non-blank line is known and is no tag line (see the module's docstring); the
    end of the text when there is none."""
    begin = max(0, cut - _LOOK_BACK)
    with open_at(path, begin) as stream:
        offset = begin
        data = stream.read(_BLOCK)
        previous = None  # the previous non-blank line: "tag", "other", or None (not seen)
        if begin > 0:  # the first line may be cut: its end tells a tag line (`"]`) from movetext
            newline = data.find(b"\n")
            while newline < 0 and data:
                more = stream.read(_BLOCK)
                if not more:
                    return offset + len(data)
                offset, data = offset + len(data), more
                newline = data.find(b"\n")
            tail = data[:newline].rstrip()
            previous = None if not tail else "tag" if tail.endswith(b'"]') else "other"
            offset, data = offset + newline + 1, data[newline + 1:]
        while True:
            newline = data.find(b"\n")
            if newline < 0:
                more = stream.read(_BLOCK)
                if more:
                    data += more
                    continue
                if not data:
                    return offset
                newline = len(data)
            line = data[:newline]
            stripped = line.lstrip(bytes(range(33)))
            if stripped and not line.startswith(b"%"):
                kind = "tag" if stripped.startswith(b"[") else "other"
                if kind == "tag" and previous == "other" and offset >= cut:
                    return offset
                previous = kind
            offset, data = offset + newline + 1, data[newline + 1:]


def count_part(path: str, start: int, end_cut: int | None) -> tuple[int, int, int, int]:
    """(start, stop, games, lines) of the part that starts at `start` and ends where the first
    game at or after `end_cut` that starts with a tag line begins (None, or stop -1: the end of
    the text), its games and lines counted by a reader that skips the moves. A game without tags
    never ends a part: where it starts, a reader without context could take the end of the game
    before it for a game."""
    from .pgn_reader import _Reader
    reader = _Reader(False, False, None, True)
    found: list = []
    with open_at(path, start) as stream:
        for _ in reader.read(stream, start, cuts=None if end_cut is None else [end_cut], found=found, stop=True):
            pass
    games = reader.finished
    if found:
        stop, _, lines = found[0]
        return start, stop, games, lines
    return start, -1, games, 0  # (the last part: no part after it needs its lines)


def count_from_cut(path: str, cut: int, end_cut: int | None) -> tuple[int, int, int, int]:
    """count_part for the part whose start is found from its cut (the first part starts at 0)."""
    start = 0 if cut == 0 else _first_game_line(path, cut)
    return count_part(path, start, end_cut)


def plan(counts: list[tuple[int, int, int, int]], recount) -> list[Part]:
    """The parts of an input from its parts' counts (count_from_cut, in order), each checked to
    start where the previous ends; `recount(k, start)` counts part k again from the right start
    (count_part). Parts without a game are left out (their shards are never written); a part
    that reads to the end of the text has stop -1."""
    parts = []
    stop, first_game, lines_before = 0, 0, 0
    count = len(counts)
    for k, (start, end, games, lines) in enumerate(counts):
        if stop < 0:  # the part before read to the end: no game is left for this one
            break
        if start != stop:  # a cut fooled by the text: count it from where the last part ended
            start, end, games, lines = recount(k, stop)
        if games:
            parts.append(Part(k, count, start, end, first_game, lines_before))
        stop, first_game, lines_before = end, first_game + games, lines_before + lines
    return parts
