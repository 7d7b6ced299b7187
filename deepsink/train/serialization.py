"""Checkpoints: MindSpore's ``save_checkpoint``/``load_checkpoint``/``load_param_into_net``.

Files interchange with MindSpore 2.x both ways:

- ``format="ckpt"``: MindSpore's protobuf format (schema in ``checkpoint.proto``, messages in
  ``_ckpt_proto``): one serialized ``Checkpoint`` message per tensor (tensors over 512 MiB in
  512 MiB slices under the same tag), dtype names as MindSpore prints them (``Float32``,
  ``BFloat16``, ``Int64``, ...), a scalar with ``dims=[]``, strings with type ``str``. Optional
  ``crc_check`` trailer and AES-GCM/AES-CBC encryption in MindSpore's layout (``_ckpt_crypto``).
- ``format="safetensors"``: the ``safetensors`` library, metadata ``{"format": "ms"}``.

Writes are crash-safe: the bytes go to a hidden temp file of this write only
(``.<name>.<pid>.<random>.tmp``) in the destination folder, are flushed and fsync'ed, then renamed
over the destination (atomic on POSIX) and made read-only (0400, as MindSpore leaves them); a
process killed mid-write leaves the previous file intact and only its hidden ``.tmp`` that no
loader takes for a checkpoint. Several writers of one path (data-parallel ranks saving into one
folder write the same names, as in MindSpore) end with one complete file, the last one renamed;
to keep each rank's own file, give each rank its folder (``directory=f"ckpt_{get_rank()}"``). ``async_save`` snapshots the values on the host
at call time and writes in a background thread; the next save, ``ModelCheckpoint`` at the end of
training and interpreter exit wait for it, and an error in it is raised there.

Values are dtype-exact: 64-bit entries stay 64-bit when JAX runs with x64; without x64 they are
narrowed to 32 bits only when every value survives the round trip, else loading raises.
"""

from __future__ import annotations

import atexit
import functools
import inspect
import itertools
import logging
import math
import os
import re
import stat
import threading
import uuid
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend import core as jex_core

from deepsink._compile.print_file import parse_print as parse_print  # MindSpore keeps it here too
from deepsink._core import random as _random
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.train import _ckpt_rng
from deepsink.train.mindir.files import load as load  # MindSpore's serialization module has it too

logger = logging.getLogger("deepsink")

SLICE_BYTES = 512 * 1024 * 1024  # MindSpore's SLICE_SIZE (512 * 1024 KB)
RNG_KEY_NAME = "_global_rng_key"  # the random key as an entry, in files of earlier versions
_CRC_MARK = b"crc_num"
_TYPES = {t.name: t for t in (*mstype.number_type, mstype.bool_, mstype.qint4x2)}
# MindSpore's tables from a checkpoint entry's ``tensor_type`` (public names of its module)
_CKPT_TYPE_NAMES = (
    *("Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64"),
    *("Float16", "Float32", "Float64", "Bool"),
)
tensor_to_ms_type = {
    **{n: _TYPES[n] for n in _CKPT_TYPE_NAMES},
    **{"str": mstype.string, "BFloat16": mstype.bfloat16, "Int4": mstype.qint4x2},
}
_tensor_to_np_type = {
    **{n: np.dtype(_TYPES[n].np).type for n in _CKPT_TYPE_NAMES},
    "str": "U",
    "BFloat16": np.dtype(mstype.bfloat16.np).type,
}


def _load_map_parameter(
    checkpoint_list: Any,
    element: Any,
    element_id: int,
    map_data_list: list,
    map_shape_list: list,
    parameter_dict: dict,
) -> None:
    """MindSpore 2.10's private helper that libraries import (mindnlp): read the MapParameter
    entry ``checkpoint_list.value[element_id]`` (its ``maptensor``: keys, values, status). Slices
    saved under one tag in consecutive entries are gathered in ``map_data_list`` (bytes per part)
    and ``map_shape_list`` (rows so far); at the last one ``parameter_dict[tag]`` becomes the list
    of the parts as NumPy arrays. deepsink has no MapParameter to load them into."""
    tensors = list(element.maptensor.tensor)
    more = element_id != len(checkpoint_list.value) - 1
    if more and element.tag == checkpoint_list.value[element_id + 1].tag:
        for i, t in enumerate(tensors):
            map_data_list[i].append(
                np.frombuffer(t.tensor_content, tensor_to_np_type(t.tensor_type))
            )
            map_shape_list[i] += t.dims[0]
        return
    parts = []
    for i, t in enumerate(tensors):
        np_type = tensor_to_np_type(t.tensor_type)
        map_data_list[i].append(np.frombuffer(t.tensor_content, np_type))
        data = np.frombuffer(b"".join(bytes(d) for d in map_data_list[i]), np_type)
        dims = list(t.dims)
        dims[0] += map_shape_list[i]
        parts.append(data.reshape(dims))
    parameter_dict[element.tag] = parts


def tensor_to_np_type(tensor_type_str: str) -> Any:
    """The NumPy type of a checkpoint entry's ``tensor_type`` (``"Float32"``, ``"BFloat16"``,
    ``"str"``: ``"U"``); None for a name MindSpore does not save."""
    return _tensor_to_np_type.get(tensor_type_str)


_FORMATS = ("ckpt", "safetensors")


# --- host snapshot of what to save ------------------------------------------------------------
def _type_name(arr: np.ndarray, name: str) -> str:
    try:
        t = mstype.from_np(arr.dtype)
    except (KeyError, TypeError, ValueError):
        t = None
    if t is None or t.name not in _TYPES:
        raise TypeError(
            f"For 'save_checkpoint', '{name}' has dtype {arr.dtype}, which a checkpoint cannot "
            f"hold; supported: {sorted(_TYPES)}"
        )
    return t.name


def _check_fn(choice_func: Any) -> None:
    if choice_func is not None and not callable(choice_func):
        raise TypeError(
            "For 'save_checkpoint', 'choice_func' must be a function of the parameter name, "
            f"but got {type(choice_func).__name__}"
        )


def _items(save_obj: Any, choice_func: Callable | None) -> list[tuple[str, Any]]:
    """(name, Tensor | str | numpy) pairs of a Cell, a list or a dict, as MindSpore accepts."""
    from deepsink.nn import Cell

    keep = (lambda n: True) if choice_func is None else choice_func
    if isinstance(save_obj, Cell):
        return [(p.name, p) for _, p in save_obj.parameters_and_names() if keep(p.name)]
    if isinstance(save_obj, list):
        out = []
        for i, item in enumerate(save_obj):
            if isinstance(item, Parameter):
                name, data = item.name, item
            elif isinstance(item, dict) and "name" in item and "data" in item:
                name, data = item["name"], item["data"]
                if not isinstance(name, str):
                    raise TypeError(
                        "For 'save_checkpoint', when 'save_obj' is a list of dicts, 'name' must be a "
                        f"str, but got {type(name).__name__} at index {i}"
                    )
                if not isinstance(data, Tensor | np.ndarray | jax.Array):
                    raise TypeError(
                        "For 'save_checkpoint', when 'save_obj' is a list of dicts, 'data' must be a "
                        f"Parameter or Tensor, but got {type(data).__name__} for '{name}'"
                    )
            else:
                raise TypeError(
                    "For 'save_checkpoint', 'save_obj' as a list must hold Parameters or "
                    f"{{'name': str, 'data': Tensor}} dicts, but got {type(item).__name__} at "
                    f"index {i}"
                )
            if keep(name):
                out.append((name, data))
        return out
    if isinstance(save_obj, dict):
        out = []
        for name, data in save_obj.items():
            if not isinstance(name, str) or not isinstance(
                data, Tensor | str | np.ndarray | jax.Array
            ):
                raise TypeError(
                    "For 'save_checkpoint', when 'save_obj' is a dict, its keys must be str and "
                    "its values Parameters, Tensors or str, but got "
                    f"{type(name).__name__}: {type(data).__name__}"
                )
            if keep(name):
                out.append((name, data))
        return out
    raise TypeError(
        "For 'save_checkpoint', 'save_obj' must be a Cell, a list or a dict, "
        f"but got {type(save_obj).__name__}"
    )


def _append_items(append_dict: Any) -> list[tuple[str, Any]]:
    """MindSpore's append_dict: int -> Int64, float -> Float32, bool -> Bool, str, Tensor."""
    if append_dict is None:
        return []
    if not isinstance(append_dict, dict):
        raise TypeError(
            "For 'save_checkpoint', 'append_dict' must be a dict, "
            f"but got {type(append_dict).__name__}"
        )
    out = []
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(
            value, bool | int | float | str | Tensor | np.ndarray
        ):
            raise TypeError(
                "For 'save_checkpoint', 'append_dict' must map str to int, float, bool, str, "
                f"Parameter or Tensor, but got {type(key).__name__}: {type(value).__name__}"
            )
        if isinstance(value, bool):
            value = np.array(value, np.bool_)
        elif isinstance(value, int):
            value = np.array(value, np.int64)
        elif isinstance(value, float):
            value = np.array(value, np.float32)
        out.append((key, value))
    return out


def _to_host(items: list[tuple[str, Any]], copy: bool) -> list[tuple[str, np.ndarray | str]]:
    """Numpy values of all entries, fetched from the device in one transfer."""
    device = [i for i, (_, v) in enumerate(items) if isinstance(v, Tensor | jax.Array)]
    fetched = jax.device_get(
        [items[i][1]._data if isinstance(items[i][1], Tensor) else items[i][1] for i in device]
    )
    out: list[tuple[str, np.ndarray | str]] = [
        (n, v if isinstance(v, str) else np.asarray(v)) for n, v in items
    ]
    for i, arr in zip(device, fetched):
        out[i] = (items[i][0], np.array(arr, copy=copy) if copy else np.asarray(arr))
    return out


# --- the ckpt format -------------------------------------------------------------------------
def _varint(v: int) -> bytes:
    out = bytearray()
    while True:
        out.append((v & 0x7F) | (0x80 if v > 0x7F else 0))
        v >>= 7
        if not v:
            return bytes(out)


# deepsink's files start with one field that MindSpore's schema does not have (protobuf parsers,
# MindSpore's included, skip unknown fields): the number of Value messages that follow, so that a
# file cut exactly between two entries (which still parses) is told from a complete one
_COUNT_FIELD = 2046
_COUNT_TAG = _varint((_COUNT_FIELD << 3) | 2)
_COUNT_TEXT = b"deepsink values="


def _count_mark(n: int) -> bytes:
    payload = _COUNT_TEXT + str(n).encode()
    return _COUNT_TAG + _varint(len(payload)) + payload


def _read_count_mark(data: bytes) -> int | None:
    """The number of Value messages a deepsink file was saved with (None: no mark, e.g. a file
    MindSpore wrote)."""
    if len(data) <= len(_COUNT_TAG) or not data.startswith(_COUNT_TAG):
        return None
    length = data[len(_COUNT_TAG)]  # the payload is shorter than 128 bytes: a 1-byte varint
    payload = data[len(_COUNT_TAG) + 1 : len(_COUNT_TAG) + 1 + length]
    if length > 0x7F or not payload.startswith(_COUNT_TEXT):
        return None
    try:
        return int(payload[len(_COUNT_TEXT) :])
    except ValueError:
        return None


def _int4_bytes(value: np.ndarray) -> np.ndarray:
    """A qint4x2 (Int4) array as MindSpore stores it: one Int8 byte per value."""
    return value.astype(np.int8) if value.dtype == mstype.qint4x2.np else value


def _int4_values(stored: np.ndarray, name: str) -> np.ndarray:
    """An entry MindSpore tagged Int4 (one byte per value) as a qint4x2 array; a byte outside
    Int4's [-8, 7] (2.10 keeps any byte) is refused rather than wrapped."""
    if stored.size and (stored.min() < -8 or stored.max() > 7):
        raise ValueError(
            f"For 'load_checkpoint', '{name}' is tagged Int4 (qint4x2) but holds the value "
            f"{int(stored.min() if stored.min() < -8 else stored.max())}, outside [-8, 7]"
        )
    return stored.astype(mstype.qint4x2.np)


def _ckpt_pieces(value: np.ndarray | str) -> int:
    if isinstance(value, str):
        return 1
    return max(1, math.ceil(value.nbytes / SLICE_BYTES))


def _ckpt_chunks(entries: list[tuple[str, np.ndarray | str]]) -> Iterator[bytes]:
    """The count mark, then serialized Checkpoint messages, one per tensor (or 512 MiB slice)."""
    from deepsink.train._ckpt_proto import Checkpoint

    yield _count_mark(sum(_ckpt_pieces(value) for _, value in entries))
    for name, value in entries:
        if isinstance(value, str):
            dims, type_name, pieces = [0], "str", [np.array(value).tobytes()]
        else:
            dims, type_name = list(value.shape), _type_name(value, name)
            flat = np.ascontiguousarray(_int4_bytes(value)).reshape(-1)
            n = _ckpt_pieces(value)
            pieces = [flat.tobytes()] if n == 1 else [p.tobytes() for p in np.array_split(flat, n)]
        for piece in pieces:
            msg = Checkpoint()
            v = msg.value.add()
            v.tag = name
            v.tensor.dims.extend(dims)
            v.tensor.tensor_type = type_name
            v.tensor.tensor_content = piece
            yield msg.SerializeToString()


def _safetensors_bytes(
    entries: list[tuple[str, np.ndarray | str]], crc_check: bool, remove_redundancy: bool | None
) -> bytes:
    """The file's bytes; its metadata holds ``format``, ``remove_redundancy`` when given and, with
    ``crc_check``, ``crc_num``: the CRC32 of every name and tensor's bytes in name order."""
    from safetensors.numpy import save

    tensors, int4_names = {}, []
    for name, value in entries:
        if isinstance(value, str):
            raise TypeError(
                f"For 'save_checkpoint', '{name}' is a str, which the safetensors format cannot "
                "hold; use format='ckpt'"
            )
        if _type_name(value, name) == mstype.qint4x2.name:
            int4_names.append(name)  # MindSpore's tag for a dtype safetensors lacks
            value = _int4_bytes(value)
        tensors[name] = value if value.flags.c_contiguous else value.copy(order="C")
    metadata = {"format": "ms", **{name: mstype.qint4x2.name for name in int4_names}}
    if remove_redundancy is not None:
        metadata["remove_redundancy"] = str(remove_redundancy)
    tensors = dict(sorted(tensors.items()))
    if crc_check:
        metadata["crc_num"] = str(_safetensors_crc(tensors.items()))
    return save(tensors, metadata=metadata if tensors else None)


def _safetensors_crc(items: Iterable[tuple[str, np.ndarray]]) -> int:
    crc = 0
    for name, value in items:
        crc = zlib.crc32(np.ascontiguousarray(value).tobytes(), zlib.crc32(name.encode(), crc))
    return crc


# --- crash-safe writes -------------------------------------------------------------------------
def _tmp_name(path: str) -> str:
    """A hidden name in ``path``'s folder that only this write uses: no file a user could own
    (``results.tmp``) is touched, and concurrent writers of one path (processes, data-parallel
    ranks sharing a folder) each write their own file before the atomic rename."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.{os.getpid()}.{uuid.uuid4().hex[:12]}.tmp")


def _remove(path: str) -> None:
    if os.path.lexists(path):
        os.chmod(path, stat.S_IWUSR | stat.S_IRUSR)
        os.remove(path)


def atomic_write(path: str, chunks: Iterable[bytes]) -> None:
    """Write ``chunks`` to ``path`` so that ``path`` is either the old file or the complete new
    one: temp file in the same folder, flush + fsync, rename, fsync of the folder; 0400 after."""
    folder = os.path.dirname(os.path.abspath(path))
    tmp = _tmp_name(path)
    try:
        with open(tmp, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        logger.critical("Failed to save the checkpoint file %s.", path)
        try:
            _remove(tmp)
        except OSError:
            pass
        raise
    os.chmod(path, stat.S_IRUSR)
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write(
    path: str,
    entries: list,
    fmt: str,
    enc_key: bytes | None,
    enc_mode: str,
    crc_check: bool,
    extra: bytes = b"",
    remove_redundancy: bool | None = None,
) -> None:
    if fmt == "safetensors":
        atomic_write(path, [_safetensors_bytes(entries, crc_check, remove_redundancy)])
        return
    # streamed: each tensor is serialized as the file is written, never the whole file in memory
    chunks: Iterable[bytes] = itertools.chain(_ckpt_chunks(entries), [extra] if extra else [])
    if enc_key is not None:
        from deepsink.train import _ckpt_crypto

        chunks = [_ckpt_crypto.encrypt(b"".join(chunks), enc_key, enc_mode)]
    elif crc_check:
        data = b"".join(chunks)
        chunks = [data, _CRC_MARK + zlib.crc32(data).to_bytes(10, "big")]
    atomic_write(path, chunks)


class _AsyncSaver:
    """At most one background write at a time (MindSpore waits for the previous one too)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._lock = threading.Lock()

    def submit(self, fn: Callable[[], None]) -> None:
        self.wait()

        def run() -> None:
            try:
                fn()
            except BaseException as e:  # noqa: BLE001 - raised by the next wait()
                self._error = e

        with self._lock:
            self._thread = threading.Thread(target=run, name="deepsink-async-save")
            self._thread.start()

    def wait(self) -> None:
        """Block until the pending write is on disk; raise its error if it failed."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.join()
        error, self._error = self._error, None
        if error is not None:
            raise RuntimeError(f"the asynchronous checkpoint save failed: {error}") from error


_ASYNC = _AsyncSaver()
atexit.register(_ASYNC.wait)


def async_ckpt_thread_status() -> bool:
    """Whether an ``async_save`` write is still running (deprecated in MindSpore 2.5).

    Returns:
        bool, True while a background checkpoint write is running.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.async_ckpt_thread_status())
        False
    """
    thread = _ASYNC._thread
    return thread is not None and thread.is_alive()


def wait_async_save() -> None:
    """Wait for a pending ``async_save`` write (ModelCheckpoint calls it when training ends)."""
    _ASYNC.wait()


def _check_async(async_save: Any) -> bool:
    if not isinstance(async_save, bool | str):
        raise TypeError(
            "For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
            f"but got {type(async_save)}."
        )
    if isinstance(async_save, bool) or async_save in ("thread", "process"):
        if async_save == "process":
            logger.warning(
                "save_checkpoint: async_save='process' writes in a background thread in deepsink "
                "(forking a process that runs JAX is unsafe); the file is complete when the next "
                "save or the end of training waits for it"
            )
        return bool(async_save)
    raise ValueError(
        "For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread', "
        f"but got {async_save}."
    )


def _check_file_name(name: Any, fmt: str, api: str) -> str:
    if fmt not in _FORMATS:
        raise ValueError(f"For '{api}', 'format' must be 'ckpt' or 'safetensors', but got {fmt!r}")
    if not isinstance(name, str):
        raise TypeError(
            f"For '{api}', 'ckpt_file_name' must be a str, but got {type(name).__name__}"
        )
    return name


def save_checkpoint(
    save_obj: Any,
    ckpt_file_name: str,
    integrated_save: bool = True,
    async_save: bool | str = False,
    append_dict: dict | None = None,
    enc_key: bytes | None = None,
    enc_mode: str = "AES-GCM",
    choice_func: Callable[[str], bool] | None = None,
    crc_check: bool = False,
    format: str = "ckpt",
    **kwargs: Any,
) -> None:  # noqa: A002
    """Save a Cell's Parameters (or a list/dict of them) to ``ckpt_file_name``.

    Args:
        save_obj: a Cell, a list of Parameters or of ``{"name": str, "data": Tensor}`` dicts, or a
            dict ``{name: Parameter | Tensor | str}`` (e.g. what ``load_checkpoint`` returned).
        ckpt_file_name: the file; ``.ckpt``/``.safetensors`` is appended when missing. An
            existing file is replaced atomically.
        integrated_save: merging of sliced parameters in parallel training; with one device every
            parameter is whole, so there is nothing to merge.
        async_save: True/"thread" (or "process", written by a thread too) writes in the
            background; values are taken when this function is called.
        append_dict: extra entries ``{str: int | float | bool | str | Tensor}`` (int -> Int64,
            float -> Float32 as in MindSpore).
        enc_key, enc_mode: encrypt with a 16/24/32-byte key, ``"AES-GCM"`` or ``"AES-CBC"``.
        choice_func: keep only the parameters whose name it accepts.
        crc_check: append MindSpore's CRC32 trailer (checked by ``load_checkpoint(crc_check=True)``).
        format: ``"ckpt"`` or ``"safetensors"`` (the latter without encryption or CRC).

    Examples:
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> path = os.path.join(tempfile.mkdtemp(), 'net.ckpt')
        >>> ms.save_checkpoint(net, path)
        >>> print(sorted(ms.load_checkpoint(path)))
        ['bias', 'weight']
    """
    ckpt_file_name = _check_file_name(ckpt_file_name, format, "save_checkpoint")
    if os.path.isdir(ckpt_file_name):
        raise IsADirectoryError(
            f"For 'save_checkpoint', the parameter `ckpt_file_name`: {ckpt_file_name} is a "
            "directory, it must be a file name."
        )
    if not isinstance(integrated_save, bool):
        raise TypeError(
            "For 'save_checkpoint', 'integrated_save' must be a bool, "
            f"but got {type(integrated_save).__name__}"
        )
    if enc_key is not None and not isinstance(enc_key, bytes):
        raise TypeError(
            f"For 'save_checkpoint', 'enc_key' must be bytes, but got {type(enc_key).__name__}"
        )
    if not isinstance(enc_mode, str):
        raise TypeError(
            f"For 'save_checkpoint', 'enc_mode' must be a str, but got {type(enc_mode).__name__}"
        )
    if not isinstance(crc_check, bool):
        raise TypeError(
            f"For 'save_checkpoint', 'crc_check' must be a bool, but got {type(crc_check).__name__}"
        )
    if enc_key is not None and crc_check:
        raise ValueError("For 'save_checkpoint', 'enc_key' and 'crc_check' cannot be used together")
    # with one device every parameter is saved once: nothing is redundant, the flag is recorded
    remove_redundancy = kwargs.get("remove_redundancy")
    _check_isinstance("remove_redundancy", remove_redundancy, (type(None), bool))
    if format == "safetensors":
        for arg, value, default in (
            ("enc_key", enc_key, None),
            ("enc_mode", enc_mode, "AES-GCM"),
            ("map_param_inc", kwargs.get("incremental", False), False),
            ("global_step_num", kwargs.get("global_step_num"), None),
        ):
            if value != default:
                raise ValueError(
                    "For 'save_checkpoint', when format is 'safetensors', the parameter "
                    f"'{arg}' must be set to default value '{default}', but got '{value}'."
                )
    unknown = set(kwargs) - {"remove_redundancy", "incremental", "global_step_num"}
    if unknown or kwargs.get("incremental"):
        raise ValueError(
            f"For 'save_checkpoint', unsupported arguments {sorted(kwargs)}: 'incremental' is "
            "for MapParameters, which deepsink does not have"
        )
    _check_fn(choice_func)
    background = _check_async(async_save)
    if not ckpt_file_name.endswith(f".{format}"):
        ckpt_file_name += f".{format}"
    ckpt_file_name = os.path.realpath(ckpt_file_name)
    entries = _to_host(_items(save_obj, choice_func) + _append_items(append_dict), background)
    if enc_key is not None:
        from deepsink.train._ckpt_crypto import _check

        _check(enc_key, enc_mode, "save_checkpoint", "enc_key", "enc_mode")

    # the key (and the network's random engines) as of this call
    extra = _ckpt_rng.chunk_for_save(save_obj) if format == "ckpt" else b""

    def write() -> None:
        _write(
            ckpt_file_name, entries, format, enc_key, enc_mode, crc_check, extra, remove_redundancy
        )

    if background:
        _ASYNC.submit(write)
    else:
        _ASYNC.wait()  # never two writers of one file
        write()


# --- loading ------------------------------------------------------------------------------------
class CheckpointError(ValueError):
    """A checkpoint file that cannot be read (truncated, corrupted, wrong key)."""


def _bad_file(file: str, what: str) -> CheckpointError:
    return CheckpointError(
        f"For 'load_checkpoint', failed to load the checkpoint file {file}: {what}"
    )


def _device_value(arr: np.ndarray, name: str, file: str) -> jax.Array:
    """The array on the device, 64-bit kept when JAX has x64, else narrowed only if exact."""
    if arr.dtype.itemsize == 8 and arr.dtype.kind in "iuf" and not jax.config.jax_enable_x64:
        narrow = arr.astype({"i": np.int32, "u": np.uint32, "f": np.float32}[arr.dtype.kind])
        if not np.array_equal(narrow.astype(arr.dtype), arr, equal_nan=arr.dtype.kind == "f"):
            raise ValueError(
                f"For 'load_checkpoint', '{name}' in {file} is {mstype.from_np(arr.dtype)} and "
                "its values do not fit in 32 bits, but JAX runs without 64-bit types; enable them "
                "first: jax.config.update('jax_enable_x64', True)"
            )
        arr = narrow
    return jnp.asarray(arr)


def _is_safetensors(data: bytes) -> bool:
    """safetensors' layout: an 8-byte little-endian header size, then that many bytes of JSON."""
    size = int.from_bytes(data[:8], "little")
    header = data[8 : 8 + size]
    return 2 <= size <= len(data) - 8 and header[:1] == b"{" and header.rstrip(b" ")[-1:] == b"}"


def _ckpt_bytes(file: str, dec_key: bytes | None, dec_mode: str, crc_check: bool) -> bytes:
    """The checkpoint file's protobuf bytes: decrypted, its CRC checked (``crc_check``) and
    removed; clear errors for files that are not checkpoints."""
    from deepsink.train import _ckpt_crypto

    try:
        with open(file, "rb") as f:
            data = f.read()
    except OSError as e:
        raise _bad_file(file, f"it cannot be read ({e.strerror})") from e
    if not data:
        raise _bad_file(file, "the file is empty (0 bytes)")
    if dec_key is None and _is_safetensors(data):
        raise _bad_file(
            file,
            "it is a safetensors file, not a MindSpore .ckpt: name it "
            f"'{os.path.splitext(os.path.basename(file))[0]}.safetensors' and load it with "
            "format='safetensors'",
        )
    if dec_key is not None:
        data = _ckpt_crypto.decrypt(data, dec_key, dec_mode, file)
    elif _ckpt_crypto.is_encrypted(data[:4]):
        raise _bad_file(file, "the file is encrypted; pass the key as 'dec_key' (and 'dec_mode')")
    if data[-17:-10] == _CRC_MARK:
        data, stored = data[:-17], int.from_bytes(data[-10:], "big")
        if crc_check and zlib.crc32(data) != stored:
            raise _bad_file(file, "the CRC check failed: the file is damaged")
    elif crc_check:
        logger.warning("For 'load_checkpoint', the ckpt file %s has no crc code to check", file)
    return data


def _checkpoint_message(file: str, data: bytes) -> Any:
    import google.protobuf.message

    from deepsink.train._ckpt_proto import Checkpoint

    msg = Checkpoint()
    try:
        msg.ParseFromString(data)
    except google.protobuf.message.DecodeError as e:
        raise _bad_file(
            file,
            f"the content ({len(data)} bytes) is not a valid MindSpore checkpoint; the file is "
            "truncated or corrupted",
        ) from e
    return msg


def _parse_ckpt_proto(ckpt_file_name: str, dec_key: Any, dec_mode: Any, crc_check: bool) -> Any:
    """The checkpoint file's ``Checkpoint`` protobuf message (MindSpore's private reader, which
    libraries call to read ``.value[i].tag`` / ``.tensor`` themselves)."""
    return _checkpoint_message(
        ckpt_file_name, _ckpt_bytes(ckpt_file_name, dec_key, dec_mode, crc_check)
    )


def _read_ckpt(
    file: str, dec_key: bytes | None, dec_mode: str, crc_check: bool, found: dict | None = None
) -> list[tuple[str, list[int], str, bytes]]:
    """(tag, dims, type, content) per entry, slices joined; clear errors for bad files.
    ``found["rng_key"]`` receives the saved global random key (``_ckpt_rng``), if any."""
    data = _ckpt_bytes(file, dec_key, dec_mode, crc_check)
    if found is not None:
        found["rng_key"] = _ckpt_rng.find(data)
        found["rng_engines"] = _ckpt_rng.find(data, _ckpt_rng.FIELD_ENGINES)
    msg = _checkpoint_message(file, data)
    saved = _read_count_mark(data)
    if saved is not None and len(msg.value) < saved:
        last = f"after '{msg.value[-1].tag}' " if len(msg.value) else ""
        raise _bad_file(
            file,
            f"the file is truncated: it ends {last}at byte {len(data)} with {len(msg.value)} of "
            f"the {saved} entries it was saved with",
        )
    entries: list[tuple[str, list[int], str, bytes]] = []
    for v in msg.value:
        if not v.HasField("tensor"):
            raise _bad_file(file, f"'{v.tag}' is a MapParameter, which deepsink does not support")
        t = v.tensor
        if entries and entries[-1][0] == v.tag:
            tag, dims, typ, content = entries[-1]
            entries[-1] = (tag, dims, typ, content + t.tensor_content)
        else:
            entries.append((v.tag, list(t.dims), t.tensor_type, t.tensor_content))
    for tag, dims, typ, content in entries:
        if typ == "str":
            continue
        if typ not in _TYPES:
            raise _bad_file(file, f"'{tag}' has the unknown tensor type {typ!r}")
        want = math.prod(dims) * _TYPES[typ].np.itemsize
        if len(content) != want:
            raise _bad_file(
                file,
                f"'{tag}' should hold {want} bytes ({typ} of shape {dims}) but holds "
                f"{len(content)}; the file is truncated or corrupted",
            )
    return entries


def _ckpt_values(
    file: str, dec_key, dec_mode, crc_check, found: dict | None = None
) -> Iterator[tuple[str, Any]]:
    for tag, dims, typ, content in _read_ckpt(file, dec_key, dec_mode, crc_check, found):
        if typ == "str":
            yield tag, str(np.frombuffer(content, f"U{len(content) // 4}")[0])
        else:
            if typ == mstype.qint4x2.name:
                yield tag, _int4_values(np.frombuffer(content, np.int8).reshape(dims), tag)
                continue
            yield tag, np.frombuffer(content, _TYPES[typ].np).reshape(dims)


def _safetensors_values(
    file: str, crc_check: bool, found: dict
) -> Iterator[tuple[str, np.ndarray]]:
    """The file's tensors in name order; its CRC checked first when ``crc_check``.
    ``found["remove_redundancy"]`` becomes what the file's metadata says, when it says it."""
    from safetensors import safe_open

    try:
        with safe_open(file, framework="np") as f:
            metadata = f.metadata() or {}
            names = sorted(f.keys())
            if crc_check:
                _check_safetensors_crc(file, metadata, ((k, f.get_tensor(k)) for k in names))
            found["remove_redundancy"] = _check_remove_redundancy(
                metadata, found["remove_redundancy"]
            )
            for k in names:
                value = f.get_tensor(k)
                yield k, _int4_values(value, k) if metadata.get(k) == mstype.qint4x2.name else value
    except Exception as e:
        if isinstance(e, ValueError):
            raise
        raise _bad_file(file, f"it is not a valid safetensors file ({e})") from e


def _check_safetensors_crc(file: str, metadata: dict, items: Iterable) -> None:
    if metadata.get("crc_num") is None:
        logger.warning(
            "For 'load_checkpoint', the safetensors file do not contain the crc code, "
            "please check the file."
        )
    elif _safetensors_crc(items) != int(metadata["crc_num"]):
        raise ValueError(
            "For 'load_checkpoint', the crc check has failed. Please check whether the ckpt "
            "file is damaged."
        )


def _check_remove_redundancy(metadata: dict, remove_redundancy: bool) -> bool:
    """The file's deduplication flag when it has one (with 2.10's warning when the argument says
    otherwise), else the argument."""
    saved = metadata.get("remove_redundancy")
    if saved == "True" and not remove_redundancy:
        logger.warning(
            "For 'load_checkpoint', the safetensors file is deduplicated, but remove_redundancy "
            "is set to False."
        )
        return True
    if saved == "False" and remove_redundancy:
        logger.warning(
            "For 'load_checkpoint', the safetensors file is non-deduplicated, but "
            "remove_redundancy is set to True."
        )
        return False
    return remove_redundancy


def _check_prefix(prefix: Any, arg: str) -> tuple[str, ...] | None:
    if prefix is None:
        return None
    if not isinstance(prefix, str | list | tuple):
        raise TypeError(
            f"For 'load_checkpoint', '{arg}' must be a str, list[str] or tuple[str], "
            f"but got {type(prefix).__name__}"
        )
    prefix = (prefix,) if isinstance(prefix, str) else tuple(prefix)
    if not prefix:
        raise ValueError(f"For 'load_checkpoint', '{arg}' can't be an empty list or tuple")
    for i, p in enumerate(prefix):
        if not isinstance(p, str):
            raise TypeError(
                f"For 'load_checkpoint', the elements of '{arg}' must be str, "
                f"but got {type(p).__name__} at index {i}"
            )
        if p == "":
            raise ValueError(f"For 'load_checkpoint', '{arg}' can't include ''")
    return prefix


def _wanted(name: str, specify: tuple | None, filt: tuple | None, choice: Callable | None) -> bool:
    if specify is not None and not name.startswith(specify):
        return False
    if filt is not None and name.startswith(filt):
        return False
    if specify is None and filt is None and choice is not None:
        return bool(choice(name))
    return True


def load_checkpoint(
    ckpt_file_name: str,
    net: Any = None,
    strict_load: bool = False,
    filter_prefix: Any = None,
    dec_key: bytes | None = None,
    dec_mode: str = "AES-GCM",
    specify_prefix: Any = None,
    choice_func: Callable[[str], bool] | None = None,
    crc_check: bool = False,
    remove_redundancy: bool = False,
    format: str = "ckpt",
) -> dict:  # noqa: A002
    """Read a checkpoint into ``{name: Parameter}`` (str entries stay str); load it into ``net``
    too when given (see :func:`load_param_into_net`).

    ``specify_prefix``/``filter_prefix`` (deprecated in MindSpore) keep/drop names by prefix and
    override ``choice_func``. A file that is truncated, corrupted or encrypted with another key
    raises ValueError naming the file and the problem.

    Args:
        ckpt_file_name (str): the file.
        net (Cell, optional): also load the values into it. Default: ``None``.
        strict_load (bool): names and dtypes must match exactly. Default: ``False``.
        filter_prefix (Union[str, list[str]], optional): drop names with these prefixes. Default: ``None``.
        dec_key (bytes, optional): the key of an encrypted file. Default: ``None``.
        dec_mode (str): ``'AES-GCM'`` or ``'AES-CBC'``. Default: ``'AES-GCM'``.
        specify_prefix (Union[str, list[str]], optional): keep only names with these prefixes. Default: ``None``.
        choice_func (Callable[[str], bool], optional): keep the names it accepts. Default: ``None``.
        crc_check (bool): verify the file's CRC. Default: ``False``.
        remove_redundancy (bool): restore parameters saved once per data-parallel group. Default: ``False``.
        format (str): ``'ckpt'`` or ``'safetensors'``. Default: ``'ckpt'``.

    Returns:
        dict[str, Parameter], the entries by name (string entries stay str).

    Raises:
        ValueError: the file is truncated, corrupted, or encrypted with another key; or
            ``choice_func`` raised (its error is the cause).

    Examples:
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'net.ckpt')
        >>> ms.save_checkpoint(nn.Dense(2, 1), path)
        >>> params = ms.load_checkpoint(path)
        >>> print(params['weight'].shape)
        (1, 2)
    """
    file = _check_file_name(ckpt_file_name, format, "load_checkpoint")
    specify = _check_prefix(specify_prefix, "specify_prefix")
    filt = _check_prefix(filter_prefix, "filter_prefix")
    if dec_key is not None and not isinstance(dec_key, bytes):
        raise TypeError(
            f"For 'load_checkpoint', 'dec_key' must be bytes, but got {type(dec_key).__name__}"
        )
    _check_isinstance("remove_redundancy", remove_redundancy, bool)
    for arg, value, kind in (("dec_mode", dec_mode, str), ("crc_check", crc_check, bool)):
        if not isinstance(value, kind):
            raise TypeError(
                f"For 'load_checkpoint', '{arg}' must be a {kind.__name__}, "
                f"but got {type(value).__name__}"
            )
    if format == "safetensors" and (dec_key is not None or dec_mode != "AES-GCM"):
        raise ValueError(
            "For 'load_checkpoint', when format is 'safetensors', 'dec_key' and 'dec_mode' "
            "must be default"
        )
    if not file.endswith(format):
        raise ValueError(
            "For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
            f"file_name:'{file}', format:'{format}'"
        )
    file = os.path.realpath(file)
    if not os.path.exists(file):
        raise ValueError(
            f"For 'load_checkpoint', the checkpoint file: {file} does not exist, please check "
            "whether the 'ckpt_file_name' is correct."
        )
    found: dict[str, Any] = {"remove_redundancy": remove_redundancy}
    values = (
        _ckpt_values(file, dec_key, dec_mode, crc_check, found)
        if format == "ckpt"
        else _safetensors_values(file, crc_check, found)
    )
    parameter_dict: dict[str, Any] = {}
    for name, value in values:
        try:
            wanted = _wanted(name, specify, filt, choice_func)
        except Exception as e:  # noqa: BLE001 - 2.10 reports any failure of the load as a ValueError
            raise ValueError(
                f"{e}\nFor 'load_checkpoint', failed to load the checkpoint file {file}."
            ) from e
        if not wanted:
            continue
        if isinstance(value, str):
            parameter_dict[name] = value
        else:
            parameter_dict[name] = Parameter(Tensor._from(_device_value(value, name, file)), name)
    if not parameter_dict:
        raise ValueError(
            "The loaded parameter dict is empty after filter or specify, please check whether "
            "'filter_prefix' or 'specify_prefix' are set correctly."
        )
    _ckpt_rng.attach(parameter_dict, found.get("rng_key"), found.get("rng_engines"))
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, found["remove_redundancy"])
    return parameter_dict


class ParamDictFuture:
    """The pending result of :func:`load_checkpoint_async`: ``result()`` waits for it."""

    def __init__(self, executor: ThreadPoolExecutor, future: Any) -> None:
        self.executor, self.param_dict_future = executor, future

    def result(self) -> dict:
        """The ``load_checkpoint`` dict (raises what loading raised)."""
        try:
            return self.param_dict_future.result()
        finally:
            self.executor.shutdown()


def _load_checkpoint_arguments(first: str) -> Callable:
    """Give the decorated ``func(first_value, options)`` :func:`load_checkpoint`'s first eight
    parameters as its signature (``first`` naming the first): those arguments are defined once,
    and a call is bound by Python's rules (its TypeError for an unknown or missing argument);
    ``options`` holds the other seven by name."""
    params = list(inspect.signature(load_checkpoint).parameters.values())[:8]
    sig = inspect.Signature([params[0].replace(name=first), *params[1:]])

    def wrap(func: Callable) -> Callable:
        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                bound = sig.bind(*args, **kwargs)
            except TypeError as e:  # Python's message for a wrong call names the function
                raise TypeError(f"{func.__name__}() {e}") from None
            bound.apply_defaults()
            options = dict(bound.arguments)
            return func(options.pop(first), options)

        ret = inspect.signature(func).return_annotation
        call.__signature__ = sig.replace(return_annotation=ret)  # type: ignore[attr-defined]
        return call

    return wrap


@_load_checkpoint_arguments("ckpt_file_name")
def load_checkpoint_async(ckpt_file_name: str, options: dict) -> ParamDictFuture:
    """Read a checkpoint in a background thread while the program goes on (building the network,
    the dataset); ``result()`` of the returned object gives :func:`load_checkpoint`'s dict.

    Args:
        ckpt_file_name (str): the ``.ckpt`` or ``.safetensors`` file.
        net (Cell, optional): load into this network too. Default: ``None``.
        strict_load (bool, optional): see :func:`load_checkpoint`. Default: ``False``.
        filter_prefix (Union[str, list[str], tuple[str]], optional): Default: ``None``.
        dec_key (bytes, optional): the decryption key. Default: ``None``.
        dec_mode (str, optional): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``.
            Default: ``"AES-GCM"``.
        specify_prefix (Union[str, list[str], tuple[str]], optional): Default: ``None``.
        choice_func (Callable, optional): which names to load. Default: ``None``.

    Returns:
        An object whose ``result()`` returns the dict of Parameters.

    Raises:
        ValueError, TypeError: from ``result()``, as :func:`load_checkpoint` raises them.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), "net.ckpt")
        >>> ms.save_checkpoint(nn.Dense(2, 1), path)
        >>> pending = ms.load_checkpoint_async(path)
        >>> print(sorted(pending.result()))
        ['bias', 'weight']
    """
    fmt = "safetensors" if ckpt_file_name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=1)
    pending = executor.submit(load_checkpoint, ckpt_file_name, **options, format=fmt)
    return ParamDictFuture(executor, pending)


def _save_graph(network: Any, file_name: str) -> None:
    """MindSpore's ``_save_graph`` (``ModelCheckpoint``'s ``<prefix>-graph.meta``): the network's
    compiled graph, for inspection. MindSpore 2.10 writes its ANF IR as a protobuf; deepsink
    compiles through XLA and writes what it hands to XLA: the StableHLO module (MLIR text) of the
    network's program, traced on the inputs of its first GRAPH_MODE call. As in 2.10, a network
    never compiled (run in PyNative mode) has no graph, and nothing is written."""
    from deepsink._compile.jit import graph_inputs
    from deepsink.train.mindir.export import trace

    inputs = graph_inputs(network)
    if inputs is None:
        logger.info("_save_graph: %s has no compiled graph; %s is not written", network, file_name)
        return
    closed, _ = trace(network, tuple(inputs), with_state=True)
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in closed.jaxpr.invars]
    program = jex_core.jaxpr_as_fun(closed)

    def graph(*args: Any) -> Any:
        return program(*args)

    graph.__name__ = type(network).__name__  # the module's name: jit_<network>
    text = jax.jit(graph).lower(*avals).as_text()
    file_name = os.path.realpath(file_name)
    atomic_write(file_name, [text.encode()])
    os.chmod(file_name, stat.S_IRUSR | stat.S_IWUSR)


# --- into a network -----------------------------------------------------------------------------
def _convertible(a: mstype.Type, b: mstype.Type) -> bool:
    floats, ints = set(mstype.float_type), {*mstype.int_type, mstype.qint4x2}
    return {a, b} <= floats or {a, b} <= ints


def _plan(param: Parameter, new: Any, strict_load: bool) -> tuple[Any, Any]:
    """(value to set, problem) for one Parameter and its checkpoint entry; a dtype problem is
    (summary, MindSpore 2.10's sentence)."""
    if isinstance(new, str):
        return None, f"'{param.name}': the checkpoint holds a str"
    data = new._data if isinstance(new, Tensor) else jnp.asarray(new)
    if tuple(data.shape) != tuple(param.shape):
        return None, (
            f"'{param.name}': shape {tuple(param.shape)} in the network, "
            f"{tuple(data.shape)} in the checkpoint"
        )
    mine, theirs = mstype.from_np(param._data.dtype), mstype.from_np(data.dtype)
    if mine != theirs:
        if strict_load or not _convertible(mine, theirs):
            return None, (
                f"'{param.name}': dtype {mine} in the network, {theirs} in the checkpoint",
                f"{param.name} in the argument 'net' should have the same type as {param.name} in "
                f"the argument 'parameter_dict'. but got its type {mine} in the argument 'net' and "
                f"type {theirs} in the argument 'parameter_dict'.",
            )
        logger.warning(
            "The type of %s:%s in 'parameter_dict' is different from the type of it in "
            "'net':%s, then the type convert from %s to %s in the network.",
            param.name,
            theirs,
            mine,
            theirs,
            mine,
        )
        data = Tensor(data, dtype=mine)._data  # a value outside a qint4x2's range is refused
    return data, None


def _restore_rng_key(value: Any) -> bool:
    """Put a saved global random key back (deepsink's ModelCheckpoint saves it)."""
    if not isinstance(value, Tensor):
        return False
    current = _random.KEY.ensure()
    data = value._data
    if data.shape != current.shape or data.dtype != current.dtype:
        logger.warning(
            "load_param_into_net: '%s' has shape %s %s, the running key %s %s; not restored",
            RNG_KEY_NAME,
            data.shape,
            data.dtype,
            current.shape,
            current.dtype,
        )
        return False
    _random.KEY._data = jnp.array(data, copy=True)
    return True


def load_param_into_net(
    net: Any, parameter_dict: dict, strict_load: bool = False, remove_redundancy: bool = False
) -> tuple[list[str], list[str]]:
    """Set ``net``'s Parameters from ``parameter_dict``; ``(param_not_load, ckpt_not_load)``.

    ``remove_redundancy`` (parallel training only: with one device it raises TypeError, as in
    MindSpore) loads a checkpoint saved once per data-parallel group. Names match exactly; without ``strict_load`` a Parameter not found by its own name is found
    under a common prefix (MindSpore's rule) and float/float or int/int dtype differences are
    converted. Shapes must match: every mismatch is listed in one RuntimeError. The global random
    key a ``ModelCheckpoint``/``BackupAndRestore`` file holds (not an entry: see ``_ckpt_rng``) is
    restored too, so random ops continue the saved run's sequence.

    Args:
        net (Cell): the network.
        parameter_dict (dict[str, Parameter]): e.g. what ``load_checkpoint`` returned.
        strict_load (bool): names and dtypes must match exactly. Default: ``False``.
        remove_redundancy (bool): restore parameters saved once per data-parallel group. Default: ``False``.

    Returns:
        tuple[list[str], list[str]], the network's Parameters that were not loaded and the
        checkpoint's entries that were not used.

    Raises:
        RuntimeError: shapes differ (every mismatch is listed).

    Examples:
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> path = os.path.join(tempfile.mkdtemp(), 'net.ckpt')
        >>> ms.save_checkpoint(nn.Dense(2, 1, weight_init='ones'), path)
        >>> net = nn.Dense(2, 1)
        >>> print(ms.load_param_into_net(net, ms.load_checkpoint(path)))
        ([], [])
        >>> print(net.weight.asnumpy())
        [[1. 1.]]
    """
    from deepsink.nn import Cell

    if not isinstance(net, Cell):
        raise TypeError(
            f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}."
        )
    if not isinstance(parameter_dict, dict):
        raise TypeError(
            "For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
            f"but got {type(parameter_dict)}."
        )
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, Parameter | str | list):
            raise TypeError(
                "For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                f"'str' and 'Parameter' , but got {type(key)} and {type(value)}."
            )
    if not isinstance(strict_load, bool):
        raise TypeError(
            f"For 'load_param_into_net', 'strict_load' must be a bool, but got {type(strict_load).__name__}"
        )
    _check_isinstance("remove_redundancy", remove_redundancy, bool)
    if remove_redundancy:
        _check_remove_redundancy_net()
    params = [p for _, p in net.parameters_and_names()]
    found: dict[str, str] = {p.name: p.name for p in params if p.name in parameter_dict}
    missing = [p.name for p in params if p.name not in found]
    if missing and not strict_load:
        prefix = _common_prefix(missing, parameter_dict)
        if prefix:
            logger.warning(
                "For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                prefix,
            )
            for name in list(missing):
                if prefix + name in parameter_dict:
                    found[name] = prefix + name
                    missing.remove(name)
    updates, problems = [], []
    for p in params:
        if p.name in found:
            value, problem = _plan(p, parameter_dict[found[p.name]], strict_load)
            if problem:
                problems.append(problem)
            else:
                updates.append((p, value))
    if problems:
        # MindSpore 2.10's sentence for the first dtype mismatch leads, then all the problems
        lead = next((p[1] + " " for p in problems if isinstance(p, tuple)), "")
        problems = [p[0] if isinstance(p, tuple) else p for p in problems]
        raise RuntimeError(
            f"For 'load_param_into_net', {lead}{len(problems)} parameter(s) of the argument 'net' "
            "do not match the argument 'parameter_dict' (nothing was loaded): "
            + "; ".join(problems)
            + ". Check that the checkpoint belongs to this network (and its batch size, "
            "number of classes, ...)."
        )
    for p, value in updates:
        p._data = value
    used = set(found.values())
    if RNG_KEY_NAME in parameter_dict and _restore_rng_key(parameter_dict[RNG_KEY_NAME]):
        used.add(RNG_KEY_NAME)  # files of earlier deepsink versions: the key as an entry
    else:
        _ckpt_rng.restore(parameter_dict, net)
    ckpt_not_load = [k for k in parameter_dict if k not in used]
    if missing:
        logger.warning(
            "For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they "
            "are not in the 'parameter_dict', please check whether the network structure is "
            "consistent when training and loading checkpoint.",
            len(missing),
        )
        logger.warning("%s are not loaded.", missing)
    return missing, ckpt_not_load


def _check_remove_redundancy_net() -> None:
    from deepsink.communication.management import get_group_size

    if get_group_size() == 1:
        raise TypeError(
            "The deduplication feature for loading checkpoint can only be used in parallel "
            "scenarios, but got stand_alone."
        )


def _common_prefix(missing: list[str], parameter_dict: dict) -> str:
    """A prefix that, put before the unloaded names, finds them in the checkpoint."""
    for name in missing:
        for key in parameter_dict:
            if key.endswith(name) and key != name:
                return key[: -len(name)]
    return ""


# --- format conversion -------------------------------------------------------------------------
def _convert(
    file_path: str,
    save_path: str | None,
    name_map: dict | None,
    file_name_regex: str | None,
    processes_num: int,
    dst: str,
) -> None:
    src = "ckpt" if dst == "safetensors" else "safetensors"
    api = "ckpt_to_safetensors" if dst == "safetensors" else "safetensors_to_ckpt"
    if not isinstance(file_path, str) or not (
        os.path.isdir(file_path) or os.path.isfile(file_path)
    ):
        raise ValueError(
            f"For {api}, the input path must be a valid path or file, but got {file_path}"
        )
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {api}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(
            f"For {api}, the type of 'name_map' must be a directory, but got '{type(name_map)}'"
        )
    if isinstance(processes_num, bool) or not isinstance(processes_num, int) or processes_num < 1:
        raise ValueError(
            f"For {api}, 'processes_num' must be a positive int, got {processes_num!r}"
        )
    if os.path.isfile(file_path):
        if not file_path.endswith(f".{src}"):
            raise ValueError(
                f"For {api}, the input file must be a .{src} file, but got {file_path}"
            )
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {api}, the input file does not match the regular expression.")
        jobs = [(file_path, save_path or os.path.dirname(file_path))]
    else:
        jobs = []
        for root, _, files in os.walk(file_path):
            for name in sorted(files):
                full = os.path.join(root, name)
                if not name.endswith(f".{src}"):
                    continue
                if file_name_regex is not None and not re.findall(file_name_regex, full):
                    continue
                rel = os.path.relpath(root, file_path)
                jobs.append((full, os.path.join(save_path, rel) if save_path else root))
    for src_file, folder in jobs:
        os.makedirs(folder, exist_ok=True)
        values = load_checkpoint(src_file, format=src)
        if name_map:
            values = {name_map.get(k, k): v for k, v in values.items()}
        base = os.path.splitext(os.path.basename(src_file))[0]
        save_checkpoint(values, os.path.join(folder, f"{base}.{dst}"), format=dst)


def ckpt_to_safetensors(
    file_path: str,
    save_path: str | None = None,
    name_map: dict | None = None,
    file_name_regex: str | None = None,
    processes_num: int = 1,
) -> None:
    """Convert a ``.ckpt`` file (or every one under a folder) to ``.safetensors`` in
    ``save_path`` (default: next to it), renaming parameters by ``name_map``. Files are converted
    one after the other (``processes_num`` > 1 is accepted and runs them in this process).

    Args:
        file_path (str): a ``.ckpt`` file or a folder of them.
        save_path (str, optional): the output folder. Default: ``None`` (next to the input).
        name_map (dict, optional): renames parameters. Default: ``None``.
        file_name_regex (str, optional): in a folder, convert the files matching it. Default: ``None``.
        processes_num (int): files are converted one after the other. Default: ``1``.

    Examples:
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> tmp = tempfile.mkdtemp()
        >>> ms.save_checkpoint(nn.Dense(2, 1), os.path.join(tmp, 'net.ckpt'))
        >>> ms.ckpt_to_safetensors(os.path.join(tmp, 'net.ckpt'), save_path=tmp)
        >>> print(sorted(os.listdir(tmp)))
        ['net.ckpt', 'net.safetensors']
    """
    _convert(file_path, save_path, name_map, file_name_regex, processes_num, "safetensors")


def safetensors_to_ckpt(
    file_path: str,
    save_path: str | None = None,
    name_map: dict | None = None,
    file_name_regex: str | None = None,
    processes_num: int = 1,
) -> None:
    """Convert ``.safetensors`` files to ``.ckpt``; see :func:`ckpt_to_safetensors`.

    Args:
        file_path (str): a ``.safetensors`` file or a folder of them.
        save_path, name_map, file_name_regex, processes_num: as :func:`ckpt_to_safetensors`.

    Examples:
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> tmp, out = tempfile.mkdtemp(), tempfile.mkdtemp()
        >>> ms.save_checkpoint(nn.Dense(2, 1), os.path.join(tmp, 'net.safetensors'), format='safetensors')
        >>> ms.safetensors_to_ckpt(os.path.join(tmp, 'net.safetensors'), save_path=out)
        >>> print(sorted(os.listdir(out)))
        ['net.ckpt']
    """
    _convert(file_path, save_path, name_map, file_name_regex, processes_num, "ckpt")


def export(net: Any, *inputs: Any, file_name: str, file_format: str, **kwargs: Any) -> None:
    """MindSpore's model export. ``'MINDIR'`` writes the network's forward pass (traced with
    ``inputs``) as a MindIR file MindSpore 2.10's ``load`` and ``nn.GraphCell`` run, and deepsink's
    too (docs/export.md lists what exports); ``'ONNX'`` writes it as an ONNX model through jax2onnx
    (the optional ``onnx`` extra) that ONNX Runtime runs; ``'AIR'`` is refused as MindSpore's CPU
    build refuses it.

    Args:
        net (Cell): the network, in the mode it is to export (``set_train(False)`` for inference).
        inputs (Tensor): example inputs; the file keeps their shapes and dtypes.
        file_name (str): the output file (``.mindir`` or ``.onnx`` is appended when missing).
        file_format (str): ``'AIR'``, ``'ONNX'`` or ``'MINDIR'``.
        kwargs (Any): ``enc_key`` (bytes, 16/24/32 long) and ``enc_mode`` (``'AES-GCM'``
            (default) or ``'AES-CBC'``) encrypt the MindIR file as MindSpore does; an ONNX file
            is encrypted only by a function ``enc_mode(data, enc_key)`` returning the bytes.

    Raises:
        ValueError: ``file_format`` is not one of the three, ``'AIR'`` (Ascend only), an
            encryption option is invalid (``enc_key`` not bytes, ``enc_mode`` not a str), or the network uses an operation MindIR has no
            MindSpore primitive for, or ONNX no operator for (named, with the line it came from).
        NotImplementedError: an option of MindSpore's deepsink does not implement.
        ImportError: ``'ONNX'`` without the jax2onnx package.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> path = os.path.join(tempfile.mkdtemp(), 'net')
        >>> ms.export(net, ms.Tensor(np.ones((1, 2), np.float32)), file_name=path, file_format='MINDIR')
        >>> print(os.path.exists(path + '.mindir'))
        True
    """
    formats = ["AIR", "ONNX", "MINDIR"]
    if file_format not in formats:
        raise ValueError(
            f"For 'export', 'file_format' must be one of {formats}, but got {file_format}."
        )
    if kwargs.get("obf_config") is not None:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if file_format == "AIR":  # what MindSpore 2.10's CPU build raises
        raise ValueError("Only support export file in 'AIR' format with Ascend backend.")
    inputs = _dataset_inputs(inputs, kwargs)
    unknown = sorted(set(kwargs) - {"enc_key", "enc_mode", "obf_config", "dataset"})
    if unknown:
        raise NotImplementedError(
            f"For 'export', deepsink does not implement the options {unknown}; it takes 'enc_key' and 'enc_mode'"
        )
    if not isinstance(file_name, str) or not file_name:
        raise ValueError(
            f"For 'export', 'file_name' must be a non-empty str, but got {file_name!r}."
        )
    if file_format == "ONNX":
        if kwargs.get("dataset") is not None:
            raise NotImplementedError(
                "For 'export', an ONNX file has no place for the dataset's preprocessing; export "
                "file_format='MINDIR' to keep it"
            )
        _export_onnx(net, inputs, file_name, kwargs)
        return
    enc_key, enc_mode = kwargs.get("enc_key"), kwargs.get("enc_mode", "AES-GCM")
    if enc_key is not None:
        _check_isinstance("enc_key", enc_key, bytes)
        if not callable(enc_mode):
            _check_isinstance("enc_mode", enc_mode, str)
        if not callable(enc_mode) and enc_mode not in ("AES-CBC", "AES-GCM", "SM4-CBC"):
            raise ValueError(
                f"MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got {enc_mode}"
            )
    from deepsink.train.mindir import export as mindir_export

    model = mindir_export.to_model(net, inputs)
    if kwargs.get("dataset") is not None:
        from deepsink.dataset.engine.datasets import Dataset

        if not isinstance(kwargs["dataset"], Dataset):
            raise TypeError(
                "The types of input data must be in the Union(Dataset, tuple[Dataset], "
                f"list[Dataset], dict[Dataset]), but got type {type(kwargs['dataset']).__name__}."
            )
        mindir_export.add_preprocessing(model, kwargs["dataset"])
    mindir_export.write(model, os.path.realpath(file_name), enc_key, enc_mode)


def _dataset_inputs(inputs: tuple, kwargs: dict) -> tuple:
    """MindSpore's export of a Dataset: its "image" column's shape and type make the network's
    input (random values in [-1, 1)), and the dataset goes on as ``kwargs['dataset']`` (its map
    operations are kept in a MindIR file as the model's preprocessing)."""
    from deepsink.dataset.engine.datasets import Dataset

    if not inputs or not all(isinstance(x, Dataset) for x in inputs):
        return inputs
    if len(inputs) != 1:
        raise RuntimeError(
            f"You can only serialize one dataset into MindIR, got {len(inputs)} datasets"
        )
    data = inputs[0]
    shapes, types, columns = data.output_shapes(), data.output_types(), data.get_col_names()
    kwargs["dataset"] = data
    made = [
        Tensor(np.random.uniform(-1.0, 1.0, size=s).astype(t))
        for c, s, t in zip(columns, shapes, types)
        if c == "image"
    ]
    if not made:
        raise RuntimeError(
            f'Only supports parse "image" column from dataset now, given dataset has columns: {columns}'
        )
    return tuple(made)


def _check_isinstance(name: str, value: Any, cls: type | tuple[type, ...]) -> None:
    """MindSpore's ``Validator.check_isinstance``, which export's options go through."""
    if not isinstance(value, cls):
        raise ValueError(f"The parameter '{name}' must be isinstance of {cls}, but got {value}.")


def _export_onnx(net: Any, inputs: tuple, file_name: str, kwargs: dict) -> None:
    """``export(..., file_format='ONNX')`` as MindSpore 2.10's ``_save_onnx``: the network in
    inference mode, encryption only through a function ``enc_mode(data, enc_key)``."""
    from deepsink.nn.cell import Cell
    from deepsink.train import onnx_export

    logger.warning(
        "mindspore.export(file_format='ONNX') will be deleted, please use mindspore.onnx.export()"
    )
    enc = None
    if "enc_key" in kwargs:
        enc_key, enc_mode = kwargs["enc_key"], kwargs.get("enc_mode", "AES-GCM")
        _check_isinstance("enc_key", enc_key, bytes)
        if not callable(enc_mode):
            _check_isinstance("enc_mode", enc_mode, str)
            raise ValueError(f"AIR/ONNX only support customized encryption, but got {enc_mode}.")
        if "enc_mode" in kwargs:
            enc = (enc_mode, enc_key)
    if not isinstance(net, Cell):
        raise ValueError(
            f"Export ONNX format model only support nn.Cell object, but got {type(net)}."
        )
    for x in inputs:
        if isinstance(x, Tensor) and -1 in x.shape:
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    training = net.training
    net.set_train(False)
    try:
        total = onnx_export.net_size_kb(net)
        if total > onnx_export.PROTO_LIMIT_KB:
            raise RuntimeError(
                f"Export onnx model failed. Network size is: {total / 1024 / 1024}G, it exceeded "
                f"the protobuf: {onnx_export.PROTO_LIMIT_KB / 1024 / 1024}G limit."
            )
        data = onnx_export.to_model(net, inputs).SerializeToString()
    finally:
        net.set_train(training)
    if enc is not None:
        data = enc[0](data, enc[1])
    onnx_export.write(data, os.path.realpath(file_name))
