"""The protobuf messages of MindSpore's summary files (its ``summary.proto`` Event and Summary,
and the TensorProto of its ``anf_ir.proto``), the parts deepsink writes: the version event and
scalar, tensor, image and histogram values.

Built at import time from a FileDescriptorProto in a private descriptor pool, as the checkpoint
messages are (``_ckpt_proto.py``). Field numbers, labels and types are MindSpore's, so
MindSpore's and MindInsight's readers parse the files.
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_PKG = "deepsink_summary"
OPT, REQ, REP = _F.LABEL_OPTIONAL, _F.LABEL_REQUIRED, _F.LABEL_REPEATED

# anf_ir.proto's DataType numbers for the element types a tensor summary carries
DATA_TYPES = {"bool": 1, "int8": 2, "int16": 3, "int32": 4, "int64": 5, "uint8": 6,
              "uint16": 7, "uint32": 8, "uint64": 9, "float16": 10, "float32": 11,
              "float64": 12}  # fmt: skip


def _add(
    msg,
    name: str,
    number: int,
    label: int,
    ftype: int,
    type_name: str = "",
    oneof: int | None = None,
    packed: bool = False,
) -> None:
    f = msg.field.add(name=name, number=number, label=label, type=ftype)
    if packed:
        f.options.packed = True
    if type_name:
        f.type_name = f".{_PKG}.{type_name}"
    if oneof is not None:
        f.oneof_index = oneof


def _file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(
        name="deepsink/train/summary.proto", package=_PKG, syntax="proto2"
    )
    dtype = fd.enum_type.add(name="DataType")
    dtype.value.add(name="DT_UNDEFINED", number=0)
    for name, number in DATA_TYPES.items():
        dtype.value.add(name=f"DT_{name.upper()}", number=number)

    tensor = fd.message_type.add(name="TensorProto")
    _add(tensor, "dims", 1, REP, _F.TYPE_INT64)  # the data fields are packed, dims not
    _add(tensor, "data_type", 2, OPT, _F.TYPE_ENUM, "DataType")
    _add(tensor, "float_data", 3, REP, _F.TYPE_FLOAT, packed=True)
    _add(tensor, "int32_data", 4, REP, _F.TYPE_INT32, packed=True)
    _add(tensor, "int64_data", 5, REP, _F.TYPE_INT64, packed=True)
    _add(tensor, "double_data", 6, REP, _F.TYPE_DOUBLE, packed=True)
    _add(tensor, "uint64_data", 7, REP, _F.TYPE_UINT64, packed=True)
    _add(tensor, "raw_data", 8, OPT, _F.TYPE_BYTES)

    summary = fd.message_type.add(name="Summary")
    image = summary.nested_type.add(name="Image")
    _add(image, "height", 1, REQ, _F.TYPE_INT32)
    _add(image, "width", 2, REQ, _F.TYPE_INT32)
    _add(image, "colorspace", 3, REQ, _F.TYPE_INT32)
    _add(image, "encoded_image", 4, REQ, _F.TYPE_BYTES)
    hist = summary.nested_type.add(name="Histogram")
    bucket = hist.nested_type.add(name="bucket")
    _add(bucket, "left", 1, REQ, _F.TYPE_DOUBLE)
    _add(bucket, "width", 2, REQ, _F.TYPE_DOUBLE)
    _add(bucket, "count", 3, REQ, _F.TYPE_INT64)
    _add(hist, "buckets", 1, REP, _F.TYPE_MESSAGE, "Summary.Histogram.bucket")
    for number, name in enumerate(("nan_count", "pos_inf_count", "neg_inf_count"), start=2):
        _add(hist, name, number, OPT, _F.TYPE_INT64)
    for number, name in enumerate(("max", "min", "sum"), start=5):
        _add(hist, name, number, OPT, _F.TYPE_DOUBLE)
    _add(hist, "count", 8, OPT, _F.TYPE_INT64)
    value = summary.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _add(value, "tag", 1, REQ, _F.TYPE_STRING)
    _add(value, "scalar_value", 3, OPT, _F.TYPE_FLOAT, oneof=0)
    _add(value, "image", 4, OPT, _F.TYPE_MESSAGE, "Summary.Image", 0)
    _add(value, "tensor", 8, OPT, _F.TYPE_MESSAGE, "TensorProto", 0)
    _add(value, "histogram", 9, OPT, _F.TYPE_MESSAGE, "Summary.Histogram", 0)
    _add(summary, "value", 1, REP, _F.TYPE_MESSAGE, "Summary.Value")

    event = fd.message_type.add(name="Event")
    event.oneof_decl.add(name="what")
    _add(event, "wall_time", 1, REQ, _F.TYPE_DOUBLE)
    _add(event, "step", 2, OPT, _F.TYPE_INT64)
    _add(event, "version", 3, OPT, _F.TYPE_STRING, oneof=0)
    _add(event, "summary", 5, OPT, _F.TYPE_MESSAGE, "Summary", 0)
    return fd


_POOL = descriptor_pool.DescriptorPool()
_POOL.Add(_file())
Event = message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{_PKG}.Event"))
