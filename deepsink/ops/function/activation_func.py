"""Activation functions beyond the basic set (``ops.celu``, ``ops.selu``, ``ops.hardtanh``,
``ops.softshrink``, ``ops.hardshrink``, ``ops.glu``, ``ops.threshold``,
``ops.tanhshrink``, ``ops.prelu``, ``ops.logsigmoid``, ``ops.hardsigmoid``, ``ops.mish``,
``ops.softmin``). The ``nn`` activation Cells call these."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule


def _float(x: Any, api: str) -> jax.Array:
    a = U.array(x, api)
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(api, f"'input' must be a floating Tensor, but got dtype {a.dtype}", TypeError)
    return a


def celu(x: Any, alpha: float = 1.0) -> Tensor:
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``; ``alpha`` must not be 0."""
    if alpha == 0:
        U.fail("celu", "'alpha' must not be 0")
    return Tensor._from(jax.nn.celu(_float(x, "celu"), alpha))


def selu(input_x: Any) -> Tensor:
    """Scaled ELU with the fixed constants of Klambauer et al."""
    return Tensor._from(jax.nn.selu(_float(input_x, "selu")))


def hardtanh(input: Any, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """``clip(input, min_val, max_val)``."""
    if min_val > max_val:
        U.fail("hardtanh", f"'min_val' must not exceed 'max_val', but got {min_val} > {max_val}")
    a = U.array(input, "hardtanh")
    return Tensor._from(jnp.clip(a, min_val, max_val).astype(a.dtype))


def softshrink(input: Any, lambd: float = 0.5) -> Tensor:
    """``x - lambd`` above ``lambd``, ``x + lambd`` below ``-lambd``, else 0."""
    if lambd < 0:
        U.fail("softshrink", f"'lambd' must be no less than 0, but got {lambd}")
    a = _float(input, "softshrink")
    out = jnp.where(a > lambd, a - lambd, jnp.where(a < -lambd, a + lambd, 0))
    return Tensor._from(out.astype(a.dtype))


def hardshrink(input: Any, lambd: float = 0.5) -> Tensor:
    """``x`` where ``|x| > lambd``, else 0."""
    a = _float(input, "hardshrink")
    return Tensor._from(jnp.where(jnp.abs(a) > lambd, a, 0).astype(a.dtype))


def tanhshrink(input: Any) -> Tensor:
    """``x - tanh(x)``."""
    a = _float(input, "tanhshrink")
    return Tensor._from(a - jnp.tanh(a))


def glu(x: Any, axis: int = -1) -> Tensor:
    """Split ``x`` in two halves ``a, b`` along ``axis``: ``a * sigmoid(b)``."""
    a = _float(x, "glu")
    ax = U.axis(axis, a.ndim, "glu")
    if a.shape[ax] % 2:
        U.fail("glu", f"the size of 'x' along axis {axis} must be even, but got {a.shape[ax]}")
    first, second = jnp.split(a, 2, axis=ax)
    return Tensor._from(first * jax.nn.sigmoid(second))


def threshold(input: Any, thr: float, value: float) -> Tensor:
    """``input`` where ``input > thr``, else ``value``."""
    a = U.array(input, "threshold")
    return Tensor._from(jnp.where(a > thr, a, jnp.asarray(value, a.dtype)))


@amp_rule("PReLU")
def prelu(x: Any, weight: Any) -> Tensor:
    """``max(0, x) + weight * min(0, x)``; ``weight`` has 1 or C (= x.shape[1]) elements."""
    a = _float(x, "prelu")
    w = U.array(weight, "prelu", "weight").astype(a.dtype)
    if w.ndim != 1:
        U.fail("prelu", f"'weight' must be 1-D, but got shape {list(w.shape)}")
    channels = a.shape[1] if a.ndim >= 2 else 1
    if w.shape[0] not in (1, channels):
        U.fail(
            "prelu",
            f"'weight' must have 1 or {channels} (the input's channels) elements, but "
            f"got {w.shape[0]}",
        )
    if a.ndim >= 2:
        w = w.reshape((1, -1) + (1,) * (a.ndim - 2))
    return Tensor._from(jnp.where(a > 0, a, a * w))


def logsigmoid(x: Any) -> Tensor:
    """``log(sigmoid(x))``, computed stably."""
    return Tensor._from(jax.nn.log_sigmoid(_float(x, "logsigmoid")))


def hardsigmoid(input: Any) -> Tensor:
    """``relu6(x + 3) / 6``."""
    a = _float(input, "hardsigmoid")
    return Tensor._from((jnp.clip(a + 3, 0, 6) / 6).astype(a.dtype))


def mish(x: Any) -> Tensor:
    """``x * tanh(softplus(x))``."""
    a = _float(x, "mish")
    return Tensor._from(a * jnp.tanh(jax.nn.softplus(a)))


def softmin(x: Any, axis: int = -1) -> Tensor:
    """``softmax(-x)`` along ``axis``."""
    a = _float(x, "softmin")
    return Tensor._from(jax.nn.softmax(-a, axis=axis))
