"""Bounds checks for Tensor indexing and gathers, so an out-of-range index raises as in MindSpore.

JAX clamps an out-of-range gather and drops an out-of-range scatter; MindSpore raises. The rule
here follows MindSpore 2.10:

* A Python int or a list of ints (``t[3]``, ``t[[0, 7]]``, ``t[0, 5] = 1``) is known while the
  program is written, so it is checked at once, in PyNative and while a compiled program is traced
  (GRAPH_MODE, ``jit``, the sink loop): ``IndexError``.
* A Tensor index holds a run-time value. In PyNative (and under an eager gradient) its value is
  known and it is checked at once: ``RuntimeError`` for reads (MindSpore's Gather/GatherNd kernel
  error) and ``ValueError`` for writes (TensorScatterUpdate's). Inside a compiled program it is
  checked when the program runs: one device-side comparison, and only when it fails a host callback
  that raises the same message, which reaches the caller as a ``RuntimeError``
  (``jax.errors.JaxRuntimeError``). A compiled program never returns a clamped value.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink.common.concrete import concrete as _concrete


def _is_array(x: Any) -> bool:
    return isinstance(x, jax.Array | np.ndarray | np.generic) and not isinstance(x, bool)


def _int_list(x: Any) -> bool:
    """A (nested) list/tuple of Python ints, the form MindSpore checks while writing the program."""
    if isinstance(x, list | tuple):
        return all(_int_list(v) for v in x)
    return isinstance(x, int) and not isinstance(x, bool)


def _flat(x: Any) -> list[int]:
    if isinstance(x, list | tuple):
        return [v for item in x for v in _flat(item)]
    return [x]


def _consumed(item: Any) -> int:
    """How many axes of the indexed tensor one index item takes."""
    if item is None or item is Ellipsis or isinstance(item, bool):
        return 0
    if _is_array(item) and np.dtype(item.dtype) == np.bool_:
        return item.ndim
    if isinstance(item, list | tuple) and item and all(isinstance(v, bool) for v in _flat(item)):
        return 1
    return 1


def _axes(shape: tuple[int, ...], index: Any) -> list[tuple[Any, int | None]]:
    """Pair each index item with the axis it indexes (None for items that take no axis)."""
    items = index if isinstance(index, tuple) else (index,)
    used = sum(_consumed(i) for i in items)
    out: list[tuple[Any, int | None]] = []
    axis = 0
    for item in items:
        if item is Ellipsis:
            axis += max(len(shape) - used, 0)
            continue
        take = _consumed(item)
        out.append((item, axis if take == 1 else None))
        axis += take
    return out


def _fire(message: str, values: Any, low: int, high: int, exc: type[Exception]) -> None:
    """Inside a compiled program: raise ``exc(message)`` when the program runs with a value outside
    ``[low, high)``. The comparison runs on the device; the host is called only when it fails."""

    def check(host_values: Any) -> None:
        v = np.asarray(host_values)
        bad = v[(v < low) | (v >= high)]
        if bad.size:
            raise exc(message.format(int(bad.flat[0])))

    outside = jnp.any((values < low) | (values >= high))
    lax.cond(outside, lambda v: jax.debug.callback(check, v), lambda v: None, values)


def check_range(values: Any, size: int, message: str, exc: type[Exception]) -> None:
    """Raise ``exc(message.format(value))`` when an integer array holds a value outside
    ``[-size, size)``: at once when the value is known, else when the compiled program runs."""
    data = _concrete(values)
    if isinstance(data, jax.core.Tracer):
        _fire(message, data, -size, size, exc)
        return
    v = np.asarray(data)
    bad = v[(v < -size) | (v >= size)]
    if bad.size:
        raise exc(message.format(int(bad.flat[0])))


def check_gather(values: Any, size: int, op: str = "Gather") -> None:
    """MindSpore's Gather kernel rule: indices in ``[-size, size)`` (negatives count from the end),
    else ``RuntimeError``."""
    check_range(
        values, size,
        f"For '{op}', the 'input_indices' should be in the range [0, {size}), but got {{}}",
        RuntimeError,
    )  # fmt: skip


def _check_static(item: Any, size: int, setitem: bool, axis: int) -> None:
    if isinstance(item, int) and not isinstance(item, bool):
        if not -size <= item < size:
            if setitem:
                raise IndexError(f"Index {item} is out of bounds for axis {axis} with size {size}")
            raise IndexError(f"index {item} is out of bounds for dimension with size {size}")
        return
    for v in _flat(item):
        if not -size <= v < size:
            raise IndexError(f"index {v} out of bounds for dimension with size {size}")


def check_index(shape: tuple[int, ...], index: Any, setitem: bool = False) -> None:
    """Check ``tensor[index]`` (``setitem``: ``tensor[index] = value``) against ``shape``.

    ``index`` has Tensors already replaced by their arrays. Slices, None, Ellipsis and boolean masks
    are never out of range; ints and lists of ints raise ``IndexError`` at once; integer arrays
    follow :func:`check_range`.
    """
    pairs = _axes(tuple(shape), index)
    dynamic = []
    for item, axis in pairs:
        if axis is None or axis >= len(shape) or isinstance(item, slice):
            continue
        if _int_list(item) and not (isinstance(item, list | tuple) and not item):
            _check_static(item, shape[axis], setitem, axis)
        elif _is_array(item) and jnp.issubdtype(item.dtype, jnp.integer):
            dynamic.append((item, axis))
    if not dynamic:
        return
    if setitem:
        for item, axis in dynamic:
            check_range(
                item, shape[axis],
                "For 'TensorScatterUpdate', indices out of range for input_x. Please check the "
                "indices which is [{}]",
                ValueError,
            )  # fmt: skip
        return
    advanced = [p for p in pairs if p[1] is not None and not isinstance(p[0], slice)]
    op = "Gather" if len(advanced) == 1 else "GatherNd"
    for item, axis in dynamic:
        if op == "Gather":
            check_gather(item, shape[axis])
        else:
            check_range(
                item, shape[axis],
                f"For 'GatherNd', the index {{}} on axis {axis} does not index into input_shape: "
                f"{list(shape)}",
                RuntimeError,
            )  # fmt: skip
