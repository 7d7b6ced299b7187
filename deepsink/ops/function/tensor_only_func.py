"""Ops that MindSpore 2.10 offers as Tensor methods (and ``mint`` functions) but not as
``mindspore.ops`` functions: ``allclose``, ``kthvalue``, ``triangular_solve``, ``ptp``,
``sum_to_size``, ``index_copy``, ``new_empty``, ``bernoulli`` (of a probability tensor),
``uniform`` (a new tensor of the input's shape). ``deepsink.ops.tensor_methods`` and
``deepsink.mint`` call them; they are not in ``ops``' namespace, as they are not in 2.10's.
"""

from __future__ import annotations

import builtins
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import array_func as A
from deepsink.ops.function import math_func as M
from deepsink.ops.function.inplace_func import _key


def allclose(
    input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether every element of ``input`` is close to ``other`` (``ops.isclose``): a Python
    bool."""
    return builtins.bool(M.all(M.isclose(input, other, rtol, atol, equal_nan)))


def kthvalue(input: Any, k: int, dim: int = -1, keepdim: bool = False) -> tuple[Tensor, Tensor]:
    """The ``k``-th smallest values along ``dim`` and their Int64 indices (a stable sort):
    ``(values, indices)``."""
    a = U.array(input, "kthvalue")
    for v, name in ((k, "k"), (dim, "dim")):
        if isinstance(v, bool) or not isinstance(v, int):
            U.fail("kthvalue", f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
    if not isinstance(keepdim, bool):
        U.fail("kthvalue", f"'keepdim' must be a bool, but got {type(keepdim).__name__}", TypeError)
    if a.size == 0:
        U.fail("kthvalue", "'input' must not be empty")
    ax = U.axis(dim, builtins.max(a.ndim, 1), "kthvalue", "dim")
    n = a.shape[ax] if a.ndim else 1
    if not 1 <= k <= n:
        U.fail("kthvalue", f"'k' must be in [1, {n}], but got {k}", RuntimeError)
    if a.ndim == 0:
        return Tensor._from(a), Tensor._from(jnp.zeros((), jnp.int64))
    v, i = (A.narrow(t, ax, k - 1, 1) for t in A.sort(Tensor._from(a), ax))
    if not keepdim:
        v, i = A.squeeze(v, ax), A.squeeze(i, ax)
    return v, A.cast(i, mstype.int64)


def triangular_solve(
    b: Any,
    A: Any,  # noqa: N803 - MindSpore's name
    upper: bool = True,
    transpose: bool = False,
    unitriangular: bool = False,
) -> tuple[Tensor, Tensor]:
    """Solves ``A X = b`` for a triangular ``A`` (batched); returns ``(X, A)``."""
    bb, aa = U.array(b, "triangular_solve", "b"), U.array(A, "triangular_solve", "A")
    for v, name in ((upper, "upper"), (transpose, "transpose"), (unitriangular, "unitriangular")):
        if not isinstance(v, bool):
            U.fail(
                "triangular_solve",
                f"'{name}' must be a bool, but got {type(v).__name__}",
                TypeError,
            )
    if aa.ndim < 2 or aa.shape[-1] != aa.shape[-2] or bb.ndim < 2 or bb.shape[-2] != aa.shape[-1]:
        U.fail(
            "triangular_solve",
            f"'A' must be square matrices of the rows of 'b', but got shapes {list(aa.shape)} "
            f"and {list(bb.shape)}",
        )
    x = jax.scipy.linalg.solve_triangular(
        aa, bb, trans=1 if transpose else 0, lower=not upper, unit_diagonal=unitriangular
    )
    return Tensor._from(x), Tensor._from(aa)


def ptp(input: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    """The range (maximum minus minimum) over ``axis`` (None: all axes; an int or a tuple of
    ints, not a list, as 2.10 checks)."""
    a = U.array(input, "ptp")
    if not isinstance(keepdims, bool):
        U.fail("ptp", f"'keepdims' must be a bool, but got {type(keepdims).__name__}", TypeError)
    if not (
        axis is None
        or (isinstance(axis, int) and not isinstance(axis, bool))
        or (isinstance(axis, tuple) and all(isinstance(i, int) for i in axis))
    ):
        U.fail(
            "ptp", f"'axis' must be None, an int or a tuple of ints, but got {axis!r}", TypeError
        )
    axes = U.axes(axis, a.ndim, "ptp")
    return M.sub(M.amax(input, axes, keepdims), M.amin(input, axes, keepdims))


def sum_to_size(input: Any, *size: Any) -> Tensor:
    """``input`` summed to ``size`` (leading axes it lacks and axes of size 1 are summed):
    ``x.sum_to_size(1, 3)`` or ``x.sum_to_size((1, 3))``."""
    a = U.array(input, "sum_to_size")
    if len(size) == 1 and isinstance(size[0], tuple):
        size = size[0]
    shape = tuple(a.shape)
    bad = f"For sum_to_size, size {size} is not expandable to the tensor size {shape}."
    if len(size) > a.ndim:
        raise ValueError(bad)
    lead = a.ndim - len(size)
    axes = list(range(lead))
    for i, n in enumerate(size):
        if n != shape[i + lead]:
            if n != 1:
                raise ValueError(bad)
            axes.append(i + lead)
    if not axes:
        return input if isinstance(input, Tensor) else Tensor._from(a)
    return A.reshape(M.sum(input, tuple(axes), keepdim=True), tuple(size))


def index_copy(input: Any, dim: int, index: Any, tensor: Any) -> Tensor:
    """``input`` with the slices of ``tensor`` written at ``index`` along ``dim``."""
    a = U.array(input, "index_copy")
    idx = U.array(index, "index_copy", "index")
    src = U.array(tensor, "index_copy", "tensor")
    if not jnp.issubdtype(idx.dtype, jnp.integer) or idx.ndim > 1:
        U.fail(
            "index_copy",
            f"'index' must be a 0-D or 1-D integer Tensor, but got {idx.dtype} of rank {idx.ndim}",
            TypeError,
        )
    if src.dtype != a.dtype:
        U.fail(
            "index_copy",
            f"'tensor' must have the dtype of 'input' ({a.dtype}), but got {src.dtype}",
            TypeError,
        )
    ax = U.axis(dim, builtins.max(a.ndim, 1), "index_copy", "dim")
    idx = idx.reshape(-1)
    want = (*a.shape[:ax], idx.size, *a.shape[ax + 1 :]) if a.ndim else (idx.size,)
    if tuple(src.shape) != want:
        U.fail(
            "index_copy",
            f"'tensor' must have shape {list(want)}, but got {list(src.shape)}",
        )
    n = a.shape[ax] if a.ndim else 1
    if (
        not isinstance(idx, jax.core.Tracer)
        and idx.size
        and (int(jnp.max(idx)) >= n or int(jnp.min(idx)) < -n)
    ):
        U.fail("index_copy", f"'index' must be in [-{n}, {n}), but got {idx.tolist()}", IndexError)
    if a.ndim == 0:
        return Tensor._from(src.reshape(()))
    at = (slice(None),) * ax + (jnp.where(idx < 0, idx + n, idx),)
    return Tensor._from(a.at[at].set(src))


def new_empty(input: Any, size: Any, *, dtype: Any = None, device: Any = None) -> Tensor:
    """A Tensor of shape ``size`` and ``input``'s dtype (or ``dtype``); its values are not
    specified (deepsink gives zeros). ``device``: ``"CPU"``/``"cpu"``, or ``"Ascend"``/``"npu"``
    for the accelerator deepsink runs on."""
    a = U.array(input, "new_empty")
    if isinstance(size, int) and not isinstance(size, bool):
        size = (size,)
    if not isinstance(size, tuple | list) or not builtins.all(
        isinstance(n, int) and not isinstance(n, bool) for n in size
    ):
        U.fail(
            "new_empty",
            f"'size' must be an int or a tuple or list of ints, but got {size!r}",
            TypeError,
        )
    if device not in (None, "CPU", "cpu", "Ascend", "npu"):
        U.fail(
            "new_empty",
            f"'device' must be None, 'Ascend', 'npu', 'cpu' or 'CPU', but got {device!r}",
        )
    dt = a.dtype if dtype is None else U.dtype(dtype, "new_empty")
    out = jnp.zeros(tuple(size), dt)
    if device in ("CPU", "cpu"):
        out = jax.device_put(out, jax.devices("cpu")[0])
    return Tensor._from(out)


def bernoulli(input: Any, *, generator: Any = None) -> Tensor:
    """0/1 samples, each 1 with the probability ``input`` holds (``input``'s dtype)."""
    p = U.array(input, "bernoulli")
    return Tensor._from(jax.random.bernoulli(_key(generator, "bernoulli"), p).astype(p.dtype))


def uniform(input: Any, from_: Any = 0.0, to: Any = 1.0, generator: Any = None) -> Tensor:
    """A new Tensor of ``input``'s shape and dtype, drawn uniformly from ``[from_, to)``."""
    a = U.array(input, "uniform")
    if from_ > to:
        U.fail("uniform", f"'from_' ({from_}) must not be larger than 'to' ({to})", TypeError)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail("uniform", f"'input' must be a float Tensor, but got {a.dtype}", TypeError)
    r = jax.random.uniform(_key(generator, "uniform"), a.shape, jnp.float32, from_, to)
    return Tensor._from(r.astype(a.dtype))


def unique(
    input: Any,
    sorted: bool = True,  # noqa: A002 - MindSpore's name
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: Any = None,
) -> Any:
    """The distinct elements of ``input`` (``dim`` None: of the flattened tensor; else the
    distinct slices along ``dim``), ascending when ``sorted``, else in order of first
    appearance; with ``return_inverse`` also each element's (slice's) Int64 position in them,
    with ``return_counts`` the Int64 number of each. A Tensor, or a tuple when either is asked.

    The output's length depends on the values, so this runs on concrete data (not inside a
    compiled function)."""
    a = U.array(input, "unique")
    for v, name in (
        (sorted, "sorted"),
        (return_inverse, "return_inverse"),
        (return_counts, "return_counts"),
    ):
        if not isinstance(v, bool):
            U.fail("unique", f"'{name}' must be a bool, but got {type(v).__name__}", TypeError)
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        U.fail("unique", f"'dim' must be None or an int, but got {dim!r}", TypeError)
    x = U.host_values(a, "unique", "input")
    if dim is None:
        rows, inverse_shape = x.reshape(-1), x.shape
        ax = None
    else:
        ax = U.axis(dim, builtins.max(x.ndim, 1), "unique", "dim")
        rows, inverse_shape = np.moveaxis(x, ax, 0), (x.shape[ax],)
    values, first, inverse, counts = np.unique(
        rows,
        return_index=True,
        return_inverse=True,
        return_counts=True,
        axis=None if ax is None else 0,
    )
    if not sorted:
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        values, counts, inverse = values[order], counts[order], rank[inverse.reshape(-1)]
    if ax is not None:
        values = np.moveaxis(values, 0, ax)
    out = [Tensor._from(jnp.asarray(values, a.dtype))]
    if return_inverse:
        out.append(Tensor._from(jnp.asarray(inverse.reshape(inverse_shape).astype(np.int64))))
    if return_counts:
        out.append(Tensor._from(jnp.asarray(counts.astype(np.int64))))
    return out[0] if len(out) == 1 else tuple(out)


def select_index(input: Any, dim: int, index: int) -> Tensor:
    """The slice ``index`` of axis ``dim`` of ``input``, that axis removed
    (``Tensor.select(dim, index)``)."""
    a = U.array(input, "select")
    for v, name in ((dim, "dim"), (index, "index")):
        if isinstance(v, bool) or not isinstance(v, int):
            U.fail("select", f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
    ax = U.axis(dim, a.ndim, "select", "dim")
    n = a.shape[ax]
    if not -n <= index < n:
        U.fail(
            "select",
            f"'index' must be in [{-n}, {n}) for axis {dim} of size {n}, but got {index}",
        )
    return Tensor._from(jnp.take(a, index % n, axis=ax))


def view_dtype(input: Any, dtype: Any) -> Tensor:
    """The bytes of ``input`` read as ``dtype`` (``Tensor.view(dtype)``): the last axis
    scales by the ratio of the item sizes (it must divide evenly when ``dtype`` is wider)."""
    a = U.array(input, "view")
    dt = U.dtype(dtype, "view", "dtype")
    src, dst = a.dtype.itemsize, np.dtype(dt).itemsize
    if src == dst:
        return Tensor._from(jax.lax.bitcast_convert_type(a, dt))
    if a.ndim == 0 or (dst > src and a.shape[-1] % (dst // src)):
        U.fail(
            "view",
            f"a Tensor of shape {list(a.shape)} and dtype {mstype.from_np(a.dtype)} cannot be "
            f"viewed as {dtype}: its last axis must hold a whole number of {dtype} items",
        )
    if dst < src:
        out = jax.lax.bitcast_convert_type(a, dt)  # (..., n, src // dst)
        return Tensor._from(out.reshape(*a.shape[:-1], a.shape[-1] * (src // dst)))
    grouped = a.reshape(*a.shape[:-1], a.shape[-1] // (dst // src), dst // src)
    return Tensor._from(jax.lax.bitcast_convert_type(grouped, dt))
