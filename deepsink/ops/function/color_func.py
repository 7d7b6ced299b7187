"""Colour-space conversions of images whose last axis holds three channels: RGB <-> HSV (the
hexcone model, all channels in [0, 1]) and the hue and saturation adjustments built on them
(MindSpore's ``RGBToHSV``, ``HSVToRGB``, ``AdjustHue``, ``AdjustSaturation``).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__: list[str] = []  # the primitives in operations.standalone_ops are the public names


def image(x: Any, api: str, arg: str = "images", rank: int | None = None) -> jax.Array:
    """A float image Tensor whose last axis has 3 channels (and ``rank`` axes when given)."""
    if not isinstance(x, Tensor):
        U.fail(api, f"'{arg}' must be a Tensor, but got {type(x).__name__}", TypeError)
    a = x._data
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(api, f"'{arg}' must be float16, float32 or float64, but got {x.dtype}", TypeError)
    if rank is not None and a.ndim != rank:
        U.fail(api, f"the dimension of '{arg}' must be equal to {rank}, but got {a.ndim}")
    if a.ndim < 1 or a.shape[-1] != 3:
        U.fail(api, f"the last dimension of '{arg}' must be 3, but got shape {list(a.shape)}")
    return a


def rgb_to_hsv(a: jax.Array) -> jax.Array:
    r, g, b = a[..., 0], a[..., 1], a[..., 2]
    v = jnp.max(a, axis=-1)
    rng = v - jnp.min(a, axis=-1)
    s = jnp.where(v > 0, rng / jnp.where(v > 0, v, 1), 0)
    d = jnp.where(rng > 0, rng, 1)
    h = jnp.where(v == r, (g - b) / d, jnp.where(v == g, 2 + (b - r) / d, 4 + (r - g) / d))
    h = jnp.where(rng > 0, h / 6, 0)
    h = jnp.where(h < 0, h + 1, h)
    return jnp.stack([h, s, v], axis=-1).astype(a.dtype)


def hsv_to_rgb(a: jax.Array) -> jax.Array:
    h, s, v = a[..., 0], a[..., 1], a[..., 2]
    dh = h * 6
    r = jnp.clip(jnp.abs(dh - 3) - 1, 0, 1)
    g = jnp.clip(2 - jnp.abs(dh - 2), 0, 1)
    b = jnp.clip(2 - jnp.abs(dh - 4), 0, 1)
    rgb = jnp.stack([r, g, b], axis=-1)
    return ((((rgb - 1) * s[..., None]) + 1) * v[..., None]).astype(a.dtype)


def adjust_hue(a: jax.Array, delta: jax.Array) -> jax.Array:
    hsv = rgb_to_hsv(a)
    h = jnp.mod(hsv[..., 0] + delta, 1.0)
    return hsv_to_rgb(jnp.stack([h, hsv[..., 1], hsv[..., 2]], axis=-1))


def adjust_saturation(a: jax.Array, scale: jax.Array) -> jax.Array:
    hsv = rgb_to_hsv(a)
    s = jnp.clip(hsv[..., 1] * scale, 0, 1)
    return hsv_to_rgb(jnp.stack([hsv[..., 0], s, hsv[..., 2]], axis=-1))
