"""Math layers (MindSpore's ``nn/layer/math.py``) and small tensor layers: ``ReduceLogSumExp``,
``Moments``, ``MatMul``, ``LGamma``, ``DiGamma``, ``MatInverse``, ``MatDet``, ``Range``,
``Norm``, ``Roll``, ``Unflatten``, ``Tril``, ``Triu``, ``ChannelShuffle``."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.validate import fail
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


def _axes(axis: Any) -> Any:
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, tuple | list) else axis


class ReduceLogSumExp(Cell):
    """``log(sum(exp(x)))`` over ``axis``, computed stably."""

    def __init__(self, axis: Any, keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        return Tensor._from(jax.nn.logsumexp(a, axis=_axes(self.axis), keepdims=self.keep_dims))


class Moments(Cell):
    """``(mean, variance)`` over ``axis`` (biased variance)."""

    def __init__(self, axis: Any = None, keep_dims: bool | None = None) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, bool(keep_dims)

    def construct(self, x: Tensor) -> tuple:
        a = unwrap(x)
        ax = _axes(self.axis)
        return (Tensor._from(jnp.mean(a, axis=ax, keepdims=self.keep_dims)),
                Tensor._from(jnp.var(a, axis=ax, keepdims=self.keep_dims)))  # fmt: skip


class MatMul(Cell):
    """Batched matrix product with optional transposes of the last two axes."""

    def __init__(self, transpose_x1: bool = False, transpose_x2: bool = False) -> None:
        super().__init__()
        self.transpose_x1, self.transpose_x2 = transpose_x1, transpose_x2

    def construct(self, x1: Tensor, x2: Tensor) -> Tensor:
        a, b = unwrap(x1), unwrap(x2)
        if self.transpose_x1:
            a = jnp.swapaxes(a, -1, -2)
        if self.transpose_x2:
            b = jnp.swapaxes(b, -1, -2)
        return Tensor._from(jnp.matmul(a, b))


class LGamma(Cell):
    """``log |Gamma(x)|``."""

    def construct(self, x: Tensor) -> Tensor:
        return Tensor._from(jax.scipy.special.gammaln(unwrap(x)))


class DiGamma(Cell):
    """The digamma function ``d/dx log Gamma(x)``."""

    def construct(self, x: Tensor) -> Tensor:
        return Tensor._from(jax.scipy.special.digamma(unwrap(x)))


class MatInverse(Cell):
    """Inverse of (batches of) square matrices."""

    def construct(self, a: Tensor) -> Tensor:
        return Tensor._from(jnp.linalg.inv(unwrap(a)))


class MatDet(Cell):
    """Determinant of (batches of) square matrices."""

    def construct(self, a: Tensor) -> Tensor:
        return Tensor._from(jnp.linalg.det(unwrap(a)))


class Range(Cell):
    """``arange(start, limit, delta)`` (``Range(n)`` counts from 0 to n); float32 when any bound
    is a float, else int32."""

    def __init__(self, start: Any, limit: Any = None, delta: Any = 1) -> None:
        super().__init__()
        if delta == 0:
            fail("Range", "delta", "non-zero", delta)
        if limit is None:
            start, limit = 0, start
        self.start, self.limit, self.delta = start, limit, delta

    def construct(self) -> Tensor:
        floats = any(isinstance(v, float) for v in (self.start, self.limit, self.delta))
        dtype = jnp.float32 if floats else jnp.int32
        return Tensor._from(jnp.arange(self.start, self.limit, self.delta, dtype=dtype))


class Norm(Cell):
    """Euclidean norm over ``axis`` (all axes by default)."""

    def __init__(self, axis: Any = (), keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        return Tensor._from(jnp.sqrt(jnp.sum(a * a, axis=_axes(self.axis),
                                             keepdims=self.keep_dims)))  # fmt: skip


class Roll(Cell):
    """Roll the elements by ``shift`` along ``axis``."""

    def __init__(self, shift: Any, axis: Any) -> None:
        super().__init__()
        self.shift, self.axis = shift, axis

    def construct(self, input_x: Tensor) -> Tensor:
        return Tensor._from(jnp.roll(unwrap(input_x), self.shift, self.axis))


class Unflatten(Cell):
    """Split ``axis`` into ``unflattened_size``."""

    def __init__(self, axis: int, unflattened_size: Any) -> None:
        super().__init__()
        if not isinstance(unflattened_size, tuple | list):
            fail("Unflatten", "unflattened_size", "a tuple or list", unflattened_size, TypeError)
        self.axis, self.unflattened_size = axis, tuple(unflattened_size)

    def construct(self, input_x: Tensor) -> Tensor:
        a = unwrap(input_x)
        ax = self.axis % a.ndim
        return Tensor._from(a.reshape(a.shape[:ax] + self.unflattened_size + a.shape[ax + 1 :]))


class Tril(Cell):
    """The lower triangle (below diagonal ``k``) of the last two axes."""

    def construct(self, x: Tensor, k: int = 0) -> Tensor:
        return Tensor._from(jnp.tril(unwrap(x), k))


class Triu(Cell):
    """The upper triangle (above diagonal ``k``) of the last two axes."""

    def construct(self, x: Tensor, k: int = 0) -> Tensor:
        return Tensor._from(jnp.triu(unwrap(x), k))


class ChannelShuffle(Cell):
    """Split the channels (axis 1) into ``groups`` and interleave them."""

    def __init__(self, groups: int) -> None:
        super().__init__()
        if isinstance(groups, bool) or not isinstance(groups, int) or groups < 1:
            fail("ChannelShuffle", "groups", "a positive int", groups)
        self.groups = groups

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        n, c = a.shape[:2]
        if c % self.groups:
            fail("ChannelShuffle", "x", f"channels divisible by groups={self.groups}", c)
        g = self.groups
        y = a.reshape(n, g, c // g, *a.shape[2:])
        return Tensor._from(jnp.swapaxes(y, 1, 2).reshape(a.shape))


class IGamma(Cell):
    r"""The regularized lower incomplete gamma function :math:`P(a, x)` (``ops.igamma``).

    Inputs:
        - **a** (Tensor) - positive, float32 or float64.
        - **x** (Tensor) - non-negative, broadcastable with ``a``, the same dtype.

    Outputs:
        Tensor of the broadcast shape.

    Raises:
        TypeError: the inputs are not float Tensors of one dtype.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore import nn
        >>> print(nn.IGamma()(ms.Tensor([1.0]), ms.Tensor([1.0])))
        [0.6321202]
    """

    def construct(self, a: Tensor, x: Tensor) -> Tensor:
        from deepsink.ops.function.special_math_func import igamma

        return igamma(a, x)


class LBeta(Cell):
    r"""The log of the beta function, :math:`\ln|B(x, y)| = \ln\Gamma(x) + \ln\Gamma(y) -
    \ln\Gamma(x + y)`.

    Inputs:
        - **x** (Tensor) - a float Tensor.
        - **y** (Tensor) - broadcastable with ``x``, the same dtype.

    Outputs:
        Tensor of the broadcast shape.

    Raises:
        TypeError: the inputs are not float Tensors of one dtype.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore import nn
        >>> print(nn.LBeta()(ms.Tensor([2.0]), ms.Tensor([3.0])))
        [-2.4849074]
    """

    def construct(self, x: Tensor, y: Tensor) -> Tensor:
        a, b = unwrap(x), unwrap(y)
        if not (jnp.issubdtype(a.dtype, jnp.floating) and a.dtype == b.dtype):
            fail("LBeta", "x", "float Tensors of one dtype", f"{a.dtype} and {b.dtype}", TypeError)
        g = jax.scipy.special.gammaln
        return Tensor._from(g(a) + g(b) - g(a + b))
