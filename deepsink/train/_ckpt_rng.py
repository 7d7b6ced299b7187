"""The global random key inside a ``.ckpt`` file, outside its list of entries.

``ModelCheckpoint`` and ``BackupAndRestore`` save the global random key with the parameters, so a
resumed run draws the same random numbers (dropout masks, random ops) as the uninterrupted one and
resumes bit-identically. MindSpore writes no such entry, and a program that lists a checkpoint's
entries (``load_checkpoint(...).keys()``, MindSpore's fault-recovery tutorial) must see the same
list on deepsink. So the key is not an entry: it is one extra top-level field of the file's
``Checkpoint`` message, number ``FIELD``, which MindSpore's schema does not define. Protobuf
readers skip fields they do not know, so MindSpore (and deepsink's entry list) never see it; the
file still loads in MindSpore unchanged. The field holds a ``TensorProto`` (dims, type, bytes).

On load, ``load_checkpoint`` hangs the key on the Parameters it returns (attribute
``_saved_rng_key``) and ``load_param_into_net`` puts it back, so the usual
``load_param_into_net(net, load_checkpoint(file))`` restores it as well.

The engines of the network's random Primitives (an ``nn.Dropout``'s kernel, whose masks continue
from step to step, ``_core/kernel_random.py``) go the same way in field ``FIELD_ENGINES``: the
Lehmer engine states of the Primitives found walking the saved network's Cells, in that order;
``load_param_into_net`` hands them to the same Primitives of the network it loads into, which
continue from them.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core import random as _random

FIELD = 15  # a field number MindSpore's Checkpoint message does not use (its only field is 1)
FIELD_ENGINES = 16  # the random kernels' engine states, another field MindSpore does not use
_ATTR = "_saved_rng_key"
_ENGINES_ATTR = "_saved_rng_engines"
_SAVING: contextvars.ContextVar[bool] = contextvars.ContextVar("saving_rng_key", default=False)


@contextlib.contextmanager
def saving_rng_key() -> Iterator[None]:
    """``save_checkpoint`` calls inside the block also store the global random key."""
    token = _SAVING.set(True)
    try:
        yield
    finally:
        _SAVING.reset(token)


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    shift = value = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise ValueError("truncated varint")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def _field(number: int, array: np.ndarray) -> bytes:
    from deepsink.train._ckpt_proto import TensorProto

    t = TensorProto(
        dims=list(array.shape), tensor_type=array.dtype.name, tensor_content=array.tobytes()
    )
    payload = t.SerializeToString()
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _random_primitives(net: Any) -> list:
    """The random Primitives (those with kernel engines) of ``net``'s Cells, in a fixed order."""
    from deepsink.ops.primitive import Primitive

    if net is None or not hasattr(net, "cells_and_names"):
        return []
    out, seen = [], set()
    for _, cell in net.cells_and_names():
        for _, value in sorted(vars(cell).items()):
            if isinstance(value, Primitive) and getattr(type(value), "_random_kernel", False):
                if id(value) not in seen:
                    seen.add(id(value))
                    out.append(value)
    return out


def chunk_for_save(net: Any = None) -> bytes:
    """The fields' bytes (key and ``net``'s engines as of now) inside ``saving_rng_key()``, else
    ``b""``."""
    if not _SAVING.get():
        return b""
    from deepsink._core import kernel_random as KR

    out = _field(FIELD, np.asarray(_random.KEY.ensure()))
    states = [KR.primitive_state(p) for p in _random_primitives(net)]
    if any(states):
        out += _field(FIELD_ENGINES, np.asarray(states, np.uint32).reshape(-1))
    return out


def find(data: bytes, number: int = FIELD) -> np.ndarray | None:
    """The array stored in field ``number`` (the key, or the engine states) of a ``.ckpt``
    file's bytes (decrypted, CRC trailer removed), if any.

    Walks the top-level fields only (every one is length-delimited), so it costs one step per
    tensor slice; bytes it cannot walk are left to the protobuf parser to report."""
    from deepsink.train._ckpt_proto import TensorProto

    pos, found = 0, None
    try:
        while pos < len(data):
            tag, pos = _read_varint(data, pos)
            if tag & 7 != 2:
                return None
            size, pos = _read_varint(data, pos)
            if tag >> 3 == number:
                found = bytes(data[pos : pos + size])
            pos += size
    except ValueError:
        return None
    if found is None:
        return None
    t = TensorProto()
    t.ParseFromString(found)
    return np.frombuffer(t.tensor_content, np.dtype(t.tensor_type)).reshape(list(t.dims))


def attach(
    parameter_dict: dict[str, Any], key: np.ndarray | None, engines: np.ndarray | None = None
) -> None:
    """Hang ``key`` (and the engine states) on every Parameter of a loaded checkpoint (see the
    module docstring)."""
    for value in parameter_dict.values():
        if hasattr(value, "_data"):
            if key is not None:
                setattr(value, _ATTR, key)
            if engines is not None:
                setattr(value, _ENGINES_ATTR, engines)


def restore(parameter_dict: dict[str, Any], net: Any = None) -> bool:
    """Put back the key ``attach`` hung on the dict's Parameters (and the engine states, into
    ``net``'s random Primitives); False when there is no key or it does not fit the running key
    (another PRNG implementation)."""
    from deepsink._core import kernel_random as KR

    for value in parameter_dict.values():
        engines = getattr(value, _ENGINES_ATTR, None)
        if engines is not None:
            prims = _random_primitives(net)
            KR.restore_engines(prims, [int(v) for v in engines])
            break
    for value in parameter_dict.values():
        key = getattr(value, _ATTR, None)
        if key is not None:
            current = _random.KEY.ensure()
            if key.shape != current.shape or key.dtype != current.dtype:
                return False
            _random.KEY._data = jnp.array(key, copy=True)
            return True
    return False
