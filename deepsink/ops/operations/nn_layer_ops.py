"""Primitives behind ``nn`` layers (MindSpore's ``ops.operations`` classes): each validates its
attributes at construction and calls the one functional implementation.

``MatrixDiagV3``, ``MatrixDiagPartV3``, ``MatrixSetDiagV3``, ``LRN``,
``FractionalMaxPoolWithFixedKsize``, ``FractionalMaxPool3DWithFixedKsize``, ``LogSoftmaxExt``,
``NLLLoss``, ``RmsNorm``, ``IOU``, ``AdaptiveAvgPool3D``, ``AdaptiveMaxPool3D``,
``EmbeddingLookup``, ``Dropout2D``, ``Dropout3D``.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core import validate as V
from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops.function import matrix_diag_func as MD
from deepsink.ops.function import nn_window_func as W
from deepsink.ops.function import random_func as RND
from deepsink.ops.function.loss_func import (
    _ctc_inputs,
    _ctc_kernel,
    _ctc_loss,
    _ctc_sparse_checks,
    _ctc_sparse_labels,
)

__all__ = [
    "BatchNorm",
    "DataFormatDimMap",
    "CTCLossV2",
    "ResizeArea",
    "DepthwiseConv2dNative",
    "MultilabelMarginLoss",
    "CTCGreedyDecoder",
    "CTCLoss",
    "CropAndResize",
    "NMSWithMask",
    "ROIAlign",
    "BoundingBoxDecode",
    "BoundingBoxEncode",
    "CheckValid",
    "Col2Im",
    "Im2Col",
    "MaxUnpool2D",
    "MaxUnpool3D",
    "MirrorPad",
    "PadV3",
    "Padding",
    "AdaptiveAvgPool3D",
    "AffineGrid",
    "Conv2DBackpropInput",
    "Conv2DTranspose",
    "Conv3DTranspose",
    "GridSampler2D",
    "GridSampler3D",
    "AdaptiveMaxPool3D",
    "Dropout2D",
    "Dropout3D",
    "EmbeddingLookup",
    "FractionalMaxPool3DWithFixedKsize",
    "FractionalMaxPoolWithFixedKsize",
    "IOU",
    "LRN",
    "LogSoftmaxExt",
    "MatrixDiagPartV3",
    "MatrixDiagV3",
    "MatrixSetDiagV3",
    "NLLLoss",
    "ResizeBicubic",
    "ResizeBilinearV2",
    "ResizeLinear1D",
    "ResizeNearestNeighbor",
    "ResizeNearestNeighborV2",
    "RmsNorm",
    "UpsampleNearest3D",
    "UpsampleTrilinear3D",
]


class MatrixDiagV3(TablePrimitive):
    r"""``MatrixDiagV3(align='RIGHT_LEFT')(x, k, num_rows, num_cols, padding_value)``: matrices
    whose diagonals ``k`` are ``x`` (``ops.matrix_diag``).

    Args:
        align (str): the packing of shorter diagonals. Default: ``'RIGHT_LEFT'``.

    Inputs:
        - **x** (Tensor) - the diagonals.
        - **k** (Tensor) - int32 scalar or pair: the diagonal or band.
        - **num_rows** (Tensor) - int32 scalar, ``-1`` for the smallest.
        - **num_cols** (Tensor) - int32 scalar, ``-1`` for the smallest.
        - **padding_value** (Tensor) - scalar of ``x``'s dtype.

    Outputs:
        Tensor of shape :math:`(*, num\_rows, num\_cols)`.

    Raises:
        ValueError: ``align`` is unknown or the sizes do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> op = ops.MatrixDiagV3()
        >>> k, m1 = ms.Tensor(0, ms.int32), ms.Tensor(-1, ms.int32)
        >>> print(op(ms.Tensor([1.0, 2.0]), k, m1, m1, ms.Tensor(0.0)))
        [[1. 0.]
         [0. 2.]]
    """

    _params = (("align", "RIGHT_LEFT"),)

    def _init(self) -> None:
        MD._align(self.align, "MatrixDiagV3")

    def __call__(self, x: Any, k: Any, num_rows: Any, num_cols: Any, padding_value: Any) -> Tensor:
        return MD.matrix_diag(x, k, num_rows, num_cols, padding_value, self.align)


class MatrixDiagPartV3(TablePrimitive):
    r"""``MatrixDiagPartV3(align='RIGHT_LEFT')(x, k, padding_value)``: the diagonals ``k`` of
    ``x`` (``ops.matrix_diag_part``).

    Args:
        align (str): the packing of shorter diagonals. Default: ``'RIGHT_LEFT'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, M, N)`.
        - **k** (Tensor) - int32 scalar or pair.
        - **padding_value** (Tensor) - scalar of ``x``'s dtype.

    Outputs:
        Tensor: :math:`(*, L)` or :math:`(*, D, L)`.

    Raises:
        ValueError: ``align`` is unknown or ``k`` is outside the matrices.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4.0).reshape(2, 2), ms.float32)
        >>> print(ops.MatrixDiagPartV3()(x, ms.Tensor(0, ms.int32), ms.Tensor(0.0)))
        [0. 3.]
    """

    _params = (("align", "RIGHT_LEFT"),)

    def _init(self) -> None:
        MD._align(self.align, "MatrixDiagPartV3")

    def __call__(self, x: Any, k: Any, padding_value: Any) -> Tensor:
        return MD.matrix_diag_part(x, k, padding_value, self.align)


class MatrixSetDiagV3(TablePrimitive):
    r"""``MatrixSetDiagV3(align='RIGHT_LEFT')(x, diagonal, k)``: ``x`` with its diagonals ``k``
    replaced (``ops.matrix_set_diag``).

    Args:
        align (str): the packing of shorter diagonals. Default: ``'RIGHT_LEFT'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, M, N)`.
        - **diagonal** (Tensor) - the new diagonals, packed.
        - **k** (Tensor) - int32 scalar or pair.

    Outputs:
        Tensor, the shape of ``x``.

    Raises:
        ValueError: ``align`` is unknown or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.zeros((2, 2), np.float32))
        >>> print(ops.MatrixSetDiagV3()(x, ms.Tensor([1.0, 2.0]), ms.Tensor(0, ms.int32)))
        [[1. 0.]
         [0. 2.]]
    """

    _params = (("align", "RIGHT_LEFT"),)

    def _init(self) -> None:
        MD._align(self.align, "MatrixSetDiagV3")

    def __call__(self, x: Any, diagonal: Any, k: Any) -> Tensor:
        return MD.matrix_set_diag(x, diagonal, k, self.align)


class LRN(TablePrimitive):
    r"""``LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')(x)``:
    local response normalization across channels (``ops.lrn``).

    Args:
        depth_radius (int): the channel window's half-width. Default: ``5``.
        bias (float): the offset. Default: ``1.0``.
        alpha (float): the scale. Default: ``1.0``.
        beta (float): the exponent. Default: ``0.5``.
        norm_region (str): only ``'ACROSS_CHANNELS'``. Default: ``'ACROSS_CHANNELS'``.

    Inputs:
        - **x** (Tensor) - 4-D float.

    Outputs:
        Tensor, the shape of ``x``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``depth_radius`` is negative or ``norm_region`` unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.LRN(1)(ms.Tensor(np.ones((1, 2, 1, 1), np.float32))).shape)
        (1, 2, 1, 1)
    """

    _params = (
        ("depth_radius", 5),
        ("bias", 1.0),
        ("alpha", 1.0),
        ("beta", 0.5),
        ("norm_region", "ACROSS_CHANNELS"),
    )

    def _init(self) -> None:
        W.lrn(
            Tensor(jnp.zeros((1, 1, 1, 1), jnp.float32)),
            self.depth_radius,
            self.bias,
            self.alpha,
            self.beta,
            self.norm_region,
        )

    def __call__(self, x: Any) -> Tensor:
        return W.lrn(x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


class FractionalMaxPoolWithFixedKsize(TablePrimitive):
    r"""``FractionalMaxPoolWithFixedKsize(ksize, output_shape, data_format='NCHW')
    (input_x, random_samples) -> (y, argmax)``: fractional max pooling with a fixed window
    (``ops.fractional_max_pool2d``).

    Args:
        ksize (Union[int, tuple[int]]): the window (kH, kW).
        output_shape (Union[int, tuple[int]]): the output's (H, W).
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **input_x** (Tensor) - :math:`(N, C, H, W)`.
        - **random_samples** (Tensor) - :math:`(N, C, 2)` in [0, 1).

    Outputs:
        Tuple ``(y, argmax)``; ``argmax`` is int64.

    Raises:
        ValueError: ``data_format`` is not ``'NCHW'`` or the window does not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 1, 4, 4), ms.float32)
        >>> u = ms.Tensor(np.full((1, 1, 2), 0.5, np.float32))
        >>> y, arg = ops.FractionalMaxPoolWithFixedKsize(2, 2)(x, u)
        >>> print(arg)
        [[[[ 5  7]
           [13 15]]]]
    """

    _params = (("ksize", REQUIRED), ("output_shape", REQUIRED), ("data_format", "NCHW"))

    def _init(self) -> None:
        if self.data_format != "NCHW":
            U.fail(
                "FractionalMaxPoolWithFixedKsize",
                f"'data_format' must be 'NCHW', but got {self.data_format!r}",
            )

    def __call__(self, input_x: Any, random_samples: Any) -> tuple[Tensor, Tensor]:
        return W.fractional_max_pool2d(
            input_x, self.ksize, self.output_shape, None, True, random_samples
        )


class FractionalMaxPool3DWithFixedKsize(TablePrimitive):
    r"""``FractionalMaxPool3DWithFixedKsize(ksize, output_shape, data_format='NCDHW')
    (x, random_samples) -> (y, argmax)`` (``ops.fractional_max_pool3d``).

    Args:
        ksize (Union[int, tuple[int]]): the window (kD, kH, kW).
        output_shape (Union[int, tuple[int]]): the output's (D, H, W).
        data_format (str): only ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, D, H, W)`.
        - **random_samples** (Tensor) - :math:`(N, C, 3)` in [0, 1).

    Outputs:
        Tuple ``(y, argmax)``; ``argmax`` is int64.

    Raises:
        ValueError: ``data_format`` is not ``'NCDHW'`` or the window does not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(8.0).reshape(1, 1, 2, 2, 2), ms.float32)
        >>> u = ms.Tensor(np.full((1, 1, 3), 0.5, np.float32))
        >>> y, arg = ops.FractionalMaxPool3DWithFixedKsize(1, 1)(x, u)
        >>> print(y.shape)
        (1, 1, 1, 1, 1)
    """

    _params = (("ksize", REQUIRED), ("output_shape", REQUIRED), ("data_format", "NCDHW"))

    def _init(self) -> None:
        if self.data_format != "NCDHW":
            U.fail(
                "FractionalMaxPool3DWithFixedKsize",
                f"'data_format' must be 'NCDHW', but got {self.data_format!r}",
            )

    def __call__(self, x: Any, random_samples: Any) -> tuple[Tensor, Tensor]:
        return W.fractional_max_pool3d(x, self.ksize, self.output_shape, None, True, random_samples)


class LogSoftmaxExt(TablePrimitive):
    r"""``LogSoftmaxExt()(input, dim=None, dtype=None)``: ``log(softmax(input))`` over ``dim``
    (``None``: axis 0 for 0-D/1-D/3-D inputs, else 1, as PyTorch), cast first to ``dtype``.

    Inputs:
        - **input** (Tensor) - a float Tensor.
        - **dim** (int, optional) - the axis.
        - **dtype** (mindspore.dtype, optional) - the computation's dtype.

    Outputs:
        Tensor, the shape of ``input``.

    Raises:
        ValueError: ``dim`` is out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.LogSoftmaxExt()(ms.Tensor([0.0, 0.0]), 0))
        [-0.6931472 -0.6931472]
    """

    def __call__(self, input: Any, dim: Any = None, dtype: Any = None) -> Tensor:
        from deepsink.ops.function import nn_func
        from deepsink.ops.function.array_func import cast

        if dtype is not None:
            input = cast(input, dtype)
        return nn_func.log_softmax(input, -1 if dim is None else dim)


class NLLLoss(TablePrimitive):
    r"""``NLLLoss(reduction='mean', ignore_index=-100)(logits, labels, weight)
    -> (loss, total_weight)``: the negative log-likelihood (``ops.nll_loss``) and the sum of the
    weights of the counted labels.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        ignore_index (int): a label that is not counted. Default: ``-100``.

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)` log-probabilities.
        - **labels** (Tensor) - :math:`(N,)` int32 classes.
        - **weight** (Tensor) - :math:`(C,)` class weights.

    Outputs:
        Tuple ``(loss, total_weight)``.

    Raises:
        ValueError: ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> logp = ms.Tensor(np.log(np.full((2, 2), 0.5, np.float32)))
        >>> loss, total = ops.NLLLoss()(logp, ms.Tensor([0, 1], ms.int32), ms.Tensor([1.0, 1.0]))
        >>> print(loss, total)
        0.6931472 2.0
    """

    _params = (("reduction", "mean"), ("ignore_index", -100))

    def _init(self) -> None:
        V.check_one_of(self.reduction, ["none", "mean", "sum"], "reduction", "NLLLoss")

    def __call__(self, logits: Any, labels: Any, weight: Any) -> tuple[Tensor, Tensor]:
        from deepsink.ops.function.nn_func import nll_loss

        loss = nll_loss(logits, labels, weight, self.ignore_index, self.reduction)
        t = U.array(labels, "NLLLoss", "labels").astype(jnp.int32)
        w = U.array(weight, "NLLLoss", "weight")
        counted = (t != self.ignore_index).astype(w.dtype)
        total = jnp.sum(jnp.take(w, jnp.clip(t, 0, w.shape[0] - 1)) * counted)
        return loss, Tensor._from(total)


class RmsNorm(TablePrimitive):
    r"""``RmsNorm(epsilon=1e-6)(x, gamma) -> (y, rstd)``: root-mean-square normalization over
    ``gamma``'s trailing axes (``ops.rms_norm``).

    Args:
        epsilon (float): added to the mean square. Default: ``1e-6``.

    Inputs:
        - **x** (Tensor) - a float Tensor.
        - **gamma** (Tensor) - the scale, the trailing shape of ``x``.

    Outputs:
        Tuple ``(y, rstd)``; ``rstd`` keeps the normalized axes as size 1.

    Raises:
        TypeError: ``epsilon`` is not a float.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y, rstd = ops.RmsNorm()(ms.Tensor([[3.0, 4.0]]), ms.Tensor([1.0, 1.0]))
        >>> print(rstd.shape)
        (1, 1)
    """

    _params = (("epsilon", 1e-6),)

    def _init(self) -> None:
        if isinstance(self.epsilon, bool) or not isinstance(self.epsilon, float):
            U.fail("RmsNorm", f"'epsilon' must be a float, but got {self.epsilon!r}", TypeError)

    def __call__(self, x: Any, gamma: Any) -> tuple[Tensor, Tensor]:
        from deepsink.ops.function.nn_ext_func import rms_norm

        return rms_norm(x, gamma, self.epsilon)


class IOU(TablePrimitive):
    r"""``IOU(mode='iou')(anchor_boxes, gt_boxes)``: the intersection over union ('iou') or
    over the ground truth's area ('iof') of every pair of boxes (``ops.iou``).

    Args:
        mode (str): ``'iou'`` or ``'iof'``. Default: ``'iou'``.

    Inputs:
        - **anchor_boxes** (Tensor) - :math:`(N, 4)` boxes ``(x0, y0, x1, y1)``.
        - **gt_boxes** (Tensor) - :math:`(M, 4)`.

    Outputs:
        Tensor of shape :math:`(M, N)`.

    Raises:
        ValueError: ``mode`` is unknown.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> b = ms.Tensor([[0.0, 0.0, 1.0, 1.0]])
        >>> print(ops.IOU()(b, b))
        [[1.]]
    """

    _params = (("mode", "iou"),)

    def _init(self) -> None:
        if self.mode not in ("iou", "iof"):
            U.fail("IOU", f"'mode' must be 'iou' or 'iof', but got {self.mode!r}")

    def __call__(self, anchor_boxes: Any, gt_boxes: Any) -> Tensor:
        from deepsink.ops.function.nn_ext_func import iou

        return iou(anchor_boxes, gt_boxes, self.mode)


class AdaptiveAvgPool3D(TablePrimitive):
    r"""``AdaptiveAvgPool3D(output_size)(x)``: adaptive average pooling to ``output_size``
    (D, H, W; ``None`` keeps an axis) (``ops.adaptive_avg_pool3d``).

    Args:
        output_size (Union[int, tuple]): the output's (D, H, W).

    Inputs:
        - **x** (Tensor) - 4-D or 5-D.

    Outputs:
        Tensor with the spatial size ``output_size``.

    Raises:
        ValueError: ``output_size`` is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4, 4), np.float32))
        >>> print(ops.AdaptiveAvgPool3D(2)(x).shape)
        (1, 1, 2, 2, 2)
    """

    _params = (("output_size", REQUIRED),)

    def __call__(self, x: Any) -> Tensor:
        from deepsink.ops.function.sampling_func import adaptive_avg_pool3d

        return adaptive_avg_pool3d(x, self.output_size)


class AdaptiveMaxPool3D(TablePrimitive):
    r"""``AdaptiveMaxPool3D()(x, output_size) -> (y, argmax)``: adaptive max pooling and the
    flat positions of the maxima (``ops.adaptive_max_pool3d``).

    Inputs:
        - **x** (Tensor) - 4-D or 5-D.
        - **output_size** (Tensor) - int32 ``(D, H, W)``.

    Outputs:
        Tuple ``(y, argmax)``.

    Raises:
        ValueError: ``output_size`` is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4, 4), np.float32))
        >>> y, arg = ops.AdaptiveMaxPool3D()(x, ms.Tensor([2, 2, 2], ms.int32))
        >>> print(y.shape)
        (1, 1, 2, 2, 2)
    """

    def __call__(self, x: Any, output_size: Any) -> tuple[Tensor, Tensor]:
        from deepsink.ops.function.sampling_func import adaptive_max_pool3d_int32

        size = output_size.asnumpy().tolist() if isinstance(output_size, Tensor) else output_size
        return adaptive_max_pool3d_int32(x, tuple(size))


class EmbeddingLookup(TablePrimitive):
    r"""``EmbeddingLookup()(input_params, input_indices, offset)``: the rows of
    ``input_params`` at ``input_indices - offset``; indices outside the table read zeros.

    Inputs:
        - **input_params** (Tensor) - the table, :math:`(V, *)`.
        - **input_indices** (Tensor) - int32/int64 indices.
        - **offset** (int) - subtracted from every index.

    Outputs:
        Tensor of shape ``input_indices.shape + input_params.shape[1:]``.

    Raises:
        TypeError: ``offset`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> table = ms.Tensor(np.arange(6.0).reshape(3, 2), ms.float32)
        >>> print(ops.EmbeddingLookup()(table, ms.Tensor([1, 5], ms.int32), 1))
        [[0. 1.]
         [0. 0.]]
    """

    def __call__(self, input_params: Any, input_indices: Any, offset: int) -> Tensor:
        if isinstance(offset, bool) or not isinstance(offset, int):
            U.fail("EmbeddingLookup", f"'offset' must be an int, but got {offset!r}", TypeError)
        table = U.array(input_params, "EmbeddingLookup", "input_params")
        idx = U.array(input_indices, "EmbeddingLookup", "input_indices") - offset
        inside = (idx >= 0) & (idx < table.shape[0])
        rows = jnp.take(table, jnp.clip(idx, 0, table.shape[0] - 1), axis=0)
        mask = inside.reshape(inside.shape + (1,) * (table.ndim - 1))
        return Tensor._from(jnp.where(mask, rows, jnp.zeros((), rows.dtype)))


class _ChannelDropout(TablePrimitive):
    _nd = 2

    _params = (("keep_prob", 0.5),)

    def _init(self) -> None:
        name = type(self).__name__
        if isinstance(self.keep_prob, bool) or not isinstance(self.keep_prob, float | int):
            U.fail(name, f"'keep_prob' must be a float, but got {self.keep_prob!r}", TypeError)
        if not 0 <= self.keep_prob <= 1:
            U.fail(name, f"'keep_prob' must be in range [0, 1], but got {self.keep_prob}")

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        # MindSpore's kernel: an unseeded engine per keep_prob, shape and dtype (ops.dropout2d)
        return RND.channel_dropout(type(self).__name__, x, self.keep_prob, self._nd)


class Dropout2D(_ChannelDropout):
    r"""``Dropout2D(keep_prob=0.5)(x) -> (output, mask)``: each channel of :math:`(N, C, H, W)`
    kept with probability ``keep_prob`` (scaled by its inverse) or zeroed; ``mask`` (bool) marks
    the kept elements.

    Args:
        keep_prob (float): the probability of keeping a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - 4-D.

    Outputs:
        Tuple ``(output, mask)``.

    Raises:
        TypeError: ``keep_prob`` is not a float.
        ValueError: ``keep_prob`` is outside [0, 1] or ``x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out, mask = ops.Dropout2D(1.0)(ms.Tensor(np.ones((1, 2, 1, 1), np.float32)))
        >>> print(out.shape, mask.dtype)
        (1, 2, 1, 1) Bool
    """


class Dropout3D(_ChannelDropout):
    r"""``Dropout3D(keep_prob=0.5)(x) -> (output, mask)``: each channel of
    :math:`(N, C, D, H, W)` kept with probability ``keep_prob`` (scaled) or zeroed.

    Args:
        keep_prob (float): the probability of keeping a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - 5-D.

    Outputs:
        Tuple ``(output, mask)``.

    Raises:
        TypeError: ``keep_prob`` is not a float.
        ValueError: ``keep_prob`` is outside [0, 1] or ``x`` is not 5-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out, mask = ops.Dropout3D(1.0)(ms.Tensor(np.ones((1, 2, 1, 1, 1), np.float32)))
        >>> print(out.shape)
        (1, 2, 1, 1, 1)
    """

    _nd = 3


class _GridSampler(TablePrimitive):
    _params = (
        ("interpolation_mode", "bilinear"),
        ("padding_mode", "zeros"),
        ("align_corners", False),
    )

    def _init(self) -> None:
        from deepsink.ops.function import grid_func as G

        name = type(self).__name__
        if self.interpolation_mode not in G.MODES:
            U.fail(
                name,
                f"'interpolation_mode' must be one of {list(G.MODES)}, but got {self.interpolation_mode!r}",
            )
        if self.padding_mode not in G.PADDINGS:
            U.fail(
                name,
                f"'padding_mode' must be one of {list(G.PADDINGS)}, but got {self.padding_mode!r}",
            )
        V.check_bool(self.align_corners, "align_corners", name)

    def __call__(self, input_x: Any, grid: Any) -> Tensor:
        from deepsink.ops.function.grid_func import grid_sample

        rank = U.array(input_x, type(self).__name__, "input_x").ndim
        if rank != self._rank:
            U.fail(type(self).__name__, f"'input_x' must be {self._rank}-D, but got {rank}-D")
        return grid_sample(
            input_x, grid, self.interpolation_mode, self.padding_mode, self.align_corners
        )


class GridSampler2D(_GridSampler):
    r"""``GridSampler2D(interpolation_mode='bilinear', padding_mode='zeros',
    align_corners=False)(input_x, grid)``: ``ops.grid_sample`` over 4-D inputs.

    Args:
        interpolation_mode (str): ``'bilinear'`` or ``'nearest'``. Default: ``'bilinear'``.
        padding_mode (str): ``'zeros'``, ``'border'`` or ``'reflection'``. Default: ``'zeros'``.
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default: ``False``.

    Inputs:
        - **input_x** (Tensor) - :math:`(N, C, H, W)`.
        - **grid** (Tensor) - :math:`(N, H_{out}, W_{out}, 2)`.

    Outputs:
        Tensor of shape :math:`(N, C, H_{out}, W_{out})`.

    Raises:
        TypeError: ``align_corners`` is not a bool.
        ValueError: a mode is unknown or the input is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4.0).reshape(1, 1, 2, 2), ms.float32)
        >>> grid = ms.Tensor(np.zeros((1, 1, 1, 2), np.float32))
        >>> print(ops.GridSampler2D(align_corners=True)(x, grid))
        [[[[1.5]]]]
    """

    _rank = 4


class GridSampler3D(_GridSampler):
    r"""``GridSampler3D(interpolation_mode='bilinear', padding_mode='zeros',
    align_corners=False)(input_x, grid)``: ``ops.grid_sample`` over 5-D inputs (trilinear).

    Args:
        interpolation_mode (str): ``'bilinear'`` or ``'nearest'``. Default: ``'bilinear'``.
        padding_mode (str): ``'zeros'``, ``'border'`` or ``'reflection'``. Default: ``'zeros'``.
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default: ``False``.

    Inputs:
        - **input_x** (Tensor) - :math:`(N, C, D, H, W)`.
        - **grid** (Tensor) - :math:`(N, D_{out}, H_{out}, W_{out}, 3)`.

    Outputs:
        Tensor of shape :math:`(N, C, D_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError: ``align_corners`` is not a bool.
        ValueError: a mode is unknown or the input is not 5-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))
        >>> grid = ms.Tensor(np.zeros((1, 1, 1, 1, 3), np.float32))
        >>> print(ops.GridSampler3D()(x, grid))
        [[[[[1.]]]]]
    """

    _rank = 5


class AffineGrid(TablePrimitive):
    r"""``AffineGrid(align_corners=False)(theta, output_size)``: ``ops.affine_grid``.

    Args:
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default: ``False``.

    Inputs:
        - **theta** (Tensor) - :math:`(N, 2, 3)` or :math:`(N, 3, 4)`.
        - **output_size** (tuple[int]) - 4 or 5 ints.

    Outputs:
        Tensor of shape :math:`(N, H, W, 2)` or :math:`(N, D, H, W, 3)`.

    Raises:
        TypeError: ``align_corners`` is not a bool.
        ValueError: ``theta`` does not match ``output_size``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> theta = ms.Tensor(np.array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], np.float32))
        >>> print(ops.AffineGrid(True)(theta, (1, 1, 1, 2)).shape)
        (1, 1, 2, 2)
    """

    _params = (("align_corners", False),)

    def _init(self) -> None:
        V.check_bool(self.align_corners, "align_corners", "AffineGrid")

    def __call__(self, theta: Any, output_size: Any) -> Tensor:
        from deepsink.ops.function.grid_func import affine_grid

        return affine_grid(theta, output_size, self.align_corners)


class Conv2DBackpropInput(TablePrimitive):
    r"""``Conv2DBackpropInput(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None,
    mode=1, stride=1, dilation=1, group=1, data_format='NCHW')(dout, weight, input_size)``: the
    input gradient of the convolution these attributes describe, for an input of
    ``input_size`` (the transposed convolution).

    Args:
        out_channel (int): the channels of the result (the forward convolution's input).
        kernel_size (Union[int, tuple[int]]): the window.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int]]): 1 or 4 ints for ``'pad'``. Default: ``0``.
        pad_list (tuple[int], optional): the 4 pads, overriding ``pad``. Default: ``None``.
        mode (int): only ``1`` (cross-correlation). Default: ``1``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): channel groups. Default: ``1``.
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **dout** (Tensor) - :math:`(N, C_{out}, H_{out}, W_{out})` (the forward output).
        - **weight** (Tensor) - :math:`(C_{out}, out\_channel/group, kH, kW)`.
        - **input_size** (tuple[int]) - the result's shape.

    Outputs:
        Tensor of shape ``input_size``.

    Raises:
        ValueError: ``pad_mode``, ``mode`` or ``data_format`` is unsupported, or the sizes do not
            convolve to ``dout``'s.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> dout = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> w = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(ops.Conv2DBackpropInput(1, 2)(dout, w, (1, 1, 3, 3)))
        [[[[1. 2. 1.]
           [2. 4. 2.]
           [1. 2. 1.]]]]
    """

    _params = (
        ("out_channel", REQUIRED),
        ("kernel_size", REQUIRED),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("pad_list", None),
        ("mode", 1),
        ("stride", 1),
        ("dilation", 1),
        ("group", 1),
        ("data_format", "NCHW"),
    )

    def _init(self) -> None:
        name = type(self).__name__
        if str(self.pad_mode).lower() not in ("valid", "same", "pad"):
            U.fail(
                name,
                f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {self.pad_mode!r}",
            )
        if self.mode != 1:
            U.fail(name, f"'mode' must be 1, but got {self.mode!r}")
        if self.data_format != "NCHW":
            U.fail(name, f"'data_format' must be 'NCHW', but got {self.data_format!r}")

    def __call__(self, dout: Any, weight: Any, input_size: Any) -> Tensor:
        from deepsink.ops.function.conv_transpose_func import conv_input_grad

        pads = self.pad_list if self.pad_list is not None else self.pad
        return conv_input_grad(
            dout,
            weight,
            tuple(input_size),
            self.stride,
            str(self.pad_mode).lower(),
            pads,
            self.dilation,
            self.group,
            type(self).__name__,
        )


class Conv2DTranspose(Conv2DBackpropInput):
    r"""``Conv2DTranspose(...)(dout, weight, input_size)``: MindSpore's other name for
    ``Conv2DBackpropInput`` (the same attributes and inputs).

    Args:
        out_channel (int): the channels of the result.
        kernel_size (Union[int, tuple[int]]): the window.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int]]): 1 or 4 ints for ``'pad'``. Default: ``0``.
        pad_list (tuple[int], optional): the 4 pads. Default: ``None``.
        mode (int): only ``1``. Default: ``1``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): channel groups. Default: ``1``.
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **dout** (Tensor) - :math:`(N, C_{out}, H_{out}, W_{out})`.
        - **weight** (Tensor) - :math:`(C_{out}, out\_channel/group, kH, kW)`.
        - **input_size** (tuple[int]) - the result's shape.

    Outputs:
        Tensor of shape ``input_size``.

    Raises:
        ValueError: an attribute is unsupported or the sizes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> dout = ms.Tensor(np.ones((1, 2, 3, 3), np.float32))
        >>> w = ms.Tensor(np.ones((2, 4, 3, 3), np.float32))
        >>> print(ops.Conv2DTranspose(4, 3, pad_mode='same', stride=2)(dout, w, (1, 4, 6, 6)).shape)
        (1, 4, 6, 6)
    """


class Conv3DTranspose(TablePrimitive):
    r"""``Conv3DTranspose(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1, output_padding=0, data_format='NCDHW')(dout, weight)``: the
    3-D transposed convolution (``ops.conv3d_transpose``).

    Args:
        in_channel (int): the input's channels.
        out_channel (int): the output's channels.
        kernel_size (Union[int, tuple[int]]): the window.
        mode (int): only ``1``. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int]]): 1 or 6 ints for ``'pad'``. Default: ``0``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): channel groups. Default: ``1``.
        output_padding (Union[int, tuple[int]]): Default: ``0``.
        data_format (str): only ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        - **dout** (Tensor) - :math:`(N, in\_channel, D, H, W)`.
        - **weight** (Tensor) - :math:`(in\_channel, out\_channel/group, kD, kH, kW)`.

    Outputs:
        Tensor of shape :math:`(N, out\_channel, D_{out}, H_{out}, W_{out})`.

    Raises:
        ValueError: an attribute is unsupported or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> dout = ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))
        >>> w = ms.Tensor(np.ones((2, 3, 2, 2, 2), np.float32))
        >>> print(ops.Conv3DTranspose(2, 3, 2, stride=2)(dout, w).shape)
        (1, 3, 4, 4, 4)
    """

    _params = (
        ("in_channel", REQUIRED),
        ("out_channel", REQUIRED),
        ("kernel_size", REQUIRED),
        ("mode", 1),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("stride", 1),
        ("dilation", 1),
        ("group", 1),
        ("output_padding", 0),
        ("data_format", "NCDHW"),
    )

    def _init(self) -> None:
        if self.mode != 1:
            U.fail("Conv3DTranspose", f"'mode' must be 1, but got {self.mode!r}")
        if self.data_format != "NCDHW":
            U.fail(
                "Conv3DTranspose", f"'data_format' must be 'NCDHW', but got {self.data_format!r}"
            )

    def __call__(self, dout: Any, weight: Any) -> Tensor:
        from deepsink.ops.function.conv_transpose_func import conv3d_transpose

        w = U.array(weight, "Conv3DTranspose", "weight")
        if w.shape[1] * self.group != self.out_channel:
            U.fail(
                "Conv3DTranspose",
                f"'weight' {list(w.shape)} must have out_channel/group "
                f"= {self.out_channel // self.group} in dim 1",
            )
        return conv3d_transpose(
            dout,
            weight,
            str(self.pad_mode).lower(),
            self.pad,
            self.stride,
            self.dilation,
            self.group,
            self.output_padding,
        )


def _size_pair(size: Any, n: int, name: str) -> tuple[int, ...]:
    if isinstance(size, Tensor):
        size = size.asnumpy().tolist()
    if isinstance(size, int):
        size = [size]
    size = tuple(int(v) for v in size)
    if len(size) != n or any(v < 1 for v in size):
        U.fail(name, f"'size' must be {n} positive ints, but got {size!r}")
    return size


def _flags(name: str, align_corners: Any, half_pixel_centers: Any) -> None:
    for arg, v in (("align_corners", align_corners), ("half_pixel_centers", half_pixel_centers)):
        if not isinstance(v, bool):
            U.fail(name, f"'{arg}' must be a bool, but got {v!r}", TypeError)
    if align_corners and half_pixel_centers:
        U.fail(name, "'half_pixel_centers' must be False when 'align_corners' is True")


def _rule(align_corners: bool, half_pixel_centers: bool) -> str:
    return "align_corners" if align_corners else "half_pixel" if half_pixel_centers else "asym"


class ResizeBilinearV2(TablePrimitive):
    r"""``ResizeBilinearV2(align_corners=False, half_pixel_centers=False)(image, size)``:
    bilinear resizing of :math:`(N, C, H, W)` to ``size`` (TensorFlow's coordinate rules).

    Args:
        align_corners (bool): the corner pixels of input and output align. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **image** (Tensor) - 4-D float.
        - **size** (Union[tuple[int], Tensor]) - the new (H, W).

    Outputs:
        Tensor of shape :math:`(N, C, size[0], size[1])`.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: both flags are True, or ``size`` is not 2 positive ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[[0.0, 2.0]]]], np.float32))
        >>> print(ops.ResizeBilinearV2()(x, (1, 4)))
        [[[[0. 1. 2. 2.]]]]
    """

    _params = (("align_corners", False), ("half_pixel_centers", False))

    def _init(self) -> None:
        _flags("ResizeBilinearV2", self.align_corners, self.half_pixel_centers)

    def __call__(self, image: Any, size: Any) -> Tensor:
        from deepsink.ops.function import resize_func as R

        a = U.floating(U.array(image, "ResizeBilinearV2", "image"))
        h, w = _size_pair(size, 2, "ResizeBilinearV2")
        rule = _rule(self.align_corners, self.half_pixel_centers)
        a = R.linear(a, 2, h, rule)
        return Tensor._from(R.linear(a, 3, w, rule))


class ResizeNearestNeighbor(TablePrimitive):
    r"""``ResizeNearestNeighbor(size, align_corners=False, half_pixel_centers=False)(input_x)``:
    nearest-neighbour resizing of the last two axes to ``size``.

    Args:
        size (Union[tuple[int], list[int]]): the new (H, W).
        align_corners (bool): the corner pixels align (the source index is rounded).
            Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **input_x** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C, size[0], size[1])`.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: ``size`` is not 2 positive ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[[1.0, 2.0]]]], np.float32))
        >>> print(ops.ResizeNearestNeighbor((1, 4))(x))
        [[[[1. 1. 2. 2.]]]]
    """

    _params = (("size", REQUIRED), ("align_corners", False), ("half_pixel_centers", False))

    def _init(self) -> None:
        _flags("ResizeNearestNeighbor", self.align_corners, self.half_pixel_centers)
        _size_pair(self.size, 2, "ResizeNearestNeighbor")

    def __call__(self, input_x: Any) -> Tensor:
        return _nearest2d(
            input_x, self.size, self.align_corners, self.half_pixel_centers, "ResizeNearestNeighbor"
        )


def _nearest2d(x: Any, size: Any, align_corners: bool, half_pixel: bool, name: str) -> Tensor:
    from deepsink.ops.function import resize_func as R

    a = U.array(x, name, "input_x")
    h, w = _size_pair(size, 2, name)
    rule = _rule(align_corners, half_pixel)
    rounding = "round" if align_corners else "floor"
    a = R.nearest(a, a.ndim - 2, h, rule, rounding)
    return Tensor._from(R.nearest(a, a.ndim - 1, w, rule, rounding))


class ResizeNearestNeighborV2(TablePrimitive):
    r"""``ResizeNearestNeighborV2(align_corners=False, half_pixel_centers=False)(image, size)``:
    ``ResizeNearestNeighbor`` with the size as an input.

    Args:
        align_corners (bool): the corner pixels align. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **image** (Tensor) - :math:`(N, C, H, W)`.
        - **size** (Tensor) - int32 (H, W).

    Outputs:
        Tensor of shape :math:`(N, C, size[0], size[1])`.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: ``size`` is not 2 positive ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[[1.0, 2.0]]]], np.float32))
        >>> print(ops.ResizeNearestNeighborV2()(x, ms.Tensor([1, 4], ms.int32)))
        [[[[1. 1. 2. 2.]]]]
    """

    _params = (("align_corners", False), ("half_pixel_centers", False))

    def _init(self) -> None:
        _flags("ResizeNearestNeighborV2", self.align_corners, self.half_pixel_centers)

    def __call__(self, image: Any, size: Any) -> Tensor:
        return _nearest2d(
            image, size, self.align_corners, self.half_pixel_centers, "ResizeNearestNeighborV2"
        )


class ResizeBicubic(TablePrimitive):
    r"""``ResizeBicubic(align_corners=False, half_pixel_centers=False)(image, size)``: Keys cubic
    resizing of :math:`(N, C, H, W)` (coefficient -0.75, edge taps clamped; with
    ``half_pixel_centers`` -0.5 and outside taps dropped), computed as MindSpore's CPU kernel
    does, to float32 rounding (``resize_func.bicubic_2d``).

    Args:
        align_corners (bool): the corner pixels align. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Inputs:
        - **image** (Tensor) - 4-D float.
        - **size** (Tensor) - int32 (H, W).

    Outputs:
        Tensor of shape :math:`(N, C, size[0], size[1])`.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: both flags are True, or ``size`` is not 2 positive ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(ops.ResizeBicubic()(x, ms.Tensor([3, 3], ms.int32)).shape)
        (1, 1, 3, 3)
    """

    _params = (("align_corners", False), ("half_pixel_centers", False))

    def _init(self) -> None:
        _flags("ResizeBicubic", self.align_corners, self.half_pixel_centers)

    def __call__(self, image: Any, size: Any) -> Tensor:
        from deepsink.ops.function import resize_func as R

        a = U.floating(U.array(image, "ResizeBicubic", "image"))
        h, w = _size_pair(size, 2, "ResizeBicubic")
        ac, half = bool(self.align_corners), bool(self.half_pixel_centers)
        return Tensor._from(R.bicubic_2d(a, h, w, ac, half))


class ResizeLinear1D(TablePrimitive):
    r"""``ResizeLinear1D(coordinate_transformation_mode='align_corners')(x, size)``: linear
    resizing of the last axis of :math:`(N, C, W)`.

    Args:
        coordinate_transformation_mode (str): ``'align_corners'`` or ``'half_pixel'``.
            Default: ``'align_corners'``.

    Inputs:
        - **x** (Tensor) - 3-D float.
        - **size** (Tensor) - int64 ``[new_w]``.

    Outputs:
        Tensor of shape :math:`(N, C, new\_w)`.

    Raises:
        ValueError: the mode is unknown or ``size`` is not one positive int.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[0.0, 2.0]]], np.float32))
        >>> print(ops.ResizeLinear1D()(x, ms.Tensor([3], ms.int64)))
        [[[0. 1. 2.]]]
    """

    _params = (("coordinate_transformation_mode", "align_corners"),)

    def _init(self) -> None:
        if self.coordinate_transformation_mode not in ("align_corners", "half_pixel"):
            U.fail(
                "ResizeLinear1D",
                f"'coordinate_transformation_mode' must be 'align_corners' or 'half_pixel', but got {self.coordinate_transformation_mode!r}",
            )

    def __call__(self, x: Any, size: Any) -> Tensor:
        from deepsink.ops.function import resize_func as R

        a = U.floating(U.array(x, "ResizeLinear1D", "x"))
        (w,) = _size_pair(size, 1, "ResizeLinear1D")
        mode = self.coordinate_transformation_mode
        return Tensor._from(R.linear(a, a.ndim - 1, w, mode, clamp_negative=mode == "half_pixel"))


def _sizes3d(x: Any, output_size: Any, scales: Any, name: str):
    a = U.array(x, name, "x")
    if a.ndim != 5:
        U.fail(name, f"'x' must be 5-D, but got {a.ndim}-D")
    if (output_size is None) == (scales is None):
        U.fail(name, "exactly one of 'output_size' and 'scales' must be given")
    if output_size is not None:
        return a, _size_pair(output_size, 3, name), (None, None, None)
    sc = tuple(float(v) for v in scales)
    if len(sc) != 3 or any(v <= 0 for v in sc):
        U.fail(name, f"'scales' must be 3 positive numbers, but got {scales!r}")
    return a, tuple(int(np.floor(s * f)) for s, f in zip(a.shape[2:], sc)), sc


class UpsampleNearest3D(TablePrimitive):
    r"""``UpsampleNearest3D()(x, output_size=None, scales=None)``: nearest-neighbour upsampling
    of :math:`(N, C, D, H, W)` (source index ``floor(dst * in / out)``, or ``dst / scale``).

    Inputs:
        - **x** (Tensor) - 5-D.
        - **output_size** (Union[tuple[int], list[int]], optional) - the new (D, H, W).
        - **scales** (Union[tuple[float], list[float]], optional) - the factors, instead.

    Outputs:
        Tensor, 5-D.

    Raises:
        ValueError: ``x`` is not 5-D, or not exactly one of the sizes is given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 1, 2, 2), np.float32))
        >>> print(ops.UpsampleNearest3D()(x, (2, 4, 4)).shape)
        (1, 1, 2, 4, 4)
    """

    def __call__(self, x: Any, output_size: Any = None, scales: Any = None) -> Tensor:
        from deepsink.ops.function import resize_func as R

        a, size, sc = _sizes3d(x, output_size, scales, "UpsampleNearest3D")
        for d in range(3):
            a = R.nearest(a, 2 + d, size[d], "asym", scale=sc[d])
        return Tensor._from(a)


class UpsampleTrilinear3D(TablePrimitive):
    r"""``UpsampleTrilinear3D(align_corners=False)(x, output_size=None, scales=None)``:
    trilinear upsampling of :math:`(N, C, D, H, W)` (PyTorch's coordinate rule).

    Args:
        align_corners (bool): the corner pixels align. Default: ``False``.

    Inputs:
        - **x** (Tensor) - 5-D float.
        - **output_size** (Union[tuple[int], list[int]], optional) - the new (D, H, W).
        - **scales** (Union[tuple[float], list[float]], optional) - the factors, instead.

    Outputs:
        Tensor, 5-D.

    Raises:
        TypeError: ``align_corners`` is not a bool.
        ValueError: ``x`` is not 5-D, or not exactly one of the sizes is given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 1, 2, 2), np.float32))
        >>> print(ops.UpsampleTrilinear3D()(x, (2, 4, 4)).shape)
        (1, 1, 2, 4, 4)
    """

    _params = (("align_corners", False),)

    def _init(self) -> None:
        V.check_bool(self.align_corners, "align_corners", "UpsampleTrilinear3D")

    def __call__(self, x: Any, output_size: Any = None, scales: Any = None) -> Tensor:
        from deepsink.ops.function import resize_func as R

        a, size, sc = _sizes3d(x, output_size, scales, "UpsampleTrilinear3D")
        a = U.floating(a)
        rule = "align_corners" if self.align_corners else "half_pixel"
        for d in range(3):
            a = R.linear(
                a,
                2 + d,
                size[d],
                rule,
                clamp_negative=True,
                scale=None if self.align_corners else sc[d],
            )
        return Tensor._from(a)


class MirrorPad(TablePrimitive):
    r"""``MirrorPad(mode='REFLECT')(input_x, paddings)``: ``ops.mirror_pad``.

    Args:
        mode (str): ``'REFLECT'`` or ``'SYMMETRIC'``. Default: ``'REFLECT'``.

    Inputs:
        - **input_x** (Tensor) - any rank.
        - **paddings** (Tensor) - int :math:`(rank, 2)`.

    Outputs:
        Tensor, padded.

    Raises:
        ValueError: ``mode`` is unknown or a pad does not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0]])
        >>> print(ops.MirrorPad('SYMMETRIC')(x, ms.Tensor([[0, 0], [1, 1]], ms.int64)))
        [[1. 1. 2. 3. 3.]]
    """

    _params = (("mode", "REFLECT"),)

    def _init(self) -> None:
        if self.mode not in ("REFLECT", "SYMMETRIC"):
            U.fail("MirrorPad", f"'mode' must be 'REFLECT' or 'SYMMETRIC', but got {self.mode!r}")

    def __call__(self, input_x: Any, paddings: Any) -> Tensor:
        from deepsink.ops.function.image_func import mirror_pad

        return mirror_pad(input_x, paddings, self.mode)


class PadV3(TablePrimitive):
    r"""``PadV3(mode='constant', paddings_contiguous=True)(x, paddings, value=None)``: pads the
    last ``len(paddings) // 2`` axes, the last axis first (PyTorch's order): ``(left, right,
    top, bottom, ...)``, or with ``paddings_contiguous=False`` all befores then all afters.

    Args:
        mode (str): ``'constant'``, ``'reflect'``, ``'edge'`` or ``'circular'``.
            Default: ``'constant'``.
        paddings_contiguous (bool): the pairs' layout. Default: ``True``.

    Inputs:
        - **x** (Tensor) - the input.
        - **paddings** (Tensor) - int, an even number of pads.
        - **value** (Tensor, optional) - the constant (``'constant'`` mode). Default: 0.

    Outputs:
        Tensor, padded.

    Raises:
        ValueError: ``mode`` is unknown or ``paddings`` has an odd length.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> print(ops.PadV3('edge')(x, ms.Tensor([1, 2], ms.int64)))
        [[1. 1. 2. 2. 2.]]
    """

    _MODES = {"constant": "constant", "reflect": "reflect", "edge": "edge", "circular": "wrap"}

    _params = (("mode", "constant"), ("paddings_contiguous", True))

    def _init(self) -> None:
        if self.mode not in self._MODES:
            U.fail("PadV3", f"'mode' must be one of {list(self._MODES)}, but got {self.mode!r}")
        V.check_bool(self.paddings_contiguous, "paddings_contiguous", "PadV3")

    def __call__(self, x: Any, paddings: Any, value: Any = None) -> Tensor:
        a = U.array(x, "PadV3", "x")
        p = paddings.asnumpy().tolist() if isinstance(paddings, Tensor) else list(paddings)
        if len(p) % 2 or len(p) // 2 > a.ndim:
            U.fail(
                "PadV3",
                f"'paddings' must hold an even number of pads for at most {a.ndim} "
                f"axes, but got {p}",
            )
        k = len(p) // 2
        pairs = (
            [(p[2 * i], p[2 * i + 1]) for i in range(k)]
            if self.paddings_contiguous
            else [(p[i], p[i + k]) for i in range(k)]
        )
        widths = [(0, 0)] * (a.ndim - k) + [tuple(map(int, q)) for q in pairs[::-1]]
        mode = self._MODES[self.mode]
        if mode == "constant":
            v = 0 if value is None else U.array(value, "PadV3", "value").astype(a.dtype)
            return Tensor._from(jnp.pad(a, widths, constant_values=v))
        return Tensor._from(jnp.pad(a, widths, mode=mode))


class Padding(TablePrimitive):
    r"""``Padding(pad_dim_size=8)(x)``: ``ops.padding``.

    Args:
        pad_dim_size (int): the new size of the last axis. Default: ``8``.

    Inputs:
        - **x** (Tensor) - last axis of size 1.

    Outputs:
        Tensor of shape ``x.shape[:-1] + (pad_dim_size,)``.

    Raises:
        TypeError: ``pad_dim_size`` is not an int.
        ValueError: ``pad_dim_size`` is not positive or the last axis is not 1.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.Padding(2)(ms.Tensor([[8.0]])))
        [[8. 0.]]
    """

    _params = (("pad_dim_size", 8),)

    def _init(self) -> None:
        if isinstance(self.pad_dim_size, bool) or not isinstance(self.pad_dim_size, int):
            U.fail(
                "Padding",
                f"'pad_dim_size' must be an int, but got {self.pad_dim_size!r}",
                TypeError,
            )

    def __call__(self, x: Any) -> Tensor:
        from deepsink.ops.function.image_func import padding

        return padding(x, self.pad_dim_size)


class Col2Im(TablePrimitive):
    r"""``Col2Im(kernel_size, dilation=1, padding=0, stride=1)(x, output_size)``:
    ``ops.col2im``.

    Args:
        kernel_size (Union[int, tuple[int]]): the window.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        padding (Union[int, tuple[int]]): Default: ``0``.
        stride (Union[int, tuple[int]]): Default: ``1``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, kH kW, L)`.
        - **output_size** (Tensor) - int32 (H, W).

    Outputs:
        Tensor of shape :math:`(N, C, H, W)`.

    Raises:
        ValueError: the block count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
        >>> print(ops.Col2Im(2)(x, ms.Tensor([3, 3], ms.int32)).shape)
        (1, 1, 3, 3)
    """

    _params = (("kernel_size", REQUIRED), ("dilation", 1), ("padding", 0), ("stride", 1))

    def __call__(self, x: Any, output_size: Any) -> Tensor:
        from deepsink.ops.function.image_func import col2im

        return col2im(x, output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class Im2Col(TablePrimitive):
    r"""``Im2Col(ksizes, strides=1, dilations=1, pads=0)(x)``: the sliding blocks of
    :math:`(N, C, H, W)` as :math:`(N, C, kH kW, L)` (``ops.unfold`` regrouped).

    Args:
        ksizes (Union[int, tuple[int]]): the window.
        strides (Union[int, tuple[int]]): Default: ``1``.
        dilations (Union[int, tuple[int]]): Default: ``1``.
        pads (Union[int, tuple[int]]): 1 or 2 ints (symmetric per axis). Default: ``0``.

    Inputs:
        - **x** (Tensor) - 4-D.

    Outputs:
        Tensor of shape :math:`(N, C, kH kW, L)`.

    Raises:
        ValueError: ``x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 2, 3, 3), np.float32))
        >>> print(ops.Im2Col(2)(x).shape)
        (1, 2, 4, 4)
    """

    _params = (("ksizes", REQUIRED), ("strides", 1), ("dilations", 1), ("pads", 0))

    def __call__(self, x: Any) -> Tensor:
        from deepsink.ops.function.sampling_func import unfold

        a = U.array(x, "Im2Col", "x")
        if a.ndim != 4:
            U.fail("Im2Col", f"'x' must be 4-D, but got {a.ndim}-D")
        cols = unfold(x, self.ksizes, self.dilations, self.pads, self.strides)._data
        return Tensor._from(cols.reshape(a.shape[0], a.shape[1], -1, cols.shape[-1]))


class BoundingBoxEncode(TablePrimitive):
    r"""``BoundingBoxEncode(means=(0.0,)*4, stds=(1.0,)*4)(anchor_box, groundtruth_box)``:
    ``ops.bounding_box_encode``.

    Args:
        means (tuple[float]): Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): Default: ``(1.0, 1.0, 1.0, 1.0)``.

    Inputs:
        - **anchor_box** (Tensor) - :math:`(N, 4)`.
        - **groundtruth_box** (Tensor) - :math:`(N, 4)`.

    Outputs:
        Tensor of shape :math:`(N, 4)`.

    Raises:
        ValueError: the boxes or ``means``/``stds`` have the wrong shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.Tensor([[0.0, 0.0, 3.0, 3.0]])
        >>> print(ops.BoundingBoxEncode()(a, a))
        [[0. 0. 0. 0.]]
    """

    _params = (("means", (0.0, 0.0, 0.0, 0.0)), ("stds", (1.0, 1.0, 1.0, 1.0)))

    def __call__(self, anchor_box: Any, groundtruth_box: Any) -> Tensor:
        from deepsink.ops.function.image_func import bounding_box_encode

        return bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(TablePrimitive):
    r"""``BoundingBoxDecode(max_shape, means=(0.0,)*4, stds=(1.0,)*4, wh_ratio_clip=0.016)
    (anchor_box, deltas)``: ``ops.bounding_box_decode``.

    Args:
        max_shape (tuple[int]): the image's (H, W).
        means (tuple[float]): Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): Default: ``(1.0, 1.0, 1.0, 1.0)``.
        wh_ratio_clip (float): Default: ``0.016``.

    Inputs:
        - **anchor_box** (Tensor) - :math:`(N, 4)`.
        - **deltas** (Tensor) - :math:`(N, 4)`.

    Outputs:
        Tensor of shape :math:`(N, 4)`.

    Raises:
        ValueError: the boxes or arguments have the wrong shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.Tensor([[0.0, 0.0, 3.0, 3.0]])
        >>> print(ops.BoundingBoxDecode((8, 8))(a, ms.Tensor([[0.0, 0.0, 0.0, 0.0]])))
        [[0. 0. 3. 3.]]
    """

    _params = (
        ("max_shape", REQUIRED),
        ("means", (0.0, 0.0, 0.0, 0.0)),
        ("stds", (1.0, 1.0, 1.0, 1.0)),
        ("wh_ratio_clip", 0.016),
    )

    def __call__(self, anchor_box: Any, deltas: Any) -> Tensor:
        from deepsink.ops.function.image_func import bounding_box_decode

        return bounding_box_decode(
            anchor_box, deltas, self.max_shape, self.means, self.stds, self.wh_ratio_clip
        )


class CheckValid(TablePrimitive):
    r"""``CheckValid()(bboxes, img_metas)``: ``ops.check_valid``.

    Inputs:
        - **bboxes** (Tensor) - :math:`(N, 4)`.
        - **img_metas** (Tensor) - ``(H, W, ratio)``.

    Outputs:
        Bool Tensor of shape :math:`(N,)`.

    Raises:
        ValueError: the inputs have the wrong shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.CheckValid()(ms.Tensor([[0.0, 0.0, 2.0, 2.0]]), ms.Tensor([4.0, 4.0, 1.0])))
        [ True]
    """

    def __call__(self, bboxes: Any, img_metas: Any) -> Tensor:
        from deepsink.ops.function.image_func import check_valid

        return check_valid(bboxes, img_metas)


class _MaxUnpool(TablePrimitive):
    _nd = 2

    _params = (
        ("ksize", REQUIRED),
        ("strides", 0),
        ("pads", 0),
        ("output_shape", ()),
        ("data_format", "NCHW"),
    )

    def _init(self) -> None:
        want = "NCHW" if self._nd == 2 else "NCDHW"
        if self.data_format != want:
            U.fail(
                type(self).__name__, f"'data_format' must be {want!r}, but got {self.data_format!r}"
            )

    def __call__(self, x: Any, argmax: Any) -> Tensor:
        from deepsink import ops

        fn = ops.max_unpool2d if self._nd == 2 else ops.max_unpool3d
        strides = self.ksize if self.strides in (0, (0,) * self._nd) else self.strides
        size = tuple(self.output_shape) or None
        return fn(x, argmax, self.ksize, strides, self.pads, size)


class MaxUnpool2D(_MaxUnpool):
    r"""``MaxUnpool2D(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')
    (x, argmax)``: values scattered to their pooling positions (``ops.max_unpool2d``).

    Args:
        ksize (Union[int, tuple[int]]): the pooling window.
        strides (Union[int, tuple[int]]): the pooling step; 0 means ``ksize``. Default: ``0``.
        pads (Union[int, tuple[int]]): the pooling padding. Default: ``0``.
        output_shape (tuple[int]): the result's shape; empty to compute it. Default: ``()``.
        data_format (str): only ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, H, W)`.
        - **argmax** (Tensor) - the flat positions, the shape of ``x``.

    Outputs:
        Tensor, 4-D.

    Raises:
        ValueError: an attribute is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[[5.0]]]], np.float32))
        >>> print(ops.MaxUnpool2D(2)(x, ms.Tensor([[[[3]]]], ms.int64)))
        [[[[0. 0.]
           [0. 5.]]]]
    """


class MaxUnpool3D(_MaxUnpool):
    r"""``MaxUnpool3D(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')
    (x, argmax)``: ``ops.max_unpool3d``.

    Args:
        ksize (Union[int, tuple[int]]): the pooling window.
        strides (Union[int, tuple[int]]): 0 means ``ksize``. Default: ``0``.
        pads (Union[int, tuple[int]]): Default: ``0``.
        output_shape (tuple[int]): Default: ``()``.
        data_format (str): only ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        - **x** (Tensor) - 5-D.
        - **argmax** (Tensor) - the flat positions.

    Outputs:
        Tensor, 5-D.

    Raises:
        ValueError: an attribute is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[[[[5.0]]]]], np.float32))
        >>> print(ops.MaxUnpool3D(2)(x, ms.Tensor([[[[[7]]]]], ms.int64)).shape)
        (1, 1, 2, 2, 2)
    """

    _nd = 3

    _params = (
        ("ksize", REQUIRED),
        ("strides", 0),
        ("pads", 0),
        ("output_shape", ()),
        ("data_format", "NCDHW"),
    )

    def _init(self) -> None:
        if self.data_format != "NCDHW":
            U.fail("MaxUnpool3D", f"'data_format' must be 'NCDHW', but got {self.data_format!r}")


class CropAndResize(TablePrimitive):
    r"""``CropAndResize(method='bilinear', extrapolation_value=0.0)(image, boxes, box_index,
    crop_size)``: ``ops.crop_and_resize``.

    Args:
        method (str): ``'bilinear'``, ``'nearest'`` or ``'bilinear_v2'``. Default: ``'bilinear'``.
        extrapolation_value (float): the value outside the image. Default: ``0.0``.

    Inputs:
        - **image** (Tensor) - :math:`(N, H, W, C)`.
        - **boxes** (Tensor) - :math:`(K, 4)` normalized ``(y1, x1, y2, x2)``.
        - **box_index** (Tensor) - :math:`(K,)` int32.
        - **crop_size** (tuple[int]) - (height, width).

    Outputs:
        Float32 Tensor of shape :math:`(K, crop\_h, crop\_w, C)`.

    Raises:
        ValueError: ``method`` or a shape is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> image = ms.Tensor(np.ones((1, 4, 4, 1), np.float32))
        >>> op = ops.CropAndResize()
        >>> print(op(image, ms.Tensor([[0.0, 0.0, 1.0, 1.0]]), ms.Tensor([0], ms.int32), (2, 2)).shape)
        (1, 2, 2, 1)
    """

    _params = (("method", "bilinear"), ("extrapolation_value", 0.0))

    def _init(self) -> None:
        if self.method not in ("bilinear", "nearest", "bilinear_v2"):
            U.fail(
                "CropAndResize",
                f"'method' must be 'bilinear', 'nearest' or 'bilinear_v2', but got {self.method!r}",
            )

    def __call__(self, image: Any, boxes: Any, box_index: Any, crop_size: Any) -> Tensor:
        from deepsink.ops.function.detection_func import crop_and_resize

        return crop_and_resize(
            image, boxes, box_index, crop_size, self.method, self.extrapolation_value
        )


class ROIAlign(TablePrimitive):
    r"""``ROIAlign(pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1)
    (features, rois)``: bilinear region pooling (Caffe2's ROIAlign).

    Args:
        pooled_height (int): the output's height.
        pooled_width (int): the output's width.
        spatial_scale (float): maps ROI coordinates onto ``features``.
        sample_num (int): samples per bin side, positive. Default: ``2``.
        roi_end_mode (int): 0 or 1, added to the end coordinates. Default: ``1``.

    Inputs:
        - **features** (Tensor) - :math:`(N, C, H, W)`.
        - **rois** (Tensor) - :math:`(K, 5)` ``(batch, x1, y1, x2, y2)``.

    Outputs:
        Tensor of shape :math:`(K, C, pooled\_height, pooled\_width)`.

    Raises:
        TypeError: an attribute has the wrong type.
        ValueError: ``roi_end_mode`` or a shape is invalid.
        NotImplementedError: ``sample_num`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
        >>> print(ops.ROIAlign(2, 2, 1.0)(x, ms.Tensor([[0.0, 0.0, 0.0, 2.0, 2.0]])).shape)
        (1, 1, 2, 2)
    """

    _params = (
        ("pooled_height", REQUIRED),
        ("pooled_width", REQUIRED),
        ("spatial_scale", REQUIRED),
        ("sample_num", 2),
        ("roi_end_mode", 1),
    )

    def _init(self) -> None:
        for arg, v in (
            ("pooled_height", self.pooled_height),
            ("pooled_width", self.pooled_width),
            ("sample_num", self.sample_num),
            ("roi_end_mode", self.roi_end_mode),
        ):
            if isinstance(v, bool) or not isinstance(v, int):
                U.fail("ROIAlign", f"'{arg}' must be an int, but got {v!r}", TypeError)
        if not isinstance(self.spatial_scale, float):
            U.fail(
                "ROIAlign",
                f"'spatial_scale' must be a float, but got {self.spatial_scale!r}",
                TypeError,
            )

    def __call__(self, features: Any, rois: Any) -> Tensor:
        from deepsink.ops.function.detection_func import roi_align

        return roi_align(
            features,
            rois,
            self.pooled_height,
            self.pooled_width,
            self.spatial_scale,
            self.sample_num,
            self.roi_end_mode,
        )


class CTCGreedyDecoder(TablePrimitive):
    r"""``CTCGreedyDecoder(merge_repeated=True)(inputs, sequence_length)``:
    ``ops.ctc_greedy_decoder``.

    Args:
        merge_repeated (bool): merge repeated classes. Default: ``True``.

    Inputs:
        - **inputs** (Tensor) - :math:`(T, B, C)`.
        - **sequence_length** (Tensor) - :math:`(B,)` int32.

    Outputs:
        Tuple ``(decoded_indices, decoded_values, decoded_shape, log_probability)``.

    Raises:
        TypeError: ``merge_repeated`` is not a bool.
        ValueError: the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.eye(3, dtype=np.float32)[[0, 0, 2, 1]][:, None])
        >>> print(ops.CTCGreedyDecoder(False)(x, ms.Tensor([4], ms.int32))[1])
        [0 0 1]
    """

    _params = (("merge_repeated", True),)

    def _init(self) -> None:
        V.check_bool(self.merge_repeated, "merge_repeated", "CTCGreedyDecoder")

    def __call__(self, inputs: Any, sequence_length: Any) -> tuple:
        from deepsink.ops.function.detection_func import ctc_greedy_decoder

        return ctc_greedy_decoder(inputs, sequence_length, self.merge_repeated)


class NMSWithMask(TablePrimitive):
    r"""``NMSWithMask(iou_threshold=0.5)(bboxes) -> (selected_boxes, selected_idx,
    selected_mask)``: non-maximum suppression (``ops.function.detection_func.nms_with_mask``).

    Args:
        iou_threshold (float): the overlap above which a box is suppressed. Default: ``0.5``.

    Inputs:
        - **bboxes** (Tensor) - :math:`(N, 5)` ``(x1, y1, x2, y2, score)``.

    Outputs:
        Tuple of the score-sorted boxes, their positions (int32) and the keep mask (bool).

    Raises:
        TypeError: ``iou_threshold`` is not a float.
        ValueError: ``bboxes`` is not :math:`(N, 5)`.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> boxes = ms.Tensor([[0.0, 0.0, 2.0, 2.0, 0.9], [0.0, 0.0, 2.0, 1.9, 0.8]])
        >>> print(ops.NMSWithMask(0.5)(boxes)[2])
        [ True False]
    """

    _params = (("iou_threshold", 0.5),)

    def _init(self) -> None:
        if isinstance(self.iou_threshold, bool) or not isinstance(self.iou_threshold, float):
            U.fail(
                "NMSWithMask",
                f"'iou_threshold' must be a float, but got {self.iou_threshold!r}",
                TypeError,
            )

    def __call__(self, bboxes: Any) -> tuple:
        from deepsink.ops.function.detection_func import nms_with_mask

        return nms_with_mask(bboxes, self.iou_threshold)


class CTCLoss(TablePrimitive):
    r"""``CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True,
    ignore_longer_outputs_than_inputs=False)(x, labels_indices, labels_values, sequence_length)
    -> (loss, gradient)``: TensorFlow-style CTC over logits :math:`(T, B, C)` with the blank as
    the last class and the labels as a sparse matrix; ``gradient`` is d(sum of losses)/d(x).

    The labels follow MindSpore's CPU kernel: sequence ``b`` takes, in their order, as many of
    ``labels_values`` as ``labels_indices[:, 0]`` names ``b`` (after those of the sequences
    before it; the positions ``labels_indices[:, 1]`` are not read); values from the blank on are
    dropped. They are built on the device, so the indices may be values of a compiled program.

    The loss and gradient are the kernel's: a sequence with no labels starts its backward
    variables at 0 on its last two steps (a 2.10 quirk: its loss is
    ``-sum(log y_blank[:T-1]) - log(1 + y_blank[T-1])``, not the CTC value
    ``-sum(log y_blank)``), and a sequence length of 1 is the kernel's ``RuntimeError``. The
    gradient of ``loss`` is ``gradient`` scaled by it (MindSpore's bprop).

    Args:
        preprocess_collapse_repeated (bool): drop a label equal to the one before it first.
            Default: ``False``.
        ctc_merge_repeated (bool): ``True``: a class held over several steps is one label, so
            equal labels in a row need a blank between them; ``False``: each step emits a
            label, only the blank repeats. Default: ``True``.
        ignore_longer_outputs_than_inputs (bool): a sequence whose labels outnumber its steps
            gets loss ``inf`` and gradient 0, as any sequence with no alignment (else it is an
            error). Default: ``False``.

    Inputs:
        - **x** (Tensor) - :math:`(T, B, C)` float logits.
        - **labels_indices** (Tensor) - :math:`(L, 2)` int64 ``(batch, position)``.
        - **labels_values** (Tensor) - :math:`(L,)` int32 classes (below ``C - 1``).
        - **sequence_length** (Tensor) - :math:`(B,)` int32, each in ``[1, T]``.

    Outputs:
        Tuple ``(loss, gradient)``: :math:`(B,)` and :math:`(T, B, C)`.

    Raises:
        TypeError: a flag is not a bool.
        ValueError: the inputs' ranks or the lengths' shape are wrong.
        RuntimeError: MindSpore's kernel errors: a sequence length outside ``[2, T]``, a batch
            index outside ``[0, B)``, a label after a blank-or-larger value, labels that
            outnumber their steps (without the ignore flag); in a compiled program, when it runs.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.zeros((2, 1, 3), np.float32))
        >>> loss, grad = ops.CTCLoss()(x, ms.Tensor([[0, 0]], ms.int64), ms.Tensor([1], ms.int32),
        ...                            ms.Tensor([2], ms.int32))
        >>> print(loss)
        [1.0986123]
    """

    _params = (
        ("preprocess_collapse_repeated", False),
        ("ctc_merge_repeated", True),
        ("ignore_longer_outputs_than_inputs", False),
    )

    def _init(self) -> None:
        for arg, v in (
            ("preprocess_collapse_repeated", self.preprocess_collapse_repeated),
            ("ctc_merge_repeated", self.ctc_merge_repeated),
            ("ignore_longer_outputs_than_inputs", self.ignore_longer_outputs_than_inputs),
        ):
            if not isinstance(v, bool):
                U.fail("CTCLoss", f"'{arg}' must be a bool, but got {v!r}", TypeError)

    def __call__(
        self, x: Any, labels_indices: Any, labels_values: Any, sequence_length: Any
    ) -> tuple[Tensor, Tensor]:
        a = U.floating(U.array(x, "CTCLoss", "x"))
        idx = U.array(labels_indices, "CTCLoss", "labels_indices")
        vals = U.array(labels_values, "CTCLoss", "labels_values")
        lengths = U.array(sequence_length, "CTCLoss", "sequence_length")
        if a.ndim != 3 or idx.ndim != 2 or vals.ndim != 1 or lengths.shape != (a.shape[1],):
            U.fail(
                "CTCLoss",
                f"'x' must be 3-D (T, B, C), 'labels_indices' 2-D, 'labels_values' 1-D and "
                f"'sequence_length' (B,), but got shapes {list(a.shape)}, {list(idx.shape)}, "
                f"{list(vals.shape)}, {list(lengths.shape)}",
            )
        loss, grad, lab_len, found = _ctc_sparse_loss_and_grad(
            a,
            idx,
            vals,
            lengths,
            collapse=self.preprocess_collapse_repeated,
            merge=self.ctc_merge_repeated,
        )
        _ctc_sparse_checks(
            a.shape[0], lengths, lab_len, found, self.ignore_longer_outputs_than_inputs
        )
        return Tensor._from(loss.astype(a.dtype)), Tensor._from(grad.astype(a.dtype))


@composite(static_argnames=("collapse", "merge"))
def _ctc_sparse_loss_and_grad(
    a: Any, idx: Any, vals: Any, lengths: Any, *, collapse: bool, merge: bool
) -> Any:
    """``CTCLoss``'s per-sample losses over logits ``a`` and their gradient, the blank last, from
    its sparse labels (one program), as MindSpore's kernel computes them (``_ctc_kernel``).
    The loss's own gradient is the kernel's gradient output (MindSpore's bprop of CTCLoss),
    the gradient output has none. Also the label lengths and what its checks read."""
    dense, lab_len, found = _ctc_sparse_labels(idx, vals, a.shape[1], a.shape[2], collapse)
    loss, grad = _ctc_kernel(a, dense, lab_len, lengths, merge)
    grad = lax.stop_gradient(grad)
    x = a.astype(grad.dtype)
    loss = lax.stop_gradient(loss) + jnp.sum((x - lax.stop_gradient(x)) * grad, axis=(0, 2))
    return loss, grad, lab_len, found


class MultilabelMarginLoss(TablePrimitive):
    r"""``MultilabelMarginLoss(reduction='mean')(x, target) -> (y, is_target)``: the multi-label
    hinge loss (``ops.multilabel_margin_loss``) and the 0/1 map of each sample's target classes
    (the target lists end at the first -1).

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **x** (Tensor) - :math:`(C,)` or :math:`(N, C)` float.
        - **target** (Tensor) - int32, the shape of ``x``.

    Outputs:
        Tuple ``(y, is_target)``; ``is_target`` is int32 with the shape of ``target``.

    Raises:
        ValueError: ``reduction`` is unknown or the shapes differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[0.1, 0.2, 0.4, 0.8]])
        >>> y, is_target = ops.MultilabelMarginLoss()(x, ms.Tensor([[3, 0, -1, 1]], ms.int32))
        >>> print(y, is_target)
        0.85 [[1 0 0 1]]
    """

    _params = (("reduction", "mean"),)

    def _init(self) -> None:
        V.check_one_of(self.reduction, ["none", "mean", "sum"], "reduction", "MultilabelMarginLoss")

    def __call__(self, x: Any, target: Any) -> tuple[Tensor, Tensor]:
        from deepsink.ops.function.loss_func import multilabel_margin_loss

        t = U.array(target, "MultilabelMarginLoss", "target").astype(jnp.int32)
        loss = multilabel_margin_loss(x, target, self.reduction)
        t2 = t.reshape(-1, t.shape[-1])
        live = jnp.cumprod(t2 >= 0, axis=1).astype(bool)  # the entries before the first -1
        c = t2.shape[1]
        hits = (t2[:, :, None] == jnp.arange(c)[None, None]) & live[:, :, None]
        is_target = jnp.any(hits, axis=1).astype(jnp.int32).reshape(t.shape)
        return loss, Tensor._from(is_target)


class DepthwiseConv2dNative(TablePrimitive):
    r"""``DepthwiseConv2dNative(channel_multiplier, kernel_size, mode=3, pad_mode='valid',
    pad=0, stride=1, dilation=1, group=1)(x, weight)``: each input channel convolved with its own
    ``channel_multiplier`` filters; ``weight`` is :math:`(channel\_multiplier, C, kH, kW)` and
    output channel ``c * channel_multiplier + m`` is channel ``c``'s filter ``m``.

    Args:
        channel_multiplier (int): filters per input channel.
        kernel_size (Union[int, tuple[int]]): the window.
        mode (int): only ``3`` (depthwise). Default: ``3``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int]]): 1 or 4 ints for ``'pad'``. Default: ``0``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): unused by the depthwise computation (MindSpore's signature). Default: ``1``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C, H, W)`.
        - **weight** (Tensor) - :math:`(channel\_multiplier, C, kH, kW)`.

    Outputs:
        Tensor of shape :math:`(N, C \cdot channel\_multiplier, H_{out}, W_{out})`.

    Raises:
        ValueError: ``mode`` is not 3 or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 2, 3, 3), np.float32))
        >>> w = ms.Tensor(np.ones((1, 2, 2, 2), np.float32))
        >>> print(ops.DepthwiseConv2dNative(1, 2)(x, w).shape)
        (1, 2, 2, 2)
    """

    _params = (
        ("channel_multiplier", REQUIRED),
        ("kernel_size", REQUIRED),
        ("mode", 3),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("stride", 1),
        ("dilation", 1),
        ("group", 1),
    )

    def _init(self) -> None:
        if self.mode != 3:
            U.fail("DepthwiseConv2dNative", f"'mode' must be 3, but got {self.mode!r}")

    def __call__(self, x: Any, weight: Any) -> Tensor:
        from deepsink.ops.function.nn_func import conv2d

        a = U.array(x, "DepthwiseConv2dNative", "x")
        w = U.array(weight, "DepthwiseConv2dNative", "weight")
        m = self.channel_multiplier
        if w.ndim != 4 or w.shape[:2] != (m, a.shape[1]):
            U.fail(
                "DepthwiseConv2dNative",
                f"'weight' must have shape [{m}, {a.shape[1]}, kH, kW], but got {list(w.shape)}",
            )
        oihw = jnp.swapaxes(w, 0, 1).reshape(a.shape[1] * m, 1, *w.shape[2:])
        return conv2d(
            x,
            Tensor._from(oihw),
            None,
            self.stride,
            str(self.pad_mode).lower(),
            self.pad,
            self.dilation,
            a.shape[1],
        )


class ResizeArea(TablePrimitive):
    r"""``ResizeArea(align_corners=False)(images, size)``: area resampling of NHWC ``images``
    to ``size``: each output pixel is the coverage-weighted mean of the input pixels its box
    spans (TensorFlow's ``resize_area``); the result is float32.

    Args:
        align_corners (bool): scale by ``(in - 1) / (out - 1)``. Default: ``False``.

    Inputs:
        - **images** (Tensor) - :math:`(N, H, W, C)`.
        - **size** (Tensor) - int32 (new_height, new_width).

    Outputs:
        Float32 Tensor of shape :math:`(N, new\_height, new\_width, C)`.

    Raises:
        TypeError: ``align_corners`` is not a bool.
        ValueError: ``images`` is not 4-D or ``size`` is not 2 positive ints.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4.0).reshape(1, 2, 2, 1), ms.float32)
        >>> print(ops.ResizeArea()(x, ms.Tensor([1, 1], ms.int32)).reshape(-1))
        [1.5]
    """

    _params = (("align_corners", False),)

    def _init(self) -> None:
        V.check_bool(self.align_corners, "align_corners", "ResizeArea")

    def __call__(self, images: Any, size: Any) -> Tensor:
        from deepsink.ops.function.resize_func import area_weights

        a = U.array(images, "ResizeArea", "images").astype(jnp.float32)
        if a.ndim != 4:
            U.fail("ResizeArea", f"'images' must be 4-D (N, H, W, C), but got {a.ndim}-D")
        h, w = _size_pair(size, 2, "ResizeArea")
        wy = jnp.asarray(area_weights(h, a.shape[1], self.align_corners), jnp.float32)
        wx = jnp.asarray(area_weights(w, a.shape[2], self.align_corners), jnp.float32)
        return Tensor._from(jnp.einsum("ih,nhwc,jw->nijc", wy, a, wx))


class CTCLossV2(TablePrimitive):
    r"""``CTCLossV2(blank=0, reduction='none', zero_infinity=False)(log_probs, targets,
    input_lengths, target_lengths) -> (neg_log_likelihood, log_alpha)``: PyTorch-style CTC over
    log-probabilities :math:`(T, B, C)` and padded targets :math:`(B, S)`, with the forward
    variables :math:`\log\alpha` :math:`(B, T, 2S + 1)` (``-inf`` past each sequence).

    Args:
        blank (int): the blank class. Default: ``0``.
        reduction (str): only ``'none'`` (as MindSpore 2.10). Default: ``'none'``.
        zero_infinity (bool): infinite losses become 0. Default: ``False``.

    Inputs:
        - **log_probs** (Tensor) - :math:`(T, B, C)`.
        - **targets** (Tensor) - :math:`(B, S)` int.
        - **input_lengths** (Tensor) - :math:`(B,)` int.
        - **target_lengths** (Tensor) - :math:`(B,)` int.

    Outputs:
        Tuple ``(neg_log_likelihood, log_alpha)``.

    Raises:
        ValueError: ``reduction`` is not ``'none'`` or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> lp = ms.Tensor(np.log(np.full((2, 1, 3), 1 / 3, np.float32)))
        >>> nll, alpha = ops.CTCLossV2()(lp, ms.Tensor([[1]], ms.int32), ms.Tensor([2], ms.int32),
        ...                              ms.Tensor([1], ms.int32))
        >>> print(nll, alpha.shape)
        [1.0986123] (1, 2, 3)
    """

    _params = (("blank", 0), ("reduction", "none"), ("zero_infinity", False))

    def _init(self) -> None:
        if self.reduction != "none":
            U.fail(
                "CTCLossV2",
                f"the 'reduction' must be str and must be in '['none']', but got {self.reduction!r}",
            )

    def __call__(
        self, log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any
    ) -> tuple[Tensor, Tensor]:
        lp, t, in_len, tg_len = _ctc_inputs(
            log_probs, targets, input_lengths, target_lengths, "CTCLossV2"
        )
        zero_infinity = bool(self.zero_infinity)
        nll, alpha = _ctc_loss(
            lp, t, in_len, tg_len, blank=self.blank, reduction="none", zero_infinity=zero_infinity
        )
        return Tensor._from(nll), Tensor._from(alpha)


class BatchNorm(TablePrimitive):
    r"""``BatchNorm(is_training=False, epsilon=1e-5, momentum=0.1, data_format='NCHW')
    (input_x, scale, bias, mean, variance)``: batch normalization over the channel axis.

    In training the batch statistics normalize, and ``mean``/``variance`` (Parameters) are
    updated in place: ``moving = (1 - momentum) * moving + momentum * batch`` (the unbiased
    batch variance); in inference ``mean``/``variance`` normalize. The five outputs are laid out
    as MindSpore 2.10's CPU kernel returns them: ``(y, zeros, zeros, batch_mean,
    batch_variance)`` in training, ``(y, zeros, zeros, zeros, zeros)`` in inference.

    Args:
        is_training (bool): use and update the batch statistics. Default: ``False``.
        epsilon (float): added to the variance. Default: ``1e-5``.
        momentum (float): the moving statistics' update rate, in [0, 1]. Default: ``0.1``.
        data_format (str): ``'NCHW'`` (channel axis 1) or ``'NHWC'``. Default: ``'NCHW'``.

    Inputs:
        - **input_x** (Tensor) - 2-D or 4-D.
        - **scale** (Tensor) - :math:`(C,)`.
        - **bias** (Tensor) - :math:`(C,)`.
        - **mean** (Union[Tensor, Parameter]) - :math:`(C,)` moving mean.
        - **variance** (Union[Tensor, Parameter]) - :math:`(C,)` moving variance.

    Outputs:
        Tuple of 5 Tensors: ``y`` and four :math:`(C,)` statistics.

    Raises:
        TypeError: ``is_training`` is not a bool.
        ValueError: ``momentum`` is outside [0, 1] or ``data_format`` unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((2, 2), np.float32))
        >>> one, zero = ms.Tensor(np.ones(2, np.float32)), ms.Tensor(np.zeros(2, np.float32))
        >>> print(ops.BatchNorm()(x, one, zero, zero, one)[0])
        [[0.999995 0.999995]
         [0.999995 0.999995]]
    """

    _params = (
        ("is_training", False),
        ("epsilon", 1e-5),
        ("momentum", 0.1),
        ("data_format", "NCHW"),
    )

    def _init(self) -> None:
        V.check_bool(self.is_training, "is_training", "BatchNorm")
        if not 0 <= self.momentum <= 1:
            U.fail("BatchNorm", f"'momentum' must be in range [0, 1], but got {self.momentum}")
        if self.data_format not in ("NCHW", "NHWC"):
            U.fail(
                "BatchNorm", f"'data_format' must be 'NCHW' or 'NHWC', but got {self.data_format!r}"
            )

    def __call__(self, input_x: Any, scale: Any, bias: Any, mean: Any, variance: Any) -> tuple:
        from deepsink.common.parameter import Parameter

        a = U.floating(U.array(input_x, "BatchNorm", "input_x"))
        c_axis = 1 if self.data_format == "NCHW" or a.ndim == 2 else a.ndim - 1
        axes = tuple(i for i in range(a.ndim) if i != c_axis)
        shape = [1] * a.ndim
        shape[c_axis] = a.shape[c_axis]
        g, b, m, v = (
            U.array(t, "BatchNorm", n).astype(a.dtype).reshape(shape)
            for t, n in ((scale, "scale"), (bias, "bias"), (mean, "mean"), (variance, "variance"))
        )
        zeros = jnp.zeros((a.shape[c_axis],), a.dtype)
        if not self.is_training:
            y = (a - m) / jnp.sqrt(v + self.epsilon) * g + b
            return (Tensor._from(y),) + tuple(Tensor._from(zeros) for _ in range(4))
        bm = jnp.mean(a, axis=axes)
        bv = jnp.var(a, axis=axes)
        y = (a - bm.reshape(shape)) / jnp.sqrt(bv.reshape(shape) + self.epsilon) * g + b
        n = a.size // a.shape[c_axis]
        unbiased = bv * n / max(n - 1, 1)
        mom = self.momentum
        for target, batch in ((mean, bm), (variance, unbiased)):
            if isinstance(target, Parameter):
                old = target._data
                target._data = ((1 - mom) * old + mom * jax.lax.stop_gradient(batch)).astype(
                    old.dtype
                )
        return (
            Tensor._from(y),
            Tensor._from(zeros),
            Tensor._from(zeros),
            Tensor._from(bm),
            Tensor._from(bv),
        )


class DataFormatDimMap(TablePrimitive):
    r"""Returns the dimension index in the destination data format given in the source data format.

    Each element ``x`` of the input is an axis of ``src_format`` (taken modulo 4, so -4..-1 count
    from the end); the output is where the axis ``dst_format[x]`` sits in ``src_format``.

    Args:
        src_format (str): ``'NHWC'`` or ``'NCHW'``. Default ``'NHWC'``.
        dst_format (str): ``'NHWC'`` or ``'NCHW'``. Default ``'NCHW'``.

    Inputs:
        - **input_x** (Tensor) - int32 or int64 dimension indices.

    Outputs:
        Tensor of the same shape and dtype as ``input_x``.

    Raises:
        TypeError: If a format is not a str, or ``input_x`` is not an int32/int64 Tensor.
        ValueError: If a format is not ``'NHWC'`` or ``'NCHW'``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([0, 1, 2, 3, -1], ms.int32)
        >>> print(ops.DataFormatDimMap()(x))
        [0 3 1 2 2]
    """

    _params = (("src_format", "NHWC"), ("dst_format", "NCHW"))

    def _init(self) -> None:
        for arg, v in (("src_format", self.src_format), ("dst_format", self.dst_format)):
            if not isinstance(v, str):
                U.fail(
                    "DataFormatDimMap",
                    f"'{arg}' must be a str, but got {type(v).__name__}",
                    TypeError,
                )
            if v not in ("NHWC", "NCHW"):
                U.fail(
                    "DataFormatDimMap",
                    f"the '{arg}' must be str and must be in ['NHWC', 'NCHW'], but got '{v}'",
                )
        self._table = np.array([self.src_format.index(c) for c in self.dst_format])

    def __call__(self, input_x: Any) -> Tensor:
        if not isinstance(input_x, Tensor):
            U.fail(
                "DataFormatDimMap",
                f"'input_x' must be a Tensor, but got {type(input_x).__name__}",
                TypeError,
            )
        x = input_x._data
        if x.dtype not in (jnp.int32, jnp.int64):
            U.fail(
                "DataFormatDimMap",
                f"'input_x' must be a Tensor of int32 or int64, but got {input_x.dtype}",
                TypeError,
            )
        return Tensor._from(jnp.asarray(self._table, x.dtype)[jnp.mod(x, 4)])
