"""docs/env.md's examples run as written: the rollout, the NumPy self-play training loop (a few
hundred steps), the PyTorch one where torch is installed, chess_v6's loop where pettingzoo is."""
import importlib.util
import pathlib

import pytest

DOC = pathlib.Path(__file__).parents[1] / "docs" / "env.md"
BLOCKS = [b.split("```", 1)[0] for b in DOC.read_text().split("```python")[1:]]


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_env_md_examples_run(index):
    block = BLOCKS[index]
    first = block.lstrip().splitlines()[0]
    if first.startswith("# needs:"):
        for name in first.split(":", 1)[1].split(","):
            if importlib.util.find_spec(name.strip()) is None:
                pytest.skip(f"{name.strip()} is not installed")
    exec(compile(block, f"{DOC}:block {index}", "exec"), {})  # noqa: S102 - the document's own code


def test_the_numpy_training_loop_changes_the_network():
    block = next(b for b in BLOCKS if "REINFORCE" in b or "w1 -= lr" in b)
    namespace: dict = {}
    exec(compile(block, f"{DOC}:training", "exec"), namespace)  # noqa: S102
    import numpy as np
    rng = np.random.default_rng(1)
    assert not np.allclose(namespace["w1"], rng.normal(0, 0.02, namespace["w1"].shape).astype(np.float32))
    assert np.isfinite(namespace["w2"]).all()
