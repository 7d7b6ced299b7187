"""The fused normalization and position-embedding ops of ``mindspore.ops`` that large-model code
calls (``ops.add_rms_norm``, ``ops.add_layer_norm``, ``ops.rotary_position_embedding``).

MindSpore runs them as single Ascend kernels; here each is its plain ``jnp`` expression, which XLA
fuses on its own. Statistics are computed in float32 (float64 for float64 inputs) and the
outputs cast back, as the kernels do.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = ["add_rms_norm", "add_layer_norm", "rotary_position_embedding"]

_FLOATS = (jnp.float16, jnp.bfloat16, jnp.float32)


def _float(x: Any, api: str, arg: str, kinds: tuple = _FLOATS) -> jax.Array:
    if not isinstance(x, Tensor):
        U.fail(api, f"'{arg}' must be a Tensor, but got {type(x).__name__}", TypeError)
    if x._data.dtype not in kinds:
        U.fail(api, f"'{arg}' must be float16, bfloat16 or float32, but got {x.dtype}", TypeError)
    return x._data


def _wide(a: jax.Array) -> jax.Array:
    return a.astype(jnp.float64 if a.dtype == jnp.float64 else jnp.float32)


def add_rms_norm(x1: Any, x2: Any, gamma: Any, epsilon: float = 1e-6) -> tuple:
    """Adds ``x1`` and ``x2`` and normalizes the sum by its root mean square over the axes of
    ``gamma`` (the trailing ones), then scales by ``gamma``.

    Args:
        x1 (Tensor): float16, bfloat16 or float32.
        x2 (Tensor): The same shape as ``x1``.
        gamma (Tensor): The scale, the shape of ``x1``'s trailing axes.
        epsilon (float, optional): Added to the mean square, in (0, 1]. Default ``1e-6``.

    Returns:
        A tuple (y, rstd, x): ``y`` the normalized sum (dtype of ``x1``), ``rstd`` the float32
        reciprocal root mean square (the normalized axes kept as size 1), ``x`` = ``x1 + x2``.

    Raises:
        TypeError: If an input is not a float16/bfloat16/float32 Tensor.
        ValueError: If ``epsilon`` is outside (0, 1] or ``gamma`` has more axes than ``x1``.
        RuntimeError: If ``x1`` and ``x2`` differ in shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0, 4.0]], ms.float32)
        >>> y, rstd, s = ops.add_rms_norm(x, x, ops.ones((4,), ms.float32))
        >>> print(y)
        [[0.36514834 0.7302967  1.095445   1.4605933 ]]
    """
    a = _float(x1, "AddRmsNorm", "x1")
    b = _float(x2, "AddRmsNorm", "x2")
    g = _float(gamma, "AddRmsNorm", "gamma")
    if a.shape != b.shape:
        U.fail(
            "AddRmsNorm",
            f"the shapes of 'x1' {list(a.shape)} and 'x2' {list(b.shape)} must be the same",
            RuntimeError,
        )
    if not isinstance(epsilon, float) or not 0 < epsilon <= 1:
        U.fail("AddRmsNorm", f"'epsilon' must be a float in (0, 1], but got {epsilon!r}")
    if g.ndim > a.ndim or a.shape[a.ndim - g.ndim :] != g.shape:
        U.fail(
            "AddRmsNorm",
            f"'gamma' {list(g.shape)} must match the trailing axes of 'x1' {list(a.shape)}",
        )
    x = a + b
    axes = tuple(range(a.ndim - g.ndim, a.ndim))
    xw = _wide(x)
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(xw), axis=axes, keepdims=True) + epsilon)
    y = (xw * rstd * _wide(g)).astype(a.dtype)
    return Tensor._from(y), Tensor._from(rstd.astype(jnp.float32)), Tensor._from(x)


def add_layer_norm(
    x1: Any, x2: Any, gamma: Any, beta: Any, epsilon: float = 1e-5, additional_output: bool = False
) -> tuple:
    """Adds ``x1`` and ``x2`` and layer-normalizes the sum over its last axis.

    Args:
        x1 (Tensor): float16, bfloat16 or float32.
        x2 (Tensor): The shape and dtype of ``x1``.
        gamma (Tensor): The 1-D scale, the size of the last axis.
        beta (Tensor): The 1-D shift, the size of the last axis.
        epsilon (float, optional): Added to the variance. Default ``1e-5``.
        additional_output (bool, optional): Whether the kernel writes ``x1 + x2`` out; the sum
            is the fourth output either way here (it costs nothing extra). Default ``False``.

    Returns:
        A tuple (y, mean, rstd, x): the normalized sum, the mean and reciprocal standard
        deviation (last axis kept as size 1, dtype of ``x1``) and ``x1 + x2``.

    Raises:
        TypeError: If an input is not a float Tensor, ``epsilon`` not a float or
            ``additional_output`` not a bool.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0]], ms.float32)
        >>> out = ops.add_layer_norm(x, x, ops.ones((3,), ms.float32), ops.zeros((3,), ms.float32))
        >>> print(out[0])
        [[-1.2247425  0.         1.2247425]]
    """
    a = _float(x1, "AddLayerNorm", "x1")
    b = _float(x2, "AddLayerNorm", "x2")
    g = _float(gamma, "AddLayerNorm", "gamma")
    bt = _float(beta, "AddLayerNorm", "beta")
    if not isinstance(epsilon, float):
        U.fail(
            "AddLayerNorm",
            f"'epsilon' must be a float, but got {type(epsilon).__name__}",
            TypeError,
        )
    if not isinstance(additional_output, bool):
        U.fail(
            "AddLayerNorm",
            f"'additional_output' must be a bool, but got {type(additional_output).__name__}",
            TypeError,
        )
    if a.shape != b.shape or a.dtype != b.dtype or a.ndim < 1:
        U.fail(
            "AddLayerNorm",
            f"'x2' must have the shape and dtype of 'x1', but got "
            f"{b.dtype}{list(b.shape)} and {a.dtype}{list(a.shape)}",
        )
    if g.shape != a.shape[-1:] or bt.shape != a.shape[-1:]:
        U.fail(
            "AddLayerNorm",
            f"'gamma' and 'beta' must have shape {list(a.shape[-1:])}, but "
            f"got {list(g.shape)} and {list(bt.shape)}",
        )
    x = a + b
    xw = _wide(x)
    mean = jnp.mean(xw, axis=-1, keepdims=True)
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(xw - mean), axis=-1, keepdims=True) + epsilon)
    y = (xw - mean) * rstd * _wide(g) + _wide(bt)
    return (
        Tensor._from(y.astype(a.dtype)),
        Tensor._from(mean.astype(a.dtype)),
        Tensor._from(rstd.astype(a.dtype)),
        Tensor._from(x),
    )


def rotary_position_embedding(x: Any, cos: Any, sin: Any, mode: int = 0) -> Tensor:
    """Applies the rotary position embedding: ``x * cos + rotate(x) * sin``, where ``rotate``
    turns each pair of the last axis by 90 degrees (the halves for ``mode`` 0, GPT-NeoX style;
    neighbours for ``mode`` 1, GPT-J style).

    Args:
        x (Tensor): 4-D, float16, bfloat16 or float32; the last axis even.
        cos (Tensor): Broadcast to ``x``, its dtype.
        sin (Tensor): Broadcast to ``x``, its dtype.
        mode (int, optional): 0 (rotate halves) or 1 (rotate interleaved pairs). Default ``0``.

    Returns:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: If an input is not a Tensor or ``mode`` not an int.
        ValueError: If ``x`` is not 4-D, its last axis is odd, or ``mode`` is not 0 or 1.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[[[1.0, 2.0, 3.0, 4.0]]]], ms.float32)
        >>> c, s = ops.zeros((1, 1, 1, 4), ms.float32), ops.ones((1, 1, 1, 4), ms.float32)
        >>> print(ops.rotary_position_embedding(x, c, s, 0))
        [[[[-3. -4.  1.  2.]]]]
    """
    a = _float(x, "RotaryPositionEmbedding", "x")
    c = _float(cos, "RotaryPositionEmbedding", "cos")
    s = _float(sin, "RotaryPositionEmbedding", "sin")
    if not isinstance(mode, int) or isinstance(mode, bool):
        U.fail(
            "RotaryPositionEmbedding",
            f"'mode' must be an int, but got {type(mode).__name__}",
            TypeError,
        )
    if mode not in (0, 1):
        U.fail("RotaryPositionEmbedding", f"'mode' must be 0 or 1, but got {mode}")
    if a.ndim != 4 or a.shape[-1] % 2:
        U.fail(
            "RotaryPositionEmbedding",
            f"'x' must be 4-D with an even last axis, but got shape {list(a.shape)}",
        )
    if c.dtype != a.dtype or s.dtype != a.dtype:
        U.fail(
            "RotaryPositionEmbedding",
            f"'cos' and 'sin' must have the dtype of 'x' "
            f"({a.dtype}), but got {c.dtype} and {s.dtype}",
            TypeError,
        )
    if mode == 0:
        h = a.shape[-1] // 2
        rot = jnp.concatenate([-a[..., h:], a[..., :h]], axis=-1)
    else:
        pairs = a.reshape(a.shape[:-1] + (-1, 2))
        rot = jnp.stack([-pairs[..., 1], pairs[..., 0]], axis=-1).reshape(a.shape)
    out = _wide(a) * _wide(c) + _wide(rot) * _wide(s)
    return Tensor._from(out.astype(a.dtype))
