"""Neural-network ops (``ops.relu``, ``ops.softmax``, ``ops.dropout``, ``ops.conv2d``, losses, ...).

Plain lax/jnp versions: layers in ``deepsink.nn`` may choose a different lowering (for example for
convolutions inside the sink loop on CPU); these are the reference semantics.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core import conv as _conv
from deepsink._core import kernel_random as KR
from deepsink._core import random as _random
from deepsink._core.eager_program import eager_program
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import loss_core_func as C
from deepsink.ops.function.nn_pool_norm_func import conv_operands, window_max, window_pads


def relu(input: Any, inplace: bool = False) -> Tensor:
    return Tensor._from(jax.nn.relu(U.array(input, "relu")))


def relu6(x: Any) -> Tensor:
    return Tensor._from(jax.nn.relu6(U.array(x, "relu6", "x")))


def leaky_relu(input: Any, alpha: float = 0.2) -> Tensor:
    a = U.array(input, "leaky_relu")
    return Tensor._from(jnp.where(a >= 0, a, a * alpha))


def elu(input_x: Any, alpha: float = 1.0) -> Tensor:
    return Tensor._from(jax.nn.elu(U.floating(U.array(input_x, "elu", "input_x")), alpha))


def silu(input: Any) -> Tensor:
    return Tensor._from(jax.nn.silu(U.floating(U.array(input, "silu"))))


@amp_rule("Softplus")
def softplus(input: Any, beta: float = 1, threshold: float = 20) -> Tensor:
    a = U.floating(U.array(input, "softplus"))
    z = a * beta
    return Tensor._from(jnp.where(z > threshold, a, jax.nn.softplus(z) / beta))


def gelu(input: Any, approximate: str = "none") -> Tensor:
    """MindSpore's ``ops.gelu``: exact (erf) by default, ``approximate='tanh'`` for the tanh form."""
    if approximate not in ("none", "tanh"):
        U.fail("gelu", f"'approximate' must be one of ['none', 'tanh'], but got {approximate!r}")
    a = U.floating(U.array(input, "gelu"))
    return Tensor._from(jax.nn.gelu(a, approximate=approximate == "tanh"))


def fast_gelu(x: Any) -> Tensor:
    """MindSpore's ``ops.fast_gelu``, ``x * sigmoid(1.702 * x)``, in its kernel's form
    ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))`` (no overflow for large ``|x|``)."""
    a = U.floating(U.array(x, "fast_gelu", "x"))
    ax = jnp.abs(a)
    return Tensor._from(a / (1 + jnp.exp(-1.702 * ax)) * jnp.exp(0.851 * (a - ax)))


def hardswish(x: Any) -> Tensor:
    return Tensor._from(jax.nn.hard_swish(U.floating(U.array(x, "hardswish", "x"))))


@amp_rule("Softmax")
def softmax(input: Any, axis: int = -1, *, dtype: Any = None) -> Tensor:
    """MindSpore's ``ops.softmax(input, axis=-1)``."""
    a = U.floating(U.array(input, "softmax"))
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "softmax"))
    return Tensor._from(jax.nn.softmax(a, axis=_axes1(axis, a.ndim, "softmax")))


@amp_rule("LogSoftmax")
def log_softmax(logits: Any, axis: int = -1) -> Tensor:
    a = U.floating(U.array(logits, "log_softmax", "logits"))
    return Tensor._from(jax.nn.log_softmax(a, axis=_axes1(axis, a.ndim, "log_softmax")))


def _axes1(axis: Any, ndim: int, api: str) -> int | tuple[int, ...]:
    """Softmax axes: an int or a tuple of ints (the Softmax primitive stores a tuple)."""
    if isinstance(axis, tuple | list):
        return tuple(U.axis(a, ndim, api) for a in axis)
    return U.axis(axis, ndim, api)


def dropout(input: Any, p: float = 0.5, training: bool = True, seed: int | None = None) -> Tensor:
    """MindSpore's ``ops.dropout``: zero each element with probability ``p``, scale the rest by
    ``1/(1-p)``. As in MindSpore each call builds a ``Dropout`` kernel whose seeds come from the
    global seed and the op's seed counter (``seed`` starts its own counter), so the masks are
    MindSpore's under ``set_seed``."""
    if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
        U.fail("dropout", f"'p' must be a number in range [0, 1], but got {p!r}")
    a = U.array(input, "dropout")
    if not training:
        return Tensor._from(a)
    seeds = _random.graph_seed(seed, "dropout")
    if p == 1:
        return Tensor._from(jnp.zeros_like(a))
    out, _ = KR.draw(KR.LEHMER, seeds, lambda st: KR.dropout(st, a, float(1.0 - p)))
    return Tensor._from(out)


def dropout_ext(input: Any, p: float = 0.5, training: bool = True) -> Tensor:
    """The dropout of ``mint`` and ``nn.DropoutExt`` (MindSpore's ``dropout_ext``, a kernel of
    the Generator API whose stream deepsink does not reproduce): a key from the global RNG state,
    which compiled steps carry and advance."""
    if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
        U.fail("dropout", f"'p' must be a number in range [0, 1], but got {p!r}")
    a = U.array(input, "dropout")
    if not training or p == 0:
        return Tensor._from(a)
    if p == 1:
        return Tensor._from(jnp.zeros_like(a))
    keep = jax.random.bernoulli(_random.next_key(), 1.0 - p, a.shape)
    return Tensor._from(jnp.where(keep, a / (1.0 - p), 0).astype(a.dtype))


@amp_rule("BiasAdd")
def bias_add(input_x: Any, bias: Any, data_format: str = "NCHW") -> Tensor:
    """Add a 1-D ``bias`` along the channel axis (1 for NCHW/NCDHW, -1 for NHWC)."""
    x, b = U.array(input_x, "bias_add", "input_x"), U.array(bias, "bias_add", "bias")
    c = 1 if data_format != "NHWC" and x.ndim > 1 else -1
    if b.ndim != 1 or b.shape[0] != x.shape[c]:
        U.fail(
            "bias_add",
            f"'bias' must be 1-D with {x.shape[c]} elements (the channels of "
            f"'input_x' {list(x.shape)}), but got shape {list(b.shape)}",
        )
    shape = [1] * x.ndim
    shape[c] = b.shape[0]
    return Tensor._from(x + b.reshape(shape).astype(x.dtype))


@amp_rule("Dense")
def dense(input: Any, weight: Any, bias: Any = None) -> Tensor:
    """``input @ weight.T + bias`` (weight is [out_channels, in_channels])."""
    x, w = U.array(input, "dense"), U.array(weight, "dense", "weight")
    if x.shape[-1] != w.shape[-1]:
        U.fail(
            "dense",
            f"the last dimension of 'input' {list(x.shape)} must equal that of "
            f"'weight' {list(w.shape)}",
        )
    y = matmul_transposed(x, w)
    if bias is not None:
        y = y + U.array(bias, "dense", "bias")
    return Tensor._from(y)


@eager_program()
def matmul_transposed(x: jax.Array, w: jax.Array) -> jax.Array:
    """``x @ w.T``, as one compiled program (in PYNATIVE_MODE the transpose of ``w`` would
    otherwise compile, and run, on its own for every weight shape)."""
    return jnp.matmul(x, w.T)


def _conv_padding(pad_mode: str, padding: Any, api: str) -> Any:
    mode = pad_mode.lower() if isinstance(pad_mode, str) else pad_mode
    if mode not in ("valid", "same", "pad"):
        U.fail(api, f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}")
    pads = (padding,) * 4 if isinstance(padding, int) else tuple(padding)
    if len(pads) == 2:
        pads = (pads[0], pads[0], pads[1], pads[1])
    if len(pads) != 4:
        U.fail(api, f"'padding' must be an int or a tuple of 2 or 4 ints, but got {padding!r}")
    if mode != "pad":
        if any(pads):
            U.fail(
                api,
                f"'padding' must be 0 when 'pad_mode' is not 'pad', but got {padding!r} "
                f"and 'pad_mode' {pad_mode!r}",
            )
        return mode.upper()
    return ((pads[0], pads[1]), (pads[2], pads[3]))


@amp_rule("Conv2D")
def conv2d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    pad_mode: str = "valid",
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """MindSpore's ``ops.conv2d`` over NCHW input and OIHW weight, through ``_core.conv.conv2d``
    (the lowering ``nn.Conv2d`` uses, chosen per backend and shape)."""
    x, w = conv_operands(input, weight, groups, 4, "conv2d")
    s = U.ntuple(stride, 2, "stride", "conv2d", single=False)
    d = U.ntuple(dilation, 2, "dilation", "conv2d", single=False)
    pads = _conv_padding(pad_mode, padding, "conv2d")
    y = _conv.conv_nd(x, w.astype(x.dtype), s, pads, d, groups)  # the tuned lowering of nn.Conv2d
    if bias is not None:
        y = y + U.array(bias, "conv2d", "bias").reshape(1, -1, 1, 1).astype(y.dtype)
    return Tensor._from(y)


def _pool_padding(pad_mode: str, api: str) -> str:
    mode = pad_mode.upper() if isinstance(pad_mode, str) else pad_mode
    if mode not in ("VALID", "SAME"):
        U.fail(api, f"'pad_mode' must be one of ['valid', 'same'], but got {pad_mode!r}")
    return mode


def max_pool2d(
    x: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    return_indices: bool = False,
    ceil_mode: bool = False,
) -> Any:
    """MindSpore's ``ops.max_pool2d`` over NCHW input: ``padding`` (both sides, with -inf),
    ``dilation`` and ``ceil_mode`` as ``nn.MaxPool2d``'s 'pad' mode; with ``return_indices`` also
    the flat (H*W) position of each maximum (Int64), the first on ties."""
    api = "max_pool2d"
    a = U.array(x, api, "x")
    k = U.ntuple(kernel_size, 2, "kernel_size", api, single=False)
    s = U.ntuple(stride if stride is not None else kernel_size, 2, "stride", api, single=False)
    p = U.ntuple(padding, 2, "padding", api, single=False)
    d = U.ntuple(dilation, 2, "dilation", api, single=False)
    lead = a.ndim - 2
    dims = [
        window_pads(size, kk, ss, dd, "PAD", pp, bool(ceil_mode))
        for size, kk, ss, dd, pp in zip(a.shape[-2:], k, s, d, p)
    ]
    pads = [(0, 0)] * lead + [(lo, hi + e) for (lo, hi), e in dims]
    one = (1,) * lead
    out = window_max(a, 2, one + k, one + s, pads, one + d, bool(return_indices))
    if not return_indices:
        return Tensor._from(out)
    return Tensor._from(out[0]), Tensor._from(out[1].astype(jnp.int64))


# --- losses ------------------------------------------------------------------------------------


def _reduction(loss: jax.Array, reduction: str, api: str, weight_sum: Any = None) -> jax.Array:
    if reduction not in ("mean", "sum", "none"):
        U.fail(api, f"'reduction' must be one of ['mean', 'sum', 'none'], but got {reduction!r}")
    return C.reduce_loss(loss, reduction, weight_sum)


@amp_rule("NLLLoss")
def nll_loss(
    inputs: Any,
    target: Any,
    weight: Any = None,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """Negative log-likelihood of class indices ``target`` under log-probabilities ``inputs`` (N, C, ...)."""
    logp = U.floating(U.array(inputs, "nll_loss", "inputs"))
    t = U.array(target, "nll_loss", "target").astype(jnp.int32)
    return Tensor._from(_nll(logp, t, weight, ignore_index, reduction, label_smoothing, "nll_loss"))


def _nll(logp, t, weight, ignore_index, reduction, smoothing, api) -> jax.Array:
    c = logp.shape[1] if logp.ndim > 1 else logp.shape[0]
    w = (
        jnp.ones((c,), logp.dtype)
        if weight is None
        else U.array(weight, api, "weight").astype(logp.dtype)
    )
    cls_axis = 1 if logp.ndim > 1 else 0
    valid = t != ignore_index
    safe = jnp.where(valid, t, 0)
    picked = jnp.take_along_axis(logp, jnp.expand_dims(safe, cls_axis), axis=cls_axis)
    picked = jnp.squeeze(picked, cls_axis)
    wt = jnp.where(valid, w[safe], 0.0)
    loss = -picked * wt
    if smoothing:
        shape = [1] * logp.ndim
        shape[cls_axis] = c
        smooth = -jnp.sum(logp * w.reshape(shape), axis=cls_axis) / c
        loss = (1 - smoothing) * loss + smoothing * jnp.where(valid, smooth, 0.0)
    return _reduction(loss, reduction, api, jnp.sum(wt))


def _check_cross_entropy_inputs(
    input: Any, target: Any, weight: Any, ignore_index: Any, reduction: Any, label_smoothing: Any
) -> None:
    """MindSpore's checks of ``ops.cross_entropy``'s arguments, with its words."""
    api = "cross_entropy_loss"
    for arg, value in (("input", input), ("target", target), ("weight", weight)):
        if value is not None and not isinstance(value, Tensor | jax.Array):
            raise TypeError(
                f"For '{api}', the '{arg}' must be a Tensor, but got '{type(value).__name__}'"
            )
    if isinstance(ignore_index, bool) or not isinstance(ignore_index, int):
        raise TypeError(
            f"For '{api}', the type of 'ignore_index' must be 'int', "
            f"but got '{type(ignore_index).__name__}'."
        )
    if not isinstance(label_smoothing, float):
        raise TypeError(
            f"For '{api}', the 'label_smoothing' must be float, "
            f"but got '{type(label_smoothing).__name__}'"
        )
    if label_smoothing < 0:
        raise ValueError(
            f"For '{api}', the 'label_smoothing' must be float and must >= 0, "
            f"but got '{label_smoothing}'."
        )
    if not isinstance(reduction, str) or reduction not in ("none", "mean", "sum"):
        raise ValueError(
            f"For '{api}', the 'reduction' must be str and must be in "
            f"'['none', 'mean', 'sum']', but got '{reduction}'."
        )
    if input.dtype not in (mstype.float64, mstype.float32, mstype.float16):
        raise TypeError(
            "For cross_entropy, the input dtype should be mstype.float64, mstype.float32 or"
            f"mstype.float16, but got dtype:{input.dtype}."
        )


def cross_entropy(
    input: Any,
    target: Any,
    weight: Any = None,
    ignore_index: int = -100,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """MindSpore's ``ops.cross_entropy``: class indices (int) or class probabilities (float) targets."""
    _check_cross_entropy_inputs(input, target, weight, ignore_index, reduction, label_smoothing)
    logits = U.array(input, "cross_entropy")
    t = U.array(target, "cross_entropy", "target")
    cls_axis = 1 if logits.ndim > 1 else 0
    logp = jax.nn.log_softmax(logits, axis=cls_axis)
    if jnp.issubdtype(t.dtype, jnp.integer):
        return Tensor._from(
            _nll(logp, t, weight, ignore_index, reduction, label_smoothing, "cross_entropy")
        )
    c = logits.shape[cls_axis]
    U.check_broadcast("Mul", logits.shape, t.shape, "input1", "input2")
    probs = t.astype(logp.dtype)
    if label_smoothing:
        probs = probs * (1 - label_smoothing) + label_smoothing / c
    if weight is not None:
        shape = [1] * logp.ndim
        shape[cls_axis] = c
        logp = logp * U.array(weight, "cross_entropy", "weight").reshape(shape)
    loss = -jnp.sum(probs * logp, axis=cls_axis)
    return Tensor._from(_reduction(loss, reduction, "cross_entropy"))


def mse_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    a, b = U.binary(input, target, "mse_loss")
    return Tensor._from(_reduction(C.squared_error(a, b), reduction, "mse_loss"))


def l1_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    a, b = U.binary(input, target, "l1_loss")
    return Tensor._from(_reduction(C.abs_error(a, b), reduction, "l1_loss"))


@amp_rule("BCEWithLogitsLoss")
def binary_cross_entropy_with_logits(
    input: Any, target: Any, weight: Any = None, pos_weight: Any = None, reduction: str = "mean"
) -> Tensor:
    """MindSpore's ``ops.binary_cross_entropy_with_logits``: the BCE of ``sigmoid(input)``
    (``loss_core_func.bce_with_logits``, the formula ``nn.BCEWithLogitsLoss`` shares)."""
    api = "binary_cross_entropy_with_logits"
    x = U.floating(U.array(input, api))
    y = U.array(target, api, "target").astype(x.dtype)
    w = None if weight is None else U.array(weight, api, "weight")
    pw = None if pos_weight is None else U.array(pos_weight, api, "pos_weight")
    return Tensor._from(_reduction(C.bce_with_logits(x, y, w, pw), reduction, api))


@jax.custom_vjp
def softmax_xent(logits: jax.Array, labels: jax.Array) -> jax.Array:
    """Per-row ``-sum(labels * log_softmax(logits))`` over the last axis, the one core of
    ``nn.SoftmaxCrossEntropyWithLogits`` and the ``SoftmaxCrossEntropyWithLogits`` primitive.
    All-zero labels give -0., as MindSpore's kernel (its seed programs print ``[-0. -0. ...]``).
    The gradient is MindSpore's: d/dlogits = softmax - labels, even when the labels do not sum
    to 1 (the all-zero labels of MindSpore's "Training" guide still train); the labels get none."""
    lse = jax.nn.logsumexp(logits, axis=-1, keepdims=True)
    return -jnp.sum(labels * (logits - lse), axis=-1)


def _softmax_xent_fwd(logits, labels):  # noqa: ANN001, ANN202
    return softmax_xent(logits, labels), (jax.nn.softmax(logits, axis=-1), labels)


def _softmax_xent_bwd(res, g):  # noqa: ANN001, ANN202
    softmax, labels = res
    return ((softmax - labels) * g[..., None], jnp.zeros_like(labels))


softmax_xent.defvjp(_softmax_xent_fwd, _softmax_xent_bwd)


def softmax_cross_entropy(logits: jax.Array, labels: jax.Array) -> tuple[jax.Array, jax.Array]:
    """Per-row loss and its gradient for dense ``labels`` (the SoftmaxCrossEntropyWithLogits kernel)."""
    return softmax_xent(logits, labels), jax.nn.softmax(logits, axis=-1) - labels


def softsign(x: Any) -> Tensor:
    """MindSpore's ``ops.softsign``: ``x / (1 + |x|)``, for Float16/32/64 Tensors."""
    a = U.array(x, "softsign", "x")
    if a.dtype.name not in ("float16", "float32", "float64"):
        U.fail(
            "softsign",
            "'x' must be a Tensor of float16, float32 or float64, but got a Tensor "
            f"of dtype {mstype.from_np(a.dtype)}",
            TypeError,
        )
    return Tensor._from(a / (1 + jnp.abs(a)))


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
