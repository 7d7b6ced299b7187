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
  that raises the same exception, which reaches the caller as it is (``_core/host_errors``). A
  compiled program never returns a clamped value.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core import functional, host_errors
from deepsink._core.validate import ValueDependentShapeError
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


def _check_masks(shape: tuple[int, ...], index: Any, getitem: bool = False) -> None:
    """A boolean mask Tensor must have the shape of the axes it indexes (a traced one would
    otherwise select by position, silently); ``ValueError``, as MindSpore's broadcast of the mask
    raises (for ``getitem``, with the text of MindSpore 2.10's index check)."""
    items = index if isinstance(index, tuple) else (index,)
    used = sum(_consumed(i) for i in items)
    axis = 0
    for item in items:
        if item is Ellipsis:
            axis += max(len(shape) - used, 0)
            continue
        if _is_array(item) and np.dtype(item.dtype) == np.bool_ and item.ndim:
            want = tuple(shape[axis : axis + item.ndim])
            if tuple(item.shape) != want and getitem:
                dim = next(
                    (axis + k for k, (m, n) in enumerate(zip(item.shape, want)) if m != n),
                    axis + len(want),
                )
                raise ValueError(
                    f"The shape of index [const vector]{{{', '.join(map(str, item.shape))}}}"
                    f"does not match the shape of the indexed data [const vector]"
                    f"{{{', '.join(map(str, shape))}}} at dim index{dim}"
                )
            if tuple(item.shape) != want:
                raise ValueError(
                    f"For 'Tensor.__setitem__', the boolean index of shape {list(item.shape)} "
                    f"must have the shape {list(want)} of the dimensions it indexes "
                    f"(from dimension {axis} of a Tensor of shape {list(shape)})"
                )
        axis += _consumed(item)


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


def _outside(v: Any, low: int, high: int | None) -> Any:
    return (v < low) | (v >= high) if high is not None else v < low


def _fire(message: str, values: Any, low: int, high: int | None, exc: type[Exception]) -> None:
    """Inside a compiled program: raise ``exc(message)`` when the program runs with a value outside
    ``[low, high)``. The comparison runs on the device; the host is called only when it fails."""

    @host_errors.on_host
    def check(host_values: Any) -> None:
        v = np.asarray(host_values)
        bad = v[_outside(v, low, high)]
        if bad.size:
            raise exc(message.format(int(bad.flat[0])))

    outside = jnp.any(_outside(values, low, high))
    lax.cond(outside, lambda v: jax.debug.callback(check, v), lambda v: None, values)


def check_range(
    values: Any, size: int | None, message: str, exc: type[Exception], negative: bool = True
) -> None:
    """Raise ``exc(message.format(value))`` when an integer array holds a value outside
    ``[-size, size)`` (``[0, size)`` unless ``negative``; ``size`` None: below 0): at once when
    the value is known, else when the compiled program runs."""
    low = -size if negative and size is not None else 0
    data = _concrete(values)
    if isinstance(data, jax.core.Tracer):
        _fire(message, data, low, size, exc)
        return
    v = np.asarray(data)
    bad = v[_outside(v, low, size)]
    if bad.size:
        raise exc(message.format(int(bad.flat[0])))


def _first_bad(message: str, exc: type[Exception], bad: Any, *values: Any) -> None:
    bad = np.asarray(bad)
    hits = np.argwhere(bad)
    if hits.size:
        at = tuple(hits[0])
        raise exc(
            message.format(*(int(np.broadcast_to(np.asarray(v), bad.shape)[at]) for v in values))
        )


def check_where(bad: Any, values: tuple, message: str, exc: type[Exception]) -> None:
    """Raise ``exc(message.format(*row))`` for the first position where the boolean array ``bad``
    holds, ``row`` the integer ``values`` (arrays broadcast to ``bad``'s shape) there: at once
    when known, else when the compiled program runs (one device-side ``any``, the host called
    only then)."""
    known = [_concrete(a) for a in (bad, *values)]
    if not any(isinstance(a, jax.core.Tracer) for a in known):
        _first_bad(message, exc, *known)
        return

    @host_errors.on_host
    def check(*host: Any) -> None:
        _first_bad(message, exc, *host)

    lax.cond(jnp.any(bad), lambda a: jax.debug.callback(check, *a), lambda a: None, (bad, *values))


def check_gather(values: Any, size: int, op: str = "Gather") -> None:
    """MindSpore's Gather kernel rule: indices in ``[-size, size)`` (negatives count from the end),
    else ``RuntimeError``."""
    check_range(
        values,
        size,
        f"For '{op}', the 'input_indices' should be in the range [0, {size}), but got {{}}",
        RuntimeError,
    )


def _check_slices(index: Any) -> None:
    """A slice's start, stop and step must be ints, Tensors or None, as MindSpore requires:
    PyNative raises RuntimeError, a compiled program TypeError (MindSpore's two messages)."""
    for item in index if isinstance(index, tuple | list) else (index,):
        if not isinstance(item, slice):
            continue
        for v in (item.start, item.stop, item.step):
            if v is None or isinstance(v, int | np.integer):
                continue
            data = getattr(v, "_data", v)  # a Tensor bound
            if _is_array(data) and jnp.issubdtype(data.dtype, jnp.integer):
                continue
            kind = f"{data.dtype} Tensor" if _is_array(data) else type(v).__name__
            if functional.compiling() and not functional.capturing():
                raise TypeError(
                    f"Slice indices must be integers or bool. But got a {kind} in {item}."
                )
            raise RuntimeError(
                f"Slice index type must be int, tensor or none, but got {kind} in {item}."
            )


def normalize(index: Any) -> Any:
    """MindSpore's reading of a list index: a list of ints/bools (nested or not) is one array
    index (``t[[0, 2]]``), but a list holding a Tensor, slice, None or Ellipsis indexes one axis
    per element, as a tuple does (``t[[mask, 0]]`` is ``t[mask, 0]``). Boolean masks whose value is
    known (an eager gradient's primal) are replaced by it."""
    _check_slices(index)
    if isinstance(index, list) and any(
        not _int_list(v) and not isinstance(v, bool) and not _bool_list(v) for v in index
    ):
        index = tuple(index)
    if isinstance(index, bool):
        index = (index,)
    if isinstance(index, tuple):
        return tuple(_known_mask(v) for v in index)
    return _known_mask(index)


def _arrays(index: Any) -> Any:
    """The checked index in JAX's terms: each list (at the top or inside a tuple) as an array."""
    if isinstance(index, tuple):
        return tuple(_sequence(v) for v in index)
    return _sequence(index)


def _sequence(item: Any) -> Any:
    """A list or tuple inside a tuple index is one array index (JAX takes only arrays there)."""
    if not isinstance(item, list | tuple):
        return item
    if not item:
        return np.zeros((0,), np.int64)
    if _int_list(item) or _bool_list(item):
        return np.asarray(item)
    return jnp.asarray(item)


def _bool_list(x: Any) -> bool:
    if isinstance(x, list | tuple):
        return all(_bool_list(v) for v in x)
    return isinstance(x, bool)


def _known_mask(item: Any) -> Any:
    if isinstance(item, jax.core.Tracer) and item.dtype == jnp.bool_:
        data = _concrete(item)
        return item if isinstance(data, jax.core.Tracer) else data
    return item


def _scalar_bools(data: Any, index: Any) -> tuple[Any, Any, tuple[int, ...]]:
    """NumPy's (and MindSpore's) Python ``True``/``False`` in a tuple index: a 0-d mask that adds an
    axis of size 1 or 0 and takes part in advanced indexing. JAX mis-reads these, so each becomes
    a new size-1 axis of ``data`` indexed by ``[0]`` (True) or ``[]`` (False). Returns the
    reshaped data, the index, and the added axes (to squeeze away after a write)."""
    if not isinstance(index, tuple) or not any(isinstance(v, bool) for v in index):
        return data, index, ()
    used = sum(_consumed(v) for v in index)
    axis = 0
    added: list[int] = []
    items: list[Any] = []
    for item in index:
        if item is Ellipsis:
            axis += max(data.ndim - used, 0)
        elif isinstance(item, bool):
            added.append(axis + len(added))
            item = np.array([0] if item else [], np.int32)
        else:
            axis += _consumed(item)
        items.append(item)
    return jnp.expand_dims(data, added), tuple(items), tuple(added)


def _vector(values: Any) -> str:
    return "[const vector]{" + ", ".join(str(int(v)) for v in values) + "}"


def _tuple_masks(shape: tuple[int, ...], index: Any, setitem: bool) -> Any:
    """MindSpore 2.10's reading of a boolean mask whose value is known inside a tuple index
    (``t[mask, 0]``, ``t[0, mask]``, ``t[..., mask]``): the coordinates of its True elements, one
    integer array per mask axis, so a mask need not have the length of its axes.

    * A shorter mask selects as if padded with False.
    * A longer one selects nothing more through its False tail; a True past an axis's end is an
      out-of-range coordinate. A read raises GatherNd's ``RuntimeError``, naming the first such
      row of the gathered coordinates. A write (TensorScatterUpdate) checks only the coordinates'
      row-major offset within the indexed leading axes: an offset inside them writes where it
      points (``t[0, [T, F, T, T]] = v`` on a (2, 3, 4) Tensor writes ``t[0, 0]``, ``t[0, 2]`` and
      ``t[1, 0]``, as 2.10 does); one past them raises its ``ValueError``.
    """
    if not isinstance(index, tuple) or len(index) < 2:
        return index
    items: list[Any] = []
    from_mask = False
    for item in index:
        if _is_array(item) and np.dtype(item.dtype) == np.bool_ and item.ndim:
            if isinstance(item, jax.core.Tracer):
                return index
            items.extend(np.nonzero(np.asarray(item)))
            from_mask = True
        else:
            items.append(item)
    if not from_mask:
        return index
    pairs = _axes(shape, tuple(items))
    advanced = [
        (np.asarray(v), a)
        for v, a in pairs
        if a is not None and not isinstance(v, slice) and not isinstance(v, bool)
    ]
    if not advanced or all(np.all(np.asarray(v) < shape[a]) for v, a in advanced if a < len(shape)):
        return tuple(items)
    rows = np.stack([np.ravel(v) for v in np.broadcast_arrays(*(v for v, _ in advanced))], axis=-1)
    axes = [a for _, a in advanced]
    if not setitem:
        # GatherNd's coordinate rows: the advanced rows, each crossed with the ranges of the
        # sliced axes among the indexed ones, in axis order
        sliced = [(v, a) for v, a in pairs if isinstance(v, slice) and a < len(shape)]
        ranges = [np.arange(shape[a])[v] for v, a in sliced]
        order = sorted(axes + [a for _, a in sliced])
        full = []
        for row in rows:
            for combo in (
                np.stack(np.meshgrid(*ranges, indexing="ij"), -1).reshape(-1, len(ranges))
                if ranges
                else [np.zeros(0, np.int64)]
            ):
                coords = dict(zip(axes, row, strict=True)) | dict(
                    zip((a for _, a in sliced), combo, strict=True)
                )
                full.append([coords[a] for a in order])
        bad = next(k for k, r in enumerate(full) if any(c >= shape[a] for c, a in zip(r, order)))
        raise RuntimeError(
            f"For 'GatherNd', the indices[{bad}]: {_vector(full[bad])}, does not index into "
            f"input_shape: {_vector(shape)}."
        )
    lead = list(range(len(axes)))
    if axes != lead or any(
        isinstance(v, slice) for v, a in pairs if a is not None and a < len(axes)
    ):
        bad = next(r for r in rows if any(c >= shape[a] for c, a in zip(r, axes)))
        raise ValueError(
            "For 'TensorScatterUpdate', indices out of range for input_x. Please check the "
            f"indices which is {_vector(bad)}"
        )
    dims = shape[: len(axes)]
    strides = np.array([int(np.prod(dims[k + 1 :])) for k in range(len(dims))], np.int64)
    flat = rows @ strides
    over = flat >= int(np.prod(dims))
    if np.any(over):
        raise ValueError(
            "For 'TensorScatterUpdate', indices out of range for input_x. Please check the "
            f"indices which is {_vector(rows[np.argmax(over)])}"
        )
    shape_b = np.broadcast_shapes(*(np.shape(v) for v, _ in advanced))
    moved = [c.reshape(shape_b) for c in np.unravel_index(flat, dims)]
    out = list(items)
    positions = [k for k, v in enumerate(items) if v is not Ellipsis]  # _axes skips Ellipsis
    where = [positions[k] for k, (v, a) in enumerate(pairs) if a is not None and a in axes]
    for k, c in zip(where, moved, strict=True):
        out[k] = c
    return tuple(out)


def _traced_masks(index: Any) -> list[int]:
    """Positions (in the index tuple) of boolean masks whose value is not known while tracing."""
    items = index if isinstance(index, tuple) else (index,)
    return [
        k
        for k, v in enumerate(items)
        if isinstance(v, jax.core.Tracer) and v.dtype == jnp.bool_ and v.ndim > 0
    ]


_TUPLE_TYPES = "'Slice', 'Ellipsis', 'None', 'Tensor', 'int', 'List', 'Tuple', 'bool'"


def _numpy_scalar_error(item: Any) -> IndexError:
    return IndexError(
        f"Unsupported Python object type received: {type(item)}. Supported types for tensor "
        "indexing are: list, int, float, tuple, slice, ellipsis, None, array, bool, or Tensor. "
        f"Received value: {item}"
    )


def check_python_index(index: Any, setitem: bool = False) -> Any:
    """MindSpore 2.10 refuses NumPy values as a Tensor's index (before any conversion): an array
    alone is an IndexError, an array inside a tuple or list index a TypeError, and a NumPy scalar
    (``np.int64(1)``, ``np.bool_(True)``) anywhere an IndexError. Returns the index.

    Graph code (a GRAPH_MODE Cell, ``jit``) follows the graph compiler's rules instead: a NumPy
    int or bool scalar alone or inside a list is its Python value, a NumPy float scalar is an
    IndexError, and an array (or a NumPy scalar) inside a tuple index is a TypeError when read,
    an IndexError when assigned to; an array alone is refused as in PyNative."""
    if functional.graph_semantics():
        return _graph_python_index(index, setitem)
    if isinstance(index, np.ndarray):
        raise _numpy_array_error(index)
    if isinstance(index, np.generic):
        raise _numpy_scalar_error(index)
    if isinstance(index, tuple | list):
        for item in index:
            if isinstance(item, np.ndarray):
                raise TypeError(
                    f"For tuple index, the types only support {_TUPLE_TYPES}, but got type "
                    f"'Array', value: {item}"
                )
            if isinstance(item, np.generic):
                raise _numpy_scalar_error(item)
    return index


def _numpy_array_error(index: np.ndarray) -> IndexError:
    return IndexError(
        "Only support integers, slices(`:`), ellipsis(`...`), None, bool, tensor, int, list "
        f"and tuple as index, but got {index} with type {type(index)}"
    )


def _graph_scalar(item: np.generic) -> Any:
    if isinstance(item, np.bool_ | np.integer):
        return item.item()
    raise IndexError(f"Number index of tensor must be int or bool, but got {item.item()}.")


def _graph_python_index(index: Any, setitem: bool) -> Any:
    if isinstance(index, np.ndarray):
        raise _numpy_array_error(index)
    if isinstance(index, np.generic):
        return _graph_scalar(index)
    if isinstance(index, tuple) and any(isinstance(i, np.ndarray | np.generic) for i in index):
        raise _graph_tuple_error(setitem)
    if isinstance(index, list):
        if any(isinstance(i, np.ndarray) for i in index):
            raise _graph_tuple_error(setitem)
        return [_graph_scalar(i) if isinstance(i, np.generic) else i for i in index]
    return index


def _graph_tuple_error(setitem: bool) -> Exception:
    if setitem:
        return IndexError("invalid index type")
    return TypeError(
        f"For 'tensor_setitem_by_tuple', the types only support {_TUPLE_TYPES}, but got External"
    )


def getitem(data: jax.Array, index: Any) -> jax.Array:
    """``data[index]`` with MindSpore's index rules (``index`` already unwrapped).

    A boolean mask whose value is only known when a compiled program runs gives a result whose
    shape depends on that value: MindSpore runs such a graph with dynamic shapes; here the
    GRAPH_MODE Cell runs op by op (``ValueDependentShapeError``, see ``_compile/jit.py``)."""
    index = normalize(index)
    index = _tuple_masks(data.shape, _arrays(index), setitem=False)
    check_index(data.shape, index)
    if not isinstance(index, tuple):  # a lone mask: MindSpore's index check names its shape
        _check_masks(data.shape, index, getitem=True)
    if _traced_masks(index):
        raise ValueDependentShapeError(
            "indexing with a boolean mask Tensor gives a result whose shape depends on the "
            "mask's values, which are not known while the program is compiled"
        )
    data, index, _ = _scalar_bools(data, index)
    return data[index]


def setitem(data: jax.Array, index: Any, value: Any) -> jax.Array:
    """``data`` with ``data[index] = value`` (``index`` and ``value`` already unwrapped).

    A boolean mask known only at run time selects a run-time number of elements; a value that
    broadcasts over them (a scalar, or one row) is written with the mask turned into a fixed-size
    list of positions padded with an out-of-range position that the scatter drops, so the
    program keeps static shapes. A value with one entry per selected element needs the count
    while compiling: ``ValueDependentShapeError`` (the Cell then runs op by op)."""
    index = normalize(index)
    index = _tuple_masks(data.shape, _arrays(index), setitem=True)
    check_index(data.shape, index, setitem=True)
    if isinstance(index, tuple) and len(index) > 1 and _traced_masks(index):
        try:
            _check_masks(data.shape, index)
        except ValueError:
            # a mask inside a tuple need not have its axes' length (see _tuple_masks); where it
            # writes depends on its values, which only the op-by-op run knows
            raise ValueDependentShapeError(
                "a boolean mask Tensor inside a tuple index whose length differs from its axes "
                "writes where its True values point, which is not known while the program is "
                "compiled"
            ) from None
    if _mask_to_broadcast(data.shape, index):
        return _broadcast_mask_set(data, index, value)
    _check_masks(data.shape, index)
    masks = _traced_masks(index)
    if not masks:
        grown, index, added = _scalar_bools(data, index)
        return (
            jnp.squeeze(grown.at[index].set(value), added) if added else data.at[index].set(value)
        )
    items = list(index if isinstance(index, tuple) else (index,))
    expanded: list[Any] = []
    for k, item in enumerate(items):
        if k in masks:
            expanded.extend(jnp.nonzero(item, size=item.size, fill_value=item.shape))
        else:
            expanded.append(item)
    padded = tuple(expanded)
    shape_one = jax.eval_shape(lambda d: d[padded], data).shape
    value = jnp.asarray(value)
    if not _broadcasts_over_selection(value.shape, shape_one, data, items, masks):
        raise ValueDependentShapeError(
            "assigning one value per element selected by a boolean mask Tensor needs the number "
            "of selected elements, which is not known while the program is compiled"
        )
    return data.at[padded].set(value.astype(data.dtype), mode="drop")


def _mask_to_broadcast(shape: tuple[int, ...], index: Any) -> bool:
    """A lone boolean mask whose shape is not that of the leading axes it would index."""
    return (
        _is_array(index)
        and np.dtype(index.dtype) == np.bool_
        and 0 < index.ndim <= len(shape)
        and tuple(index.shape) != tuple(shape[: index.ndim])
    )


def _broadcast_mask_set(data: Any, mask: Any, value: Any) -> jax.Array:
    """MindSpore 2.10's assignment through such a mask: the mask, with trailing axes of 1 added,
    is broadcast to the Tensor's shape and the value written where it is True; a mask that does
    not broadcast raises the broadcast's ValueError (NumPy's words for a Python number, the
    BroadcastTo operator's for a Tensor value or in graph code)."""
    shape = tuple(data.shape)
    grown = tuple(mask.shape) + (1,) * (len(shape) - mask.ndim)
    if any(m not in (1, n) for m, n in zip(grown, shape, strict=True)):
        graph = functional.graph_semantics()
        if graph or isinstance(value, jax.Array):
            have, want = (
                (f"[const vector]{{{', '.join(map(str, v))}}}" for v in (grown, shape))
                if graph
                else (grown, shape)
            )
            raise ValueError(
                "For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or "
                f"input dimension is 1 or target dimension is -1. But got x_shape: {have}, "
                f"target shape: {want}."
            )
        np.broadcast_to(np.zeros(grown, np.bool_), shape)  # raises NumPy's ValueError
    where = jnp.broadcast_to(jnp.reshape(mask, grown), shape)
    return jnp.where(where, jnp.asarray(value, data.dtype), data)


def _broadcasts_over_selection(
    vshape: tuple[int, ...], sel_shape: tuple[int, ...], data: Any, items: list, masks: list[int]
) -> bool:
    """Whether a value of ``vshape`` broadcasts to the selection without a size for the masked
    (run-time counted) axis: the selection is laid out again with one more padded position, and
    the axis whose size changes must meet a 1 (or nothing) in the value."""
    try:
        jnp.broadcast_shapes(vshape, sel_shape)
    except ValueError:
        return False
    longer: list[Any] = []
    for k, item in enumerate(items):
        if k in masks:
            longer.extend(jnp.zeros((item.ndim, item.size + 1), jnp.int32))
        else:
            longer.append(item)
    other = jax.eval_shape(lambda d: d[tuple(longer)], data).shape
    for axis, (a, b) in enumerate(zip(sel_shape, other, strict=True)):
        if a != b:
            back = len(sel_shape) - axis
            if back <= len(vshape) and vshape[-back] != 1:
                return False
    return True


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
    are never out of range; ints, lists of ints and NumPy integer arrays raise ``IndexError`` at
    once; the arrays of integer Tensors follow :func:`check_range`.
    """
    pairs = _axes(tuple(shape), index)
    dynamic = []
    for item, axis in pairs:
        if axis is None or axis >= len(shape) or isinstance(item, slice):
            continue
        if isinstance(item, np.ndarray) and item.dtype.kind in "iu":
            # a NumPy array's values are known now: out of range is an IndexError at once (2.10
            # raises IndexError for a NumPy-array index; an in-range one works here as in NumPy)
            _check_static(item.ravel().tolist(), shape[axis], setitem, axis)
        elif _int_list(item) and not (isinstance(item, list | tuple) and not item):
            _check_static(item, shape[axis], setitem, axis)
        elif _is_array(item) and jnp.issubdtype(item.dtype, jnp.integer):
            dynamic.append((item, axis))
    if not dynamic:
        return
    if setitem:
        for item, axis in dynamic:
            check_range(
                item,
                shape[axis],
                "For 'TensorScatterUpdate', indices out of range for input_x. Please check the "
                "indices which is [{}]",
                ValueError,
            )
        return
    advanced = [p for p in pairs if p[1] is not None and not isinstance(p[0], slice)]
    op = "Gather" if len(advanced) == 1 else "GatherNd"
    for item, axis in dynamic:
        if op == "Gather":
            check_gather(item, shape[axis])
        else:
            check_range(
                item,
                shape[axis],
                f"For 'GatherNd', the index {{}} on axis {axis} does not index into input_shape: "
                f"{list(shape)}",
                RuntimeError,
            )
