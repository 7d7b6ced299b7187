"""``mindspore.device_manager``: the device a program runs on (``set_device``,
``get_current_device``) and deterministic computation (``set_deterministic``)."""

from __future__ import annotations

import os
import warnings

from deepsink.common.api_top import set_device as set_device

_deterministic: bool | None = None


class DeviceInfo(tuple):
    """``(device_target, device_id)`` with both as properties."""

    def __new__(cls, device_target: str, device_id: int) -> DeviceInfo:
        return super().__new__(cls, (device_target, device_id))

    @property
    def device_target(self) -> str:
        """``"CPU"`` or ``"GPU"``."""
        return self[0]

    @property
    def device_id(self) -> int:
        """The device's index."""
        return self[1]


def get_current_device() -> DeviceInfo:
    """The device target and id programs run on now.

    Returns:
        DeviceInfo, a ``(device_target, device_id)`` tuple with those two properties.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_device("CPU")
        >>> print(ms.get_current_device(), ms.get_current_device().device_target)
        ('CPU', 0) CPU
    """
    from deepsink import context

    return DeviceInfo(context.get_context("device_target"), context.get_context("device_id"))


def _backend_started() -> bool:
    from jax._src import xla_bridge

    return bool(getattr(xla_bridge, "_backends", None))


def set_deterministic(deterministic: bool) -> None:
    """Make every op give the same result each time on the same hardware and input.

    XLA's CPU kernels are deterministic already. On GPU this sets XLA's
    ``--xla_gpu_deterministic_ops`` (deterministic reductions and scatters), which XLA reads when
    the GPU backend starts: call it before the first computation, as MindSpore's documentation
    says; afterwards deepsink warns that it takes effect only in a new process.

    Args:
        deterministic (bool): whether to compute deterministically.

    Raises:
        TypeError: if ``deterministic`` is not a bool.
        RuntimeError: if it is set a second time (as MindSpore).

    Examples:
        >>> import deepsink as ms
        >>> ms.set_deterministic(True)  # doctest: +SKIP
    """
    global _deterministic
    if not isinstance(deterministic, bool):
        raise TypeError(
            f"For 'set_deterministic', the argument 'deterministic' must be bool, "
            f"but got {type(deterministic).__name__}"
        )
    if _deterministic is not None:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    _deterministic = deterministic
    flags = [
        f for f in os.environ.get("XLA_FLAGS", "").split() if "xla_gpu_deterministic_ops" not in f
    ]
    flags.append(f"--xla_gpu_deterministic_ops={'true' if deterministic else 'false'}")
    os.environ["XLA_FLAGS"] = " ".join(flags)
    if _backend_started():
        import jax

        if any(d.platform == "gpu" for d in jax.devices()):
            warnings.warn(
                "set_deterministic after the first computation: the GPU backend has "
                "started and reads XLA_FLAGS only in a new process",
                stacklevel=2,
            )
