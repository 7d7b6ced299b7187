"""MindSpore 2.10's Tensor methods about a tensor's memory rather than its values: raw bytes
(``get_bytes``, ``Tensor.convert_bytes_to_tensor``), the buffer's address (``data_ptr``), DLPack
(``to_dlpack``, ``Tensor.from_dlpack``), pinned host memory (``pin_memory``, ``is_pinned``),
strides (``stride``, ``storage_offset``: deepsink's arrays are dense and row-major), the
storage's bytes (``untyped_storage``, ``storage``), offloading
to a file (``offload``, ``offload_file_path``), synchronisation (``data_sync``,
``wait_pipeline``), the init flag, gradient hooks by id (``hooks``, ``Tensor.remove_hook``) and
releasing the buffer (``delete_``). Registered on ``Tensor`` when ``deepsink.common`` is imported.
"""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.hook_handle import TENSOR_HOOK_TABLES
from deepsink.common.tensor import Tensor, register_methods


def _get_bytes(self: Tensor) -> bytes:
    """The tensor's values as raw bytes (row-major, native byte order)."""
    return np.asarray(self.asnumpy()).tobytes()


def _convert_bytes_to_tensor(data: bytes, shape: Any, dtype: Any) -> Tensor:
    """The Tensor of ``shape`` and ``dtype`` whose raw bytes are ``data`` (``get_bytes``'
    inverse)."""
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"'data' must be bytes, but got {type(data).__name__}")
    np_dtype = np.dtype(mstype.to_np(dtype))
    shape = tuple(shape)
    want = int(np.prod(shape, dtype=np.int64)) * np_dtype.itemsize
    if len(data) != want:
        raise ValueError(
            f"'data' must hold {want} bytes for shape {list(shape)} of {dtype}, but got {len(data)}"
        )
    return Tensor(np.frombuffer(bytes(data), np_dtype).reshape(shape).copy(), dtype)


def _data_ptr(self: Tensor) -> int:
    """The address of the tensor's buffer (host memory on the CPU, device memory on an
    accelerator)."""
    return int(self._data.unsafe_buffer_pointer())


def _offload_to_host(self: Tensor) -> None:
    """``Tensor._offload()``: the tensor's buffer moved to host memory (where it already is on
    the CPU)."""
    self._data = jax.device_put(self._data, jax.devices("cpu")[0])


def _data_sync(self: Tensor, wait: bool = True) -> None:
    """Waits for the computation of the tensor's values (when ``wait``)."""
    if wait and hasattr(self._data, "block_until_ready"):
        self._data.block_until_ready()


def _wait_pipeline(self: Tensor) -> None:
    """Waits for the pending work that writes the tensor."""
    _data_sync(self, True)


def _flush_from_cache(self: Tensor) -> None:
    """Flushes a cache-enabled tensor's cache to the host; deepsink keeps no such caches, so
    there is nothing to flush. Returns None."""
    return None


class _Capsule:
    """A DLPack capsule offered to ``jax.dlpack.from_dlpack``, which takes objects with
    ``__dlpack__`` and ``__dlpack_device__``: the device is read from the capsule's
    ``DLTensor``."""

    def __init__(self, capsule: Any) -> None:
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        ptr = get(capsule, b"dltensor")  # DLManagedTensor*: DLTensor {void* data; DLDevice}
        device = (ctypes.c_int32 * 2).from_address(ptr + ctypes.sizeof(ctypes.c_void_p))
        self._capsule, self._device = capsule, (int(device[0]), int(device[1]))

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self._capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._device


def _from_dlpack(dlpack: Any) -> Tensor:
    """The Tensor over a DLPack capsule (``to_dlpack``'s) or an object with ``__dlpack__``."""
    src = dlpack if hasattr(dlpack, "__dlpack__") else _Capsule(dlpack)
    return Tensor._from(jax.dlpack.from_dlpack(src))


def _to_dlpack(self: Tensor) -> Any:
    """A DLPack capsule of the tensor's buffer."""
    return self._data.__dlpack__()


def _is_pinned(self: Tensor) -> bool:
    """Whether the tensor lives in pinned (page-locked) host memory."""
    sharding = getattr(self._data, "sharding", None)
    return getattr(sharding, "memory_kind", None) == "pinned_host"


def _pin_memory(self: Tensor) -> Tensor:
    """A copy of the tensor in pinned host memory."""
    device = next(iter(self._data.devices()))
    kinds = [m.kind for m in device.addressable_memories()]
    if "pinned_host" not in kinds:
        raise RuntimeError(f"pin_memory: the device {device} has no pinned host memory ({kinds})")
    sharding = jax.sharding.SingleDeviceSharding(device, memory_kind="pinned_host")
    return Tensor._from(jax.device_put(self._data, sharding))


def _stride(self: Tensor, dim: Any = None) -> Any:
    """The elements to step over to the next index of each axis (a list), or of axis
    ``dim``."""
    strides = [int(np.prod(self.shape[i + 1 :], dtype=np.int64)) for i in range(self.ndim)]
    return strides if dim is None else strides[dim]


def _offload(self: Tensor, file_path: str) -> bool:
    """Writes the tensor's raw bytes to ``file_path``; returns True."""
    if not isinstance(file_path, str):
        raise TypeError(f"'file_path' must be a str, but got {type(file_path).__name__}")
    Path(file_path).write_bytes(_get_bytes(self))
    self.__dict__["_offload_file_path"] = file_path
    return True


def _set_init_flag(self: Tensor, flag: bool) -> None:
    """Sets the flag ``is_init`` returns."""
    self.__dict__["_init_flag"] = bool(flag)


def _hooks(self: Tensor) -> list:
    """The gradient hooks registered on the tensor (``register_hook``), in order."""
    table = self.__dict__.get("_grad_hooks")
    return [] if table is None else list(table.values())


def _remove_hook(handle_id: int) -> None:
    """Removes the gradient hook of the handle id ``handle_id`` from its tensor."""
    table = TENSOR_HOOK_TABLES.pop(handle_id, None)
    if table is not None:
        table.pop(handle_id, None)


def _delete(self: Tensor, non_blocking: bool = False) -> Tensor:
    """Releases the tensor's buffer (its values become zeros of the same shape and dtype);
    returns the tensor."""
    if not isinstance(non_blocking, bool):
        raise ValueError(f"The type of 'non_blocking' must be bool, but got {non_blocking}")
    self._data = jnp.zeros(self._data.shape, self._data.dtype)
    return self


class UntypedStorage:
    """A tensor's storage as MindSpore 2.10's ``Tensor.untyped_storage()`` gives it: its bytes,
    counted by ``size()``/``nbytes()`` (``element_size()`` is 1), at ``data_ptr()`` (0 once
    resized to nothing), on ``device``; ``copy_(other)`` writes another storage's bytes into the
    tensor, ``resize_(n)`` sets the storage's byte count (the tensor keeps its values, as in
    2.10)."""

    def __init__(self, tensor: Tensor) -> None:
        self._tensor = tensor
        self._nbytes: int | None = None

    @property
    def device(self) -> str:
        return next(iter(self._tensor._data.devices())).platform.upper()

    @property
    def dtype(self) -> Any:
        return self._tensor.dtype

    def nbytes(self) -> int:
        return int(self._tensor._data.nbytes) if self._nbytes is None else self._nbytes

    def size(self) -> int:
        return self.nbytes()

    def element_size(self) -> int:
        return 1

    def is_shared(self) -> bool:
        return False

    def data_ptr(self) -> int:
        return 0 if self.nbytes() == 0 else _data_ptr(self._tensor)

    def resize_(self, size: int) -> UntypedStorage:
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise TypeError(f"'size' must be a non-negative int, but got {size!r}")
        self._nbytes = size
        return self

    def copy_(self, src: UntypedStorage, non_blocking: bool = False) -> UntypedStorage:
        if not isinstance(src, UntypedStorage):
            raise TypeError(f"'src' must be an UntypedStorage, but got {type(src).__name__}")
        if src.nbytes() != self.nbytes():
            raise RuntimeError(
                f"copy_: the storages must hold the same number of bytes, but got "
                f"{self.nbytes()} and {src.nbytes()}"
            )
        t = self._tensor
        data = np.frombuffer(_get_bytes(src._tensor), np.dtype(t._data.dtype))
        t._data = jnp.asarray(data.reshape(t._data.shape))
        return self


def _device(self: Tensor) -> str:
    """Where the tensor's buffer is, as MindSpore names it: ``'CPU'``, else the accelerator's
    name and id (``'GPU:0'``)."""
    devices = getattr(self._data, "devices", None)
    device = next(iter(devices())) if callable(devices) else jax.devices()[0]
    return "CPU" if device.platform == "cpu" else f"{device.platform.upper()}:{device.id}"


def _untyped_storage(self: Tensor) -> UntypedStorage:
    """The tensor's storage (``UntypedStorage``); one object per tensor."""
    storage = self.__dict__.get("_untyped_storage")
    if storage is None:
        storage = self.__dict__["_untyped_storage"] = UntypedStorage(self)
    return storage


def _assign_value_cpp(self: Tensor, value: Any) -> None:
    """Gives the tensor ``value``'s values, shape and dtype (``assign_value``)."""
    self.assign_value(value)


register_methods(
    {
        "get_bytes": _get_bytes,
        "convert_bytes_to_tensor": staticmethod(_convert_bytes_to_tensor),
        "data_ptr": _data_ptr,
        "_data_ptr": _data_ptr,
        "_offload": _offload_to_host,
        "data_sync": _data_sync,
        "wait_pipeline": _wait_pipeline,
        "flush_from_cache": _flush_from_cache,
        "from_dlpack": staticmethod(_from_dlpack),
        "to_dlpack": _to_dlpack,
        "is_pinned": _is_pinned,
        "pin_memory": _pin_memory,
        "is_shared": lambda self: False,
        "stride": _stride,
        "storage_offset": lambda self: 0,
        "offload": _offload,
        "offload_file_path": lambda self: self.__dict__.get("_offload_file_path", ""),
        "is_init": lambda self: self.__dict__.get("_init_flag", False),
        "set_init_flag": _set_init_flag,
        "hooks": _hooks,
        "remove_hook": staticmethod(_remove_hook),
        "delete_": _delete,
        "assign_value_cpp": _assign_value_cpp,
        "device": property(_device),
        "storage": _untyped_storage,
        "untyped_storage": _untyped_storage,
    },
    __name__,
)
