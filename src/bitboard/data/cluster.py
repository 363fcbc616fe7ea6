"""PGN files to Parquet shards on a Dask cluster: one task per file (`bitboard.distributed`
connects the client; without one, `datasets.convert_files` converts on this machine's cores)."""

__all__ = ["pgn_to_parquet"]


def pgn_to_parquet(sources, out_dir, client=None, *, suffix: str = ".parquet", progress=None) -> dict:
    """Convert PGN files (or folders of them) to one shard each in `out_dir`, one Dask task per
    file; {source: (games, positions)}, `progress(source, games, positions)` as each finishes.
    A file is seconds of work or more, so a task's cost to schedule is lost in it. Without a
    client, the files are converted here, one process per core (datasets.convert_files)."""
    import os

    from . import datasets
    sources = datasets.pgn_files(sources)
    datasets.format_of("x" + suffix)
    if client is None:
        return datasets.convert_files(sources, out_dir, suffix=suffix, progress=progress)
    from distributed import as_completed
    os.makedirs(out_dir, exist_ok=True)
    futures = {client.submit(datasets.convert_file, source, datasets.shard_name(source, out_dir, suffix),
                             pure=False): source for source in sources}
    done = {}
    for future in as_completed(futures):
        done[futures[future]] = tuple(future.result())
        if progress is not None:
            progress(futures[future], *done[futures[future]])
    return done
