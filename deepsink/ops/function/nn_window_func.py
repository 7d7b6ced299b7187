"""Window operations behind ``nn`` layers that have no simpler home: fractional max pooling
(``fractional_max_pool2d/3d``, Graham's
pseudo-random overlapping windows), local response normalization (``lrn``) and the bilinear
form ``bidense``. Each is one implementation that the ``nn`` Cell and the ``ops`` primitive call.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import random_func as RND


def _ints(v: Any, n: int, arg: str, api: str) -> tuple[int, ...]:
    vals = (v,) * n if isinstance(v, int) and not isinstance(v, bool) else v
    if (
        not isinstance(vals, tuple | list)
        or len(vals) != n
        or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in vals)
    ):
        U.fail(
            api,
            f"'{arg}' must be a positive int or a tuple of {n} positive ints, but got {v!r}",
            TypeError if not isinstance(v, int | tuple | list) else ValueError,
        )
    return tuple(vals)


# --- fractional max pooling --------------------------------------------------------------------
def _intervals(sample: jax.Array, in_size: int, out_size: int, pool: int) -> jax.Array:
    """The window starts of one axis: ``floor((i + u) * alpha) - floor(u * alpha)`` for
    ``alpha = (in - pool) / (out - 1)``, the last window ending at the input's end."""
    if out_size == 1:
        return jnp.full((1,), in_size - pool, jnp.int32)
    alpha = (in_size - pool) / (out_size - 1)
    i = jnp.arange(out_size - 1, dtype=sample.dtype)
    starts = (jnp.floor((i + sample) * alpha) - jnp.floor(sample * alpha)).astype(jnp.int32)
    return jnp.concatenate([starts, jnp.array([in_size - pool], jnp.int32)])


def _fractional_max_pool(
    x: Any,
    kernel_size: Any,
    output_size: Any,
    output_ratio: Any,
    return_indices: bool,
    random_samples: Any,
    n: int,
    api: str,
) -> Any:
    a = U.array(x, api, "input")
    if a.ndim not in (n + 1, n + 2):
        U.fail(api, f"'input' must be {n + 1}-D or {n + 2}-D, but got {a.ndim}-D")
    unbatched = a.ndim == n + 1
    k = _ints(kernel_size, n, "kernel_size", api)
    spatial = a.shape[-n:]
    if output_size is not None:
        out = _ints(output_size, n, "output_size", api)
    elif output_ratio is not None:
        ratio = (output_ratio,) * n if isinstance(output_ratio, float | int) else output_ratio
        if len(ratio) != n or any(not 0 < r < 1 for r in ratio):
            U.fail(api, f"'output_ratio' must be {n} numbers in (0, 1), but got {output_ratio!r}")
        out = tuple(int(s * r) for s, r in zip(spatial, ratio))
    else:
        U.fail(api, "one of 'output_size' and 'output_ratio' must be given")
    for s, o, kk in zip(spatial, out, k):
        if o + kk - 1 > s:
            U.fail(
                api,
                f"the output size {out} plus the window {k} minus 1 must not exceed the "
                f"input size {spatial}",
            )
    nb, c = (1, a.shape[0]) if unbatched else a.shape[:2]
    if random_samples is None:
        # MindSpore draws them with ``ops.rand`` (its UniformReal stream), in the input's float
        # dtype (Float32 for others)
        floating = jnp.issubdtype(a.dtype, jnp.floating)
        samples = RND.rand(nb, c, n, dtype=a.dtype if floating else None)._data
    else:
        samples = U.array(random_samples, api, "random_samples")
        if samples.shape != (nb, c, n):
            U.fail(
                api, f"'random_samples' must have shape {[nb, c, n]}, but got {list(samples.shape)}"
            )
    y, where = _fractional_windows_max(a, samples, k=k, out=out, unbatched=unbatched)
    return (Tensor._from(y), Tensor._from(where)) if return_indices else Tensor._from(y)


@composite(static_argnames=("k", "out", "unbatched"))
def _fractional_windows_max(
    a: jax.Array, samples: jax.Array, k: tuple, out: tuple, unbatched: bool
) -> tuple[jax.Array, jax.Array]:
    """The maxima of the windows of ``k`` at the starts ``samples`` give, and their flat input
    positions (Int64), as one program."""
    n = len(k)
    a = a[None] if unbatched else a
    nb, c = a.shape[:2]
    spatial = a.shape[2:]
    # MindSpore's 2-D kernel reads the samples as (width, height), its 3-D kernel as
    # (depth, height, width)
    order = (1, 0) if n == 2 else (0, 1, 2)
    starts = [
        jax.vmap(jax.vmap(lambda u, d=d: _intervals(u, spatial[d], out[d], k[d])))(
            samples[..., order[d]]
        )
        for d in range(n)
    ]
    # every output position's window: start + offset per axis, flattened in the input plane
    strides = np.cumprod((1,) + spatial[::-1])[::-1][1:]
    flat_in = a.reshape(nb, c, -1)
    idx = jnp.zeros((nb, c) + out + k, jnp.int32)
    for d in range(n):
        shape_o = [1] * n
        shape_o[d] = out[d]
        shape_k = [1] * n
        shape_k[d] = k[d]
        pos = starts[d].reshape((nb, c) + tuple(shape_o) + (1,) * n) + jnp.arange(k[d]).reshape(
            (1, 1) + (1,) * n + tuple(shape_k)
        )
        idx = idx + pos * int(strides[d])
    idx = idx.reshape((nb, c) + out + (-1,))
    vals = jnp.take_along_axis(flat_in, idx.reshape(nb, c, -1), axis=-1).reshape(idx.shape)
    arg = jnp.argmax(vals, axis=-1)
    y = jnp.max(vals, axis=-1)
    where = jnp.take_along_axis(idx, arg[..., None], axis=-1)[..., 0].astype(jnp.int64)
    return (y[0], where[0]) if unbatched else (y, where)


def fractional_max_pool2d(
    input: Any,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Any = None,
) -> Any:
    r"""Fractional max pooling over :math:`(N, C, H, W)` or :math:`(C, H, W)`: windows of
    ``kernel_size`` at pseudo-random, non-uniform starts, so the output can be any size between
    the input's and the input's minus the window.

    Args:
        input (Tensor): the input.
        kernel_size (Union[int, tuple[int]]): the window.
        output_size (Union[int, tuple[int]], optional): the output's (H, W).
        output_ratio (Union[float, tuple[float]], optional): the output's size as a fraction of
            the input's, in (0, 1). One of ``output_size`` and ``output_ratio`` is needed.
        return_indices (bool): also return the flat (H*W) position of each maximum (Int64).
            Default: ``False``.
        _random_samples (Tensor, optional): shape :math:`(N, C, 2)` in [0, 1), (width, height)
            per plane, fixing the window starts; drawn from the global seed when ``None``.

    Returns:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        ValueError: neither size nor ratio is given, the ratio is outside (0, 1), the window does
            not fit, or ``_random_samples`` has the wrong shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 1, 4, 4), ms.float32)
        >>> u = ms.Tensor(np.full((1, 1, 2), 0.5, np.float32))
        >>> print(ops.fractional_max_pool2d(x, 2, output_size=2, _random_samples=u))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """
    return _fractional_max_pool(
        input,
        kernel_size,
        output_size,
        output_ratio,
        return_indices,
        _random_samples,
        2,
        "fractional_max_pool2d",
    )


def fractional_max_pool3d(
    input: Any,
    kernel_size: Any,
    output_size: Any = None,
    output_ratio: Any = None,
    return_indices: bool = False,
    _random_samples: Any = None,
) -> Any:
    r"""Fractional max pooling over :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)` (see
    ``fractional_max_pool2d``; ``_random_samples`` has shape :math:`(N, C, 3)`).

    Args:
        input (Tensor): the input.
        kernel_size (Union[int, tuple[int]]): the window.
        output_size (Union[int, tuple[int]], optional): the output's (D, H, W).
        output_ratio (Union[float, tuple[float]], optional): the output's size as a fraction of
            the input's, in (0, 1).
        return_indices (bool): also return the flat (D*H*W) position of each maximum.
            Default: ``False``.
        _random_samples (Tensor, optional): shape :math:`(N, C, 3)` in [0, 1).

    Returns:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        ValueError: neither size nor ratio is given, the ratio is outside (0, 1), the window does
            not fit, or ``_random_samples`` has the wrong shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(8.0).reshape(1, 1, 2, 2, 2), ms.float32)
        >>> print(ops.fractional_max_pool3d(x, 1, output_size=1).shape)
        (1, 1, 1, 1, 1)
    """
    return _fractional_max_pool(
        input,
        kernel_size,
        output_size,
        output_ratio,
        return_indices,
        _random_samples,
        3,
        "fractional_max_pool3d",
    )


# --- local response normalization and the bilinear form ------------------------------------------
def lrn(
    x: Any,
    depth_radius: int = 5,
    bias: float = 1.0,
    alpha: float = 1.0,
    beta: float = 0.5,
    norm_region: str = "ACROSS_CHANNELS",
) -> Tensor:
    r"""Local response normalization across channels of :math:`(N, C, H, W)`:
    :math:`x_c / (bias + alpha \sum_{|c'-c| \le r} x_{c'}^2)^{beta}` (the sum is not averaged).

    Args:
        x (Tensor): a 4-D float Tensor.
        depth_radius (int): the half-width :math:`r` of the channel window. Default: ``5``.
        bias (float): the offset. Default: ``1.0``.
        alpha (float): the scale. Default: ``1.0``.
        beta (float): the exponent. Default: ``0.5``.
        norm_region (str): only ``"ACROSS_CHANNELS"``. Default: ``"ACROSS_CHANNELS"``.

    Returns:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: ``depth_radius`` is not an int, or ``bias``/``alpha``/``beta`` not floats.
        ValueError: ``depth_radius`` is negative, ``norm_region`` is not ``"ACROSS_CHANNELS"``,
            or ``x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 2, 1, 1), np.float32))
        >>> print(ops.lrn(x, 1, 1.0, 1.0, 0.5))
        [[[[0.57735026]]
          [[0.57735026]]]]
    """
    api = "lrn"
    if isinstance(depth_radius, bool) or not isinstance(depth_radius, int):
        U.fail(api, f"'depth_radius' must be an int, but got {depth_radius!r}", TypeError)
    if depth_radius < 0:
        U.fail(api, f"'depth_radius' must be non-negative, but got {depth_radius}")
    for name, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
        if isinstance(v, bool) or not isinstance(v, float):
            U.fail(api, f"'{name}' must be a float, but got {v!r}", TypeError)
    if norm_region != "ACROSS_CHANNELS":
        U.fail(api, f"'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region!r}")
    a = U.array(x, api, "x")
    if a.ndim != 4:
        U.fail(api, f"'x' must be 4-D, but got {a.ndim}-D")
    sq = jnp.square(a.astype(jnp.float32))
    padded = jnp.pad(sq, ((0, 0), (depth_radius, depth_radius), (0, 0), (0, 0)))
    csum = jnp.cumsum(padded, axis=1)
    csum = jnp.concatenate([jnp.zeros_like(csum[:, :1]), csum], axis=1)
    c = a.shape[1]
    window = csum[:, 2 * depth_radius + 1 : 2 * depth_radius + 1 + c] - csum[:, :c]
    return Tensor._from((a / (bias + alpha * window) ** beta).astype(a.dtype))


def bidense(input1: Any, input2: Any, weight: Any, bias: Any = None) -> Tensor:
    r"""The bilinear form :math:`y_o = x_1^T W_o x_2 + b_o` over the last axis of the inputs.

    Args:
        input1 (Tensor): shape :math:`(*, in1)`.
        input2 (Tensor): shape :math:`(*, in2)`, the same leading shape.
        weight (Tensor): shape :math:`(out, in1, in2)`.
        bias (Tensor, optional): shape :math:`(out,)`. Default: ``None``.

    Returns:
        Tensor of shape :math:`(*, out)`.

    Raises:
        ValueError: the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> w = ms.Tensor(np.ones((1, 2, 2), np.float32))
        >>> print(ops.bidense(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0, 4.0]]), w))
        [[21.]]
    """
    api = "bidense"
    x1, x2 = U.array(input1, api, "input1"), U.array(input2, api, "input2")
    w = U.array(weight, api, "weight")
    if w.ndim != 3 or x1.shape[-1] != w.shape[1] or x2.shape[-1] != w.shape[2]:
        U.fail(
            api,
            f"'weight' {list(w.shape)} must be (out, {x1.shape[-1]}, {x2.shape[-1]}) "
            "for the inputs' last axes",
        )
    if x1.shape[:-1] != x2.shape[:-1]:
        U.fail(
            api,
            f"'input1' {list(x1.shape)} and 'input2' {list(x2.shape)} must have the same "
            "leading shape",
        )
    y = jnp.einsum("...i,oij,...j->...o", x1, w, x2)
    if bias is not None:
        y = y + U.array(bias, api, "bias")
    return Tensor._from(y)
