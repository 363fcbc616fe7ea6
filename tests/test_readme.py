"""The README's examples run as written."""
import doctest
import pathlib

README = pathlib.Path(__file__).parents[1] / "README.md"


def test_readme_examples():
    text = README.read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```python")[1:]]
    assert blocks, "README has no python examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    namespace = {}  # the blocks run in order, as a reader would type them
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, namespace, f"README block {i}", str(README), 0)
        runner.run(test, clear_globs=False)
        namespace = test.globs
    assert runner.failures == 0 and runner.tries > 0
