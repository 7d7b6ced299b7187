"""Activation layers (MindSpore's ``nn/layer/activation.py``) and ``get_activation``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink._core.validate import check_bool, check_number, fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops import operations as P
from deepsink.ops.function import activation_func as A
from deepsink.ops.function import random_func as RND


class _Elementwise(Cell):
    """An activation that applies ``_fn`` (an ``ops`` function) to its single input."""

    def __init__(self) -> None:
        super().__init__()

    def _fn(self, x: Tensor) -> Tensor:
        raise NotImplementedError

    def construct(self, x: Tensor) -> Tensor:
        return self._fn(x)


class ReLU(_Elementwise):
    r"""Rectified linear unit, element-wise.

    .. math::
        \text{ReLU}(x) = \max(x, 0)

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: the input is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.ReLU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [0. 0. 0. 1. 3.]
    """

    def _fn(self, x):
        return ops.relu(x)


class ReLU6(_Elementwise):
    r"""ReLU capped at 6, element-wise (used by MobileNet).

    .. math::
        \text{ReLU6}(x) = \min(\max(x, 0), 6)

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.ReLU6()
        >>> print(layer(ms.Tensor(np.array([-1.0, 3.0, 8.0], np.float32))))
        [0. 3. 6.]
    """

    def _fn(self, x):
        return ops.relu6(x)


class Sigmoid(_Elementwise):
    r"""The logistic sigmoid, element-wise.

    .. math::
        \sigma(x) = \frac{1}{1 + e^{-x}}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Sigmoid()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [0.11920292 0.37754068 0.5        0.7310586  0.95257413]
    """

    def _fn(self, x):
        return ops.sigmoid(x)


class Tanh(_Elementwise):
    r"""The hyperbolic tangent, element-wise.

    .. math::
        \tanh(x) = \frac{e^x - e^{-x}}{e^x + e^{-x}}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Tanh()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.9640276  -0.46211717  0.          0.7615942   0.9950547 ]
    """

    def _fn(self, x):
        return ops.tanh(x)


class SiLU(_Elementwise):
    r"""Sigmoid linear unit (swish), element-wise.

    .. math::
        \text{SiLU}(x) = x \cdot \sigma(x)

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.SiLU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.23840584 -0.18877034  0.          0.7310586   2.8577223 ]
    """

    def _fn(self, x):
        return ops.silu(x)


class Softsign(_Elementwise):
    r"""Softsign, element-wise.

    .. math::
        \text{Softsign}(x) = \frac{x}{1 + |x|}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Softsign()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.6666667  -0.33333334  0.          0.5         0.75      ]
    """

    def _fn(self, x):
        return ops.softsign(x)


class HSwish(_Elementwise):
    r"""Hard swish (MobileNetV3), element-wise.

    .. math::
        \text{HSwish}(x) = x \cdot \frac{\text{ReLU6}(x + 3)}{6}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.HSwish()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.33333334 -0.20833334  0.          0.6666667   3.        ]
    """

    def _fn(self, x):
        return ops.hardswish(x)


class HSigmoid(_Elementwise):
    r"""Hard sigmoid (MobileNetV3), element-wise.

    .. math::
        \text{HSigmoid}(x) = \frac{\text{ReLU6}(x + 3)}{6}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.HSigmoid()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [0.16666667 0.4166667  0.5        0.6666667  1.        ]
    """

    def _fn(self, x):
        return ops.hardsigmoid(x)


class LogSigmoid(_Elementwise):
    r"""The log of the sigmoid, element-wise, computed stably for large ``|x|``.

    .. math::
        \text{LogSigmoid}(x) = -\log(1 + e^{-x})

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.LogSigmoid()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-2.126928   -0.974077   -0.6931472  -0.3132617  -0.04858735]
    """

    def _fn(self, x):
        return ops.logsigmoid(x)


class Mish(_Elementwise):
    r"""Mish, element-wise.

    .. math::
        \text{Mish}(x) = x \cdot \tanh(\log(1 + e^x))

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Mish()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.25250146 -0.22074378  0.          0.8650985   2.9865355 ]
    """

    def _fn(self, x):
        return ops.mish(x)


class FastGelu(_Elementwise):
    r"""MindSpore's fast GELU approximation, element-wise.

    .. math::
        \text{FastGelu}(x) = \frac{x}{1 + e^{-1.702 |x|}} e^{0.851 (x - |x|)}

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.FastGelu()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.06434137 -0.14961156  0.          0.84579575  2.9819288 ]
    """

    def _fn(self, x):
        return ops.fast_gelu(x)


class GELU(_Elementwise):
    r"""Gaussian error linear unit, element-wise.

    .. math::
        \text{GELU}(x) = x \cdot \Phi(x)

    ``Phi`` is the standard normal CDF; with ``approximate=True`` it is replaced by the tanh
    form :math:`0.5 x (1 + \tanh(\sqrt{2/\pi} (x + 0.044715 x^3)))`.

    Args:
        approximate (bool): use the tanh approximation (MindSpore's default) instead of the
            exact erf form. Default: ``True``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``approximate`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.GELU(approximate=False)
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.04550027 -0.15426877  0.          0.8413447   2.9959502 ]
    """

    def __init__(self, approximate: bool = True) -> None:
        super().__init__()
        self.approximate = check_bool(approximate, "approximate", "GELU")

    def _fn(self, x):
        return ops.gelu(x, "tanh" if self.approximate else "none")


class ELU(_Elementwise):
    r"""Exponential linear unit, element-wise.

    .. math::
        \text{ELU}(x) = x \text{ if } x > 0 \text{ else } \alpha (e^x - 1)

    Args:
        alpha (float): the scale of the negative part. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``alpha`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.ELU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.86466473 -0.39346933  0.          1.          3.        ]
    """

    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = check_number(alpha, "alpha", "ELU")

    def _fn(self, x):
        return ops.elu(x, self.alpha)


class LeakyReLU(_Elementwise):
    r"""Leaky ReLU, element-wise: negative inputs are scaled by ``alpha``.

    .. math::
        \text{LeakyReLU}(x) = x \text{ if } x \ge 0 \text{ else } \alpha x

    Args:
        alpha (Union[int, float]): the slope for negative inputs. Default: ``0.2`` (MindSpore's
            default, where PyTorch uses 0.01).

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``alpha`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.LeakyReLU(alpha=0.1)
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.2  -0.05  0.    1.    3.  ]
    """

    def __init__(self, alpha: float = 0.2) -> None:
        super().__init__()
        self.alpha = check_number(alpha, "alpha", "LeakyReLU")

    def _fn(self, x):
        return ops.leaky_relu(x, self.alpha).astype(ops.dtype(x))


def _check_axis(axis: Any, api: str) -> int | tuple[int, ...]:
    if isinstance(axis, int) and not isinstance(axis, bool):
        return axis
    if (
        isinstance(axis, tuple | list)
        and axis
        and all(isinstance(a, int) and not isinstance(a, bool) for a in axis)
    ):
        return tuple(axis)
    fail_arg(api, "axis", "an int or a non-empty tuple of ints", axis, TypeError)


def _check_axis_range(axis: int | tuple[int, ...], ndim: int, api: str) -> None:
    for a in axis if isinstance(axis, tuple) else (axis,):
        if not -max(ndim, 1) <= a < max(ndim, 1):
            fail_arg(api, "axis", f"in range [{-max(ndim, 1)}, {max(ndim, 1)})", a)


class Softmax(Cell):
    r"""Softmax over ``axis``: exponentials normalised to sum to 1.

    .. math::
        \text{softmax}(x)_i = \frac{e^{x_i}}{\sum_j e^{x_j}}

    Args:
        axis (Union[int, tuple[int]]): the axis or axes to normalise over. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``axis`` is not an int or a non-empty tuple of ints.
        ValueError: an axis is out of range for the input's rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Softmax()
        >>> print(layer(ms.Tensor(np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]], np.float32))))
        [[0.09003057 0.24472848 0.66524094]
         [0.33333334 0.33333334 0.33333334]]
    """

    def __init__(self, axis: int | tuple[int, ...] = -1) -> None:
        super().__init__()
        self.axis = _check_axis(axis, "Softmax")
        self.softmax = P.Softmax(self.axis)  # MindSpore's attribute: ``layer.softmax.axis``

    def construct(self, x: Tensor) -> Tensor:
        _check_axis_range(self.axis, unwrap(x).ndim, "Softmax")
        return self.softmax(x)


class Softmin(Softmax):
    r"""Softmin over ``axis``: the softmax of ``-x``, so the smallest input gets the largest weight.

    .. math::
        \text{softmin}(x)_i = \frac{e^{-x_i}}{\sum_j e^{-x_j}}

    Args:
        axis (Union[int, tuple[int]]): the axis or axes to normalise over. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``axis`` is not an int or a non-empty tuple of ints.
        ValueError: an axis is out of range for the input's rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Softmin()
        >>> print(layer(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [0.66524094 0.24472848 0.09003057]
    """

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        _check_axis_range(self.axis, a.ndim, "Softmin")
        return ops.softmin(x, self.axis)


class LogSoftmax(Cell):
    r"""The log of the softmax over ``axis``, computed stably (no overflow for large inputs).

    .. math::
        \text{LogSoftmax}(x)_i = x_i - \log \sum_j e^{x_j}

    Args:
        axis (int): the axis to normalise over. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``axis`` is out of range for the input's rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.LogSoftmax()
        >>> print(layer(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [-2.407606   -1.4076059  -0.40760595]
    """

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            fail_arg("LogSoftmax", "axis", "an int", axis, TypeError)
        self.axis = axis

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        _check_axis_range(self.axis, a.ndim, "LogSoftmax")
        return ops.log_softmax(x, self.axis)


class CELU(Cell):
    r"""Continuously differentiable exponential linear unit, element-wise.

    .. math::
        \text{CELU}(x) = \max(0, x) + \min(0, \alpha (e^{x/\alpha} - 1))

    Args:
        alpha (float): the scale of the negative part. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``alpha`` is not a number.
        ValueError: ``alpha`` is 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.CELU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.86466473 -0.39346933  0.          1.          3.        ]
    """

    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        check_number(alpha, "alpha", "CELU")
        if alpha == 0:
            fail_arg("CELU", "alpha", "non-zero", alpha)
        self.alpha = float(alpha)

    def construct(self, x: Tensor) -> Tensor:
        return A.celu(x, self.alpha)


class SeLU(Cell):
    r"""Scaled exponential linear unit, element-wise (self-normalising networks).

    .. math::
        \text{SeLU}(x) = \lambda (\max(0, x) + \min(0, \alpha (e^x - 1)))

    with :math:`\alpha \approx 1.6733` and :math:`\lambda \approx 1.0507`.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.SeLU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-1.5201665 -0.6917582  0.         1.050701   3.152103 ]
    """

    def construct(self, input_x: Tensor) -> Tensor:
        return A.selu(input_x)


class Hardtanh(Cell):
    r"""Clips the input to ``[min_val, max_val]``, element-wise.

    .. math::
        \text{Hardtanh}(x) = \min(\max(x, min\_val), max\_val)

    Args:
        min_val (float): the lower bound. Default: ``-1.0``.
        max_val (float): the upper bound. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        ValueError: ``min_val`` is greater than ``max_val``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Hardtanh()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-1.  -0.5  0.   1.   1. ]
    """

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0) -> None:
        super().__init__()
        if min_val > max_val:
            fail_arg("Hardtanh", "min_val", f"no greater than max_val={max_val}", min_val)
        self.min_val, self.max_val = min_val, max_val

    def construct(self, x: Tensor) -> Tensor:
        return A.hardtanh(x, self.min_val, self.max_val)


class HShrink(Cell):
    r"""Hard shrink, element-wise: values within ``[-lambd, lambd]`` become 0.

    .. math::
        \text{HShrink}(x) = x \text{ if } |x| > \lambda \text{ else } 0

    Args:
        lambd (float): the threshold. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``lambd`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.HShrink()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-2.  0.  0.  1.  3.]
    """

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        check_number(lambd, "lambd", "HShrink")
        self.lambd = lambd

    def construct(self, input_x: Tensor) -> Tensor:
        return A.hardshrink(input_x, self.lambd)


class SoftShrink(Cell):
    r"""Soft shrink, element-wise: values move towards 0 by ``lambd``; those within
    ``[-lambd, lambd]`` become 0.

    .. math::
        \text{SoftShrink}(x) = x - \lambda \text{ if } x > \lambda;\ x + \lambda \text{ if } x < -\lambda;\ 0 \text{ otherwise}

    Args:
        lambd (float): the threshold, at least 0. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``lambd`` is not a number.
        ValueError: ``lambd`` is negative.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.SoftShrink()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-1.5  0.   0.   0.5  2.5]
    """

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        check_number(lambd, "lambd", "SoftShrink")
        if lambd < 0:
            fail_arg("SoftShrink", "lambd", "no less than 0", lambd)
        self.lambd = lambd

    def construct(self, input_x: Tensor) -> Tensor:
        return A.softshrink(input_x, self.lambd)


class Tanhshrink(Cell):
    r"""Tanh shrink, element-wise.

    .. math::
        \text{Tanhshrink}(x) = x - \tanh(x)

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Tanhshrink()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-1.0359724  -0.03788283  0.          0.23840582  2.0049453 ]
    """

    def construct(self, x: Tensor) -> Tensor:
        return A.tanhshrink(x)


class GLU(Cell):
    r"""Gated linear unit: splits the input in two halves ``a``, ``b`` along ``axis`` and
    returns ``a * sigmoid(b)``.

    .. math::
        \text{GLU}(a, b) = a \otimes \sigma(b)

    Args:
        axis (int): the axis to split; its size must be even. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the input's shape with ``axis`` halved.

    Raises:
        ValueError: the size of ``axis`` is odd.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.GLU()
        >>> print(layer(ms.Tensor(np.array([[1.0, 2.0, 0.0, 1.0]], np.float32))))
        [[0.5       1.4621172]]
    """

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.dim = axis

    def construct(self, x: Tensor) -> Tensor:
        return A.glu(x, self.dim)


class Threshold(Cell):
    r"""Keeps the elements greater than ``threshold`` and replaces the others with ``value``.

    .. math::
        y = x \text{ if } x > threshold \text{ else } value

    Args:
        threshold (Union[int, float]): the threshold.
        value (Union[int, float]): the replacement for elements not above it.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``threshold`` or ``value`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Threshold(0.5, -1.0)
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-1. -1. -1.  1.  3.]
    """

    def __init__(self, threshold: float, value: float) -> None:
        super().__init__()
        check_number(threshold, "threshold", "Threshold")
        check_number(value, "value", "Threshold")
        self.threshold, self.value = threshold, value

    def construct(self, input_x: Tensor) -> Tensor:
        return A.threshold(input_x, self.threshold, self.value)


class RReLU(Cell):
    r"""Randomized leaky ReLU: each negative element is scaled by a slope drawn from
    ``U(lower, upper)``. As in MindSpore 2.10 the slope is drawn on every call, in eval mode too
    (PyTorch uses the mean slope in eval); draws follow ``set_seed``.

    .. math::
        \text{RReLU}(x) = x \text{ if } x \ge 0 \text{ else } a x,\quad a \sim U(lower, upper)

    Args:
        lower (Union[int, float]): the smallest slope. Default: ``1/8``.
        upper (Union[int, float]): the largest slope. Default: ``1/3``.

    Inputs:
        - **x** (Tensor) - any shape, float dtype.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        TypeError: ``lower`` or ``upper`` is not a number.
        ValueError: ``lower`` is greater than ``upper``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.RReLU()
        >>> print(layer(ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32))))
        [0. 1. 2.]
    """

    def __init__(self, lower: float = 1 / 8, upper: float = 1 / 3) -> None:
        super().__init__()
        check_number(lower, "lower", "RReLU")
        check_number(upper, "upper", "RReLU")
        if lower > upper:
            fail_arg("RReLU", "lower", f"no greater than upper={upper}", lower)
        self.lower, self.upper = lower, upper

    def construct(self, x: Tensor) -> Tensor:
        return RND.rrelu(x, self.lower, self.upper)


class PReLU(Cell):
    r"""Parametric ReLU: negative inputs are scaled by a learned slope ``w``, one per channel
    (axis 1) or one shared by all.

    .. math::
        \text{PReLU}(x) = \max(0, x) + w \min(0, x)

    Args:
        channel (int): the number of slopes: 1 (shared) or the input's channel count. Default: ``1``.
        w (Union[float, list, Tensor]): the initial slope(s). Default: ``0.25``.

    Inputs:
        - **x** (Tensor) - float, shape :math:`(N, C, *)` when ``channel`` is C > 1.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        ValueError: ``channel`` is not a positive int, or ``w`` does not hold ``channel`` values.
        TypeError: ``w`` is not a float, list or Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.PReLU()
        >>> print(layer(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32))))
        [-0.5   -0.125  0.     1.     3.   ]
    """

    def __init__(self, channel: int = 1, w: Any = 0.25) -> None:
        super().__init__()
        from deepsink.common.parameter import Parameter

        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            fail_arg("PReLU", "channel", "a positive int", channel)
        if isinstance(w, int | float) and not isinstance(w, bool):
            value = np.full((channel,), float(w), np.float32)
        elif isinstance(w, list | tuple | Tensor) or hasattr(w, "shape"):
            value = np.asarray(unwrap(w), np.float32).reshape(-1)
            if value.shape != (channel,):
                fail_arg("PReLU", "w", f"{channel} values (one per channel)", list(value.shape))
        else:
            fail_arg("PReLU", "w", "a float, list or Tensor", w, TypeError)
        self.channel = channel
        self.w = Parameter(Tensor(value), name="a")  # 2.10's name; "w" under a parent

    def construct(self, x: Tensor) -> Tensor:
        return A.prelu(x, self.w)


class Softmax2d(Cell):
    r"""Softmax over the channel axis of an image batch: each pixel's channels sum to 1.

    .. math::
        \text{Softmax2d}(x)_{c,h,w} = \frac{e^{x_{c,h,w}}}{\sum_{c'} e^{x_{c',h,w}}}

    Inputs:
        - **x** (Tensor) - shape :math:`(C, H, W)` or :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the same shape and dtype as the input.

    Raises:
        ValueError: the input is not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Softmax2d()
        >>> print(layer(ms.Tensor(np.array([[[[1.0]], [[2.0]]]], np.float32))))
        [[[[0.26894143]]
        <BLANKLINE>
          [[0.7310586 ]]]]
    """

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim not in (3, 4):
            fail_arg("Softmax2d", "x", "a 3-D or 4-D Tensor", f"shape {list(a.shape)}")
        return ops.softmax(x, -3)


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
    """Creates an activation Cell from its MindSpore name, as ``nn.Dense(activation='relu')``
    does.

    Args:
        name (Union[str, None]): one of ``'relu'``, ``'relu6'``, ``'gelu'``, ``'fast_gelu'``,
            ``'sigmoid'``, ``'tanh'``, ``'softmax'``, ``'logsoftmax'``, ``'silu'``, ``'elu'``,
            ``'leakyrelu'``, ``'hswish'``, ``'hsigmoid'``, ``'logsigmoid'``, ``'mish'``,
            ``'softsign'``, ``'softmin'``, ``'rrelu'``, ``'tanhshrink'``, ``'hardtanh'``,
            ``'prelu'``, ``'softshrink'``, ``'hshrink'``; or None.
        prim_name (str, optional): the API named in the error message. Default: ``None``.

    Returns:
        Cell, a new activation with its default arguments, or None when ``name`` is None.

    Raises:
        KeyError: ``name`` is not a known activation.

    Examples:
        >>> from deepsink import nn
        >>> act = nn.get_activation('relu')
        >>> act
        ReLU()
        >>> print(nn.get_activation(None))
        None
    """
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
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> print(nn.LRN(1)(ms.Tensor(np.ones((1, 2, 1, 1), np.float32))).shape)
        (1, 2, 1, 1)
    """

    def __init__(
        self,
        depth_radius: int = 5,
        bias: float = 1.0,
        alpha: float = 1.0,
        beta: float = 0.5,
        norm_region: str = "ACROSS_CHANNELS",
    ) -> None:
        super().__init__()
        if norm_region != "ACROSS_CHANNELS":
            fail_arg("LRN", "norm_region", "'ACROSS_CHANNELS'", norm_region)
        if isinstance(depth_radius, bool) or not isinstance(depth_radius, int):
            fail_arg("LRN", "depth_radius", "an int", depth_radius, TypeError)
        if depth_radius < 0:
            fail_arg("LRN", "depth_radius", "non-negative", depth_radius)
        for name, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            if isinstance(v, bool) or not isinstance(v, float):
                fail_arg("LRN", name, "a float", v, TypeError)
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x: Tensor) -> Tensor:
        from deepsink.ops.function.nn_window_func import lrn

        return lrn(input_x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)
