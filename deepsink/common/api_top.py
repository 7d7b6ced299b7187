"""Top-level helpers of MindSpore 2.x: ``tensor``, ``from_numpy``, ``is_tensor``,
``set_device``, ``run_check`` and ``synchronize``."""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from deepsink.common.tensor import Tensor


def tensor(
    input_data: Any = None,
    dtype: Any = None,
    shape: Any = None,
    init: Any = None,
    const_arg: bool = False,
    device: Any = None,
) -> Tensor:
    """A new Tensor (MindSpore 2.x's factory spelling of ``Tensor(...)``). ``device`` may only
    name the device that runs (deepsink keeps every Tensor on the context's device).

    Args:
        input_data (Union[Tensor, numpy.ndarray, list, tuple, float, int, bool], optional): the data.
        dtype (mindspore.dtype, optional): the dtype. Default: ``None`` (inferred).
        shape (Union[tuple, list, int], optional): the shape, with ``init``. Default: ``None``.
        init (Initializer, optional): lazily-initialised data. Default: ``None``.
        const_arg (bool): MindSpore's constant-argument flag. Default: ``False``.
        device (str, optional): only the device that runs. Default: ``None``.

    Returns:
        Tensor, the new Tensor.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.tensor([1, 2, 3], ms.float32))
        [1. 2. 3.]
    """
    if device is not None and str(device).split(":")[0].upper() not in ("CPU", "GPU", "CUDA"):
        raise ValueError(f"For 'tensor', 'device' must be 'CPU' or 'GPU', but got {device!r}")
    del const_arg  # a compile-time hint with no effect on values
    return Tensor(input_data, dtype=dtype, shape=shape, init=init)


def from_numpy(array: np.ndarray) -> Tensor:
    """A Tensor with the values of a NumPy array (MindSpore's ``from_numpy``).

    Args:
        array (numpy.ndarray): the array.

    Returns:
        Tensor, with the array's dtype and shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> t = ms.from_numpy(np.array([1, 2], np.int32))
        >>> print(t, t.dtype)
        [1 2] Int32
    """
    if not isinstance(array, np.ndarray):
        raise TypeError(
            f"For 'from_numpy', 'array' must be a numpy.ndarray, but got {type(array).__name__}"
        )
    return Tensor(array)


def is_tensor(obj: Any) -> bool:
    """Whether ``obj`` is a Tensor (Parameters included).

    Args:
        obj (Any): the object.

    Returns:
        bool, whether it is a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.is_tensor(ms.Tensor(1.0)), ms.is_tensor(1.0))
        True False
    """
    return isinstance(obj, Tensor)


def set_device(device_target: str, device_id: int | None = None) -> None:
    """MindSpore 2.x's device selection: ``set_context(device_target=..., device_id=...)``.

    Args:
        device_target (str): ``'CPU'``, ``'GPU'`` or ``'Ascend'`` (runs on the GPU when present).
        device_id (int, optional): the device's index. Default: ``None``.

    Raises:
        TypeError: ``device_target`` is not a str.
        ValueError: ``device_target`` is not one of the three.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_device('CPU')
        >>> print(ms.get_context('device_target'))
        CPU
    """
    from deepsink import context

    kwargs: dict[str, Any] = {"device_target": device_target}
    if device_id is not None:
        kwargs["device_id"] = device_id
    context.set_context(**kwargs)


def synchronize() -> None:
    """Wait until every computation issued so far has finished on every device.

    Examples:
        >>> import deepsink as ms
        >>> x = ms.Tensor(1.0) + 1
        >>> ms.synchronize()
        >>> print(x)
        2.0
    """
    jax.effects_barrier()
    for buf in jax.live_arrays():
        buf.block_until_ready()


def run_check() -> None:
    """MindSpore's install check: run a small computation on the configured device and compare
    it with NumPy; prints the version and the result (raises if the numbers are wrong).

    Examples:
        >>> import deepsink as ms
        >>> ms.run_check()  # doctest: +ELLIPSIS
        MindSpore version: ...
        The result of multiplication calculation is correct, MindSpore has been installed on platform [CPU] successfully!
    """
    import deepsink
    from deepsink import context

    print(f"MindSpore version: {deepsink.__version__} (deepsink on JAX {jax.__version__})")
    x = np.array([1.0, 2.0, 3.0], np.float32)
    y = np.array([4.0, 5.0, 6.0], np.float32)
    got = (Tensor(x) * Tensor(y)).asnumpy()
    device = context.get_context("device_target")
    if not np.allclose(got, x * y):
        raise RuntimeError(
            f"The result of multiplication calculation is wrong on [{device}]: {got} != {x * y}"
        )
    print(
        f"The result of multiplication calculation is correct, MindSpore has been installed "
        f"on platform [{device}] successfully!"
    )
