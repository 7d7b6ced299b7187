"""Reading a MindIR file (MindSpore's ``mind_ir.proto``) into a graph deepsink runs.

``read_model`` parses the file (decrypting it first with ``dec_key``/``dec_mode``, MindSpore's
layout, ``deepsink/train/_ckpt_crypto.py``); ``FuncGraph`` holds the top graph: its inputs, its
parameters (name -> array, under the ``ref_key`` the exporting network gave them) and its nodes,
which ``FuncGraph.run`` evaluates in file order with the deepsink computation of each node's
primitive (``primitives.PRIMITIVES``). ``nn.GraphCell`` wraps it as a Cell whose Parameters are
the graph's, so it runs in PYNATIVE_MODE, GRAPH_MODE, inside ``jit`` and in the sink.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from deepsink.train.mindir import proto
from deepsink.train.mindir.primitives import MONAD, PRIMITIVES

# TensorProto.DataType -> numpy (bfloat16 through ml_dtypes, which JAX brings)
_DTYPES: dict[int, Any] = {
    1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16, 6: np.int32, 7: np.int64,
    9: np.bool_, 10: np.float16, 11: np.float64, 12: np.uint32, 13: np.uint64, 17: np.float64,
}  # fmt: skip
_SCALAR_INT = {"UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64", "UINT32", "UINT64"}


def numpy_dtype(code: int, where: str) -> Any:
    if code == 16:
        import ml_dtypes

        return ml_dtypes.bfloat16
    if code not in _DTYPES:
        raise RuntimeError(
            f"Load MindIR failed: {where} has data type {code}, which deepsink cannot read"
        )
    return _DTYPES[code]


def tensor_value(t: Any, folder: str = "") -> np.ndarray:
    """The array of a TensorProto (raw bytes inline, or in the external data file beside it)."""
    dtype = numpy_dtype(t.data_type, f"tensor {t.name!r}")
    if t.compression_type:
        kind = proto.COMPRESSION_TYPES[t.compression_type]
        raise RuntimeError(
            f"Load MindIR failed: tensor {t.name!r} is compressed ({kind}), which deepsink cannot read"
        )
    if t.HasField("external_data"):
        ext = t.external_data
        with open(os.path.join(folder, ext.location), "rb") as f:
            f.seek(ext.offset)
            raw = f.read(ext.length)
    else:
        raw = t.raw_data
    return np.frombuffer(raw, dtype=dtype).reshape(tuple(t.dims)).copy()


def attr_value(a: Any, folder: str = "") -> Any:
    """The Python value of an AttributeProto (a Constant node's value or a primitive attribute)."""
    kind = proto.ATTRIBUTE_TYPES[a.type]
    if kind in ("TUPLE", "LIST"):
        return tuple(attr_value(v, folder) for v in a.values)
    if kind in ("UMONAD", "IOMONAD"):
        return MONAD
    if kind == "NONE":
        return None
    if kind == "BOOL":
        return bool(a.ints[0] if a.ints else a.i)
    if kind in _SCALAR_INT:
        return int(a.ints[0]) if a.ints else int(a.i)
    if kind == "FLOAT":
        return float(a.floats[0]) if a.floats else float(a.f)
    if kind == "DOUBLE":
        return float(a.doubles[0]) if a.doubles else float(a.d)
    if kind == "STRING":
        return (a.strings[0] if a.strings else a.s).decode()
    if kind in ("TENSORS", "TENSOR"):
        return tensor_value(a.tensors[0] if a.tensors else a.t, folder)
    raise RuntimeError(
        f"Load MindIR failed: value {a.name!r} is a {kind}, which deepsink cannot read"
    )


def read_model(file_name: str, dec_key: bytes | None = None, dec_mode: str = "AES-GCM") -> Any:
    """Parse a MindIR file into a ``ModelProto``; with ``dec_key``, decrypt it first."""
    from deepsink.train import _ckpt_crypto

    with open(file_name, "rb") as f:
        data = f.read()
    if dec_key is not None:
        data = _ckpt_crypto.decrypt(data, dec_key, dec_mode, file_name)
    elif _ckpt_crypto.is_encrypted(data[:4]):
        raise RuntimeError(
            "Load MindIR failed. The file may be encrypted and decrypt failed, you can check whether "
            "the values of the arguments 'dec_key' and 'dec_mode' are the same as when exported "
            "MindIR file, or check the file integrity."
        )
    model = proto.ModelProto()
    try:
        model.ParseFromString(data)
    except Exception as e:  # protobuf's DecodeError
        raise RuntimeError(
            f"Load MindIR failed: {file_name!r} is not a MindIR file ({e})"
        ) from None
    if not model.HasField("graph"):
        raise RuntimeError(f"Load MindIR failed: {file_name!r} holds no graph")
    return model


class FuncGraph:
    """A graph loaded from a MindIR file (what ``load`` returns; run it with ``nn.GraphCell``).

    Attributes:
        name (str): the graph's name in the file.
        input_names (list[str]): the graph's inputs.
        params (dict[str, numpy.ndarray]): its parameters, by the exporting network's names.
    """

    def __init__(self, model: Any, folder: str = "") -> None:
        graph = model.graph
        if len(model.functions):
            names = [g.name for g in model.functions]
            raise RuntimeError(
                f"Load MindIR failed: the graph calls sub-graphs {names} (control flow), which "
                "deepsink's MindIR loader does not run"
            )
        self.model = model
        self.name = graph.name
        self.input_names = [i.name for i in graph.input]
        self.params: dict[str, np.ndarray] = {}
        self._param_keys: dict[str, str] = {}  # node-local name -> parameter name
        for p in graph.parameter:
            key = p.ref_key or p.name.rpartition(":")[2]
            self.params[key] = tensor_value(p, folder)
            self._param_keys[p.name] = key
        self._prims: dict[str, tuple[Any, dict]] = {}
        for p in model.primitives:
            if p.op_type not in PRIMITIVES:
                raise RuntimeError(
                    f"Load MindIR failed: the graph uses MindSpore's primitive '{p.op_type}', "
                    "which deepsink's MindIR loader has no computation for"
                )
            attrs = {a.name: attr_value(a, folder) for a in p.attribute
                     if a.name not in ("input_names", "output_names")}  # fmt: skip
            self._prims[p.name] = (PRIMITIVES[p.op_type], attrs)
        self._consts: dict[str, Any] = {}
        self._nodes: list[tuple[str, Any, dict, list[str]]] = []
        for n in graph.node:
            if n.op_type == "Constant":
                self._consts[n.output[0]] = attr_value(n.attribute[0], folder)
                continue
            if not n.op_type.startswith("REF::") or n.op_type[5:] not in self._prims:
                raise RuntimeError(
                    f"Load MindIR failed: node {n.name!r} has unknown op_type {n.op_type!r}"
                )
            prim, attrs = self._prims[n.op_type[5:]]
            self._nodes.append((n.output[0], prim, attrs, list(n.input)))
        self.output_names = [o.name for o in graph.output]

    def __repr__(self) -> str:
        return f"FuncGraph({self.name!r}, inputs={self.input_names}, nodes={len(self._nodes)})"

    def run(self, inputs: tuple, params: dict[str, Any]) -> Any:
        """Evaluate the graph on ``inputs`` (Tensors), reading its parameters from ``params``."""
        from deepsink.common.tensor import Tensor

        if len(inputs) != len(self.input_names):
            raise ValueError(
                f"For 'GraphCell', the graph loaded from MindIR takes {len(self.input_names)} "
                f"inputs, but got {len(inputs)}"
            )
        env: dict[str, Any] = {}
        for name, x in zip(self.input_names, inputs, strict=True):
            env[name] = x
        for local, key in self._param_keys.items():
            env[local] = params[key]

        def value(name: str) -> Any:
            if name in env:
                return env[name]
            if name in self._consts:
                v = self._consts[name]
                return Tensor(v) if isinstance(v, np.ndarray) else v
            raise RuntimeError(f"Load MindIR failed: the graph uses {name!r} before computing it")

        for out, prim, attrs, names in self._nodes:
            env[out] = prim.run(attrs, [value(n) for n in names])
        results = [value(n) for n in self.output_names]
        return results[0] if len(results) == 1 else tuple(results)
