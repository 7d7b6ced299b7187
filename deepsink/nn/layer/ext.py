"""MindSpore's ``*Ext`` layers: the PyTorch-style Cells that ``mindspore.mint.nn`` exports under
PyTorch's names (``nn.LayerNormExt`` is ``mint.nn.LayerNorm``). Those ``mint.nn`` already has are
re-exported under their ``nn`` names by ``deepsink.nn``; the rest are defined here and ``mint.nn``
exports them, so each computation has one implementation."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink._core.validate import check_bool, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.initializer import Normal, initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.nn.layer.pooling import MaxPool2d
from deepsink.ops import _utils as U
from deepsink.ops.function import nn_func


def _probability(p: Any, api: str) -> float:
    if isinstance(p, bool) or not isinstance(p, int | float):
        fail_arg(api, "p", "a float", p, TypeError)
    return float(p)


class DropoutExt(Cell):
    r"""Dropout as PyTorch's: in training, each element is zeroed with probability ``p`` and the
    rest are scaled by :math:`1/(1-p)`; in evaluation the input is returned unchanged.

    Args:
        p (float): the probability of an element being zeroed. Default: ``0.5``.
        inplace (bool): write the result into the input Tensor. Default: ``False``.

    Inputs:
        - **input** (Tensor) - any shape.

    Outputs:
        Tensor, the shape and dtype of ``input``.

    Raises:
        TypeError: ``p`` is not a float, or ``inplace`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.DropoutExt(p=0.5)
        >>> _ = net.set_train(False)
        >>> print(net(ms.Tensor(np.ones((2, 2), np.float32))))
        [[1. 1.]
         [1. 1.]]
    """

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        self.p = _probability(p, type(self).__name__)
        self.inplace = check_bool(inplace, "inplace", type(self).__name__)

    def construct(self, input: Tensor) -> Tensor:
        r = nn_func.dropout_ext(input, self.p, self.training)
        return U.write_into(input, r) if self.inplace else r

    # 2.10's DropoutExt prints no arguments (Cell's empty extend_repr)


class Dropout2dExt(DropoutExt):
    r"""Channel dropout as PyTorch's ``Dropout2d``: in training, each whole channel (dim 1 of
    :math:`(N, C, H, W)`) is zeroed with probability ``p`` and the rest scaled by :math:`1/(1-p)`.

    Args:
        p (float): the probability of a channel being zeroed. Default: ``0.5``.
        inplace (bool): write the result into the input Tensor. Default: ``False``.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the shape and dtype of ``input``.

    Raises:
        TypeError: ``p`` is not a float, or ``inplace`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dropout2dExt(p=0.5)
        >>> _ = net.set_train(False)
        >>> print(net(ms.Tensor(np.ones((1, 2, 1, 1), np.float32))).shape)
        (1, 2, 1, 1)
    """

    def construct(self, input: Tensor) -> Tensor:
        if not self.training or self.p == 0:
            return input
        r = ops.dropout2d(input, self.p, self.training)
        return U.write_into(input, r) if self.inplace else r


class EmbeddingExt(Cell):
    r"""A lookup table as PyTorch's ``Embedding``: the rows of ``weight`` (drawn from
    :math:`N(0, 1)`, the ``padding_idx`` row zero) at the given indices.

    Args:
        num_embeddings (int): the number of rows.
        embedding_dim (int): the size of each row.
        padding_idx (int, optional): a row that is zero at initialization and gets no gradient.
            Must be in ``[-num_embeddings, num_embeddings)``. Default: ``None``.
        max_norm (float, optional): looked-up rows with a larger ``norm_type``-norm are rescaled
            to it. Default: ``None``.
        norm_type (float): the norm's order for ``max_norm``. Default: ``2.0``.
        scale_grad_by_freq (bool): not supported (NotImplementedError at run). Default: ``False``.
        sparse (bool): sparse gradients; MindSpore 2.10 does not support them either, so ``True``
            raises ``NotImplementedError``. Default: ``False``.
        _weight (Tensor, optional): the initial weight, shape
            ``(num_embeddings, embedding_dim)``. Default: ``None``.
        _freeze (bool): the weight is not trained. Default: ``False``.
        dtype (mindspore.dtype, optional): the weight's dtype. Default: ``None`` (float32).

    Inputs:
        - **input** (Tensor) - integer indices, any shape.

    Outputs:
        Tensor of shape ``input.shape + (embedding_dim,)``.

    Raises:
        ValueError: ``padding_idx`` is out of range, or ``_weight`` has the wrong shape.
        NotImplementedError: ``sparse`` is True.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.EmbeddingExt(4, 2, _weight=ms.Tensor(np.arange(8.0).reshape(4, 2), ms.float32))
        >>> print(net(ms.Tensor([[3, 0]], ms.int32)))
        [[[6. 7.]
          [0. 1.]]]
    """

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        _weight: Any = None,
        _freeze: bool = False,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        api = "EmbeddingExt"
        if padding_idx is not None and not -num_embeddings <= padding_idx < num_embeddings:
            fail_arg(
                api, "padding_idx", f"in range [{-num_embeddings}, {num_embeddings})", padding_idx
            )
        if sparse:
            raise NotImplementedError(f"For '{api}', 'sparse=True' is not supported")
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        shape = (num_embeddings, embedding_dim)
        if _weight is None:
            data = initializer(Normal(1.0), shape, dtype or mstype.float32)
            if padding_idx is not None:
                rows = data.asnumpy().copy()
                rows[padding_idx] = 0
                data = Tensor(rows)
        else:
            if tuple(_weight.shape) != shape:
                fail_arg(api, "_weight", f"a Tensor of shape {shape}", tuple(_weight.shape))
            data = _weight
        self.weight = Parameter(data, name="weight", requires_grad=not _freeze)

    def construct(self, input: Tensor) -> Tensor:
        return ops.embedding(
            input,
            self.weight,
            self.padding_idx,
            self.max_norm,
            self.norm_type,
            self.scale_grad_by_freq,
        )

    def extend_repr(self) -> str:
        return (
            f"num_embeddings={self.num_embeddings}, embedding_dim={self.embedding_dim}, "
            f"padding_idx={self.padding_idx}, max_norm={self.max_norm}, "
            f"norm_type={self.norm_type}, scale_grad_by_freq={self.scale_grad_by_freq}, "
            f"dtype={self.weight.dtype}"
        )


class LayerNormExt(Cell):
    r"""Layer normalization as PyTorch's ``LayerNorm``: over the trailing ``normalized_shape``
    dims, :math:`(x - mean) / \sqrt{var + eps} * weight + bias` (``weight`` ones, ``bias`` zeros).

    Args:
        normalized_shape (Union[int, tuple[int], list[int]]): the trailing shape normalized.
        eps (float): added to the variance. Default: ``1e-5``.
        elementwise_affine (bool): learn ``weight`` (and ``bias``). Default: ``True``.
        bias (bool): learn ``bias`` (with ``elementwise_affine``). Default: ``True``.
        dtype (mindspore.dtype, optional): the Parameters' dtype. Default: ``None`` (float32).

    Inputs:
        - **input** (Tensor) - shape :math:`(*, *normalized\_shape)`.

    Outputs:
        Tensor, the shape and dtype of ``input``.

    Raises:
        ValueError: the input's trailing dims are not ``normalized_shape``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.LayerNormExt(2)
        >>> print(net(ms.Tensor(np.array([[1.0, 3.0]], np.float32))))
        [[-0.999995  0.999995]]
    """

    def __init__(
        self,
        normalized_shape: Any,
        eps: float = 1e-5,
        elementwise_affine: bool = True,
        bias: bool = True,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        shape = (
            (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        )
        self.normalized_shape, self.eps = shape, eps
        self.elementwise_affine = check_bool(
            elementwise_affine, "elementwise_affine", "LayerNormExt"
        )
        dt = dtype or mstype.float32
        self.weight = self.bias = None
        if elementwise_affine:
            self.weight = Parameter(initializer("ones", shape, dt), name="weight")
            if bias:
                self.bias = Parameter(initializer("zeros", shape, dt), name="bias")

    def construct(self, input: Tensor) -> Tensor:
        return ops.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extend_repr(self) -> str:
        return (
            f"normalized_shape={self.normalized_shape}, eps={self.eps}, "
            f"elementwise_affine={self.elementwise_affine}"
        )


class MaxPool2dExt(MaxPool2d):
    r"""2-D max pooling as PyTorch's ``MaxPool2d`` over :math:`(N, C, H, W)` or :math:`(C, H, W)`:
    explicit ``padding`` (with :math:`-\infty`), ``dilation``, ``ceil_mode`` and, with
    ``return_indices``, the flat (H*W) position of each maximum.

    Args:
        kernel_size (Union[int, tuple[int]]): the window. Default: ``1``.
        stride (Union[int, tuple[int]], optional): the step. Default: ``None`` (``kernel_size``).
        padding (Union[int, tuple[int]]): padding on both sides, at most half the window.
            Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default: ``1``.
        return_indices (bool): also return the argmax positions. Default: ``False``.
        ceil_mode (bool): round the output size up. Default: ``False``.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, H, W)` or :math:`(C, H, W)`.

    Outputs:
        Tensor, or ``(output, indices)`` with ``return_indices`` (indices Int64).

    Raises:
        ValueError: ``kernel_size``, ``stride`` or ``dilation`` is not positive.
        RuntimeError: ``padding`` is negative or more than half the window (as MindSpore's
            kernel).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.MaxPool2dExt(2)
        >>> print(net(ms.Tensor(np.arange(16.0).reshape(1, 1, 4, 4), ms.float32)))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    def __init__(
        self,
        kernel_size: Any = 1,
        stride: Any = None,
        padding: Any = 0,
        dilation: Any = 1,
        return_indices: bool = False,
        ceil_mode: bool = False,
    ) -> None:
        k = (kernel_size,) * 2 if isinstance(kernel_size, int) else tuple(kernel_size)
        p = (padding,) * 2 if isinstance(padding, int) else tuple(padding)
        if any(not isinstance(v, int) or v < 0 or 2 * v > w for v, w in zip(p, k)):
            fail_arg(
                "MaxPool2dExt",
                "padding",
                f"non-negative and at most half of kernel_size {k}",
                padding,
                RuntimeError,
            )
        super().__init__(
            kernel_size,
            kernel_size if stride is None else stride,
            "pad",
            padding,
            dilation,
            return_indices,
            ceil_mode,
        )

    def extend_repr(self) -> str:  # 2.10's MaxPool2dExt prints no arguments
        return ""
