"""TensorBoard event files next to MindSpore's summary files, written with ``tensorboardX``: the
values of each ``SummaryRecord.record`` (scalars, images, histograms; tensors as histograms), the
hyper-parameters of a run (TensorBoard's hparams plugin) and the graph of the compiled training
step (its jaxpr as a GraphDef, for TensorBoard's graph plugin)."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Sequence
from typing import Any

import jax
import numpy as np

from deepsink.train.summary import _events


def _tbx() -> Any:
    try:
        import tensorboardX
    except ImportError as exc:  # a dependency of deepsink: a broken install
        raise ImportError(
            "For 'SummaryRecord', writing TensorBoard files needs the 'tensorboardX' package "
            "(a dependency of deepsink: pip install tensorboardX), or summary_format='mindspore'"
        ) from exc
    return tensorboardX


def event_file_name(suffix: str = "") -> str:
    """TensorBoard's event file name: ``events.out.tfevents.<seconds>.<host><suffix>``."""
    return f"events.out.tfevents.{int(time.time())}.{socket.gethostname()}{suffix}"


class TensorBoardWriter:
    """One TensorBoard event file in ``log_dir``, written synchronously (no writer thread)."""

    def __init__(self, log_dir: str, suffix: str = "") -> None:
        tbx = _tbx()
        from tensorboardX.proto import event_pb2
        from tensorboardX.record_writer import RecordWriter

        self._event_pb2 = event_pb2
        self._summary = tbx.summary
        self.path = os.path.join(log_dir, event_file_name(suffix))
        self._file = RecordWriter(self.path)
        self._write(event_pb2.Event(wall_time=time.time(), file_version="brain.Event:2"))

    def _write(self, event: Any) -> None:
        self._file.write(event.SerializeToString())

    def _summary_event(self, values: list, step: int) -> Any:
        return self._event_pb2.Event(
            wall_time=time.time(),
            step=int(step),
            summary=self._summary.Summary(value=values),
        )

    def write(self, pool: Sequence[tuple[str, str, np.ndarray]], step: int) -> None:
        """One event with the ``(plugin, tag, array)`` values of one record."""
        values = []
        for plugin, tag, data in pool:
            if plugin == "scalar":
                values += self._summary.scalar(tag, float(np.asarray(data).reshape(()))).value
            elif plugin in ("histogram", "tensor"):
                finite = np.asarray(data, np.float64).reshape(-1)
                finite = finite[np.isfinite(finite)]
                if finite.size:
                    values += self._summary.histogram(tag, finite, "auto").value
            elif plugin == "image":
                png, height, width, channels = _events.image_png(data)
                image = self._summary.Summary.Image(
                    height=height, width=width, colorspace=channels, encoded_image_string=png
                )
                values.append(self._summary.Summary.Value(tag=tag, image=image))
        if values:
            self._write(self._summary_event(values, step))

    def hparams(self, hparams: dict, metrics: Sequence[str]) -> Any:
        """Start a session of TensorBoard's hparams plugin with these hyper-parameters (str,
        bool, int or float values) and metric tags (scalar tags recorded during the session);
        returns the session-end summary to write with :meth:`end_hparams`."""
        exp, ssi, sei = self._summary.hparams(hparams, dict.fromkeys(metrics, 0.0))
        for summary in (exp, ssi):
            self._write(self._event_pb2.Event(wall_time=time.time(), summary=summary))
        return sei

    def end_hparams(self, session_end: Any) -> None:
        self._write(self._event_pb2.Event(wall_time=time.time(), summary=session_end))

    def graph(self, graph_def: Any) -> None:
        """TensorBoard's graph plugin's record: a GraphDef."""
        self._write(
            self._event_pb2.Event(wall_time=time.time(), graph_def=graph_def.SerializeToString())
        )

    def flush(self) -> None:
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _shape_attr(avals: Sequence[Any]) -> Any:
    from tensorboardX.proto import attr_value_pb2, tensor_shape_pb2

    shapes = []
    for aval in avals:
        dims = [
            tensor_shape_pb2.TensorShapeProto.Dim(size=int(d)) for d in getattr(aval, "shape", ())
        ]
        shapes.append(tensor_shape_pb2.TensorShapeProto(dim=dims))
    return attr_value_pb2.AttrValue(list=attr_value_pb2.AttrValue.ListValue(shape=shapes))


def jaxpr_graph(closed_jaxpr: Any, input_names: Sequence[str]) -> Any:
    """A GraphDef of a jaxpr's top-level equations: a ``Placeholder`` node per input (named by
    ``input_names``), a node per equation (its primitive as the op, under the name scope of the
    Cell that made it), an ``Identity`` node per output; ``_output_shapes`` on every node."""
    from tensorboardX.proto import attr_value_pb2, graph_pb2, node_def_pb2, versions_pb2

    jaxpr = closed_jaxpr.jaxpr
    produced: dict[int, str] = {}  # id(var) -> "node" or "node:k"
    nodes = []
    used: dict[str, int] = {}

    def unique(name: str) -> str:
        n = used.get(name, 0)
        used[name] = n + 1
        return name if n == 0 else f"{name}_{n}"

    def node(name: str, op: str, inputs: list[str], avals: Sequence[Any]) -> None:
        attrs = {"_output_shapes": _shape_attr(avals)}
        if avals and hasattr(avals[0], "dtype"):
            attrs["dtype"] = attr_value_pb2.AttrValue(s=str(avals[0].dtype).encode())
        nodes.append(node_def_pb2.NodeDef(name=name, op=op, input=inputs, attr=attrs))

    for var, label in zip(jaxpr.invars, input_names):
        name = unique(label)
        produced[id(var)] = name
        node(name, "Placeholder", [], [var.aval])
    for eqn in jaxpr.eqns:
        scope = str(getattr(eqn.source_info, "name_stack", "") or "")
        op = eqn.primitive.name
        label = eqn.params.get("name", op) if op in ("pjit", "jit", "closed_call") else op
        name = unique(f"{scope}/{label}" if scope else str(label))
        inputs = [produced[id(v)] for v in eqn.invars if id(v) in produced]
        node(name, op, inputs, [v.aval for v in eqn.outvars])
        for k, out in enumerate(eqn.outvars):
            produced[id(out)] = name if k == 0 else f"{name}:{k}"
    for i, var in enumerate(jaxpr.outvars):
        source = produced.get(id(var))
        node(unique(f"output/{i}"), "Identity", [source] if source else [], [var.aval])
    return graph_pb2.GraphDef(node=nodes, versions=versions_pb2.VersionDef(producer=22))


def step_graph(network: Any, batch: Sequence[Any]) -> Any:
    """The GraphDef of ``network``'s compiled step on a batch like ``batch`` (arrays or
    ``jax.ShapeDtypeStruct``s): traced, not run, as the sink and ``jit`` compile it; its inputs
    are the network's state (Parameters by name) and the batch's columns."""
    from deepsink._compile import jit as _jit
    from deepsink._core import functional
    from deepsink.train.sink.loop import make_step

    boxes = _jit.state_of(network)
    values = tuple(functional.values(boxes))
    state = jax.tree_util.tree_map(lambda v: jax.ShapeDtypeStruct(np.shape(v), v.dtype), values)
    specs = tuple(
        jax.ShapeDtypeStruct(np.shape(c), np.asarray(c).dtype)
        if not isinstance(c, jax.ShapeDtypeStruct)
        else c
        for c in batch
    )
    closed = jax.make_jaxpr(make_step(network, boxes))(state, specs)
    names = []
    for i, (box, value) in enumerate(zip(boxes, values)):
        label = getattr(box, "name", None) or f"state_{i}"
        leaves = jax.tree_util.tree_leaves(value)
        names += [label] if len(leaves) == 1 else [f"{label}/{k}" for k in range(len(leaves))]
    names += [f"input/{i}" for i in range(len(specs))]
    return jaxpr_graph(closed, names)
