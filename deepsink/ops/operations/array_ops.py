"""MindSpore's ``mindspore.ops.operations.array_ops``: the array primitive classes.

The classes defined here are the array primitives added on top of those in the package
(``deepsink.ops.operations``); the package's others (``Reshape``, ``Gather``, ``StridedSlice``,
...) are found here too.
"""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import array_func as A
from deepsink.ops.function import layout_func as Lay
from deepsink.ops.function import scatter_func as S
from deepsink.ops.primitive import Primitive, prim_attr_register


class _Diagonal(Primitive):
    _fn: Any

    @prim_attr_register
    def __init__(self, diagonal: int = 0) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return type(self)._fn(x, self.diagonal)


class Tril(_Diagonal):
    """``Tril(diagonal=0)(x)``: the lower triangle."""

    _fn = staticmethod(Lay.tril)


class Triu(_Diagonal):
    """``Triu(diagonal=0)(x)``: the upper triangle."""

    _fn = staticmethod(Lay.triu)


class Trace(Primitive):
    """``Trace()(x)``: the sum of the main diagonal of a matrix."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return Lay.trace(x)


class Roll(Primitive):
    """``Roll(shift, axis)(x)``: shift elements along ``axis``, wrapping around."""

    @prim_attr_register
    def __init__(self, shift: Any, axis: Any) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return Lay.roll(x, self.shift, self.axis)


class ReverseV2(Primitive):
    """``ReverseV2(axis)(x)``: reverse the order along each of ``axis``."""

    @prim_attr_register
    def __init__(self, axis: Any) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return A.flip(U.array(x, "ReverseV2"), tuple(self.axis))


class Meshgrid(Primitive):
    """``Meshgrid(indexing="xy")(inputs)``: coordinate grids from 1-D Tensors."""

    @prim_attr_register
    def __init__(self, indexing: str = "xy") -> None:
        pass

    def __call__(self, inputs: Any) -> tuple[Tensor, ...]:
        return Lay.meshgrid(*inputs, indexing=self.indexing)


class Diag(Primitive):
    """``Diag()(x)``: an input of shape S becomes S + S with the input on the diagonal."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return Lay.diag(x)


class GatherNd(Primitive):
    """``GatherNd()(input_x, indices)``: ``ops.gather_nd``."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, input_x: Any, indices: Any) -> Tensor:
        return S.gather_nd(input_x, indices)


class ScatterNd(Primitive):
    """``ScatterNd()(indices, updates, shape)``: ``ops.scatter_nd``."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, indices: Any, updates: Any, shape: Any) -> Tensor:
        return S.scatter_nd(indices, updates, shape)


class _TensorScatter(Primitive):
    _fn: Any

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Tensor:
        return type(self)._fn(input_x, indices, updates)


def _scatter_prim(name: str, fn: Any) -> type:
    cls = type(name, (_TensorScatter,), {"_fn": staticmethod(fn),
                                         "__doc__": f"``{name}()(input_x, indices, updates)``."})  # fmt: skip
    cls.__module__ = __name__
    return cls


TensorScatterUpdate = _scatter_prim("TensorScatterUpdate", S.tensor_scatter_update)
TensorScatterAdd = _scatter_prim("TensorScatterAdd", S.tensor_scatter_add)
TensorScatterSub = _scatter_prim("TensorScatterSub", S.tensor_scatter_sub)
TensorScatterMul = _scatter_prim("TensorScatterMul", S.tensor_scatter_mul)
TensorScatterDiv = _scatter_prim("TensorScatterDiv", S.tensor_scatter_div)
TensorScatterMax = _scatter_prim("TensorScatterMax", S.tensor_scatter_max)
TensorScatterMin = _scatter_prim("TensorScatterMin", S.tensor_scatter_min)


class _Segment(Primitive):
    _fn: Any

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, input_x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
        return type(self)._fn(input_x, segment_ids, num_segments)


def _segment_prim(name: str, fn: Any) -> type:
    cls = type(name, (_Segment,), {"_fn": staticmethod(fn),
                                   "__doc__": f"``{name}()(input_x, segment_ids, num_segments)``."})  # fmt: skip
    cls.__module__ = __name__
    return cls


UnsortedSegmentSum = _segment_prim("UnsortedSegmentSum", S.unsorted_segment_sum)
UnsortedSegmentMax = _segment_prim("UnsortedSegmentMax", S.unsorted_segment_max)
UnsortedSegmentMin = _segment_prim("UnsortedSegmentMin", S.unsorted_segment_min)
UnsortedSegmentProd = _segment_prim("UnsortedSegmentProd", S.unsorted_segment_prod)


class NonZero(Primitive):
    """``NonZero()(x)``: the (N, ndim) Int64 coordinates of the non-zero elements."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return S.nonzero(x)


class MaskedSelect(Primitive):
    """``MaskedSelect()(x, mask)``: the elements where ``mask`` is True, 1-D."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any, mask: Any) -> Tensor:
        return S.masked_select(x, mask)


def __getattr__(name: str) -> Any:
    """The package's other array primitives (``Reshape``, ``Gather``, ...) by MindSpore's path."""
    from deepsink.ops import operations

    try:
        return getattr(operations, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
