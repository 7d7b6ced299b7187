"""``mindspore.numpy``'s shape and indexing functions (``reshape``, ``concatenate``, ``split``, ...).

Where ``mindspore.ops`` has the same computation with the same meaning, the function calls it
(``reshape`` -> ``ops.reshape``, ``squeeze``/``expand_dims``/``swapaxes``/``tile`` -> ``ops``);
the rest are NumPy's definitions over ``jax.numpy`` through the one wrapper (``utils.np_func``).
Axis arguments are checked as MindSpore does (TypeError for non-ints, ValueError out of range).
"""

from __future__ import annotations

import builtins
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.numpy.utils import (
    INT,
    axis_arg,
    fail,
    jnp_func,
    public,
    to_jnp,
    unwrap_callable,
)


def _int_axis(axis: Any, ndim: int, api: str, arg: str = "axis") -> int:
    if isinstance(axis, builtins.bool) or not isinstance(axis, int | np.integer):
        fail(api, f"'{arg}' must be an int, but got {type(axis).__name__} {axis!r}", TypeError)
    if not -ndim <= axis < max(ndim, 1):
        fail(api, f"'{arg}' must be in the range of [{-ndim}, {ndim}), but got {axis}")
    return int(axis) % max(ndim, 1)


# --- shape --------------------------------------------------------------------------------------
def reshape(x: Any, new_shape: Any) -> Tensor:
    """``x`` with ``new_shape`` (one -1 inferred) -- ``ops.reshape``."""
    if isinstance(new_shape, int):
        new_shape = (new_shape,)
    if not isinstance(new_shape, list | tuple):
        fail(
            "reshape",
            f"'new_shape' must be an int, list or tuple, but got {new_shape!r}",
            TypeError,
        )
    return ops.reshape(to_jnp(x, "reshape"), tuple(new_shape))


def ravel(x: Any) -> Tensor:
    """``x`` flattened to 1-D -- ``ops.ravel``."""
    return ops.ravel(to_jnp(x, "ravel"))


def transpose(a: Any, axes: Any = None) -> Tensor:
    """``a`` with axes permuted (reversed by default)."""
    arr = to_jnp(a, "transpose", "a")
    if axes is not None:
        axes = tuple(_int_axis(v, arr.ndim, "transpose", "axes") for v in axes)
        if len(axes) != arr.ndim or len(set(axes)) != arr.ndim:
            fail("transpose", f"'axes' must be a permutation of {arr.ndim} axes, but got {axes}")
    return ops.transpose(arr, tuple(range(arr.ndim))[::-1] if axes is None else axes)


def expand_dims(a: Any, axis: Any) -> Tensor:
    """``a`` with new length-1 axes at ``axis`` (an int or a tuple of ints)."""
    arr = to_jnp(a, "expand_dims", "a")
    axes = axis if isinstance(axis, tuple | list) else (axis,)
    out_ndim = arr.ndim + len(axes)
    axes = tuple(_int_axis(v, out_ndim, "expand_dims") for v in axes)
    if len(set(axes)) != len(axes):
        fail("expand_dims", f"'axis' must not repeat an axis, but got {axis}")
    out = Tensor._from(arr)
    for ax in sorted(axes):  # each at its place in the result, in increasing order
        out = ops.expand_dims(out, ax)
    return out


def squeeze(a: Any, axis: Any = None) -> Tensor:
    """``a`` without length-1 axes (only those in ``axis`` when given) -- ``ops.squeeze``."""
    arr = to_jnp(a, "squeeze", "a")
    if axis is not None:
        axes = axis if isinstance(axis, tuple | list) else (axis,)
        axes = tuple(_int_axis(v, arr.ndim, "squeeze") for v in axes)
        for v in axes:
            if arr.shape[v] != 1:
                fail(
                    "squeeze",
                    f"cannot select an axis to squeeze out which has size not equal "
                    f"to one, axis {v} has size {arr.shape[v]}",
                )
        axis = axes
    return ops.squeeze(arr, axis)


def swapaxes(x: Any, axis1: int, axis2: int) -> Tensor:
    """``x`` with ``axis1`` and ``axis2`` exchanged -- ``ops.swapaxes``."""
    arr = to_jnp(x, "swapaxes")
    a1 = _int_axis(axis1, arr.ndim, "swapaxes", "axis1")
    a2 = _int_axis(axis2, arr.ndim, "swapaxes", "axis2")
    return ops.swapaxes(arr, a1, a2)


def moveaxis(a: Any, source: Any, destination: Any) -> Tensor:
    """``a`` with axes ``source`` moved to ``destination``."""
    arr = to_jnp(a, "moveaxis", "a")
    src = source if isinstance(source, tuple | list) else (source,)
    dst = destination if isinstance(destination, tuple | list) else (destination,)
    src = tuple(_int_axis(v, arr.ndim, "moveaxis", "source") for v in src)
    dst = tuple(_int_axis(v, arr.ndim, "moveaxis", "destination") for v in dst)
    if len(src) != len(dst):
        fail("moveaxis", "'source' and 'destination' must have the same number of elements")
    return ops.moveaxis(arr, src, dst)


def rollaxis(x: Any, axis: int, start: int = 0) -> Tensor:
    """``x`` with ``axis`` rolled back until it lies before ``start`` (``ops.moveaxis``)."""
    arr = to_jnp(x, "rollaxis")
    axis = _int_axis(axis, arr.ndim, "rollaxis")
    if isinstance(start, builtins.bool) or not isinstance(start, int):
        fail("rollaxis", f"'start' must be an int, but got {start!r}", TypeError)
    if not -arr.ndim <= start <= arr.ndim:
        fail(
            "rollaxis",
            f"'start' must be in the range of [{-arr.ndim}, {arr.ndim}], but got {start}",
        )
    start = start + arr.ndim if start < 0 else start
    return ops.moveaxis(arr, axis, start - 1 if axis < start else start)


def _atleast(n: int):
    fn = getattr(jnp, f"atleast_{n}d")

    def f(*arys: Any) -> Any:
        r = [Tensor._from(fn(to_jnp(a, f"atleast_{n}d", "arys"))) for a in arys]
        return r[0] if len(r) == 1 else r

    f.__name__ = f.__qualname__ = f"atleast_{n}d"
    f.__doc__ = f"Each input viewed with at least {n} dimensions."
    return f


atleast_1d, atleast_2d, atleast_3d = _atleast(1), _atleast(2), _atleast(3)


def broadcast_to(array: Any, shape: Any) -> Tensor:
    """``array`` broadcast to ``shape`` -- ``ops.broadcast_to``."""
    arr = to_jnp(array, "broadcast_to", "array")
    try:
        np.broadcast_shapes(arr.shape, tuple(shape))
    except ValueError:
        fail("broadcast_to", f"cannot broadcast shape {arr.shape} to {tuple(shape)}")
    return ops.broadcast_to(arr, tuple(shape))


def broadcast_arrays(*args: Any) -> list[Tensor]:
    """The inputs broadcast against each other."""
    arrs = [to_jnp(a, "broadcast_arrays", "args") for a in args]
    shape = np.broadcast_shapes(*(a.shape for a in arrs))
    return [ops.broadcast_to(a, shape) for a in arrs]


# --- joining ------------------------------------------------------------------------------------
def _seq(tup: Any, api: str) -> list[jax.Array]:
    if isinstance(tup, Tensor):
        return list(tup._data)
    if not isinstance(tup, list | tuple):
        fail(
            api, f"'tup' must be a list or tuple of arrays, but got {type(tup).__name__}", TypeError
        )
    arrs = [to_jnp(a, api, "tup") for a in tup]
    if arrs:
        from deepsink.common.dtype_rules import promote

        dt = promote(*[a.dtype for a in arrs])
        arrs = [a.astype(dt) for a in arrs]
    return arrs


def concatenate(arrays: Any, axis: int | None = 0) -> Tensor:
    """The arrays joined along ``axis`` (flattened first when ``axis`` is None)."""
    arrs = _seq(arrays, "concatenate")
    if not arrs:
        fail("concatenate", "need at least one array to concatenate")
    if axis is None:
        return ops.concat([a.reshape(-1) for a in arrs], 0)
    _int_axis(axis, max(arrs[0].ndim, 1), "concatenate")
    return ops.concat(arrs, axis)


def append(arr: Any, values: Any, axis: int | None = None) -> Tensor:
    """``values`` appended to ``arr`` (both flattened when ``axis`` is None)."""
    a, v = to_jnp(arr, "append", "arr"), to_jnp(values, "append", "values")
    if axis is not None:
        _int_axis(axis, a.ndim, "append")
    from deepsink.common.dtype_rules import promote

    dt = promote(a.dtype, v.dtype)
    return concatenate([a.astype(dt), v.astype(dt)], axis)


def stack(arrays: Any, axis: int = 0) -> Tensor:
    """The arrays stacked along a new ``axis``."""
    arrs = _seq(arrays, "stack")
    if not arrs:
        fail("stack", "need at least one array to stack")
    _int_axis(axis, arrs[0].ndim + 1, "stack")
    return ops.stack(arrs, axis)


def _stacker(name: str):
    fn = getattr(jnp, name)

    def f(tup: Any) -> Tensor:
        arrs = _seq(tup, name)
        if not arrs:
            fail(name, "need at least one array")
        return Tensor._from(fn(arrs))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"NumPy's ``{name}``: the arrays joined."
    return f


hstack = _stacker("hstack")
vstack = _stacker("vstack")
dstack = _stacker("dstack")
column_stack = _stacker("column_stack")


# --- splitting ----------------------------------------------------------------------------------
# the fixed axis (and least rank) of the directional splits; None: the ``axis`` argument
_SPLIT_AXES = {"split": None, "array_split": None, "hsplit": 1, "vsplit": 0, "dsplit": 2}


def _splitter(name: str):
    """NumPy's split ``name`` through ``ops.tensor_split``; all but ``array_split`` refuse an int
    that does not divide the axis."""
    fixed = _SPLIT_AXES[name]

    def f(x: Any, indices_or_sections: Any, axis: int = 0) -> list[Tensor]:
        arr = to_jnp(x, name)
        ios = indices_or_sections
        if isinstance(ios, Tensor):
            ios = np.asarray(ios._data).tolist()
        if not isinstance(ios, int | list | tuple) or isinstance(ios, builtins.bool):
            fail(
                name,
                f"'indices_or_sections' must be an int, list or tuple, but got {ios!r}",
                TypeError,
            )
        if fixed is None:
            axis = _int_axis(axis, arr.ndim, name)
        else:
            least = 1 if name == "hsplit" else fixed + 1
            if arr.ndim < least:
                fail(name, f"'x' must have at least {least} dimensions, but got {arr.ndim}")
            axis = fixed if arr.ndim > 1 else 0
        if name != "array_split" and isinstance(ios, int) and (ios <= 0 or arr.shape[axis] % ios):
            fail(
                name,
                f"array of size {arr.shape[axis]} on axis {axis} cannot be split "
                f"equally into {ios} parts",
            )
        return list(ops.tensor_split(Tensor._from(arr), ios, axis))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"NumPy's ``{name}``: a list of sub-Tensors."
    return f


split = _splitter("split")
array_split = _splitter("array_split")
hsplit = _splitter("hsplit")
vsplit = _splitter("vsplit")
dsplit = _splitter("dsplit")


# --- rearranging --------------------------------------------------------------------------------
def flip(m: Any, axis: Any = None) -> Tensor:
    """``m`` reversed along ``axis`` (all axes by default)."""
    arr = to_jnp(m, "flip", "m")
    axes = axis_arg(axis, arr.ndim, "flip")
    return ops.flip(arr, tuple(range(arr.ndim)) if axes is None else axes)


fliplr = jnp_func("fliplr", ("m",))
flipud = jnp_func("flipud", ("m",))


def roll(a: Any, shift: Any, axis: Any = None) -> Tensor:
    """``a`` rolled by ``shift`` along ``axis`` (flattened when None)."""
    arr = to_jnp(a, "roll", "a")
    return ops.roll(arr, shift, axis_arg(axis, arr.ndim, "roll"))


def rot90(a: Any, k: int = 1, axes: Any = (0, 1)) -> Tensor:
    """``a`` rotated by 90 degrees ``k`` times in the plane of ``axes``."""
    arr = to_jnp(a, "rot90", "a")
    if isinstance(k, builtins.bool) or not isinstance(k, int):
        fail("rot90", f"'k' must be an int, but got {k!r}", TypeError)
    if not isinstance(axes, list | tuple) or len(axes) != 2:
        fail("rot90", f"'axes' must be a tuple of 2 ints, but got {axes!r}", TypeError)
    if arr.ndim < 2:
        fail("rot90", f"'a' must be at least 2-D, but got {arr.ndim}-D")
    ax = tuple(_int_axis(v, arr.ndim, "rot90", "axes") for v in axes)
    if ax[0] == ax[1]:
        fail("rot90", f"'axes' must be different, but got {axes}")
    return ops.rot90(arr, k, ax)


def tile(a: Any, reps: Any) -> Tensor:
    """``a`` repeated ``reps`` times along each axis."""
    if isinstance(reps, int):
        reps = (reps,)
    if not isinstance(reps, list | tuple):
        fail("tile", f"'reps' must be an int, list or tuple, but got {reps!r}", TypeError)
    return ops.tile(to_jnp(a, "tile", "a"), tuple(reps))


def repeat(a: Any, repeats: Any, axis: int | None = None) -> Tensor:
    """Each element of ``a`` repeated ``repeats`` times."""
    arr = to_jnp(a, "repeat", "a")
    if isinstance(repeats, Tensor):
        repeats = np.asarray(repeats._data)
    if axis is not None:
        _int_axis(axis, arr.ndim, "repeat")
    reps = np.asarray(repeats) if isinstance(repeats, list | tuple) else repeats
    return ops.repeat_interleave(arr, reps, axis)


# --- indexing -----------------------------------------------------------------------------------
def take(a: Any, indices: Any, axis: int | None = None, mode: str = "clip") -> Tensor:
    """Elements of ``a`` at ``indices`` (``mode`` 'clip' or 'wrap'; 'raise' is 'clip', as
    MindSpore, since device code cannot raise)."""
    arr, idx = to_jnp(a, "take", "a"), to_jnp(indices, "take", "indices")
    if mode not in ("raise", "wrap", "clip"):
        fail("take", f"'mode' must be 'raise', 'wrap' or 'clip', but got {mode!r}")
    if axis is not None:
        _int_axis(axis, arr.ndim, "take")
    return Tensor._from(jnp.take(arr, idx, axis=axis, mode="clip" if mode == "raise" else mode))


def take_along_axis(arr: Any, indices: Any, axis: int | None) -> Tensor:
    """Values of ``arr`` at ``indices`` along ``axis``."""
    a, i = to_jnp(arr, "take_along_axis", "arr"), to_jnp(indices, "take_along_axis", "indices")
    if axis is not None:
        _int_axis(axis, a.ndim, "take_along_axis")
        if i.ndim != a.ndim:
            fail("take_along_axis", "'indices' and 'arr' must have the same number of dimensions")
    return Tensor._from(jnp.take_along_axis(a, i, axis=axis))


def choose(a: Any, choices: Any, mode: str = "clip") -> Tensor:
    """For each index in ``a``, the value from that array of ``choices``."""
    if mode not in ("raise", "wrap", "clip"):
        fail("choose", f"'mode' must be 'raise', 'wrap' or 'clip', but got {mode!r}")
    idx = to_jnp(a, "choose", "a")
    ch = _seq(choices, "choose")
    return Tensor._from(jnp.choose(idx, ch, mode="clip" if mode == "raise" else mode))


def select(condlist: Any, choicelist: Any, default: Any = 0) -> Tensor:
    """Elements from ``choicelist`` where the matching ``condlist`` entry is first true."""
    conds = [to_jnp(c, "select", "condlist").astype(bool) for c in _as_list(condlist)]
    choices = _seq(_as_list(choicelist), "select")
    if len(conds) != len(choices):
        fail("select", "list of cases must be same length as list of conditions")
    d = to_jnp(default, "select", "default")
    return Tensor._from(jnp.select(conds, choices, d.astype(choices[0].dtype) if choices else d))


def _as_list(x: Any) -> list:
    if isinstance(x, Tensor):
        return list(x._data)
    return list(x)


def where(condition: Any, x: Any = None, y: Any = None) -> Any:
    """``x`` where ``condition`` holds, else ``y``; with one argument, ``nonzero`` indices."""
    c = to_jnp(condition, "where", "condition")
    if x is None and y is None:
        return ops.nonzero(c, as_tuple=True)
    if x is None or y is None:
        fail("where", "either both or neither of 'x' and 'y' should be given")
    return ops.where(c.astype(bool), *_weak_pair(x, y))


def _weak_pair(x: Any, y: Any) -> tuple:
    """``x``/``y`` for ``ops``: arrays converted, Python numbers left weak."""
    conv = [v if isinstance(v, bool | int | float) else to_jnp(v, "where") for v in (x, y)]
    if all(isinstance(v, bool | int | float) for v in conv):
        conv = [to_jnp(v) for v in conv]
    return tuple(conv)


def piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> Tensor:
    """Values of ``funclist[i]`` (a function or a constant) where ``condlist[i]`` holds."""
    arr = to_jnp(x, "piecewise")
    if isinstance(condlist, Tensor | bool | jax.Array) or (
        isinstance(condlist, list | tuple) and condlist and isinstance(condlist[0], bool)
    ):
        condlist = [condlist]
    conds = [to_jnp(c, "piecewise", "condlist").astype(bool) for c in condlist]
    funcs = [unwrap_callable(f) if callable(f) else f for f in funclist]
    return Tensor._from(jnp.piecewise(arr, conds, funcs, *args, **kw))


def unique(x: Any, return_inverse: bool = False) -> Any:
    """The sorted unique elements of ``x`` (and the inverse indices, Int32)."""
    arr = to_jnp(x, "unique")
    if return_inverse:
        u, inv = jnp.unique(arr, return_inverse=True)
        return Tensor._from(u), Tensor._from(inv.reshape(-1).astype(INT))
    return Tensor._from(jnp.unique(arr))


def unravel_index(indices: Any, shape: Any, order: str = "C") -> tuple[Tensor, ...]:
    """Flat ``indices`` as a tuple of coordinate arrays for ``shape`` (Int32)."""
    if order not in ("C", "F"):
        fail("unravel_index", f"'order' must be 'C' or 'F', but got {order!r}")
    idx = to_jnp(indices, "unravel_index", "indices")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if order == "F":
        r = jnp.unravel_index(idx, shape[::-1])[::-1]
    else:
        r = jnp.unravel_index(idx, shape)
    return tuple(Tensor._from(v.astype(INT)) for v in r)


def ravel_multi_index(multi_index: Any, dims: Any, mode: str = "clip", order: str = "C") -> Tensor:
    """Coordinate arrays as flat indices into an array of shape ``dims`` (Float32, as
    MindSpore 2.10 returns them)."""
    idx = [to_jnp(v, "ravel_multi_index", "multi_index") for v in _as_list(multi_index)]
    if mode == "raise":
        mode = "clip"
    r = jnp.ravel_multi_index(tuple(idx), tuple(dims), mode=mode, order=order)
    return Tensor._from(r.astype(np.float32))


def size(a: Any, axis: int | None = None) -> int:
    """The number of elements of ``a`` (along ``axis`` when given)."""
    arr = to_jnp(a, "size", "a")
    if axis is None:
        return int(arr.size)
    return int(arr.shape[_int_axis(axis, arr.ndim, "size")])


def array_str(a: Any) -> str:
    """``a``'s values as NumPy prints them."""
    if not isinstance(a, Tensor):
        fail("array_str", f"'a' must be a Tensor, but got {type(a).__name__}", TypeError)
    return np.array_str(np.asarray(a._data))


def apply_along_axis(func1d: Any, axis: int, arr: Any, *args: Any, **kwargs: Any) -> Tensor:
    """``func1d`` (a function over 1-D Tensors) applied along ``axis``."""
    a = to_jnp(arr, "apply_along_axis", "arr")
    ax = _int_axis(axis, a.ndim, "apply_along_axis")
    g = unwrap_callable(func1d)
    moved = jnp.moveaxis(a, ax, -1)
    rows = moved.reshape(-1, moved.shape[-1])  # one call per 1-D slice (func1d is Python)
    outs = jnp.stack([jnp.asarray(g(row, *args, **kwargs)) for row in rows])
    out = outs.reshape(moved.shape[:-1] + outs.shape[1:])
    # a func1d returning k values puts a new axis of size k where ``axis`` was
    extra = outs.ndim - 1
    lead = moved.ndim - 1
    return Tensor._from(
        jnp.moveaxis(out, tuple(range(lead, lead + extra)), tuple(range(ax, ax + extra)))
    )


def apply_over_axes(func: Any, a: Any, axes: Any) -> Tensor:
    """``func(a, axis)`` applied for each axis in turn, keeping dimensions."""
    res = to_jnp(a, "apply_over_axes", "a")
    axes = axes if isinstance(axes, list | tuple) else (axes,)
    for ax in axes:
        ax = _int_axis(ax, res.ndim, "apply_over_axes")
        r = func(Tensor._from(res), ax)
        r = to_jnp(r)
        if r.ndim == res.ndim - 1:
            r = jnp.expand_dims(r, ax)
        elif r.ndim != res.ndim:
            fail("apply_over_axes", "function is not returning an array of the correct shape")
        res = r
    return Tensor._from(res)


__all__ = public(globals(), __name__)
