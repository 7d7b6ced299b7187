"""The protobuf messages of MindSpore's MindIR format (its ``mind_ir.proto``, package ``mind_ir``).

Built at import time from a FileDescriptorProto in a private descriptor pool, as the checkpoint
messages are (``deepsink/train/_ckpt_proto.py``): no generated code to keep in step with the
protobuf runtime, no clash with MindSpore's own ``mind_ir.proto`` in the default pool. Message
names, field numbers, labels and types are MindSpore 2.10's, so the bytes are what it writes and
reads; fields deepsink never reads or writes are declared too, so nothing is dropped on parsing.
"""

from __future__ import annotations

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_F = descriptor_pb2.FieldDescriptorProto
_OPT, _REP, _REQ = _F.LABEL_OPTIONAL, _F.LABEL_REPEATED, _F.LABEL_REQUIRED
_PKG = "deepsink_mindir"

# scalar kinds of the table below; any other kind names a message or enum of this file
_SCALARS = {
    "string": _F.TYPE_STRING,
    "bytes": _F.TYPE_BYTES,
    "bool": _F.TYPE_BOOL,
    "float": _F.TYPE_FLOAT,
    "double": _F.TYPE_DOUBLE,
    "int32": _F.TYPE_INT32,
    "int64": _F.TYPE_INT64,
    "uint64": _F.TYPE_UINT64,
}
_ENUMS = {
    "AttributeProto.AttributeType",
    "FunctorProto.FunctorType",
    "TensorProto.CompressionType",
    "PrimitiveProto.PrimType",
}

ATTRIBUTE_TYPES = (
    "UNDEFINED FLOAT UINT8 INT8 UINT16 INT16 INT32 INT64 STRING BOOL FLOAT16 DOUBLE UINT32 UINT64 "
    "COMPLEX64 COMPLEX128 BFLOAT16 TENSOR GRAPH TENSORS TUPLE LIST DICT UMONAD IOMONAD NONE "
    "PRIMITIVECLOSURE FUNCGRAPHCLOSURE PARTIALCLOSURE UNIONFUNCCLOSURE CSR_TENSOR COO_TENSOR "
    "ROW_TENSOR CLASS_TYPE NAME_SPACE SYMBOL TYPE_NULL MAP_TENSOR FUNCTOR SCALAR SCALAR_GRAPH_HOLDER"
).split()
COMPRESSION_TYPES = "NO_COMPRESSION INDEXING SPARSE FSE BIT_PACKING FSE_INT FSE_INFER".split()

# message -> [(field, number, label, kind)]; nested messages are named "Outer.Inner"
_MESSAGES: dict[str, list[tuple[str, int, int, str]]] = {
    "AttributeProto": [
        ("name", 1, _OPT, "string"), ("f", 2, _OPT, "float"), ("i", 3, _OPT, "int64"),
        ("d", 4, _OPT, "double"), ("s", 5, _OPT, "bytes"), ("t", 6, _OPT, "TensorProto"),
        ("g", 7, _OPT, "GraphProto"), ("floats", 8, _REP, "float"), ("doubles", 9, _REP, "double"),
        ("ints", 10, _REP, "int64"), ("strings", 11, _REP, "bytes"),
        ("tensors", 12, _REP, "TensorProto"), ("graphs", 13, _REP, "GraphProto"),
        ("doc_string", 14, _OPT, "string"), ("ref_attr_name", 15, _OPT, "string"),
        ("type", 16, _OPT, "AttributeProto.AttributeType"),
        ("values", 17, _REP, "AttributeProto"),
        ("seq_info", 18, _OPT, "AttributeProto.SeqInfoProto"),
        ("functor", 19, _OPT, "FunctorProto"),
        ("graph_holder", 20, _OPT, "ScalarGraphHolderProto"),
    ],
    "AttributeProto.SeqInfoProto": [
        ("is_dyn_len", 1, _OPT, "bool"), ("tuple_elem_item", 2, _OPT, "AttributeProto"),
    ],
    "FunctorProto": [
        ("type", 1, _OPT, "FunctorProto.FunctorType"), ("name", 2, _OPT, "string"),
        ("values", 3, _REP, "AttributeProto"),
    ],
    "ValueInfoProto": [
        ("name", 1, _OPT, "string"), ("tensor", 2, _REP, "TensorProto"),
        ("doc_string", 3, _OPT, "string"), ("denotation", 4, _OPT, "string"),
        ("attr_info", 5, _OPT, "AttributeProto"),
    ],
    "NodeProto": [
        ("input", 1, _REP, "string"), ("output", 2, _REP, "string"), ("name", 3, _OPT, "string"),
        ("op_type", 4, _OPT, "string"), ("attribute", 5, _REP, "AttributeProto"),
        ("doc_string", 6, _OPT, "string"), ("domain", 7, _OPT, "string"),
        ("node_attr", 8, _REP, "AttributeProto"), ("primal_attr", 9, _REP, "AttributeProto"),
    ],
    "ModelProto": [
        ("ir_version", 1, _OPT, "string"), ("producer_name", 2, _OPT, "string"),
        ("producer_version", 3, _OPT, "string"), ("domain", 4, _OPT, "string"),
        ("model_version", 5, _OPT, "string"), ("doc_string", 6, _OPT, "string"),
        ("graph", 7, _OPT, "GraphProto"), ("functions", 8, _REP, "GraphProto"),
        ("preprocessor", 9, _OPT, "PreprocessorProto"), ("little_endian", 10, _OPT, "bool"),
        ("parallel", 11, _OPT, "ParallelProto"), ("primitives", 12, _REP, "PrimitiveProto"),
        ("mind_ir_version", 13, _OPT, "int64"),
        ("user_info", 14, _REP, "ModelProto.UserInfoEntry"),
    ],
    "ModelProto.UserInfoEntry": [("key", 1, _OPT, "string"), ("value", 2, _OPT, "string")],
    "PreprocessorProto": [("op", 1, _REP, "PreprocessOpProto")],
    "PreprocessOpProto": [
        ("input_columns", 1, _OPT, "string"), ("output_columns", 2, _OPT, "string"),
        ("project_columns", 3, _OPT, "string"), ("op_type", 4, _OPT, "string"),
        ("operations", 5, _OPT, "string"), ("offload", 6, _OPT, "bool"),
    ],
    "GraphProto": [
        ("node", 1, _REP, "NodeProto"), ("name", 2, _OPT, "string"),
        ("parameter", 3, _REP, "TensorProto"), ("doc_string", 4, _OPT, "string"),
        ("input", 5, _REP, "ValueInfoProto"), ("output", 6, _REP, "ValueInfoProto"),
        ("bprop_hash", 7, _OPT, "string"), ("attribute", 8, _REP, "AttributeProto"),
        ("bprop_filepath", 9, _OPT, "string"), ("map_parameter", 10, _REP, "MapTensorProto"),
    ],
    "TensorProto": [
        ("dims", 1, _REP, "int64"), ("data_type", 2, _OPT, "int32"),
        ("float_data", 3, _REP, "float"), ("int32_data", 4, _REP, "int32"),
        ("string_data", 5, _REP, "bytes"), ("int64_data", 6, _REP, "int64"),
        ("name", 7, _OPT, "string"), ("doc_string", 8, _OPT, "string"),
        ("raw_data", 9, _OPT, "bytes"), ("double_data", 10, _REP, "double"),
        ("uint64_data", 11, _REP, "uint64"),
        ("external_data", 12, _OPT, "TensorProto.ExternalDataProto"),
        ("ref_key", 13, _OPT, "string"), ("min_dims", 14, _REP, "int64"),
        ("max_dims", 15, _REP, "int64"),
        ("compression_type", 16, _OPT, "TensorProto.CompressionType"),
        ("quant_params", 17, _REP, "TensorProto.QuantParamProto"),
    ],
    "TensorProto.ExternalDataProto": [
        ("location", 1, _OPT, "string"), ("offset", 2, _OPT, "int64"), ("length", 3, _OPT, "int64"),
    ],
    "TensorProto.QuantParamProto": [
        ("quant_algo_name", 1, _REQ, "string"), ("attribute", 2, _REP, "AttributeProto"),
    ],
    "MapTensorProto": [
        ("name", 1, _REQ, "string"), ("default_value", 2, _REQ, "AttributeProto"),
        ("key_tensor", 3, _REQ, "TensorProto"), ("value_tensor", 4, _REQ, "TensorProto"),
        ("status_tensor", 5, _REQ, "TensorProto"),
    ],
    "ParallelProto": [("layout", 1, _REP, "LayoutProto")],
    "LayoutProto": [
        ("name", 1, _OPT, "string"), ("device_arrangement_int", 2, _REP, "int64"),
        ("tensor_map_int", 3, _REP, "int64"), ("slice_shape_int", 4, _REP, "int64"),
        ("field_size", 5, _OPT, "int64"), ("uniform_split", 6, _OPT, "bool"),
        ("opt_shard_group", 7, _OPT, "string"), ("pipeline_shared", 8, _OPT, "bool"),
        ("is_send", 9, _OPT, "bool"), ("peer_rank", 10, _OPT, "int64"),
        ("sr_tag", 11, _OPT, "int64"), ("opt_shard_slice_shape_int", 12, _REP, "int64"),
    ],
    "PrimitiveProto": [
        ("name", 1, _OPT, "string"), ("op_type", 2, _OPT, "string"),
        ("attribute", 3, _REP, "AttributeProto"), ("instance_name", 4, _OPT, "string"),
        ("prim_type", 5, _OPT, "PrimitiveProto.PrimType"),
    ],
    "ScalarNodeProto": [
        ("scalar_op_type", 1, _OPT, "int64"), ("in_index", 2, _REP, "int64"),
        ("value", 3, _REP, "int64"),
    ],
    "ScalarGraphHolderProto": [
        ("scalar_node", 1, _REP, "ScalarNodeProto"), ("input_shape_index", 2, _REP, "uint64"),
    ],
}  # fmt: skip

_ENUM_VALUES = {
    "AttributeProto.AttributeType": list(enumerate(ATTRIBUTE_TYPES)),
    "FunctorProto.FunctorType": [(1, "SHAPE_CALC_FUNCTOR"), (2, "ANY_FUNCTOR")],
    "TensorProto.CompressionType": list(enumerate(COMPRESSION_TYPES)),
    "PrimitiveProto.PrimType": [(1, "PRIMITIVE"), (2, "PRIMITIVE_FUNCTION")],
}
# the file-level enum Version (IR_VERSION_WITH_SCALAR_GRAPH_HOLDER = 3 is 2.10's mind_ir_version)
VERSION = 3


def _file() -> descriptor_pb2.FileDescriptorProto:
    fd = descriptor_pb2.FileDescriptorProto(
        name="deepsink/train/mindir/mind_ir.proto", package=_PKG, syntax="proto2"
    )
    protos: dict[str, descriptor_pb2.DescriptorProto] = {}
    for name in _MESSAGES:
        outer, _, inner = name.partition(".")
        if inner:
            protos[name] = protos[outer].nested_type.add(name=inner)
            if inner.endswith("Entry"):  # user_info is a map<string, string>
                protos[name].options.map_entry = True
        else:
            protos[name] = fd.message_type.add(name=name)
    for name, values in _ENUM_VALUES.items():
        outer, _, inner = name.partition(".")
        enum = protos[outer].enum_type.add(name=inner)
        for number, value in values:
            enum.value.add(name=value, number=number)
    for name, fields in _MESSAGES.items():
        for field, number, label, kind in fields:
            if kind in _SCALARS:
                protos[name].field.add(name=field, number=number, label=label, type=_SCALARS[kind])
            else:
                ftype = _F.TYPE_ENUM if kind in _ENUMS else _F.TYPE_MESSAGE
                protos[name].field.add(
                    name=field, number=number, label=label, type=ftype, type_name=f".{_PKG}.{kind}"
                )
    return fd


_POOL = descriptor_pool.DescriptorPool()
_POOL.Add(_file())


def _message(name: str):
    return message_factory.GetMessageClass(_POOL.FindMessageTypeByName(f"{_PKG}.{name}"))


ModelProto = _message("ModelProto")
GraphProto = _message("GraphProto")
NodeProto = _message("NodeProto")
TensorProto = _message("TensorProto")
AttributeProto = _message("AttributeProto")
PrimitiveProto = _message("PrimitiveProto")
