"""Sequence computations behind primitives that have no functional twin in MindSpore 2.10:
the Levenshtein distance of sparse sequences (``EditDistance``), n-gram blocking in beam search
(``NoRepeatNGram``), the accidental hits of a candidate sampler (``ComputeAccidentalHits``), the
RNN-Transducer loss (``RNNTLoss``) and the embedding-cache index maps (``MapUniform``,
``SubAndFilter``).

Where the output's length depends on the input's values (edit distance's shape inputs, the hits,
the filter) the computation runs on concrete data and raises ``ValueDependentShapeError`` inside
a compiled function, as ``unique`` does.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core.graphs import composite
from deepsink._core.validate import ValueDependentShapeError
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def concrete(a: jax.Array, api: str, arg: str) -> np.ndarray:
    """``a``'s values on the host; a clear error inside a compiled function."""
    if isinstance(a, jax.core.Tracer):
        U.fail(
            api,
            f"the output shape depends on the values of '{arg}', so it cannot run inside "
            "a compiled (GRAPH_MODE / jit) function; call it in PyNative mode",
            ValueDependentShapeError,
        )
    return np.asarray(a)


def _int_tensor(x: Any, api: str, arg: str, ndim: int | None = None) -> jax.Array:
    a = U.array(x, api, arg)
    if not jnp.issubdtype(a.dtype, jnp.integer):
        U.fail(api, f"'{arg}' must be an integer Tensor, but got {a.dtype}", TypeError)
    if ndim is not None and a.ndim != ndim:
        U.fail(api, f"'{arg}' must be {ndim}-D, but got shape {list(a.shape)}")
    return a


def _levenshtein(a: list, b: list) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def _sparse_rows(idx: np.ndarray, val: np.ndarray) -> dict:
    rows: dict = {}
    for k in np.lexsort(idx.T[::-1]):
        rows.setdefault(tuple(idx[k, :-1]), []).append(val[k].item())
    return rows


def edit_distance(
    hypothesis_indices: Any,
    hypothesis_values: Any,
    hypothesis_shape: Any,
    truth_indices: Any,
    truth_values: Any,
    truth_shape: Any,
    normalize: bool = True,
) -> Tensor:
    """The Levenshtein distance between the sequences of two sparse Tensors (COO ``indices``,
    ``values``, dense ``shape``; a sequence runs along the last axis), Float32 of shape
    ``max(hypothesis_shape, truth_shape)[:-1]``; ``normalize`` divides by the truth's length
    (``inf`` where the truth is empty and the hypothesis is not)."""
    api = "EditDistance"
    parts = []
    for kind, (i, v, s) in (
        ("hypothesis", (hypothesis_indices, hypothesis_values, hypothesis_shape)),
        ("truth", (truth_indices, truth_values, truth_shape)),
    ):
        ia = _int_tensor(i, api, f"{kind}_indices", 2)
        va = U.array(v, api, f"{kind}_values")
        sa = _int_tensor(s, api, f"{kind}_shape", 1)
        if va.ndim != 1 or va.shape[0] != ia.shape[0] or ia.shape[1] != sa.shape[0]:
            U.fail(
                api,
                f"'{kind}_indices' {list(ia.shape)}, '{kind}_values' {list(va.shape)} "
                f"and '{kind}_shape' {list(sa.shape)} must be (N, R), (N,) and (R,)",
            )
        parts.append(
            (
                concrete(ia, api, f"{kind}_indices"),
                concrete(va, api, f"{kind}_values"),
                concrete(sa, api, f"{kind}_shape"),
            )
        )
    (hi, hv, hs), (ti, tv, ts) = parts
    if hs.shape != ts.shape:
        U.fail(
            api,
            f"'hypothesis_shape' and 'truth_shape' must have one rank, but got "
            f"{hs.tolist()} and {ts.tolist()}",
        )
    if hv.dtype != tv.dtype:
        U.fail(
            api,
            f"'hypothesis_values' and 'truth_values' must have one dtype, but got "
            f"{hv.dtype} and {tv.dtype}",
            TypeError,
        )
    out_shape = tuple(int(v) for v in np.maximum(hs, ts)[:-1])
    hyp, tru = _sparse_rows(hi, hv), _sparse_rows(ti, tv)
    out = np.zeros(out_shape, np.float32)
    for pos in set(hyp) | set(tru):
        h, t = hyp.get(pos, []), tru.get(pos, [])
        d = float(_levenshtein(h, t))
        if normalize:
            d = d / len(t) if t else (np.inf if h else 0.0)
        out[pos] = d
    return Tensor._from(jnp.asarray(out))


def no_repeat_ngram(state_seq: Any, log_probs: Any, ngram_size: int) -> Tensor:
    """``log_probs`` with every word that would repeat an n-gram of ``state_seq`` set to the
    dtype's lowest finite value: for each (batch, beam), the words that followed an earlier
    occurrence of the last ``ngram_size - 1`` words."""
    api = "NoRepeatNGram"
    seq = _int_tensor(state_seq, api, "state_seq", 3)
    lp = U.array(log_probs, api, "log_probs")
    if not jnp.issubdtype(lp.dtype, jnp.floating):
        U.fail(api, f"'log_probs' must be a float Tensor, but got {lp.dtype}", TypeError)
    if lp.ndim != 3 or lp.shape[:2] != seq.shape[:2]:
        U.fail(
            api,
            f"'log_probs' must be 3-D with the (batch, beam) of 'state_seq' "
            f"{list(seq.shape[:2])}, but got shape {list(lp.shape)}",
        )
    m, n = seq.shape[-1], ngram_size
    if n > m:
        U.fail(
            api,
            f"the ngram_size must be less than or equal to state_seq shape[2] which is "
            f"{m}, but got {n}",
        )
    prefix = seq[..., m - n + 1 :]
    banned = jnp.zeros(lp.shape, jnp.bool_)
    vocab = jnp.arange(lp.shape[-1])
    for i in range(m - n + 1):
        hit = jnp.all(seq[..., i : i + n - 1] == prefix, axis=-1, keepdims=True)
        banned = banned | (hit & (vocab == seq[..., i + n - 1 : i + n]))
    low = jnp.asarray(jnp.finfo(lp.dtype).min, lp.dtype)
    return Tensor._from(jnp.where(banned, low, lp))


def compute_accidental_hits(
    true_classes: Any, sampled_candidates: Any, num_true: int
) -> tuple[Tensor, Tensor, Tensor]:
    """Where a sampled candidate equals one of a row's true classes: the row (Int32), the
    candidate's position (the candidates' dtype) and the weight ``-FLOAT_MAX`` (Float32), one
    entry per (row, true class, matching candidate), row by row."""
    api = "ComputeAccidentalHits"
    tc = _int_tensor(true_classes, api, "true_classes", 2)
    sc = _int_tensor(sampled_candidates, api, "sampled_candidates", 1)
    if tc.shape[1] != num_true:
        U.fail(
            api,
            f"'true_classes' must have {num_true} (num_true) columns, but got shape "
            f"{list(tc.shape)}",
        )
    t = concrete(tc, api, "true_classes")
    s = concrete(sc, api, "sampled_candidates")
    rows, ids = [], []
    for i, row in enumerate(t):
        for k in row:
            j = np.nonzero(s == k)[0]
            rows.extend([i] * j.size)
            ids.extend(j.tolist())
    weights = np.full(len(rows), np.finfo(np.float32).min, np.float32)
    return (
        Tensor._from(jnp.asarray(np.asarray(rows, np.int32))),
        Tensor._from(jnp.asarray(np.asarray(ids, s.dtype))),
        Tensor._from(jnp.asarray(weights)),
    )


def map_uniform(input: Any, per_group_size: int, group_num: int) -> Tensor:
    """``input % group_num * per_group_size + input // group_num``: spreads consecutive keys
    over ``group_num`` groups of ``per_group_size``."""
    a = _int_tensor(input, "MapUniform", "input")
    for name, v in (("per_group_size", per_group_size), ("group_num", group_num)):
        v = v.item() if isinstance(v, Tensor) else v
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            U.fail(
                "MapUniform",
                f"'{name}' must be a positive int, but got {v!r}",
                TypeError if not isinstance(v, int) else ValueError,
            )
    g = int(group_num.item() if isinstance(group_num, Tensor) else group_num)
    p = int(per_group_size.item() if isinstance(per_group_size, Tensor) else per_group_size)
    return Tensor._from((a % g * p + a // g).astype(a.dtype))


def sub_and_filter(input_x: Any, max_num: int, offset: int) -> tuple[Tensor, Tensor]:
    """``input_x - offset`` where that lies in ``[0, max_num)``, and the positions it came from."""
    api = "SubAndFilter"
    a = concrete(_int_tensor(input_x, api, "input_x"), api, "input_x").reshape(-1)
    vals = []
    for name, v in (("max_num", max_num), ("offset", offset)):
        v = v.item() if isinstance(v, Tensor) else v
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            U.fail(api, f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
        vals.append(int(v))
    y = a - vals[1]
    keep = np.nonzero((y >= 0) & (y < vals[0]))[0]
    return (
        Tensor._from(jnp.asarray(y[keep].astype(a.dtype))),
        Tensor._from(jnp.asarray(keep.astype(a.dtype))),
    )


# --- RNN-Transducer loss ------------------------------------------------------------------------
def _rnnt_costs(
    acts: jax.Array, labels: jax.Array, t_len: jax.Array, u_len: jax.Array, blank: int
) -> jax.Array:
    """The negative log-likelihood of each label sequence over the (T, U+1) lattice of
    ``log_softmax(acts)`` (Graves 2012), by a forward recursion in log space."""
    lp = jax.nn.log_softmax(acts.astype(jnp.float32), axis=-1)  # (B, T, U1, V)
    b, t, u1, _ = lp.shape
    blank_lp = lp[..., blank]  # (B, T, U1)
    lab = jnp.concatenate([labels, jnp.zeros((b, 1), labels.dtype)], axis=1)[:, :u1]
    emit_lp = jnp.take_along_axis(lp, lab[:, None, :, None].astype(jnp.int32), axis=-1)[..., 0]
    neg = jnp.float32(-jnp.inf)

    def row(prev, tt):
        # alpha[t, u] = logaddexp(alpha[t-1, u] + blank[t-1, u], alpha[t, u-1] + emit[t, u-1])
        from_above = jnp.where(
            tt == 0, jnp.where(jnp.arange(u1) == 0, 0.0, neg), prev + blank_lp[:, tt - 1]
        )

        def step(left, inp):
            above, em = inp
            cur = jnp.logaddexp(above, left + em)
            return cur, cur

        first = from_above[:, 0]
        _, rest = lax.scan(step, first, (from_above[:, 1:].T, emit_lp[:, tt, :-1].T))
        cur = jnp.concatenate([first[:, None], rest.T], axis=1)
        return cur, cur

    _, alphas = lax.scan(row, jnp.full((b, u1), neg), jnp.arange(t))  # (T, B, U1)
    alphas = jnp.moveaxis(alphas, 0, 1)
    bi = jnp.arange(b)
    last_t = t_len.astype(jnp.int32) - 1
    last_u = u_len.astype(jnp.int32)
    return -(alphas[bi, last_t, last_u] + blank_lp[bi, last_t, last_u])


def rnnt_loss(
    acts: Any, labels: Any, input_lengths: Any, label_lengths: Any, blank_label: int = 0
) -> tuple[Tensor, Tensor]:
    """The RNN-T loss of each batch entry and its gradient with respect to ``acts``
    ``(B, T, U+1, V)`` (the logits, normalized by ``log_softmax`` over V)."""
    api = "RNNTLoss"
    a = U.array(acts, api, "acts")
    if a.dtype not in (jnp.float16, jnp.float32):
        U.fail(api, f"'acts' must be float16 or float32, but got {a.dtype}", TypeError)
    lab = _int_tensor(labels, api, "labels", 2)
    tl = _int_tensor(input_lengths, api, "input_lengths", 1)
    ul = _int_tensor(label_lengths, api, "label_lengths", 1)
    if (
        a.ndim != 4
        or lab.shape != (a.shape[0], a.shape[2] - 1)
        or tl.shape[0] != a.shape[0]
        or ul.shape[0] != a.shape[0]
    ):
        U.fail(
            api,
            f"'acts' must be (B, T, U+1, V) with 'labels' (B, U) and the lengths (B,), "
            f"but got {list(a.shape)}, {list(lab.shape)}, {list(tl.shape)}, "
            f"{list(ul.shape)}",
        )
    costs, grads = _rnnt_loss_and_grad(a, lab, tl, ul, blank=blank_label)
    return Tensor._from(costs), Tensor._from(grads)


@composite(static_argnames=("blank",))
def _rnnt_loss_and_grad(a: Any, lab: Any, tl: Any, ul: Any, *, blank: int) -> tuple[Any, Any]:
    """The costs of :func:`_rnnt_costs` and their gradient, in ``a``'s dtype."""
    costs, vjp = jax.vjp(lambda x: _rnnt_costs(x, lab, tl, ul, blank), a)
    grads = vjp(jnp.ones_like(costs))[0]
    return costs.astype(a.dtype), grads.astype(a.dtype)
