"""Adaptive 1-D pooling and max unpooling (MindSpore's ``nn.AdaptiveAvgPool1d``,
``nn.AdaptiveMaxPool1d``, ``nn.MaxUnpool1d/2d/3d``).

Adaptive pooling splits the length (which must be divisible by ``output_size``, MindSpore's rule)
into ``output_size`` equal bins through ``ops``' adaptive pooling. Unpooling scatters each value to
its flat index within its (N, C) plane (``ops``' ``max_unpool_nd``), the inverse of
``MaxPool(return_indices=True)``.
"""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function.nn_ext_func import max_unpool_nd
from deepsink.ops.function.sampling_func import adaptive_pool


def _positive_int(v: Any, name: str, api: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
        fail_arg(api, name, "a positive int", v)
    return v


class _AdaptivePool1d(Cell):
    _api = ""
    _op = ""

    def __init__(self, output_size: int) -> None:
        super().__init__()
        self.output_size = _positive_int(output_size, "output_size", self._api)

    def construct(self, input: Any) -> Tensor:
        a = unwrap(input)
        if a.ndim not in (2, 3):
            fail_arg(
                self._api,
                "input",
                "a 2-D or 3-D Tensor (N, C, L) or (C, L)",
                f"shape {list(a.shape)}",
            )
        length, n = a.shape[-1], self.output_size
        if length % n:
            raise ValueError(
                f"For {self._api}, the input's last dimension must be divisible by output size "
                f"{n}, but got {length}."
            )
        return adaptive_pool(a, n, 1, self._op, self._api)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptivePool1d):
    r"""Averages over ``output_size`` adaptive bins of the last axis, whatever its length.

    Args:
        output_size (int): the output length.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, L)` or :math:`(C, L)`.

    Outputs:
        Tensor of shape :math:`(N, C, output\_size)`.

    Raises:
        ValueError: ``output_size`` is not a positive int, or the input is not 2-D or 3-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveAvgPool1d(2)
        >>> print(pool(ms.Tensor(np.array([[[1.0, 2.0, 3.0, 4.0]]], np.float32))))
        [[[1.5 3.5]]]
    """

    _api = "AdaptiveAvgPool1d"
    _op = "avg"


class AdaptiveMaxPool1d(_AdaptivePool1d):
    r"""Takes the maximum over ``output_size`` adaptive bins of the last axis, whatever its length.

    Args:
        output_size (int): the output length.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, L)` or :math:`(C, L)`.

    Outputs:
        Tensor of shape :math:`(N, C, output\_size)`.

    Raises:
        ValueError: ``output_size`` is not a positive int, or the input is not 2-D or 3-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.AdaptiveMaxPool1d(2)
        >>> print(pool(ms.Tensor(np.array([[[1.0, 5.0, 3.0, 4.0]]], np.float32))))
        [[[5. 4.]]]
    """

    _api = "AdaptiveMaxPool1d"
    _op = "max"


class _MaxUnpool(Cell):
    _nd = 0
    _api = ""

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0) -> None:
        super().__init__()
        self.kernel_size = self._tuple(kernel_size, "kernel_size", positive=True)
        self.stride = (
            self.kernel_size if stride in (None, 0) else self._tuple(stride, "stride", True)
        )
        self.padding = self._tuple(padding, "padding", positive=False)

    def _tuple(self, v: Any, name: str, positive: bool) -> tuple[int, ...]:
        vals = (v,) * self._nd if isinstance(v, int) and not isinstance(v, bool) else tuple(v)
        if len(vals) != self._nd or any(
            isinstance(x, bool) or not isinstance(x, int) or x < (1 if positive else 0)
            for x in vals
        ):
            fail_arg(self._api, name, f"an int or a tuple of {self._nd} ints", v)
        return vals

    def construct(self, x: Any, indices: Any, output_size: Any = None) -> Tensor:
        a, idx = unwrap(x), unwrap(indices)
        nd = self._nd
        if a.shape != idx.shape or a.ndim not in (nd + 1, nd + 2):
            fail_arg(
                self._api,
                "x",
                f"a {nd + 1}-D or {nd + 2}-D Tensor shaped like 'indices'",
                f"shapes {list(a.shape)} and {list(idx.shape)}",
            )
        if output_size is not None and len(output_size) == 0:
            output_size = None
        k, s, p = self.kernel_size, self.stride, self.padding
        return Tensor._from(max_unpool_nd(a, idx, nd, k, s, p, output_size))

    def extend_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpool):
    """A partial inverse of ``MaxPool1d``: puts each value back at the position its ``indices`` (from
    ``MaxPool1d(return_indices=True)``) name and fills the rest with zeros.

    Args:
        kernel_size (Union[int, tuple[int]]): the pooling window.
        stride (Union[int, tuple[int]], optional): its step. Default: ``None`` (the kernel size).
        padding (Union[int, tuple[int]]): the pooling's padding. Default: ``0``.

    Inputs:
        - **x** (Tensor) - the pooled values, shape :math:`(N, C, L)` (or without N).
        - **indices** (Tensor) - int, the same shape: flat positions in each input plane.
        - **output_size** (tuple[int], optional) - the output's shape, when the pooling's rounding left it ambiguous.

    Outputs:
        Tensor, the unpooled input.

    Raises:
        ValueError: a size is not a positive int, or ``x`` is not 2-D or 3-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool1d(2, stride=2, pad_mode='pad', return_indices=True)
        >>> unpool = nn.MaxUnpool1d(2, stride=2)
        >>> x = ms.Tensor(np.array([[[1.0, 4.0, 3.0, 2.0]]], np.float32))
        >>> out, idx = pool(x)
        >>> print(unpool(out, idx))
        [[[0. 4. 3. 0.]]]
    """

    _nd, _api = 1, "MaxUnpool1d"


class MaxUnpool2d(_MaxUnpool):
    """A partial inverse of ``MaxPool2d``: puts each value back at the position its ``indices`` (from
    ``MaxPool2d(return_indices=True)``) name and fills the rest with zeros.

    Args:
        kernel_size (Union[int, tuple[int]]): the pooling window.
        stride (Union[int, tuple[int]], optional): its step. Default: ``None`` (the kernel size).
        padding (Union[int, tuple[int]]): the pooling's padding. Default: ``0``.

    Inputs:
        - **x** (Tensor) - the pooled values, shape :math:`(N, C, H, W)` (or without N).
        - **indices** (Tensor) - int, the same shape: flat positions in each input plane.
        - **output_size** (tuple[int], optional) - the output's shape, when the pooling's rounding left it ambiguous.

    Outputs:
        Tensor, the unpooled input.

    Raises:
        ValueError: a size is not a positive int, or ``x`` is not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool2d(2, stride=2, pad_mode='pad', return_indices=True)
        >>> unpool = nn.MaxUnpool2d(2, stride=2)
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> out, idx = pool(x)
        >>> print(unpool(out, idx))
        [[[[ 0.  0.  0.  0.]
           [ 0.  5.  0.  7.]
           [ 0.  0.  0.  0.]
           [ 0. 13.  0. 15.]]]]
    """

    _nd, _api = 2, "MaxUnpool2d"


class MaxUnpool3d(_MaxUnpool):
    """A partial inverse of ``MaxPool3d``: puts each value back at the position its ``indices`` (from
    ``MaxPool3d(return_indices=True)``) name and fills the rest with zeros.

    Args:
        kernel_size (Union[int, tuple[int]]): the pooling window.
        stride (Union[int, tuple[int]], optional): its step. Default: ``None`` (the kernel size).
        padding (Union[int, tuple[int]]): the pooling's padding. Default: ``0``.

    Inputs:
        - **x** (Tensor) - the pooled values, shape :math:`(N, C, D, H, W)` (or without N).
        - **indices** (Tensor) - int, the same shape: flat positions in each input plane.
        - **output_size** (tuple[int], optional) - the output's shape, when the pooling's rounding left it ambiguous.

    Outputs:
        Tensor, the unpooled input.

    Raises:
        ValueError: a size is not a positive int, or ``x`` is not 4-D or 5-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pool = nn.MaxPool3d(2, stride=2, pad_mode='pad', return_indices=True)
        >>> unpool = nn.MaxUnpool3d(2, stride=2)
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> out, idx = pool(x)
        >>> print(unpool(out, idx).shape)
        (1, 1, 2, 2, 2)
    """

    _nd, _api = 3, "MaxUnpool3d"
