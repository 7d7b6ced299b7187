"""N-d pooling, 3-D convolution, normalization and binary cross-entropy as functional ops.

MindSpore's ``ops.avg_pool1d/avg_pool2d/avg_pool3d/max_pool3d``, ``ops.conv3d``, ``ops.batch_norm``,
``ops.layer_norm`` and ``ops.binary_cross_entropy``, and the helpers the matching primitives
(``deepsink.ops.operations.nn_ops``) share: one N-d window reduction (``lax.reduce_window``) serves every
pooling rank, so 1-D, 2-D and 3-D pooling agree on padding, ``ceil_mode`` and divisor rules.
"""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink._core import conv as _conv
from deepsink._core import pool as _pool_core
from deepsink._core.eager_program import eager_program
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import loss_core_func as C
from deepsink.ops.function import norm_core_func as NC
from deepsink.ops.function.parameter_func import assign

ntuple = U.ntuple


def conv_operands(input: Any, weight: Any, groups: Any, ndim: int, api: str) -> tuple:
    """The arrays of a convolution's ``input`` and ``weight``, checked: both ``ndim``-D, and the
    input's channels the weight's in-channels times ``groups`` (``groups=None``: not checked)."""
    x, w = U.array(input, api), U.array(weight, api, "weight")
    if x.ndim != ndim or w.ndim != ndim:
        U.fail(
            api,
            f"'input' and 'weight' must be {ndim}-D, but got {list(x.shape)} and {list(w.shape)}",
        )
    if groups is not None and x.shape[1] != w.shape[1] * groups:
        U.fail(
            api,
            f"the channels of 'input' ({x.shape[1]}) must equal the in-channels of "
            f"'weight' ({w.shape[1]}) times 'groups' ({groups})",
        )
    return x, w


def _pads(padding: Any, n: int, api: str) -> list[tuple[int, int]]:
    """``padding``: an int, n ints (both sides), or 2n ints (MindSpore's pad_list: before/after)."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return [(padding, padding)] * n
    p = tuple(padding)
    if len(p) == n:
        return [(int(a), int(a)) for a in p]
    if len(p) == 2 * n:
        return [(int(p[2 * i]), int(p[2 * i + 1])) for i in range(n)]
    U.fail(api, f"'padding' must be an int, {n} ints or {2 * n} ints, but got {padding!r}")


def _same_pads(size: tuple, k: tuple, s: tuple) -> list[tuple[int, int]]:
    return [_conv.same_padding(d, kk, ss, 1) for d, kk, ss in zip(size, k, s)]


def _ceil_extra(size: tuple, k: tuple, s: tuple, pads: list) -> list[tuple[int, int]]:
    """Extra right padding so the output size rounds up (``ceil_mode``); a last window must start
    inside the input or the left padding (PyTorch's and MindSpore's rule)."""
    out = []
    for d, kk, ss, (lo, hi) in zip(size, k, s, pads):
        span = d + lo + hi - kk
        o = -(-span // ss) + 1
        if (o - 1) * ss >= d + lo:
            o -= 1
        out.append((lo, max(hi, (o - 1) * ss + kk - d - lo)))
    return out


def pool_nd(
    x: jax.Array,
    n: int,
    op: str,
    kernel: Any,
    stride: Any,
    pad_mode: str = "pad",
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int = 0,
    api: str = "pool",
) -> jax.Array:
    """Max or average pooling over the last ``n`` dimensions of ``x`` (N, C, *spatial)."""
    if x.ndim not in (n + 1, n + 2):
        U.fail(api, f"'input' must be {n + 1}-D or {n + 2}-D, but got shape {list(x.shape)}")
    k = ntuple(kernel, n, "kernel_size", api)
    s = ntuple(stride if stride is not None else kernel, n, "stride", api)
    if any(v <= 0 for v in k + s):
        U.fail(api, f"'kernel_size' and 'stride' must be positive, but got {k} and {s}")
    size = x.shape[-n:]
    mode = pad_mode.upper() if isinstance(pad_mode, str) else pad_mode
    if mode == "SAME":
        pads = _same_pads(size, k, s)
    elif mode == "VALID":
        pads = [(0, 0)] * n
    elif mode == "PAD":
        pads = _pads(padding, n, api)
    else:
        U.fail(api, f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}")
    explicit = list(pads)
    if ceil_mode:
        pads = _ceil_extra(size, k, s, pads)
    lead = x.ndim - n
    window, strides = (1,) * lead + k, (1,) * lead + s
    full = [(0, 0)] * lead + pads
    if op == "max":
        return _pool_core.max_pool(x, window, strides, full)
    x = U.floating(x)
    total = lax.reduce_window(x, 0.0, lax.add, window, strides, full)
    if divisor_override:
        return U.exact_div(total, jnp.asarray(divisor_override, x.dtype))
    if count_include_pad:
        # explicit (or SAME) padding counts, the extra ceil_mode padding does not
        ones = jnp.pad(jnp.ones(size, x.dtype), explicit, constant_values=1)
        extra = [(0, b[1] - a[1]) for a, b in zip(explicit, pads)]
        count = lax.reduce_window(ones, 0.0, lax.add, k, s, extra)
    else:
        ones = jnp.ones(size, x.dtype)
        count = lax.reduce_window(ones, 0.0, lax.add, k, s, pads)
    return U.exact_div(total, count)


def avg_pool(
    input: Any,
    n: int,
    kernel_size: Any,
    stride: Any,
    padding: Any,
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Any,
    api: str,
    arg: str = "input",
) -> Tensor:
    """Average pooling over the last ``n`` dimensions with explicit zero ``padding`` (``stride``
    None: the kernel size): the one entry of ``ops.avg_pool1d/2d/3d`` and ``mint``'s."""
    x = U.array(input, api, arg)
    return Tensor._from(
        pool_nd(
            x,
            n,
            "avg",
            kernel_size,
            stride,
            "pad",
            padding,
            ceil_mode,
            count_include_pad,
            divisor_override or 0,
            api,
        )
    )


def avg_pool1d(
    input_x: Any,
    kernel_size: Any = 1,
    stride: Any = 1,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """MindSpore's ``ops.avg_pool1d`` over (N, C, L)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, 0)
    return avg_pool(input_x, 1, *args, "avg_pool1d", "input_x")


def avg_pool2d(
    input_x: Any,
    kernel_size: Any = 1,
    stride: Any = 1,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int = 0,
) -> Tensor:
    """MindSpore's ``ops.avg_pool2d`` over (N, C, H, W)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    return avg_pool(input_x, 2, *args, "avg_pool2d", "input_x")


def avg_pool3d(
    input_x: Any,
    kernel_size: Any = 1,
    stride: Any = 1,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int = 0,
) -> Tensor:
    """MindSpore's ``ops.avg_pool3d`` over (N, C, D, H, W)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    return avg_pool(input_x, 3, *args, "avg_pool3d", "input_x")


def max_pool3d(
    x: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Any:
    """MindSpore's ``ops.max_pool3d`` over (N, C, D, H, W); ``return_indices`` adds the flat
    index of each maximum within its (D, H, W) plane."""
    a = U.array(x, "max_pool3d", "x")
    if ntuple(dilation, 3, "dilation", "max_pool3d") != (1, 1, 1):
        U.fail("max_pool3d", f"only 'dilation' 1 is supported, but got {dilation!r}")
    out = pool_nd(a, 3, "max", kernel_size, stride, "pad", padding, ceil_mode, api="max_pool3d")
    if not return_indices:
        return Tensor._from(out)
    idx = max_indices(a, 3, kernel_size, stride, padding, ceil_mode, "max_pool3d")
    return Tensor._from(out), Tensor._from(idx)


def max_indices(
    a: jax.Array, n: int, kernel: Any, stride: Any, padding: Any, ceil_mode: bool, api: str
) -> jax.Array:
    """The flat spatial index (int64 under x64, else int32) of every window's maximum: the max
    pooling of (value, index) pairs, first index on ties (PyTorch's and MindSpore's CPU rule)."""
    k = ntuple(kernel, n, "kernel_size", api)
    s = ntuple(stride if stride is not None else kernel, n, "stride", api)
    size = a.shape[-n:]
    pads = _pads(padding, n, api)
    if ceil_mode:
        pads = _ceil_extra(size, k, s, pads)
    lead = a.ndim - n
    return window_argmax(a, n, (1,) * lead + k, (1,) * lead + s, [(0, 0)] * lead + pads)


def window_argmax(
    a: jax.Array, n: int, window: tuple, strides: tuple, pads: list, dilation: tuple | None = None
) -> jax.Array:
    """The flat index within the trailing ``n`` axes (int64 under x64, else int32) of every
    pooling window's maximum, first index on ties; ``window``, ``strides``, ``pads`` and
    ``dilation`` cover every axis of ``a``, as ``lax.reduce_window`` takes them. The one core of
    the max-pool indices of ``ops``, ``nn`` and ``mint``; not differentiated."""
    size = a.shape[-n:]
    itype = jnp.int64 if jax.config.jax_enable_x64 else jnp.int32
    flat = jnp.broadcast_to(jnp.arange(math.prod(size), dtype=itype).reshape(size), a.shape)
    neg = -jnp.inf if jnp.issubdtype(a.dtype, jnp.floating) else jnp.iinfo(a.dtype).min

    def pick(x, y):  # noqa: ANN001, ANN202
        (xv, xi), (yv, yi) = x, y
        take_y = (yv > xv) | ((yv == xv) & (yi < xi))
        return jnp.where(take_y, yv, xv), jnp.where(take_y, yi, xi)

    _, idx = lax.reduce_window(
        (lax.stop_gradient(a), flat),
        (jnp.asarray(neg, a.dtype), jnp.asarray(jnp.iinfo(itype).max, itype)),
        pick,
        window,
        strides,
        pads,
        window_dilation=dilation,
    )
    return idx


def window_pads(
    size: int, k: int, s: int, d: int, mode: str, pad: int, ceil_mode: bool
) -> tuple[tuple[int, int], int]:
    """((low, high) padding, extra high padding that is not counted as input) of one spatial dim
    of a pooling window ``k`` (stride ``s``, dilation ``d``): ``'SAME'`` pads as MindSpore's
    'same'; otherwise ``pad`` both sides, and with ``ceil_mode`` the extra the last window needs
    (it must start inside the input or the left padding)."""
    if mode == "SAME":
        return _conv.same_padding(size, k, s, d), 0
    span = size + 2 * pad - d * (k - 1) - 1
    out = -(-span // s) + 1 if ceil_mode else span // s + 1
    if ceil_mode and (out - 1) * s >= size + pad:
        out -= 1
    extra = max((out - 1) * s + d * (k - 1) + 1 - (size + 2 * pad), 0)
    return (pad, pad), extra


def window_max(
    a: jax.Array,
    n: int,
    window: tuple,
    strides: tuple,
    pads: list,
    dilation: tuple | None = None,
    return_indices: bool = False,
) -> Any:
    """Max pooling of ``a`` (``window``, ``strides``, (low, high) ``pads`` and ``dilation`` for
    every axis, padding with the dtype's lowest value) through ``_core.pool``'s tuned lowering;
    with ``return_indices`` also :func:`window_argmax`'s flat indices over the trailing ``n``
    axes. The one max pooling of ``nn``'s MaxPool layers and the MaxPoolWithArgmax primitives."""
    y = _pool_core.max_pool(a, window, strides, pads, dilation)
    if not return_indices:
        return y
    return y, window_argmax(a, n, window, strides, pads, dilation)


@amp_rule("Conv3D")
def conv3d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    pad_mode: str = "valid",
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """MindSpore's ``ops.conv3d`` over NCDHW input and OIDHW weight."""
    x, w = conv_operands(input, weight, groups, 5, "conv3d")
    mode = pad_mode.lower() if isinstance(pad_mode, str) else pad_mode
    if mode == "same":
        pads: Any = "SAME"
    elif mode == "valid":
        pads = "VALID"
    elif mode == "pad":
        pads = _pads(padding, 3, "conv3d")
    else:
        U.fail(
            "conv3d", f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}"
        )
    s = ntuple(stride, 3, "stride", "conv3d")
    d = ntuple(dilation, 3, "dilation", "conv3d")
    y = _conv.conv_nd(x, w.astype(x.dtype), s, pads, d, groups)
    if bias is not None:
        y = y + U.array(bias, "conv3d", "bias").reshape(1, -1, 1, 1, 1).astype(y.dtype)
    return Tensor._from(y)


def _reduce(loss: jax.Array, reduction: str, api: str) -> jax.Array:
    if reduction in ("mean", "sum", "none"):
        return C.reduce_loss(loss, reduction)
    U.fail(api, f"'reduction' must be one of ['none', 'mean', 'sum'], but got {reduction!r}")


def binary_cross_entropy(
    logits: Any, labels: Any, weight: Any = None, reduction: str = "mean"
) -> Tensor:
    """MindSpore's ``ops.binary_cross_entropy``: ``-w (y log x + (1 - y) log(1 - x))`` with the
    logs clamped at -100 (as MindSpore's and PyTorch's kernels do), reduced."""
    x = U.floating(U.array(logits, "binary_cross_entropy", "logits"))
    y = U.array(labels, "binary_cross_entropy", "labels").astype(x.dtype)
    if x.shape != y.shape:
        U.fail(
            "binary_cross_entropy",
            f"'logits' and 'labels' must have the same shape, but got "
            f"{list(x.shape)} and {list(y.shape)}",
        )
    # element-wise in the input dtype with log(1 - x), the order MindSpore's kernel rounds in
    low = jnp.asarray(-100, x.dtype)
    one = jnp.asarray(1, x.dtype)
    # U.rounded: each product rounds to the input dtype, also inside fused (jit) float16 code
    loss = U.rounded(y * jnp.maximum(jnp.log(x), low)) + U.rounded(
        (one - y) * jnp.maximum(jnp.log(one - x), low)
    )
    if weight is not None:
        loss = loss * U.array(weight, "binary_cross_entropy", "weight").astype(x.dtype)
    loss = -loss
    return Tensor._from(_reduce(loss, reduction, "binary_cross_entropy"))


@amp_rule("BatchNorm")
def batch_norm(
    input_x: Any,
    running_mean: Any,
    running_var: Any,
    weight: Any,
    bias: Any,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """MindSpore's ``ops.batch_norm`` over (N, C, ...). In training the batch statistics normalize
    and the running statistics (Parameters) are updated in place:
    ``running = (1 - momentum) * running + momentum * batch``."""
    x = U.floating(U.array(input_x, "batch_norm", "input_x"))
    c = x.shape[1]
    bshape = (1, c) + (1,) * (x.ndim - 2)
    arrs = [
        U.array(v, "batch_norm", n)
        for v, n in (
            (running_mean, "running_mean"),
            (running_var, "running_var"),
            (weight, "weight"),
            (bias, "bias"),
        )
    ]
    for a, n in zip(arrs, ("running_mean", "running_var", "weight", "bias")):
        if a.shape != (c,):
            U.fail("batch_norm", f"'{n}' must have shape [{c}], but got {list(a.shape)}")
    rm, rv, w, b = (a.astype(x.dtype) for a in arrs)
    if not training:
        return Tensor._from(NC.scale_shift(x, w, b, rm, rv, eps, bshape))
    y, mean, var = NC.batch_norm_train(x, w, b, 1, eps)
    moved = NC.moving_stats(rm, rv, mean, var, x.size // c, momentum)
    for p, new in zip((running_mean, running_var), moved):
        if isinstance(p, Parameter):
            assign(p, Tensor._from(lax.stop_gradient(new).astype(p._data.dtype)))
    return Tensor._from(y)


def layer_norm_stats(
    x: jax.Array,
    gamma: jax.Array,
    beta: jax.Array,
    begin_norm_axis: int,
    begin_params_axis: int,
    eps: float,
    api: str,
) -> tuple:
    """(y, mean, var) of MindSpore's LayerNorm primitive: statistics over the axes from
    ``begin_norm_axis``; ``gamma``/``beta`` shaped like the axes from ``begin_params_axis``."""
    nd = x.ndim
    bn = U.axis(begin_norm_axis, nd, api, "begin_norm_axis")
    bp = U.axis(begin_params_axis, nd, api, "begin_params_axis")
    if gamma.shape != x.shape[bp:] or beta.shape != x.shape[bp:]:
        U.fail(
            api,
            f"'gamma' and 'beta' must have shape {list(x.shape[bp:])}, but got "
            f"{list(gamma.shape)} and {list(beta.shape)}",
        )
    return _layer_norm(x, gamma, beta, tuple(range(bn, nd)), float(eps))


@eager_program(static_argnums=(3, 4))
def _layer_norm(x: jax.Array, gamma: jax.Array, beta: jax.Array, axes: tuple, eps: float) -> tuple:
    """``layer_norm_stats``' arithmetic, one compiled program per shape (in PYNATIVE_MODE its nine
    element-wise ops and reductions would each compile on their own; layers of the same shape
    share it)."""
    xf = x.astype(jnp.float32) if x.dtype in (jnp.float16, jnp.bfloat16) else x
    mean = xf.mean(axes, keepdims=True)
    var = ((xf - mean) ** 2).mean(axes, keepdims=True)
    y = (xf - mean) * lax.rsqrt(var + jnp.asarray(eps, xf.dtype))
    y = y * gamma.astype(xf.dtype) + beta.astype(xf.dtype)
    return y.astype(x.dtype), mean.astype(x.dtype), var.astype(x.dtype)


@amp_rule("LayerNorm")
def layer_norm(
    input: Any, normalized_shape: Any, weight: Any = None, bias: Any = None, eps: float = 1e-5
) -> Tensor:
    """MindSpore's ``ops.layer_norm`` over the trailing ``normalized_shape`` dimensions."""
    x = U.floating(U.array(input, "layer_norm"))
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(x.shape[x.ndim - len(shape) :]) != shape:
        U.fail(
            "layer_norm",
            f"'normalized_shape' {list(shape)} must match the trailing dimensions "
            f"of 'input' {list(x.shape)}",
        )
    w = jnp.ones(shape, x.dtype) if weight is None else U.array(weight, "layer_norm", "weight")
    b = jnp.zeros(shape, x.dtype) if bias is None else U.array(bias, "layer_norm", "bias")
    begin = x.ndim - len(shape)
    return Tensor._from(layer_norm_stats(x, w, b, begin, begin, eps, "layer_norm")[0])
