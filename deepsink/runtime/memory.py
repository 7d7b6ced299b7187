"""Device memory statistics (MindSpore's ``mindspore.runtime`` memory functions) from XLA's
allocator.

The numbers come from ``jax.Device.memory_stats()`` of the current device: allocated memory is
XLA's ``bytes_in_use``, reserved memory its pool (``pool_bytes``, or ``bytes_reserved`` /
``bytes_limit`` when the allocator reports no pool). XLA's CPU client keeps no such statistics;
there every number is 0, which is also what MindSpore's CPU backend reports.

XLA's peak counters cannot be reset. ``reset_peak_memory_stats`` and the ``reset_max_*``
functions remember the counters at the reset; a later peak then reports the memory in use at the
reset, or the peak XLA reached later when that is higher than the one before the reset.
"""

from __future__ import annotations

import gc
from typing import Any

import jax

_reset_at: dict[str, tuple[int, int]] = {}  # counter -> (XLA peak, in use) when reset


def _device() -> Any:
    """The device deepsink computes on: JAX's default device (set by ``set_device``)."""
    chosen = jax.config.jax_default_device
    return chosen if isinstance(chosen, jax.Device) else jax.local_devices()[0]


def _raw(device: Any = None) -> dict[str, int]:
    return dict((device or _device()).memory_stats() or {})


def _counters(device: Any = None) -> dict[str, int]:
    raw = _raw(device)
    allocated = int(raw.get("bytes_in_use", 0))
    reserved = int(raw.get("pool_bytes", raw.get("bytes_reserved", raw.get("bytes_limit", 0))))
    reserved = max(reserved, allocated)
    peak_alloc = int(raw.get("peak_bytes_in_use", allocated))
    peak_res = max(
        int(raw.get("peak_pool_bytes", raw.get("peak_bytes_reserved", reserved))), reserved
    )
    return {
        "allocated": allocated,
        "reserved": reserved,
        "max_allocated": peak_alloc,
        "max_reserved": peak_res,
    }


def _peak(kind: str, counters: dict[str, int]) -> int:
    peak, now = counters[f"max_{kind}"], counters[kind]
    if kind not in _reset_at:
        return peak
    old_peak, at_reset = _reset_at[kind]
    return max(now, peak if peak > old_peak else at_reset)


def memory_stats() -> dict:
    """The memory pool's statistics: total reserved, allocated and idle memory and their peaks.

    Returns:
        dict, MindSpore's keys (``total_reserved_memory``, ``total_allocated_memory``,
        ``total_idle_memory``, ``total_eager_free_memory``, ``max_reserved_memory``,
        ``max_allocated_memory``, ``common_mem_pool_stats``, ``persistent_mem_pool_stats``);
        zeros on the CPU, as MindSpore's CPU backend reports.

    Examples:
        >>> import deepsink as ms
        >>> stats = ms.runtime.memory_stats()
        >>> print(sorted(stats)[:3])
        ['common_mem_pool_stats', 'max_allocated_memory', 'max_reserved_memory']
    """
    return _stats()


def _stats(device: Any = None) -> dict:
    c = _counters(device)
    return {
        "total_reserved_memory": c["reserved"],
        "total_allocated_memory": c["allocated"],
        "total_idle_memory": c["reserved"] - c["allocated"],
        "total_eager_free_memory": 0,
        "max_reserved_memory": _peak("reserved", c),
        "max_allocated_memory": _peak("allocated", c),
        "common_mem_pool_stats": {
            "block_unit_size": c["reserved"],
            "block_counts": int(c["reserved"] > 0),
            "blocks_info": {},
        },
        "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}},
    }


def memory_allocated() -> int:
    """Bytes of device memory held by tensors now.

    Returns:
        int, bytes.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.memory_allocated() >= 0)
        True
    """
    return _counters()["allocated"]


def max_memory_allocated() -> int:
    """The most bytes held by tensors since the start (or the last reset).

    Returns:
        int, bytes.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.max_memory_allocated() >= ms.memory_allocated())
        True
    """
    c = _counters()
    return _peak("allocated", c)


def memory_reserved() -> int:
    """Bytes of device memory held by the allocator's pool now.

    Returns:
        int, bytes.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.memory_reserved() >= ms.memory_allocated())
        True
    """
    return _counters()["reserved"]


def max_memory_reserved() -> int:
    """The most bytes held by the allocator's pool since the start (or the last reset).

    Returns:
        int, bytes.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.max_memory_reserved() >= 0)
        True
    """
    return _peak("reserved", _counters())


def _reset(kind: str, device: Any = None) -> None:
    c = _counters(device)
    _reset_at[kind] = (c[f"max_{kind}"], c[kind])


def reset_peak_memory_stats() -> None:
    """Start the peaks of allocated and reserved memory again from now.

    Examples:
        >>> import deepsink as ms
        >>> ms.reset_peak_memory_stats()
        >>> print(ms.max_memory_allocated() == ms.memory_allocated())
        True
    """
    _reset("allocated")
    _reset("reserved")


def reset_max_memory_allocated() -> None:
    """Start the peak of allocated memory again from now.

    Examples:
        >>> import deepsink as ms
        >>> ms.reset_max_memory_allocated()
    """
    _reset("allocated")


def reset_max_memory_reserved() -> None:
    """Start the peak of reserved memory again from now.

    Examples:
        >>> import deepsink as ms
        >>> ms.reset_max_memory_reserved()
    """
    _reset("reserved")


def empty_cache() -> None:
    """Free the device memory of tensors that are no longer referenced (a garbage collection
    pass). XLA's pool keeps its reservation: its allocator has no call that hands memory back.

    Examples:
        >>> import deepsink as ms
        >>> ms.empty_cache()
    """
    gc.collect()


def _fmt(size: int) -> str:
    """``size`` in the largest unit that keeps it at least 768 of the next smaller one."""
    units, unit, pref = ["KB", "MB", "GB", "TB", "PB"], "B  ", float(size)
    for nxt in units:
        if pref < 768 * 1024:
            break
        unit, size, pref = nxt, size // 1024, pref / 1024
    return f"{size:6d} {unit}"


def memory_summary() -> str:
    """The memory statistics as MindSpore's table.

    Returns:
        str, the table.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.memory_summary().splitlines()[1])
        |               Memory summary                |
    """
    return _summary(memory_stats())


def _summary(stats: dict) -> str:
    rows = [("total_reserved_memory", "Reserved memory"),
            ("total_allocated_memory", "Allocated memory"), ("total_idle_memory", "Idle memory"),
            ("total_eager_free_memory", "Eager free memory"),
            ("max_reserved_memory", "Max reserved memory"),
            ("max_allocated_memory", "Max allocated memory")]  # fmt: skip
    lines = [
        "=" * 45,
        " {:^43} ".format("Memory summary"),
        "=" * 45,
        " {:<20} | {:<20} ".format("Metric", "Data"),
    ]
    for key, title in rows:
        lines += ["-" * 45, f" {title:<20} | {_fmt(stats[key]):<20} "]
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"
