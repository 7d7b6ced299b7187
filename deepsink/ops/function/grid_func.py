"""Sampling on normalized grids: ``affine_grid`` builds the (N, *spatial, 2|3) coordinates an
affine map sends an output grid to, ``grid_sample`` reads an (N, C, *spatial) input there with
bilinear/trilinear or nearest interpolation and zeros/border/reflection padding (MindSpore's
``ops.grid_sample``/``affine_grid`` and the ``GridSampler2D/3D``/``AffineGrid`` primitives; also
``mint.nn.functional.grid_sample``). Coordinates run from -1 to 1 over the input; with
``align_corners`` they name the corner pixels' centres, without it the corners' outer edges.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule

MODES = ("bilinear", "nearest")
PADDINGS = ("zeros", "border", "reflection")


def _unnormalize(v: jax.Array, size: int, align_corners: bool) -> jax.Array:
    return (v + 1) / 2 * (size - 1) if align_corners else ((v + 1) * size - 1) / 2


def _reflect(v: jax.Array, low2: int, high2: int) -> jax.Array:
    """Reflect ``v`` into [low2/2, high2/2] (PyTorch's and MindSpore's rule)."""
    if low2 == high2:
        return jnp.zeros_like(v)
    lo, span = low2 / 2, (high2 - low2) / 2
    v = jnp.abs(v - lo)
    extra = jnp.fmod(v, span)
    flips = jnp.floor(v / span)
    return jnp.where(jnp.fmod(flips, 2) == 0, extra + lo, span - extra + lo)


def _source(v: jax.Array, size: int, padding_mode: str, align_corners: bool) -> jax.Array:
    v = _unnormalize(v, size, align_corners)
    if padding_mode == "border":
        v = jnp.clip(v, 0, size - 1)
    elif padding_mode == "reflection":
        v = _reflect(v, 0, 2 * (size - 1)) if align_corners else _reflect(v, -1, 2 * size - 1)
        v = jnp.clip(v, 0, size - 1)
    return v


@amp_rule("GridSampler2D")
def grid_sample(
    input: Any,
    grid: Any,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor:
    r"""Samples ``input`` at the normalized locations ``grid``.

    Args:
        input (Tensor): :math:`(N, C, H, W)` or :math:`(N, C, D, H, W)`, float.
        grid (Tensor): :math:`(N, H_{out}, W_{out}, 2)` or :math:`(N, D_{out}, H_{out},
            W_{out}, 3)`, the (x, y[, z]) coordinates in [-1, 1].
        mode (str): ``'bilinear'`` (trilinear for 5-D) or ``'nearest'``. Default: ``'bilinear'``.
        padding_mode (str): outside the input: ``'zeros'``, ``'border'`` or ``'reflection'``.
            Default: ``'zeros'``.
        align_corners (bool, optional): -1 and 1 are the corner pixels' centres (else their
            outer edges). Default: ``None`` (False).

    Returns:
        Tensor of shape :math:`(N, C, H_{out}, W_{out})` or :math:`(N, C, D_{out}, H_{out},
        W_{out})`.

    Raises:
        ValueError: a mode is unknown, the ranks do not match, or the batch sizes differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4.0).reshape(1, 1, 2, 2), ms.float32)
        >>> grid = ms.Tensor(np.zeros((1, 1, 1, 2), np.float32))
        >>> print(ops.grid_sample(x, grid, align_corners=True))
        [[[[1.5]]]]
    """
    api = "grid_sample"
    if mode not in MODES:
        U.fail(api, f"'mode' must be one of {list(MODES)}, but got {mode!r}")
    if padding_mode not in PADDINGS:
        U.fail(api, f"'padding_mode' must be one of {list(PADDINGS)}, but got {padding_mode!r}")
    x = U.floating(U.array(input, api, "input"))
    g = U.array(grid, api, "grid")
    n = x.ndim - 2
    if x.ndim not in (4, 5) or g.ndim != x.ndim or g.shape[-1] != n:
        U.fail(
            api,
            f"'input' must be 4-D or 5-D and 'grid' of the same rank ending in {n}, but "
            f"got {list(x.shape)} and {list(g.shape)}",
        )
    if g.shape[0] != x.shape[0]:
        U.fail(
            api,
            f"'input' and 'grid' must have the same batch size, but got {x.shape[0]} "
            f"and {g.shape[0]}",
        )
    out = _sample(x, g, mode=mode, padding_mode=padding_mode, align_corners=bool(align_corners))
    return Tensor._from(out)


@composite(static_argnames=("mode", "padding_mode", "align_corners"))
def _sample(
    x: jax.Array, g: jax.Array, mode: str, padding_mode: str, align_corners: bool
) -> jax.Array:
    """``grid_sample``'s computation, as one program."""
    g = g.astype(x.dtype)
    n = x.ndim - 2
    ac = align_corners
    spatial = x.shape[2:]
    # grid's last axis is (x, y[, z]): the reverse of the spatial axes (D, H, W)
    coords = [_source(g[..., n - 1 - d], spatial[d], padding_mode, ac) for d in range(n)]
    nb, c = x.shape[:2]
    flat = x.reshape(nb, c, -1)
    out_shape = g.shape[1:-1]

    def read(idx: list[jax.Array]) -> jax.Array:
        valid = jnp.ones(idx[0].shape, bool)
        lin = jnp.zeros(idx[0].shape, jnp.int32)
        for d in range(n):
            valid &= (idx[d] >= 0) & (idx[d] < spatial[d])
            lin = lin * spatial[d] + jnp.clip(idx[d], 0, spatial[d] - 1)
        vals = jnp.take_along_axis(flat, lin.reshape(nb, 1, -1), axis=-1)
        vals = vals.reshape((nb, c) + out_shape)
        return vals * valid[:, None].astype(x.dtype)

    if mode == "nearest":
        return read([jnp.round(v).astype(jnp.int32) for v in coords])
    lows = [jnp.floor(v).astype(jnp.int32) for v in coords]
    fracs = [(v - jnp.floor(v))[:, None] for v in coords]
    out = jnp.zeros((nb, c) + out_shape, x.dtype)
    for corner in range(2**n):
        bits = [(corner >> (n - 1 - d)) & 1 for d in range(n)]
        weight = 1.0
        for d in range(n):
            weight = weight * (fracs[d] if bits[d] else 1 - fracs[d])
        out = out + read([lows[d] + bits[d] for d in range(n)]) * weight
    return out


def affine_grid(theta: Any, size: Any, align_corners: bool = False) -> Tensor:
    r"""The sampling grid of a batch of affine maps: for an output of ``size``
    :math:`(N, C, H, W)` (or :math:`(N, C, D, H, W)`), the normalized input coordinates
    ``theta @ (x, y[, z], 1)`` of every output location.

    Args:
        theta (Tensor): :math:`(N, 2, 3)` or :math:`(N, 3, 4)` float affine matrices.
        size (Union[tuple[int], list[int]]): the output's size, 4 or 5 ints.
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default: ``False``.

    Returns:
        Tensor of shape :math:`(N, H, W, 2)` or :math:`(N, D, H, W, 3)`.

    Raises:
        TypeError: ``size`` is not a tuple or list.
        ValueError: ``theta``'s shape does not match ``size``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> theta = ms.Tensor(np.array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], np.float32))
        >>> print(ops.affine_grid(theta, (1, 1, 1, 2), align_corners=True))
        [[[[-1.  0.]
           [ 1.  0.]]]]
    """
    api = "affine_grid"
    if not isinstance(size, tuple | list):
        U.fail(api, f"'size' must be a tuple or list, but got {type(size).__name__}", TypeError)
    t = U.floating(U.array(theta, api, "theta"))
    n = len(size) - 2
    if n not in (2, 3) or t.ndim != 3 or t.shape[1:] != (n, n + 1) or t.shape[0] != size[0]:
        U.fail(
            api,
            f"'theta' must have shape [{size[0] if size else 'N'}, {n}, {n + 1}] for "
            f"'size' {list(size)}, but got {list(t.shape)}",
        )
    spatial = tuple(size[2:])

    def axis(s: int) -> jax.Array:
        if s == 1:
            return jnp.zeros((1,), t.dtype)
        v = jnp.linspace(-1.0, 1.0, s, dtype=t.dtype)
        return v if align_corners else v * (s - 1) / s

    # base coordinates in (x, y[, z]) order: x runs over the last spatial axis
    mesh = jnp.meshgrid(*[axis(s) for s in spatial], indexing="ij")
    base = jnp.stack(mesh[::-1] + [jnp.ones(spatial, t.dtype)], axis=-1)  # (*spatial, n+1)
    out = jnp.einsum("...k,bjk->b...j", base, t)
    return Tensor._from(out)
