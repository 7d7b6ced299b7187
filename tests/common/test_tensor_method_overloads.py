"""Tensor methods take 2.10's overloads (``x.matmul(tensor2=y)``, ``x.std(dim=1, correction=0,
keepdim=True)`` beside ``x.std(axis, ddof, keepdims)``, ``x.take(indices, axis, mode)`` beside
``x.take(index)``, 2.10's keyword names) with 2.10's values and refusals, and 2.10's public Tensor
methods are deepsink's (recorded by ``scripts/record_tensor_method_overloads.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "tensor_method_overloads.json").read_text()
)
X = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, -1.0]], np.float32)
VALUES = {
    "I": np.array([0, 4, 7], np.int32),
    "J": np.array([2, -1], np.int32),
    "Y": np.arange(6, dtype=np.float32).reshape(3, 2),
    "K": np.array([[-9, -4], [3, 8]], np.int32),
    "N": np.array([[1, 6, 3], [4, 0, 2]], np.int32),
    "C": np.array([[True, False, True], [False, True, False]]),
    "T": np.array([[1]], np.int32),
    "U": np.array([[10.0, 20.0, 30.0]], np.float32),
    "R": np.array([1, 0], np.int32),
    "V": np.array([7.0, 8.0, 9.0], np.float32),
    "W": np.array([7.0], np.float32),
    "M": np.array([True, False, True]),
    "S": np.arange(6, dtype=np.float32),
    "P": np.array([1, 1, 2, 3, 3, 3], np.int32),
}
ON_INT = {"bitwise_and", "unique_with_pad"}


def _value(v):
    if isinstance(v, list):
        return [_value(i) for i in v]
    if isinstance(v, str) and v in VALUES:
        return ms.Tensor(VALUES[v])
    return ms.Tensor(X) if v == "X" else v


def _run(name, args, kwargs):
    x = ms.Tensor(VALUES["N"] if name in ON_INT else X)
    try:
        out = getattr(x, name)(*map(_value, args), **{k: _value(v) for k, v in kwargs.items()})
    except Exception as e:  # noqa: BLE001 - compared with the type 2.10 raised
        return type(e).__name__
    if out is None or isinstance(out, bool | int | str):
        return {"value": out}
    outs = out if isinstance(out, tuple | list) else (out,)
    return [np.asarray(o.asnumpy()).tolist() if isinstance(o, ms.Tensor) else o for o in outs]


def _id(case):
    name, args, kwargs, _ = case
    return f"{name}-{len(args)}-{'-'.join(kwargs)}"


@pytest.mark.parametrize("case", RECORDED["cases"], ids=_id)
def test_overload_gives_mindspores_result(case):
    name, args, kwargs, want = case
    got = _run(name, args, kwargs)
    if isinstance(want, str | dict):
        assert got == want
        return
    assert not isinstance(got, str), got
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(np.array(g, np.float64), np.array(w, np.float64), rtol=1e-6)


def test_var_dim_overload_is_the_square_of_std():
    # 2.10's CPU build has no kernel for var's (dim, *, correction, keepdim) overload; its values
    # are the squares of std's, which it does compute
    x = ms.Tensor(X)
    for kwargs in ({"dim": 1}, {"dim": 0, "correction": 0, "keepdim": True}, {"correction": 2}):
        np.testing.assert_allclose(
            x.var(**kwargs).asnumpy(), np.square(x.std(**kwargs).asnumpy()), rtol=1e-6
        )


def test_std_dim_overload_takes_one_positional_argument():
    with pytest.raises(TypeError, match="keyword-only"):
        ms.Tensor(X).std(1, 1, correction=0)


def test_take_refusals_name_the_argument():
    x = ms.Tensor(X)
    with pytest.raises(ValueError, match="'mode'.*'bad'"):
        x.take(ms.Tensor(VALUES["I"]), mode="bad")
    with pytest.raises(TypeError, match="'indices' must be an integer Tensor"):
        x.take(ms.Tensor(np.array([0.5], np.float32)))


def test_scatter_add_dim_overload_adds_along_dim():
    # 2.10's CPU build has no kernel for this overload; it is ``ops.tensor_scatter_elements``
    # with ``reduction='add'``, as its docs say
    x = ms.Tensor(X)
    index = ms.Tensor(np.array([[0, 1, 0]], np.int64))
    src = ms.Tensor(np.array([[10.0, 20.0, 30.0]], np.float32))
    want = X.copy()
    want[0, 0] += 10.0
    want[1, 1] += 20.0
    want[0, 2] += 30.0
    np.testing.assert_allclose(x.scatter_add(0, index, src).asnumpy(), want)
    np.testing.assert_allclose(x.scatter_add(dim=0, index=index, src=src).asnumpy(), want)


# 2.10's public Tensor methods deepsink does not have: storage sharing (``set_``: JAX arrays are
# immutable, a tensor cannot alias another's memory), the
# C++ indexing analysis of its graph compiler (``getitem_index_info``, ``setitem_index_info``),
# Parameter internals of its runtime (``set_param_info``, ``set_device_address``,
# ``set_cast_dtype``) and ``requires_grad_`` (2.10's Tensor has no ``requires_grad`` to set)
NOT_YET = set(
    """
    getitem_index_info requires_grad_ set_ set_cast_dtype set_device_address set_param_info
    setitem_index_info
    """.split()
)


def test_mindspores_public_methods_are_deepsinks():
    missing = {name for name in RECORDED["signatures"] if not hasattr(ms.Tensor, name)}
    assert missing == NOT_YET


# --- forms 2.10's CPU build has no kernel for (``InplaceExp``, ``InplaceIndexPut``, ``Unique2``,
# ``BitwiseNot``, ...): checked against its documentation ----------------------------------------
def _t(name="X"):
    return ms.Tensor(VALUES[name] if name != "X" else X)


IN_PLACE_CASES = [
    ("exp_", (), "exp", ()),
    ("floor_", (), "floor", ()),
    ("log_", (), "log", ()),
    ("sign_", (), "sign", ()),
    ("floor_divide_", (2.0,), "floor_divide", (2.0,)),
    ("remainder_", (2.0,), "remainder", (2.0,)),
    ("fill_diagonal_", (9.0,), "fill_diagonal", (9.0,)),
    ("masked_fill_", ("M", 0.0), "masked_fill", ("M", 0.0)),
    ("masked_scatter_", ("M", "S"), "masked_scatter", ("M", "S")),
    ("index_put_", (["R"], "V"), "index_put", (["R"], "V")),
]


@pytest.mark.parametrize("case", IN_PLACE_CASES, ids=lambda c: c[0])
def test_in_place_method_writes_the_out_of_place_result_into_the_tensor(case):
    name, args, ref, ref_args = case
    want = getattr(_t(), ref)(*map(_value, ref_args)).asnumpy()
    x = _t()
    out = getattr(x, name)(*map(_value, args))
    assert out is x
    np.testing.assert_allclose(x.asnumpy(), want, rtol=1e-6)


def test_in_place_methods_of_dim_index_forms():
    x = _t()
    assert (
        x.index_add_(
            1, ms.Tensor(np.array([0, 2])), ms.Tensor(np.ones((2, 2), np.float32)), alpha=2
        )
        is x
    )
    np.testing.assert_allclose(x.asnumpy(), X + np.array([[2, 0, 2], [2, 0, 2]], np.float32))
    x = _t()
    x.index_copy_(
        1, ms.Tensor(np.array([2, 0])), ms.Tensor(np.array([[7.0, 8.0], [9.0, 6.0]], np.float32))
    )
    np.testing.assert_allclose(x.asnumpy(), [[8.0, 1.0, 7.0], [6.0, 5.0, 9.0]])
    x = _t()
    x.index_fill_(0, ms.Tensor(np.array([1])), -3.0)
    np.testing.assert_allclose(x.asnumpy(), [[3.0, 1.0, 2.0], [-3.0, -3.0, -3.0]])
    index = ms.Tensor(np.array([[1, 0, 1]], np.int64))
    src = ms.Tensor(np.array([[10.0, 20.0, 30.0]], np.float32))
    x = _t()
    x.scatter_(0, index, src)
    np.testing.assert_allclose(x.asnumpy(), [[3.0, 20.0, 2.0], [10.0, 5.0, 30.0]])
    x = _t()
    x.scatter_(0, index, 2.0, reduce="multiply")
    np.testing.assert_allclose(x.asnumpy(), [[3.0, 2.0, 2.0], [1.0, 5.0, -2.0]])
    x = _t()
    x.scatter_(dim=0, index=index, value=1.0, reduce="add")
    np.testing.assert_allclose(x.asnumpy(), [[3.0, 2.0, 2.0], [1.5, 5.0, 0.0]])
    x = _t()
    x.scatter_add_(0, index, src)
    np.testing.assert_allclose(x.asnumpy(), [[3.0, 21.0, 2.0], [10.5, 5.0, 29.0]])
    x = _t()
    x.addmm_(
        ms.Tensor(np.ones((2, 4), np.float32)),
        ms.Tensor(np.ones((4, 3), np.float32)),
        beta=2,
        alpha=0.5,
    )
    np.testing.assert_allclose(x.asnumpy(), 2 * X + 2.0)
    with pytest.raises(ValueError, match="'reduce'"):
        _t().scatter_(0, index, src, reduce="max")


def test_in_place_method_refuses_a_wider_result_instead_of_truncating():
    x = ms.Tensor(np.array([1, 2], np.int32))
    with pytest.raises(TypeError, match="Float32.*Int32"):
        x.exp_()
    with pytest.raises(TypeError):
        x.floor_divide_(2.5)
    np.testing.assert_array_equal(x.asnumpy(), [1, 2])


def test_kthvalue_triangular_solve_and_bitwise_not_as_documented():
    v, i = _t().kthvalue(2)
    np.testing.assert_allclose(v.asnumpy(), [2.0, 0.5])
    assert i.dtype == ms.int64 and i.asnumpy().tolist() == [2, 0]
    v, i = _t().kthvalue(1, 0, True)
    assert v.shape == (1, 3) and i.asnumpy().tolist() == [[1, 0, 1]]
    with pytest.raises(RuntimeError, match="'k'"):
        _t().kthvalue(4)
    a = np.array([[2.0, 1.0], [0.0, 4.0]], np.float32)
    b = np.array([[1.0], [1.0]], np.float32)
    sol, coef = ms.Tensor(b).triangular_solve(ms.Tensor(a))
    np.testing.assert_allclose(sol.asnumpy(), np.linalg.solve(a, b), rtol=1e-6)
    np.testing.assert_array_equal(coef.asnumpy(), a)
    sol, _ = ms.Tensor(b).triangular_solve(ms.Tensor(a.T), upper=False)
    np.testing.assert_allclose(sol.asnumpy(), np.linalg.solve(a.T, b), rtol=1e-6)
    assert _t("N").bitwise_not().asnumpy().tolist() == (~VALUES["N"]).tolist()
    assert _t("M").bitwise_not().asnumpy().tolist() == [False, True, False]


def test_unique_keywords_as_documented():
    x = ms.Tensor(np.array([3, 1, 3, 2], np.int32))
    out = x.unique()
    assert isinstance(out, ms.Tensor) and out.asnumpy().tolist() == [1, 2, 3]
    out, inverse, counts = x.unique(return_inverse=True, return_counts=True)
    assert inverse.dtype == ms.int64 and inverse.asnumpy().tolist() == [2, 0, 2, 1]
    assert counts.asnumpy().tolist() == [1, 1, 2]
    assert x.unique(sorted=False).asnumpy().tolist() == [3, 1, 2]
    rows = ms.Tensor(np.array([[1, 2], [1, 2], [0, 5]], np.int32))
    out, inverse = rows.unique(dim=0, return_inverse=True)
    assert out.asnumpy().tolist() == [[0, 5], [1, 2]] and inverse.asnumpy().tolist() == [1, 1, 0]
    with pytest.raises(TypeError, match="'sorted'"):
        x.unique(sorted=1)


def test_random_methods_give_new_tensors_of_the_shape_and_dtype():
    ms.set_seed(5)
    x = _t()
    for out in (x.cauchy(), x.log_normal(), x.uniform(2.0, 3.0), x.new_empty((4, 1))):
        assert out is not x and out.dtype == ms.float32
    np.testing.assert_array_equal(x.asnumpy(), X)
    assert (x.log_normal().asnumpy() > 0).all()
    u = x.uniform(2.0, 3.0).asnumpy()
    assert u.shape == (2, 3) and ((u >= 2) & (u < 3)).all()
    with pytest.raises(TypeError, match="'from_'"):
        x.uniform(3.0, 2.0)
    p = ms.Tensor(np.array([0.0, 1.0, 1.0], np.float32)).bernoulli()
    assert p.asnumpy().tolist() == [0.0, 1.0, 1.0]
    assert x.new_empty(2, dtype=ms.int32).dtype == ms.int32
    with pytest.raises(ValueError, match="'device'"):
        x.new_empty((2,), device="GPU")


def test_view_dtype_reads_the_bytes_as_numpy_does():
    for dtype, np_dtype in ((ms.int32, np.int32), (ms.float16, np.float16), (ms.uint8, np.uint8)):
        np.testing.assert_array_equal(_t().view(dtype).asnumpy(), X.view(np_dtype))
    assert _t().view(dtype=ms.int32).shape == (2, 3)
    wide = ms.Tensor(np.arange(4, dtype=np.int16)).view(ms.int32)
    np.testing.assert_array_equal(wide.asnumpy(), np.arange(4, dtype=np.int16).view(np.int32))
    with pytest.raises(ValueError, match="whole number"):
        ms.Tensor(np.arange(3, dtype=np.int16)).view(ms.int32)


def test_memory_methods():
    x = ms.Tensor(np.array([1, 2, 3], np.int16))
    assert x.get_bytes() == b"\x01\x00\x02\x00\x03\x00"
    y = ms.Tensor.convert_bytes_to_tensor(x.get_bytes(), x.shape, x.dtype)
    assert y.dtype == ms.int16 and y.asnumpy().tolist() == [1, 2, 3]
    with pytest.raises(ValueError, match="bytes"):
        ms.Tensor.convert_bytes_to_tensor(b"\x01\x00", (2,), ms.int16)
    assert ms.Tensor.from_dlpack(x.to_dlpack()).asnumpy().tolist() == [1, 2, 3]
    assert isinstance(x.data_ptr(), int) and x.data_ptr() != 0
    assert x.value() is x and x.type() == "Int16" and x.type(ms.float32).dtype == ms.float32
    z = ms.Tensor(np.zeros((2, 3, 4), np.float32))
    assert z.stride() == [12, 4, 1] and z.stride(1) == 4 and z.storage_offset() == 0
    x.set_init_flag(True)
    assert x.is_init() and not x.is_shared()
    pinned = x.pin_memory()
    assert pinned.is_pinned() and not x.is_pinned() and pinned.asnumpy().tolist() == [1, 2, 3]
    assert x.delete_() is x and x.asnumpy().tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="non_blocking"):
        x.delete_(non_blocking=1)


def test_offload_writes_the_bytes(tmp_path):
    x = _t()
    path = str(tmp_path / "x.data")
    assert x.offload_file_path() == "" and x.offload(path) is True
    assert x.offload_file_path() == path
    assert (tmp_path / "x.data").read_bytes() == X.tobytes()


def test_hooks_and_remove_hook_by_handle_id():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    hook = lambda grad: grad * 3  # noqa: E731
    handle = x.register_hook(hook)
    assert x.hooks() == [hook]
    ms.Tensor.remove_hook(handle.handle_id)
    assert x.hooks() == []
    np.testing.assert_allclose(ms.grad(lambda a: (a * a).sum())(x).asnumpy(), [2.0, 4.0])


def test_to_and_move_to_devices():
    x = _t()
    assert x.to_("CPU") is x
    with pytest.raises(ValueError, match="'to'"):
        x.to_("GPU")
    assert x.move_to("CPU").asnumpy().tolist() == X.tolist()
    assert x.to("cpu", ms.int32).dtype == ms.int32
    with pytest.raises(ValueError, match="'device'"):
        x.to(device="GPU")


def test_index_and_ptp_and_sum_to_size_forms():
    x = _t()
    np.testing.assert_array_equal(
        x.index([ms.Tensor(np.array([1, 0])), ms.Tensor(np.array([2, 2]))]).asnumpy(), [-1.0, 2.0]
    )
    with pytest.raises(TypeError, match="'indices'"):
        x.index(1)
    np.testing.assert_array_equal(x.sum_to_size((2, 1)).asnumpy(), [[6.0], [4.5]])
    assert _t("N").ptp(0).asnumpy().tolist() == [3, 6, 1]
    np.testing.assert_array_equal(x.ptp(axis=(0, 1)).asnumpy(), 6.0)


def test_repeat_tiles_as_documented():
    # 2.10's CPU build has no kernel for Tensor.repeat: its documentation (PyTorch's repeat)
    x = ms.Tensor(np.array([[0, 1], [2, 3]], np.float32))
    want = np.tile(x.asnumpy(), (2, 3, 4))
    for out in (x.repeat([2, 3, 4]), x.repeat(repeats=(2, 3, 4)), x.repeat(2, 3, 4)):
        np.testing.assert_array_equal(out.asnumpy(), want)
    assert ms.Tensor(np.array([1.5], np.float32)).repeat(3).asnumpy().tolist() == [1.5] * 3
    with pytest.raises(RuntimeError, match="rank"):
        x.repeat(2)
    with pytest.raises(RuntimeError, match="negative"):
        x.repeat(2, -1)


def test_offload_to_host_and_move_to_checks():
    x = _t()
    assert x._offload() is None and x._data_ptr() == x.data_ptr()
    np.testing.assert_array_equal(x.asnumpy(), X)
    with pytest.raises(ValueError, match="'blocking'"):
        x.move_to("CPU", blocking=1)


def test_untyped_storage_as_2_10_gives_it():
    # 2.10 (CPU): sizes 4/4, element_size 1, copy_ writes the other tensor's bytes, resize_(0)
    # leaves data_ptr 0 and the tensor's values
    a = ms.Tensor(2.0)
    b, c = a * 1, a * 3
    sb, sc = b.untyped_storage(), c.untyped_storage()
    assert (sb.size(), sb.nbytes(), sb.element_size(), sb.is_shared()) == (4, 4, 1, False)
    assert sb.data_ptr() != 0 and b.storage() is sb and sb.dtype == ms.float32
    sb.copy_(sc)
    assert b.item() == 6.0
    sb.resize_(0)
    assert (sb.size(), sb.data_ptr()) == (0, 0) and b.item() == 6.0
    assert sb.resize_(12).nbytes() == 12 and sb.data_ptr() != 0
    with pytest.raises(RuntimeError, match="same number of bytes"):
        sc.copy_(sb)


def test_device_names_where_the_buffer_is():
    a = ms.Tensor(1.0)
    want = "CPU" if jax_platform() == "cpu" else f"{jax_platform().upper()}:0"
    assert a.device == want and (a * 1).device == want
    assert a.move_to("CPU").device == "CPU"


def jax_platform():
    import jax

    return jax.devices()[0].platform
