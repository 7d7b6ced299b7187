"""Tensor methods MindSpore 2.10 users call, with its overloads (checked against real MindSpore)."""

from __future__ import annotations

import warnings

import jax
import numpy as np
import pytest

import deepsink.ops  # noqa: F401 - the delegated methods import it lazily anyway
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor


@pytest.fixture
def x() -> Tensor:
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def test_max_min_overloads(x) -> None:
    """``max(dim)``/``max(dim=..)``/``max(1, True)`` give (values, indices); ``axis=`` gives values."""
    assert x.max().shape == () and float(x.max()) == 5.0
    values, idx = x.max(1)
    assert values.asnumpy().tolist() == [2, 5] and idx.asnumpy().tolist() == [2, 2]
    assert idx.dtype == mstype.int64  # MindSpore 2.10: Int64 indices
    assert isinstance(x.max(dim=1), tuple) and [v.shape for v in x.max(1, True)] == [(2, 1)] * 2
    assert isinstance(x.max(axis=1), Tensor) and x.max(1, keepdims=True).shape == (2, 1)
    assert isinstance(x.max(axis=1, return_indices=True), tuple)
    assert x.max((0, 1)).shape == () and x.max(0, initial=10).asnumpy().tolist() == [10, 10, 10]
    assert x.min(0)[1].asnumpy().tolist() == [0, 0, 0] and x.min(axis=0).shape == (3,)


def test_max_min_positional_int_is_axis_in_graph_mode(x) -> None:
    """2.10's graph compiler resolves ``Tensor.max``/``min`` to its NumPy-style method: ``t.max(1)``
    gives the values (mindyolo's YOLOv5 loss compares it with a number); ``dim=`` still gives
    ``(values, indices)``. The same holds where a graph falls back to running op by op."""
    import deepsink as ms
    from deepsink import nn

    @ms.jit
    def values(t):
        return t.max(1) < 4.0, t.min(0), t.max(1, True), t.max(dim=1)

    below, low, keep, pair = values(x)
    assert below.asnumpy().tolist() == [True, False] and low.asnumpy().tolist() == [0, 1, 2]
    assert keep.shape == (2, 1) and isinstance(pair, tuple) and pair[1].asnumpy().tolist() == [2, 2]

    class Masked(nn.Cell):  # a value-dependent shape: GRAPH_MODE runs it op by op
        def construct(self, t):
            return t[t > 0.5].reshape(1, -1).max(1)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = Masked()(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert isinstance(out, Tensor) and out.asnumpy().tolist() == [5.0]
    assert isinstance(x.max(1), tuple)  # PyNative: (values, indices)


def test_reduction_spellings(x) -> None:
    assert x.sum(1).asnumpy().tolist() == [3, 12] and x.sum(dim=1).shape == (2,)
    assert x.sum(axis=1, keepdims=True).shape == (2, 1) and x.sum(1, True).shape == (2, 1)
    assert x.sum(1, mstype.float16).dtype == mstype.float16
    assert x.sum(1, keepdims=True, dtype=mstype.int32).dtype == mstype.int32
    assert x.sum(keepdim=True).shape == (1, 1) and float(x.sum(())) == 15.0
    assert x.mean(axis=1, keep_dims=True).shape == (2, 1) and x.mean(dim=1, keepdim=True).shape == (
        2,
        1,
    )
    assert float(x.mean((0, 1))) == 2.5 and x.prod(1, True).asnumpy().ravel().tolist() == [0, 60]
    assert x.all(1).asnumpy().tolist() == [False, True] and x.any(1, True).shape == (2, 1)
    assert Tensor(np.array([True, True])).sum().dtype == mstype.int64  # as MindSpore 2.10
    assert (
        Tensor(np.array([1, 2], np.int32)).mean().dtype == mstype.int32
    )  # truncates, as MindSpore
    with pytest.raises(
        TypeError, match=r"For 'Tensor.sum', 'axis' must be None, an int or a tuple"
    ):
        x.sum(1.5)


def test_argmax(x) -> None:
    assert int(x.argmax()) == 5 and x.argmax().dtype == mstype.int64  # Int64 in 2.10
    assert x.argmax(1).asnumpy().tolist() == [2, 2] and x.argmax(axis=1).shape == (2,)
    assert x.argmax(dim=1, keepdim=True).shape == (2, 1) and x.argmin(1, True).shape == (2, 1)


def test_delegated_methods(x) -> None:
    y = Tensor(np.ones((2, 3), np.float32))
    assert x.permute(1, 0).shape == (3, 2) and x.permute((1, 0)).shape == (3, 2)
    assert x.tile((2, 1)).shape == (4, 3) and x.tile(2, 1).shape == (4, 3)
    assert x.cumsum().asnumpy().tolist() == [0, 1, 3, 6, 10, 15] and x.cumsum(1).shape == (2, 3)
    assert x.add(y).asnumpy().tolist() == [[1, 2, 3], [4, 5, 6]] and x.sub(1).shape == (2, 3)
    assert x.expand_as(Tensor(np.zeros((4, 2, 3), np.float32))).shape == (4, 2, 3)
    assert x.expand((2, 2, 3)).shape == (2, 2, 3) and x.view_as(Tensor(np.zeros((3, 2)))).shape == (
        3,
        2,
    )
    assert x.where(x > 2, 0.0).asnumpy().tolist() == [[0, 0, 0], [3, 4, 5]]
    assert x.masked_fill(x > 2, 1.0).asnumpy().tolist() == [[0, 1, 2], [1, 1, 1]]
    assert x.gather(Tensor(np.array([1, 0], np.int32)), 1).asnumpy().tolist() == [[1, 0], [4, 3]]
    assert [t.shape for t in x.split(1, 1)] == [(2, 1)] * 3 and len(x.chunk(3, 1)) == 3
    assert x.topk(2)[1].asnumpy().tolist() == [[2, 1], [2, 1]] and x.sort()[0].shape == (2, 3)
    assert x.softmax(1).shape == (2, 3) and x.sigmoid().dtype == mstype.float32
    assert x.numel() == 6 and x.nelement() == 6 and x.dim() == 2 and x.is_floating_point()
    assert x.long().dtype == mstype.int64 and x.half().dtype == mstype.float16
    assert (
        x.bool().dtype == mstype.bool_
        and x.type_as(Tensor(np.ones(1, np.int32))).dtype == mstype.int32
    )
    assert x.ravel().shape == (6,) and x.t().shape == (3, 2) and x.tril().shape == (2, 3)
    assert x.new_zeros((2,)).dtype == mstype.float32 and x.new_full((2,), 3).asnumpy().tolist() == [
        3,
        3,
    ]
    assert x.isclose(x).asnumpy().all() and x.eq(x).asnumpy().all() and not x.has_init


def test_in_place_methods(x) -> None:
    z = x.copy()
    assert z.add_(1) is z and z.asnumpy().tolist() == [[1, 2, 3], [4, 5, 6]]
    assert x.asnumpy()[0, 0] == 0  # the copy was independent
    assert z.zero_().asnumpy().sum() == 0 and z.fill_(2.5).asnumpy()[1, 2] == 2.5
    i = Tensor(np.zeros(3, np.int32))
    assert i.add_(1.7).dtype == mstype.int32  # in-place keeps the dtype
    assert x.copy().set_dtype(mstype.float16).dtype == mstype.float16


def test_astype_to_64_bit_types_is_real_and_does_not_warn(x) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert x.astype(mstype.int64).dtype == mstype.int64
        third = Tensor(np.array([1 / 3])).astype(mstype.float64)
        assert third.dtype == mstype.float64 and third.asnumpy()[0] == 1 / 3


def test_methods_trace(x) -> None:
    f = jax.jit(
        lambda a: Tensor._from(a).max(1)[0].sum()._data + Tensor._from(a).permute(1, 0).sum()._data
    )
    assert float(f(x._data)) == 22.0


def test_strides_are_the_row_major_byte_steps():
    """MindSpore 2.10: (24, 8, 2) for a float16 (2, 3, 4); a slice and a transpose are laid out
    anew, () for a scalar (values read off MindSpore 2.10)."""
    import deepsink as ms

    x = ms.Tensor(np.zeros((2, 3, 4), np.float16))
    assert x.strides == (24, 8, 2)
    assert x[:, 1].strides == (8, 2)
    assert x.transpose(2, 0, 1).strides == (12, 6, 2)
    assert ms.Tensor(np.zeros((0, 3)), ms.int8).strides == (3, 1)
    assert ms.Tensor(3.0).strides == ()


def test_tensor_from_numpy_data_keeps_its_values_after_numpy_updates():
    """MindSpore's Tensor(ndarray) copies: a later in-place NumPy update leaves it alone (JAX on the
    CPU may adopt an aligned buffer as it is, so sizes with every alignment are tried)."""
    import deepsink as ms

    for size in range(1, 400, 7):
        n = np.ones(size)
        t = ms.Tensor(n)
        n += 1
        assert float(t.asnumpy()[0]) == 1.0, size


def test_clip_is_clamp_with_mindspores_keywords():
    # MindSpore 2.10's Tensor.clip(min=None, max=None) (mindyolo's YOLOXLoss: clip(min=1, max=n))
    t = Tensor(np.array([0, 3, 9], np.int32))
    assert t.clip(min=1, max=5).asnumpy().tolist() == [1, 3, 5]
    assert t.clip(1, None).asnumpy().tolist() == [1, 3, 9]
    assert t.clip(max=2).asnumpy().tolist() == [0, 2, 2]
    assert t.clip(min=1).dtype == mstype.int32
    with pytest.raises(
        ValueError, match="^For Clamp, at least one of 'min' or 'max' must not be None.$"
    ):
        t.clip()
    with pytest.raises(
        ValueError, match="^For 'clip_by_value', at least one of 'clip_value_min' or"
    ):
        deepsink.ops.clip_by_value(Tensor([1.0]), None, None)
