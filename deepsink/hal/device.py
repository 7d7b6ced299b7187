"""``mindspore.hal``'s device queries, answered from JAX's devices.

``"CPU"`` is always there (one device, as MindSpore counts it); ``"GPU"`` when JAX's CUDA plugin
sees one; ``"Ascend"`` never (deepsink runs on XLA's CPU and GPU backends).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
from jax._src import xla_bridge

from deepsink import log as logger
from deepsink._core.validate import fail, fail_arg

_TARGETS = ("CPU", "GPU", "Ascend")
_PLATFORM = {"CPU": "cpu", "GPU": "gpu"}
_INITIALISED_AS = {"CPU": ("cpu",), "GPU": ("cuda", "rocm", "gpu")}


def _devices(target: str) -> list:
    if target not in _PLATFORM:
        return []
    try:
        return list(jax.local_devices(backend=_PLATFORM[target]))
    except RuntimeError:  # JAX has no such backend here
        return []


def _available(target: str) -> bool:
    """Whether deepsink runs on ``target``; the CPU is always there, and asking about it does
    not start its backend (so :func:`is_initialized` still answers False before any work)."""
    return target == "CPU" or bool(_devices(target))


def _checked_target(api: str, device_target: Any) -> str:
    """``device_target`` (None: the context's) checked as MindSpore's hal checks it."""
    if device_target is None:
        from deepsink.context import get_context

        device_target = get_context("device_target")
    if not isinstance(device_target, str):
        fail_arg(api, "device_target", "a str", device_target, TypeError)
    if device_target not in _TARGETS:
        fail_arg(api, "device_target", f"one of {list(_TARGETS)}", device_target)
    if not _available(device_target):
        fail(
            api,
            f"the {device_target} backend is not available here: deepsink runs on the devices "
            "JAX sees (CPU always, GPU with JAX's CUDA plugin); see hal.is_available",
        )
    return device_target


def _checked_device(api: str, device_id: Any, device_target: Any) -> jax.Device:
    target = _checked_target(api, device_target)
    if isinstance(device_id, bool) or not isinstance(device_id, int):
        fail_arg(api, "device_id", "an int", device_id, TypeError)
    count = device_count(target)
    if device_id < 0:
        fail_arg(api, "device_id", "a non-negative int", device_id)
    if device_id >= count:
        fail_arg(api, "device_id", f"less than the device count {count}", device_id)
    return _devices(target)[device_id]


def _listed_target(api: str, device_target: Any) -> str:
    if device_target not in _TARGETS:
        fail_arg(api, "device_target", f"one of {list(_TARGETS)}", device_target)
    return device_target


def is_available(device_target: str) -> bool:
    """Whether deepsink can run on ``device_target``.

    Args:
        device_target (str): ``"CPU"``, ``"GPU"`` or ``"Ascend"``.

    Returns:
        bool. ``"Ascend"`` is never available; ``"GPU"`` when JAX sees a GPU.

    Raises:
        ValueError: ``device_target`` is not one of the three.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.is_available("CPU"))
        True
    """
    target = _listed_target("hal.is_available", device_target)
    if _available(target):
        return True
    logger.warning(f"Backend {target} is not available.")
    return False


def is_initialized(device_target: str) -> bool:
    """Whether ``device_target``'s backend has started (it starts at the first computation or
    device query on it).

    Args:
        device_target (str): ``"CPU"``, ``"GPU"`` or ``"Ascend"``.

    Returns:
        bool.

    Raises:
        ValueError: ``device_target`` is not one of the three.

    Examples:
        >>> import deepsink as ms
        >>> _ = ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0]))
        >>> print(ms.hal.is_initialized("CPU"))
        True
    """
    target = _listed_target("hal.is_initialized", device_target)
    started = set(getattr(xla_bridge, "_backends", {}))
    return any(name in started for name in _INITIALISED_AS.get(target, ()))


def device_count(device_target: str | None = None) -> int:
    """The number of ``device_target`` devices (1 for the CPU, as MindSpore counts it).

    Args:
        device_target (str, optional): ``"CPU"``, ``"GPU"`` or ``"Ascend"``. Default: the
            context's target.

    Returns:
        int.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.device_count("CPU"))
        1
    """
    target = _checked_target("hal.device_count", device_target)
    return 1 if target == "CPU" else len(_devices(target))


def get_device_name(device_id: int, device_target: str | None = None) -> str:
    """The name of device ``device_id``: ``"CPU"`` for the CPU, the GPU's model name
    (e.g. ``"NVIDIA H100 80GB HBM3"``) for a GPU.

    Args:
        device_id (int): which device, below :func:`device_count`.
        device_target (str, optional): as for :func:`device_count`.

    Returns:
        str.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.get_device_name(0, "CPU"))
        CPU
    """
    device = _checked_device("hal.get_device_name", device_id, device_target)
    return "CPU" if device.platform == "cpu" else str(device.device_kind)


def _not_for_cpu(name: str) -> None:
    logger.warning(f"'{name}' for CPU is not implemented. Return None.")


def get_device_capability(device_id: int, device_target: str | None = None) -> tuple | None:
    """The CUDA compute capability ``(major, minor)`` of GPU ``device_id``; None for the CPU
    (as in MindSpore).

    Args:
        device_id (int): which device, below :func:`device_count`.
        device_target (str, optional): as for :func:`device_count`.

    Returns:
        tuple(int, int) for a GPU, None for the CPU.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.get_device_capability(0, "CPU"))
        None
    """
    device = _checked_device("hal.get_device_capability", device_id, device_target)
    if device.platform == "cpu":
        _not_for_cpu("get_device_capability")
        return None
    major, _, minor = str(device.compute_capability).partition(".")
    return int(major), int(minor or 0)


class GpuDeviceProperties(NamedTuple):
    """What :func:`get_device_properties` reports for a GPU (the fields of MindSpore's
    ``cudaDeviceProp`` that XLA's device exposes)."""

    name: str
    major: int
    minor: int
    multi_processor_count: int
    total_memory: int


def get_device_properties(device_id: int, device_target: str | None = None) -> Any:
    """The properties of GPU ``device_id``; None for the CPU (as in MindSpore).

    Args:
        device_id (int): which device, below :func:`device_count`.
        device_target (str, optional): as for :func:`device_count`.

    Returns:
        :class:`GpuDeviceProperties` (``name``, ``major``, ``minor``,
        ``multi_processor_count``, ``total_memory`` in bytes) for a GPU, None for the CPU.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.get_device_properties(0, "CPU"))
        None
    """
    device = _checked_device("hal.get_device_properties", device_id, device_target)
    if device.platform == "cpu":
        _not_for_cpu("get_device_properties")
        return None
    major, minor = get_device_capability(device_id, "GPU")
    stats = device.memory_stats() or {}
    return GpuDeviceProperties(
        name=str(device.device_kind),
        major=major,
        minor=minor,
        multi_processor_count=int(getattr(device, "core_count", 0)),
        total_memory=int(stats.get("bytes_limit", 0)),
    )


def get_arch_list(device_target: str | None = None) -> list | None:
    """The GPU architectures the package was built for; None for the CPU (as in MindSpore).

    Args:
        device_target (str, optional): as for :func:`device_count`.

    Returns:
        None for the CPU.

    Raises:
        NotImplementedError: for a GPU: jaxlib's CUDA plugin does not report the architectures
            it was compiled for.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.hal.get_arch_list("CPU"))
        None
    """
    target = _checked_target("hal.get_arch_list", device_target)
    if target == "CPU":
        _not_for_cpu("get_arch_list")
        return None
    raise NotImplementedError(
        "mindspore.hal.get_arch_list is not supported by deepsink on GPU: jaxlib's CUDA plugin "
        "does not report the CUDA architectures it was compiled for"
    )
