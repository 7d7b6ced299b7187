"""Activation layers (MindSpore's ``nn/layer/activation.py``) and ``get_activation``."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.validate import check_bool, check_number, fail
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import activation_func as A


class _Elementwise(Cell):
    """An activation that applies ``_fn`` to the array of its single input."""

    def _fn(self, x: jax.Array) -> jax.Array:
        raise NotImplementedError

    def construct(self, x: Tensor) -> Tensor:
        return Tensor._from(self._fn(unwrap(x)))


class ReLU(_Elementwise):
    """max(x, 0)."""

    def _fn(self, x):
        return jax.nn.relu(x)


class ReLU6(_Elementwise):
    """min(max(x, 0), 6)."""

    def _fn(self, x):
        return jnp.clip(x, 0, 6).astype(x.dtype)


class Sigmoid(_Elementwise):
    def _fn(self, x):
        return jax.nn.sigmoid(x)


class Tanh(_Elementwise):
    def _fn(self, x):
        return jnp.tanh(x)


class SiLU(_Elementwise):
    """x * sigmoid(x)."""

    def _fn(self, x):
        return x * jax.nn.sigmoid(x)


class Softsign(_Elementwise):
    """x / (1 + |x|)."""

    def _fn(self, x):
        return x / (1 + jnp.abs(x))


class HSwish(_Elementwise):
    """x * relu6(x + 3) / 6."""

    def _fn(self, x):
        return x * jnp.clip(x + 3, 0, 6) / 6


class HSigmoid(_Elementwise):
    """relu6(x + 3) / 6."""

    def _fn(self, x):
        return jnp.clip(x + 3, 0, 6) / 6


class LogSigmoid(_Elementwise):
    def _fn(self, x):
        return jax.nn.log_sigmoid(x)


class Mish(_Elementwise):
    """x * tanh(softplus(x))."""

    def _fn(self, x):
        return x * jnp.tanh(jax.nn.softplus(x))


class FastGelu(_Elementwise):
    """MindSpore's FastGeLU: x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))."""

    def _fn(self, x):
        ax = jnp.abs(x)
        return x / (1 + jnp.exp(-1.702 * ax)) * jnp.exp(0.851 * (x - ax))


class GELU(_Elementwise):
    """GELU; ``approximate=True`` (the default) is the tanh form."""

    def __init__(self, approximate: bool = True) -> None:
        super().__init__()
        self.approximate = check_bool(approximate, "approximate", "GELU")

    def _fn(self, x):
        return jax.nn.gelu(x, approximate=self.approximate)


class ELU(_Elementwise):
    """x if x > 0 else alpha * (exp(x) - 1)."""

    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = check_number(alpha, "alpha", "ELU")

    def _fn(self, x):
        return jax.nn.elu(x, self.alpha)


class LeakyReLU(_Elementwise):
    """x if x >= 0 else alpha * x (MindSpore's default alpha is 0.2)."""

    def __init__(self, alpha: float = 0.2) -> None:
        super().__init__()
        self.alpha = check_number(alpha, "alpha", "LeakyReLU")

    def _fn(self, x):
        return jnp.where(x >= 0, x, self.alpha * x).astype(x.dtype)


def _check_axis(axis: Any, api: str) -> int | tuple[int, ...]:
    if isinstance(axis, int) and not isinstance(axis, bool):
        return axis
    if (
        isinstance(axis, tuple | list)
        and axis
        and all(isinstance(a, int) and not isinstance(a, bool) for a in axis)
    ):
        return tuple(axis)
    fail(api, "axis", "an int or a non-empty tuple of ints", axis, TypeError)


def _check_axis_range(axis: int | tuple[int, ...], ndim: int, api: str) -> None:
    for a in axis if isinstance(axis, tuple) else (axis,):
        if not -max(ndim, 1) <= a < max(ndim, 1):
            fail(api, "axis", f"in range [{-max(ndim, 1)}, {max(ndim, 1)})", a)


class Softmax(Cell):
    """softmax over ``axis`` (an int or a tuple of ints)."""

    def __init__(self, axis: int | tuple[int, ...] = -1) -> None:
        super().__init__()
        self.axis = _check_axis(axis, "Softmax")

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        _check_axis_range(self.axis, a.ndim, "Softmax")
        return Tensor._from(jax.nn.softmax(a, axis=self.axis))


class Softmin(Softmax):
    """softmax(-x) over ``axis``."""

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        _check_axis_range(self.axis, a.ndim, "Softmin")
        return Tensor._from(jax.nn.softmax(-a, axis=self.axis))


class LogSoftmax(Cell):
    """log(softmax(x)) over the int ``axis``."""

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            fail("LogSoftmax", "axis", "an int", axis, TypeError)
        self.axis = axis

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        _check_axis_range(self.axis, a.ndim, "LogSoftmax")
        return Tensor._from(jax.nn.log_softmax(a, axis=self.axis))


class CELU(Cell):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""

    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        check_number(alpha, "alpha", "CELU")
        if alpha == 0:
            fail("CELU", "alpha", "non-zero", alpha)
        self.alpha = float(alpha)

    def construct(self, x: Tensor) -> Tensor:
        return A.celu(x, self.alpha)


class SeLU(Cell):
    """Scaled exponential linear unit."""

    def construct(self, input_x: Tensor) -> Tensor:
        return A.selu(input_x)


class Hardtanh(Cell):
    """``clip(x, min_val, max_val)``."""

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0) -> None:
        super().__init__()
        if min_val > max_val:
            fail("Hardtanh", "min_val", f"no greater than max_val={max_val}", min_val)
        self.min_val, self.max_val = min_val, max_val

    def construct(self, x: Tensor) -> Tensor:
        return A.hardtanh(x, self.min_val, self.max_val)


class HShrink(Cell):
    """``x`` where ``|x| > lambd``, else 0."""

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        check_number(lambd, "lambd", "HShrink")
        self.lambd = lambd

    def construct(self, input_x: Tensor) -> Tensor:
        return A.hardshrink(input_x, self.lambd)


class SoftShrink(Cell):
    """``x -+ lambd`` outside ``[-lambd, lambd]``, else 0."""

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        check_number(lambd, "lambd", "SoftShrink")
        if lambd < 0:
            fail("SoftShrink", "lambd", "no less than 0", lambd)
        self.lambd = lambd

    def construct(self, input_x: Tensor) -> Tensor:
        return A.softshrink(input_x, self.lambd)


class Tanhshrink(Cell):
    """``x - tanh(x)``."""

    def construct(self, x: Tensor) -> Tensor:
        return A.tanhshrink(x)


class GLU(Cell):
    """Gated linear unit over ``axis``: ``a * sigmoid(b)`` of the two halves."""

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.dim = axis

    def construct(self, x: Tensor) -> Tensor:
        return A.glu(x, self.dim)


class Threshold(Cell):
    """``x`` where ``x > threshold``, else ``value``."""

    def __init__(self, threshold: float, value: float) -> None:
        super().__init__()
        check_number(threshold, "threshold", "Threshold")
        check_number(value, "value", "Threshold")
        self.threshold, self.value = threshold, value

    def construct(self, input_x: Tensor) -> Tensor:
        return A.threshold(input_x, self.threshold, self.value)


class RReLU(Cell):
    """Randomized leaky ReLU: each negative element's slope ~ U(lower, upper), drawn on every
    call, in eval mode too (as MindSpore 2.10)."""

    def __init__(self, lower: float = 1 / 8, upper: float = 1 / 3) -> None:
        super().__init__()
        check_number(lower, "lower", "RReLU")
        check_number(upper, "upper", "RReLU")
        if lower > upper:
            fail("RReLU", "lower", f"no greater than upper={upper}", lower)
        self.lower, self.upper = lower, upper

    def construct(self, x: Tensor) -> Tensor:
        return A.rrelu(x, self.lower, self.upper)


class PReLU(Cell):
    """``max(0, x) + w * min(0, x)`` with a learned slope ``w`` of ``channel`` elements (one per
    channel of axis 1, or one shared)."""

    def __init__(self, channel: int = 1, w: Any = 0.25) -> None:
        super().__init__()
        from deepsink.common.parameter import Parameter

        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            fail("PReLU", "channel", "a positive int", channel)
        if isinstance(w, int | float) and not isinstance(w, bool):
            value = jnp.full((channel,), float(w), jnp.float32)
        elif isinstance(w, list | tuple | Tensor) or hasattr(w, "shape"):
            value = jnp.asarray(unwrap(w), jnp.float32).reshape(-1)
            if value.shape != (channel,):
                fail("PReLU", "w", f"{channel} values (one per channel)", list(value.shape))
        else:
            fail("PReLU", "w", "a float, list or Tensor", w, TypeError)
        self.channel = channel
        self.w = Parameter(Tensor._from(value), name="w")

    def construct(self, x: Tensor) -> Tensor:
        return A.prelu(x, self.w)


class Softmax2d(Cell):
    """Softmax over the channel axis of (C, H, W) or (N, C, H, W) input."""

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim not in (3, 4):
            fail("Softmax2d", "x", "a 3-D or 4-D Tensor", f"shape {list(a.shape)}")
        return Tensor._from(jax.nn.softmax(a, axis=-3))


_ACTIVATIONS: dict[str, type[Cell]] = {
    "softmin": Softmin,
    "softmax": Softmax,
    "logsoftmax": LogSoftmax,
    "relu": ReLU,
    "relu6": ReLU6,
    "silu": SiLU,
    "tanh": Tanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "elu": ELU,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "leakyrelu": LeakyReLU,
    "hswish": HSwish,
    "hsigmoid": HSigmoid,
    "logsigmoid": LogSigmoid,
    "mish": Mish,
    "rrelu": RReLU,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "prelu": PReLU,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
}


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """A new activation Cell by MindSpore name (``'relu'``, ``'gelu'``, ...); None gives None."""
    if name is None:
        return None
    cls = _ACTIVATIONS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise KeyError(
            f"For '{prim_name or 'get_activation'}', 'name' must be one of {list(_ACTIVATIONS)}, "
            f"but got {name!r}"
        )
    return cls()


class LRN(Cell):
    r"""Local response normalization across the channels of :math:`(N, C, H, W)`:
    :math:`x_c / (bias + alpha \sum_{|c'-c| \le r} x_{c'}^2)^{beta}` (``ops.lrn``).

    Args:
        depth_radius (int): the half-width :math:`r` of the channel window. Default: ``5``.
        bias (float): the offset. Default: ``1.0``.
        alpha (float): the scale. Default: ``1.0``.
        beta (float): the exponent. Default: ``0.5``.
        norm_region (str): only ``"ACROSS_CHANNELS"``. Default: ``"ACROSS_CHANNELS"``.

    Inputs:
        - **input_x** (Tensor) - a 4-D float Tensor.

    Outputs:
        Tensor, the shape and dtype of ``input_x``.

    Raises:
        TypeError: ``depth_radius`` is not an int, or ``bias``/``alpha``/``beta`` not floats.
        ValueError: ``depth_radius`` is negative or ``norm_region`` is not ``"ACROSS_CHANNELS"``.

    Examples:
        >>> import numpy as np
        >>> import mindspore as ms
        >>> from mindspore import nn
        >>> print(nn.LRN(1)(ms.Tensor(np.ones((1, 2, 1, 1), np.float32))).shape)
        (1, 2, 1, 1)
    """

    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0,
                 beta: float = 0.5, norm_region: str = "ACROSS_CHANNELS") -> None:  # fmt: skip
        super().__init__()
        if norm_region != "ACROSS_CHANNELS":
            fail("LRN", "norm_region", "'ACROSS_CHANNELS'", norm_region)
        if isinstance(depth_radius, bool) or not isinstance(depth_radius, int):
            fail("LRN", "depth_radius", "an int", depth_radius, TypeError)
        if depth_radius < 0:
            fail("LRN", "depth_radius", "non-negative", depth_radius)
        for name, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            if isinstance(v, bool) or not isinstance(v, float):
                fail("LRN", name, "a float", v, TypeError)
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x: Tensor) -> Tensor:
        from deepsink.ops.function.nn_window_func import lrn

        return lrn(input_x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)
