"""Flatten, Dropout and Identity (MindSpore's ``nn/layer/basic.py``)."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core import random as _random
from deepsink._core.validate import check_range, fail_arg, shown
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops import operations as P
from deepsink.ops.function import array_func, loss_core_func, random_func
from deepsink.ops.function.patch_func import extract_image_patches


class Flatten(Cell):
    """Flattens the axes ``start_dim`` to ``end_dim`` into one (MindSpore 2.x defaults: from axis 1 to
    the last, keeping the batch axis).

    Args:
        start_dim (int): the first axis to flatten. Default: ``1``.
        end_dim (int): the last axis to flatten. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor, the same elements with the axes merged.

    Raises:
        TypeError: ``start_dim`` or ``end_dim`` is not an int.
        ValueError: an axis is out of range, or ``start_dim`` comes after ``end_dim``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> flatten = nn.Flatten()
        >>> print(flatten(ms.Tensor(np.ones((2, 3, 4), np.float32))).shape)
        (2, 12)
    """

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        for name, v in (("start_dim", start_dim), ("end_dim", end_dim)):
            if isinstance(v, bool) or not isinstance(v, int):
                fail_arg("Flatten", name, "an int", v, TypeError)
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        ndim = max(a.ndim, 1)
        for name, v in (("start_dim", self.start_dim), ("end_dim", self.end_dim)):
            if not -ndim <= v < ndim:
                fail_arg(
                    "Flatten",
                    name,
                    f"in range [{-ndim}, {ndim}) for an input of shape {list(a.shape)}",
                    v,
                )
        start, end = self.start_dim % ndim, self.end_dim % ndim
        if start > end:
            raise ValueError(
                f"For 'Flatten', 'start_dim' must not come after 'end_dim', but got "
                f"start_dim={self.start_dim}, end_dim={self.end_dim} for rank {ndim}"
            )
        if a.ndim == 0:
            return Tensor._from(a.reshape(1))
        shape = a.shape[:start] + (-1,) + a.shape[end + 1 :]
        return Tensor._from(a.reshape(shape))


class Identity(Cell):
    """Returns its input unchanged; a placeholder layer (any constructor arguments are accepted
    and ignored, as in MindSpore).

    Args:
        args, kwargs: ignored.

    Inputs:
        - **input** (Any) - anything.

    Outputs:
        The input, unchanged.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> layer = nn.Identity()
        >>> print(layer(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [1. 2.]
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def construct(self, input: Any) -> Any:
        return input


class Dropout(Cell):
    """Inverted dropout: in training each element is zeroed with probability ``p`` and the others
    are scaled by ``1 / (1 - p)``; in eval mode (``set_train(False)``, the default) it returns the
    input. Its ``Dropout`` kernel is built from the global seed and the dropout seed counter when
    the layer is made, and every call continues its stream, eagerly, in GRAPH_MODE and in the
    sink loop alike: MindSpore's masks under ``set_seed``.

    Args:
        keep_prob (float): the probability of keeping an element, in (0, 1] (deprecated: use ``p``).
            Default: ``0.5``.
        p (Union[float, int], optional): the probability of zeroing an element, in [0, 1). When given
            it overrides ``keep_prob``. Default: ``None``.
        dtype (mindspore.dtype): kept for MindSpore's signature. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - any shape, float.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``keep_prob`` is not a float, or ``p`` not a float or int.
        ValueError: ``keep_prob`` is outside (0, 1] or ``p`` outside [0, 1).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> dropout = nn.Dropout(p=0.5)
        >>> x = ms.Tensor(np.ones((2, 4), np.float32))
        >>> print(dropout(x))
        [[1. 1. 1. 1.]
         [1. 1. 1. 1.]]
        >>> dropout.set_train()
        Dropout(p=0.5)
        >>> out = dropout(x)
        >>> print(sorted(set(out.asnumpy().ravel().tolist())) in ([0.0, 2.0], [0.0], [2.0]))
        True
    """

    def __init__(
        self, keep_prob: float = 0.5, p: float | None = None, dtype: Any = mstype.float32
    ) -> None:
        super().__init__()
        if p is None:
            if not isinstance(keep_prob, float):
                fail_arg("Dropout", "keep_prob", "a float", keep_prob, TypeError)
            check_range(keep_prob, 0, 1, "keep_prob", "Dropout", lo_open=True)
        else:
            if isinstance(p, bool) or not isinstance(p, int | float):
                fail_arg("Dropout", "p", "a float or int", p, TypeError)
            check_range(p, 0, 1, "p", "Dropout", hi_open=True)
        self.p = p
        self.keep_prob = keep_prob
        seed0, seed1 = _random.graph_seed(0, "dropout")
        self.dropout = P.Dropout(1.0 - p if p is not None else keep_prob, seed0, seed1)

    def construct(self, x: Tensor) -> Tensor:
        if not self.training or self.keep_prob == 1 or self.p == 0:
            return x
        out, _ = self.dropout(x)
        return out

    def extend_repr(self) -> str:
        return f"keep_prob={self.keep_prob}" if self.p is None else f"p={self.p}"


class OneHot(Cell):
    """One-hot encodes integer indices on a new axis: ``on_value`` at the index, ``off_value``
    elsewhere. Indices outside ``[0, depth)`` (negative ones included) give ``off_value`` everywhere.

    Args:
        axis (int): where the new axis goes, in [-1, rank]. Default: ``-1``.
        depth (int): the number of classes. Default: ``1``.
        on_value (Union[float, Tensor]): the value at the index. Default: ``1.0``.
        off_value (Union[float, Tensor]): the value elsewhere. Default: ``0.0``.
        dtype (mindspore.dtype): float16, float32, int32 or int64. Default: ``mstype.float32``.

    Inputs:
        - **indices** (Tensor) - int32 or int64, any shape.

    Outputs:
        Tensor of ``dtype``, the input's shape with ``depth`` inserted at ``axis``.

    Raises:
        TypeError: ``depth`` or ``axis`` is not an int, ``dtype`` is not supported, or ``on_value``/``off_value`` is not a number or Tensor.
        ValueError: ``depth`` is negative or ``axis`` out of range (checked when called, as in MindSpore).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> onehot = nn.OneHot(depth=3)
        >>> print(onehot(ms.Tensor(np.array([0, 2, 5], np.int32))))
        [[1. 0. 0.]
         [0. 0. 1.]
         [0. 0. 0.]]
    """

    _DTYPES = ("Float16", "Float32", "Int32", "Int64")

    def __init__(
        self,
        axis: int = -1,
        depth: int = 1,
        on_value: Any = 1.0,
        off_value: Any = 0.0,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.axis = axis
        self.depth = depth
        self.on_value = on_value
        self.off_value = off_value
        self.dtype = dtype

    def construct(self, indices: Any) -> Tensor:
        if isinstance(self.depth, bool) or not isinstance(self.depth, int):
            fail_arg("OneHot", "depth", "an int", self.depth, TypeError)
        if self.depth < 0:
            fail_arg("OneHot", "depth", "greater than or equal to 0", self.depth)
        if str(self.dtype) not in self._DTYPES:
            fail_arg("OneHot", "dtype", f"one of {list(self._DTYPES)}", self.dtype, TypeError)
        ndim = indices.ndim if hasattr(indices, "ndim") else jnp.ndim(unwrap(indices))
        if isinstance(self.axis, bool) or not isinstance(self.axis, int):
            fail_arg("OneHot", "axis", "an int", self.axis, TypeError)
        if not -1 <= self.axis <= ndim:
            fail_arg("OneHot", "axis", f"in range [-1, {ndim}]", self.axis)
        for arg in ("on_value", "off_value"):
            v = getattr(self, arg)
            if not isinstance(v, int | float | Tensor) and not hasattr(v, "dtype"):
                fail_arg("OneHot", arg, "a number or a Tensor", v, TypeError)
        np_dtype = mstype.dtype_to_nptype(self.dtype)
        on = jnp.asarray(unwrap(self.on_value), np_dtype)
        off = jnp.asarray(unwrap(self.off_value), np_dtype)
        return array_func.one_hot(indices, self.depth, on, off, self.axis)


class _DropoutNd(Cell):
    """Zero whole channels (axis 1) with probability ``p`` in training, scaling the rest by
    1 / (1 - p); identity in eval mode (``ops.dropout1d/2d/3d``, MindSpore's channel-dropout
    kernels)."""

    _rank: tuple[int, ...] = ()

    def __init__(self, p: float = 0.5) -> None:
        super().__init__()
        if isinstance(p, bool) or not isinstance(p, int | float):
            fail_arg(type(self).__name__, "p", "a float", p, TypeError)
        check_range(p, 0, 1, "p", type(self).__name__)
        self.p = p

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim not in self._rank:
            fail_arg(type(self).__name__, "x", f"a Tensor of rank {self._rank}", list(a.shape))
        if not self.training or self.p == 0:
            return x
        return self._op(x, self.p)

    def extend_repr(self) -> str:
        return f"p={self.p}"


class Dropout1d(_DropoutNd):
    """Channel dropout for (N, C, L) input: in training whole channels are zeroed with probability
    ``p`` and the rest scaled by ``1 / (1 - p)``; identity in eval mode.

    Args:
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, L)` or :math:`(C, L)`.

    Outputs:
        Tensor, the same shape and dtype.

    Raises:
        TypeError: ``p`` is not a float.
        ValueError: ``p`` is outside [0, 1], or the input's rank is not 2 or 3.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> dropout = nn.Dropout1d(p=0.5)
        >>> print(dropout(ms.Tensor(np.ones((2, 3, 4), np.float32))).shape)
        (2, 3, 4)
    """

    _rank = (2, 3)
    _op = staticmethod(random_func.dropout1d)


class Dropout2d(_DropoutNd):
    """Channel dropout for (N, C, H, W) input: in training whole feature maps are zeroed with
    probability ``p`` and the rest scaled by ``1 / (1 - p)``; identity in eval mode.

    Args:
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the same shape and dtype.

    Raises:
        TypeError: ``p`` is not a float.
        ValueError: ``p`` is outside [0, 1], or the input is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> dropout = nn.Dropout2d(p=0.5)
        >>> print(dropout(ms.Tensor(np.ones((2, 3, 4, 4), np.float32))).shape)
        (2, 3, 4, 4)
    """

    _rank = (4,)
    _op = staticmethod(random_func.dropout2d)


class Dropout3d(_DropoutNd):
    """Channel dropout for (N, C, D, H, W) input: in training whole volumes are zeroed with
    probability ``p`` and the rest scaled by ``1 / (1 - p)``; identity in eval mode.

    Args:
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, D, H, W)`.

    Outputs:
        Tensor, the same shape and dtype.

    Raises:
        TypeError: ``p`` is not a float.
        ValueError: ``p`` is outside [0, 1], or the input is not 5-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> dropout = nn.Dropout3d(p=0.5)
        >>> print(dropout(ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))).shape)
        (1, 2, 2, 2, 2)
    """

    _rank = (5,)
    _op = staticmethod(random_func.dropout3d)


class Upsample(Cell):
    """Resizes the spatial axes of a batch (``ops.interpolate`` as a layer): to ``size`` or by
    ``scale_factor``. deepsink also accepts ``scale_factor`` with ``mode='nearest'`` on 4-D input,
    which MindSpore 2.10 refuses with ValueError.

    Args:
        size (Union[int, tuple[int]], optional): the output's spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float]], optional): the spatial scale; give it or ``size``.
            Default: ``None``.
        mode (str): ``'nearest'``, ``'linear'``, ``'bilinear'``, ``'bicubic'``, ``'trilinear'`` or
            ``'area'``. Default: ``'nearest'``.
        align_corners (bool, optional): align the corner pixels (linear modes). Default: ``None``.
        recompute_scale_factor (bool, optional): compute the scale from the output size. Default: ``None``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *spatial)` with 1 to 3 spatial axes.

    Outputs:
        Tensor, the resized batch.

    Raises:
        ValueError: both or neither of ``size`` and ``scale_factor`` are given, or ``mode`` does not fit the input's rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> up = nn.Upsample(size=(2, 4), mode='nearest')
        >>> print(up(ms.Tensor(np.array([[[[1.0, 2.0]]]], np.float32))))
        [[[[1. 1. 2. 2.]
           [1. 1. 2. 2.]]]]
    """

    def __init__(
        self,
        size: Any = None,
        scale_factor: Any = None,
        mode: str = "nearest",
        align_corners: bool | None = None,
        recompute_scale_factor: bool | None = None,
    ) -> None:
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function import sampling_func

        return sampling_func.interpolate(
            x,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            self.recompute_scale_factor,
        )


class PixelShuffle(Cell):
    """Rearranges (*, C r^2, H, W) into (*, C, H r, W r): sub-pixel convolution's upsampling step.

    Args:
        upscale_factor (int): the factor ``r``.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, C r^2, H, W)`, rank at least 3.

    Outputs:
        Tensor of shape :math:`(*, C, H r, W r)`.

    Raises:
        ValueError: ``upscale_factor`` is not a positive int, or the channels do not divide by r^2.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> shuffle = nn.PixelShuffle(2)
        >>> print(shuffle(ms.Tensor(np.ones((1, 4, 3, 3), np.float32))).shape)
        (1, 1, 6, 6)
    """

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        if (
            isinstance(upscale_factor, bool)
            or not isinstance(upscale_factor, int)
            or (upscale_factor < 1)
        ):
            fail_arg("PixelShuffle", "upscale_factor", "a positive int", upscale_factor)
        self.upscale_factor = upscale_factor

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function import sampling_func

        return sampling_func.pixel_shuffle(x, self.upscale_factor)


class PixelUnshuffle(Cell):
    """The inverse of ``PixelShuffle``: rearranges (*, C, H r, W r) into (*, C r^2, H, W).

    Args:
        downscale_factor (int): the factor ``r``.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, C, H r, W r)`, rank at least 3.

    Outputs:
        Tensor of shape :math:`(*, C r^2, H, W)`.

    Raises:
        ValueError: ``downscale_factor`` is not a positive int, or H or W does not divide by r.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> unshuffle = nn.PixelUnshuffle(2)
        >>> print(unshuffle(ms.Tensor(np.ones((1, 1, 4, 4), np.float32))).shape)
        (1, 4, 2, 2)
    """

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        if (
            isinstance(downscale_factor, bool)
            or not isinstance(downscale_factor, int)
            or (downscale_factor < 1)
        ):
            fail_arg("PixelUnshuffle", "downscale_factor", "a positive int", downscale_factor)
        self.downscale_factor = downscale_factor

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function import sampling_func

        return sampling_func.pixel_unshuffle(x, self.downscale_factor)


class Unfold(Cell):
    r"""Extracts image patches, as TensorFlow's ``extract_image_patches`` on NCHW input: each output
    position holds a flattened ``kh x kw x C`` patch, channels fastest.

    Args:
        ksizes (Union[tuple[int], list[int]]): the patch size as ``[1, kh, kw, 1]``.
        strides (Union[tuple[int], list[int]]): the step between patches, ``[1, sh, sw, 1]``.
        rates (Union[tuple[int], list[int]]): the dilation inside a patch, ``[1, rh, rw, 1]``.
        padding (str): ``'same'`` or ``'valid'`` (case-insensitive). Default: ``'valid'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, kh \cdot kw \cdot C, out_h, out_w)`.

    Raises:
        ValueError: ``ksizes``, ``strides`` or ``rates`` is not four ints ``[1, a, b, 1]``, ``padding`` is
            not 'same' or 'valid', or the input is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> unfold = nn.Unfold(ksizes=[1, 2, 2, 1], strides=[1, 1, 1, 1], rates=[1, 1, 1, 1])
        >>> print(unfold(ms.Tensor(np.ones((1, 3, 3, 3), np.float32))).shape)
        (1, 12, 2, 2)
    """

    def __init__(self, ksizes: Any, strides: Any, rates: Any, padding: str = "valid") -> None:
        super().__init__()
        for name, v in (("ksizes", ksizes), ("strides", strides), ("rates", rates)):
            if not isinstance(v, tuple | list) or len(v) != 4 or v[0] != 1 or v[3] != 1:
                fail_arg("Unfold", name, "a list of 4 ints [1, row, col, 1]", v)
        if not isinstance(padding, str) or padding.lower() not in ("same", "valid"):
            fail_arg("Unfold", "padding", "'same' or 'valid'", padding)
        self.ksizes, self.strides, self.rates = tuple(ksizes), tuple(strides), tuple(rates)
        self.padding = padding.lower()

    def construct(self, x: Tensor) -> Tensor:
        k, s, r = self.ksizes[1:3], self.strides[1:3], self.rates[1:3]
        return extract_image_patches(x, k, s, r, self.padding, "Unfold")


class ClipByNorm(Cell):
    r"""Rescales ``x`` so that its L2 norm over ``axis`` is at most ``clip_norm``:
    :math:`x \cdot clip\_norm / \max(\|x\|_2, clip\_norm)`.

    Args:
        axis (Union[None, int, tuple(int), list(int)]): the axes of the norm; ``None`` all.
            Default: ``None``.

    Inputs:
        - **x** (Tensor) - a float Tensor.
        - **clip_norm** (Union[float, Tensor]) - a positive scalar (or broadcastable Tensor).

    Outputs:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: ``axis`` is not None, an int, or a tuple/list of ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> print(nn.ClipByNorm()(x, ms.Tensor(1.0, ms.float32)))
        [[0.6 0.8]]
    """

    def __init__(self, axis: Any = None) -> None:
        super().__init__()
        ok = (
            axis is None
            or (isinstance(axis, int) and not isinstance(axis, bool))
            or (isinstance(axis, tuple | list) and all(isinstance(a, int) for a in axis))
        )
        if not ok:
            fail_arg("ClipByNorm", "axis", "None, an int, or a tuple/list of ints", axis, TypeError)
        self.axis = tuple(axis) if isinstance(axis, list) else axis

    def construct(self, x: Tensor, clip_norm: Any) -> Tensor:
        a = unwrap(x)
        c = jnp.asarray(unwrap(clip_norm), a.dtype)
        l2 = jnp.sqrt(jnp.sum(jnp.square(a.astype(jnp.float32)), axis=self.axis, keepdims=True))
        return Tensor._from((a * c / jnp.maximum(l2, c)).astype(a.dtype))


class MatrixDiag(Cell):
    r"""Matrices with ``x`` on their main diagonal: :math:`(*, n) \to (*, n, n)`
    (``ops.matrix_diag``).

    Inputs:
        - **x** (Tensor) - shape :math:`(*, n)`.

    Outputs:
        Tensor of shape :math:`(*, n, n)`.

    Raises:
        ValueError: ``x`` is 0-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> print(nn.MatrixDiag()(ms.Tensor([1.0, -2.0])))
        [[ 1.  0.]
         [ 0. -2.]]
    """

    def construct(self, input_x: Tensor) -> Tensor:
        from deepsink.ops.function.matrix_diag_func import matrix_diag

        return matrix_diag(input_x)


class MatrixDiagPart(Cell):
    r"""The main diagonal of each matrix: :math:`(*, m, n) \to (*, \min(m, n))`
    (``ops.matrix_diag_part``).

    Inputs:
        - **x** (Tensor) - shape :math:`(*, m, n)`.

    Outputs:
        Tensor of shape :math:`(*, \min(m, n))`.

    Raises:
        ValueError: ``x`` has rank below 2.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> print(nn.MatrixDiagPart()(ms.Tensor(np.arange(6.0).reshape(2, 3), ms.float32)))
        [0. 4.]
    """

    def construct(self, input_x: Tensor) -> Tensor:
        from deepsink.ops.function.matrix_diag_func import matrix_diag_part

        return matrix_diag_part(input_x)


class MatrixSetDiag(Cell):
    r"""Each matrix with its main diagonal replaced (``ops.matrix_set_diag``).

    Inputs:
        - **x** (Tensor) - shape :math:`(*, m, n)`.
        - **diagonal** (Tensor) - shape :math:`(*, \min(m, n))`.

    Outputs:
        Tensor, the shape and dtype of ``x``.

    Raises:
        ValueError: the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.zeros((2, 2), np.float32))
        >>> print(nn.MatrixSetDiag()(x, ms.Tensor([1.0, 2.0])))
        [[1. 0.]
         [0. 2.]]
    """

    def construct(self, input_x: Tensor, diagonal: Tensor) -> Tensor:
        from deepsink.ops.function.matrix_diag_func import matrix_set_diag

        return matrix_set_diag(input_x, diagonal)


# MindSpore defines Dense in nn/layer/basic.py (``from mindspore.nn.layer.basic import Dense``);
# deepsink keeps it in its own module
from deepsink.nn.layer.dense import Dense as Dense  # noqa: E402


class L1Regularizer(Cell):
    """The L1 penalty ``scale * sum(|weights|)``, added to a loss to encourage sparse weights.

    Args:
        scale (Union[int, float]): the penalty's factor, > 0.

    Inputs:
        - **weights** (Tensor) - any shape.

    Outputs:
        Tensor, a scalar of the input's dtype.

    Raises:
        ValueError: ``scale`` is not a positive number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> reg = nn.L1Regularizer(0.5)
        >>> print(reg(ms.Tensor(np.array([[1.0, -2.0], [0.5, 0.0]], np.float32))))
        1.75
    """

    def __init__(self, scale: float) -> None:
        super().__init__()
        if isinstance(scale, bool) or not isinstance(scale, int | float) or scale <= 0:
            fail_arg("L1Regularizer", "scale", "a positive number", scale)
        self.scale = float(scale)

    def construct(self, weights: Any) -> Tensor:
        if not isinstance(weights, Tensor | jax.Array):
            fail_arg(
                "L1Regularizer", "weights", "a Tensor", shown(type(weights).__name__), TypeError
            )
        return Tensor._from(self.scale * loss_core_func.l1_norm(unwrap(weights)))
