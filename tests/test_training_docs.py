"""docs/training.md's examples run as written: its shell commands (the command line, with the
same arguments) and its Python blocks, in order, in a folder holding the file the first command
names (a small corpus of standard games with one crazyhouse game among them, the case the
filter is for). The PyTorch example runs on PyTorch where it is installed; elsewhere on a
stand-in for the few names it uses, which keeps DataLoader's documented worker rules: each
worker iterates its own copy of the dataset (as forked), with its own get_worker_info(), and the
loader takes their batches in turns. Either way each epoch must hand out every position the
filter keeps, once."""
import copy
import os
import pathlib
import re
import shlex
import subprocess
import sys
import types

import numpy as np
import pytest

pytest.importorskip("pyarrow", reason="the dataset is Parquet")
zstandard = pytest.importorskip("zstandard", reason="the example's input is a .pgn.zst")
chess = pytest.importorskip("chess")
chess_pgn = pytest.importorskip("chess.pgn")
chess_variant = pytest.importorskip("chess.variant")

ROOT = pathlib.Path(__file__).parents[1]
TRAINING = ROOT / "docs" / "training.md"


def blocks() -> list[tuple[str, str]]:
    """[(language, code)] of the document's fenced blocks, in order."""
    return re.findall(r"```(\w+)\n(.*?)```", TRAINING.read_text(), re.S)


def run_shell(block: str, cwd) -> None:
    """Each command of a sh block, as a shell would run it: `bitboard` is this copy's command
    line, `python` this interpreter, a leading NAME=value its environment."""
    for line in block.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = shlex.split(line)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        while "=" in words[0]:
            name, value = words.pop(0).split("=", 1)
            env[name] = str(ROOT / value) if name == "PYTHONPATH" else value
        program = {"bitboard": [sys.executable, "-m", "bitboard.cli"], "python": [sys.executable]}[words[0]]
        result = subprocess.run(program + words[1:], cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)
        assert result.returncode == 0, f"{line}\n{result.stdout}\n{result.stderr}"


def _crazyhouse_game() -> str:
    board = chess_variant.CrazyhouseBoard()
    for uci in ("e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@d4", "P@e4"):
        board.push_uci(uci)
    game = chess_pgn.Game.from_board(board)
    game.headers["Variant"] = "Crazyhouse"
    return str(game)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A folder with the file the document converts: standard games, a crazyhouse game among them."""
    from bitboard.benchmarks.pgn import corpus
    here = tmp_path_factory.mktemp("training")
    text = corpus(40, seed=3).rstrip("\n") + "\n\n" + _crazyhouse_game() + "\n\n" + corpus(20, seed=4)
    (here / "lichess_db_standard_rated_2024-01.pgn.zst").write_bytes(zstandard.ZstdCompressor().compress(text.encode()))
    return here


class _Tensor(np.ndarray):
    """The stand-in's tensor: a NumPy array with the two methods the example calls."""

    def float(self):
        return self.astype(np.float32).view(_Tensor)

    def isnan(self):
        return np.isnan(self).view(_Tensor)


def standin_torch(epochs: list) -> types.ModuleType:
    """torch, torch.utils.data's IterableDataset, get_worker_info and DataLoader, and
    from_numpy: `epochs` gets the rows each pass of a loader handed out."""
    torch = types.ModuleType("torch")
    torch.utils = types.SimpleNamespace(data=types.SimpleNamespace())
    data = torch.utils.data
    worker = [None]
    data.IterableDataset = type("IterableDataset", (), {})
    data.get_worker_info = lambda: worker[0]

    class DataLoader:
        def __init__(self, dataset, batch_size=1, num_workers=0):
            assert batch_size is None, "the batches come made"
            self.dataset, self.workers = dataset, num_workers

        def __iter__(self):
            infos = [types.SimpleNamespace(id=k, num_workers=self.workers) for k in range(self.workers)] or [None]
            streams = [iter(copy.deepcopy(self.dataset)) for _ in infos]  # (a process each, forked)
            rows = 0
            while streams:
                for info, stream in list(zip(infos, streams)):
                    worker[0] = info
                    try:
                        batch = next(stream)
                    except StopIteration:
                        infos.remove(info)
                        streams.remove(stream)
                        continue
                    finally:
                        worker[0] = None
                    rows += len(batch[2])
                    yield batch
            epochs.append(rows)

    data.DataLoader = DataLoader
    torch.from_numpy = lambda array: np.asarray(array).view(_Tensor)
    return torch


def test_every_example_of_the_training_guide_runs_as_written(folder, monkeypatch):
    import pyarrow.compute as pc

    from bitboard.data.batches import SkippedRowsWarning
    from bitboard.data.batches import batches as read_batches
    found = blocks()
    assert [language for language, _ in found] == ["sh", "python", "python", "python", "python", "sh"]
    monkeypatch.chdir(folder)
    epochs: list = []
    try:
        import torch  # noqa: F401
    except ImportError:
        monkeypatch.setitem(sys.modules, "torch", standin_torch(epochs))
    for language, code in found:
        if language == "sh" and "benchmarks" in code:
            continue  # (the speed commands: test_the_speed_commands_run)
        if language == "sh":
            run_shell(code, folder)
        else:
            exec(compile(code, str(TRAINING), "exec"), {"__name__": "training_example"})  # noqa: S102
    kept = sum(len(value) for _, _, value in read_batches("out", 4096, policy=None, filter=pc.field("castling") < 16))
    assert (folder / "out" / "positions" / "lichess_db_standard_rated_2024-01.parquet").exists()
    if epochs:  # (the stand-in: each of the ten epochs handed out every kept position once)
        assert epochs == [kept] * 10
    with pytest.warns(SkippedRowsWarning, match="crazyhouse"):
        skipped = read_batches("out", 4096, encoding="lc0", policy="lc0")
        rows = sum(len(value) for _, _, value in skipped)
    assert rows == kept and skipped.skipped["crazyhouse positions"] == 9


@pytest.mark.slow
def test_the_speed_commands_run(tmp_path):
    (code,) = [code for language, code in blocks() if language == "sh" and "benchmarks" in code]
    run_shell(code, ROOT)
