"""``mindspore.profiler.mstx``: marks and ranges in the device trace (XLA's ``TraceMe``).

MindSpore's mstx writes Ascend's msprof markers; deepsink writes the same marks as
``jax.profiler`` trace annotations, so they show up on the host timeline of the trace in
TensorBoard's profile plugin and Perfetto. ``domain`` prefixes the name (``domain::message``) for
a domain other than ``"default"``. As MindSpore does, an empty or non-str message is refused with
a warning (the mark is skipped, ``range_start`` returns 0).
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

import jax

from deepsink import log as logger


def _name(message: Any, domain: Any, api: str) -> str | None:
    if not isinstance(message, str) or not message:
        logger.warning(f"Invalid message for mstx.{api} func. Please input valid message string.")
        return None
    if not isinstance(domain, str) or not domain:
        logger.warning(f"Invalid domain for mstx.{api} func. Please input valid domain string.")
        return None
    return message if domain == "default" else f"{domain}::{message}"


class mstx:  # noqa: N801 - MindSpore's name
    """Marks (``mark``) and ranges (``range_start``/``range_end``) in the device trace.

    Examples:
        >>> import deepsink as ms
        >>> rid = ms.profiler.mstx.range_start("forward")
        >>> ms.profiler.mstx.mark("loss computed")
        >>> ms.profiler.mstx.range_end(rid)
        >>> print(rid > 0)
        True
    """

    enable = True
    _ids = itertools.count(1)
    _open: dict[int, Any] = {}
    _lock = threading.Lock()

    @staticmethod
    def mark(message: str, stream: Any = None, domain: str = "default") -> None:
        """An instant mark named ``message`` (a zero-length annotation).

        Args:
            message (str): the mark's name.
            stream (Stream, optional): accepted for MindSpore's signature; XLA's trace puts
                the mark on the calling thread's timeline.
            domain (str): the mark's domain. Default: ``"default"``.
        """
        name = _name(message, domain, "mark")
        if name is not None:
            with jax.profiler.TraceAnnotation(name):
                pass

    @staticmethod
    def range_start(message: str, stream: Any = None, domain: str = "default") -> int:
        """Open a range named ``message``; returns its id for :meth:`range_end` (0: refused).

        Args:
            message (str): the range's name.
            stream (Stream, optional): as for :meth:`mark`.
            domain (str): the range's domain. Default: ``"default"``.

        Returns:
            int, the range id.
        """
        name = _name(message, domain, "range_start")
        if name is None:
            return 0
        annotation = jax.profiler.TraceAnnotation(name)
        annotation.__enter__()
        with mstx._lock:
            range_id = next(mstx._ids)
            mstx._open[range_id] = annotation
        return range_id

    @staticmethod
    def range_end(range_id: int, domain: str = "default") -> None:
        """Close the range ``range_id`` (from :meth:`range_start`), on the thread that opened it.

        Args:
            range_id (int): the id.
            domain (str): the range's domain. Default: ``"default"``.
        """
        with mstx._lock:
            annotation = mstx._open.pop(range_id, None) if isinstance(range_id, int) else None
        if annotation is None:
            logger.warning(f"Invalid range_id for mstx.range_end func: {range_id!r}")
            return
        annotation.__exit__(None, None, None)
