"""Streams and events (MindSpore's ``Stream``, ``Event``, ``StreamCtx``, ``current_stream``,
``default_stream``, ``set_cur_stream``, ``communication_stream``).

XLA runs a program's computations, collectives included, in the order they are issued on one
compute stream per device; JAX gives Python no second stream. So every ``Stream`` here names that
one ordered stream: work "on different streams" runs in issue order (a valid schedule of the
same program, without the overlap), ``wait_event``/``wait_stream`` hold by construction, and
``synchronize``/``query`` wait for or look at the device work issued so far.

An ``Event`` records the arrays pending when it is recorded: ``synchronize`` waits for them and
``query`` says whether they are done. With ``enable_timing=True``, ``record`` waits for the
device work issued before it and stamps the time, so ``elapsed_time`` measures the device work
between two events (at the cost of that wait).
"""

from __future__ import annotations

import time
from typing import Any

import jax


def _pending() -> list[Any]:
    return list(jax.live_arrays())


def _wait(arrays: list[Any]) -> None:
    jax.effects_barrier()
    for a in arrays:
        if not a.is_deleted():
            a.block_until_ready()


class Stream:
    """A handle on the device's compute stream (XLA's single ordered stream).

    Args:
        priority (int, optional): MindSpore's stream priority; with one stream there is no
            other stream to rank against. Default: ``0``.

    Raises:
        TypeError: if ``priority`` is not an int.

    Examples:
        >>> import deepsink as ms
        >>> s = ms.runtime.Stream()
        >>> with ms.runtime.StreamCtx(s):
        ...     y = ms.ops.add(ms.Tensor([1.0]), 1)
        >>> s.synchronize()
        >>> print(s.query(), y)
        True [2.]
    """

    def __init__(self, priority: int = 0, **kwargs: Any) -> None:
        if isinstance(priority, bool) or not isinstance(priority, int):
            raise TypeError(
                f"For 'Stream', 'priority' must be int, but got {type(priority).__name__}"
            )
        if kwargs.keys() - {"stream"}:
            raise TypeError(f"For 'Stream', unexpected arguments {sorted(kwargs)}")
        self.priority = priority
        self._id = 0

    @property
    def stream_id(self) -> int:
        """The stream's id (0: XLA's compute stream)."""
        return self._id

    def record_event(self, event: Event | None = None) -> Event:
        """Record ``event`` (a new one when None) on this stream; returns it."""
        event = Event() if event is None else event
        event.record(self)
        return event

    def wait_event(self, event: Event) -> None:
        """Make later work on this stream wait for ``event``: holds already, work is issued in
        order on the one stream."""
        if not isinstance(event, Event):
            raise TypeError(
                f"For 'wait_event', 'event' must be an Event, but got {type(event).__name__}"
            )

    def wait_stream(self, stream: Stream) -> None:
        """Make later work on this stream wait for the work issued to ``stream``: holds already
        (one ordered stream)."""
        if not isinstance(stream, Stream):
            raise TypeError(
                f"For 'wait_stream', 'stream' must be a Stream, but got {type(stream).__name__}"
            )

    def synchronize(self) -> None:
        """Wait until the work issued to the stream is done."""
        _wait(_pending())

    def query(self) -> bool:
        """Whether the work issued to the stream is done."""
        return all(a.is_deleted() or a.is_ready() for a in _pending())

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Stream) and other._id == self._id

    def __hash__(self) -> int:
        return hash(("Stream", self._id))

    def __repr__(self) -> str:
        device = jax.local_devices()[0]
        return f"Stream(device_name={device.platform.upper()}, device_id:{device.id}, stream id:0)"


class Event:
    """A marker in the stream's work: wait for, poll or time the work issued before it.

    Args:
        enable_timing (bool, optional): record the time (``record`` then waits for the work
            issued before it). Default: ``False``.
        blocking (bool, optional): accepted as MindSpore's; ``synchronize`` always blocks here.
            Default: ``False``.

    Examples:
        >>> import deepsink as ms
        >>> start, end = ms.runtime.Event(enable_timing=True), ms.runtime.Event(enable_timing=True)
        >>> start.record()
        >>> y = ms.ops.matmul(ms.ops.ones((64, 64)), ms.ops.ones((64, 64)))
        >>> end.record()
        >>> end.synchronize()
        >>> print(end.query(), start.elapsed_time(end) >= 0)
        True True
    """

    def __init__(self, enable_timing: bool = False, blocking: bool = False) -> None:
        for name, value in (("enable_timing", enable_timing), ("blocking", blocking)):
            if not isinstance(value, bool):
                raise TypeError(
                    f"For 'Event', '{name}' must be bool, but got {type(value).__name__}"
                )
        self.enable_timing, self.blocking = enable_timing, blocking
        self._arrays: list[Any] | None = None
        self._time: float | None = None

    def record(self, stream: Stream | None = None) -> None:
        """Mark the work issued so far (on ``stream``, default the current one)."""
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError(
                f"For 'Event.record', 'stream' must be a Stream, but got {type(stream).__name__}"
            )
        self._arrays = _pending()
        if self.enable_timing:
            _wait(self._arrays)
            self._time = time.perf_counter()

    def wait(self, stream: Stream | None = None) -> None:
        """Make later work on ``stream`` wait for this event: holds already (one ordered
        stream)."""

    def synchronize(self) -> None:
        """Wait until the work marked by ``record`` is done."""
        if self._arrays is not None:
            _wait(self._arrays)

    def query(self) -> bool:
        """Whether the work marked by ``record`` is done (True before any ``record``)."""
        return self._arrays is None or all(a.is_deleted() or a.is_ready() for a in self._arrays)

    def elapsed_time(self, end_event: Event) -> float:
        """Milliseconds from this event to ``end_event``.

        Raises:
            RuntimeError: if either event was not recorded with ``enable_timing=True``.
        """
        if self._time is None or end_event._time is None:
            raise RuntimeError(
                "For 'Event.elapsed_time', both events must be created with "
                "enable_timing=True and recorded"
            )
        return (end_event._time - self._time) * 1000.0


_DEFAULT = Stream()
_current: Stream = _DEFAULT


def default_stream() -> Stream:
    """The device's default stream.

    Returns:
        Stream.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.default_stream() == ms.current_stream())
        True
    """
    return _DEFAULT


def current_stream() -> Stream:
    """The stream work is issued to now (``set_cur_stream`` / ``StreamCtx`` change it).

    Returns:
        Stream.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.current_stream().stream_id)
        0
    """
    return _current


def set_cur_stream(stream: Stream) -> None:
    """Issue later work to ``stream``.

    Args:
        stream (Stream): the stream.

    Raises:
        TypeError: if ``stream`` is not a Stream.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_cur_stream(ms.default_stream())
    """
    global _current
    if not isinstance(stream, Stream):
        raise TypeError(
            f"For 'set_cur_stream', 'stream' must be a Stream, but got {type(stream).__name__}"
        )
    _current = stream


def communication_stream() -> Stream:
    """The stream collectives run on: XLA issues them on the compute stream, in order.

    Returns:
        Stream.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.communication_stream() == ms.default_stream())
        True
    """
    return _DEFAULT


class StreamCtx:
    """Issue the work inside a ``with`` block to ``ctx_stream`` (None: no change).

    Args:
        ctx_stream (Stream): the stream.

    Raises:
        TypeError: if ``ctx_stream`` is neither a Stream nor None.

    Examples:
        >>> import deepsink as ms
        >>> with ms.StreamCtx(ms.runtime.Stream()):
        ...     print(ms.current_stream().stream_id)
        0
    """

    def __init__(self, ctx_stream: Stream | None) -> None:
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError(
                f"For 'StreamCtx', 'ctx_stream' must be a Stream or None, but got "
                f"{type(ctx_stream).__name__}"
            )
        self.stream = ctx_stream
        self._prev: Stream | None = None

    def __enter__(self) -> StreamCtx:
        if self.stream is not None:
            self._prev = current_stream()
            set_cur_stream(self.stream)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._prev is not None:
            set_cur_stream(self._prev)
