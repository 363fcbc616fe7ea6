import os
import subprocess
import sys
import tarfile

import pytest
from hypothesis import HealthCheck, settings

# CI runs a fixed example sequence (no flaky landings); locally each run explores new inputs.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


PYTHON_CHESS_VERSION = "1.11.2"


@pytest.fixture(scope="session")
def sdist(tmp_path_factory):
    """The unpacked test.py, examples/perft and data/ of python-chess's sdist, downloaded
    from PyPI with pip (GPL-3.0: read at test time, never copied into this repository)."""
    folder = tmp_path_factory.mktemp("python-chess")
    download = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary",
                               ":all:", f"chess=={PYTHON_CHESS_VERSION}", "--dest", str(folder)],
                              capture_output=True, text=True, timeout=300)
    archives = list(folder.glob("chess-*.tar.gz"))
    if download.returncode or not archives:
        pytest.skip(f"python-chess {PYTHON_CHESS_VERSION}'s sdist could not be downloaded from PyPI (offline?): "
                    f"{download.stderr.strip()[-300:]}")
    with tarfile.open(archives[0]) as archive:
        for member in archive.getmembers():
            name = member.name.split("/", 1)[-1]
            if name == "test.py" or name.startswith(("examples/perft/", "data/")) and member.isfile():
                target = folder / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.extractfile(member).read())
    return folder
