"""An input cut into parts (bitboard.data.parts) converts to exactly the rows of the input read
whole, wherever the cuts fall and whatever the text does to fool them: tag-like lines inside
brace comments, games without tags, escape lines, errors with their line numbers."""
import random

import pytest

pytest.importorskip("pyarrow", reason="Parquet needs pyarrow")

import pyarrow.dataset as ds  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bitboard.data import parts  # noqa: E402
from bitboard.data.datasets import convert_file, convert_parts  # noqa: E402

GAME = '[Event "Rated Blitz game"]\n[White "a"]\n[Black "b"]\n[Result "{result}"]\n\n{moves} {result}\n\n'
MOVES = ["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "1. d4 { [%eval 0.2] [%clk 0:03:00] } d5 2. c4", "1. e4 c5 2. Nf3 d6 3. d4",
         "1. f3 e5 2. g4 Qh4#", "1. e4 e5 2. Ke2 Ke7 3. Qz9",  # an error, with its line
         "1. e4 {a comment over\n\n[Event \"not a game\"]\n\nlines} e5 2. Nf3",  # a tag line in a comment
         "1. Nf3 ( 1. e4 e5\n[Site \"?\"] ) Nf6",  # a tag line in a variation: a new game, as read whole
         "1. c4\n% an escape line\ne5 2. Nc3",
         "1. e4 { 1-0 } ( 1. d4 0-1 ) e5 $1 ; 1/2-1/2\n2. Nf3"]  # results that end no game


def pgn_text(rng: random.Random, games: int) -> str:
    out = []
    for _ in range(games):
        moves = rng.choice(MOVES)
        if rng.random() < 0.15:  # a game without tags, on a line of its own or after the last one's result
            if out and rng.random() < 0.5:
                out[-1] = out[-1].rstrip("\n") + " "
            out.append(f"{moves} *\n\n")
        else:
            out.append(GAME.format(moves=moves, result=rng.choice(["1-0", "0-1", "1/2-1/2", "*"])))
    return "".join(out)


def rows(out, table: str):
    return ds.dataset(out / table, format="parquet").to_table().sort_by(
        [("game", "ascending")] + ([("ply", "ascending")] if table == "positions" else []))


def convert_in_parts(path, out, part_bytes: int, fool: dict | None = None) -> list:
    size = parts.input_size(str(path))
    cuts = parts.part_cuts(size, part_bytes)
    ends = cuts[1:] + [None]
    counts = [parts.count_from_cut(str(path), cut, end) for cut, end in zip(cuts, ends)]
    for k, start in (fool or {}).items():  # a part told to start where no game starts
        if k < len(counts):
            counts[k] = parts.count_part(str(path), start, ends[k])
    plan = parts.plan(counts, lambda k, start: parts.count_part(str(path), start, ends[k]))
    for part in plan:
        convert_file(path, out, name="in.pgn", stem="in", part=part)
    return plan


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), games=st.integers(1, 40), part_bytes=st.integers(40, 3000),
       fooled=st.integers(0, 50))
def test_parts_read_as_the_whole_input(tmp_path_factory, seed, games, part_bytes, fooled):
    folder = tmp_path_factory.mktemp("parts")
    path = folder / "in.pgn"
    path.write_text(pgn_text(random.Random(seed), games))
    convert_file(path, folder / "whole", name="in.pgn", stem="in")
    plan = convert_in_parts(path, folder / "cut", part_bytes, fool={1: fooled})
    assert [part.first_game for part in plan] == sorted({part.first_game for part in plan})
    for table in ("games", "positions"):
        whole, cut = rows(folder / "whole", table), rows(folder / "cut", table)
        assert cut.num_rows == whole.num_rows
        assert cut.equals(whole), table


def test_a_compressed_input_is_cut_by_its_unpacked_text(tmp_path):
    zstandard = pytest.importorskip("zstandard")
    text = pgn_text(random.Random(1), 60)
    path = tmp_path / "in.pgn.zst"
    path.write_bytes(zstandard.ZstdCompressor().compress(text.encode()))
    assert parts.input_size(str(path)) == len(text.encode())
    with parts.open_at(str(path), 1000) as stream:
        assert stream.read(50) == text.encode()[1000:1050]
    convert_file(path, tmp_path / "whole", name="in.pgn", stem="in")
    plan = convert_in_parts(path, tmp_path / "cut", 1500)
    assert len(plan) > 3
    for table in ("games", "positions"):
        assert rows(tmp_path / "cut", table).equals(rows(tmp_path / "whole", table))


def test_part_cuts_and_stems():
    assert parts.part_cuts(100, 1000) == [0]
    assert parts.part_cuts(1000, 300) == [0, 333, 666]
    assert parts.part_stem("a/lichess", 3, 16) == "a/lichess.part-00003-of-00016"


def even_cuts(path, count: int) -> list:
    """`count` cuts of the input's text as part_cuts spaces them."""
    size = parts.text_size_estimate(str(path))
    return [size * k // count for k in range(count)]


def convert_as_read(path, out, count: int, runs: int = 1) -> list:
    """The parts as convert_files finds them (parts.cut_parts): each run of consecutive parts
    read from one stream (parts.Run), the first part of a later run found by its own pass from
    the input's start, every part ending at the next cut."""
    pieces = parts.cut_parts(even_cuts(path, count))
    starts = parts.run_starts(count, runs)
    shards = []
    for begin, end in zip(starts, [*starts[1:], count]):
        shards += convert_parts(path, out, pieces[begin:end], name="in.pgn", stem="in")
    return shards


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), games=st.integers(1, 40), count=st.integers(2, 12), runs=st.integers(1, 4),
       remembered=st.sampled_from([0, 3]), packed=st.booleans())
def test_parts_found_as_they_are_read_read_as_the_whole_input(tmp_path_factory, seed, games, count, runs,
                                                               remembered, packed):
    # remembered=0: a run keeps no block, so each part's stream is opened again at its start
    folder = tmp_path_factory.mktemp("local")
    text = pgn_text(random.Random(seed), games).encode()
    path = folder / "in.pgn"
    if packed:
        import gzip
        path.write_bytes(gzip.compress(text))
    else:
        path.write_bytes(text)
    convert_file(path, folder / "whole", name="in.pgn", stem="in")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parts, "_REMEMBERED", remembered)
        shards = convert_as_read(path, folder / "cut", count, runs)
    whole = rows(folder / "whole", "games")
    assert len(shards) == count and sum(shard.games for shard in shards) == whole.num_rows
    written = {p.name for p in (folder / "cut" / "games").iterdir()}
    assert written == {f"in.part-{k:05d}-of-{count:05d}.parquet" for k, shard in enumerate(shards) if shard.games}
    for table in ("games", "positions"):
        assert rows(folder / "cut", table).equals(rows(folder / "whole", table)), table
    # counted as a cluster counts them, the parts are the same: the same shards, each skipped
    cuts = even_cuts(path, count)
    ends = cuts[1:] + [None]
    plan = parts.plan([parts.count_from_cut(str(path), cut, end) for cut, end in zip(cuts, ends)],
                      lambda k, start: parts.count_part(str(path), start, ends[k]))
    assert [part.index for part in plan] == [k for k, shard in enumerate(shards) if shard.games]
    assert all(convert_file(path, folder / "cut", name="in.pgn", stem="in", part=part).skipped for part in plan)


def test_an_empty_part_has_no_shard_and_removes_another_inputs_only_when_told(tmp_path):
    from bitboard.errors import ShardExistsError
    many, one = tmp_path / "many.pgn", tmp_path / "one.pgn"
    many.write_text(pgn_text(random.Random(1), 40))
    one.write_text(pgn_text(random.Random(0), 1))
    part = parts.cut_parts(even_cuts(one, 3))[1]
    assert convert_file(one, tmp_path / "fresh", name="in.pgn", stem="in", part=part).games == 0
    assert not (tmp_path / "fresh" / "games").exists()
    stale = parts.cut_parts(even_cuts(many, 3))[1]
    assert convert_file(many, tmp_path / "out", name="in.pgn", stem="in", part=stale).games > 0
    shard = tmp_path / "out" / "positions" / "in.part-00001-of-00003.parquet"
    with pytest.raises(ShardExistsError, match="part-00001-of-00003"):
        convert_file(one, tmp_path / "out", name="in.pgn", stem="in", part=part)
    assert shard.exists()
    assert convert_file(one, tmp_path / "out", name="in.pgn", stem="in", part=part, overwrite=True).skipped
    assert not shard.exists() and not list((tmp_path / "out" / "games").iterdir())


def test_a_rerun_of_an_input_in_parts_skips_every_part(tmp_path):
    import gzip
    path = tmp_path / "in.pgn.gz"
    path.write_bytes(gzip.compress(pgn_text(random.Random(4), 60).encode()))
    plan = parts.cut_parts(even_cuts(path, 3))
    first = [convert_file(path, tmp_path / "out", name="in.pgn", stem="in", part=part) for part in plan]
    written = {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*.parquet")}
    again = [convert_file(path, tmp_path / "out", name="in.pgn", stem="in", part=part) for part in plan]
    assert len(written) == 6 and not any(shard.skipped for shard in first) and all(shard.skipped for shard in again)
    assert [shard.games for shard in again] == [shard.games for shard in first]
    assert {p: p.stat().st_mtime_ns for p in (tmp_path / "out").rglob("*.parquet")} == written


def test_a_run_goes_on_past_the_parts_already_there(tmp_path):
    # a run stopped after its first parts, run again: those are skipped, read past, and the rest converted
    import gzip
    path = tmp_path / "in.pgn.gz"
    path.write_bytes(gzip.compress(pgn_text(random.Random(7), 80).encode()))
    convert_file(path, tmp_path / "whole", name="in.pgn", stem="in")
    pieces = parts.cut_parts(even_cuts(path, 5))
    first = convert_parts(path, tmp_path / "out", pieces[:2], name="in.pgn", stem="in")
    seen = []
    again = convert_parts(path, tmp_path / "out", pieces, name="in.pgn", stem="in",
                          finished=lambda part, shard: seen.append((part.index, shard.skipped)))
    assert [shard.games for shard in again[:2]] == [shard.games for shard in first] and all(s.games for s in first)
    assert seen == [(0, True), (1, True), (2, False), (3, False), (4, False)]
    for table in ("games", "positions"):
        assert rows(tmp_path / "out", table).equals(rows(tmp_path / "whole", table)), table


def test_a_located_part_goes_on_from_the_blocks_its_pass_read(tmp_path):
    # a part located in a text of several blocks: its stream is the pass's, from the part's start
    text = pgn_text(random.Random(5), 40_000).encode()
    assert len(text) > 3 << 20
    path = tmp_path / "in.pgn"
    path.write_bytes(text)
    cut = len(text) * 2 // 3
    with parts.Run(str(path)) as run:
        part = run.locate(parts.Part(1, 2, cut, -1, located=False))
        assert run.stream.head and run.reading().read() == text[part.start:]
    assert part.start >= cut and part.located and text[part.start:part.start + 1] == b"["
    # the part before it, counted on its own, ends where the part starts, after its first game's number of games
    assert parts.count_part(str(path), 0, cut)[1:] == (part.start, part.first_game, part.lines_before)


def test_runs_start_later_and_shorter_each_with_a_part():
    for count, runs in ((10, 3), (3, 3), (5, 8), (100, 4), (1, 1)):
        starts = parts.run_starts(count, runs)
        sizes = [b - a for a, b in zip(starts, [*starts[1:], count])]
        assert starts[0] == 0 and len(starts) == min(count, runs) and min(sizes) >= 1, (count, runs)
        assert sizes == sorted(sizes, reverse=True) and sum(sizes) == count
    assert parts.run_starts(100, 4) == [0, 34, 61, 83]


def test_a_compressed_inputs_text_is_estimated_from_its_start(tmp_path, monkeypatch):
    zstandard = pytest.importorskip("zstandard")
    import gzip
    text = pgn_text(random.Random(2), 20_000).encode()  # (zstd unpacks a block of up to 128 kB at a time)
    for name, packed in (("in.pgn.zst", zstandard.ZstdCompressor().compress(text)), ("in.pgn.gz", gzip.compress(text))):
        path = tmp_path / name
        path.write_bytes(packed)
        assert parts.text_size_estimate(str(path)) == len(text)  # all of it within the sample: exact
        monkeypatch.setattr(parts, "_SAMPLE", len(packed) // 3)
        estimate = parts.text_size_estimate(str(path))
        assert estimate == parts.text_size_estimate(str(path)) and abs(estimate - len(text)) < 0.2 * len(text), name
        monkeypatch.undo()
    plain = tmp_path / "in.pgn"
    plain.write_bytes(text)
    assert parts.text_size_estimate(str(plain)) == len(text)


def test_convert_files_cuts_one_big_input_alike_on_any_number_of_workers(tmp_path):
    # the cut depends on the input alone: one process or three, the same parts and shards
    from bitboard.data import workers
    path = tmp_path / "month.pgn"
    path.write_text(pgn_text(random.Random(3), 400))
    convert_file(path, tmp_path / "whole", name="month.pgn", stem="month")
    part_bytes = path.stat().st_size // 3
    names = {}
    for processes in (1, 3):
        seen = []
        out = tmp_path / f"cut{processes}"
        shards = workers.convert_files([path], out, processes=processes, part_bytes=part_bytes,
                                        progress=lambda *args: seen.append(args[0]))
        names[processes] = sorted(p.name for p in (out / "positions").iterdir())
        assert set(seen) <= {f"month.pgn (part {k} of 3)" for k in (1, 2, 3)} and seen
        whole = rows(tmp_path / "whole", "games")
        assert shards["month.pgn"].games == whole.num_rows
        for table in ("games", "positions"):
            assert rows(out, table).equals(rows(tmp_path / "whole", table)), table
    assert names[1] == names[3] == [f"month.part-0000{k}-of-00003.parquet" for k in range(3)]


def test_convert_files_cuts_each_of_two_big_inputs(tmp_path):
    # two inputs, four workers: each input's three parts in two runs, the second found by its own pass
    from bitboard.data import workers
    paths = []
    for k, name in enumerate(("jan.pgn", "feb.pgn")):
        paths.append(tmp_path / name)
        paths[-1].write_text(pgn_text(random.Random(10 + k), 300 + 50 * k))
    part_bytes = paths[0].stat().st_size // 3
    shards = workers.convert_files(paths, tmp_path / "cut", processes=4, part_bytes=part_bytes)
    counts = {path.stem: len(parts.input_cuts(str(path), part_bytes)[0]) for path in paths}
    assert counts["jan"] == 3 and counts["feb"] >= 3
    names = sorted(p.name for p in (tmp_path / "cut" / "games").iterdir())
    assert names == sorted(f"{stem}.part-{k:05d}-of-{n:05d}.parquet" for stem, n in counts.items() for k in range(n))
    for path in paths:
        convert_file(path, tmp_path / "whole" / path.stem, name=path.name, stem=path.stem)
        whole = rows(tmp_path / "whole" / path.stem, "positions")
        cut = ds.dataset(tmp_path / "cut" / "positions", format="parquet").to_table(
            filter=ds.field("source") == path.name).sort_by([("game", "ascending"), ("ply", "ascending")])
        assert shards[path.name].positions == whole.num_rows and cut.equals(whole), path.name
