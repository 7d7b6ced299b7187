"""``mindspore.mint.nn.functional``: PyTorch-style neural-network functions.

One computation, one implementation: mint keeps only PyTorch's argument names, its ``inplace``
flags and the checks ``ops`` does not make; the computation is ``ops``'. Which family delegates
where:

- activations: ``ops.relu/relu6/silu/elu/gelu/leaky_relu/hardtanh/threshold/logsigmoid/glu/
  prelu/softmax/log_softmax``;
- losses: ``ops.mse_loss/binary_cross_entropy(_with_logits)/cross_entropy/nll_loss/
  soft_margin_loss/cosine_embedding_loss``, ``kl_div`` -> ops' ``loss_func.kl_div_core``
  (which adds ``log_target``);
- pooling: ``avg_pool*`` -> ops' ``nn_pool_norm_func.avg_pool``, ``max_pool2d`` ->
  ``ops.max_pool2d``, adaptive pooling -> ops' ``sampling_func.adaptive_pool``;
- normalization: ``ops.batch_norm/layer_norm/group_norm``; ``linear`` -> ``ops.dense``;
  ``dropout``/``dropout2d`` -> ``ops.dropout``/``ops.dropout2d``; ``embedding`` ->
  ``ops.embedding``; ``max_unpool2d`` -> ``ops.max_unpool2d``;
- padding and resampling: ``ops.pad/pixel_shuffle/unfold/fold``; ``interpolate``/``upsample`` ->
  ops' ``sampling_func.resize`` with ``cubic_rule='pytorch'`` (bicubic A = -0.75, edge taps;
  ``ops.interpolate`` keeps MindSpore's A = -0.5).

- convolution: ``conv1d/2d/3d`` map PyTorch's ``padding`` onto ``ops.conv1d/2d/3d``'s pad_mode.

Implemented here (no ``ops`` twin with the same semantics): ``conv_transpose2d``, ``max_pool2d``'s indices, ``grid_sample``,
``normalize``, ``one_hot``. They run eagerly, under ``jit``, ``grad`` and in the sunk loop. The
``*_`` variants update their input Tensor in place and return it.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import nn_func as _nn_func
from deepsink.ops.function import sampling_func as S
from deepsink.ops.function.loss_func import kl_div_core
from deepsink.ops.function.nn_pool_norm_func import avg_pool as _avg_pool
from deepsink.ops.function.nn_pool_norm_func import ntuple

# --- ops under their mint names ---------------------------------------------------------------
sigmoid = ops.sigmoid
tanh = ops.tanh
mse_loss = ops.mse_loss
conv_transpose2d = ops.conv_transpose2d
embedding = ops.embedding
cross_entropy = ops.cross_entropy
gelu = ops.gelu
grid_sample = ops.grid_sample
pixel_shuffle = ops.pixel_shuffle
unfold = ops.unfold
fold = ops.fold
flatten_ = ops.flatten


_inplace = U.write_into


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


def leaky_relu(input: Any, negative_slope: float = 0.01) -> Tensor:
    """``input`` where positive, ``negative_slope * input`` elsewhere (``ops.leaky_relu``)."""
    return ops.leaky_relu(input, negative_slope)


def hardtanh(
    input: Any, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    """``input`` clipped to ``[min_val, max_val]`` (``ops.hardtanh``)."""
    r = ops.hardtanh(input, min_val, max_val)
    return _inplace(input, r) if inplace else r


def hardtanh_(input: Tensor, min_val: float = -1, max_val: float = 1) -> Tensor:
    """In-place :func:`hardtanh`."""
    return hardtanh(input, min_val, max_val, inplace=True)


def threshold(input: Any, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``input`` where it is greater than ``threshold``, ``value`` elsewhere (``ops.threshold``)."""
    r = ops.threshold(input, threshold, value)
    return _inplace(input, r) if inplace else r


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """In-place :func:`threshold`."""
    return globals()["threshold"](input, threshold, value, inplace=True)


def logsigmoid(input: Any) -> Tensor:
    """``log(sigmoid(input))``, computed stably (``ops.logsigmoid``)."""
    return ops.logsigmoid(input)


def glu(input: Any, dim: int = -1) -> Tensor:
    """Gated linear unit: the first half of ``dim`` times the sigmoid of the second
    (``ops.glu``)."""
    return ops.glu(input, dim)


def prelu(input: Any, weight: Any) -> Tensor:
    """``input`` where positive, ``weight * input`` elsewhere, weight per channel of dim 1
    (``ops.prelu``)."""
    return ops.prelu(input, weight)


def softmax_implicit_dim(ndim: int) -> int:
    """The axis 2.10's mint softmax takes for ``dim=None`` (PyTorch's legacy choice): 0 for 0-, 1-
    and 3-D inputs, else 1."""
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input: Any, dim: int | None = None, dtype: Any = None) -> Tensor:
    """Softmax along ``dim`` (``ops.softmax``); ``dim=None`` picks :func:`softmax_implicit_dim`."""
    if dim is None:
        dim = softmax_implicit_dim(U.array(input, "softmax").ndim)
    if not isinstance(dim, int) or isinstance(dim, bool):
        U.fail(
            "softmax",
            f"the type of 'dim' must be 'int', but got '{dim}' with type '{type(dim).__name__}'",
            TypeError,
        )
    if U.array(input, "softmax").ndim == 0:
        if dim not in (0, -1):
            U.fail(
                "softmax",
                f"Dimension out of range (expected to be in range of [-1, 0], but got {dim})",
                IndexError,
            )
        return ops.ones_like(input if dtype is None else ops.cast(input, dtype))
    return ops.softmax(input, dim, dtype=dtype)


def log_softmax(input: Any, dim: int | None = None, *, dtype: Any = None) -> Tensor:
    """Log-softmax along ``dim`` (``ops.log_softmax``); ``dim=None`` picks
    :func:`softmax_implicit_dim`, as 2.10's LogSoftmaxExt does."""
    if dtype is not None:
        input = ops.cast(input, dtype)
    if dim is None:
        dim = softmax_implicit_dim(U.array(input, "log_softmax").ndim)
    return ops.log_softmax(input, dim)


def normalize(input: Any, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Tensor:
    """``input / max(||input||_p over dim, eps)`` (``ops.vector_norm``)."""
    a = Tensor._from(U.floating(U.array(input, "normalize")))
    return ops.div(a, ops.clamp(ops.vector_norm(a, p, dim, True), min=eps))


def flatten(input: Any, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """``input`` with dims ``start_dim..end_dim`` merged (``ops.flatten``)."""
    return ops.flatten(input, start_dim=start_dim, end_dim=end_dim)


def one_hot(tensor: Any, num_classes: int = -1) -> Tensor:
    """One-hot Int64 encoding with ``num_classes`` (the largest index + 1 when -1)."""
    a = U.array(tensor, "one_hot", "tensor")
    if a.dtype.kind not in "iu":
        U.fail("one_hot", f"'tensor' must be an int tensor, but got {a.dtype}", TypeError)
    if num_classes == -1:
        num_classes = int(ops.amax(tensor)) + 1
    return ops.one_hot(tensor, num_classes, Tensor._from(np.int64(1)), Tensor._from(np.int64(0)))


linear = ops.dense


def dropout(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False) -> Tensor:
    """Zeros elements with probability ``p`` and scales the rest by ``1/(1-p)`` in training
    (MindSpore's ``dropout_ext``, see ``ops.function.nn_func.dropout_ext``)."""
    r = _nn_func.dropout_ext(input, p, training)
    return _inplace(input, r) if inplace else r


def dropout2d(input: Any, p: float = 0.5, training: bool = True, inplace: bool = False):
    """Zeros whole channels (dim 1 of (N, C, H, W)) with probability ``p`` in training
    (``ops.dropout2d``)."""
    if not training or p == 0:
        return input if isinstance(input, Tensor) else ops.dropout2d(input, p, training)
    r = ops.dropout2d(input, p, training)
    return _inplace(input, r) if inplace else r


# --- convolution ------------------------------------------------------------------------------
_CONV = {1: ops.conv1d, 2: ops.conv2d, 3: ops.conv3d}


def conv_nd(
    input: Any,
    weight: Any,
    bias: Any,
    stride: Any,
    padding: Any,
    dilation: Any,
    groups: int,
    n: int,
    api: str,
) -> Tensor:
    """N-d convolution over (N, C, *spatial) or unbatched (C, *spatial) input: PyTorch's
    ``padding`` (ints, 'same' or 'valid') mapped onto ``ops.conv1d/2d/3d``'s pad_mode."""
    x = U.array(input, api)
    unbatched = x.ndim == n + 1
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            U.fail(api, f"'padding' must be 'same', 'valid' or ints, but got {padding!r}")
        mode, pads = padding, 0
    else:
        p = ntuple(padding, n, "padding", api)
        mode, pads = "pad", p[0] if n == 1 else (tuple(v for v in p for _ in "lr") if n == 2 else p)
    y = _CONV[n](
        Tensor._from(x[None]) if unbatched else input,
        weight,
        bias,
        ntuple(stride, n, "stride", api),
        mode,
        pads,
        ntuple(dilation, n, "dilation", api),
        groups,
    )
    return Tensor._from(y._data[0]) if unbatched else y


def conv1d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """1-D convolution over (N, C, L)."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 1, "conv1d")


def conv2d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """2-D convolution over (N, C, H, W) (PyTorch's padding: ints, 'same' or 'valid')."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 2, "conv2d")


def conv3d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """3-D convolution over (N, C, D, H, W)."""
    return conv_nd(input, weight, bias, stride, padding, dilation, groups, 3, "conv3d")


# --- pooling ----------------------------------------------------------------------------------
def avg_pool1d(
    input: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """Average pooling over (N, C, L) (ops. ``avg_pool``)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, 0)
    return _avg_pool(input, 1, *args, "avg_pool1d")


def avg_pool2d(
    input: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """Average pooling over (N, C, H, W) (ops. ``avg_pool``)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    return _avg_pool(input, 2, *args, "avg_pool2d")


def avg_pool3d(
    input: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """Average pooling over (N, C, D, H, W) (ops. ``avg_pool``)."""
    args = (kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    return _avg_pool(input, 3, *args, "avg_pool3d")


def max_pool2d(
    input: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
):
    """Max pooling over (N, C, H, W); with ``return_indices`` also the flat (H*W) argmax
    positions (Int64) (``ops.max_pool2d``)."""
    return ops.max_pool2d(input, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


def max_unpool2d(
    input: Any,
    indices: Any,
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    output_size: Any = None,
) -> Tensor:
    """Scatters ``input`` to the flat positions ``indices`` of a zero (N, C, H, W) output
    (``ops.max_unpool2d``)."""
    return ops.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)


def _adaptive(name: str, n: int, op: str):
    def f(input: Any, output_size: Any, return_indices: bool = False) -> Any:
        return S.adaptive_pool(input, output_size, n, op, name, return_indices)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Adaptive {op} pooling over the last {n} dims to ``output_size`` (ops' core)."
    return f


adaptive_max_pool1d = _adaptive("adaptive_max_pool1d", 1, "max")
adaptive_max_pool2d = _adaptive("adaptive_max_pool2d", 2, "max")


def adaptive_avg_pool1d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, L) (ops' ``adaptive_pool``)."""
    return S.adaptive_pool(input, output_size, 1, "avg", "adaptive_avg_pool1d")


def adaptive_avg_pool2d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, H, W) (ops' ``adaptive_pool``)."""
    return S.adaptive_pool(input, output_size, 2, "avg", "adaptive_avg_pool2d")


def adaptive_avg_pool3d(input: Any, output_size: Any) -> Tensor:
    """Adaptive average pooling over (N, C, D, H, W) (ops' ``adaptive_pool``)."""
    return S.adaptive_pool(input, output_size, 3, "avg", "adaptive_avg_pool3d")


# --- normalization ----------------------------------------------------------------------------
def batch_norm(
    input: Any,
    running_mean: Any,
    running_var: Any,
    weight: Any = None,
    bias: Any = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-05,
) -> Tensor:
    """Batch normalization over dim 1 (``ops.batch_norm``; running stats updated in place in
    training)."""
    x = U.array(input, "batch_norm")
    c = x.shape[1]
    w = weight if weight is not None else ops.ones((c,), x.dtype)
    b = bias if bias is not None else ops.zeros((c,), x.dtype)
    return ops.batch_norm(input, running_mean, running_var, w, b, training, momentum, eps)


layer_norm = ops.layer_norm


group_norm = ops.group_norm


# --- losses -----------------------------------------------------------------------------------
def binary_cross_entropy(
    input: Any, target: Any, weight: Any = None, reduction: str = "mean"
) -> Tensor:
    """BCE of probabilities ``input`` against ``target`` (``ops.binary_cross_entropy``)."""
    return ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(
    input: Any, target: Any, weight: Any = None, reduction: str = "mean", pos_weight: Any = None
) -> Tensor:
    """BCE of ``sigmoid(input)`` (``ops.binary_cross_entropy_with_logits``)."""
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def nll_loss(
    input: Any, target: Any, weight: Any = None, ignore_index: int = -100, reduction: str = "mean"
) -> Tensor:
    """Negative log-likelihood of log-probabilities (``ops.nll_loss``)."""
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def kl_div(input: Any, target: Any, reduction: str = "mean", log_target: bool = False) -> Tensor:
    """KL divergence with ``input`` log-probabilities (``target`` log ones if ``log_target``);
    ``'batchmean'`` divides the sum by the batch size (ops' ``kl_div_core``)."""
    return kl_div_core(input, target, reduction, log_target)


soft_margin_loss = ops.soft_margin_loss


cosine_embedding_loss = ops.cosine_embedding_loss


# --- padding, resampling, patches ------------------------------------------------------------
def pad(input: Any, pad: Any, mode: str = "constant", value: float | None = None) -> Tensor:
    """PyTorch's ``pad``: ``pad`` lists (left, right) pairs from the last dim backwards;
    modes constant, reflect, replicate, circular (``ops.pad``)."""
    if mode != "constant" and value is not None:
        U.fail("pad", f"'value' is only used by mode 'constant', but mode is {mode!r}")
    return ops.pad(input, pad, mode, value)


def interpolate(
    input: Any,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> Tensor:
    """Resizes the spatial dims of (N, C, *spatial): 'nearest' (floor rule),
    'linear'/'bilinear'/'trilinear' (half-pixel or ``align_corners``), 'bicubic' (PyTorch's
    A = -0.75 with edge taps, where ``ops.interpolate`` uses MindSpore's A = -0.5), via ops'
    ``resize``."""
    return S.resize(
        input, size, scale_factor, mode, align_corners, recompute_scale_factor, cubic_rule="pytorch"
    )


def upsample(
    input: Any,
    size: Any = None,
    scale_factor: Any = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
) -> Tensor:
    """:func:`interpolate` under its older name."""
    return interpolate(input, size, scale_factor, mode, align_corners)


_ = (builtins, flatten_)
__all__ = sorted(
    n
    for n in dir()
    if not n.startswith("_")
    and n
    not in {
        "softmax_implicit_dim",
        "annotations",
        "builtins",
        "math",
        "jax",
        "jnp",
        "np",
        "lax",
        "ops",
        "Tensor",
        "U",
        "Any",
        "ntuple",
        "conv_nd",
        "S",
        "kl_div_core",
        "flatten_",
    }
)
