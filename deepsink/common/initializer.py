"""Initializers with MindSpore's semantics (``initializer(init, shape, dtype)`` returns a Tensor).

Sampling uses the global numpy generator that ``deepsink.set_seed`` resets, so runs repeat.
"""

from __future__ import annotations

import math
from numbers import Number
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import random as _random
from deepsink.common import dtype as mstype
from deepsink.common import tensor as _tensor
from deepsink.common.tensor import Tensor


def _fans(shape: tuple[int, ...]) -> tuple[int, int]:
    """MindSpore's fan computation: dims 0/1 are out/in, the rest is the receptive field."""
    if len(shape) < 2:
        raise ValueError(
            f"For 'initializer', fan in/out need a shape of rank >= 2, but got shape {list(shape)}"
        )
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity: str, param: float | None = None) -> float:
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"For 'initializer', 'nonlinearity' {nonlinearity!r} is not supported")


class Initializer:
    """Base: ``sample(shape, rng) -> np.ndarray`` (float64 values; cast by ``initializer``)."""

    def sample(self, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def __call__(self, arr: np.ndarray) -> None:
        """MindSpore's in-place form: fill ``arr``."""
        arr[...] = self.sample(arr.shape, _random.np_rng())

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"


class Zero(Initializer):
    def sample(self, shape, rng):
        return np.zeros(shape)


class One(Initializer):
    def sample(self, shape, rng):
        return np.ones(shape)


class Constant(Initializer):
    def __init__(self, value: float) -> None:
        self.value = value

    def sample(self, shape, rng):
        return np.full(shape, self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        self.sigma, self.mean = sigma, mean

    def sample(self, shape, rng):
        return rng.normal(self.mean, self.sigma, size=shape)


class Uniform(Initializer):
    """U(-scale, scale)."""

    def __init__(self, scale: float = 0.07) -> None:
        self.scale = scale

    def sample(self, shape, rng):
        return rng.uniform(-self.scale, self.scale, size=shape)


class TruncatedNormal(Initializer):
    """N(mean, sigma) restricted to the ABSOLUTE interval [a, b] (MindSpore's meaning of a, b)."""

    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0, b: float = 2.0):
        if a >= b:
            raise ValueError(
                f"For 'TruncatedNormal', 'a' must be less than 'b', but got a={a}, b={b}"
            )
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def sample(self, shape, rng):
        lo, hi = (self.a - self.mean) / self.sigma, (self.b - self.mean) / self.sigma
        accept = 0.5 * (math.erf(hi / math.sqrt(2)) - math.erf(lo / math.sqrt(2)))
        if accept < 0.05:  # narrow window: sample exactly by inverse CDF
            key = jax.random.key(int(rng.integers(2**31)))
            z = np.asarray(jax.random.truncated_normal(key, lo, hi, shape, jnp.float32))
            return z * self.sigma + self.mean
        out = rng.normal(size=shape)
        bad = (out < lo) | (out > hi)
        while bad.any():
            out[bad] = rng.normal(size=int(bad.sum()))
            bad = (out < lo) | (out > hi)
        return out * self.sigma + self.mean


class HeUniform(Initializer):
    def __init__(
        self, negative_slope: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu"
    ):
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def sample(self, shape, rng):
        fan_in, fan_out = _fans(shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = _gain(self.nonlinearity, self.negative_slope) * math.sqrt(3.0 / fan)
        return rng.uniform(-bound, bound, size=shape)


class HeNormal(HeUniform):
    def sample(self, shape, rng):
        fan_in, fan_out = _fans(shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        std = _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)
        return rng.normal(0.0, std, size=shape)


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1) -> None:
        self.gain = gain

    def sample(self, shape, rng):
        fan_in, fan_out = _fans(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return rng.uniform(-bound, bound, size=shape)


class XavierNormal(XavierUniform):
    def sample(self, shape, rng):
        fan_in, fan_out = _fans(shape)
        return rng.normal(0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)), size=shape)


_BY_NAME: dict[str, type[Initializer]] = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal, "uniform": Uniform,
    "truncatednormal": TruncatedNormal, "truncated_normal": TruncatedNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal, "henormal": HeNormal,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
}  # fmt: skip


def initializer(init: Any, shape: Any = None, dtype: Any = mstype.float32) -> Tensor:
    """A Tensor of ``shape``/``dtype`` filled by ``init`` (name, Initializer, number or array).

    Args:
        init (Union[str, Initializer, numbers.Number, Tensor, numpy.ndarray]): ``'zeros'``, ``'ones'``,
            ``'normal'``, ``'xavier_uniform'``, an Initializer such as ``Normal(0.02)``, a constant, or data.
        shape (Union[int, tuple[int], list[int]], optional): the shape. Default: ``None``.
        dtype (mindspore.dtype): the dtype. Default: ``mstype.float32``.

    Returns:
        Tensor, the initialised values.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore.common.initializer import initializer, One
        >>> print(initializer('zeros', (2, 2)))
        [[0. 0.]
         [0. 0.]]
        >>> print(initializer(One(), [3], ms.float16))
        [1. 1. 1.]
    """
    if isinstance(shape, int):
        shape = (shape,)
    shape = tuple(shape) if shape is not None else None
    np_dtype = mstype.to_np(dtype)
    if isinstance(init, Tensor | np.ndarray | jax.Array):
        arr = init._data if isinstance(init, Tensor) else jnp.asarray(init)
        if shape is not None and tuple(arr.shape) != shape:
            raise ValueError(
                f"For 'initializer', the shape of the given tensor must be {list(shape)}, "
                f"but got {list(arr.shape)}"
            )
        return Tensor._from(arr.astype(np_dtype))
    if shape is None:
        raise ValueError(f"For 'initializer', 'shape' must be given for init={init!r}")
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(
                f"For 'initializer', 'init' must be one of {sorted(_BY_NAME)}, but got {init!r}"
            )
        init = cls()
    elif isinstance(init, Number) and not isinstance(init, bool):
        init = Constant(init)
    if not isinstance(init, Initializer):
        raise TypeError(
            "For 'initializer', 'init' must be a str, Initializer, number or Tensor, "
            f"but got {type(init).__name__}"
        )
    return Tensor._from(jnp.asarray(init.sample(shape, _random.np_rng()).astype(np_dtype)))


_tensor.register_init_sampler(initializer)


# MindSpore's private name for the fan computation, which model-zoo weight-init code imports
_calculate_fan_in_and_fan_out = _fans
