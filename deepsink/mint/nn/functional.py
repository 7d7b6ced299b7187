"""``mindspore.mint.nn.functional``: PyTorch-style neural-network functions.

Activations, losses, pooling and normalization that ``mindspore.ops`` has are called from ops
under PyTorch's argument names (``relu`` -> ``ops.relu``, ``cross_entropy`` ->
``ops.cross_entropy``, pooling -> ops' ``pool_nd``); the ones ops lacks (``conv1d``,
``conv_transpose2d``, adaptive pooling, ``fold``/``unfold``, ``grid_sample``, ``interpolate``,
...) are implemented here once, over lax/jnp, so they run eagerly, under ``jit``, ``grad`` and in
the sunk loop. The ``*_`` variants update their input Tensor in place and return it.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink import ops
from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function.nn_pool_norm_func import ntuple, pool_nd

# --- ops under their mint names ---------------------------------------------------------------
sigmoid = ops.sigmoid
tanh = ops.tanh
mse_loss = ops.mse_loss
flatten_ = ops.flatten


def _inplace(t: Any, r: Tensor) -> Tensor:
    if not isinstance(t, Tensor):
        return r
    t._data = r._data
    return t


def relu(input: Any, inplace: bool = False) -> Tensor:
    """``max(input, 0)`` (``ops.relu``)."""
    r = ops.relu(input)
    return _inplace(input, r) if inplace else r


def relu_(input: Tensor) -> Tensor:
    """In-place :func:`relu`."""
    return _inplace(input, ops.relu(input))


def relu6(input: Any, inplace: bool = False) -> Tensor:
    """``min(max(input, 0), 6)`` (``ops.relu6``)."""
    r = ops.relu6(input)
    return _inplace(input, r) if inplace else r


def sigmoid_(input: Tensor) -> Tensor:
    """In-place :func:`sigmoid`."""
    return _inplace(input, ops.sigmoid(input))


def silu(input: Any, inplace: bool = False) -> Tensor:
    """``input * sigmoid(input)`` (``ops.silu``)."""
    r = ops.silu(input)
    return _inplace(input, r) if inplace else r


def elu(input: Any, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """ELU (``ops.elu``)."""
    r = ops.elu(input, alpha)
    return _inplace(input, r) if inplace else r


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """In-place :func:`elu`."""
    return _inplace(input, ops.elu(input, alpha))


def gelu(input: Any, approximate: str = "none") -> Tensor:
    """GELU, exact or ``approximate='tanh'`` (``ops.gelu``)."""
    return ops.gelu(input, approximate)


def leaky_relu(input: Any, negative_slope: float = 0.01) -> Tensor:
    """``input`` where positive, ``negative_slope * input`` elsewhere (``ops.leaky_relu``)."""
    return ops.leaky_relu(input, negative_slope)


def hardtanh(input: Any, min_val: float = -1.0, max_val: float = 1.0,
             inplace: bool = False) -> Tensor:  # fmt: skip
    """``input`` clipped to ``[min_val, max_val]``."""
    if min_val > max_val:
        U.fail("hardtanh", f"'min_val' ({min_val}) must not exceed 'max_val' ({max_val})")
    r = ops.clamp(input, min_val, max_val)
    return _inplace(input, r) if inplace else r


def hardtanh_(input: Tensor, min_val: float = -1, max_val: float = 1) -> Tensor:
    """In-place :func:`hardtanh`."""
    return hardtanh(input, min_val, max_val, inplace=True)


def threshold(input: Any, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``input`` where it is greater than ``threshold``, ``value`` elsewhere."""
    a = U.array(input, "threshold")
    r = Tensor._from(jnp.where(a > threshold, a, jnp.asarray(value, a.dtype)))
    return _inplace(input, r) if inplace else r


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """In-place :func:`threshold`."""
    return globals()["threshold"](input, threshold, value, inplace=True)


def logsigmoid(input: Any) -> Tensor:
    """``log(sigmoid(input))``, computed stably."""
    return Tensor._from(jax.nn.log_sigmoid(U.floating(U.array(input, "logsigmoid"))))


def glu(input: Any, dim: int = -1) -> Tensor:
    """Gated linear unit: the first half of ``dim`` times the sigmoid of the second."""
    a = U.floating(U.array(input, "glu"))
    ax = U.axis(dim, a.ndim, "glu", "dim")
    if a.shape[ax] % 2:
        U.fail("glu", f"the size of 'dim' {dim} must be even, but got {a.shape[ax]}")
    return Tensor._from(jax.nn.glu(a, axis=ax))


def prelu(input: Any, weight: Any) -> Tensor:
    """``input`` where positive, ``weight * input`` elsewhere (weight per channel, dim 1)."""
    a = U.array(input, "prelu")
    w = U.array(weight, "prelu", "weight").astype(a.dtype)
    if w.size > 1 and a.ndim >= 2:
        w = w.reshape((1, -1) + (1,) * (a.ndim - 2))
    return Tensor._from(jnp.where(a >= 0, a, w * a))


def softmax(input: Any, dim: int, *, dtype: Any = None) -> Tensor:
    """Softmax along ``dim`` (``ops.softmax``)."""
    return ops.softmax(input, dim, dtype=dtype)


def log_softmax(input: Any, dim: int | None = None, *, dtype: Any = None) -> Tensor:
    """Log-softmax along ``dim`` (``ops.log_softmax``)."""
    if dtype is not None:
        input = ops.cast(input, dtype)
    return ops.log_softmax(input, -1 if dim is None else dim)


def normalize(input: Any, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input / max(||input||_p over dim, eps)``."""
    a = U.floating(U.array(input, "normalize"))
    n = jnp.sum(jnp.abs(a) ** p, axis=dim, keepdims=True) ** (1.0 / p)
    return Tensor._from(a / jnp.maximum(n, eps))


def flatten(input: Any, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """``input`` with dims ``start_dim..end_dim`` merged (``ops.flatten``)."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


def one_hot(tensor: Any, num_classes: int = -1) -> Tensor:
    """One-hot Int64 encoding with ``num_classes`` (the largest index + 1 when -1)."""
    a = U.array(tensor, "one_hot", "tensor")
    if a.dtype.kind not in "iu":
        U.fail("one_hot", f"'tensor' must be an int tensor, but got {a.dtype}", TypeError)
    if num_classes == -1:
        num_classes = int(jnp.max(a)) + 1
    return Tensor._from(jax.nn.one_hot(a, num_classes, dtype=np.int64))


def linear(input: Any, weight: Any, bias: Any = None) -> Tensor:
    """``input @ weight.T + bias`` (``ops.dense``)."""
    return ops.dense(input, weight, bias)


def dropout(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zeros elements with probability ``p`` and scales the rest by ``1/(1-p)`` in training
    (``ops.dropout``)."""
    r = ops.dropout(input, p, training)
    return _inplace(input, r) if inplace else r


def dropout2d(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False):
    """Zeros whole channels (dim 1 of (N, C, H, W)) with probability ``p`` in training."""
    a = U.array(input, "dropout2d")
    if not 0 <= p <= 1:
        U.fail("dropout2d", f"'p' must be in [0, 1], but got {p}")
    if not training or p == 0:
        return input if isinstance(input, Tensor) else Tensor._from(a)
    if a.ndim not in (3, 4):
        U.fail("dropout2d", f"'input' must be 3-D or 4-D, but got {a.ndim}-D")
    shape = a.shape[:-2] + (1, 1)
    keep = jax.random.bernoulli(_random.next_key(), 1 - p, shape)
    r = Tensor._from(jnp.where(keep, a / (1 - p), 0).astype(a.dtype) if p < 1 else a * 0)
    return _inplace(input, r) if inplace else r


def embedding(input: Any, weight: Any, padding_idx: int | None = None, max_norm: float | None = None,
              norm_type: float = 2.0, scale_grad_by_freq: bool = False) -> Tensor:  # fmt: skip
    """Rows of ``weight`` at the indices ``input`` (rows renormalized to ``max_norm``)."""
    idx = U.array(input, "embedding")
    w = U.array(weight, "embedding", "weight")
    if scale_grad_by_freq:
        U.fail("embedding", "'scale_grad_by_freq' is not supported", NotImplementedError)
    rows = jnp.take(w, idx, axis=0)
    if max_norm is not None:
        n = jnp.sum(jnp.abs(rows) ** norm_type, axis=-1, keepdims=True) ** (1 / norm_type)
        rows = jnp.where(n > max_norm, rows * (max_norm / (n + 1e-7)), rows)
    if padding_idx is not None:  # no gradient flows into the padding row
        rows = jnp.where((idx == padding_idx)[..., None], lax.stop_gradient(rows), rows)
    return Tensor._from(rows)


# --- convolution ------------------------------------------------------------------------------
def _conv_pads(padding: Any, n: int, api: str) -> Any:
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            U.fail(api, f"'padding' must be 'same', 'valid' or ints, but got {padding!r}")
        return padding.upper()
    p = ntuple(padding, n, "padding", api)
    return [(v, v) for v in p]


def conv_nd(input: Any, weight: Any, bias: Any, stride: Any, padding: Any, dilation: Any,
            groups: int, n: int, api: str) -> Tensor:  # fmt: skip
    """N-d convolution over (N, C, *spatial) input and (O, C/groups, *k) weight."""
    x, w = U.array(input, api), U.array(weight, api, "weight")
    unbatched = x.ndim == n + 1
    if unbatched:
        x = x[None]
    if x.ndim != n + 2 or w.ndim != n + 2:
        U.fail(api, f"'input' must be {n + 1}-D or {n + 2}-D and 'weight' {n + 2}-D, but got "
               f"{list(x.shape)} and {list(w.shape)}")  # fmt: skip
    if x.shape[1] != w.shape[1] * groups:
        U.fail(api, f"the channels of 'input' ({x.shape[1]}) must equal the in-channels of "
               f"'weight' ({w.shape[1]}) times 'groups' ({groups})")  # fmt: skip
    sp = "DHW"[-n:] if n <= 3 else None
    y = lax.conv_general_dilated(
        x, w.astype(x.dtype), ntuple(stride, n, "stride", api), _conv_pads(padding, n, api),
        rhs_dilation=ntuple(dilation, n, "dilation", api),
        dimension_numbers=("NC" + sp, "OI" + sp, "NC" + sp), feature_group_count=groups,
    )  # fmt: skip
    if bias is not None:
        y = y + U.array(bias, api, "bias").astype(y.dtype).reshape((1, -1) + (1,) * n)
    return Tensor._from(y[0] if unbatched else y)


def conv1d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """1-D convolution over (N, C, L)."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 1, "conv1d")


def conv2d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """2-D convolution over (N, C, H, W) (PyTorch's padding: ints, 'same' or 'valid')."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 2, "conv2d")


def conv3d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:  # fmt: skip
    """3-D convolution over (N, C, D, H, W)."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 3, "conv3d")


def conv_transpose2d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0,
                     output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> Tensor:  # fmt: skip
    """The transposed 2-D convolution (the gradient of :func:`conv2d` w.r.t. its input);
    ``weight`` is (C_in, C_out/groups, kH, kW)."""
    api = "conv_transpose2d"
    x, w = U.array(input, api), U.array(weight, api, "weight")
    unbatched = x.ndim == 3
    if unbatched:
        x = x[None]
    s, p = ntuple(stride, 2, "stride", api), ntuple(padding, 2, "padding", api)
    d, op = ntuple(dilation, 2, "dilation", api), ntuple(output_padding, 2, "output_padding", api)
    k = w.shape[2:]
    cin = w.shape[0]
    # (C_in, C_out/g, k) -> (C_out, C_in/g, k), flipped: a regular conv over the dilated input
    w = w.reshape(groups, cin // groups, w.shape[1], *k)
    w = jnp.swapaxes(w, 1, 2).reshape(groups * w.shape[2], cin // groups, *k)
    w = jnp.flip(w, (2, 3)).astype(x.dtype)
    pads = [(d[i] * (k[i] - 1) - p[i], d[i] * (k[i] - 1) - p[i] + op[i]) for i in range(2)]
    y = lax.conv_general_dilated(x, w, (1, 1), pads, lhs_dilation=s, rhs_dilation=d,
                                 dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                 feature_group_count=groups)  # fmt: skip
    if bias is not None:
        y = y + U.array(bias, api, "bias").astype(y.dtype).reshape(1, -1, 1, 1)
    return Tensor._from(y[0] if unbatched else y)


# --- pooling ----------------------------------------------------------------------------------
def avg_pool1d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
               ceil_mode: bool = False, count_include_pad: bool = True) -> Tensor:  # fmt: skip
    """Average pooling over (N, C, L) (ops' ``pool_nd``)."""
    x = U.array(input, "avg_pool1d")
    return Tensor._from(pool_nd(x, 1, "avg", kernel_size, stride, "pad", padding, ceil_mode,
                                count_include_pad, 0, "avg_pool1d"))  # fmt: skip


def avg_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
               ceil_mode: bool = False, count_include_pad: bool = True,
               divisor_override: int | None = None) -> Tensor:  # fmt: skip
    """Average pooling over (N, C, H, W) (ops' ``pool_nd``)."""
    x = U.array(input, "avg_pool2d")
    return Tensor._from(pool_nd(x, 2, "avg", kernel_size, stride, "pad", padding, ceil_mode,
                                count_include_pad, divisor_override or 0, "avg_pool2d"))  # fmt: skip


def avg_pool3d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
               ceil_mode: bool = False, count_include_pad: bool = True,
               divisor_override: int | None = None) -> Tensor:  # fmt: skip
    """Average pooling over (N, C, D, H, W) (ops' ``pool_nd``)."""
    x = U.array(input, "avg_pool3d")
    return Tensor._from(pool_nd(x, 3, "avg", kernel_size, stride, "pad", padding, ceil_mode,
                                count_include_pad, divisor_override or 0, "avg_pool3d"))  # fmt: skip


def max_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
               dilation: Any = 1, ceil_mode: bool = False, return_indices: bool = False):  # fmt: skip
    """Max pooling over (N, C, H, W); with ``return_indices`` also the flat (H*W) argmax
    positions (Int64)."""
    api = "max_pool2d"
    x = U.array(input, api)
    if ntuple(dilation, 2, "dilation", api) != (1, 1):
        U.fail(api, "'dilation' other than 1 is not supported", NotImplementedError)
    out = pool_nd(x, 2, "max", kernel_size, stride, "pad", padding, ceil_mode, True, 0, api)
    if not return_indices:
        return Tensor._from(out)
    k = ntuple(kernel_size, 2, "kernel_size", api)
    s = ntuple(stride if stride is not None else kernel_size, 2, "stride", api)
    p = ntuple(padding, 2, "padding", api)
    h, w = x.shape[-2:]
    pos = jnp.arange(h * w, dtype=jnp.float32).reshape(h, w)
    xp = jnp.pad(x, [(0, 0)] * (x.ndim - 2) + [(p[0], p[0]), (p[1], p[1])],
                 constant_values=-jnp.inf)  # fmt: skip
    pp = jnp.pad(pos, [(p[0], p[0]), (p[1], p[1])], constant_values=-1)
    oh, ow = out.shape[-2:]
    rows = (jnp.arange(oh) * s[0])[:, None] + jnp.arange(k[0])[None]
    cols = (jnp.arange(ow) * s[1])[:, None] + jnp.arange(k[1])[None]
    rows = jnp.clip(rows, 0, xp.shape[-2] - 1)
    cols = jnp.clip(cols, 0, xp.shape[-1] - 1)
    win = xp[..., rows[:, None, :, None], cols[None, :, None, :]]  # (..., oh, ow, kh, kw)
    wpos = pp[rows[:, None, :, None], cols[None, :, None, :]]
    flat = win.reshape(win.shape[:-2] + (-1,))
    arg = jnp.argmax(flat, axis=-1)
    idx = jnp.take_along_axis(jnp.broadcast_to(wpos.reshape(oh, ow, -1), flat.shape),
                              arg[..., None], axis=-1)[..., 0]  # fmt: skip
    return Tensor._from(out), Tensor._from(idx.astype(np.int64))


def max_unpool2d(input: Any, indices: Any, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:  # fmt: skip
    """Scatters ``input`` to the flat positions ``indices`` of a zero (N, C, H, W) output."""
    api = "max_unpool2d"
    x, idx = U.array(input, api), U.array(indices, api, "indices")
    k = ntuple(kernel_size, 2, "kernel_size", api)
    s = ntuple(stride if stride is not None else kernel_size, 2, "stride", api)
    p = ntuple(padding, 2, "padding", api)
    if output_size is None:
        oh = (x.shape[-2] - 1) * s[0] - 2 * p[0] + k[0]
        ow = (x.shape[-1] - 1) * s[1] - 2 * p[1] + k[1]
    else:
        oh, ow = tuple(output_size)[-2:]
    lead = x.shape[:-2]
    flat_x = x.reshape(-1, x.shape[-2] * x.shape[-1])
    flat_i = idx.reshape(flat_x.shape).astype(jnp.int32)
    out = jnp.zeros((flat_x.shape[0], oh * ow), x.dtype)
    out = out.at[jnp.arange(flat_x.shape[0])[:, None], flat_i].set(flat_x)
    return Tensor._from(out.reshape(lead + (oh, ow)))


def _adaptive_bounds(size: int, out: int) -> list[tuple[int, int]]:
    return [(math.floor(i * size / out), math.ceil((i + 1) * size / out)) for i in range(out)]


def adaptive_pool(x: jax.Array, output_size: Any, n: int, op: str, api: str) -> Any:
    """Adaptive average/max pooling over the last ``n`` dims (PyTorch's bin bounds)."""
    outs = output_size if isinstance(output_size, list | tuple) else (output_size,) * n
    outs = tuple(x.shape[-n + i] if o is None else o for i, o in enumerate(outs))
    if len(outs) != n:
        U.fail(api, f"'output_size' must have {n} values, but got {output_size}")
    red = jnp.mean if op == "avg" else jnp.max
    res, arg = x, None
    idx_parts = []
    for i in range(n):
        ax = x.ndim - n + i
        bounds = _adaptive_bounds(x.shape[ax], outs[i])
        pieces = [red(lax.slice_in_dim(res, a, b, axis=ax), axis=ax, keepdims=True)
                  for a, b in bounds]  # fmt: skip
        idx_parts.append(bounds)
        res = jnp.concatenate(pieces, axis=ax)
    if op == "max":
        arg = _adaptive_argmax(x, idx_parts, n)
    return res, arg


def _adaptive_argmax(x: jax.Array, bounds: list, n: int) -> jax.Array:
    """Flat positions of the maxima of each adaptive window (1-D and 2-D)."""
    if n == 1:
        cols = [jnp.argmax(x[..., a:b], axis=-1) + a for a, b in bounds[0]]
        return jnp.stack(cols, axis=-1)
    w = x.shape[-1]
    out = []
    for r0, r1 in bounds[0]:
        row = []
        for c0, c1 in bounds[1]:
            win = x[..., r0:r1, c0:c1]
            f = jnp.argmax(win.reshape(win.shape[:-2] + (-1,)), axis=-1)
            row.append((f // (c1 - c0) + r0) * w + f % (c1 - c0) + c0)
        out.append(jnp.stack(row, axis=-1))
    return jnp.stack(out, axis=-2)


def _adaptive(name: str, n: int, op: str):
    def f(input: Any, output_size: Any, return_indices: bool = False) -> Any:
        x = U.array(input, name)
        if x.ndim not in (n + 1, n + 2):
            U.fail(name, f"'input' must be {n + 1}-D or {n + 2}-D, but got {x.ndim}-D")
        if op == "avg":
            x = U.floating(x)
        res, arg = adaptive_pool(x, output_size, n, op, name)
        if return_indices:
            return Tensor._from(res), Tensor._from(arg.astype(np.int64))
        return Tensor._from(res)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Adaptive {op} pooling over the last {n} dims to ``output_size``."
    return f


_avg1, _avg2, _avg3 = (_adaptive(f"adaptive_avg_pool{n}d", n, "avg") for n in (1, 2, 3))
adaptive_max_pool1d = _adaptive("adaptive_max_pool1d", 1, "max")
adaptive_max_pool2d = _adaptive("adaptive_max_pool2d", 2, "max")


def adaptive_avg_pool1d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, L)."""
    return _avg1(input, output_size)


def adaptive_avg_pool2d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, H, W)."""
    return _avg2(input, output_size)


def adaptive_avg_pool3d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, D, H, W)."""
    return _avg3(input, output_size)


# --- normalization ----------------------------------------------------------------------------
def batch_norm(input: Any, running_mean: Any, running_var: Any, weight: Any = None,
               bias: Any = None, training: bool = False, momentum: float = 0.1,
               eps: float = 1e-05) -> Tensor:  # fmt: skip
    """Batch normalization over dim 1 (``ops.batch_norm``; running stats updated in place in
    training)."""
    x = U.array(input, "batch_norm")
    c = x.shape[1]
    w = weight if weight is not None else Tensor._from(jnp.ones((c,), x.dtype))
    b = bias if bias is not None else Tensor._from(jnp.zeros((c,), x.dtype))
    return ops.batch_norm(input, running_mean, running_var, w, b, training, momentum, eps)


def layer_norm(input: Any, normalized_shape: Any, weight: Any = None, bias: Any = None,
               eps: float = 1e-05) -> Tensor:  # fmt: skip
    """Layer normalization over the last ``len(normalized_shape)`` dims (``ops.layer_norm``)."""
    return ops.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input: Any, num_groups: int, weight: Any = None, bias: Any = None,
               eps: float = 1e-05) -> Tensor:  # fmt: skip
    """Group normalization: dim 1 split into ``num_groups`` groups, each normalized."""
    x = U.floating(U.array(input, "group_norm"))
    n, c = x.shape[0], x.shape[1]
    if c % num_groups:
        U.fail("group_norm", f"the channels ({c}) must be divisible by 'num_groups' ({num_groups})")
    g = x.reshape(n, num_groups, -1)
    mean = jnp.mean(g, axis=-1, keepdims=True)
    var = jnp.var(g, axis=-1, keepdims=True)
    y = ((g - mean) / jnp.sqrt(var + eps)).reshape(x.shape)
    shape = (1, c) + (1,) * (x.ndim - 2)
    if weight is not None:
        y = y * U.array(weight, "group_norm", "weight").reshape(shape)
    if bias is not None:
        y = y + U.array(bias, "group_norm", "bias").reshape(shape)
    return Tensor._from(y)


# --- losses -----------------------------------------------------------------------------------
def _reduce(loss: jax.Array, reduction: str, api: str) -> jax.Array:
    if reduction not in ("mean", "sum", "none"):
        U.fail(api, f"'reduction' must be one of ['mean', 'sum', 'none'], but got {reduction!r}")
    if reduction == "mean":
        return jnp.mean(loss)
    if reduction == "sum":
        return jnp.sum(loss)
    return loss


def binary_cross_entropy(input: Any, target: Any, weight: Any = None,
                         reduction: str = "mean") -> Tensor:  # fmt: skip
    """BCE of probabilities ``input`` against ``target`` (``ops.binary_cross_entropy``)."""
    return ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input: Any, target: Any, weight: Any = None,
                                     reduction: str = "mean", pos_weight: Any = None) -> Tensor:  # fmt: skip
    """BCE of ``sigmoid(input)`` (``ops.binary_cross_entropy_with_logits``)."""
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def cross_entropy(input: Any, target: Any, weight: Any = None, ignore_index: int = -100,
                  reduction: str = "mean", label_smoothing: float = 0.0) -> Tensor:  # fmt: skip
    """Cross entropy of logits (``ops.cross_entropy``)."""
    return ops.cross_entropy(input, target, weight, ignore_index, reduction, label_smoothing)


def nll_loss(input: Any, target: Any, weight: Any = None, ignore_index: int = -100,
             reduction: str = "mean") -> Tensor:  # fmt: skip
    """Negative log-likelihood of log-probabilities (``ops.nll_loss``)."""
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def kl_div(input: Any, target: Any, reduction: str = "mean", log_target: bool = False) -> Tensor:
    """KL divergence with ``input`` log-probabilities (``target`` log ones if ``log_target``);
    ``'batchmean'`` divides the sum by the batch size."""
    a, t = U.binary(input, target, "kl_div")
    a, t = U.floating(a), U.floating(t)
    loss = jnp.exp(t) * (t - a) if log_target else jax.scipy.special.xlogy(t, t) - t * a
    if reduction == "batchmean":
        return Tensor._from(jnp.sum(loss) / (a.shape[0] if a.ndim else 1))
    return Tensor._from(_reduce(loss, reduction, "kl_div"))


def soft_margin_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    """``log(1 + exp(-target * input))``."""
    a, t = U.binary(input, target, "soft_margin_loss")
    loss = jax.nn.softplus(-U.floating(t) * U.floating(a))
    return Tensor._from(_reduce(loss, reduction, "soft_margin_loss"))


def cosine_embedding_loss(input1: Any, input2: Any, target: Any, margin: float = 0.0,
                          reduction: str = "mean") -> Tensor:  # fmt: skip
    """``1 - cos(x1, x2)`` for target 1, ``max(0, cos(x1, x2) - margin)`` for target -1."""
    a = U.floating(U.array(input1, "cosine_embedding_loss", "input1"))
    b = U.floating(U.array(input2, "cosine_embedding_loss", "input2"))
    t = U.array(target, "cosine_embedding_loss", "target")
    eps = 1e-12
    cos = jnp.sum(a * b, -1) / jnp.sqrt((jnp.sum(a * a, -1) + eps) * (jnp.sum(b * b, -1) + eps))
    loss = jnp.where(t == 1, 1 - cos, jnp.maximum(0.0, cos - margin))
    return Tensor._from(_reduce(loss.astype(a.dtype), reduction, "cosine_embedding_loss"))


# --- padding, resampling, patches ------------------------------------------------------------
def pad(input: Any, pad: Any, mode: str = "constant", value: float | None = None) -> Tensor:
    """PyTorch's ``pad``: ``pad`` lists (left, right) pairs from the last dim backwards;
    modes constant, reflect, replicate, circular."""
    a = U.array(input, "pad")
    pad = tuple(pad)
    if len(pad) % 2 or len(pad) // 2 > a.ndim:
        U.fail("pad", f"'pad' must have an even length of at most 2*ndim, but got {pad}")
    widths = [(0, 0)] * a.ndim
    for i in range(len(pad) // 2):
        widths[a.ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    modes = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "wrap"}
    if mode not in modes:
        U.fail("pad", f"'mode' must be one of {list(modes)}, but got {mode!r}")
    if mode != "constant" and value is not None:
        U.fail("pad", f"'value' is only used by mode 'constant', but mode is {mode!r}")
    neg = [(max(-lo, 0), max(-hi, 0)) for lo, hi in widths]
    pos = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
    if mode == "constant":
        r = jnp.pad(a, pos, constant_values=jnp.asarray(value or 0, a.dtype))
    else:
        r = jnp.pad(a, pos, mode=modes[mode])
    sl = tuple(slice(lo, r.shape[i] - hi) for i, (lo, hi) in enumerate(neg))
    return Tensor._from(r[sl])


def interpolate(input: Any, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                align_corners: bool | None = None,
                recompute_scale_factor: bool | None = None) -> Tensor:  # fmt: skip
    """Resizes the spatial dims of (N, C, *spatial): 'nearest' (PyTorch's floor rule),
    'linear'/'bilinear'/'trilinear' (half-pixel or ``align_corners``), 'bicubic'."""
    api = "interpolate"
    x = U.array(input, api)
    n = x.ndim - 2
    if n < 1:
        U.fail(api, f"'input' must be at least 3-D, but got {x.ndim}-D")
    if (size is None) == (scale_factor is None):
        U.fail(api, "exactly one of 'size' and 'scale_factor' must be given")
    if size is not None:
        out = tuple(size) if isinstance(size, list | tuple) else (size,) * n
        scales = [out[i] / x.shape[2 + i] for i in range(n)]
    else:
        sf = scale_factor if isinstance(scale_factor, list | tuple) else (scale_factor,) * n
        out = tuple(int(math.floor(x.shape[2 + i] * sf[i])) for i in range(n))
        scales = [x.shape[2 + i] * sf[i] / x.shape[2 + i] if recompute_scale_factor else sf[i]
                  for i in range(n)]  # fmt: skip
    if mode == "nearest":
        res = x
        for i in range(n):
            insz = x.shape[2 + i]
            idx = jnp.floor(
                jnp.arange(out[i])
                * (insz / out[i] if size is not None or recompute_scale_factor else 1 / scales[i])
            )
            res = jnp.take(res, jnp.clip(idx.astype(jnp.int32), 0, insz - 1), axis=2 + i)
        return Tensor._from(res)
    linear = {"linear": 1, "bilinear": 2, "trilinear": 3}
    if mode in linear or mode == "bicubic":
        if mode in linear and linear[mode] != n:
            U.fail(api, f"mode {mode!r} needs {linear[mode] + 2}-D input, but got {x.ndim}-D")
        xf = U.floating(x)
        res = xf
        for i in range(n):
            res = _resize_axis(res, 2 + i, out[i], scales[i], bool(align_corners),
                               mode == "bicubic", size is not None)  # fmt: skip
        return Tensor._from(res.astype(xf.dtype))
    U.fail(api, f"'mode' must be nearest, linear, bilinear, trilinear or bicubic, but got {mode!r}")


def _resize_axis(x: jax.Array, ax: int, out: int, scale: float, align: bool, cubic: bool,
                 from_size: bool) -> jax.Array:  # fmt: skip
    insz = x.shape[ax]
    o = jnp.arange(out, dtype=jnp.float32)
    if align:
        src = o * ((insz - 1) / (out - 1)) if out > 1 else jnp.zeros_like(o)
    else:
        ratio = insz / out if from_size else 1.0 / scale
        src = (o + 0.5) * ratio - 0.5
        if not cubic:
            src = jnp.maximum(src, 0.0)
    i0 = jnp.floor(src)
    t = (src - i0).astype(x.dtype)
    i0 = i0.astype(jnp.int32)

    def at(i: jax.Array) -> jax.Array:
        return jnp.take(x, jnp.clip(i, 0, insz - 1), axis=ax)

    shape = [1] * x.ndim
    shape[ax] = out
    t = t.reshape(shape)
    if not cubic:
        return at(i0) * (1 - t) + at(i0 + 1) * t
    a = -0.75

    def w_near(d):
        return ((a + 2) * d - (a + 3)) * d * d + 1

    def w_far(d):
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a

    return (at(i0 - 1) * w_far(t + 1) + at(i0) * w_near(t) + at(i0 + 1) * w_near(1 - t)
            + at(i0 + 2) * w_far(2 - t))  # fmt: skip


def upsample(input: Any, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
             align_corners: bool | None = None) -> Tensor:  # fmt: skip
    """:func:`interpolate` under its older name."""
    return interpolate(input, size, scale_factor, mode, align_corners)


def pixel_shuffle(input: Any, upscale_factor: int) -> Tensor:
    """(*, C*r*r, H, W) -> (*, C, H*r, W*r)."""
    a = U.array(input, "pixel_shuffle")
    r = upscale_factor
    if a.ndim < 3 or a.shape[-3] % (r * r):
        U.fail("pixel_shuffle", f"the channels ({a.shape[-3] if a.ndim >= 3 else None}) must be "
               f"divisible by upscale_factor**2 ({r * r})")  # fmt: skip
    *lead, c, h, w = a.shape
    y = a.reshape(*lead, c // (r * r), r, r, h, w)
    k = len(lead)
    y = jnp.transpose(y, tuple(range(k)) + (k, k + 3, k + 1, k + 4, k + 2))
    return Tensor._from(y.reshape(*lead, c // (r * r), h * r, w * r))


def unfold(input: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
           stride: Any = 1) -> Tensor:  # fmt: skip
    """Sliding (kH, kW) patches of (N, C, H, W) as (N, C*kH*kW, L) columns (im2col)."""
    api = "unfold"
    x = U.array(input, api)
    if x.ndim != 4:
        U.fail(api, f"'input' must be 4-D, but got {x.ndim}-D")
    k = ntuple(kernel_size, 2, "kernel_size", api)
    patches = lax.conv_general_dilated_patches(
        x, k, ntuple(stride, 2, "stride", api),
        [(p, p) for p in ntuple(padding, 2, "padding", api)],
        rhs_dilation=ntuple(dilation, 2, "dilation", api),
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
    )  # fmt: skip
    return Tensor._from(patches.reshape(x.shape[0], patches.shape[1], -1))


def fold(input: Any, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
         stride: Any = 1) -> Tensor:  # fmt: skip
    """The inverse of :func:`unfold`: (N, C*kH*kW, L) columns summed into (N, C, H, W)."""
    api = "fold"
    cols = U.array(input, api)
    out = ntuple(output_size, 2, "output_size", api)
    k = ntuple(kernel_size, 2, "kernel_size", api)
    c = cols.shape[1] // (k[0] * k[1])
    zeros = jnp.zeros((cols.shape[0], c) + out, cols.dtype)

    def unf(z):
        return unfold(Tensor._from(z), kernel_size, dilation, padding, stride)._data

    _, vjp = jax.vjp(unf, zeros)  # fold is the adjoint of unfold
    return Tensor._from(vjp(cols)[0])


def grid_sample(input: Any, grid: Any, mode: str = "bilinear", padding_mode: str = "zeros",
                align_corners: bool | None = None) -> Tensor:  # fmt: skip
    """Samples (N, C, H, W) ``input`` at the (N, Ho, Wo, 2) normalized ``grid`` locations
    (modes bilinear/nearest; padding zeros/border/reflection is zeros/border)."""
    api = "grid_sample"
    x = U.floating(U.array(input, api))
    g = U.array(grid, api, "grid").astype(x.dtype)
    if x.ndim != 4 or g.ndim != 4:
        U.fail(api, "only 4-D 'input' and 'grid' are supported", NotImplementedError)
    if mode not in ("bilinear", "nearest") or padding_mode not in ("zeros", "border"):
        U.fail(api, f"mode {mode!r} / padding_mode {padding_mode!r} is not supported",
               NotImplementedError)  # fmt: skip
    h, w = x.shape[2:]

    def unnorm(v, size):
        return ((v + 1) / 2) * (size - 1) if align_corners else ((v + 1) * size - 1) / 2

    ix, iy = unnorm(g[..., 0], w), unnorm(g[..., 1], h)
    if padding_mode == "border":
        ix, iy = jnp.clip(ix, 0, w - 1), jnp.clip(iy, 0, h - 1)

    def gather(yy, xx):
        valid = (xx >= 0) & (xx < w) & (yy >= 0) & (yy < h)
        xc, yc = jnp.clip(xx, 0, w - 1), jnp.clip(yy, 0, h - 1)
        vals = jax.vmap(lambda img, a, b: img[:, a, b])(x, yc, xc)  # (N, C, Ho, Wo)
        return vals * valid[:, None].astype(x.dtype)

    if mode == "nearest":
        return Tensor._from(
            gather(jnp.round(iy).astype(jnp.int32), jnp.round(ix).astype(jnp.int32))
        )
    x0, y0 = jnp.floor(ix).astype(jnp.int32), jnp.floor(iy).astype(jnp.int32)
    wx, wy = (ix - x0)[:, None], (iy - y0)[:, None]
    r = (gather(y0, x0) * (1 - wx) * (1 - wy) + gather(y0, x0 + 1) * wx * (1 - wy)
         + gather(y0 + 1, x0) * (1 - wx) * wy + gather(y0 + 1, x0 + 1) * wx * wy)  # fmt: skip
    return Tensor._from(r)


_ = (builtins, flatten_)
__all__ = sorted(n for n in dir() if not n.startswith("_") and n not in {
    "annotations", "builtins", "math", "jax", "jnp", "np", "lax", "ops", "Tensor", "U", "Any",
    "ntuple", "pool_nd", "conv_nd", "adaptive_pool", "flatten_"})  # fmt: skip
