"""MindSpore primitive classes whose computation lives with them: the Bessel functions, the
Householder QR factors, segment reductions, colour conversions, data-format maps, scatters,
norms, samplers and the primitive twins of functional ops (``P.LogSpace``, ``P.InTopK``,
``P.UniqueWithPad``, ...).

Each is a row of a table (name, constructor arguments with MindSpore's defaults, how a call maps
its inputs and those attributes onto a computation), as in ``bridge_ops``: where ``ops`` has
the functional form, the primitive calls it; the computations only primitives have live here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import declare
from deepsink.ops._table_primitive import plain as _plain
from deepsink.ops.function import array_ext_func as AX
from deepsink.ops.function import array_func as A
from deepsink.ops.function import bessel_func as BS
from deepsink.ops.function import candidate_sampler_func as CS
from deepsink.ops.function import color_func as CL
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import linalg_func as LA
from deepsink.ops.function import math_alias_func as AL
from deepsink.ops.function import math_func as M
from deepsink.ops.function import qr_func as QR
from deepsink.ops.function import random_func as RND
from deepsink.ops.function import scatter_func as SC
from deepsink.ops.function import stft_func as ST
from deepsink.ops.function import truncated_normal_func as TN


def _doc(summary: str, args: str, inputs: str, outputs: str, raises: str, example: str) -> str:
    """A MindSpore-structured docstring from its parts (each part's lines indented by 8)."""
    return (
        f"{summary}\n\n    Args:\n{args or '        None.'}\n\n    Inputs:\n{inputs}\n\n"
        f"    Outputs:\n{outputs}\n\n    Raises:\n{raises}\n\n    Examples:\n"
        "        >>> import deepsink as ms\n        >>> from deepsink import ops\n"
        f"        >>> from deepsink.ops import operations as P\n{example}\n"
    )


def _ex(*lines: str) -> str:
    return "\n".join(f"        {ln}" for ln in lines)


def _tensor(x: Any, api: str, arg: str) -> jax.Array:
    if not isinstance(x, Tensor):
        U.fail(api, f"'{arg}' must be a Tensor, but got {type(x).__name__}", TypeError)
    return x._data


# ---- computations only the primitives have ----------------------------------------------


def _segment(kind: str) -> Callable:
    fns = {
        "Sum": jax.ops.segment_sum,
        "Max": jax.ops.segment_max,
        "Min": jax.ops.segment_min,
        "Prod": jax.ops.segment_prod,
        "Mean": jax.ops.segment_sum,
    }
    api = f"Segment{kind}"

    def call(s: Any, x: Any, segment_ids: Any) -> Tensor:
        a = _tensor(x, api, "input_x")
        ids = np.asarray(_tensor(segment_ids, api, "segment_ids"))
        if ids.dtype.kind not in "iu" or ids.ndim != 1 or a.ndim < 1 or ids.shape[0] != a.shape[0]:
            U.fail(
                api,
                f"'segment_ids' must be a 1-D integer Tensor of length {a.shape[:1]}, but "
                f"got {ids.dtype} shape {list(ids.shape)}",
            )
        if ids.size and (np.any(np.diff(ids) < 0) or ids[0] < 0):
            U.fail(api, "'segment_ids' must be non-negative and sorted in ascending order")
        n = int(ids[-1]) + 1 if ids.size else 0
        out = fns[kind](a, jnp.asarray(ids), num_segments=n)
        count = jax.ops.segment_sum(jnp.ones(ids.shape, a.dtype), jnp.asarray(ids), n)
        present = (count > 0).reshape((n,) + (1,) * (a.ndim - 1))
        if kind == "Mean":
            out = out / jnp.where(present, count.reshape(present.shape), 1)
        if kind in ("Max", "Min"):
            out = jnp.where(present, out, jnp.zeros((), a.dtype))
        return Tensor._from(out.astype(a.dtype))

    return call


def _euclidean_norm(s: Any, x: Any, axes: Any) -> Tensor:
    a = (
        U.floating(_tensor(x, "EuclideanNorm", "x"))
        if not jnp.issubdtype(_tensor(x, "EuclideanNorm", "x").dtype, jnp.integer)
        else x._data
    )
    ax = np.asarray(axes._data if isinstance(axes, Tensor) else axes).reshape(-1).tolist()
    ax = U.axes(tuple(int(v) for v in ax), a.ndim, "EuclideanNorm", "axes")
    r = jnp.sqrt(
        jnp.sum(
            jnp.square(a.astype(jnp.float64 if a.dtype == jnp.float64 else jnp.float32)),
            axis=ax,
            keepdims=s.keep_dims,
        )
    )
    return Tensor._from(r.astype(a.dtype))


def _lp_norm(s: Any, x: Any) -> Tensor:
    a = U.floating(_tensor(x, "LpNorm", "input"))
    ax = U.axes(s.axis if isinstance(s.axis, int) else tuple(s.axis), a.ndim, "LpNorm")
    p = s.p
    if p == 0:
        r = jnp.sum((a != 0).astype(a.dtype), axis=ax, keepdims=s.keep_dims)
    elif p == float("inf"):
        r = jnp.max(jnp.abs(a), axis=ax, keepdims=s.keep_dims)
    else:
        r = jnp.sum(jnp.abs(a) ** p, axis=ax, keepdims=s.keep_dims) ** (1.0 / p)
    return Tensor._from(r.astype(a.dtype))


def _nuclear_norm(s: Any, x: Any) -> Tensor:
    a = U.floating(_tensor(x, "NuclearNorm", "x"))
    dim = (-2, -1) if s.dim is None else tuple(s.dim)
    if len(dim) != 2:
        U.fail("NuclearNorm", f"'dim' must name two axes, but got {s.dim}")
    d0, d1 = (U.axis(d, a.ndim, "NuclearNorm", "dim") for d in dim)
    m = jnp.moveaxis(a, (d0, d1), (-2, -1))
    r = jnp.sum(jnp.linalg.svd(m, compute_uv=False), axis=-1)
    if s.keepdim:
        r = jnp.expand_dims(r, tuple(sorted((d0, d1))))
    return Tensor._from(r.astype(a.dtype))


def _least_squares(api: str, matrix: Any, rhs: Any, l2: float) -> Tensor:
    m = _tensor(matrix, api, "matrix")
    b = _tensor(rhs, api, "rhs")
    if (
        m.ndim < 2
        or b.ndim not in (m.ndim - 1, m.ndim)
        or m.shape[-2] != b.shape[-2 if b.ndim == m.ndim else -1]
    ):
        U.fail(api, f"the shapes of 'matrix' {list(m.shape)} and 'rhs' {list(b.shape)} do not fit")
    vec = b.ndim == m.ndim - 1
    bb = b[..., None] if vec else b
    if l2 == 0:
        mt = jnp.swapaxes(m, -1, -2).conj()
        w = jnp.linalg.pinv(m) @ bb if m.ndim == 2 else jnp.linalg.pinv(m) @ bb
        del mt
    else:
        mt = jnp.swapaxes(m, -1, -2).conj()
        eye = jnp.eye(m.shape[-1], dtype=m.dtype)
        w = jnp.linalg.solve(mt @ m + l2 * eye, mt @ bb)
    return Tensor._from((w[..., 0] if vec else w).astype(m.dtype))


def _tridiagonal_matmul(s: Any, sup: Any, main: Any, sub: Any, rhs: Any) -> Tensor:
    api = "TridiagonalMatMul"
    u, d, lo, r = (
        _tensor(v, api, n)
        for v, n in ((sup, "superdiag"), (main, "maindiag"), (sub, "subdiag"), (rhs, "rhs"))
    )
    if r.ndim < 2 or not (u.shape == d.shape == lo.shape) or u.shape[-1] != r.shape[-2]:
        U.fail(
            api,
            f"the diagonals must share a shape (..., 1, m) and 'rhs' be (..., m, n), but "
            f"got {list(u.shape)}, {list(d.shape)}, {list(lo.shape)}, {list(r.shape)}",
        )
    col = lambda v: jnp.swapaxes(
        v.reshape(v.shape[:-2] + (1, v.shape[-1])) if v.ndim >= 2 else v[None], -1, -2
    )  # noqa: E731 - (…, m, 1)
    zero = jnp.zeros_like(r[..., :1, :])
    above = jnp.concatenate([r[..., 1:, :], zero], axis=-2)
    below = jnp.concatenate([zero, r[..., :-1, :]], axis=-2)
    return Tensor._from(col(u) * above + col(d) * r + col(lo) * below)


def _check_numerics(s: Any, x: Any) -> Tensor:
    a = _tensor(x, "CheckNumerics", "x")
    if a.dtype not in (jnp.float16, jnp.float32, jnp.float64):
        U.fail(
            "CheckNumerics",
            f"the input argument 'x' must be a Tensor of float16, float32 or "
            f"float64, but got {x.dtype}",
            TypeError,
        )

    def check(v: np.ndarray) -> None:
        if np.isnan(v).any():
            raise RuntimeError("For 'CheckNumerics', Tensor had NaN values")
        if np.isinf(v).any():
            raise RuntimeError("For 'CheckNumerics', Tensor had Inf values")

    if isinstance(a, jax.core.Tracer):
        jax.debug.callback(check, a)
    else:
        check(np.asarray(a))
    return x


def _nth_element(s: Any, x: Any, n: Any) -> Tensor:
    a = _tensor(x, "NthElement", "input")
    k = int(np.asarray(n._data if isinstance(n, Tensor) else n))
    if a.ndim < 1 or not 0 <= k < a.shape[-1]:
        U.fail("NthElement", f"'n' must be in [0, {a.shape[-1] if a.ndim else 0}), but got {k}")
    srt = jnp.sort(a, axis=-1)
    return Tensor._from(srt[..., -1 - k] if s.reverse else srt[..., k])


def _equal_count(s: Any, x: Any, y: Any) -> Tensor:
    a, b = _tensor(x, "EqualCount", "x"), _tensor(y, "EqualCount", "y")
    if a.shape != b.shape or a.dtype != b.dtype:
        U.fail(
            "EqualCount",
            f"'x' and 'y' must share shape and dtype, but got {a.dtype}"
            f"{list(a.shape)} and {b.dtype}{list(b.shape)}",
            TypeError,
        )
    return Tensor._from(jnp.sum(a == b).astype(a.dtype).reshape(1))


def _format(src: str, dst: str, api: str) -> None:
    if sorted(src) != sorted(dst) or len(set(src)) != len(src) or len(src) != 4:
        U.fail(
            api,
            f"'src_format' and 'dst_format' must be permutations of one 4-letter format, "
            f"but got '{src}' and '{dst}'",
        )


def _vec_permute(s: Any, x: Any) -> Tensor:
    _format(s.src_format, s.dst_format, "DataFormatVecPermute")
    a = _tensor(x, "DataFormatVecPermute", "x")
    if a.shape not in ((4,), (4, 2), (2,), (2, 2)):
        U.fail(
            "DataFormatVecPermute",
            f"'x' must have shape (4,), (4, 2), (2,) or (2, 2), but got {list(a.shape)}",
        )
    src, dst = s.src_format, s.dst_format
    if a.shape[0] == 2:  # only the spatial letters
        src, dst = (f.replace("N", "").replace("C", "") for f in (src, dst))
    return Tensor._from(a[jnp.asarray([src.index(c) for c in dst])])


def _fill_diagonal(s: Any, x: Any) -> Tensor:
    a = _tensor(x, "FillDiagonal", "input_x")
    if a.ndim < 2 or (a.ndim > 2 and len(set(a.shape)) != 1):
        U.fail(
            "FillDiagonal",
            f"'input_x' must be at least 2-D, with all sizes equal above 2-D, "
            f"but got shape {list(a.shape)}",
        )
    if a.ndim == 2:
        step = a.shape[1] + 1
        end = a.size if s.wrap else min(a.shape[1] * a.shape[1], a.size)
    else:
        step = int(sum(np.cumprod((1,) + a.shape[:-1])))
        end = a.size
    flat = a.reshape(-1).at[jnp.arange(0, end, step)].set(jnp.asarray(s.fill_value, a.dtype))
    return Tensor._from(flat.reshape(a.shape))


def _masked_scatter(s: Any, x: Any, mask: Any, updates: Any) -> Tensor:
    a = _tensor(x, "MaskedScatter", "x")
    m = _tensor(mask, "MaskedScatter", "mask")
    u = _tensor(updates, "MaskedScatter", "updates")
    if m.dtype != jnp.bool_:
        U.fail("MaskedScatter", f"'mask' must be a bool Tensor, but got {mask.dtype}", TypeError)
    if u.dtype != a.dtype:
        U.fail(
            "MaskedScatter",
            f"'updates' must have the dtype of 'x' ({x.dtype}), but got {updates.dtype}",
            TypeError,
        )
    m = jnp.broadcast_to(m, a.shape)
    pos = jnp.cumsum(m.reshape(-1)) - 1
    if not isinstance(m, jax.core.Tracer) and int(jnp.sum(m)) > u.size:
        U.fail(
            "MaskedScatter",
            f"'updates' has {u.size} elements, fewer than the {int(jnp.sum(m))}"
            " True values of 'mask'",
        )
    vals = u.reshape(-1)[jnp.clip(pos, 0, max(u.size - 1, 0))]
    return Tensor._from(jnp.where(m.reshape(-1), vals, a.reshape(-1)).reshape(a.shape))


def _index_put(s: Any, x1: Any, x2: Any, indices: Any) -> Tensor:
    a = _tensor(x1, "IndexPut", "x1")
    v = _tensor(x2, "IndexPut", "x2")
    if s.accumulate not in (0, 1):
        U.fail("IndexPut", f"'accumulate' must be 0 or 1, but got {s.accumulate}")
    if not isinstance(indices, tuple | list) or not indices or len(indices) > a.ndim:
        U.fail(
            "IndexPut",
            f"'indices' must be a non-empty tuple or list of at most {a.ndim} Tensors",
            TypeError,
        )
    idx = tuple(_tensor(i, "IndexPut", "indices") for i in indices)
    if v.dtype != a.dtype:
        U.fail(
            "IndexPut",
            f"'x2' must have the dtype of 'x1' ({x1.dtype}), but got {x2.dtype}",
            TypeError,
        )
    ref = a.at[idx]
    return Tensor._from(ref.add(v) if s.accumulate else ref.set(v))


def _histogram_fixed_width(s: Any, x: Any, rng: Any) -> Tensor:
    a = _tensor(x, "HistogramFixedWidth", "x")
    r = _tensor(rng, "HistogramFixedWidth", "range")
    if s.nbins < 1:
        U.fail("HistogramFixedWidth", f"'nbins' must be at least 1, but got {s.nbins}")
    if r.shape != (2,):
        U.fail("HistogramFixedWidth", f"'range' must have shape (2,), but got {list(r.shape)}")
    if s.dtype != "int32":
        U.fail("HistogramFixedWidth", f"'dtype' must be 'int32', but got {s.dtype!r}", TypeError)
    lo, hi = r[0].astype(jnp.float64), r[1].astype(jnp.float64)
    b = jnp.floor((a.astype(jnp.float64).reshape(-1) - lo) / (hi - lo) * s.nbins)
    b = jnp.clip(b, 0, s.nbins - 1).astype(jnp.int32)
    return Tensor._from(jnp.bincount(b, length=s.nbins).astype(jnp.int32))


def _list_diff(s: Any, x: Any, y: Any) -> tuple:
    a = np.asarray(_tensor(x, "ListDiff", "x"))
    b = np.asarray(_tensor(y, "ListDiff", "y"))
    if a.ndim != 1 or b.ndim != 1:
        U.fail("ListDiff", f"'x' and 'y' must be 1-D, but got {a.ndim}-D and {b.ndim}-D")
    keep = ~np.isin(a, b)
    idx = U.dtype(s.out_idx, "ListDiff", "out_idx")
    return Tensor(a[keep]), Tensor._from(jnp.asarray(np.nonzero(keep)[0], idx))


def _bincount(s: Any, array: Any, size: Any, weights: Any) -> Tensor:
    a = _tensor(array, "Bincount", "array")
    n = int(np.asarray(_tensor(size, "Bincount", "size")))
    w = _tensor(weights, "Bincount", "weights")
    if a.dtype != jnp.int32:
        U.fail("Bincount", f"'array' must be int32, but got {array.dtype}", TypeError)
    if n < 0:
        U.fail("Bincount", f"'size' must be non-negative, but got {n}")
    inside = (a >= 0) & (a < n)
    wt = jnp.where(inside, w if w.size else jnp.ones(a.shape, jnp.float32), 0)
    return Tensor._from(
        jnp.bincount(jnp.where(inside, a, 0).reshape(-1), wt.reshape(-1), length=n).astype(wt.dtype)
    )


def _seeded(s: Any) -> int | None:
    if s.seed == 0 and s.seed2 == 0:
        return None
    return int(s.seed) * 1000003 + int(s.seed2)


def _non_deterministic_ints(s: Any, shape: Any) -> Tensor:
    shp = U.shape(
        np.asarray(_tensor(shape, "NonDeterministicInts", "shape")).tolist(), "NonDeterministicInts"
    )
    dt = U.dtype(s.dtype, "NonDeterministicInts")
    if dt not in (np.int32, np.int64, np.uint32, np.uint64):
        U.fail(
            "NonDeterministicInts",
            f"'dtype' must be int32, int64, uint32 or uint64, but got {s.dtype}",
            TypeError,
        )
    bits = jax.random.bits(RND._key(None), shp, jnp.uint64 if dt.itemsize == 8 else jnp.uint32)
    return Tensor._from(jax.lax.bitcast_convert_type(bits, dt))


def _cauchy(s: Any) -> Tensor:
    shp = U.shape(list(s.size), "Cauchy", "size")
    z = jax.random.cauchy(RND._key(None), shp, jnp.float32)
    return Tensor._from(z * s.sigma + s.median)


def _log_normal_reverse(s: Any, x: Any) -> Tensor:
    a = _tensor(x, "LogNormalReverse", "input")
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(
            "LogNormalReverse", f"'input' must be float16 or float32, but got {x.dtype}", TypeError
        )
    z = jax.random.normal(RND._key(None), a.shape, jnp.float32)
    return Tensor._from(jnp.exp(z * s.std + s.mean).astype(a.dtype))


def _bernoulli(s: Any, x: Any, p: Any) -> Tensor:
    # MindSpore's kernel reads the seed only: it starts its Philox stream at offset 0 whatever
    # ``offset`` says
    return RND.bernoulli(x, p, None if s.seed == -1 else int(s.seed))


def _b2s(s: Any, x: Any) -> Tensor:
    b = s.block_size
    return AX.batch_to_space_nd(x, (b, b), [list(c) for c in s.crops])


def _s2b(s: Any, x: Any) -> Tensor:
    b = s.block_size
    return AX.space_to_batch_nd(x, (b, b), [list(p) for p in s.paddings])


def _b2s_v2(s: Any, x: Any, block_shape: Any, crops: Any) -> Tensor:
    bs = np.asarray(_tensor(block_shape, "BatchToSpaceNDV2", "block_shape")).tolist()
    cr = np.asarray(_tensor(crops, "BatchToSpaceNDV2", "crops")).tolist()
    return AX.batch_to_space_nd(x, tuple(bs), cr)


def _inplace_update_v2(s: Any, x: Any, indices: Any, v: Any) -> Tensor:
    idx = (
        indices
        if isinstance(indices, int)
        else tuple(
            int(i) for i in np.asarray(_tensor(indices, "InplaceUpdateV2", "indices")).reshape(-1)
        )
    )
    return AX.inplace_update(x, v, idx)


def _scalar(x: Any, dtype: Any) -> Tensor:
    """A 0-D Tensor of a Python number (``dtype`` None: Int64 for ints, Float32 for floats)."""
    if not isinstance(x, int | float | bool):
        U.fail(
            "ScalarToTensor", f"'input_x' must be a number, but got {type(x).__name__}", TypeError
        )
    return Tensor(x, dtype) if dtype is not None else Tensor(x)


def _rgb(fn: Callable, api: str, rank: int | None = None) -> Callable:
    return lambda s, x: Tensor._from(fn(CL.image(x, api, "x", rank)))


def _adjust(fn: Callable, api: str, arg: str) -> Callable:
    def call(s: Any, images: Any, factor: Any) -> Tensor:
        a = CL.image(images, api)
        f = _tensor(factor, api, arg)
        if f.ndim != 0:
            U.fail(api, f"'{arg}' must be a 0-D Tensor, but got shape {list(f.shape)}")
        return Tensor._from(fn(a, f.astype(a.dtype)))

    return call


def _compare_and_bitpack(s: Any, x: Any, threshold: Any) -> Tensor:
    a = _tensor(x, "CompareAndBitpack", "x")
    t = _tensor(threshold, "CompareAndBitpack", "threshold")
    if a.dtype not in (
        jnp.bool_,
        jnp.float16,
        jnp.float32,
        jnp.float64,
        jnp.int8,
        jnp.int16,
        jnp.int32,
        jnp.int64,
    ):
        U.fail(
            "CompareAndBitpack",
            f"'x' must be bool, float or int8..int64, but got {x.dtype}",
            TypeError,
        )
    if t.dtype != a.dtype:
        U.fail(
            "CompareAndBitpack",
            f"'threshold' must have the dtype of 'x' ({x.dtype}), but got {threshold.dtype}",
            TypeError,
        )
    if t.ndim != 0 or a.ndim == 0 or a.shape[-1] % 8:
        U.fail(
            "CompareAndBitpack",
            f"'threshold' must be 0-D and 'x' at least 1-D with a last "
            f"axis divisible by 8, but got shapes {list(t.shape)} and {list(a.shape)}",
        )
    return Tensor._from(jnp.packbits(a > t, axis=-1))


def _confusion_matrix(s: Any, labels: Any, predictions: Any, weights: Any = None) -> Tensor:
    lab = _tensor(labels, "ConfusionMatrix", "labels")
    pred = _tensor(predictions, "ConfusionMatrix", "predictions")
    if lab.ndim != 1 or pred.shape != lab.shape:
        U.fail(
            "ConfusionMatrix",
            f"'labels' and 'predictions' must be 1-D of one shape, but got "
            f"{list(lab.shape)} and {list(pred.shape)}",
        )
    dt = U.dtype(
        getattr(mstype, s.dtype) if isinstance(s.dtype, str) else s.dtype, "ConfusionMatrix"
    )
    w = (
        jnp.ones(lab.shape, dt)
        if weights is None
        else _tensor(weights, "ConfusionMatrix", "weights").astype(dt)
    )
    n = s.num_classes
    return Tensor._from(jnp.zeros((n, n), dt).at[lab, pred].add(w, mode="drop"))


def _assert(s: Any, condition: Any, input_data: Any) -> None:
    c = np.asarray(condition._data if isinstance(condition, Tensor) else condition)
    if c.dtype != np.bool_ or c.size != 1:
        U.fail(
            "Assert",
            f"'condition' must be a single bool, but got {c.dtype} of size {c.size}",
            TypeError,
        )
    if not bool(c.reshape(())):
        shown = ", ".join(
            str(np.asarray(t._data if isinstance(t, Tensor) else t).reshape(-1)[: s.summarize])
            for t in input_data
        )
        raise RuntimeError(f"For 'Assert', the condition is False: {shown}")


def _ragged_range(s: Any, starts: Any, limits: Any, deltas: Any) -> tuple:
    st, li, de = (
        np.asarray(_tensor(v, "RaggedRange", n))
        for v, n in ((starts, "starts"), (limits, "limits"), (deltas, "deltas"))
    )
    st, li, de = np.broadcast_arrays(np.atleast_1d(st), np.atleast_1d(li), np.atleast_1d(de))
    if np.any(de == 0):
        U.fail("RaggedRange", "'deltas' must not contain 0")
    rows = [np.arange(a, b, d, dtype=st.dtype) for a, b, d in zip(st, li, de)]
    splits = np.concatenate([[0], np.cumsum([len(r) for r in rows])])
    sd = U.dtype(s.Tsplits, "RaggedRange", "Tsplits")
    return (
        Tensor._from(jnp.asarray(splits, sd)),
        Tensor._from(jnp.asarray(np.concatenate(rows) if rows else st[:0])),
    )


def _transpose_view(s: Any, x: Any, perm: Any) -> Tensor:
    a = _tensor(x, "TransposeView", "input")
    p = tuple(U.axis(int(v), a.ndim, "TransposeView", "perm") for v in perm)
    if sorted(p) != list(range(a.ndim)):
        U.fail(
            "TransposeView", f"'perm' must be a permutation of the {a.ndim} axes, but got {perm}"
        )
    return Tensor._from(jnp.transpose(a, p))


def _greedy_nms(
    api: str,
    overlap: np.ndarray,
    scores: np.ndarray,
    max_output_size: Any,
    threshold: tuple[str, Any],
    score_threshold: Any,
) -> Tensor:
    """TensorFlow's greedy non-max suppression over a precomputed overlap matrix: visit boxes by
    descending score (above ``score_threshold``), keep one unless it overlaps a kept one by more
    than ``threshold`` (its argument name and value), stop after ``max_output_size``."""
    max_out = int(_scalar_of(max_output_size, api, "max_output_size"))
    if max_out < 0:
        U.fail(api, f"'max_output_size' must be non-negative, but got {max_out}")
    limit = float(_scalar_of(threshold[1], api, threshold[0]))
    floor = float(_scalar_of(score_threshold, api, "score_threshold"))
    order = np.argsort(-scores, kind="stable")
    kept: list[int] = []
    for i in order:
        if len(kept) >= max_out or scores[i] <= floor:
            break
        if all(overlap[i, j] <= limit for j in kept):
            kept.append(int(i))
    return Tensor._from(jnp.asarray(np.asarray(kept, np.int32)))


def _scalar_of(v: Any, api: str, arg: str) -> float:
    a = np.asarray(_tensor(v, api, arg))
    if a.size != 1:
        U.fail(api, f"'{arg}' must be a scalar Tensor, but got shape {list(a.shape)}")
    return a.reshape(()).item()


def _nms_v3(
    s: Any, boxes: Any, scores: Any, max_output_size: Any, iou_threshold: Any, score_threshold: Any
) -> Tensor:
    api = "NonMaxSuppressionV3"
    b = np.asarray(_tensor(boxes, api, "boxes"), np.float64)
    sc = np.asarray(_tensor(scores, api, "scores"), np.float64)
    if b.ndim != 2 or b.shape[1] != 4 or sc.shape != (b.shape[0],):
        U.fail(
            api,
            f"'boxes' must be (N, 4) and 'scores' (N,), but got {list(b.shape)} and "
            f"{list(sc.shape)}",
        )
    y1, y2 = np.minimum(b[:, 0], b[:, 2]), np.maximum(b[:, 0], b[:, 2])
    x1, x2 = np.minimum(b[:, 1], b[:, 3]), np.maximum(b[:, 1], b[:, 3])
    area = (y2 - y1) * (x2 - x1)
    ih = np.clip(np.minimum(y2[:, None], y2) - np.maximum(y1[:, None], y1), 0, None)
    iw = np.clip(np.minimum(x2[:, None], x2) - np.maximum(x1[:, None], x1), 0, None)
    inter = ih * iw
    union = area[:, None] + area[None, :] - inter
    iou = np.where(union > 0, inter / np.where(union > 0, union, 1), 0.0)
    thr = ("iou_threshold", iou_threshold)
    return _greedy_nms(api, iou, sc, max_output_size, thr, score_threshold)


def _nms_overlaps(
    s: Any,
    overlaps: Any,
    scores: Any,
    max_output_size: Any,
    overlap_threshold: Any,
    score_threshold: Any,
) -> Tensor:
    api = "NonMaxSuppressionWithOverlaps"
    o = np.asarray(_tensor(overlaps, api, "overlaps"), np.float64)
    sc = np.asarray(_tensor(scores, api, "scores"), np.float64)
    if o.ndim != 2 or o.shape[0] != o.shape[1] or sc.shape != (o.shape[0],):
        U.fail(
            api,
            f"'overlaps' must be (N, N) and 'scores' (N,), but got {list(o.shape)} and "
            f"{list(sc.shape)}",
        )
    thr = ("overlap_threshold", overlap_threshold)
    return _greedy_nms(api, o, sc, max_output_size, thr, score_threshold)


def _parallel_concat(s: Any, values: Any) -> Tensor:
    if not isinstance(values, tuple | list) or not values:
        U.fail("ParallelConcat", "'values' must be a non-empty tuple or list of Tensors", TypeError)
    arrs = [_tensor(v, "ParallelConcat", "values") for v in values]
    first = arrs[0]
    for a in arrs:
        if a.ndim < 1 or a.shape[0] != 1 or a.shape != first.shape or a.dtype != first.dtype:
            U.fail(
                "ParallelConcat",
                f"each value must have shape (1, ...) and the shape and dtype"
                f" of the first ({first.dtype}{list(first.shape)}), but got "
                f"{a.dtype}{list(a.shape)}",
            )
    return Tensor._from(jnp.concatenate(arrs, axis=0))


# ---- the table ----------------------------------------------------------------------------

_F32 = "        >>> x = ms.Tensor([[0.5, -1.5, 2.0], [3.25, -0.75, 0.0]], ms.float32)"

_TABLE: list[tuple[str, Callable, tuple, str]] = []


def _row(name: str, call: Callable, params: tuple, doc: str) -> None:
    _TABLE.append((name, call, params, doc))


# what each example prints (the functions' values at 0.5, 1 and 2; the docstring test runs them):
# written out, since computing them here would start JAX's backend at import, before a
# distributed run's jax.distributed.initialize
_BESSEL_EXAMPLES = {
    "j0": "[0.9384698  0.7651977  0.22389078]",
    "j1": "[0.24226846 0.44005057 0.5767248 ]",
    "y0": "[-0.44451874  0.08825696  0.5103757 ]",
    "y1": "[-1.4714724  -0.7812128  -0.10703243]",
    "k0": "[0.92441905 0.42102444 0.11389387]",
    "k0e": "[1.5241094  1.1444631  0.84156823]",
    "k1": "[1.6564411  0.60190725 0.13986588]",
    "k1e": "[2.7310097 1.6361535 1.0334768]",
}
for _k, _out in _BESSEL_EXAMPLES.items():
    _name = "Bessel" + _k[0].upper() + _k[1:]
    _fn = getattr(BS, f"bessel_{_k}")
    _row(
        _name,
        _plain(_fn),
        (),
        _doc(
            f"Computes ``ops.bessel_{_k}`` elementwise (the same function, as a primitive).",
            "",
            "        - **x** (Tensor) - float16, float32 or float64.",
            "        Tensor of the shape and dtype of ``x``.",
            "        TypeError: If ``x`` is not a Tensor of float16, float32 or float64.",
            _ex(
                ">>> x = ms.Tensor([0.5, 1.0, 2.0], ms.float32)", f">>> print(P.{_name}()(x))", _out
            ),
        ),
    )

_row(
    "Geqrf",
    _plain(QR.geqrf),
    (),
    _doc(
        "Decomposes a matrix into Householder reflectors and their scales (``ops.geqrf``).",
        "",
        "        - **x** (Tensor) - ``(*, m, n)``, float32, float64, complex64 or complex128.",
        "        A tuple (y, tau), as ``ops.geqrf`` returns it.",
        "        TypeError: If ``x`` is not a Tensor of a supported dtype.\n"
        "        ValueError: If ``x`` has rank below 2.",
        _ex(
            ">>> y, tau = P.Geqrf()(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))",
            ">>> print(tau)",
            "[1.6 0. ]",
        ),
    ),
)
_row(
    "Orgqr",
    _plain(QR.orgqr),
    (),
    _doc(
        "Forms the orthogonal ``Q`` from the reflectors of ``Geqrf`` (``ops.orgqr``).",
        "",
        "        - **x** (Tensor) - The reflectors ``(*, m, n)``.\n"
        "        - **tau** (Tensor) - Their scales ``(*, k)``.",
        "        Tensor of the shape and dtype of ``x``.",
        "        TypeError: If an input is not a Tensor or the dtypes differ.\n"
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> y, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))",
            ">>> print(P.Orgqr()(y, tau))",
            "[[-0.6 -0.8]",
            " [-0.8  0.6]]",
        ),
    ),
)
_row(
    "Ormqr",
    lambda s, x, tau, other: QR.ormqr(x, tau, other, s.left, s.transpose),
    (("left", True), ("transpose", False)),
    _doc(
        "Multiplies a matrix by the ``Q`` of ``Geqrf``'s reflectors (``ops.ormqr``).",
        "        left (bool, optional): ``Q @ other`` when True, else ``other @ Q``. Default ``True``.\n"
        "        transpose (bool, optional): Use ``Q``'s conjugate transpose. Default ``False``.",
        "        - **x** (Tensor) - The reflectors.\n        - **tau** (Tensor) - Their scales.\n"
        "        - **other** (Tensor) - The matrix multiplied.",
        "        Tensor of the shape and dtype of ``other``.",
        "        TypeError: If an input is not a Tensor or the dtypes differ.\n"
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> y, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))",
            ">>> print(P.Ormqr(transpose=True)(y, tau, ms.Tensor([[-0.6, -0.8], [-0.8, 0.6]])))",
            "[[1. 0.]",
            " [0. 1.]]",
        ),
    ),
)
_row(
    "LogSpace",
    lambda s, a, b: AL.logspace(a, b, s.steps, s.base, dtype=s.dtype),
    (("steps", 10), ("base", 10), ("dtype", mstype.float32)),
    _doc(
        "Returns ``steps`` powers of ``base`` with exponents evenly spaced from ``start`` to ``end``.",
        "        steps (int, optional): How many values. Default ``10``.\n"
        "        base (int, optional): The base. Default ``10``.\n"
        "        dtype (mindspore.dtype, optional): A float dtype. Default ``float32``.",
        "        - **start** (Tensor) - The first exponent.\n        - **end** (Tensor) - The last.",
        "        A 1-D Tensor of ``steps`` values.",
        "        TypeError: If ``dtype`` is not a float dtype.\n"
        "        ValueError: If ``steps`` is negative.",
        _ex(">>> print(P.LogSpace(steps=3, base=3)(ms.Tensor(0.0), ms.Tensor(2.0)))", "[1. 3. 9.]"),
    ),
)
_row(
    "InTopK",
    lambda s, x1, x2: AL.intopk(x1, x2, s.k),
    (("k", 1),),
    _doc(
        "Says per row whether the target class is among the ``k`` largest predictions.",
        "        k (int): How many top predictions count.",
        "        - **x1** (Tensor) - ``(batch, classes)`` float predictions.\n"
        "        - **x2** (Tensor) - ``(batch,)`` int32/int64 targets.",
        "        A 1-D Bool Tensor.",
        "        TypeError: If the dtypes are wrong.\n        ValueError: If the shapes do not fit.",
        _ex(
            _F32.strip(), ">>> print(P.InTopK(1)(x, ms.Tensor([2, 1], ms.int32)))", "[ True False]"
        ),
    ),
)
_row(
    "AccumulateNV2",
    lambda s, x: M.addn(x),
    (),
    _doc(
        "Sums a tuple or list of Tensors of one shape and dtype (``ops.accumulate_n``).",
        "",
        "        - **x** (Union[tuple, list]) - The Tensors.",
        "        Tensor of their shape and dtype.",
        "        TypeError: If ``x`` is not a non-empty tuple or list of Tensors.",
        _ex(
            ">>> x = ops.ones((2,), ms.float32)",
            ">>> print(P.AccumulateNV2()((x, x, x)))",
            "[3. 3.]",
        ),
    ),
)
_row(
    "UniqueWithPad",
    lambda s, x, pad: AL.unique_with_pad(x, pad),
    (),
    _doc(
        "Returns the distinct values of a 1-D Tensor padded with ``pad_num``, and the indices.",
        "",
        "        - **x** (Tensor) - 1-D.\n        - **pad_num** (Union[int, Tensor]) - The padding.",
        "        A tuple (y, idx) of Tensors of the length of ``x``.",
        "        ValueError: If ``x`` is not 1-D.",
        _ex(
            ">>> y, idx = P.UniqueWithPad()(ms.Tensor([1, 3, 1, 5], ms.int32), 0)",
            ">>> print(y, idx)",
            "[1 3 5 0] [0 1 0 2]",
        ),
    ),
)
_row(
    "Eye",
    lambda s, n, m, t: A.eye(n, m, t),
    (),
    _doc(
        "Returns an ``n`` x ``m`` Tensor with ones on the diagonal.",
        "",
        "        - **n** (int) - Rows.\n        - **m** (int) - Columns.\n"
        "        - **t** (mindspore.dtype) - The dtype.",
        "        Tensor of shape ``(n, m)``.",
        "        TypeError: If ``n`` or ``m`` is not an int.",
        _ex(">>> print(P.Eye()(2, 3, ms.int32))", "[[1 0 0]", " [0 1 0]]"),
    ),
)
_row(
    "Bincount",
    _bincount,
    (),
    _doc(
        "Counts (weighted) occurrences of each value of ``array`` below ``size``.",
        "",
        "        - **array** (Tensor) - int32 values.\n        - **size** (Tensor) - The bin count.\n"
        "        - **weights** (Tensor) - A weight per value (or an empty Tensor).",
        "        A 1-D Tensor of ``size`` counts, of the dtype of ``weights``.",
        "        TypeError: If ``array`` is not int32.\n        ValueError: If ``size`` is negative.",
        _ex(
            ">>> a = ms.Tensor([1, 3, 3], ms.int32)",
            ">>> print(P.Bincount()(a, ms.Tensor(5, ms.int32), ops.ones((3,), ms.float32)))",
            "[0. 1. 0. 2. 0.]",
        ),
    ),
)
_row(
    "EuclideanNorm",
    _euclidean_norm,
    (("keep_dims", False),),
    _doc(
        "Computes the Euclidean norm of ``x`` over ``axes``.",
        "        keep_dims (bool, optional): Keep the reduced axes. Default ``False``.",
        "        - **x** (Tensor) - The input.\n        - **axes** (Tensor) - int32/int64 axes.",
        "        The reduced Tensor, of the dtype of ``x``.",
        "        TypeError: If an input is not a Tensor.\n        ValueError: If an axis is out of range.",
        _ex(
            _F32.strip(),
            ">>> print(P.EuclideanNorm()(x, ms.Tensor([1], ms.int32)))",
            "[2.5495098 3.335416 ]",
        ),
    ),
)
_row(
    "LpNorm",
    _lp_norm,
    (("axis", 0), ("p", 2), ("keep_dims", False), ("epsilon", 1e-12)),
    _doc(
        "Computes the ``p``-norm of ``input`` over ``axis``.",
        "        axis (Union[int, list(int), tuple(int)]): The axes reduced.\n"
        "        p (int, optional): The order (0: count of non-zeros). Default ``2``.\n"
        "        keep_dims (bool, optional): Keep the reduced axes. Default ``False``.\n"
        "        epsilon (float, optional): The gradient's guard against division by zero. "
        "Default ``1e-12``.",
        "        - **input** (Tensor) - float16 or float32.",
        "        The reduced Tensor.",
        "        TypeError: If ``input`` is not a Tensor.\n        ValueError: If an axis is out of range.",
        _ex(_F32.strip(), ">>> print(P.LpNorm(axis=1, p=1)(x))", "[4. 4.]"),
    ),
)
_row(
    "NuclearNorm",
    _nuclear_norm,
    (("dim", None), ("keepdim", False)),
    _doc(
        "Computes the nuclear norm (the sum of singular values) of matrices.",
        "        dim (list(int), optional): The two matrix axes. Default ``None``: the last two.\n"
        "        keepdim (bool, optional): Keep the reduced axes. Default ``False``.",
        "        - **x** (Tensor) - At least 2-D, float32 or float64.",
        "        The reduced Tensor.",
        "        ValueError: If ``dim`` does not name two axes in range.",
        _ex(">>> print(P.NuclearNorm()(ms.Tensor([[3.0, 0.0], [0.0, -4.0]], ms.float32)))", "7.0"),
    ),
)
_row(
    "Quantile",
    lambda s, x, q: (LA.nanquantile if s.ignore_nan else LA.quantile)(x, q, s.dim, s.keep_dims),
    (("dim", None), ("keep_dims", False), ("ignore_nan", False)),
    _doc(
        "Computes the ``q``-th quantiles of ``input`` along ``dim`` (linear interpolation).",
        "        dim (int, optional): The axis. Default ``None``: all elements.\n"
        "        keep_dims (bool, optional): Keep the reduced axis. Default ``False``.\n"
        "        ignore_nan (bool, optional): Skip NaN values. Default ``False``.",
        "        - **input** (Tensor) - float32 or float64.\n"
        "        - **q** (Tensor) - Quantiles in [0, 1], a scalar or 1-D.",
        "        Tensor, the quantiles first.",
        "        ValueError: If ``q`` is outside [0, 1].",
        _ex(
            _F32.strip(),
            ">>> print(P.Quantile(dim=1)(x, ms.Tensor([0.5], ms.float32)))",
            "[[0.5 0. ]]",
        ),
    ),
)
_row(
    "Lstsq",
    lambda s, x, a: _least_squares("Lstsq", x, a, s.l2_regularizer),
    (("fast", True), ("l2_regularizer", 0.0)),
    _doc(
        "Solves the (regularized) linear least-squares problem ``min ||x w - a||``.",
        "        fast (bool, optional): Solve by the normal equations (True) or a complete "
        "orthogonal decomposition; both give the least-squares solution here. Default ``True``.\n"
        "        l2_regularizer (float, optional): The ridge term. Default ``0.0``.",
        "        - **x** (Tensor) - ``(m, n)``.\n        - **a** (Tensor) - ``(m, k)`` or ``(m,)``.",
        "        Tensor ``(n, k)`` (or ``(n,)``).",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> x = ms.Tensor([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]], ms.float32)",
            ">>> print(P.Lstsq()(x, ms.Tensor([[1.0], [4.0], [3.0]], ms.float32)))",
            "[[1.]",
            " [2.]]",
        ),
    ),
)
_row(
    "MatrixSolveLs",
    lambda s, m, r, l2: _least_squares(
        "MatrixSolveLs", m, r, float(np.asarray(_tensor(l2, "MatrixSolveLs", "l2")))
    ),
    (("fast", True),),
    _doc(
        "Solves ``min ||matrix w - rhs||^2 + l2 ||w||^2`` per batch.",
        "        fast (bool, optional): Solve by the normal equations (True) or a complete "
        "orthogonal decomposition; both give the least-squares solution here. Default ``True``.",
        "        - **matrix** (Tensor) - ``(*, m, n)``.\n        - **rhs** (Tensor) - ``(*, m, k)``.\n"
        "        - **l2** (Tensor) - The float64 ridge term, a scalar.",
        "        Tensor ``(*, n, k)``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> m = ms.Tensor([[1.0, 0.0], [0.0, 2.0]], ms.float64)",
            ">>> print(P.MatrixSolveLs()(m, ms.Tensor([[1.0], [4.0]], ms.float64), "
            "ms.Tensor(0.0, ms.float64)))",
            "[[1.]",
            " [2.]]",
        ),
    ),
)
_row(
    "TridiagonalMatMul",
    _tridiagonal_matmul,
    (),
    _doc(
        "Multiplies a tridiagonal matrix, given by its three diagonals, with ``rhs``.",
        "",
        "        - **superdiag** (Tensor) - ``(*, 1, m)``; the last value is unused.\n"
        "        - **maindiag** (Tensor) - ``(*, 1, m)``.\n"
        "        - **subdiag** (Tensor) - ``(*, 1, m)``; the first value is unused.\n"
        "        - **rhs** (Tensor) - ``(*, m, n)``.",
        "        Tensor ``(*, m, n)``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> d = ms.Tensor([[1.0, 1.0]], ms.float32)",
            ">>> print(P.TridiagonalMatMul()(d, d * 2, d, ops.eye(2, 2, ms.float32)))",
            "[[2. 1.]",
            " [1. 2.]]",
        ),
    ),
)
_row(
    "IdentityN",
    lambda s, x: (
        x
        if isinstance(x, tuple | list) and all(isinstance(t, Tensor) for t in x)
        else U.fail("IdentityN", "'x' must be a tuple or list of Tensors", TypeError)
    ),
    (),
    _doc(
        "Returns its tuple or list of Tensors unchanged.",
        "",
        "        - **x** (Union[tuple, list]) - Tensors.",
        "        The same tuple or list.",
        "        TypeError: If ``x`` is not a tuple or list of Tensors.",
        _ex(">>> print(P.IdentityN()([ms.Tensor([1, 2])])[0])", "[1 2]"),
    ),
)
_row(
    "CheckNumerics",
    _check_numerics,
    (),
    _doc(
        "Returns ``x`` after checking it holds no NaN or Inf.",
        "",
        "        - **x** (Tensor) - float16, float32 or float64.",
        "        ``x``.",
        "        TypeError: If ``x`` is not a float Tensor.\n"
        "        RuntimeError: If ``x`` holds NaN or Inf.",
        _ex(">>> print(P.CheckNumerics()(ms.Tensor([1.0, 2.0])))", "[1. 2.]"),
    ),
)
_row(
    "EqualCount",
    _equal_count,
    (),
    _doc(
        "Counts the positions where ``x`` and ``y`` are equal.",
        "",
        "        - **x** (Tensor) - The first input.\n        - **y** (Tensor) - Its shape and dtype.",
        "        A Tensor of shape ``(1,)`` and the dtype of ``x``.",
        "        TypeError: If the shapes or dtypes differ.",
        _ex(
            ">>> x = ms.Tensor([1, 2, 3], ms.int32)",
            ">>> print(P.EqualCount()(x, ms.Tensor([1, 2, 4], ms.int32)))",
            "[2]",
        ),
    ),
)
_row(
    "NthElement",
    _nth_element,
    (("reverse", False),),
    _doc(
        "Returns the ``n``-th smallest (``reverse``: largest) value along the last axis.",
        "        reverse (bool, optional): Count from the largest. Default ``False``.",
        "        - **input** (Tensor) - At least 1-D.\n        - **n** (Union[int, Tensor]) - From 0.",
        "        Tensor without the last axis.",
        "        ValueError: If ``n`` is out of range.",
        _ex(_F32.strip(), ">>> print(P.NthElement()(x, 1))", "[0.5 0. ]"),
    ),
)
# what each example prints (written out: nothing runs on JAX's backend at import)
_SEGMENT_EXAMPLES = {
    "Sum": "[3. 0. 4.]",
    "Max": "[2. 0. 4.]",
    "Min": "[1. 0. 4.]",
    "Mean": "[1.5 0.  4. ]",
    "Prod": "[2. 1. 4.]",
}
for _k, _out in _SEGMENT_EXAMPLES.items():
    _row(
        f"Segment{_k}",
        _segment(_k),
        (),
        _doc(
            f"Computes the {_k.lower()} of the rows of ``input_x`` per segment (sorted "
            "``segment_ids``); a missing segment gives " + ("1" if _k == "Prod" else "0") + ".",
            "",
            "        - **input_x** (Tensor) - At least 1-D.\n"
            "        - **segment_ids** (Tensor) - 1-D non-negative ascending ints, one per row.",
            "        Tensor of ``segment_ids[-1] + 1`` rows.",
            "        ValueError: If ``segment_ids`` is not sorted or its length differs.",
            _ex(
                ">>> x = ms.Tensor([1.0, 2.0, 4.0], ms.float32)",
                f">>> print(P.Segment{_k}()(x, ms.Tensor([0, 0, 2], ms.int32)))",
                _out,
            ),
        ),
    )
_row(
    "RGBToHSV",
    _rgb(CL.rgb_to_hsv, "RGBToHSV"),
    (),
    _doc(
        "Converts RGB images (last axis 3, values in [0, 1]) to HSV.",
        "",
        "        - **images** (Tensor) - float16, float32 or float64, last axis 3.",
        "        Tensor of the shape and dtype of ``images``.",
        "        TypeError: If ``images`` is not a float Tensor.\n"
        "        ValueError: If its last axis is not 3.",
        _ex(
            ">>> print(P.RGBToHSV()(ms.Tensor([[0.0, 1.0, 0.0]], ms.float32)))",
            "[[0.33333334 1.         1.        ]]",
        ),
    ),
)
_row(
    "HSVToRGB",
    _rgb(CL.hsv_to_rgb, "HSVToRGB", 4),
    (),
    _doc(
        "Converts HSV images (4-D, last axis 3) to RGB.",
        "",
        "        - **x** (Tensor) - 4-D float, last axis 3.",
        "        Tensor of the shape and dtype of ``x``.",
        "        TypeError: If ``x`` is not a float Tensor.\n"
        "        ValueError: If ``x`` is not 4-D or its last axis is not 3.",
        _ex(
            ">>> print(P.HSVToRGB()(ms.Tensor([[[[0.5, 1.0, 1.0]]]], ms.float32)))",
            "[[[[0. 1. 1.]]]]",
        ),
    ),
)
_row(
    "AdjustHue",
    _adjust(CL.adjust_hue, "AdjustHue", "delta"),
    (),
    _doc(
        "Rotates the hue of RGB images by ``delta`` (a fraction of the colour circle).",
        "",
        "        - **image** (Tensor) - Float RGB, last axis 3.\n"
        "        - **delta** (Tensor) - A 0-D float.",
        "        Tensor of the shape and dtype of ``image``.",
        "        TypeError: If an input is not a Tensor.\n        ValueError: If ``delta`` is not 0-D.",
        _ex(
            ">>> img = ms.Tensor([[1.0, 0.0, 0.0]], ms.float32)",
            ">>> print(P.AdjustHue()(img, ms.Tensor(1 / 3, ms.float32)))",
            "[[0. 1. 0.]]",
        ),
    ),
)
_row(
    "AdjustSaturation",
    _adjust(CL.adjust_saturation, "AdjustSaturation", "scale"),
    (),
    _doc(
        "Scales the saturation of RGB images by ``scale``.",
        "",
        "        - **image** (Tensor) - Float RGB, last axis 3.\n"
        "        - **scale** (Tensor) - A 0-D float.",
        "        Tensor of the shape and dtype of ``image``.",
        "        TypeError: If an input is not a Tensor.\n        ValueError: If ``scale`` is not 0-D.",
        _ex(
            ">>> img = ms.Tensor([[1.0, 0.5, 0.5]], ms.float32)",
            ">>> print(P.AdjustSaturation()(img, ms.Tensor(0.0, ms.float32)))",
            "[[1. 1. 1.]]",
        ),
    ),
)
_row(
    "BatchToSpace",
    _b2s,
    (("block_size", 2), ("crops", ((0, 0), (0, 0)))),
    _doc(
        "Moves batch blocks into the spatial axes of an NCHW Tensor, then crops.",
        "        block_size (int): The block edge, at least 2.\n"
        "        crops (Union[list, tuple]): ``[[top, bottom], [left, right]]``.",
        "        - **input_x** (Tensor) - 4-D, batch divisible by ``block_size ** 2``.",
        "        Tensor ``(n / b^2, c, h * b - crops, w * b - crops)``.",
        "        ValueError: If the batch is not divisible or the crops too large.",
        _ex(
            ">>> x = ms.Tensor([[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]], ms.float32)",
            ">>> print(P.BatchToSpace(2, [[0, 0], [0, 0]])(x))",
            "[[[[1. 2.]",
            "   [3. 4.]]]]",
        ),
    ),
)
_row(
    "SpaceToBatch",
    _s2b,
    (("block_size", 2), ("paddings", ((0, 0), (0, 0)))),
    _doc(
        "Pads the spatial axes of an NCHW Tensor and moves their blocks into the batch.",
        "        block_size (int): The block edge, at least 2.\n"
        "        paddings (Union[list, tuple]): ``[[top, bottom], [left, right]]``.",
        "        - **input_x** (Tensor) - 4-D.",
        "        Tensor ``(n * b^2, c, (h + pad) / b, (w + pad) / b)``.",
        "        ValueError: If the padded sizes are not divisible by ``block_size``.",
        _ex(
            ">>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]], ms.float32)",
            ">>> print(P.SpaceToBatch(2, [[0, 0], [0, 0]])(x).shape)",
            "(4, 1, 1, 1)",
        ),
    ),
)
_row(
    "BatchToSpaceNDV2",
    _b2s_v2,
    (),
    _doc(
        "``BatchToSpaceND`` with ``block_shape`` and ``crops`` given as Tensors.",
        "",
        "        - **input_x** (Tensor) - The input.\n"
        "        - **block_shape** (Tensor) - 1-D ints.\n        - **crops** (Tensor) - ``(M, 2)``.",
        "        Tensor, as ``ops.batch_to_space_nd`` returns it.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> x = ms.Tensor([[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]], ms.float32)",
            ">>> print(P.BatchToSpaceNDV2()(x, ms.Tensor([2, 2]), ms.Tensor([[0, 0], [0, 0]])).shape)",
            "(1, 1, 2, 2)",
        ),
    ),
)
_row(
    "DataFormatVecPermute",
    _vec_permute,
    (("src_format", "NHWC"), ("dst_format", "NCHW")),
    _doc(
        "Permutes a vector (or ``(4, 2)`` rows) of per-axis values from ``src_format``'s order to "
        "``dst_format``'s.",
        "        src_format (str, optional): Default ``'NHWC'``.\n"
        "        dst_format (str, optional): Default ``'NCHW'``.",
        "        - **input_x** (Tensor) - Shape ``(4,)``, ``(4, 2)``, ``(2,)`` or ``(2, 2)``.",
        "        Tensor of the shape and dtype of ``input_x``.",
        "        ValueError: If the shape or formats are not supported.",
        _ex(">>> print(P.DataFormatVecPermute()(ms.Tensor([1, 2, 3, 4], ms.int32)))", "[1 4 2 3]"),
    ),
)
_row(
    "FillDiagonal",
    _fill_diagonal,
    (("fill_value", 0.0), ("wrap", False)),
    _doc(
        "Fills the main diagonal of a Tensor with ``fill_value`` (NumPy's ``fill_diagonal``).",
        "        fill_value (float): The value.\n"
        "        wrap (bool, optional): Restart the diagonal below a tall matrix's square top. "
        "Default ``False``.",
        "        - **input_x** (Tensor) - At least 2-D; all sizes equal above 2-D.",
        "        Tensor of the shape and dtype of ``input_x``.",
        "        ValueError: If the shape is not supported.",
        _ex(
            ">>> print(P.FillDiagonal(5.0)(ops.zeros((2, 3), ms.float32)))",
            "[[5. 0. 0.]",
            " [0. 5. 0.]]",
        ),
    ),
)
_row(
    "ScatterAddWithAxis",
    lambda s, x, i, u: SC.tensor_scatter_elements(x, i, u, s.axis, "add"),
    (("axis", 0),),
    _doc(
        "Adds ``updates`` into ``input_x`` at ``indices`` along ``axis`` (elementwise scatter).",
        "        axis (int, optional): The axis. Default ``0``.",
        "        - **input_x** (Tensor) - The target.\n        - **indices** (Tensor) - int32/int64.\n"
        "        - **updates** (Tensor) - Shaped like ``indices``.",
        "        Tensor of the shape and dtype of ``input_x``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            _F32.strip(),
            ">>> i = ms.Tensor([[0, 2], [1, 1]], ms.int32)",
            ">>> print(P.ScatterAddWithAxis(1)(x, i, ops.ones((2, 2), ms.float32)))",
            "[[ 1.5  -1.5   3.  ]",
            " [ 3.25  1.25  0.  ]]",
        ),
    ),
)
_row(
    "MaskedScatter",
    _masked_scatter,
    (),
    _doc(
        "Copies consecutive values of ``updates`` into ``x`` where ``mask`` is True.",
        "",
        "        - **x** (Tensor) - The target.\n"
        "        - **mask** (Tensor) - Bool, broadcast to ``x``.\n"
        "        - **updates** (Tensor) - At least as many values as ``mask`` has True.",
        "        Tensor of the shape and dtype of ``x``.",
        "        TypeError: If ``mask`` is not bool or the dtypes differ.\n"
        "        ValueError: If ``updates`` is too short.",
        _ex(
            ">>> x = ops.zeros((3,), ms.float32)",
            ">>> print(P.MaskedScatter()(x, ms.Tensor([True, False, True]), ms.Tensor([5.0, 6.0])))",
            "[5. 0. 6.]",
        ),
    ),
)
_row(
    "IndexPut",
    _index_put,
    (("accumulate", 0),),
    _doc(
        "Writes (``accumulate``: adds) ``x2`` into ``x1`` at the positions the index Tensors give.",
        "        accumulate (int, optional): 0 writes, 1 adds. Default ``0``.",
        "        - **x1** (Tensor) - The target.\n        - **x2** (Tensor) - The values, broadcast.\n"
        "        - **indices** (Union[tuple, list]) - Index Tensors, one per leading axis.",
        "        Tensor of the shape and dtype of ``x1``.",
        "        TypeError: If ``indices`` is not a tuple or list of Tensors.\n"
        "        ValueError: If ``accumulate`` is not 0 or 1.",
        _ex(
            ">>> x = ops.zeros((2, 2), ms.float32)",
            ">>> print(P.IndexPut()(x, ms.Tensor([7.0]), [ms.Tensor([0, 1]), ms.Tensor([1, 0])]))",
            "[[0. 7.]",
            " [7. 0.]]",
        ),
    ),
)
_row(
    "InplaceUpdateV2",
    _inplace_update_v2,
    (),
    _doc(
        "Replaces the rows ``indices`` of ``x`` with ``v`` (indices given as an input).",
        "",
        "        - **x** (Tensor) - The target.\n        - **indices** (Union[int, Tensor]) - Rows.\n"
        "        - **v** (Tensor) - One row per index.",
        "        Tensor of the shape and dtype of ``x``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> x = ops.zeros((2, 2), ms.float32)",
            ">>> print(P.InplaceUpdateV2()(x, ms.Tensor([1], ms.int32), ops.ones((1, 2), ms.float32)))",
            "[[0. 0.]",
            " [1. 1.]]",
        ),
    ),
)
_row(
    "LerpScalar",
    lambda s, x, end, w: E.lerp(x, end, w),
    (),
    _doc(
        "Computes ``input + weight * (end - input)`` with a scalar ``weight``.",
        "",
        "        - **input** (Tensor) - The start.\n        - **end** (Tensor) - The end.\n"
        "        - **weight** (float) - The weight.",
        "        Tensor of the broadcast shape.",
        "        TypeError: If an input is not a Tensor.",
        _ex(
            ">>> print(P.LerpScalar()(ms.Tensor([0.0, 4.0]), ms.Tensor([4.0, 8.0]), 0.25))",
            "[1. 5.]",
        ),
    ),
)
_row(
    "ScalarToTensor",
    lambda s, x, dtype=mstype.float32: _scalar(x, dtype),
    (),
    _doc(
        "Converts a Python number to a 0-D Tensor.",
        "",
        "        - **input_x** (Union[int, float, bool]) - The number.\n"
        "        - **dtype** (mindspore.dtype, optional) - Default ``float32``.",
        "        A 0-D Tensor.",
        "        TypeError: If ``input_x`` is not a number.",
        _ex(">>> print(P.ScalarToTensor()(3, ms.float16))", "3.0"),
    ),
)
_row(
    "ScalarToArray",
    lambda s, x: _scalar(x, None),
    (),
    _doc(
        "Converts a Python number to a 0-D Tensor (ints Int64, floats Float32).",
        "",
        "        - **input_x** (Union[int, float, bool]) - The number.",
        "        A 0-D Tensor.",
        "        TypeError: If ``input_x`` is not a number.",
        _ex(">>> print(P.ScalarToArray()(2.5))", "2.5"),
    ),
)
_row(
    "HistogramFixedWidth",
    _histogram_fixed_width,
    (("nbins", 1), ("dtype", "int32")),
    _doc(
        "Counts the values of ``x`` in ``nbins`` equal-width bins over ``range`` (values outside "
        "fall in the first or last bin).",
        "        nbins (int): The number of bins, at least 1.\n"
        "        dtype (str, optional): ``'int32'``. Default ``'int32'``.",
        "        - **x** (Tensor) - Numbers.\n        - **range** (Tensor) - ``[low, high]``.",
        "        A 1-D int32 Tensor of ``nbins`` counts.",
        "        ValueError: If ``nbins`` < 1 or ``range`` is not of shape (2,).",
        _ex(
            ">>> x = ms.Tensor([0.0, 1.0, 2.5, 9.0], ms.float32)",
            ">>> print(P.HistogramFixedWidth(2)(x, ms.Tensor([0.0, 4.0], ms.float32)))",
            "[2 2]",
        ),
    ),
)
_row(
    "ListDiff",
    _list_diff,
    (("out_idx", mstype.int32),),
    _doc(
        "Returns the values of ``x`` that are not in ``y`` and their positions in ``x``.",
        "        out_idx (mindspore.dtype, optional): int32 or int64 positions. Default ``int32``.",
        "        - **x** (Tensor) - 1-D.\n        - **y** (Tensor) - 1-D, the dtype of ``x``.",
        "        A tuple (out, idx) of 1-D Tensors.",
        "        ValueError: If an input is not 1-D.",
        _ex(
            ">>> out, idx = P.ListDiff()(ms.Tensor([1, 2, 3, 4]), ms.Tensor([2, 4]))",
            ">>> print(out, idx)",
            "[1 3] [0 2]",
        ),
    ),
)
_row(
    "Bernoulli",
    _bernoulli,
    (("seed", -1), ("offset", 0)),
    _doc(
        "Draws 0/1 values shaped and typed like ``x``, 1 with probability ``p``.",
        "        seed (int, optional): -1 takes the global state. Default ``-1``.\n"
        "        offset (int, optional): Kept as an attribute; MindSpore's CPU kernel starts the "
        "stream of ``seed`` at offset 0 whatever it says. Default ``0``.",
        "        - **x** (Tensor) - Gives the shape and dtype.\n"
        "        - **p** (Union[float, Tensor]) - The probability of 1.",
        "        Tensor of the shape and dtype of ``x``.",
        "        TypeError: If ``x`` is not a Tensor.",
        _ex(">>> print(P.Bernoulli(seed=1)(ops.zeros((3,), ms.float32), 1.0))", "[1. 1. 1.]"),
    ),
)
_row(
    "Gamma",
    lambda s, shape, alpha, beta: AL.gamma(
        tuple(np.asarray(_tensor(shape, "Gamma", "shape")).tolist())
        if isinstance(shape, Tensor)
        else shape,
        alpha,
        beta,
        _seeded(s),
    ),
    (("seed", 0), ("seed2", 0)),
    _doc(
        "Draws Gamma samples (shape ``alpha``, scale ``beta``), as ``ops.gamma``.",
        "        seed (int, optional): Default ``0``.\n        seed2 (int, optional): Default ``0``; "
        "both 0 take the global state.",
        "        - **shape** (Union[tuple, Tensor]) - The requested shape.\n"
        "        - **alpha** (Tensor) - Shape parameters.\n        - **beta** (Tensor) - Scales.",
        "        Tensor of the broadcast shape.",
        "        ValueError: If the shapes do not broadcast.",
        _ex(">>> print(P.Gamma(seed=3)((2,), ms.Tensor([1.0]), ms.Tensor([1.0])).shape)", "(2,)"),
    ),
)
_row(
    "Poisson",
    lambda s, shape, mean: AL.poisson(
        tuple(np.asarray(_tensor(shape, "Poisson", "shape")).tolist())
        if isinstance(shape, Tensor)
        else shape,
        mean,
        _seeded(s),
    ),
    (("seed", 0), ("seed2", 0)),
    _doc(
        "Draws Poisson samples of mean ``mean``, as ``ops.poisson``.",
        "        seed (int, optional): Default ``0``.\n        seed2 (int, optional): Default ``0``; "
        "both 0 take the global state.",
        "        - **shape** (Union[tuple, Tensor]) - The requested shape.\n"
        "        - **mean** (Tensor) - The means.",
        "        Tensor of the broadcast shape.",
        "        ValueError: If the shapes do not broadcast.",
        _ex(">>> print(P.Poisson(seed=3)((2, 1), ms.Tensor([1.0, 9.0])).shape)", "(2, 2)"),
    ),
)
_row(
    "TruncatedNormal",
    TN.truncated_normal,
    (("dtype", mstype.float32), ("seed", 0), ("seed2", 0)),
    _doc(
        "Draws standard normal samples truncated to [-2, 2].",
        "        dtype (mindspore.dtype, optional): Default ``float32``.\n"
        "        seed (int, optional): Default ``0``.\n        seed2 (int, optional): Default ``0``.",
        "        - **shape** (Tensor) - 1-D ints.",
        "        Tensor of ``shape``.",
        "        TypeError: If ``shape`` is not a Tensor.",
        _ex(
            ">>> y = P.TruncatedNormal(seed=1)(ms.Tensor([2, 50], ms.int32))",
            ">>> print(bool((y.abs() <= 2).all()))",
            "True",
        ),
    ),
)
_row(
    "ParameterizedTruncatedNormal",
    TN.parameterized_truncated_normal,
    (("seed", 0), ("seed2", 0)),
    _doc(
        "Draws normal samples per batch row with their own mean, stdev and bounds.",
        "        seed (int, optional): Default ``0``.\n        seed2 (int, optional): Default ``0``.",
        "        - **shape** (Tensor) - 1-D ints, batch first.\n"
        "        - **mean** (Tensor) - ``(batch,)``.\n        - **stdevs** (Tensor) - ``(batch,)``.\n"
        "        - **min** (Tensor) - ``(batch,)``.\n        - **max** (Tensor) - ``(batch,)``.",
        "        Tensor of ``shape``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> t = ms.Tensor([0.0], ms.float32)",
            ">>> y = P.ParameterizedTruncatedNormal(seed=1)(ms.Tensor([1, 50]), t, t + 1, t, t + 1)",
            ">>> print(bool(((y >= 0) & (y <= 1)).all()))",
            "True",
        ),
    ),
)
_row(
    "NonDeterministicInts",
    _non_deterministic_ints,
    (("dtype", mstype.int64),),
    _doc(
        "Draws integers uniformly over the whole range of ``dtype``.",
        "        dtype (mindspore.dtype, optional): int32, int64, uint32 or uint64. Default ``int64``.",
        "        - **shape** (Tensor) - 1-D ints.",
        "        Tensor of ``shape``.",
        "        TypeError: If ``dtype`` is not supported.",
        _ex(">>> print(P.NonDeterministicInts()(ms.Tensor([2, 3])).shape)", "(2, 3)"),
    ),
)
_row(
    "RandpermV2",
    lambda s, n: RND.randperm(
        int(np.asarray(n._data if isinstance(n, Tensor) else n)), s.seed, s.offset, s.dtype
    ),
    (("seed", 0), ("offset", 0), ("dtype", mstype.int64)),
    _doc(
        "Returns a random permutation of ``0 .. n-1`` (``ops.randperm``).",
        "        seed (int, optional): Default ``0``.\n        offset (int, optional): Default ``0``.\n"
        "        dtype (mindspore.dtype, optional): Default ``int64``.",
        "        - **n** (Union[int, Tensor]) - The size.",
        "        A 1-D Tensor.",
        "        ValueError: If ``n`` is negative.",
        _ex(">>> print(P.RandpermV2(seed=1)(4).sort()[0])", "[0 1 2 3]"),
    ),
)
_row(
    "Cauchy",
    _cauchy,
    (("size", (1,)), ("median", 0.0), ("sigma", 1.0)),
    _doc(
        "Draws Float32 samples of the Cauchy distribution.",
        "        size (list(int)): The shape.\n        median (float, optional): Default ``0.0``.\n"
        "        sigma (float, optional): The scale. Default ``1.0``.",
        "        None.",
        "        Tensor of shape ``size``.",
        "        ValueError: If ``size`` is not a shape.",
        _ex(">>> print(P.Cauchy([2, 3])().shape)", "(2, 3)"),
    ),
)
_row(
    "LogNormalReverse",
    _log_normal_reverse,
    (("mean", 1.0), ("std", 2.0)),
    _doc(
        "Draws log-normal samples (``exp`` of Normal(mean, std)) shaped like ``input``.",
        "        mean (float, optional): Default ``1.0``.\n        std (float, optional): Default "
        "``2.0``.",
        "        - **input** (Tensor) - float16 or float32; gives shape and dtype.",
        "        Tensor of the shape and dtype of ``input``.",
        "        TypeError: If ``input`` is not a float Tensor.",
        _ex(
            ">>> print(bool((P.LogNormalReverse()(ops.zeros((4,), ms.float32)) > 0).all()))", "True"
        ),
    ),
)
_row(
    "MultinomialWithReplacement",
    lambda s, x, seed, offset: RND.multinomial_with_replacement_launch(
        s.__dict__.setdefault("_kernels", {}), x, seed, offset, s.numsamples, s.replacement
    ),
    (("numsamples", 1), ("replacement", False)),
    _doc(
        "Draws ``numsamples`` category indices per row of probabilities.",
        "        numsamples (int): Samples per row.\n"
        "        replacement (bool, optional): Draw with replacement. Default ``False``.",
        "        - **x** (Tensor) - Probabilities, 1-D or 2-D.\n"
        "        - **seed** (Tensor) - A seed.\n        - **offset** (Tensor) - An offset.",
        "        Int64 Tensor of indices.",
        "        ValueError: If ``numsamples`` is too large.",
        _ex(
            ">>> x = ms.Tensor([[0.0, 1.0]], ms.float32)",
            ">>> print(P.MultinomialWithReplacement(2, True)(x, ms.Tensor(1), ms.Tensor(0)))",
            "[[1 1]]",
        ),
    ),
)

_row(
    "LuSolve",
    lambda s, x, lu, piv: LA.lu_solve(x, lu, piv),
    (),
    _doc(
        "Solves ``A y = x`` from the LU factorization of ``A`` (``ops.lu_solve``).",
        "",
        "        - **x** (Tensor) - The right-hand sides ``(*, m, k)``.\n"
        "        - **lu_data** (Tensor) - ``L`` and ``U`` in one ``(*, m, m)`` Tensor.\n"
        "        - **lu_pivots** (Tensor) - The 1-based int32 pivots ``(*, m)``.",
        "        Tensor of the shape of ``x``.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> lu = ms.Tensor([[2.0, 1.0], [0.5, 1.5]], ms.float32)",
            ">>> y = P.LuSolve()(ms.Tensor([[3.0], [3.0]], ms.float32), lu, ms.Tensor([1, 2], ms.int32))",
            ">>> print(y)",
            "[[1.]",
            " [1.]]",
        ),
    ),
)
_row(
    "CompareAndBitpack",
    _compare_and_bitpack,
    (),
    _doc(
        "Compares ``x`` with ``threshold`` and packs each 8 results of the last axis into a uint8.",
        "",
        "        - **x** (Tensor) - Last axis divisible by 8.\n"
        "        - **threshold** (Tensor) - 0-D, the dtype of ``x``.",
        "        uint8 Tensor, the last axis divided by 8.",
        "        TypeError: If the dtypes differ or are not supported.\n"
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> x = ms.Tensor([1, 2, 3, 4, 5, 6, 7, 8], ms.float32)",
            ">>> print(P.CompareAndBitpack()(x, ms.Tensor(6.0, ms.float32)))",
            "[3]",
        ),
    ),
)
_row(
    "ConfusionMatrix",
    _confusion_matrix,
    (("num_classes", 2), ("dtype", "int32")),
    _doc(
        "Counts (weighted) pairs of label and prediction into a ``num_classes`` square matrix.",
        "        num_classes (int): The classes.\n"
        "        dtype (str, optional): The output dtype. Default ``'int32'``.",
        "        - **labels** (Tensor) - 1-D ints.\n        - **predictions** (Tensor) - 1-D ints.\n"
        "        - **weights** (Tensor, optional) - 1-D weights. Default ``None``.",
        "        Tensor ``(num_classes, num_classes)``.",
        "        ValueError: If the shapes differ.",
        _ex(
            ">>> y = P.ConfusionMatrix(3)(ms.Tensor([0, 1, 1]), ms.Tensor([0, 2, 1]))",
            ">>> print(y)",
            "[[1 0 0]",
            " [0 1 1]",
            " [0 0 0]]",
        ),
    ),
)
_row(
    "Assert",
    _assert,
    (("summarize", 3),),
    _doc(
        "Raises when ``condition`` is False, showing up to ``summarize`` values of each input.",
        "        summarize (int, optional): Values shown per input. Default ``3``.",
        "        - **condition** (Union[Tensor, bool]) - One bool.\n"
        "        - **input_data** (Union[tuple, list]) - Tensors shown on failure.",
        "        None.",
        "        TypeError: If ``condition`` is not one bool.\n"
        "        RuntimeError: If ``condition`` is False.",
        _ex(">>> print(P.Assert()(ms.Tensor(True), [ms.Tensor([1, 2])]))", "None"),
    ),
)
_row(
    "Partial",
    lambda s, fn, *args: __import__("functools").partial(fn, *args),
    (),
    _doc(
        "Binds leading arguments to a function (``functools.partial``).",
        "",
        "        - **fn** (Callable) - The function.\n        - **args** - The arguments bound.",
        "        The partial function.",
        "        TypeError: If ``fn`` is not callable.",
        _ex(">>> add2 = P.Partial()(ops.add, ms.Tensor(2))", ">>> print(add2(ms.Tensor(3)))", "5"),
    ),
)
_row(
    "RaggedRange",
    _ragged_range,
    (("Tsplits", mstype.int64),),
    _doc(
        "Returns a ragged Tensor of ranges: the row splits and the concatenated values.",
        "        Tsplits (mindspore.dtype): int32 or int64 splits.",
        "        - **starts** (Tensor) - Row starts.\n        - **limits** (Tensor) - Row limits.\n"
        "        - **deltas** (Tensor) - Row steps, non-zero.",
        "        A tuple (rt_nested_splits, rt_dense_values).",
        "        ValueError: If a delta is 0.",
        _ex(
            ">>> sp, v = P.RaggedRange(ms.int64)(ms.Tensor([0, 5]), ms.Tensor([3, 7]), ms.Tensor([1, 1]))",
            ">>> print(sp, v)",
            "[0 3 5] [0 1 2 5 6]",
        ),
    ),
)
_row(
    "TransposeView",
    _transpose_view,
    (),
    _doc(
        "Permutes the axes of ``input`` (MindSpore's view form of ``Transpose``; a new Tensor here).",
        "",
        "        - **input** (Tensor) - The input.\n        - **perm** (tuple(int)) - The order.",
        "        Tensor with permuted axes.",
        "        ValueError: If ``perm`` is not a permutation.",
        _ex(">>> print(P.TransposeView()(ops.ones((2, 3)), (1, 0)).shape)", "(3, 2)"),
    ),
)
_row(
    "TransposeExtView",
    lambda s, x, d0, d1: A.swapaxes(x, d0, d1),
    (),
    _doc(
        "Swaps two axes of ``input`` (MindSpore's view form of ``transpose_ext``).",
        "",
        "        - **input** (Tensor) - The input.\n        - **dim0** (int) - An axis.\n"
        "        - **dim1** (int) - Another axis.",
        "        Tensor with the axes swapped.",
        "        ValueError: If an axis is out of range.",
        _ex(">>> print(P.TransposeExtView()(ops.ones((2, 3, 4)), 0, 2).shape)", "(4, 3, 2)"),
    ),
)
_row(
    "STFT",
    lambda s, x, window: ST.stft(
        x,
        s.n_fft,
        s.hop_length,
        s.win_length,
        window,
        False,
        "REFLECT",
        s.normalized,
        s.onesided,
        s.return_complex,
    ),
    (
        ("n_fft", 1),
        ("hop_length", 1),
        ("win_length", 1),
        ("normalized", False),
        ("onesided", True),
        ("return_complex", True),
    ),
    _doc(
        "The short-time Fourier transform without centring padding (``ops.stft`` with "
        "``center=False``).",
        "        n_fft (int): The Fourier transform size.\n        hop_length (int): The frame step.\n"
        "        win_length (int): The window size.\n        normalized (bool): Scale by "
        "``n_fft ** -0.5``.\n        onesided (bool): Keep the non-negative frequencies.\n"
        "        return_complex (bool): A complex result, else a last axis of 2.",
        "        - **x** (Tensor) - 1-D or 2-D signals.\n        - **window** (Tensor) - 1-D.",
        "        Tensor ``(*, N, T)`` or ``(*, N, T, 2)``.",
        "        TypeError: If ``x`` is not 1-D or 2-D.\n        ValueError: If a size is wrong.",
        _ex(
            ">>> x = ops.ones((16,), ms.float32)",
            ">>> print(P.STFT(8, 4, 8, False, True, True)(x, ops.ones((8,), ms.float32)).shape)",
            "(5, 3)",
        ),
    ),
)


def _candidate_sampler(s: Any, tc: Any, api: str) -> tuple:
    """A candidate-sampler Primitive's launch: the instance keeps one kernel per input signature,
    whose stream goes on from call to call."""
    hits = getattr(s, "remove_accidental_hits", False)
    args = (s.num_true, s.num_sampled, s.unique, s.range_max, s.seed, hits)
    return CS._sampler_launch(api, s.__dict__.setdefault("_kernels", {}), tc, *args)


_row(
    "UniformCandidateSampler",
    lambda s, tc: _candidate_sampler(s, tc, "uniform_candidate_sampler"),
    (
        ("num_true", 1),
        ("num_sampled", 1),
        ("unique", True),
        ("range_max", 1),
        ("seed", 0),
        ("remove_accidental_hits", False),
    ),
    _doc(
        "Samples classes uniformly (``ops.uniform_candidate_sampler``).",
        "        num_true (int): Targets per example.\n        num_sampled (int): Classes sampled.\n"
        "        unique (bool): Distinct classes.\n        range_max (int): The classes.\n"
        "        seed (int, optional): Default ``0``.\n"
        "        remove_accidental_hits (bool, optional): Default ``False``.",
        "        - **true_classes** (Tensor) - ``(batch_size, num_true)``.",
        "        A tuple (sampled_candidates, true_expected_count, sampled_expected_count).",
        "        TypeError: If an argument has the wrong type.",
        _ex(
            ">>> out = P.UniformCandidateSampler(1, 3, False, 4, 1)(ms.Tensor([[1]], ms.int64))",
            ">>> print(out[2])",
            "[0.75 0.75 0.75]",
        ),
    ),
)
_row(
    "LogUniformCandidateSampler",
    lambda s, tc: _candidate_sampler(s, tc, "log_uniform_candidate_sampler"),
    (("num_true", 1), ("num_sampled", 5), ("unique", True), ("range_max", 5), ("seed", 0)),
    _doc(
        "Samples classes log-uniformly (``ops.log_uniform_candidate_sampler``).",
        "        num_true (int, optional): Default ``1``.\n        num_sampled (int, optional): "
        "Default ``5``.\n        unique (bool, optional): Default ``True``.\n"
        "        range_max (int, optional): Default ``5``.\n        seed (int, optional): Default ``0``.",
        "        - **true_classes** (Tensor) - ``(batch_size, num_true)`` int64.",
        "        A tuple (sampled_candidates, true_expected_count, sampled_expected_count).",
        "        TypeError: If an argument has the wrong type.",
        _ex(
            ">>> out = P.LogUniformCandidateSampler(1, 2, True, 2, 1)(ms.Tensor([[1]], ms.int64))",
            ">>> print(sorted(out[0].asnumpy().tolist()))",
            "[0, 1]",
        ),
    ),
)
_row(
    "TensorToTuple",
    lambda s, x: tuple(np.asarray(_tensor(x, "TensorToTuple", "input_x")).reshape(-1).tolist()),
    (),
    _doc(
        "Returns the values of a 1-D Tensor as a tuple of Python numbers.",
        "",
        "        - **input_x** (Tensor) - 1-D.",
        "        A tuple.",
        "        TypeError: If ``input_x`` is not a Tensor.",
        _ex(">>> print(P.TensorToTuple()(ms.Tensor([1, 2], ms.int32)))", "(1, 2)"),
    ),
)
_row(
    "NonMaxSuppressionV3",
    _nms_v3,
    (),
    _doc(
        "Selects boxes greedily by descending score, dropping those whose IoU with a selected box "
        "exceeds ``iou_threshold`` (TensorFlow's ``NonMaxSuppressionV3``).",
        "",
        "        - **boxes** (Tensor) - ``(N, 4)`` corners ``[y1, x1, y2, x2]``.\n"
        "        - **scores** (Tensor) - ``(N,)``.\n"
        "        - **max_output_size** (Tensor) - The most boxes kept, a scalar.\n"
        "        - **iou_threshold** (Tensor) - A scalar.\n"
        "        - **score_threshold** (Tensor) - Boxes scoring at most this are dropped.",
        "        A 1-D int32 Tensor of the kept indices.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> boxes = ms.Tensor([[0, 0, 1, 1], [0, 0, 1, 1.1], [2, 2, 3, 3]], ms.float32)",
            ">>> sc = ms.Tensor([0.9, 0.8, 0.7], ms.float32)",
            ">>> print(P.NonMaxSuppressionV3()(boxes, sc, ms.Tensor(3), ms.Tensor(0.5), "
            "ms.Tensor(0.0)))",
            "[0 2]",
        ),
    ),
)
_row(
    "NonMaxSuppressionWithOverlaps",
    _nms_overlaps,
    (),
    _doc(
        "Greedy non-max suppression over a given overlap matrix.",
        "",
        "        - **overlaps** (Tensor) - ``(N, N)``.\n        - **scores** (Tensor) - ``(N,)``.\n"
        "        - **max_output_size** (Tensor) - A scalar.\n"
        "        - **overlap_threshold** (Tensor) - A scalar.\n"
        "        - **score_threshold** (Tensor) - A scalar.",
        "        A 1-D int32 Tensor of the kept indices.",
        "        ValueError: If the shapes do not fit.",
        _ex(
            ">>> ov = ms.Tensor([[1.0, 0.9, 0.0], [0.9, 1.0, 0.1], [0.0, 0.1, 1.0]], ms.float32)",
            ">>> sc = ms.Tensor([0.9, 0.8, 0.7], ms.float32)",
            ">>> print(P.NonMaxSuppressionWithOverlaps()(ov, sc, ms.Tensor(3), ms.Tensor(0.5), "
            "ms.Tensor(0.0)))",
            "[0 2]",
        ),
    ),
)
_row(
    "ParallelConcat",
    _parallel_concat,
    (),
    _doc(
        "Concatenates Tensors of shape ``(1, ...)`` along axis 0.",
        "",
        "        - **values** (Union[tuple, list]) - Tensors of one shape ``(1, ...)`` and dtype.",
        "        Tensor ``(len(values), ...)``.",
        "        TypeError: If ``values`` is not a tuple or list of Tensors.\n"
        "        ValueError: If the shapes or dtypes differ.",
        _ex(
            ">>> x = ms.Tensor([[1, 2]], ms.int32)",
            ">>> print(P.ParallelConcat()([x, x]))",
            "[[1 2]",
            " [1 2]]",
        ),
    ),
)

for _name, _call, _params, _d in _TABLE:
    globals()[_name] = declare(_name, _call, __name__, _params, _d)

__all__ = [name for name, _, _, _ in _TABLE]
