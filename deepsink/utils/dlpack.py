"""``mindspore.utils.to_dlpack`` / ``from_dlpack``: share a Tensor's memory with other frameworks
through DLPack capsules (XLA's buffers: no copy where the layouts allow it)."""

from __future__ import annotations

import ctypes
from typing import Any

import jax

from deepsink.common.tensor import Tensor

_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype = ctypes.c_void_p
_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_is_capsule = ctypes.pythonapi.PyCapsule_IsValid
_is_capsule.restype = ctypes.c_int
_is_capsule.argtypes = [ctypes.py_object, ctypes.c_char_p]


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _Capsule:
    """A DLPack capsule seen through the ``__dlpack__`` protocol (which ``jax.dlpack`` reads)."""

    def __init__(self, capsule: Any) -> None:
        self._capsule = capsule
        # DLManagedTensor starts with DLTensor {void *data; DLDevice device; ...}
        address = _get_pointer(capsule, b"dltensor") + ctypes.sizeof(ctypes.c_void_p)
        device = _DLDevice.from_address(address)
        self._device = (int(device.device_type), int(device.device_id))

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self._capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._device


def from_dlpack(dlpack: Any) -> Tensor:
    """The Tensor that shares the memory of a DLPack capsule (e.g. ``torch.utils.dlpack.to_dlpack``
    or :func:`to_dlpack`'s).

    Args:
        dlpack (PyCapsule): an unconsumed ``"dltensor"`` capsule (a capsule can be read once).

    Returns:
        Tensor.

    Raises:
        RuntimeError: ``dlpack`` is not an unconsumed DLPack capsule (MindSpore's error).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.utils import from_dlpack, to_dlpack
        >>> x = ms.Tensor(np.arange(3, dtype=np.float32))
        >>> print(from_dlpack(to_dlpack(x)))
        [0. 1. 2.]
    """
    if not _is_capsule(dlpack, b"dltensor"):
        raise RuntimeError(
            "from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed "
            f"only once, so you might have already constructed a tensor from it once (got "
            f"{type(dlpack).__name__})."
        )
    return Tensor._from(jax.dlpack.from_dlpack(_Capsule(dlpack)))


def to_dlpack(tensor: Tensor) -> Any:
    """A DLPack capsule sharing ``tensor``'s memory, for another framework's ``from_dlpack``.

    Args:
        tensor (Tensor): the Tensor.

    Returns:
        PyCapsule.

    Raises:
        TypeError: ``tensor`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.utils import to_dlpack
        >>> print(type(to_dlpack(ms.Tensor(np.ones(2, np.float32)))).__name__)
        PyCapsule
    """
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For 'to_dlpack', 'tensor' must be a Tensor, but got {type(tensor)}")
    return tensor._data.__dlpack__()
