"""Keep freed memory in the process for reuse by the next block (glibc only).

A pipeline allocates and frees the same few megabytes per block. With glibc's defaults, arrays above
128 KiB are mmap'ed and unmapped and the heap top is trimmed back to the OS, so every block pays
page faults and zeroing again: measured 3-5x slower on the MNIST tutorial pipeline. Raising the mmap
and trim thresholds (what ``MALLOC_MMAP_THRESHOLD_`` / ``MALLOC_TRIM_THRESHOLD_`` do) keeps the
pages mapped; up to ``TRIM_BYTES`` of freed memory stays resident for the next block. Applied once, when
the first iterator starts; ``DEEPSINK_DATASET_MALLOPT=0`` leaves glibc's settings alone.
"""

from __future__ import annotations

import ctypes
import os
import platform
import threading

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
# Freed memory kept at the heap top before it goes back to the OS: several blocks' worth (blocks are
# a few MiB; arrays above 32 MiB are mmap'ed and always returned), small enough that dropping a
# pipeline gives its memory back (the resident size falls as in MindSpore, within 64 MiB).
TRIM_BYTES = 64 << 20
_done = threading.Event()


def tune_malloc() -> bool:
    """Raise glibc's mmap (32 MiB) and trim (64 MiB) thresholds once; True if applied."""
    if _done.is_set():
        return True
    _done.set()
    if os.environ.get("DEEPSINK_DATASET_MALLOPT", "1") == "0" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        ok = libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20) == 1
        return libc.mallopt(_M_TRIM_THRESHOLD, TRIM_BYTES) == 1 and ok
    except (OSError, AttributeError):
        return False
