"""Image quality measures of image batches, ``nn.PSNR``/``nn.SSIM``/``nn.MSSSIM``'s computation:
the peak signal-to-noise ratio, and structural similarity from Gaussian-weighted local statistics
(a valid depthwise convolution with the window). Each is one compiled program per input signature
when called op by op (``graphs.composite``)."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from deepsink._core import conv
from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops.function.nn_func import conv2d
from deepsink.ops.function.nn_pool_norm_func import avg_pool2d


def _unit(a: jax.Array, top: float) -> jax.Array:
    """``a`` as float32, divided by ``top`` (an integer image's dtype maximum) when above 1."""
    a = a.astype(jnp.float32)
    return a / top if top > 1.0 else a


def _filter(a: jax.Array, window: jax.Array) -> jax.Array:
    """Valid convolution of every channel of ``a`` (N, C, H, W) with ``window`` (1, 1, k, k).
    XLA's own convolution: im2col's patch matrix of a one-channel 11x11 window, five times in
    one program, compiles for tens of seconds (and runs slower)."""
    n, c, h, w = a.shape
    with conv.lowering_scope("lax"):
        out = conv2d(Tensor._from(a.reshape(n * c, 1, h, w)), Tensor._from(window))._data
    return out.reshape((n, c) + out.shape[2:])


def _ssim_cs(a: jax.Array, b: jax.Array, window: jax.Array, c1: float, c2: float) -> tuple:
    """Per image and channel: the mean SSIM and the mean contrast-structure term."""
    mu1, mu2 = _filter(a, window), _filter(b, window)
    s11 = _filter(a * a, window) - mu1 * mu1
    s22 = _filter(b * b, window) - mu2 * mu2
    s12 = _filter(a * b, window) - mu1 * mu2
    v1, v2 = 2 * s12 + c2, s11 + s22 + c2
    ssim = (2 * mu1 * mu2 + c1) * v1 / ((mu1 * mu1 + mu2 * mu2 + c1) * v2)
    return jnp.mean(ssim, axis=(2, 3)), jnp.mean(v1 / v2, axis=(2, 3))


@composite(static_argnames=("top", "c1", "c2"))
def ssim(
    a: jax.Array, b: jax.Array, window: jax.Array, top: float, c1: float, c2: float
) -> jax.Array:
    """The mean SSIM of each image (N,), in ``a``'s dtype; ``top``: the integer images' scale
    (1.0 for float images); ``c1``/``c2``: the stabilizing constants."""
    s, _ = _ssim_cs(_unit(a, top), _unit(b, top), window, c1, c2)
    return jnp.mean(s, axis=-1).astype(a.dtype)


@composite(static_argnames=("top", "c1", "c2", "power_factors"))
def msssim(
    a: jax.Array,
    b: jax.Array,
    windows: tuple,
    top: float,
    c1: float,
    c2: float,
    power_factors: tuple,
) -> jax.Array:
    """The multi-scale SSIM of each image (N,): at each scale (each half the last, by 2x2
    average pooling) the contrast-structure term, at the last the SSIM, each raised to its power
    factor and multiplied; averaged over channels."""
    a, b = _unit(a, top), _unit(b, top)
    terms, s = [], None
    for window in windows:
        s, cs = _ssim_cs(a, b, window, c1, c2)
        terms.append(jax.nn.relu(cs))
        a, b = (avg_pool2d(Tensor._from(v), 2, 2)._data for v in (a, b))
    stack = jnp.stack(terms[:-1] + [jax.nn.relu(s)], axis=-1)
    weights = jnp.asarray(power_factors, jnp.float32)
    return jnp.mean(jnp.prod(stack**weights, axis=-1), axis=-1)


@composite(static_argnames=("top", "max_val"))
def psnr(a: jax.Array, b: jax.Array, top: float, max_val: float) -> jax.Array:
    """The PSNR of each image (N,) in dB, for pixels of range ``max_val`` (scaled by ``top`` for
    integer images)."""
    a, b = _unit(a, top), _unit(b, top)
    max_val = max_val / top if top > 1.0 else max_val
    mse = jnp.mean(jnp.square(a - b), axis=(-3, -2, -1))
    return 10 * jnp.log(jnp.float32(max_val) ** 2 / mse) / jnp.log(10.0)
