"""``export(..., file_format="ONNX")``: a deepsink network as an ONNX model, through jax2onnx.

The network's forward pass is traced to a jaxpr exactly as for MindIR (``mindir.export.trace``:
its Parameters as inputs, the plain XLA convolution); jax2onnx (the optional ``onnx`` extra)
converts that program with the Parameters as initializers named after them. Before converting,
every JAX primitive in it is checked against jax2onnx's table, so a network using an operation
ONNX has no lowering for stops with a ``ValueError`` naming the primitive and the network's line.
"""

from __future__ import annotations

import inspect
import os
import stat
from typing import Any

import jax
import numpy as np

PROTO_LIMIT_KB = 1024 * 1024 * 2  # MindSpore's PROTO_LIMIT_SIZE: 2 GB, in KB

# primitives jax2onnx's converter inlines itself (calls) or that its tracer never emits
_CALLS = {"pjit", "jit", "closed_call", "core_call", "remat", "checkpoint"}


def _converter() -> Any:
    """jax2onnx's ``to_onnx`` and its primitive table; ImportError naming the extra without it."""
    try:
        import jax2onnx
        from jax2onnx.plugins.plugin_system import PLUGIN_REGISTRY, import_all_plugins
    except ImportError as e:
        raise ImportError(
            "For 'export', file_format='ONNX' needs the jax2onnx and onnx packages (pip install "
            f"'deepsink[onnx]'): {e}"
        ) from e
    import_all_plugins()
    return jax2onnx.to_onnx, PLUGIN_REGISTRY


def _sub_jaxprs(value: Any) -> list:
    if isinstance(value, (tuple, list)):
        return [j for v in value for j in _sub_jaxprs(v)]
    if hasattr(value, "eqns"):
        return [value]
    if hasattr(value, "jaxpr") and hasattr(value.jaxpr, "eqns"):
        return [value.jaxpr]
    return []


def _check_supported(jaxpr: Any, table: Any, origin: Any = None) -> None:
    """``ValueError`` for the first equation whose primitive jax2onnx has no lowering for;
    ``origin``: the outermost equation calling ``jaxpr`` (its traceback names the network's line)."""
    from deepsink.train.mindir.export import _where

    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name not in table and name not in _CALLS:
            raise ValueError(
                f"For 'export', ONNX has no operator for the JAX primitive '{name}' (from "
                f"{_where(origin or eqn)}); the jax2onnx converter has no lowering for it"
            )
        for value in eqn.params.values():
            for sub in _sub_jaxprs(value):
                _check_supported(sub, table, origin or eqn)


def _input_names(net: Any, count: int) -> list[str]:
    """The ``construct`` argument names (MindSpore names the graph inputs after them)."""
    try:
        params = list(inspect.signature(net.construct).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(names) >= count and len(set(names[:count])) == count:
        return names[:count]
    return [f"x{i}" for i in range(count)]


def _parameters_as_initializers(graph: Any, params: list, keep_inputs: bool = False) -> None:
    """The graph inputs named after the Parameters become initializers holding their values
    (and stay inputs too with ``keep_inputs``)."""
    from onnx import numpy_helper

    values = {p.name: np.asarray(p._data) for p in params}
    for vi in [vi for vi in graph.input if vi.name in values]:
        if not keep_inputs:
            graph.input.remove(vi)
        graph.initializer.append(numpy_helper.from_array(values[vi.name], vi.name))


def _two_d_max_pools(graph: Any) -> None:
    """jax2onnx writes an NCHW ``reduce_window_max`` (window (1, 1, kh, kw)) as a 4-D MaxPool on
    the input unsqueezed twice; ONNX Runtime pools over at most 3 spatial axes. Rewrite each such
    Unsqueeze-Unsqueeze-MaxPool-Squeeze as the 2-D MaxPool on the NCHW tensor."""
    producer = {o: n for n in graph.node for o in n.output}
    users: dict[str, list] = {}
    for n in graph.node:
        for i in n.input:
            users.setdefault(i, []).append(n)
    dead = []
    for pool in graph.node:
        if pool.op_type != "MaxPool":
            continue
        attrs = {a.name: list(a.ints) for a in pool.attribute}
        kernel, strides = attrs.get("kernel_shape", []), attrs.get("strides", [1, 1, 1, 1])
        pads = attrs.get("pads", [0] * 8)
        if len(kernel) != 4 or kernel[:2] != [1, 1] or strides[:2] != [1, 1]:
            continue
        if (
            pads[:2] != [0, 0]
            or pads[4:6] != [0, 0]
            or attrs.get("dilations", [1] * 4)[:2] != [1, 1]
        ):
            continue
        unsq1 = producer.get(pool.input[0])
        unsq0 = producer.get(unsq1.input[0]) if unsq1 is not None else None
        outs = users.get(pool.output[0], [])
        if unsq0 is None or unsq0.op_type != "Unsqueeze" or unsq1.op_type != "Unsqueeze":
            continue
        if len(outs) != 1 or outs[0].op_type != "Squeeze":
            continue
        squeeze = outs[0]
        pool.input[0] = unsq0.input[0]
        pool.output[0] = squeeze.output[0]
        del pool.attribute[:]
        pool.attribute.extend(_ints(pool, "kernel_shape", kernel[2:]))
        pool.attribute.extend(_ints(pool, "strides", strides[2:]))
        pool.attribute.extend(_ints(pool, "pads", pads[2:4] + pads[6:8]))
        if "dilations" in attrs:
            pool.attribute.extend(_ints(pool, "dilations", attrs["dilations"][2:]))
        dead.append(squeeze)
        for u in (unsq1, unsq0):
            if len(users.get(u.output[0], [])) == 1:
                dead.append(u)
    for n in dead:
        graph.node.remove(n)
    used = {i for n in graph.node for i in n.input}
    for init in [i for i in graph.initializer if i.name not in used and i.name.startswith("rwm_")]:
        graph.initializer.remove(init)


def _ints(node: Any, name: str, values: list) -> list:
    from onnx import helper

    return [helper.make_attribute(name, [int(v) for v in values])]


def to_model(
    net: Any,
    inputs: tuple,
    input_names: list | None = None,
    output_names: list | None = None,
    export_params: bool = True,
    keep_initializers_as_inputs: bool = False,
    dynamic_axes: dict | None = None,
) -> Any:
    """The ONNX ``ModelProto`` of ``net`` run on ``inputs`` (the network in inference mode).
    ``input_names``/``output_names``: the graph's (default: ``construct``'s argument names, and
    jax2onnx's); ``export_params=False`` leaves the Parameters as graph inputs (no values);
    ``keep_initializers_as_inputs`` lists the initializers among the inputs too;
    ``dynamic_axes``: {input index: {axis: name}}, those axes symbolic (named ``name``) in the
    model, the network traced once for every size."""
    from deepsink.common.tensor import Tensor
    from deepsink.train.mindir.export import trace

    to_onnx, table = _converter()
    inputs = _symbolic(inputs, dynamic_axes or {})
    closed, params = trace(net, inputs)
    _check_supported(closed.jaxpr, table)

    def forward(*args: Any) -> Any:
        outs = jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *args)
        return outs[0] if len(outs) == 1 else tuple(outs)

    specs = [jax.ShapeDtypeStruct(p.shape, p._data.dtype) for p in params]
    for x in inputs:
        a = (
            x._data
            if isinstance(x, Tensor)
            else x
            if isinstance(x, jax.ShapeDtypeStruct)
            else np.asarray(x)
        )
        specs.append(jax.ShapeDtypeStruct(a.shape, a.dtype))
    names = [p.name for p in params] + (input_names or _input_names(net, len(inputs)))
    double = any(np.dtype(s.dtype) == np.float64 for s in specs)  # else float64 would be float32
    try:
        model = to_onnx(
            forward,
            specs,
            model_name=type(net).__name__,
            input_names=names,
            output_names=output_names or None,
            enable_double_precision=double,
        )
    except jax.errors.InconclusiveDimensionOperation as e:  # only with symbolic (dynamic) axes
        raise NotImplementedError(
            f"For 'onnx.export', the jax2onnx converter cannot write this network with the "
            f"dynamic axes {dynamic_axes}: one of its operations needs those sizes fixed "
            f"({str(e).splitlines()[0]}); export it without 'dynamic_axes'"
        ) from None
    _two_d_max_pools(model.graph)
    if export_params:
        _parameters_as_initializers(model.graph, params, keep_initializers_as_inputs)
    model.producer_name = "MindSpore"
    return model


def _symbolic(inputs: tuple, dynamic_axes: dict) -> tuple:
    """``inputs`` with the axes ``dynamic_axes`` names ({input index: {axis: name}}) symbolic
    (``jax.ShapeDtypeStruct``; one name is one size, wherever it appears)."""
    from jax import export as jax_export

    from deepsink.common.tensor import Tensor

    if not dynamic_axes:
        return tuple(inputs)
    names = sorted({n for axes in dynamic_axes.values() for n in axes.values()})
    symbols = dict(zip(names, jax_export.symbolic_shape(", ".join(names)), strict=True))
    out = []
    for i, x in enumerate(inputs):
        a = x._data if isinstance(x, Tensor) else np.asarray(x)
        shape = list(a.shape)
        for axis, name in dynamic_axes.get(i, {}).items():
            shape[axis] = symbols[name]
        out.append(jax.ShapeDtypeStruct(tuple(shape), a.dtype) if i in dynamic_axes else x)
    return tuple(out)


def net_size_kb(net: Any) -> float:
    """The Parameters' size in KB, as MindSpore's ``_calculation_net_size`` counts it."""
    return sum(np.asarray(p._data).nbytes for p in net.get_parameters()) / 1024


def write(data: bytes, file_name: str) -> str:
    """``data`` to ``file_name`` (``.onnx`` appended when missing), read-only afterwards."""
    if not file_name.endswith(".onnx"):
        file_name += ".onnx"
    if os.path.exists(file_name):
        os.chmod(file_name, stat.S_IWUSR)
    else:
        os.makedirs(os.path.dirname(file_name), mode=0o700, exist_ok=True)
    with open(file_name, "wb") as f:
        f.write(data)
    os.chmod(file_name, stat.S_IRUSR)
    return file_name
