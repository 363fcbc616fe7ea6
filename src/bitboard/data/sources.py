"""Where PGN comes from: files, folders of them and standard input, their compression told by
their first bytes (never by their name), and the name each input goes by in a dataset.

A dataset names each input by its path relative to the inputs' common folder (`source_names`),
the same string in every row's `source` column and in the names of its shards, so that two
inputs called `games.pgn` in different folders never meet in one file.
"""
import bz2
import gzip
import io
import lzma
import os
import sys
from collections.abc import Iterable

from ..errors import InvalidArgumentError, quoted

__all__ = ["COMPRESSIONS", "PGN_SUFFIXES", "STDIN", "compression_of", "decompressed", "is_compressed", "open_pgn",
           "pgn_files", "shard_stems", "source_names"]

#: The name of standard input among the sources ("-" on the command line).
STDIN = "-"
#: The suffixes a folder's PGN files are listed by (files named on their own are read whatever their name).
PGN_SUFFIXES = (".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".pgn.zst")
#: Each compression's magic bytes (the formats' own specifications).
COMPRESSIONS = {"gzip": b"\x1f\x8b", "bz2": b"BZh", "xz": b"\xfd7zXZ\x00", "zstd": b"\x28\xb5\x2f\xfd"}


def compression_of(head: bytes) -> str | None:
    """The compression whose magic bytes start `head`, or None for plain text."""
    for name, magic in COMPRESSIONS.items():
        if head.startswith(magic):
            return name
    return None


def is_compressed(path) -> bool:
    """Whether the file at `path` is compressed (gzip, bz2, xz or zstd), by its first bytes."""
    with open(path, "rb") as raw:
        return compression_of(raw.read(6)) is not None


def decompressed(raw, name: str):
    """A binary stream of `raw`'s content unpacked (compressed: unpacked ahead on a thread of
    its own, `Prefetched`)."""
    stream = unpacking(raw, name)
    return raw if stream is raw else Prefetched(stream)


def unpacking(raw, name: str):
    """A binary stream of `raw`'s content unpacked as it is read (`raw` itself when plain), by
    its magic bytes: gzip, bz2, xz or zstd."""
    kind = compression_of(raw.peek(6)[:6])
    if kind == "gzip":
        return gzip.GzipFile(fileobj=raw, mode="rb")
    if kind == "bz2":
        return bz2.BZ2File(raw, "rb")
    if kind == "xz":
        return lzma.LZMAFile(raw, "rb")
    if kind == "zstd":
        try:
            import zstandard
        except ImportError:
            raise ImportError(f"reading {name!r}, zstd-compressed, needs zstandard: "
                              "pip install 'bitboard[pgn]' (or pip install zstandard)") from None
        return zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True, closefd=True)
    return raw


class Prefetched(io.BufferedIOBase):
    """A binary stream read ahead on a thread of its own, a block at a time: zlib, bz2, lzma and
    zstandard unpack without the GIL, so the next blocks are unpacked on another core while the
    reader parses this one (a .pgn.zst read 0.1 s in 0.6 s on the reader's core before). At most
    `depth` blocks wait; closing it (or dropping it) stops the thread. The blocks are 4 MB: the
    thread takes the GIL back once a block, waiting for the reader to let it go, and with 1 MB
    blocks those waits held the unpacking back (the 108 MB corpus to Parquet from its .pgn.zst:
    77-88% of to_arrays' speed with 1 MB blocks, 82-96% with 4 MB, 70% with 256 KB)."""

    def __init__(self, stream, block: int = 4 << 20, depth: int = 4):
        import queue
        import threading
        self.stream = stream
        self._queue: queue.Queue = queue.Queue(depth)
        self._stopping = threading.Event()
        self._chunk, self._at, self._ended = b"", 0, False
        # (set as the thread ends: Thread.join interrupted by Ctrl-C can mark a thread still
        # reading as stopped, and a later join would then not wait for it)
        self._done = threading.Event()
        # (the thread holds no reference to self: a dropped stream is closed, and its thread ends)
        self._thread = threading.Thread(target=_read_ahead, args=(stream, block, self._queue, self._stopping,
                                                                  self._done),
                                        name="bitboard pgn unpacker", daemon=True)
        self._thread.start()

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        """Up to `size` bytes (all that is left when size is negative or None); fewer only at the end."""
        parts = []
        want = size if size is not None and size >= 0 else -1
        while want:
            if self._at >= len(self._chunk):
                if self._ended:
                    break
                item = self._queue.get()
                if isinstance(item, BaseException):
                    self._ended = True
                    raise item
                if not item:
                    self._ended = True
                    break
                self._chunk, self._at = item, 0
            end = len(self._chunk) if want < 0 else min(len(self._chunk), self._at + want)
            parts.append(self._chunk if self._at == 0 and end == len(self._chunk) else self._chunk[self._at:end])
            if want > 0:
                want -= end - self._at
            self._at = end
        return parts[0] if len(parts) == 1 else b"".join(parts)

    def read1(self, size: int = -1) -> bytes:
        return self.read(size)

    def close(self) -> None:
        if not self.closed:
            self._stopping.set()
            self._done.wait()  # (the unpacking is done with the stream before it is closed)
            self._thread.join()  # (and ends a moment after it says so: close returns once it has)
            try:
                self.stream.close()
            finally:
                super().close()


def _read_ahead(stream, block: int, blocks, stopping, done) -> None:
    """Prefetched's thread: put the stream's blocks (b"" at its end, or the error raised) on
    `blocks`; `done` set as it ends."""
    import queue

    def put(item) -> bool:
        while not stopping.is_set():
            try:
                blocks.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    try:
        while not stopping.is_set():
            data = stream.read(block)
            if not put(data) or not data:
                return
    except BaseException as error:  # noqa: BLE001  (raised in the reading thread)
        put(error)
    finally:
        done.set()


def open_pgn(source):
    """(a binary stream of the PGN text, whether we opened it): a path (gzip, bz2, xz and zstd
    read by their magic bytes), "-" for standard input (likewise), or an open file as it is."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if path == STDIN:
            return decompressed(io.BufferedReader(_Unclosed(sys.stdin.buffer)), "standard input"), True
        raw = open(path, "rb")  # noqa: SIM115  (closed with the reader)
        stream = decompressed(raw, path)
        return (stream if stream is raw else _Closing(stream, raw)), True
    if hasattr(source, "read"):
        return source, False
    raise TypeError(f"a PGN source is a path or an open file, not {type(source).__name__} {quoted(source)}")


class _Closing(io.BufferedIOBase):
    """A decompressing stream that closes the file under it too (gzip's, bz2's and lzma's leave
    a file object they were given open)."""

    def __init__(self, stream, raw):
        self.stream, self.raw = stream, raw

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        return self.stream.read(size)

    def read1(self, size: int = -1) -> bytes:
        return self.stream.read1(size)

    def close(self) -> None:
        try:
            self.stream.close()
        finally:
            self.raw.close()
            super().close()


class _Unclosed(io.RawIOBase):
    """Standard input for a BufferedReader that may be closed without closing stdin itself."""

    def __init__(self, stream):
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.stream.read1(len(buffer)) if hasattr(self.stream, "read1") else self.stream.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def pgn_files(paths: Iterable | str | os.PathLike) -> list[str]:
    """The PGN inputs named (one path or several): files as given, "-" for standard input,
    folders by their PGN files (PGN_SUFFIXES), recursively, sorted."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for path in map(os.fspath, paths):
        if path == STDIN:
            out.append(path)
        elif os.path.isdir(path):
            found = []
            for folder, _, names in os.walk(path):
                found += [os.path.join(folder, name) for name in names if name.endswith(PGN_SUFFIXES)]
            out += sorted(found)
        elif os.path.isfile(path):
            out.append(path)
        else:
            raise InvalidArgumentError(f"no PGN file or folder {path!r}")
    seen: set[str] = set()
    for path in out:
        real = os.path.abspath(path) if path != STDIN else path
        if real in seen:
            raise InvalidArgumentError(f"the input {path!r} is named twice")
        seen.add(real)
    return out


def source_names(files: list[str]) -> dict[str, str]:
    """Each input's name in a dataset: its path relative to the inputs' common folder, with "/"
    between folders ("stdin" for standard input). Unique, since the paths are."""
    real = [os.path.abspath(path) for path in files if path != STDIN]
    root = os.path.commonpath([os.path.dirname(path) for path in real]) if real else ""
    names = {}
    for path in files:
        if path == STDIN:
            names[path] = "stdin"
        else:
            names[path] = os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")
    return names


def _stem(name: str) -> str:
    for ending in (".gz", ".bz2", ".xz", ".zst", ".pgn"):
        if name.endswith(ending) and len(name) > len(ending):
            name = name[:-len(ending)]
    return name


def shard_stems(names: Iterable[str]) -> dict[str, str]:
    """Each source name's shard name without ".parquet": the name without its PGN and
    compression suffixes ("2024/jan.pgn.zst" -> "2024/jan", a shard in a subfolder), or the whole
    name where two sources would share a stem ("a.pgn" and "a.pgn.gz")."""
    names = list(names)
    stems = [_stem(name) for name in names]
    return {name: stem if stems.count(stem) == 1 else name for name, stem in zip(names, stems)}
