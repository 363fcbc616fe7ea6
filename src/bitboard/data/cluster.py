"""PGN inputs to a Parquet dataset on a Dask cluster, one task per input, with convert_files'
guarantees: unique shards, each written under a temporary name and renamed when complete, a
rerun (or a task run again after its worker died) skipping what is done. Without a client,
`datasets.convert_files` converts on this machine's cores; `bitboard.distributed` connects."""
import os

__all__ = ["pgn_to_parquet"]


def pgn_to_parquet(sources, out_dir, client=None, *, overwrite: bool = False, progress=None) -> dict:
    """Convert PGN inputs (files or folders of them) into the dataset folder `out_dir`, one Dask
    task per input; {source name: Shard}, `progress(shard)` as each finishes. A task is seconds
    of work or more, so its cost to schedule is lost in it; a task whose worker dies is run again
    elsewhere, and its unfinished files, hidden, are never read as shards. The paths go to the
    workers absolute (a worker's working folder is not this one's); an error or Ctrl-C here
    cancels the tasks not yet finished."""
    from ..errors import InvalidArgumentError, quoted
    from . import datasets
    from .sources import STDIN, pgn_files, shard_stems, source_names
    if client is None:
        return datasets.convert_files(sources, out_dir, overwrite=overwrite, finished=progress)
    paths = pgn_files(sources)
    if not paths:
        raise InvalidArgumentError(f"no PGN inputs in {quoted(sources)}")
    if STDIN in paths:  # a task would read its worker's standard input, not this one's
        raise InvalidArgumentError("standard input (\"-\") cannot be converted on a Dask cluster: "
                                   "save it to a file every worker reaches, or convert without a client")
    out = os.path.abspath(datasets.dataset_folder(out_dir))
    names = source_names(paths)
    stems = shard_stems(names.values())
    from distributed import as_completed
    futures = [client.submit(datasets.convert_file, os.path.abspath(path), out, name=names[path],
                             stem=stems[names[path]], overwrite=overwrite, pure=False) for path in paths]
    done = {}
    try:
        for future in as_completed(futures):
            shard = future.result()
            done[shard.source] = shard
            if progress is not None:
                progress(shard)
    except BaseException:
        client.cancel(futures)  # a task already running finishes its shards; none is left half written
        raise
    return done
