"""The GIL handed over promptly between the PGN reader and the threads that work beside it.

The reader parses in C but holds the GIL all the while (it makes a Python object a game). The
threads beside it, Parquet's writer (datasets) and a compressed input's unpacker
(sources.Prefetched), do their heavy work without the GIL, but need it back for a moment each
time they return from it: a row group written, a block unpacked. CPython asks the holder to let
go only after the thread switch interval, 5 ms unless set (`sys.setswitchinterval`), so each
return cost them that wait, a few times a row group. Measured on the 108 MB corpus: the writer
waited 0.27-0.60 s for the GIL in a conversion of about 1.2 s, and was the slower thread for it.

`prompt_handoffs` lowers the interval to `HANDOFF_INTERVAL` while a conversion runs and puts the
caller's back after (the writer then waited 0.013-0.024 s). The interval matters only when a
thread waits for the GIL: the reader is asked to let go sooner, never more often otherwise.
"""
import contextlib
import sys
import threading
from collections.abc import Iterator

__all__ = ["HANDOFF_INTERVAL", "prompt_handoffs"]

#: The thread switch interval while a conversion runs, in seconds (CPython's default: 0.005).
HANDOFF_INTERVAL = 0.0002

_lock = threading.Lock()
_running = 0  # conversions running now, in any thread
_callers: float | None = None  # the interval to put back when the last one ends (None: left as it was)


@contextlib.contextmanager
def prompt_handoffs() -> Iterator[None]:
    """Run the block with the switch interval at `HANDOFF_INTERVAL` (unless it is lower already),
    then put the interval back; conversions in several threads at once put it back when the
    last ends. An interval the caller set meanwhile is left alone."""
    global _running, _callers
    with _lock:
        if _running == 0:
            before = sys.getswitchinterval()
            _callers = None
            if before > HANDOFF_INTERVAL:
                sys.setswitchinterval(HANDOFF_INTERVAL)
                _callers = before
        _running += 1
        ours = sys.getswitchinterval()
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _callers is not None and sys.getswitchinterval() == ours:
                sys.setswitchinterval(_callers)
