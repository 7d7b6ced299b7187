"""Math layers (MindSpore's ``nn/layer/math.py``) and small tensor layers: ``ReduceLogSumExp``,
``Moments``, ``MatMul``, ``LGamma``, ``DiGamma``, ``MatInverse``, ``MatDet``, ``Range``,
``Norm``, ``Roll``, ``Unflatten``, ``Tril``, ``Triu``, ``ChannelShuffle``, ``CosineSimilarity``
(``mindspore.nn.layer``'s; ``nn.CosineSimilarity`` is the metric)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink import ops
from deepsink._core.validate import fail_arg, shown
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function.elementwise_func import div_no_nan


def _axes(axis: Any) -> Any:
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, tuple | list) else axis


class ReduceLogSumExp(Cell):
    """``log(sum(exp(x)))`` over ``axis``, computed stably (the maximum of each reduced slice is
    subtracted first, so large inputs do not overflow). MindSpore 2.10 subtracts the maximum of
    the whole input, so a slice far below it comes out as -inf there.

    Args:
        axis (Union[int, tuple[int]]): the axes to reduce.
        keep_dims (bool): keep the reduced axes with size 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - float, any shape.

    Outputs:
        Tensor, the reduced result.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> op = nn.ReduceLogSumExp(1)
        >>> print(op(ms.Tensor(np.array([[1000.0, 1000.0]], np.float32))))
        [1000.6932]
    """

    def __init__(self, axis: Any, keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x: Tensor) -> Tensor:
        return ops.logsumexp(x, _axes(self.axis), self.keep_dims)


class Moments(Cell):
    """The mean and the (biased) variance over ``axis``.

    Args:
        axis (Union[int, tuple[int]], optional): the axes to reduce; None reduces all. Default: ``None``.
        keep_dims (bool, optional): keep the reduced axes with size 1. Default: ``None`` (False).

    Inputs:
        - **x** (Tensor) - float16 or float32, any shape.

    Outputs:
        Tuple of two Tensors, ``(mean, variance)``.

    Raises:
        TypeError: ``x`` is not float16 or float32.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> moments = nn.Moments(axis=1)
        >>> mean, var = moments(ms.Tensor(np.array([[1.0, 3.0], [2.0, 2.0]], np.float32)))
        >>> print(mean, var)
        [2. 2.] [1. 0.]
    """

    def __init__(self, axis: Any = None, keep_dims: bool | None = None) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, bool(keep_dims)

    def construct(self, x: Tensor) -> tuple:
        dtype = unwrap(x).dtype
        if dtype not in (jnp.float16, jnp.float32):
            fail_arg(
                "Moments", "x", "a float16 or float32 Tensor", shown(f"dtype {dtype}"), TypeError
            )
        ax = _axes(self.axis)
        return ops.mean(x, ax, self.keep_dims), ops.var(x, ax, keepdims=self.keep_dims)


class MatMul(Cell):
    """The matrix product of the last two axes (batched over the leading ones, which broadcast),
    with optional transposes of either operand.

    Args:
        transpose_x1 (bool): transpose the last two axes of ``x1`` first. Default: ``False``.
        transpose_x2 (bool): transpose the last two axes of ``x2`` first. Default: ``False``.

    Inputs:
        - **x1** (Tensor) - shape :math:`(*B, N, C)`.
        - **x2** (Tensor) - shape :math:`(*B, C, M)`.

    Outputs:
        Tensor of shape :math:`(*B, N, M)`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> matmul = nn.MatMul(transpose_x2=True)
        >>> print(matmul(ms.Tensor(np.array([[1.0, 2.0]], np.float32)), ms.Tensor(np.array([[3.0, 4.0], [5.0, 6.0]], np.float32))))
        [[11. 17.]]
    """

    def __init__(self, transpose_x1: bool = False, transpose_x2: bool = False) -> None:
        super().__init__()
        self.transpose_x1, self.transpose_x2 = transpose_x1, transpose_x2

    def construct(self, x1: Tensor, x2: Tensor) -> Tensor:
        if self.transpose_x1:
            x1 = ops.swapaxes(x1, -1, -2)
        if self.transpose_x2:
            x2 = ops.swapaxes(x2, -1, -2)
        return ops.matmul(x1, x2)


class LGamma(Cell):
    """The log of the absolute value of the gamma function, element-wise.

    Inputs:
        - **x** (Tensor) - float, any shape.

    Outputs:
        Tensor, the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lgamma = nn.LGamma()
        >>> print(lgamma(ms.Tensor(np.array([1.0, 3.0, 0.5], np.float32))))
        [4.7683716e-07 6.9314742e-01 5.7236481e-01]
    """

    def construct(self, x: Tensor) -> Tensor:
        return ops.lgamma(x)


class DiGamma(Cell):
    """The digamma function ``d/dx log Gamma(x)``, element-wise.

    Inputs:
        - **x** (Tensor) - float, any shape.

    Outputs:
        Tensor, the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> digamma = nn.DiGamma()
        >>> print(digamma(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [-0.5772154   0.42278463]
    """

    def construct(self, x: Tensor) -> Tensor:
        return ops.digamma(x)


class MatInverse(Cell):
    """The inverse of each square matrix in the last two axes.

    Inputs:
        - **a** (Tensor) - float, shape :math:`(*, N, N)`.

    Outputs:
        Tensor, the same shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> inv = nn.MatInverse()
        >>> print(inv(ms.Tensor(np.array([[2.0, 0.0], [0.0, 4.0]], np.float32))))
        [[0.5  0.  ]
         [0.   0.25]]
    """

    def construct(self, a: Tensor) -> Tensor:
        return ops.inverse(a)


class MatDet(Cell):
    """The determinant of each square matrix in the last two axes.

    Inputs:
        - **a** (Tensor) - float, shape :math:`(*, N, N)`.

    Outputs:
        Tensor of shape :math:`(*)`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> det = nn.MatDet()
        >>> print(det(ms.Tensor(np.array([[[1.0, 2.0], [3.0, 4.0]]], np.float32))))
        [-2.]
    """

    def construct(self, a: Tensor) -> Tensor:
        return ops.det(a)


class Range(Cell):
    """A layer that returns ``arange(start, limit, delta)`` (``Range(n)`` counts from 0 to n); float32
    when a bound is a float, else int32. The range is fixed at construction.

    Args:
        start (Union[int, float]): the first value, or the end when ``limit`` is None.
        limit (Union[int, float], optional): the end (excluded). Default: ``None``.
        delta (Union[int, float]): the step, non-zero. Default: ``1``.

    Inputs:
        None.

    Outputs:
        Tensor, 1-D.

    Raises:
        ValueError: ``delta`` is 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> r = nn.Range(1, 8, 2)
        >>> print(r())
        [1 3 5 7]
    """

    def __init__(self, start: Any, limit: Any = None, delta: Any = 1) -> None:
        super().__init__()
        if delta == 0:
            fail_arg("Range", "delta", "non-zero", delta)
        if limit is None:
            start, limit = 0, start
        self.start, self.limit, self.delta = start, limit, delta

    def construct(self) -> Tensor:
        floats = any(isinstance(v, float) for v in (self.start, self.limit, self.delta))
        dtype = mstype.float32 if floats else mstype.int32
        return ops.arange(self.start, self.limit, self.delta, dtype=dtype)


class Norm(Cell):
    """The Euclidean (L2) norm over ``axis``.

    Args:
        axis (Union[int, tuple[int]]): the axes to reduce; ``()`` reduces all. Default: ``()``.
        keep_dims (bool): keep the reduced axes with size 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - float, any shape.

    Outputs:
        Tensor, the norms.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> norm = nn.Norm(axis=1)
        >>> print(norm(ms.Tensor(np.array([[3.0, 4.0], [1.0, 0.0]], np.float32))))
        [5. 1.]
    """

    def __init__(self, axis: Any = (), keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x: Tensor) -> Tensor:
        return ops.sqrt(ops.sum(ops.square(x), _axes(self.axis), self.keep_dims))


class CosineSimilarity(Cell):
    """Cosine similarity of ``x1`` and ``x2`` along ``dim``: ``sum(x1 * x2) / sqrt(max(sum(x1 ** 2)
    * sum(x2 ** 2), eps ** 2))``, 0 where that is 0 (MindSpore's ``nn.layer.CosineSimilarity``;
    ``ops.cosine_similarity`` bounds each norm by ``eps`` instead).

    Args:
        dim (int): the dimension to reduce. Default: ``1``.
        eps (float): the lower bound of the product of the norms. Default: ``1e-08``.

    Inputs:
        - **x1** (Tensor) - shape :math:`(*_1, D, *_2)`, ``D`` at ``dim``.
        - **x2** (Tensor) - the same shape as ``x1``.

    Outputs:
        Tensor of shape :math:`(*_1, *_2)`.

    Raises:
        TypeError: If ``x1`` or ``x2`` is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> x1 = ms.Tensor([[1.0, 3.0, 4.0, 7.0], [2.0, 4.0, 2.0, 5.0], [3.0, 1.0, 5.0, 8.0]])
        >>> x2 = ms.Tensor([[2.0, 4.0, 2.0, 5.0], [3.0, 1.0, 5.0, 8.0], [1.0, 3.0, 4.0, 7.0]])
        >>> print(ms.nn.layer.CosineSimilarity()(x1, x2))
        [0.9402562 0.8614609 0.9516245]
    """

    def __init__(self, dim: int = 1, eps: float = 1e-08) -> None:
        super().__init__()
        self.dim, self.eps = dim, eps

    def construct(self, x1: Tensor, x2: Tensor) -> Tensor:
        for name, x in (("x1", x1), ("x2", x2)):
            if not isinstance(x, Tensor):
                raise TypeError(
                    f"For 'CosineSimilarity', '{name}' must be a tensor, but got {type(x)}"
                )
        w12 = ops.sum(ops.mul(x1, x2), self.dim)
        w1, w2 = ops.sum(ops.mul(x1, x1), self.dim), ops.sum(ops.mul(x2, x2), self.dim)
        return div_no_nan(w12, ops.sqrt(ops.maximum(ops.mul(w1, w2), self.eps * self.eps)))


class Roll(Cell):
    """Rolls the elements by ``shift`` along ``axis``; elements pushed off one end come back at the other.

    Args:
        shift (Union[int, tuple[int]]): the shift per axis.
        axis (Union[int, tuple[int]]): the axes, as many as shifts.

    Inputs:
        - **input_x** (Tensor) - any shape.

    Outputs:
        Tensor, the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> roll = nn.Roll(shift=1, axis=0)
        >>> print(roll(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [3. 1. 2.]
    """

    def __init__(self, shift: Any, axis: Any) -> None:
        super().__init__()
        self.shift, self.axis = shift, axis

    def construct(self, input_x: Tensor) -> Tensor:
        return ops.roll(input_x, self.shift, self.axis)


class Unflatten(Cell):
    """Splits axis ``axis`` into the shape ``unflattened_size`` (the inverse of ``Flatten``).

    Args:
        axis (int): the axis to split.
        unflattened_size (Union[tuple[int], list[int]]): the new axes; their product must be the
            axis's size.

    Inputs:
        - **input_x** (Tensor) - any shape.

    Outputs:
        Tensor, with ``axis`` replaced by ``unflattened_size``.

    Raises:
        TypeError: ``unflattened_size`` is not a tuple or list.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> unflatten = nn.Unflatten(1, (2, 3))
        >>> print(unflatten(ms.Tensor(np.ones((4, 6), np.float32))).shape)
        (4, 2, 3)
    """

    def __init__(self, axis: int, unflattened_size: Any) -> None:
        super().__init__()
        if not isinstance(unflattened_size, tuple | list):
            fail_arg(
                "Unflatten", "unflattened_size", "a tuple or list", unflattened_size, TypeError
            )
        self.axis, self.unflattened_size = axis, tuple(unflattened_size)

    def construct(self, input_x: Tensor) -> Tensor:
        a = unwrap(input_x)
        ax = self.axis % a.ndim
        return Tensor._from(a.reshape(a.shape[:ax] + self.unflattened_size + a.shape[ax + 1 :]))


class Tril(Cell):
    """Keeps the lower triangle of the last two axes (on and below diagonal ``k``) and zeroes the rest.

    Inputs:
        - **x** (Tensor) - at least 2-D.
        - **k** (int, optional) - the diagonal offset (positive: above the main one). Default: ``0``.

    Outputs:
        Tensor, the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> tril = nn.Tril()
        >>> print(tril(ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))))
        [[1. 0. 0.]
         [4. 5. 0.]
         [7. 8. 9.]]
    """

    def construct(self, x: Tensor, k: int = 0) -> Tensor:
        return ops.tril(x, k)


class Triu(Cell):
    """Keeps the upper triangle of the last two axes (on and above diagonal ``k``) and zeroes the rest.

    Inputs:
        - **x** (Tensor) - at least 2-D.
        - **k** (int, optional) - the diagonal offset (positive: above the main one). Default: ``0``.

    Outputs:
        Tensor, the same shape and dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> triu = nn.Triu()
        >>> print(triu(ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3)), 1))
        [[0. 2. 3.]
         [0. 0. 6.]
         [0. 0. 0.]]
    """

    def construct(self, x: Tensor, k: int = 0) -> Tensor:
        return ops.triu(x, k)


class ChannelShuffle(Cell):
    """Splits the channels (axis 1) into ``groups`` and interleaves them (ShuffleNet), so that the
    next grouped convolution mixes information across groups.

    Args:
        groups (int): the number of groups; the channel count must divide by it.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor, the same shape.

    Raises:
        ValueError: ``groups`` is not a positive int, or C does not divide by it.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> shuffle = nn.ChannelShuffle(2)
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 4, 1))
        >>> print(shuffle(x).reshape(-1))
        [0. 2. 1. 3.]
    """

    def __init__(self, groups: int) -> None:
        super().__init__()
        if isinstance(groups, bool) or not isinstance(groups, int) or groups < 1:
            fail_arg("ChannelShuffle", "groups", "a positive int", groups)
        self.groups = groups

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        n, c = a.shape[:2]
        if c % self.groups:
            fail_arg("ChannelShuffle", "x", f"channels divisible by groups={self.groups}", c)
        g = self.groups
        y = a.reshape(n, g, c // g, *a.shape[2:])
        return ops.swapaxes(Tensor._from(y), 1, 2).reshape(a.shape)


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
        >>> import deepsink as ms
        >>> from deepsink import nn
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
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> print(nn.LBeta()(ms.Tensor([2.0]), ms.Tensor([3.0])))
        [-2.4849074]
    """

    def construct(self, x: Tensor, y: Tensor) -> Tensor:
        a, b = unwrap(x), unwrap(y)
        if not (jnp.issubdtype(a.dtype, jnp.floating) and a.dtype == b.dtype):
            fail_arg(
                "LBeta", "x", "float Tensors of one dtype", f"{a.dtype} and {b.dtype}", TypeError
            )
        g = ops.lgamma
        return g(x) + g(y) - g(x + y)
