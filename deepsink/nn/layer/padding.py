"""Padding layers (MindSpore's ``nn/layer/padding.py``): ``Pad``, ``ConstantPad1d/2d/3d``,
``ReflectionPad1d/2d/3d``, ``ReplicationPad1d/2d/3d``, ``ZeroPad2d``; all call ``ops.pad``."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import image_func, sampling_func


def _padding(padding: Any, n: int, api: str) -> tuple[int, ...]:
    """An int (every side of the last ``n`` axes) or a tuple of an even number (up to ``2 * n``)
    of ints (left, right, top, bottom, front, back), from the last axis backwards."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * n)
    if not isinstance(padding, tuple | list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in padding
    ):
        fail_arg(api, "padding", f"an int or a tuple of up to {2 * n} ints", padding, TypeError)
    if not padding or len(padding) % 2:
        fail_arg(api, "padding", "a tuple of an even number of ints", padding)
    return tuple(padding)


class _PadNd(Cell):
    _n = 1
    _mode = "constant"

    def __init__(self, padding: Any, value: float = 0.0) -> None:
        super().__init__()
        self.padding = _padding(padding, self._n, type(self).__name__)
        if self._mode != "constant" and any(p < 0 for p in self.padding):
            fail_arg(type(self).__name__, "padding", "non-negative", padding)
        self.value = value

    def construct(self, x: Tensor) -> Tensor:
        value = self.value if self._mode == "constant" else None
        return sampling_func.pad(x, self.padding, self._mode, value)

    def extend_repr(self) -> str:
        return f"padding={self.padding}"


class _ValuePad(_PadNd):
    """Constant padding with a fill ``value`` the user gives."""

    def __init__(self, padding: Any, value: float) -> None:
        super().__init__(padding, value)


class _FillPad(_PadNd):
    """Padding without a fill value (reflect, replicate, zeros)."""

    def __init__(self, padding: Any) -> None:
        super().__init__(padding)


class ConstantPad1d(_ValuePad):
    """Pads the last axis with a constant ``value``.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 1 axes; a tuple gives
            (left, right), the last axis first.
        value (Union[int, float]): the fill value.

    Inputs:
        - **x** (Tensor) - at least 1-D; the last 1 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ConstantPad1d((1, 2), 9.0)
        >>> print(p(ms.Tensor(np.array([[1.0, 2.0]], np.float32))))
        [[9. 1. 2. 9. 9.]]
    """

    _n, _mode = 1, "constant"


class ConstantPad2d(_ValuePad):
    """Pads the last two axes with a constant ``value``.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 2 axes; a tuple gives
            (left, right, top, bottom), the last axis first.
        value (Union[int, float]): the fill value.

    Inputs:
        - **x** (Tensor) - at least 2-D; the last 2 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ConstantPad2d(1, 0.5)
        >>> print(p(ms.Tensor(np.array([[[1.0]]], np.float32))))
        [[[0.5 0.5 0.5]
          [0.5 1.  0.5]
          [0.5 0.5 0.5]]]
    """

    _n, _mode = 2, "constant"


class ConstantPad3d(_ValuePad):
    """Pads the last three axes with a constant ``value``.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 3 axes; a tuple gives
            (left, right, top, bottom, front, back), the last axis first.
        value (Union[int, float]): the fill value.

    Inputs:
        - **x** (Tensor) - at least 3-D; the last 3 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ConstantPad3d(1, 0.0)
        >>> print(p(ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))).shape)
        (1, 1, 4, 4, 4)
    """

    _n, _mode = 3, "constant"


class ReflectionPad1d(_FillPad):
    """Pads the last axis with its mirror image, not repeating the edge (``[1, 2, 3]`` padded
    by 2 on the left gives ``[3, 2, 1, 2, 3]``).

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 1 axes; a tuple gives
            (left, right), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 1-D; the last 1 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReflectionPad1d(2)
        >>> print(p(ms.Tensor(np.array([[[1.0, 2.0, 3.0]]], np.float32))))
        [[[3. 2. 1. 2. 3. 2. 1.]]]
    """

    _n, _mode = 1, "reflect"


class ReflectionPad2d(_FillPad):
    """Pads the last two axes with their mirror image, not repeating the edge.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 2 axes; a tuple gives
            (left, right, top, bottom), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 2-D; the last 2 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReflectionPad2d(1)
        >>> print(p(ms.Tensor(np.array([[[[1.0, 2.0], [3.0, 4.0]]]], np.float32))))
        [[[[4. 3. 4. 3.]
           [2. 1. 2. 1.]
           [4. 3. 4. 3.]
           [2. 1. 2. 1.]]]]
    """

    _n, _mode = 2, "reflect"


class ReflectionPad3d(_FillPad):
    """Pads the last three axes with their mirror image, not repeating the edge.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 3 axes; a tuple gives
            (left, right, top, bottom, front, back), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 3-D; the last 3 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReflectionPad3d(1)
        >>> print(p(ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))).shape)
        (1, 1, 4, 4, 4)
    """

    _n, _mode = 3, "reflect"


class ReplicationPad1d(_FillPad):
    """Pads the last axis by repeating its edge values.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 1 axes; a tuple gives
            (left, right), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 1-D; the last 1 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReplicationPad1d((2, 1))
        >>> print(p(ms.Tensor(np.array([[[1.0, 2.0, 3.0]]], np.float32))))
        [[[1. 1. 1. 2. 3. 3.]]]
    """

    _n, _mode = 1, "replicate"


class ReplicationPad2d(_FillPad):
    """Pads the last two axes by repeating their edge values.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 2 axes; a tuple gives
            (left, right, top, bottom), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 2-D; the last 2 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReplicationPad2d(1)
        >>> print(p(ms.Tensor(np.array([[[[1.0, 2.0]]]], np.float32))))
        [[[[1. 1. 2. 2.]
           [1. 1. 2. 2.]
           [1. 1. 2. 2.]]]]
    """

    _n, _mode = 2, "replicate"


class ReplicationPad3d(_FillPad):
    """Pads the last three axes by repeating their edge values.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 3 axes; a tuple gives
            (left, right, top, bottom, front, back), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 3-D; the last 3 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ReplicationPad3d(1)
        >>> print(p(ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))).shape)
        (1, 1, 4, 4, 4)
    """

    _n, _mode = 3, "replicate"


class ZeroPad2d(_FillPad):
    """Pads the last two axes with zeros.

    Args:
        padding (Union[int, tuple[int]]): an int pads every side of the last 2 axes; a tuple gives
            (left, right, top, bottom), the last axis first.

    Inputs:
        - **x** (Tensor) - at least 2-D; the last 2 axes are padded.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length, too many values, or a negative value.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = nn.ZeroPad2d((1, 0, 0, 1))
        >>> print(p(ms.Tensor(np.array([[[[1.0, 2.0]]]], np.float32))))
        [[[[0. 1. 2.]
           [0. 0. 0.]]]]
    """

    _n, _mode = 2, "constant"


class Pad(Cell):
    """Pads every axis by ``paddings``, one (before, after) pair per axis from the first: with zeros
    (``'CONSTANT'``), the mirror image without the edge (``'REFLECT'``) or with it (``'SYMMETRIC'``).

    Args:
        paddings (tuple[tuple[int]]): one (before, after) pair per axis of the input.
        mode (str): ``'CONSTANT'``, ``'REFLECT'`` or ``'SYMMETRIC'``. Default: ``'CONSTANT'``.

    Inputs:
        - **x** (Tensor) - any shape, rank equal to ``len(paddings)``.

    Outputs:
        Tensor, the padded input.

    Raises:
        TypeError: ``paddings`` is not a tuple of pairs.
        ValueError: ``mode`` is invalid, or ``paddings`` does not have one pair per axis.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> pad = nn.Pad(paddings=((0, 0), (1, 1)), mode='SYMMETRIC')
        >>> print(pad(ms.Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))))
        [[1. 1. 2. 3. 3.]]
    """

    _MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")

    def __init__(self, paddings: Any, mode: str = "CONSTANT") -> None:
        super().__init__()
        if mode not in self._MODES:
            fail_arg("Pad", "mode", f"one of {list(self._MODES)}", mode)
        if not isinstance(paddings, tuple | list) or not all(
            isinstance(p, tuple | list) and len(p) == 2 for p in paddings
        ):
            fail_arg("Pad", "paddings", "a tuple of (before, after) pairs", paddings, TypeError)
        self.paddings = tuple(tuple(int(v) for v in p) for p in paddings)
        self.mode = mode
        for i, (lo, hi) in enumerate(self.paddings):
            if mode == "CONSTANT" and (lo < 0 or hi < 0):  # MindSpore 2.10's ops.Pad check
                raise ValueError(
                    f"For 'Pad', all elements of 'paddings' must be >= 0, but got "
                    f"paddings[{i}][0] = {lo}, paddings[{i}][1] = {hi}"
                )

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if len(self.paddings) != a.ndim:
            fail_arg(
                "Pad", "paddings", f"{a.ndim} pairs (one per axis of the input)", len(self.paddings)
            )
        if self.mode == "CONSTANT":
            flat = tuple(v for pair in reversed(self.paddings) for v in pair)
            return sampling_func.pad(x, flat, "constant")
        return image_func.mirror_pad(x, self.paddings, self.mode)
