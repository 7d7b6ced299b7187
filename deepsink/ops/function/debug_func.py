"""``ops.print_``: MindSpore's Print operator.

Eagerly (PyNative) each argument prints on its own line, Tensors as their ``repr``. Inside a
compiled or differentiated call the values are not known while tracing, so the print is staged
with an *ordered* ``jax.debug.callback`` and happens each time the code runs, in program order (every
step of a sunk ``lax.scan`` prints, step after step); compiled code (GRAPH_MODE, jit, the sink loop)
prints MindSpore's graph-mode format: no commas between items, a 0-d Tensor as its bare value.

With ``set_context(print_file_path=...)`` nothing reaches the screen: every call appends its items
(strings, and Tensors with dtype and shape) to that file in MindSpore's print.proto format
(``_compile/print_file.py``), read back with ``deepsink.parse_print``.
"""

from __future__ import annotations

from typing import Any

import jax
import numpy as np

from deepsink import context
from deepsink._compile import control_flow
from deepsink._compile.print_file import writer
from deepsink._core import functional, spmd
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, _format


def _graph_text(a: np.ndarray) -> str:
    """How MindSpore's graph-mode Print writes a tensor value."""
    if a.ndim == 0:
        return _format(a)
    sep = "\n" if a.ndim > 1 else ""
    return (
        f"Tensor(shape={list(a.shape)}, dtype={mstype.from_np(a.dtype)}, "
        f"value={sep}{_format(a, comma=False)})"
    )


def _check(x: Any, i: int) -> None:
    if isinstance(x, tuple | list):
        for v in x:
            _check(v, i)
    elif not isinstance(x, Tensor | jax.Array | np.ndarray | str | int | float | bool | np.generic):
        raise TypeError(
            f"For 'Print', every input must be a Tensor, str, number or a tuple of them, but "
            f"input {i} is {type(x).__name__}"
        )


def _flatten(items: tuple) -> list:
    out: list = []
    for x in items:
        out.extend(_flatten(tuple(x)) if isinstance(x, tuple | list) else [x])
    return out


def print_(*input_x: Any) -> None:
    """Print Tensors, strings and numbers, one per line (at run time inside compiled code)."""
    for i, x in enumerate(input_x):
        _check(x, i)
    items = _flatten(input_x)
    arrays = [
        x._data if isinstance(x, Tensor) else x if isinstance(x, jax.Array) else None for x in items
    ]
    traced = functional.tracing() or any(isinstance(a, jax.core.Tracer) for a in arrays)
    if not traced:
        path = context.get_context("print_file_path")
        if path is not None:
            writer.write(
                path, [np.asarray(a) if a is not None else str(x) for x, a in zip(items, arrays)]
            )
            return None
        lines = [repr(Tensor._from(a)) if a is not None else str(x) for x, a in zip(items, arrays)]
        print("\n".join(lines), flush=True)
        return None

    # Graph-mode text inside GRAPH_MODE or a jit trace; PyNative text under eager gradients.
    # (a captured PyNative call prints PyNative's text, as its op-by-op run would)
    notes = functional.notes()
    if notes is not None:
        notes.callbacks = True
    graph = context.get_context("mode") == context.GRAPH_MODE or (
        notes is None and any(type(a).__name__ == "DynamicJaxprTracer" for a in arrays)
    )
    text = _graph_text if graph else lambda a: repr(Tensor._from(a))

    def emit(*values: Any) -> None:
        path = context.get_context("print_file_path")
        if path is not None:
            it = iter(values)
            writer.write(
                path,
                [np.asarray(next(it)) if a is not None else str(x) for x, a in zip(items, arrays)],
            )
            return
        it = iter(values)
        lines = [
            text(np.asarray(next(it))) if a is not None else str(x) for x, a in zip(items, arrays)
        ]
        print("\n".join(lines), flush=True)

    # Ordered (program order, every step of a sunk scan) on one device; XLA supports ordered host
    # callbacks on one device only, so a data-parallel program prints unordered per step.
    parallel = context.get_auto_parallel_context("parallel_mode")
    ordered = spmd.world() is None and parallel in (None, context.ParallelMode.STAND_ALONE)
    jax.debug.callback(emit, *[a for a in arrays if a is not None], ordered=ordered)
    return None


# ``print`` of a traced Tensor in code converted from source (GRAPH_MODE, jit) is this operator
control_flow.set_printer(print_)

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
