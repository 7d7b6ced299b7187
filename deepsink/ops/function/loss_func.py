"""Loss functions (``ops.kl_div``, ``ops.huber_loss``, ``ops.margin_ranking_loss``,
``ops.cosine_embedding_loss``, ``ops.soft_margin_loss``, ``ops.hinge_embedding_loss``,
``ops.gaussian_nll_loss``, ``ops.multilabel_soft_margin_loss``, ``ops.multi_margin_loss``,
``ops.triplet_margin_loss``, ``ops.multilabel_margin_loss``, ``ops.smooth_l1_loss``,
``ops.cosine_similarity``, ``ops.ctc_loss``). The ``nn`` loss Cells call these; each returns the
elementwise loss reduced by ``reduction`` ('mean', 'sum' or 'none')."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax

from deepsink._core.graphs import composite
from deepsink.common import dtype as mstype
from deepsink.common import indexing
from deepsink.common.concrete import concrete as _concrete
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import loss_core_func as C

_REDUCTIONS = ("mean", "sum", "none")


def _reduce(x: jax.Array, reduction: str, api: str) -> Tensor:
    if reduction not in _REDUCTIONS:
        U.fail(api, f"'reduction' must be one of {list(_REDUCTIONS)}, but got {reduction!r}")
    return Tensor._from(C.reduce_loss(x, reduction))


def _f(x: Any, api: str, arg: str) -> jax.Array:
    a = U.array(x, api, arg)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(api, f"'{arg}' must be a floating Tensor, but got dtype {a.dtype}", TypeError)
    return a


@amp_rule("KLDivLoss")
def kl_div(logits: Any, labels: Any, reduction: str = "mean") -> Tensor:
    """``labels * (log(labels) - logits)`` (0 where labels is 0); ``'batchmean'`` divides the sum
    by the batch size."""
    return kl_div_core(logits, labels, reduction, False)


def kl_div_core(logits: Any, labels: Any, reduction: str, log_target: bool) -> Tensor:
    """:func:`kl_div`, with ``labels`` given as log-probabilities when ``log_target`` (the form
    ``mint.nn.functional.kl_div`` also offers)."""
    x, y = _f(logits, "kl_div", "logits"), _f(labels, "kl_div", "labels")
    if log_target:
        loss = (jnp.exp(y) * (y - x)).astype(x.dtype)
    else:
        loss = jnp.where(y > 0, y * (jnp.log(jnp.where(y > 0, y, 1)) - x), 0).astype(x.dtype)
    if reduction == "batchmean":
        return Tensor._from(jnp.sum(loss) / (x.shape[0] if x.ndim else 1))
    return _reduce(loss, reduction, "kl_div")


def huber_loss(input: Any, target: Any, reduction: str = "mean", delta: float = 1.0) -> Tensor:
    """``0.5 d^2`` for ``|d| < delta``, else ``delta (|d| - 0.5 delta)``."""
    if delta <= 0:
        U.fail("huber_loss", f"'delta' must be greater than 0, but got {delta}")
    x, y = _f(input, "huber_loss", "input"), _f(target, "huber_loss", "target")
    return _reduce(optax.huber_loss(x, y, delta=delta), reduction, "huber_loss")


@amp_rule("SmoothL1Loss")
def smooth_l1_loss(input: Any, target: Any, beta: float = 1.0, reduction: str = "none") -> Tensor:
    """``0.5 d^2 / beta`` for ``|d| < beta``, else ``|d| - 0.5 beta``."""
    x, y = _f(input, "smooth_l1_loss", "input"), _f(target, "smooth_l1_loss", "target")
    return _reduce(C.smooth_l1(x, y, beta), reduction, "smooth_l1_loss")


def margin_ranking_loss(
    input1: Any, input2: Any, target: Any, margin: float = 0.0, reduction: str = "mean"
) -> Tensor:
    """``max(0, -target * (input1 - input2) + margin)``."""
    a = _f(input1, "margin_ranking_loss", "input1")
    b = U.array(input2, "margin_ranking_loss", "input2")
    t = U.array(target, "margin_ranking_loss", "target").astype(a.dtype)
    return _reduce(jax.nn.relu(-t * (a - b) + margin), reduction, "margin_ranking_loss")


def cosine_similarity(x1: Any, x2: Any, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """``x1 . x2 / max(|x1| |x2|, eps)`` along ``dim``."""
    a, b = _f(x1, "cosine_similarity", "x1"), _f(x2, "cosine_similarity", "x2")
    dot = jnp.sum(a * b, axis=dim)
    norm = jnp.linalg.norm(a, axis=dim) * jnp.linalg.norm(b, axis=dim)
    return Tensor._from(dot / jnp.maximum(norm, eps))


def cosine_embedding_loss(
    input1: Any, input2: Any, target: Any, margin: float = 0.0, reduction: str = "mean"
) -> Tensor:
    """``1 - cos(x1, x2)`` where target is 1, ``max(0, cos(x1, x2) - margin)`` where it is -1;
    the cosine is taken over the last axis (MindSpore's rule)."""
    a = _f(input1, "cosine_embedding_loss", "input1")
    b = _f(input2, "cosine_embedding_loss", "input2")
    t = U.array(target, "cosine_embedding_loss", "target")
    eps = 1e-12
    cos = jnp.sum(a * b, -1) / jnp.sqrt((jnp.sum(a * a, -1) + eps) * (jnp.sum(b * b, -1) + eps))
    loss = jnp.where(t == 1, 1 - cos, jnp.where(t == -1, jax.nn.relu(cos - margin), 0))
    return _reduce(loss.astype(a.dtype), reduction, "cosine_embedding_loss")


@amp_rule("SoftMarginLoss")
def soft_margin_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    """``log(1 + exp(-target * input))``."""
    x = _f(input, "soft_margin_loss", "input")
    y = U.array(target, "soft_margin_loss", "target").astype(x.dtype)
    return _reduce(jax.nn.softplus(-y * x), reduction, "soft_margin_loss")


def hinge_embedding_loss(
    inputs: Any, targets: Any, margin: float = 1.0, reduction: str = "mean"
) -> Tensor:
    """``x`` where target is 1, ``max(0, margin - x)`` where it is -1."""
    x = _f(inputs, "hinge_embedding_loss", "inputs")
    y = U.array(targets, "hinge_embedding_loss", "targets").astype(x.dtype)
    loss = jnp.where(y == 1, x, 0) + jnp.where(y == -1, jax.nn.relu(margin - x), 0)
    return _reduce(loss, reduction, "hinge_embedding_loss")


def poisson_nll_loss(
    input: Any,
    target: Any,
    log_input: bool = True,
    full: bool = False,
    eps: float = 1e-8,
    reduction: str = "mean",
) -> Tensor:
    """Poisson negative log likelihood; ``full`` adds Stirling's term for target > 1."""
    x = _f(input, "poisson_nll_loss", "input")
    y = U.array(target, "poisson_nll_loss", "target").astype(x.dtype)
    loss = jnp.exp(x) - y * x if log_input else x - y * jnp.log(x + eps)
    if full:
        stirling = (
            y * jnp.log(jnp.where(y > 1, y, 1))
            - y
            + 0.5 * jnp.log(2 * jnp.pi * jnp.where(y > 1, y, 1))
        )
        loss = loss + jnp.where(y > 1, stirling, 0)
    return _reduce(loss, reduction, "poisson_nll_loss")


def gaussian_nll_loss(
    x: Any, target: Any, var: Any, full: bool = False, eps: float = 1e-6, reduction: str = "mean"
) -> Tensor:
    """``0.5 (log(max(var, eps)) + (x - target)^2 / max(var, eps))`` (+ ``0.5 log(2 pi)`` when
    ``full``)."""
    a = _f(x, "gaussian_nll_loss", "x")
    t = U.array(target, "gaussian_nll_loss", "target").astype(a.dtype)
    v = U.array(var, "gaussian_nll_loss", "var").astype(a.dtype)
    if v.ndim == a.ndim - 1 or (v.ndim == a.ndim and v.shape[-1] == 1 and a.shape[-1] != 1):
        v = v.reshape(v.shape[: a.ndim - 1] + (1,))
    v = jnp.maximum(v, eps)
    loss = 0.5 * (jnp.log(v) + (a - t) ** 2 / v)
    if full:
        loss = loss + 0.5 * jnp.log(2 * jnp.pi)
    return _reduce(loss, reduction, "gaussian_nll_loss")


def multilabel_soft_margin_loss(
    input: Any, target: Any, weight: Any = None, reduction: str = "mean"
) -> Tensor:
    """Mean over classes of the binary cross entropy of ``sigmoid(input)`` against ``target``."""
    x = _f(input, "multilabel_soft_margin_loss", "input")
    y = U.array(target, "multilabel_soft_margin_loss", "target").astype(x.dtype)
    loss = -(y * jax.nn.log_sigmoid(x) + (1 - y) * jax.nn.log_sigmoid(-x))
    if weight is not None:
        loss = loss * U.array(weight, "multilabel_soft_margin_loss", "weight").astype(x.dtype)
    return _reduce(jnp.mean(loss, axis=-1), reduction, "multilabel_soft_margin_loss")


@amp_rule("MultiMarginLoss")
def multi_margin_loss(
    input: Any,
    target: Any,
    p: int = 1,
    margin: float = 1,
    weight: Any = None,
    reduction: str = "mean",
) -> Tensor:
    """Multi-class hinge: ``sum_{j != y} max(0, margin - x[y] + x[j])^p / C`` (scaled by
    ``weight[y]``)."""
    if p not in (1, 2):
        U.fail("multi_margin_loss", f"'p' must be 1 or 2, but got {p}")
    x = _f(input, "multi_margin_loss", "input")
    y = U.array(target, "multi_margin_loss", "target").astype(jnp.int32)
    xy = jnp.take_along_axis(x, y[:, None], axis=1)
    m = jax.nn.relu(margin - xy + x) ** p
    if weight is not None:
        w = U.array(weight, "multi_margin_loss", "weight").astype(x.dtype)
        m = m * w[y][:, None]
    m = jnp.where(jax.nn.one_hot(y, x.shape[1], dtype=bool), 0, m)
    return _reduce(jnp.sum(m, axis=1) / x.shape[1], reduction, "multi_margin_loss")


@amp_rule("MultilabelMarginLoss")
def multilabel_margin_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    """Multi-label hinge: targets are class indices, ended by the first -1; for each target ``j``
    and non-target ``i``: ``max(0, 1 - (x[j] - x[i])) / C``."""
    x = _f(input, "multilabel_margin_loss", "input")
    y = U.array(target, "multilabel_margin_loss", "target").astype(jnp.int32)
    single = x.ndim == 1
    if single:
        x, y = x[None], y[None]
    c = x.shape[1]
    valid = jnp.cumprod(y >= 0, axis=1).astype(bool)  # targets before the first -1
    is_target = jnp.zeros_like(x, bool)
    is_target = jnp.any(jax.nn.one_hot(jnp.where(valid, y, c), c + 1, dtype=bool)[..., :c], axis=1)
    xj = jnp.take_along_axis(x, jnp.where(valid, y, 0), axis=1)  # (N, C) target scores
    hinge = jax.nn.relu(1 - (xj[:, :, None] - x[:, None, :]))  # (N, j, i)
    mask = valid[:, :, None] & ~is_target[:, None, :]
    loss = jnp.sum(jnp.where(mask, hinge, 0), axis=(1, 2)) / c
    if single:
        loss = loss[0]
    return _reduce(loss.astype(x.dtype), reduction, "multilabel_margin_loss")


@amp_rule("TripletMarginLoss")
def triplet_margin_loss(
    anchor: Any,
    positive: Any,
    negative: Any,
    margin: float = 1.0,
    p: int = 2,
    eps: float = 1e-6,
    swap: bool = False,
    reduction: str = "mean",
) -> Tensor:
    """``max(0, d(a, p) - d(a, n) + margin)`` with the p-norm distance over the last axis
    (``swap``: the smaller of d(a, n) and d(p, n))."""
    a = _f(anchor, "triplet_margin_loss", "anchor")
    pos = U.array(positive, "triplet_margin_loss", "positive").astype(a.dtype)
    neg = U.array(negative, "triplet_margin_loss", "negative").astype(a.dtype)

    def dist(u, v):
        return jnp.sum(jnp.abs(u - v + eps) ** p, axis=-1) ** (1.0 / p)

    d_pos, d_neg = dist(a, pos), dist(a, neg)
    if swap:
        d_neg = jnp.minimum(d_neg, dist(pos, neg))
    return _reduce(jax.nn.relu(d_pos - d_neg + margin), reduction, "triplet_margin_loss")


_CTC_LOG_ZERO = -1e5  # log(0) in the forward pass: finite, so that gradients stay finite


def _ctc_forward(lp: Any, t: Any, in_len: Any, tg_len: Any, blank: int) -> tuple[Any, Any]:
    """The CTC forward pass: per-sample negative log-likelihoods (N,) and ``log_alpha``
    (N, T, 2S + 1) over the blank-extended targets, ``-inf`` where unreachable (after the input's
    length, past the target's extended length, or no alignment at all).

    The gradient with respect to ``lp`` is MindSpore's (and PyTorch's): ``exp(lp) - posterior``
    at each step within the input's length, the gradient through a log-softmax of ``lp``, which
    the value leaves out (``lp`` is taken as already normalized, as given)."""
    normalized = jax.nn.log_softmax(lp, axis=-1)
    lp = normalized - lax.stop_gradient(normalized - lp)  # the value of lp, log-softmax's gradient
    steps, n, _ = lp.shape
    s = t.shape[1]
    width = 2 * s + 1
    ext = jnp.full((n, width), blank, jnp.int32).at[:, 1::2].set(t)
    skip = (
        jnp.zeros((n, width), bool)
        .at[:, 2:]
        .set((ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2]))
    )
    emit = jnp.take_along_axis(lp, jnp.broadcast_to(ext[None], (steps, n, width)), axis=2)
    log_zero = jnp.asarray(_CTC_LOG_ZERO, lp.dtype)
    first = jnp.full((n, width), log_zero, lp.dtype).at[:, 0].set(emit[0, :, 0])
    first = first.at[:, 1].set(jnp.where(tg_len > 0, emit[0, :, 1], log_zero))
    pad1 = jnp.full((n, 1), log_zero, lp.dtype)
    pad2 = jnp.full((n, 2), log_zero, lp.dtype)

    def step(alpha, e):
        one = jnp.concatenate([pad1, alpha[:, :-1]], axis=1)
        two = jnp.where(skip, jnp.concatenate([pad2, alpha[:, :-2]], axis=1), log_zero)
        new = jnp.maximum(jnp.logaddexp(jnp.logaddexp(alpha, one), two) + e, log_zero)
        return new, new

    _, rest = lax.scan(step, first, emit[1:])
    alphas = jnp.swapaxes(jnp.concatenate([first[None], rest]), 0, 1)  # (N, T, 2S + 1)
    last = jnp.clip(in_len - 1, 0, steps - 1)
    end = jnp.take_along_axis(alphas, last[:, None, None], axis=1)[:, 0]  # (N, 2S + 1)
    final = jnp.logaddexp(
        jnp.take_along_axis(end, (2 * tg_len)[:, None], axis=1)[:, 0],
        jnp.where(
            tg_len > 0,
            jnp.take_along_axis(end, jnp.maximum(2 * tg_len - 1, 0)[:, None], axis=1)[:, 0],
            log_zero,
        ),
    )
    dead = final <= _CTC_LOG_ZERO / 2
    loss = jnp.where(dead, jnp.inf, -final)
    reach = (jnp.arange(steps)[None, :, None] < in_len[:, None, None]) & (
        jnp.arange(width)[None, None, :] < (2 * tg_len + 1)[:, None, None]
    )
    log_alpha = jnp.where(reach & (alphas > _CTC_LOG_ZERO / 2), alphas, -jnp.inf)
    return loss, log_alpha


def _ctc_kernel(a: Any, lab: Any, lab_len: Any, lengths: Any, merge: bool) -> tuple[Any, Any]:
    """``CTCLoss``'s per-sample losses (B,) and gradient (T, B, C) as MindSpore's CPU kernel
    computes them from logits ``a`` (T, B, C), dense labels ``lab`` (B, L) of lengths
    ``lab_len`` and the sequence lengths: the forward and backward variables over the
    blank-extended labels (the blank last), each step restricted to the states that can still
    end the labels, ``merge``: ``ctc_merge_repeated`` (False: only a blank repeats, and
    a label may follow an equal one directly). The loss is ``-log sum(alpha * beta)`` at the
    first step and the gradient ``softmax - posterior`` over each sequence's steps (0 after it,
    and 0 for a sequence with no alignment, loss ``inf``). As the kernel, a sequence with no
    labels starts its backward variables at 0 on its last two steps, so its loss is
    ``-sum(log y_blank[:T-1]) - log(1 + y_blank[T-1])``."""
    steps, batch, classes = a.shape
    blank = classes - 1
    lp = jax.nn.log_softmax(a.astype(jnp.float32), axis=-1)
    width = 2 * lab.shape[1] + 1
    ext = jnp.full((batch, width), blank, jnp.int32).at[:, 1::2].set(lab.astype(jnp.int32))
    used = (2 * lab_len + 1)[:, None]  # U per sequence
    u = jnp.arange(width)[None, :]
    ext = jnp.where(u < used, ext, blank)
    is_blank = ext == blank
    stay = jnp.full_like(is_blank, True) if merge else is_blank
    prev2 = jnp.concatenate([jnp.full((batch, 2), -1, jnp.int32), ext[:, :-2]], axis=1)
    skip_in = (u > 1) & ~is_blank & ~(merge & (ext == prev2))
    next2 = jnp.concatenate([ext[:, 2:], jnp.full((batch, 2), -1, jnp.int32)], axis=1)
    skip_out = (u + 2 < used) & ~is_blank & ~(merge & (ext == next2))
    emit = jnp.take_along_axis(lp, jnp.broadcast_to(ext[None], (steps, batch, width)), axis=2)
    ninf = jnp.asarray(-jnp.inf, jnp.float32)
    seq = lengths.astype(jnp.int32)[:, None]

    def window(t: Any) -> Any:  # the states the kernel visits at step t
        return (u >= jnp.maximum(0, used - 2 * (seq - t))) & (u < jnp.minimum(used, 2 * (t + 1)))

    def shift(x: Any, k: int) -> Any:  # x[u - k] (k > 0) or x[u + |k|] (k < 0), -inf outside
        pad = jnp.full((batch, abs(k)), ninf)
        return jnp.concatenate([pad, x[:, :-k]] if k > 0 else [x[:, -k:], pad], axis=1)

    alpha0 = jnp.where((u == 0) | ((u == 1) & (used > 1)), emit[0], ninf)

    def forward(alpha: Any, xs: Any) -> tuple[Any, Any]:
        t, e = xs
        s = jnp.where(stay, alpha, ninf)
        s = jnp.logaddexp(s, shift(alpha, 1))
        s = jnp.where(skip_in, jnp.logaddexp(s, shift(alpha, 2)), s)
        new = jnp.where(window(t) & (t < seq), e + s, ninf)
        return new, new

    _, rest = lax.scan(forward, alpha0, (jnp.arange(1, steps), emit[1:]))
    alpha = jnp.concatenate([alpha0[None], rest])  # (T, B, U)

    def backward(beta: Any, xs: Any) -> tuple[Any, Any]:
        t, e_next = xs  # beta: the variables at t + 1, e_next: the emissions at t + 1
        last = t == seq - 1
        ends = (u < used) & jnp.where(used > 1, u >= used - 2, u == 0)
        preset = jnp.where((last & ends) | ((t == seq - 2) & (used == 1) & (u == 0)), 0.0, ninf)
        b = beta + e_next
        s = jnp.where(stay, jnp.logaddexp(preset, b), preset)
        s = jnp.logaddexp(s, shift(b, -1))
        s = jnp.where(skip_out, jnp.logaddexp(s, shift(b, -2)), s)
        new = jnp.where(last, preset, jnp.where((t < seq - 1) & window(t), s, preset))
        return new, new

    emit_next = jnp.concatenate([emit[1:], jnp.full((1, batch, width), ninf)])
    start = jnp.full((batch, width), ninf)
    _, beta = lax.scan(backward, start, (jnp.arange(steps), emit_next), reverse=True)
    log_pzx = jax.nn.logsumexp(alpha[0] + beta[0], axis=-1)  # (B,)
    alive = jnp.isfinite(log_pzx)
    post = jnp.exp(alpha + beta - jnp.where(alive, log_pzx, 0.0)[None, :, None])
    per_class = jnp.einsum("tbu,buc->tbc", post, jax.nn.one_hot(ext, classes, dtype=post.dtype))
    inside = (jnp.arange(steps)[:, None] < lengths[None, :]) & alive[None, :]
    grad = jnp.where(inside[..., None], jnp.exp(lp) - per_class, 0.0)
    return -log_pzx, grad


def _ctc_inputs(
    log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any, api: str
) -> tuple[Any, Any, Any, Any]:
    lp = U.array(log_probs, api, "log_probs")
    if lp.dtype not in (np.float32, np.float64):  # 2.10's CTCLossV2 kernels: float32/float64
        raise TypeError(
            f"For primitive[CTCLossV2], the input argument[log_probs] must be a type of "
            f"{{Tensor[Float32], Tensor[Float64]}}, but got Tensor[{mstype.from_np(lp.dtype)}]."
        )
    t = U.array(targets, api, "targets")
    in_len = U.array(_ctc_length_arg(input_lengths, "input_lengths"), api, "input_lengths")
    tg_len = U.array(_ctc_length_arg(target_lengths, "target_lengths"), api, "target_lengths")
    for arg, value, ndim in (
        ("log_probs", lp, 3),  # (T, N, C)
        ("targets", t, 2),  # (N, S)
        ("input_lengths", in_len, 1),  # (N,)
        ("target_lengths", tg_len, 1),
    ):
        if value.ndim != ndim:  # 2.10's words
            raise ValueError(
                f"For primitive[CTCLossV2], the dim of {arg} must be equal to {ndim} , but got "
                f"{value.ndim}."
            )
    if t.shape[0] != lp.shape[1]:
        U.fail(api, f"'targets' must be (B, S) with B={lp.shape[1]}, but got {list(t.shape)}")
    _ctc_check_lengths(lp.shape[0], t.shape[1], in_len, tg_len)
    return lp, t, in_len, tg_len


def _ctc_length_arg(value: Any, arg: str) -> Any:
    """A length argument of ``CTCLossV2``: an int32/int64 Tensor or a tuple/list of ints, else
    MindSpore's TypeError in its words."""
    head = "For primitive[CTCLossV2], the input argument"
    if isinstance(value, Tensor):
        name = str(value.dtype)
        if name not in ("Int32", "Int64"):
            raise TypeError(
                f"{head}[{arg}] must be a type of {{Tensor[Int32], Tensor[Int64]}}, but got "
                f"Tensor[{name}]."
            )
        return value
    if isinstance(value, tuple | list):
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int | np.integer):
                kinds = {bool: "Bool", np.bool_: "Bool", float: "Float32"}
                got = kinds.get(type(v), type(v).__name__)
                raise TypeError(f"{head}[{arg}] must be a type of {{Int32, Int64}}, but got {got}.")
        return value
    raise TypeError(
        f"For primitive[CTCLossV2], the input AbstractScalar must be a tuple or a tensor with all "
        f"Int elements, but got {value!r} for '{arg}'."
    )


def _ctc_check_lengths(steps: int, width: int, in_len: Any, tg_len: Any) -> None:
    """MindSpore's CTCLossV2 kernel checks, in its words (a ``RuntimeError``, as its failed
    launch): each target length in ``[0, S]``, each input length at most ``T``, non-negative and
    not below its target length. Lengths known only when a compiled program runs are checked
    then."""
    known_in, known_tg = _concrete(in_len), _concrete(tg_len)
    if isinstance(known_in, jax.core.Tracer) or isinstance(known_tg, jax.core.Tracer):
        in_len, tg_len = in_len.astype(jnp.int32), tg_len.astype(jnp.int32)
        indexing.check_range(
            tg_len,
            width + 1,
            "For 'CTCLossV2', a target length {} is negative or larger than "
            f"target.shape[1] = {width}.",
            RuntimeError,
            negative=False,
        )
        indexing.check_range(
            in_len - tg_len,
            None,
            "For 'CTCLossV2', an input length is smaller than its target length (by {}).",
            RuntimeError,
            negative=False,
        )
        return
    ins, tgs = np.asarray(known_in), np.asarray(known_tg)
    for i, v in enumerate(tgs.tolist()):
        if v < 0 or v > width:
            raise RuntimeError(
                f"For 'CTCLossV2', the target_lengths[{i}] = {v} is negative or larger than "
                f"target.shape[1] = {width}."
            )
    for b, (v, w) in enumerate(zip(ins.tolist(), tgs.tolist(), strict=False)):
        if v > steps:
            raise RuntimeError(
                f"For 'CTCLossV2', the input_lengths[{b}] = {v} should be not greater than "
                f"probs.shape[0] = {steps}"
            )
        if v < 0 or v < w:
            raise RuntimeError(
                f"For 'CTCLossV2', the input_lengths[{b}] = {v} should be non-negative and not "
                f"smaller than tar_len_p[{b}] = {w}"
            )


def _ctc_sparse_labels(idx: Any, vals: Any, batch: int, classes: int, collapse: bool) -> tuple:
    """``CTCLoss``'s sparse labels as dense ``(B, L)`` labels and their lengths, on the device
    (the indices may be values of a compiled program), by MindSpore's CPU kernel rule: row ``b``
    takes as many of ``labels_values`` (in their order) as ``labels_indices[:, 0]`` names ``b``
    (the positions in ``labels_indices[:, 1]`` are not read), after the rows before it; with
    ``collapse`` a value equal to the one before it is dropped; values from the blank
    (``classes - 1``) on are dropped. Also what :func:`_ctc_sparse_checks` checks: the rows, and
    per label (B, L) whether it follows a dropped blank, its position and value."""
    n = vals.shape[0]
    rows = idx[:, 0].astype(jnp.int64) if n else jnp.zeros((0,), jnp.int64)
    count = jax.ops.segment_sum(jnp.ones((n,), jnp.int32), rows, batch)
    start = jnp.cumsum(count) - count
    pos = jnp.arange(max(n, 1), dtype=jnp.int32)[None, :]
    inside = pos < count[:, None]
    lab = vals.astype(jnp.int64)[jnp.clip(start[:, None] + pos, 0, max(n - 1, 0))] if n else pos
    lab = jnp.where(inside, lab, 0)
    prev = jnp.concatenate([jnp.full((batch, 1), -1, lab.dtype), lab[:, :-1]], axis=1)
    seen = inside & ((pos == 0) | (lab != prev) | (not collapse))
    blank = (lab < 0) | (lab >= classes - 1)  # a uint32 in the kernel: a negative is large
    keep = seen & ~blank
    after_blank = keep & (jnp.cumsum(seen & blank, axis=1) > 0)
    at = jnp.where(keep, jnp.cumsum(keep, axis=1) - 1, pos.shape[1])
    dense = jnp.zeros((batch, pos.shape[1]), jnp.int32)
    dense = dense.at[jnp.arange(batch)[:, None], at].set(lab.astype(jnp.int32), mode="drop")
    return dense, keep.sum(axis=1).astype(jnp.int32), (rows, after_blank, lab)


def _ctc_sparse_checks(
    steps: int, lengths: Any, lab_len: Any, found: tuple, ignore_longer: bool
) -> None:
    """MindSpore's CTCLoss kernel checks, in its order and words (``RuntimeError``): at once for
    known values, else when the compiled program runs."""
    arrays = [_concrete(x) for x in (lengths, lab_len, *found)]
    if not any(isinstance(x, jax.core.Tracer) for x in arrays):
        arrays = [np.asarray(x) for x in arrays]  # known: checked on the host, nothing compiled
    lengths, lab_len, rows, after_blank, lab = arrays
    batch = lengths.shape[0]
    lengths = lengths.astype(np.int32)
    indexing.check_where(
        lengths <= 0,
        (lengths,),
        "For 'CTCLoss, the 'sequence_length' must be greater than 0, but got {}.",
        RuntimeError,
    )
    indexing.check_where(
        lengths > steps,
        (lengths,),
        "For 'CTCLoss, the 'max_time'(the 1st dimension value of "
        f"'probs') must be greater than or equal to 'sequence_length', but got 'max_time': {steps} "
        "and 'sequence_length': {}",
        RuntimeError,
    )
    indexing.check_where(
        (rows < 0) | (rows >= batch),
        (rows,),
        "For 'CTCLoss, 'index' must be less than the length "
        "of 'label', but got 'index': {} and the length of 'label': " + str(batch),
        RuntimeError,
    )
    indexing.check_where(
        after_blank,
        (np.arange(lab.shape[1])[None, :], lab),
        "For 'CTCLoss', the value of "
        "labels_values[{}] must be in the range of [0, num_classes), but got {}",
        RuntimeError,
    )
    if not ignore_longer:
        indexing.check_where(
            lab_len > lengths,
            (lengths, lab_len),
            "For 'CTCLoss, input time(sequence length) must "
            "be greater than output size(label length), but got sequence length: {} and label "
            "length: {}",
            RuntimeError,
        )
    # the kernel's backward variables need two steps (2.10's words for a length of 1)
    indexing.check_where(
        lengths == 1,
        (lengths,),
        "Failure info [For CTCLoss, the length of log_beta_b must be greater than 1!]: a "
        "'sequence_length' is {}; CTCLoss's kernel needs at least 2 steps",
        RuntimeError,
    )


@composite(static_argnames=("blank", "reduction", "zero_infinity"))
def _ctc_loss(
    lp: Any, t: Any, in_len: Any, tg_len: Any, *, blank: int, reduction: str, zero_infinity: bool
) -> tuple[Any, Any]:
    """The reduced loss and ``log_alpha``, one compiled program per signature op by op."""
    t, in_len, tg_len = t.astype(jnp.int32), in_len.astype(jnp.int32), tg_len.astype(jnp.int32)
    loss, log_alpha = _ctc_forward(lp, t, in_len, tg_len, blank)
    if zero_infinity:
        loss = jnp.where(jnp.isinf(loss), 0, loss)
    if reduction == "mean":
        return jnp.mean(loss / jnp.maximum(tg_len, 1).astype(loss.dtype)), log_alpha
    return _reduce(loss, reduction, "ctc_loss")._data, log_alpha


def ctc_loss(
    log_probs: Any,
    targets: Any,
    input_lengths: Any,
    target_lengths: Any,
    blank: int = 0,
    reduction: str = "mean",
    zero_infinity: bool = False,
) -> tuple[Tensor, Tensor]:
    """Connectionist temporal classification over ``log_probs`` (T, N, C) and ``targets``
    (N, S): ``(neg_log_likelihood, log_alpha)`` as MindSpore's ``ops.ctc_loss``, the loss
    reduced by ``reduction`` ('mean' divides each loss by its target length, then averages;
    an impossible alignment's loss is ``inf``, or 0 with ``zero_infinity``) and ``log_alpha``
    (N, T, 2S + 1) the forward variables over the blank-extended targets."""
    lp, t, in_len, tg_len = _ctc_inputs(
        log_probs, targets, input_lengths, target_lengths, "ctc_loss"
    )
    if reduction not in _REDUCTIONS:  # 2.10's words
        U.fail(
            "ctc_loss",
            f"the 'reduction' must be str and must be in '['none', 'sum', 'mean']', but got "
            f"{reduction!r}.",
        )
    loss, log_alpha = _ctc_loss(
        lp, t, in_len, tg_len, blank=blank, reduction=reduction, zero_infinity=bool(zero_infinity)
    )
    return Tensor._from(loss), Tensor._from(log_alpha)
