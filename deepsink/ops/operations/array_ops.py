"""MindSpore's ``mindspore.ops.operations.array_ops``: the array primitive classes.

The classes defined here are the array primitives added on top of those in the package
(``deepsink.ops.operations``); the package's others (``Reshape``, ``Gather``, ``StridedSlice``,
...) are found here too.
"""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops._table_primitive import forwarding as _forwarding
from deepsink.ops.function import array_func as A
from deepsink.ops.function import layout_func as Lay
from deepsink.ops.function import scatter_func as S
from deepsink.ops.operations._by_path import operations_getattr


class _Diagonal(TablePrimitive):
    _fn: Any

    _params = (("diagonal", 0),)

    def __call__(self, x: Any) -> Tensor:
        return type(self)._fn(x, self.diagonal)


class Tril(_Diagonal):
    """``Tril(diagonal=0)(x)``: the lower triangle."""

    _fn = staticmethod(Lay.tril)


class Triu(_Diagonal):
    """``Triu(diagonal=0)(x)``: the upper triangle."""

    _fn = staticmethod(Lay.triu)


Trace = _forwarding(
    "Trace",
    Lay.trace,
    "x",
    __name__,
    """``Trace()(x)``: the sum of the main diagonal of a matrix.""",
)


class Roll(TablePrimitive):
    """``Roll(shift, axis)(x)``: shift elements along ``axis``, wrapping around."""

    _params = (("shift", REQUIRED), ("axis", REQUIRED))

    def __call__(self, x: Any) -> Tensor:
        return Lay.roll(x, self.shift, self.axis)


class ReverseV2(TablePrimitive):
    """``ReverseV2(axis)(x)``: reverse the order along each of ``axis``."""

    _params = (("axis", REQUIRED),)

    def __call__(self, x: Any) -> Tensor:
        return A.flip(U.array(x, "ReverseV2"), tuple(self.axis))


class Meshgrid(TablePrimitive):
    """``Meshgrid(indexing="xy")(inputs)``: coordinate grids from 1-D Tensors."""

    _params = (("indexing", "xy"),)

    def __call__(self, inputs: Any) -> tuple[Tensor, ...]:
        return Lay.meshgrid(*inputs, indexing=self.indexing)


Diag = _forwarding(
    "Diag",
    Lay.diag,
    "x",
    __name__,
    """``Diag()(x)``: an input of shape S becomes S + S with the input on the diagonal.""",
)


GatherNd = _forwarding(
    "GatherNd",
    S.gather_nd,
    "input_x, indices",
    __name__,
    """``GatherNd()(input_x, indices)``: ``ops.gather_nd``.""",
)


ScatterNd = _forwarding(
    "ScatterNd",
    S.scatter_nd,
    "indices, updates, shape",
    __name__,
    """``ScatterNd()(indices, updates, shape)``: ``ops.scatter_nd``.""",
)


TensorScatterUpdate = _forwarding(
    "TensorScatterUpdate", S.tensor_scatter_update, "input_x, indices, updates", __name__
)
TensorScatterAdd = _forwarding(
    "TensorScatterAdd", S.tensor_scatter_add, "input_x, indices, updates", __name__
)
TensorScatterSub = _forwarding(
    "TensorScatterSub", S.tensor_scatter_sub, "input_x, indices, updates", __name__
)
TensorScatterMul = _forwarding(
    "TensorScatterMul", S.tensor_scatter_mul, "input_x, indices, updates", __name__
)
TensorScatterDiv = _forwarding(
    "TensorScatterDiv", S.tensor_scatter_div, "input_x, indices, updates", __name__
)
TensorScatterMax = _forwarding(
    "TensorScatterMax", S.tensor_scatter_max, "input_x, indices, updates", __name__
)
TensorScatterMin = _forwarding(
    "TensorScatterMin", S.tensor_scatter_min, "input_x, indices, updates", __name__
)


UnsortedSegmentSum = _forwarding(
    "UnsortedSegmentSum", S.unsorted_segment_sum, "input_x, segment_ids, num_segments", __name__
)
UnsortedSegmentMax = _forwarding(
    "UnsortedSegmentMax", S.unsorted_segment_max, "input_x, segment_ids, num_segments", __name__
)
UnsortedSegmentMin = _forwarding(
    "UnsortedSegmentMin", S.unsorted_segment_min, "input_x, segment_ids, num_segments", __name__
)
UnsortedSegmentProd = _forwarding(
    "UnsortedSegmentProd", S.unsorted_segment_prod, "input_x, segment_ids, num_segments", __name__
)


NonZero = _forwarding(
    "NonZero",
    S.nonzero,
    "x",
    __name__,
    """``NonZero()(x)``: the (N, ndim) Int64 coordinates of the non-zero elements.""",
)


MaskedSelect = _forwarding(
    "MaskedSelect",
    S.masked_select,
    "x, mask",
    __name__,
    """``MaskedSelect()(x, mask)``: the elements where ``mask`` is True, 1-D.""",
)


__getattr__ = operations_getattr(__name__)


# --- CountNonZero, EditDistance, ExtractVolumePatches ------------------------------------------
from deepsink._core import validate as _V  # noqa: E402
from deepsink.common import dtype as _mstype  # noqa: E402
from deepsink.ops.function import linalg_reduce_func as _LR  # noqa: E402
from deepsink.ops.function import patch_func as _PF  # noqa: E402
from deepsink.ops.function import sequence_func as _SQ  # noqa: E402


class CountNonZero(TablePrimitive):
    """Counts the non-zero elements of the input over ``dims`` (all axes when ``None``).

    Args:
        dims (Union[int, tuple[int], list[int]], optional): The axes to reduce. Default: ``None``.

    Inputs:
        - **x** (Tensor) - The input, of any numeric or Bool dtype.

    Outputs:
        Int64 Tensor, ``x``'s shape without ``dims``.

    Raises:
        TypeError: If ``dims`` is not an int, tuple or list of ints.
        ValueError: If an axis is out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[0, 1, 0], [2, 3, 0]], ms.int32)
        >>> print(ops.CountNonZero(dims=1)(x))
        [1 2]
    """

    _params = (("dims", None),)

    def _init(self) -> None:
        ok = (
            self.dims is None
            or (isinstance(self.dims, int) and (not isinstance(self.dims, bool)))
            or (
                isinstance(self.dims, tuple | list)
                and all(isinstance(d, int) and (not isinstance(d, bool)) for d in self.dims)
            )
        )
        if not ok:
            _V.fail_arg(
                self.name, "dims", "None, an int or a tuple/list of ints", self.dims, TypeError
            )

    def __call__(self, x: Any) -> Tensor:
        axis = () if self.dims is None else self.dims
        axis = tuple(axis) if isinstance(axis, list) else axis
        return _LR.count_nonzero(x, axis, False, _mstype.int64)


class EditDistance(TablePrimitive):
    """The Levenshtein distance between the sequences of two sparse Tensors (each given as COO
    ``indices``, ``values`` and dense ``shape``; a sequence runs along the last axis).

    Args:
        normalize (bool, optional): Divide each distance by the truth's length. Default: ``True``.

    Inputs:
        - **hypothesis_indices** (Tensor) - Int64 ``(N, R)``.
        - **hypothesis_values** (Tensor) - ``(N,)``.
        - **hypothesis_shape** (Tensor) - Int64 ``(R,)``.
        - **truth_indices** (Tensor) - Int64 ``(M, R)``.
        - **truth_values** (Tensor) - ``(M,)``, the hypothesis values' dtype.
        - **truth_shape** (Tensor) - Int64 ``(R,)``.

    Outputs:
        Float32 Tensor of shape ``max(hypothesis_shape, truth_shape)[:-1]``.

    Raises:
        TypeError: If ``normalize`` is not a bool, or the indices/shapes are not integer Tensors.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> i64 = lambda v: ms.Tensor(np.array(v, np.int64))
        >>> out = ops.EditDistance(normalize=False)(i64([[0, 0], [0, 1]]),
        ...     ms.Tensor([1.0, 2.0]), i64([1, 2]), i64([[0, 0]]), ms.Tensor([2.0]), i64([1, 2]))
        >>> print(out)
        [1.]
    """

    _params = (("normalize", True),)

    def _init(self) -> None:
        if not isinstance(self.normalize, bool):
            U.fail(
                self.name,
                f"the type of 'normalize' should be 'bool', but got type '{type(self.normalize).__name__}'.",
                TypeError,
            )

    def __call__(
        self,
        hypothesis_indices: Any,
        hypothesis_values: Any,
        hypothesis_shape: Any,
        truth_indices: Any,
        truth_values: Any,
        truth_shape: Any,
    ) -> Tensor:
        return _SQ.edit_distance(
            hypothesis_indices,
            hypothesis_values,
            hypothesis_shape,
            truth_indices,
            truth_values,
            truth_shape,
            self.normalize,
        )


def _five_ints(name: str, value: Any, api: str) -> tuple:
    if (
        not isinstance(value, tuple | list)
        or len(value) != 5
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        _V.fail_arg(api, name, "a tuple of 5 ints", value, TypeError)
    for i in (0, 1):
        if value[i] != 1:
            U.fail(
                api,
                f"the '{name}[{i}]' must be int and must = 1, but got '{value[i]}' "
                f"with type 'int'.",
            )
    for i in (2, 3, 4):
        if value[i] <= 0:
            U.fail(api, f"the '{name}[{i}]' must be a positive int, but got {value[i]}")
    return tuple(value)


class ExtractVolumePatches(TablePrimitive):
    """Extracts the ``(kd, kh, kw)`` patches of an NCDHW input into the channel axis (the input
    channel varying fastest, as TensorFlow's ``extract_volume_patches``).

    Args:
        kernel_size (Union[tuple[int], list[int]]): ``(1, 1, kd, kh, kw)``.
        strides (Union[tuple[int], list[int]]): ``(1, 1, sd, sh, sw)``.
        padding (str): ``"VALID"`` or ``"SAME"`` (either case).

    Inputs:
        - **input_x** (Tensor) - ``(N, C, D, H, W)``.

    Outputs:
        Tensor ``(N, C*kd*kh*kw, D', H', W')``, ``input_x``'s dtype.

    Raises:
        TypeError: If ``kernel_size`` or ``strides`` is not a tuple/list of 5 ints.
        ValueError: If their first two entries are not 1 or ``padding`` is not VALID/SAME.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(8.0).reshape(1, 1, 2, 2, 2), ms.float32)
        >>> y = ops.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "VALID")(x)
        >>> print(y.shape, y.reshape(-1))
        (1, 8, 1, 1, 1) [0. 1. 2. 3. 4. 5. 6. 7.]
    """

    _params = (("kernel_size", REQUIRED), ("strides", REQUIRED), ("padding", REQUIRED))

    def _init(self) -> None:
        _five_ints("kernel_size", self.kernel_size, self.name)
        _five_ints("strides", self.strides, self.name)
        if not isinstance(self.padding, str) or self.padding.upper() not in ("VALID", "SAME"):
            U.fail(
                self.name,
                f"the 'padding' must be str and must be in '['VALID', 'SAME']', but got '{str(self.padding).upper()}'.",
            )

    def __call__(self, input_x: Any) -> Tensor:
        return _PF.extract_volume_patches(
            input_x, tuple(self.kernel_size), tuple(self.strides), self.padding
        )
