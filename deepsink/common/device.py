"""``DeviceCtx``: run the code of a ``with`` block on a chosen device."""

from __future__ import annotations

from typing import Any

import jax

_PLATFORMS = {"CPU": "cpu", "GPU": "gpu"}


class DeviceCtx:
    """Create the Tensors and run the ops of a ``with`` block on device ``name`` (``"CPU"`` or
    ``"GPU"``) number ``device_id`` (JAX's ``default_device``).

    Args:
        name (str): ``"CPU"`` or ``"GPU"``.
        device_id (int, optional): the device's index. Default: ``None`` (0).

    Raises:
        ValueError: for another name, or a device this machine lacks.
        TypeError: if ``device_id`` is not an int.

    Examples:
        >>> import deepsink as ms
        >>> with ms.DeviceCtx("CPU"):
        ...     x = ms.ops.ones((2,))
        >>> print(x)
        [1. 1.]
    """

    def __init__(self, name: str, device_id: int | None = None) -> None:
        if name not in _PLATFORMS:
            raise ValueError(
                f"For 'DeviceCtx', 'name' must be one of {list(_PLATFORMS)}, but got {name!r}"
            )
        if device_id is not None and (
            isinstance(device_id, bool) or not isinstance(device_id, int)
        ):
            raise TypeError(
                f"For 'DeviceCtx', 'device_id' must be int, but got {type(device_id).__name__}"
            )
        try:
            devices = jax.devices(_PLATFORMS[name])
        except RuntimeError:
            devices = []
        index = device_id or 0
        if index >= len(devices):
            raise ValueError(f"For 'DeviceCtx', this machine has no {name} device {index}")
        self.name, self.device_id, self._device = name, index, devices[index]
        self._ctx: Any = None

    def __enter__(self) -> DeviceCtx:
        self._ctx = jax.default_device(self._device)
        self._ctx.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._ctx.__exit__(*exc)
