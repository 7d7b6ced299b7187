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

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.train.mindir import proto
from deepsink.train.mindir.primitives import MONAD, PRIMITIVES, PartialValue, SwitchValue

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


def read_model(file_name: str, dec_key: bytes | None = None, dec_mode: Any = "AES-GCM") -> Any:
    """Parse a MindIR file into a ``ModelProto``; with ``dec_key``, decrypt it first (a function
    ``dec_mode(file_name, dec_key)`` returns the plain bytes: MindSpore's customized decryption)."""
    from deepsink.train import _ckpt_crypto

    with open(file_name, "rb") as f:
        data = f.read()
    if dec_key is not None and callable(dec_mode):
        data = dec_mode(file_name, dec_key)
    elif dec_key is not None:
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


class _Body:
    """One graph of the file (the top graph or a sub-graph of ``functions``): its inputs, nodes
    (("prim", output, primitive, attrs, inputs) or ("call", output, callee, inputs), the callee
    a sub-graph's name or the node whose value, a Partial or a Switch, is called) and outputs."""

    def __init__(self, graph: Any, loaded: FuncGraph, folder: str) -> None:
        self.name = graph.name
        self.input_names = [i.name for i in graph.input]
        self.nodes: list[tuple] = []
        self.calls: set[str] = set()  # the sub-graphs this graph names (called or in a Partial)
        for n in graph.node:
            if n.op_type == "Constant":
                loaded._consts[n.output[0]] = attr_value(n.attribute[0], folder)
                continue
            target = n.op_type[5:] if n.op_type.startswith("REF::") else None
            if target in loaded._prims:
                prim, attrs = loaded._prims[target]
                self.nodes.append(("prim", n.output[0], prim, attrs, list(n.input)))
            elif target is not None:  # a sub-graph, or the Partial/Switch a node computed
                self.nodes.append(("call", n.output[0], target, list(n.input)))
            else:
                raise RuntimeError(
                    f"Load MindIR failed: node {n.name!r} has unknown op_type {n.op_type!r}"
                )
            self.calls.update(i for i in [target, *n.input] if i in loaded._graph_names)
        self.output_names = [o.name for o in graph.output]


class _TailCall:
    """A loop body's call back into its loop's header graph: the header's next inputs."""

    def __init__(self, args: list) -> None:
        self.args = args


class FuncGraph:
    """A graph loaded from a MindIR file (what ``load`` returns; run it with ``nn.GraphCell``).

    Control flow is read as MindSpore 2.10 writes it: sub-graphs (``functions``) called directly,
    or picked by ``Switch`` among ``Partial`` closures; a sub-graph that calls back into the graph
    that picked it is a ``while`` loop. With concrete conditions the branches and loops run in
    Python; under ``jit`` (traced conditions) an ``if`` runs as ``jax.lax.cond`` and a loop as
    ``jax.lax.while_loop``.

    Attributes:
        name (str): the graph's name in the file.
        input_names (list[str]): the graph's inputs.
        params (dict[str, numpy.ndarray]): its parameters, by the exporting network's names.
    """

    def __init__(self, model: Any, folder: str = "") -> None:
        graph = model.graph
        self.model = model
        self.name = graph.name
        self.input_names = [i.name for i in graph.input]
        self.params: dict[str, np.ndarray] = {}
        self._param_keys: dict[str, str] = {}  # node-local name -> parameter name
        for g in [graph, *model.functions]:
            for p in g.parameter:
                key = p.ref_key or p.name.rpartition(":")[2]
                if key not in self.params:
                    self.params[key] = tensor_value(p, folder)
                self._param_keys[p.name] = key
        self._prims: dict[str, tuple[Any, dict]] = {}
        for p in model.primitives:
            if p.op_type not in PRIMITIVES:
                raise RuntimeError(
                    f"Load MindIR failed: the graph uses MindSpore's primitive '{p.op_type}', "
                    "which deepsink's MindIR loader has no computation for"
                )
            attrs = {
                a.name: attr_value(a, folder)
                for a in p.attribute
                if a.name not in ("input_names", "output_names")
            }
            self._prims[p.name] = (PRIMITIVES[p.op_type], attrs)
        self._consts: dict[str, Any] = {}
        self._graph_names = {graph.name, *(g.name for g in model.functions)}
        self._bodies = {g.name: _Body(g, self, folder) for g in [graph, *model.functions]}
        self._nodes = self._bodies[graph.name].nodes
        self.output_names = self._bodies[graph.name].output_names
        self._stack: list[str] = []
        self._params: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"FuncGraph({self.name!r}, inputs={self.input_names}, nodes={len(self._nodes)})"

    def run(self, inputs: tuple, params: dict[str, Any]) -> Any:
        """Evaluate the graph on ``inputs`` (Tensors), reading its parameters from ``params``."""
        if len(inputs) != len(self.input_names):
            raise ValueError(
                f"For 'GraphCell', the graph loaded from MindIR takes {len(self.input_names)} "
                f"inputs, but got {len(inputs)}"
            )
        self._params = {local: params[key] for local, key in self._param_keys.items()}
        self._stack = []
        results = self._eval(self.name, list(inputs))
        return results[0] if len(results) == 1 else tuple(results)

    # ---------------------------------------------------------------- evaluation
    def _eval(self, name: str, args: list, stop: bool = False, capture: str | None = None) -> Any:
        """Run graph ``name`` on ``args``; its outputs (a list). ``stop``: return the
        ``SwitchValue`` of the graph's own loop instead of running it. ``capture``: a call to
        that graph (a loop body's call back to its header) returns a ``_TailCall``."""
        from deepsink.common.tensor import Tensor

        body = self._bodies[name]
        if len(args) != len(body.input_names):
            raise RuntimeError(
                f"Load MindIR failed: graph {name!r} takes {len(body.input_names)} inputs, "
                f"but is called with {len(args)}"
            )
        env: dict[str, Any] = dict(zip(body.input_names, args, strict=True))

        def value(n: str) -> Any:
            if n in env:
                return env[n]
            if n in self._params:
                return self._params[n]
            if n in self._consts:
                v = self._consts[n]
                return Tensor(v) if isinstance(v, np.ndarray) else v
            if n in self._graph_names:
                return n  # a sub-graph, as a Partial's first input or a Switch's branch
            raise RuntimeError(f"Load MindIR failed: the graph uses {n!r} before computing it")

        self._stack.append(name)
        try:
            for node in body.nodes:
                if node[0] == "prim":
                    _, out, prim, attrs, names = node
                    env[out] = prim.run(attrs, [value(n) for n in names])
                    continue
                _, out, target, names = node
                ins = [value(n) for n in names]
                callee = target if target in self._graph_names else value(target)
                if isinstance(callee, SwitchValue):
                    loop = self._loop_branch(name, callee)
                    if loop is not None and stop:
                        return callee
                    if loop is not None:
                        env[out] = self._loop(name, args, loop, capture)
                    else:
                        env[out] = self._branch(callee, ins, capture)
                else:
                    env[out] = self._call(callee, ins, capture)
            return [value(n) for n in body.output_names]
        finally:
            self._stack.pop()

    def _call(self, callee: Any, ins: list, capture: str | None) -> Any:
        """Call a sub-graph (by name) or a ``PartialValue`` on ``ins``; its one value."""
        if isinstance(callee, PartialValue):
            callee, ins = callee.graph, [*callee.args, *ins]
        if not isinstance(callee, str) or callee not in self._graph_names:
            raise RuntimeError(f"Load MindIR failed: the graph calls {callee!r}, not a graph")
        if callee == capture:
            return _TailCall(ins)
        outs = self._eval(callee, ins, capture=capture)
        return outs[0] if len(outs) == 1 else tuple(outs)

    def _reaches(self, start: str, goal: str) -> bool:
        """Whether graph ``start`` calls ``goal`` (directly or through sub-graphs), not through
        the graphs running now other than ``goal`` (an outer loop's header)."""
        blocked = set(self._stack) - {goal}
        seen, todo = set(), [start]
        while todo:
            g = todo.pop()
            if g == goal:
                return True
            if g in seen or g in blocked:
                continue
            seen.add(g)
            todo.extend(self._bodies[g].calls)
        return False

    def _loop_branch(self, header: str, sw: SwitchValue) -> bool | None:
        """Which branch of graph ``header``'s Switch loops back into it (True/False), or None."""
        for flag, branch in ((True, sw.true), (False, sw.false)):
            g = branch.graph if isinstance(branch, PartialValue) else branch
            if isinstance(g, str) and self._reaches(g, header):
                return flag
        return None

    def _branch(self, sw: SwitchValue, ins: list, capture: str | None) -> Any:
        """An ``if``: the picked branch, or both under ``jax.lax.cond`` when tracing."""
        pred = _array(sw.cond)
        if not isinstance(pred, jax.core.Tracer):
            return self._call(sw.true if bool(np.asarray(pred).all()) else sw.false, ins, capture)

        def branch(which: Any) -> Any:
            def run() -> Any:
                out = self._call(which, ins, capture)
                if isinstance(out, _TailCall):
                    raise NotImplementedError(
                        "For 'GraphCell', deepsink runs a loop whose body leaves it early "
                        "(return/break in an if inside the loop) only with concrete conditions "
                        "(PYNATIVE_MODE), not under jit"
                    )
                return _arrays(out)

            return run

        out = jax.lax.cond(jnp.reshape(pred, ()).astype(bool), branch(sw.true), branch(sw.false))
        return _tensors(out)

    def _loop(self, header: str, args: list, loop: bool, capture: str | None) -> Any:
        """A ``while`` loop headed by graph ``header`` (first entered with ``args``): its body is
        the branch ``loop`` of the header's Switch; the other branch runs after it."""
        first = self._eval(header, args, stop=True)
        pred = _array(first.cond)

        def go(sw: SwitchValue) -> Any:
            c = jnp.reshape(_array(sw.cond), ()).astype(bool)
            return c if loop else jnp.logical_not(c)

        def body(sw: SwitchValue) -> Any:
            return self._call(sw.true if loop else sw.false, [], header)

        def exit_(sw: SwitchValue) -> Any:
            return self._call(sw.false if loop else sw.true, [], capture)

        if not isinstance(pred, jax.core.Tracer):  # concrete: a Python loop, no recursion
            state, sw = args, first
            while bool(go(sw)):
                out = body(sw)
                if not isinstance(out, _TailCall):
                    return out  # the body returned (a return inside the loop)
                state = out.args
                sw = self._eval(header, state, stop=True)
            return exit_(sw)
        dynamic = [i for i, a in enumerate(args) if _is_array(a)]
        init = [jnp.asarray(_array(args[i])) for i in dynamic]

        def full(values: list) -> list:
            state = list(args)
            for i, v in zip(dynamic, values, strict=True):
                state[i] = _tensors(v)
            return state

        def cond_fun(values: list) -> Any:
            return go(self._eval(header, full(values), stop=True))

        def body_fun(values: list) -> list:
            out = body(self._eval(header, full(values), stop=True))
            if not isinstance(out, _TailCall):
                raise NotImplementedError(
                    "For 'GraphCell', deepsink runs a loop whose body leaves it early (return "
                    "inside the loop) only with concrete conditions (PYNATIVE_MODE), not under jit"
                )
            return [
                jnp.asarray(_array(out.args[i]), v.dtype).reshape(v.shape)
                for i, v in zip(dynamic, init, strict=True)
            ]

        final = jax.lax.while_loop(cond_fun, body_fun, init)
        return exit_(self._eval(header, full(final), stop=True))


def _is_array(v: Any) -> bool:
    from deepsink.common.tensor import Tensor

    return isinstance(v, (Tensor, np.ndarray, jax.Array, int, float)) and not isinstance(v, bool)


def _array(v: Any) -> Any:
    from deepsink.common.tensor import Tensor

    return v._data if isinstance(v, Tensor) else v


def _arrays(out: Any) -> Any:
    """A value's pytree of JAX arrays (Tensors unwrapped)."""
    from deepsink.common.tensor import Tensor

    return jax.tree_util.tree_map(
        lambda t: jnp.asarray(_array(t)), out, is_leaf=lambda t: isinstance(t, Tensor)
    )


def _tensors(out: Any) -> Any:
    from deepsink.common.tensor import Tensor

    return jax.tree_util.tree_map(Tensor, out)
