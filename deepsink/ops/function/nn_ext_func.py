"""More of ``mindspore.ops``' neural-network functions: activations (``celu``, ``selu``,
``mish``, ``glu``, ``hardtanh``, ``softshrink``, ...), functional losses (``smooth_l1_loss``,
``huber_loss``, ``kl_div``, the margin and embedding losses, ``gaussian_nll_loss``), adaptive
and power-average pooling, and gradient clipping (``clip_by_norm``, ``clip_by_global_norm``).

Losses reduce with MindSpore's ``reduction`` ('mean', 'sum', 'none'); the layers of
``mindspore.nn`` with the same maths can call these.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import nn_func as N
from deepsink.ops.function.activation_func import celu as celu  # one implementation
from deepsink.ops.function.activation_func import glu as glu  # one implementation
from deepsink.ops.function.activation_func import hardshrink as hardshrink  # one implementation
from deepsink.ops.function.activation_func import hardsigmoid as hardsigmoid  # one implementation
from deepsink.ops.function.activation_func import hardtanh as hardtanh  # one implementation
from deepsink.ops.function.activation_func import logsigmoid as logsigmoid  # one implementation
from deepsink.ops.function.activation_func import mish as mish  # one implementation
from deepsink.ops.function.activation_func import prelu as prelu  # one implementation
from deepsink.ops.function.activation_func import selu as selu  # one implementation
from deepsink.ops.function.activation_func import softmin as softmin  # one implementation
from deepsink.ops.function.activation_func import softshrink as softshrink  # one implementation
from deepsink.ops.function.activation_func import tanhshrink as tanhshrink  # one implementation
from deepsink.ops.function.activation_func import threshold as threshold  # one implementation
from deepsink.ops.function.loss_func import (
    cosine_embedding_loss as cosine_embedding_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    gaussian_nll_loss as gaussian_nll_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    hinge_embedding_loss as hinge_embedding_loss,  # one implementation
)
from deepsink.ops.function.loss_func import huber_loss as huber_loss  # one implementation
from deepsink.ops.function.loss_func import kl_div as kl_div  # one implementation
from deepsink.ops.function.loss_func import (
    margin_ranking_loss as margin_ranking_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    multi_margin_loss as multi_margin_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    multilabel_margin_loss as multilabel_margin_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    multilabel_soft_margin_loss as multilabel_soft_margin_loss,  # one implementation
)
from deepsink.ops.function.loss_func import smooth_l1_loss as smooth_l1_loss  # one implementation
from deepsink.ops.function.loss_func import (
    soft_margin_loss as soft_margin_loss,  # one implementation
)
from deepsink.ops.function.loss_func import (
    triplet_margin_loss as triplet_margin_loss,  # one implementation
)
from deepsink.ops.function.nn_pool_norm_func import pool_nd
from deepsink.ops.function.sampling_func import (  # one implementation
    adaptive_avg_pool1d as adaptive_avg_pool1d,
)
from deepsink.ops.function.sampling_func import (  # one implementation
    adaptive_avg_pool2d as adaptive_avg_pool2d,
)
from deepsink.ops.function.sampling_func import (  # one implementation
    adaptive_avg_pool3d as adaptive_avg_pool3d,
)
from deepsink.ops.function.sampling_func import (  # one implementation
    adaptive_max_pool1d as adaptive_max_pool1d,
)
from deepsink.ops.function.sampling_func import (  # one implementation
    adaptive_max_pool2d as adaptive_max_pool2d,
)

__all__ = [
    "celu", "selu", "mish", "glu", "hardshrink", "softshrink", "soft_shrink", "hardsigmoid",
    "hardtanh", "logsigmoid", "softmin", "tanhshrink", "threshold", "prelu", "smooth_l1_loss",
    "huber_loss", "kl_div", "margin_ranking_loss", "soft_margin_loss", "hinge_embedding_loss",
    "cosine_embedding_loss", "multilabel_soft_margin_loss", "multi_margin_loss",
    "multilabel_margin_loss", "triplet_margin_loss", "gaussian_nll_loss", "adaptive_avg_pool1d",
    "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d",
    "lp_pool1d", "lp_pool2d", "clip_by_norm", "clip_by_global_norm", "embedding", "swiglu",
    "rms_norm", "group_norm", "iou", "conv1d", "max_unpool1d", "max_unpool2d", "max_unpool3d",
]  # fmt: skip


def _f(x: Any, api: str, arg: str = "input") -> jax.Array:
    a = U.array(x, api, arg)
    if a.dtype.kind != "f":
        U.fail(api, f"'{arg}' must be a float Tensor, but got dtype {a.dtype}", TypeError)
    return a


def _reduce(loss: jax.Array, reduction: str, api: str) -> Tensor:
    return Tensor._from(N._reduction(loss, reduction, api).astype(loss.dtype))


# --- activations --------------------------------------------------------------------------------


soft_shrink = softshrink


# --- losses -------------------------------------------------------------------------------------


# --- pooling ------------------------------------------------------------------------------------
def _lp_pool(name: str, n: int) -> Any:
    def fn(
        x: Any, norm_type: float, kernel_size: Any, stride: Any = None, ceil_mode: bool = False
    ) -> Tensor:
        a = _f(x, name, "x")
        k = (kernel_size,) * n if isinstance(kernel_size, int) else tuple(kernel_size)
        s = k if stride is None else ((stride,) * n if isinstance(stride, int) else tuple(stride))
        summed = pool_nd(a**norm_type, n, "avg", k, s, "valid", ceil_mode=ceil_mode)
        summed = summed * float(np.prod(k))
        return Tensor._from(
            (jnp.sign(summed) * jnp.abs(summed) ** (1.0 / norm_type)).astype(a.dtype)
        )

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Power-average pooling over {n} axes: ``(sum x^p) ^ (1/p)`` per window."
    return fn


lp_pool1d = _lp_pool("lp_pool1d", 1)
lp_pool2d = _lp_pool("lp_pool2d", 2)


# --- gradient clipping --------------------------------------------------------------------------
def _total_norm(arrs: list, p: float) -> jax.Array:
    if p == float("inf"):
        return jnp.max(jnp.stack([jnp.max(jnp.abs(a)) for a in arrs]))
    return jnp.sum(jnp.stack([jnp.sum(jnp.abs(a.astype(jnp.float32)) ** p) for a in arrs])) ** (
        1 / p
    )


def clip_by_norm(
    x: Any, max_norm: float, norm_type: float = 2.0, error_if_nonfinite: bool = False
) -> Any:
    """Scale the Tensor (or tuple/list of Tensors) ``x`` so that their joint ``norm_type``-norm is
    at most ``max_norm``."""
    many = isinstance(x, tuple | list)
    arrs = [U.array(t, "clip_by_norm", "x") for t in (x if many else [x])]
    total = _total_norm(arrs, norm_type)
    if error_if_nonfinite and not bool(jnp.isfinite(total)):
        U.fail("clip_by_norm", f"the total norm of order {norm_type} is non-finite", RuntimeError)
    coef = jnp.minimum(max_norm / (total + 1e-6), 1.0)
    outs = tuple(Tensor._from((a * coef).astype(a.dtype)) for a in arrs)
    return outs if many else outs[0]


def clip_by_global_norm(x: Any, clip_norm: float = 1.0, use_norm: Any = None) -> tuple:
    """Scale the tuple of Tensors ``x`` by ``clip_norm / max(global_norm, clip_norm)``, where
    ``global_norm`` is the L2 norm of all of them (or ``use_norm`` when given)."""
    if not isinstance(x, tuple | list):
        U.fail(
            "clip_by_global_norm",
            f"'x' must be a tuple of Tensors, but got {type(x).__name__}",
            TypeError,
        )
    arrs = [U.array(t, "clip_by_global_norm", "x") for t in x]
    g = (
        _total_norm(arrs, 2.0)
        if use_norm is None
        else U.array(use_norm, "clip_by_global_norm", "use_norm")
    )
    scale = clip_norm / jnp.maximum(g, clip_norm)
    return tuple(Tensor._from((a * scale).astype(a.dtype)) for a in arrs)


# --- embeddings and normalizations --------------------------------------------------------------
def embedding(
    input: Any,
    weight: Any,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
) -> Tensor:
    """The rows of ``weight`` at the indices ``input``; with ``max_norm`` the looked-up rows
    whose ``norm_type``-norm exceeds it are rescaled to it. ``padding_idx``'s row gets no
    gradient; ``scale_grad_by_freq`` is a gradient option MindSpore's kernel has (not supported
    here: NotImplementedError)."""
    if scale_grad_by_freq:
        raise NotImplementedError("embedding: 'scale_grad_by_freq=True' is not supported")
    idx = U.array(input, "embedding")
    w = U.array(weight, "embedding", "weight")
    if idx.dtype.kind not in "iu":
        U.fail(
            "embedding", f"'input' must be an integer Tensor, but got dtype {idx.dtype}", TypeError
        )
    rows = jnp.take(w, idx, axis=0)
    if padding_idx is not None:
        pad = padding_idx % w.shape[0]
        rows = jnp.where((idx == pad)[..., None], jax.lax.stop_gradient(rows), rows)
    if max_norm is not None:
        n = jnp.sum(jnp.abs(rows) ** norm_type, axis=-1, keepdims=True) ** (1.0 / norm_type)
        rows = rows * jnp.where(n > max_norm, max_norm / (n + 1e-7), 1.0).astype(rows.dtype)
    return Tensor._from(rows)


def swiglu(input: Any, dim: int = -1) -> Tensor:
    """Halve ``input`` along ``dim`` into ``a, b`` and return ``silu(a) * b``."""
    a = _f(input, "swiglu")
    ax = U.axis(dim, a.ndim, "swiglu", "dim")
    if a.shape[ax] % 2:
        U.fail("swiglu", f"the size of 'input' along dim {dim} must be even, but got {a.shape[ax]}")
    x, y = jnp.split(a, 2, axis=ax)
    return Tensor._from(jax.nn.silu(x) * y)


def rms_norm(x: Any, gamma: Any, epsilon: float = 1e-6) -> tuple[Tensor, Tensor]:
    """``x / sqrt(mean(x^2) + epsilon) * gamma`` over the trailing ``gamma.ndim`` axes, and the
    reciprocal root mean square (Float32)."""
    a, g = _f(x, "rms_norm", "x"), U.array(gamma, "rms_norm", "gamma")
    axes = tuple(range(a.ndim - g.ndim, a.ndim))
    rstd = jax.lax.rsqrt(
        jnp.mean(jnp.square(a.astype(jnp.float32)), axis=axes, keepdims=True) + epsilon
    )
    return Tensor._from((a * rstd * g).astype(a.dtype)), Tensor._from(rstd)


@amp_rule("GroupNorm")
def group_norm(
    input: Any, num_groups: int, weight: Any = None, bias: Any = None, eps: float = 1e-05
) -> Tensor:
    """Normalize each group of ``C / num_groups`` channels (axis 1) of every sample to zero mean,
    unit variance, then scale by ``weight`` and shift by ``bias`` per channel."""
    a = _f(input, "group_norm")
    n, c = a.shape[:2]
    if num_groups <= 0 or c % num_groups:
        U.fail(
            "group_norm",
            f"'num_groups' must be positive and divide the {c} channels, but got {num_groups}",
        )
    g = a.reshape(n, num_groups, -1)
    mean = jnp.mean(g, axis=-1, keepdims=True)
    var = jnp.var(g, axis=-1, keepdims=True)
    y = ((g - mean) / jnp.sqrt(var + eps)).reshape(a.shape)
    shape = (1, c) + (1,) * (a.ndim - 2)
    if weight is not None:
        y = y * U.array(weight, "group_norm", "weight").reshape(shape)
    if bias is not None:
        y = y + U.array(bias, "group_norm", "bias").reshape(shape)
    return Tensor._from(y.astype(a.dtype))


def iou(anchor_boxes: Any, gt_boxes: Any, mode: str = "iou") -> Tensor:
    """The intersection over union ('iou') or over the ground-truth area ('iof') of every pair of
    ``(x0, y0, x1, y1)`` boxes: ``(M, N)`` for ``N`` anchors and ``M`` ground truths. Areas count
    pixels inclusively (``x1 - x0 + 1``), as MindSpore does."""
    if mode not in ("iou", "iof"):
        U.fail("iou", f"'mode' must be 'iou' or 'iof', but got {mode!r}")
    a, g = _f(anchor_boxes, "iou", "anchor_boxes"), _f(gt_boxes, "iou", "gt_boxes")
    a, g = a[None, :, :4], g[:, None, :4]
    w = jnp.maximum(jnp.minimum(a[..., 2], g[..., 2]) - jnp.maximum(a[..., 0], g[..., 0]) + 1, 0)
    h = jnp.maximum(jnp.minimum(a[..., 3], g[..., 3]) - jnp.maximum(a[..., 1], g[..., 1]) + 1, 0)
    inter = w * h

    def area(b):
        return (b[..., 2] - b[..., 0] + 1) * (b[..., 3] - b[..., 1] + 1)

    den = area(g) if mode == "iof" else area(a) + area(g) - inter
    return Tensor._from((inter / den).astype(a.dtype))


# --- 1-D convolution and max-unpooling ----------------------------------------------------------
def conv1d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    pad_mode: str = "valid",
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """``ops.conv2d`` over ``(N, C, L)`` input and ``(O, C/groups, K)`` weight: the length axis
    as a width with height 1."""
    x, w = N.conv_operands(input, weight, None, 3, "conv1d")

    def one(v: Any, arg: str) -> int:
        return v[0] if isinstance(v, tuple | list) else v

    pad = (
        padding
        if isinstance(padding, str)
        else (0, 0, one(padding, "padding"), one(padding, "padding"))
    )
    y = N.conv2d(
        x[:, :, None, :],
        w[:, :, None, :],
        bias,
        (1, one(stride, "stride")),
        pad_mode,
        pad,
        (1, one(dilation, "dilation")),
        groups,
    )
    return Tensor._from(y._data[:, :, 0, :])


def max_unpool_nd(
    a: jax.Array, idx: jax.Array, n: int, k: tuple, s: tuple, p: tuple, output_size: Any = None
) -> jax.Array:
    """Each value of ``a`` put at its flat position ``idx`` (within its plane of the last ``n``
    axes) of a zero output of ``output_size`` (default: the size max pooling with window ``k``,
    stride ``s`` and padding ``p`` came from); positions outside the output are dropped. The one
    unpooling of ``ops.max_unpool1d/2d/3d`` and ``nn.MaxUnpool1d/2d/3d``."""
    size = tuple((d - 1) * st - 2 * pd + kk for d, st, pd, kk in zip(a.shape[-n:], s, p, k))
    if output_size is not None:
        size = tuple(output_size)[-n:]
    lead = a.shape[:-n]
    flat = a.reshape(-1, int(np.prod(a.shape[-n:])))
    fidx = idx.reshape(flat.shape).astype(jnp.int32)
    out = jnp.zeros((flat.shape[0], int(np.prod(size))), a.dtype)
    out = jax.vmap(lambda o, i, v: o.at[i].set(v))(out, fidx, flat)
    return out.reshape(*lead, *size)


def _max_unpool(name: str, n: int) -> Any:
    def fn(
        x: Any,
        indices: Any,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        output_size: Any = None,
    ) -> Tensor:
        a = _f(x, name, "x")
        idx = U.array(indices, name, "indices")
        if idx.shape != a.shape:
            U.fail(
                name,
                f"'indices' must have the shape of 'x' {list(a.shape)}, but got {list(idx.shape)}",
            )
        k = (kernel_size,) * n if isinstance(kernel_size, int) else tuple(kernel_size)
        s = k if stride is None else ((stride,) * n if isinstance(stride, int) else tuple(stride))
        p = (padding,) * n if isinstance(padding, int) else tuple(padding)
        return Tensor._from(max_unpool_nd(a, idx, n, k, s, p, output_size))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (
        f"The partial inverse of {n}-D max pooling: each value of ``x`` goes to its "
        "flat position ``indices`` (within its channel) of a zero output."
    )
    return fn


max_unpool1d = _max_unpool("max_unpool1d", 1)
max_unpool2d = _max_unpool("max_unpool2d", 2)
max_unpool3d = _max_unpool("max_unpool3d", 3)
