"""PGN inputs to a Parquet dataset on a Dask cluster, with convert_files' guarantees: unique
shards, each written under a temporary name and renamed when complete, a rerun (or a task run
again after its worker died) skipping what is done. An input is one task, and a big one (a
lichess month) is cut into parts of about `part_bytes` of text, each its own task and shard,
read as if the input were read whole (bitboard.data.parts). The cut depends on the input alone,
as workers.convert_files cuts it on one machine: a conversion begun there ends here, and the
other way round. Without a client, `workers.convert_files` converts on this machine's cores;
`bitboard.distributed` connects."""
import os

from .parts import PART_BYTES

__all__ = ["PART_BYTES", "pgn_to_parquet"]


def pgn_to_parquet(sources, out_dir, client=None, *, overwrite: bool = False, progress=None,
                   part_bytes: int | None = PART_BYTES, compression: str = "zstd") -> dict:
    """Convert PGN inputs (files or folders of them) into the dataset folder `out_dir` on a Dask
    cluster; {source name: Shard}, `progress(shard)` as each task finishes (an input, or a part
    of one: its Shard then counts that part). An input of over 1.5 `part_bytes` of text is cut
    into parts (None: never), where convert_files cuts it on one machine (parts.input_cuts);
    `compression` is convert_file's. A task is seconds of work or more, so its cost to schedule
    is lost in it; a task whose worker dies is run again elsewhere, and its unfinished files,
    hidden, are never read as shards. The paths go to the workers absolute (a worker's working
    folder is not this one's); an error or Ctrl-C here cancels the tasks not yet finished."""
    from ..errors import InvalidArgumentError, quoted
    from . import datasets, workers
    from .sources import STDIN, pgn_files, shard_stems, source_names
    if client is None:
        return workers.convert_files(sources, out_dir, overwrite=overwrite, finished=progress, part_bytes=part_bytes,
                                      compression=compression)
    workers.check_part_bytes(part_bytes)
    datasets.compression_options(compression)  # (checked here, not in every task)
    paths = pgn_files(sources)
    if not paths:
        raise InvalidArgumentError(f"no PGN inputs in {quoted(sources)}")
    if STDIN in paths:  # a task would read its worker's standard input, not this one's
        raise InvalidArgumentError("standard input (\"-\") cannot be converted on a Dask cluster: "
                                   "save it to a file every worker reaches, or convert without a client")
    out = os.path.abspath(datasets.dataset_folder(out_dir))
    names = source_names(paths)
    stems = shard_stems(names.values())
    inputs = {os.path.abspath(path): names[path] for path in paths}
    futures = []
    try:
        for path, parts in _cut(client, list(inputs), part_bytes).items():
            name = inputs[path]
            for part in parts or [None]:
                futures.append(client.submit(datasets.convert_file, path, out, name=name, stem=stems[name],
                                             overwrite=overwrite, part=part, compression=compression, pure=False))
        return _gather(futures, progress)
    except BaseException:
        client.cancel(futures)  # a task already running finishes its shards; none is left half written
        raise


def _cut(client, paths: list[str], part_bytes: int | None) -> dict:
    """{absolute path: its parts (bitboard.data.parts.Part), or None to convert it whole}: the
    cuts as parts.input_cuts makes them (here: a compressed input's first 8 MB are read), the
    counting done as tasks on the cluster."""
    from .parts import count_from_cut, count_part, input_cuts, plan
    cuts = {path: input_cuts(path, part_bytes)[0] for path in paths}
    counts = {path: [client.submit(count_from_cut, path, cut, at[k + 1] if k + 1 < len(at) else None, pure=False)
                     for k, cut in enumerate(at)]
              for path, at in cuts.items() if len(at) > 1}

    def recount(path, at):
        return lambda k, start: client.submit(count_part, path, start, at[k + 1] if k + 1 < len(at) else None,
                                              pure=False).result()

    return {path: (plan(client.gather(counts[path]), recount(path, at)) if len(at) > 1 else None)
            for path, at in cuts.items()}


def _gather(futures: list, progress) -> dict:
    """{source: Shard} of the tasks as they finish, a split input's parts added up."""
    from distributed import as_completed

    from .datasets import parts_added
    done: dict = {}
    parts: dict = {}
    order = {future.key: index for index, future in enumerate(futures)}
    for future in as_completed(futures):
        shard = future.result()
        parts.setdefault(shard.source, []).append((order[future.key], shard))
        if progress is not None:
            progress(shard)
    for source, shards in parts.items():
        done[source] = parts_added(shards)
    return done
