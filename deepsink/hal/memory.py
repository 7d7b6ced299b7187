"""``mindspore.hal``'s memory statistics: ``deepsink.runtime``'s, for a chosen ``device_target``.

As in MindSpore, a backend that has not started yet reports an empty ``memory_stats`` dict and
zero counters; the CPU's numbers are zeros (XLA's CPU client keeps no allocator statistics, and
MindSpore's CPU backend reports zeros too).
"""

from __future__ import annotations

from typing import Any

from deepsink import log as logger
from deepsink.hal.device import _checked_target, _devices, is_initialized
from deepsink.runtime import memory as _memory
from deepsink.runtime.memory import empty_cache as empty_cache

_warned: set[str] = set()


def _device(api: str, device_target: Any) -> Any:
    """The first device of the checked ``device_target``; warns once per function that
    ``hal``'s spelling is the deprecated one."""
    target = _checked_target(f"hal.{api}", device_target)
    if api not in _warned:
        _warned.add(api)
        logger.warning(
            f"WARN_DEPRECATED: The usage of mindspore.hal.{api}() is deprecated. "
            f"Please use mindspore.runtime.{api}()"
        )
    return _devices(target)[0]


def memory_stats(device_target: str | None = None) -> dict:
    """The memory pool's statistics (see :func:`deepsink.runtime.memory_stats`) of
    ``device_target``; ``{}`` while its backend has not started, as in MindSpore.

    Args:
        device_target (str, optional): ``"CPU"``, ``"GPU"`` or ``"Ascend"``. Default: the
            context's target.

    Returns:
        dict.

    Examples:
        >>> import deepsink as ms
        >>> _ = ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0]))
        >>> print(ms.hal.memory_stats("CPU")["total_allocated_memory"])
        0
    """
    target = _checked_target("hal.memory_stats", device_target)
    if not is_initialized(target):
        logger.warning(f"Backend {target} is not initialized yet. Return empty dict.")
        return {}
    return _memory._stats(_device("memory_stats", target))


def _counter(api: str, key: str, device_target: Any) -> int:
    device = _device(api, device_target)
    counters = _memory._counters(device)
    return _memory._peak(key[4:], counters) if key.startswith("max_") else counters[key]


def memory_allocated(device_target: str | None = None) -> int:
    """Bytes held by tensors on ``device_target`` now .

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Returns:
        int.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.memory_allocated("CPU"))
        0
    """
    return _counter("memory_allocated", "allocated", device_target)


def max_memory_allocated(device_target: str | None = None) -> int:
    """The most bytes held by tensors on ``device_target`` since the start or the last reset.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Returns:
        int.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.max_memory_allocated("CPU"))
        0
    """
    return _counter("max_memory_allocated", "max_allocated", device_target)


def memory_reserved(device_target: str | None = None) -> int:
    """Bytes held by ``device_target``'s allocator pool now.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Returns:
        int.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.memory_reserved("CPU"))
        0
    """
    return _counter("memory_reserved", "reserved", device_target)


def max_memory_reserved(device_target: str | None = None) -> int:
    """The most bytes held by ``device_target``'s pool since the start or the last reset.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Returns:
        int.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.max_memory_reserved("CPU"))
        0
    """
    return _counter("max_memory_reserved", "max_reserved", device_target)


def _reset(api: str, kinds: tuple, device_target: Any) -> None:
    device = _device(api, device_target)
    for kind in kinds:
        _memory._reset(kind, device)


def reset_peak_memory_stats(device_target: str | None = None) -> None:
    """Start ``device_target``'s allocated and reserved peaks again from now.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Examples:
        >>> import deepsink as ms
        >>> ms.hal.reset_peak_memory_stats("CPU")
    """
    _reset("reset_peak_memory_stats", ("allocated", "reserved"), device_target)


def reset_max_memory_allocated(device_target: str | None = None) -> None:
    """Start ``device_target``'s allocated peak again from now.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Examples:
        >>> import deepsink as ms
        >>> ms.hal.reset_max_memory_allocated("CPU")
    """
    _reset("reset_max_memory_allocated", ("allocated",), device_target)


def reset_max_memory_reserved(device_target: str | None = None) -> None:
    """Start ``device_target``'s reserved peak again from now.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Examples:
        >>> import deepsink as ms
        >>> ms.hal.reset_max_memory_reserved("CPU")
    """
    _reset("reset_max_memory_reserved", ("reserved",), device_target)


def memory_summary(device_target: str | None = None) -> str:
    """``device_target``'s memory statistics as MindSpore's table.

    Args:
        device_target (str, optional): as for :func:`memory_stats`.

    Returns:
        str.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.memory_summary("CPU").splitlines()[1])
        |               Memory summary                |
    """
    return _memory._summary(_memory._stats(_device("memory_summary", device_target)))
