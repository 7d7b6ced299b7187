"""The Print operator's file (``set_context(print_file_path=...)``) and ``parse_print``.

Format: MindSpore's ``print.proto`` (``package mindspore.prntpb``), so files written by deepsink
and by MindSpore read alike::

    message TensorProto { repeated int64 dims = 1; required string tensor_type = 2;
                          required bytes tensor_content = 3; }
    message Print { message Value { oneof value { string desc = 1; TensorProto tensor = 2; } }
                    repeated Value value = 1; }

Each Print call appends one serialized ``Print`` message; protobuf concatenation merges repeated
fields, so the whole file parses as one ``Print`` whose values are every printed item in order
(what MindSpore's ``parse_print`` reads). ``tensor_type`` is MindSpore's dtype name (``Float32``),
``tensor_content`` the raw little-endian bytes in C order, ``dims`` empty for a 0-d tensor.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor


def _build() -> tuple[type, type]:
    f = descriptor_pb2.FileDescriptorProto(
        name="print.proto", package="mindspore.prntpb", syntax="proto2"
    )
    L = descriptor_pb2.FieldDescriptorProto
    t = f.message_type.add(name="TensorProto")
    t.field.add(name="dims", number=1, label=L.LABEL_REPEATED, type=L.TYPE_INT64)
    t.field.add(name="tensor_type", number=2, label=L.LABEL_REQUIRED, type=L.TYPE_STRING)
    t.field.add(name="tensor_content", number=3, label=L.LABEL_REQUIRED, type=L.TYPE_BYTES)
    # the same layout with desc and tensor outside a oneof: a checkpoint's Value has both (its tag
    # and its tensor), which is how parse_print tells a .ckpt from a Print file
    probe = f.message_type.add(name="BothFields")
    pv = probe.nested_type.add(name="Value")
    pv.field.add(name="desc", number=1, label=L.LABEL_OPTIONAL, type=L.TYPE_STRING)
    pv.field.add(name="tensor", number=2, label=L.LABEL_OPTIONAL, type=L.TYPE_BYTES)
    probe.field.add(
        name="value",
        number=1,
        label=L.LABEL_REPEATED,
        type=L.TYPE_MESSAGE,
        type_name=".mindspore.prntpb.BothFields.Value",
    )
    p = f.message_type.add(name="Print")
    p.field.add(
        name="value",
        number=1,
        label=L.LABEL_REPEATED,
        type=L.TYPE_MESSAGE,
        type_name=".mindspore.prntpb.Print.Value",
    )
    v = p.nested_type.add(name="Value")
    v.oneof_decl.add(name="value")
    v.field.add(name="desc", number=1, label=L.LABEL_OPTIONAL, type=L.TYPE_STRING, oneof_index=0)
    v.field.add(
        name="tensor",
        number=2,
        label=L.LABEL_OPTIONAL,
        type=L.TYPE_MESSAGE,
        type_name=".mindspore.prntpb.TensorProto",
        oneof_index=0,
    )
    pool = descriptor_pool.DescriptorPool()  # private: no clash with MindSpore's own print_pb2
    fd = pool.Add(f)
    get = message_factory.GetMessageClass
    return (
        get(fd.message_types_by_name["Print"]),
        get(fd.message_types_by_name["TensorProto"]),
        get(fd.message_types_by_name["BothFields"]),
    )


PrintProto, TensorProto, _BothFields = _build()


def encode(items: list[Any]) -> bytes:
    """One ``Print`` message: ``str`` items as ``desc``, arrays as ``tensor``."""
    msg = PrintProto()
    for x in items:
        value = msg.value.add()
        if isinstance(x, str):
            value.desc = x
            continue
        a = np.asarray(x, order="C")
        value.tensor.dims.extend(a.shape)
        value.tensor.tensor_type = str(mstype.from_np(a.dtype))
        value.tensor.tensor_content = a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
    return msg.SerializeToString()


class _Writer:
    """Appends messages to the current ``print_file_path``; one lock, one open file per path."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._path: str | None = None
        self._file: Any = None

    def write(self, path: str, items: list[Any]) -> None:
        data = encode(items)
        with self._lock:
            if path != self._path:
                if self._file is not None:
                    self._file.close()
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                self._file = open(path, "ab")  # noqa: SIM115 - kept open across prints
                self._path = path
            self._file.write(data)
            self._file.flush()


writer = _Writer()


def parse_print(print_file_name: str) -> list:
    """The items printed into ``print_file_name``, in order: ``str`` for strings, ``Tensor`` for
    tensors (a 0-d tensor comes back as a 0-d Tensor), as MindSpore's ``parse_print`` returns them.

    Raises:
        ValueError: the file does not exist, is empty, or is not a Print file.

    Args:
        print_file_name (str): the file given to ``set_context(print_file_path=...)``.

    Returns:
        list, the printed items in order.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import ops
        >>> path = os.path.join(tempfile.mkdtemp(), 'log.data')
        >>> ms.set_context(print_file_path=path)
        >>> ops.Print()('loss', ms.Tensor(np.array([1.5], np.float32)))
        >>> items = ms.parse_print(path)
        >>> print(items[0], items[1].asnumpy())
        loss [1.5]
    """
    path = os.path.realpath(print_file_name)
    if not os.path.isfile(path):
        raise ValueError(f"For 'parse_print', the print file {print_file_name!r} does not exist")
    if os.path.getsize(path) == 0:
        raise ValueError(
            f"For 'parse_print', the print file {print_file_name!r} is empty; please make sure "
            "'print_file_name' is correct"
        )
    msg = PrintProto()
    with open(path, "rb") as f:
        data = f.read()
    try:
        msg.ParseFromString(data)
    except Exception as e:  # protobuf's DecodeError
        raise ValueError(
            f"For 'parse_print', failed to read {print_file_name!r}: it is not a Print file ({e})"
        ) from None
    probe = _BothFields()
    probe.ParseFromString(data)
    if any(v.HasField("desc") and v.HasField("tensor") for v in probe.value):
        raise ValueError(
            f"For 'parse_print', {print_file_name!r} is a checkpoint file, not a Print file: "
            "read it with load_checkpoint"
        )
    out: list = []
    for i, value in enumerate(msg.value):
        if value.HasField("desc"):
            out.append(value.desc)
            continue
        t = value.tensor
        dt = mstype.dtype_to_nptype(_dtype(t.tensor_type, print_file_name, i))
        itemsize = np.dtype(dt).itemsize
        dims = tuple(t.dims)
        want = int(np.prod(dims, dtype=np.int64)) * itemsize
        if len(t.tensor_content) != want or any(d < 0 for d in dims):
            raise ValueError(
                f"For 'parse_print', item {i} of {print_file_name!r} is malformed: a "
                f"{t.tensor_type} tensor of shape {list(dims)} needs {want} bytes but holds "
                f"{len(t.tensor_content)}; the file is damaged or not a Print file"
            )
        a = np.frombuffer(t.tensor_content, dtype=np.dtype(dt).newbyteorder("<"))
        out.append(Tensor(a.astype(dt).reshape(dims)))
    return out


_BY_NAME = {str(t): t for t in mstype.all_types()}


def _dtype(name: str, file: str, index: int) -> Any:
    dt = _BY_NAME.get(name)
    if dt is None:
        raise ValueError(
            f"For 'parse_print', item {index} of {file!r} has the unknown tensor_type {name!r}; "
            "the file is damaged or not a Print file"
        )
    return dt
