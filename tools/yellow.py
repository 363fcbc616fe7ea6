"""List the lines of a module that touch Python objects, from `cython -a` output.

    python tools/yellow.py src/bitboard/attacks.py [--min-score 1] [--only NAME ...]

Cythonizes the module with annotation and prints every source line whose generated C calls into
the Python C-API (the yellow lines of the HTML report), with its score, grouped by function.
Hot per-node code should print nothing: `--hot` keeps only the bodies of @cython.cfunc functions.
"""
import argparse
import html
import pathlib
import re
import subprocess
import sys


def yellow_lines(module: pathlib.Path):
    subprocess.run([sys.executable, "-m", "cython", "-3", "-a", "-I", "src", str(module)],
                   check=True, capture_output=True)
    report = module.with_suffix(".html").read_text()
    module.with_suffix(".html").unlink()
    module.with_suffix(".c").unlink()
    pattern = re.compile(r'<pre class="cython line score-(\d+)"[^>]*>(?:<span[^>]*>)?\+?(?:</span>)?'
                         r'<span class="">(\d+)</span>: (.*?)</pre>')
    for score, lineno, text in pattern.findall(report):
        yield int(score), int(lineno), html.unescape(re.sub("<[^>]+>", "", text))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("module", type=pathlib.Path)
    ap.add_argument("--min-score", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="report only inside these functions")
    ap.add_argument("--hot", action="store_true", help="report only inside @cython.cfunc functions")
    a = ap.parse_args()
    source = a.module.read_text().splitlines()
    function, cfuncs = {}, set()
    current, decorators = None, []
    for i, line in enumerate(source, 1):
        if line.strip().startswith("@"):
            decorators.append(line.strip())
        if line and not line[0].isspace() and not line.startswith(("@", "def ", "#")):
            current = None  # a module-level statement ends the function above it
        m = re.match(r"\s*def (\w+)", line)
        if m:
            current = m.group(1)
            if "@cython.cfunc" in decorators:
                cfuncs.add(current)
            decorators = []
        function[i] = current
    for score, lineno, text in yellow_lines(a.module):
        name = function.get(lineno)
        if a.hot and name not in cfuncs:
            continue
        if score >= a.min_score and (not a.only or name in a.only):
            print(f"{a.module.name}:{lineno:5d} [{name}] score {score:3d}: {text.strip()}")


if __name__ == "__main__":
    main()
