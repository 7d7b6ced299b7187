"""The protobuf messages of MindSpore's ``.ckpt`` format (schema: ``checkpoint.proto`` here).

Built at import time from a FileDescriptorProto in a private descriptor pool, so there is no
generated code to keep in step with the installed protobuf runtime and no clash with another
``checkpoint.proto`` (MindSpore's own) in the default pool. Field numbers, labels and types are
MindSpore's: the wire format is what MindSpore writes and reads.
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto


def _field(msg, name: str, number: int, label: int, ftype: int, type_name: str = "", oneof=None):
    f = msg.field.add(name=name, number=number, label=label, type=ftype)
    if type_name:
        f.type_name = type_name
    if oneof is not None:
        f.oneof_index = oneof
    return f


def _file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(
        name="deepsink/train/checkpoint.proto", package="deepsink_ckpt", syntax="proto2"
    )
    ckpt = fd.message_type.add(name="Checkpoint")
    value = ckpt.nested_type.add(name="Value")
    value.oneof_decl.add(name="value")
    _field(value, "tag", 1, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(value, "tensor", 2, _F.LABEL_OPTIONAL, _F.TYPE_MESSAGE, ".deepsink_ckpt.TensorProto", 0)
    _field(
        value,
        "maptensor",
        3,
        _F.LABEL_OPTIONAL,
        _F.TYPE_MESSAGE,
        ".deepsink_ckpt.MapTensorProto",
        0,
    )
    _field(ckpt, "value", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".deepsink_ckpt.Checkpoint.Value")
    tensor = fd.message_type.add(name="TensorProto")
    _field(tensor, "dims", 1, _F.LABEL_REPEATED, _F.TYPE_INT64)
    _field(tensor, "tensor_type", 2, _F.LABEL_REQUIRED, _F.TYPE_STRING)
    _field(tensor, "tensor_content", 3, _F.LABEL_REQUIRED, _F.TYPE_BYTES)
    maptensor = fd.message_type.add(name="MapTensorProto")
    _field(maptensor, "tensor", 1, _F.LABEL_REPEATED, _F.TYPE_MESSAGE, ".deepsink_ckpt.TensorProto")
    return fd


_POOL = descriptor_pool.DescriptorPool()
_POOL.Add(_file())
Checkpoint = message_factory.GetMessageClass(
    _POOL.FindMessageTypeByName("deepsink_ckpt.Checkpoint")
)
TensorProto = message_factory.GetMessageClass(
    _POOL.FindMessageTypeByName("deepsink_ckpt.TensorProto")
)
