"""Values that were taken silently or failed obscurely: an initializer's seed drawn when its data is
made (MindSpore 2.10's order), a hook's gradient of the wrong shape, a shape with a zero dimension
for an initializer, a float in a MindRecord int field, a string pad value for a numeric column."""

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink.common.initializer import HeNormal, HeUniform, Normal, Orthogonal, initializer
from deepsink.mindrecord import FileWriter

# MindSpore 2.10 (CPU): set_seed(1), then two Normal() initializers of shape (3,): the values of
# the first one read, whichever was created first
FIRST_READ = [0.00653037, 0.01509193, 0.00264736]
SECOND_READ = [-0.01034124, 0.00347442, -0.00815512]


def test_initializer_draws_its_seed_when_its_data_is_read():
    ms.set_seed(1)
    a, b = initializer(Normal(), (3,)), initializer(Normal(), (3,))
    assert a.has_init and b.has_init and a.shape == (3,) and a.dtype == ms.float32
    second, first = b.asnumpy(), a.asnumpy()  # read in the opposite order to their creation
    np.testing.assert_allclose(second, FIRST_READ, rtol=1e-5)
    np.testing.assert_allclose(first, SECOND_READ, rtol=1e-5)
    assert not a.has_init
    np.testing.assert_array_equal(a.asnumpy(), first)  # made once


def test_tensor_init_draws_at_read_and_parameter_at_creation():
    ms.set_seed(1)
    t1 = ms.Tensor(shape=(3,), dtype=ms.float32, init=Normal())
    t2 = ms.Tensor(shape=(3,), dtype=ms.float32, init=Normal())
    np.testing.assert_allclose(t2.init_data().asnumpy(), FIRST_READ, rtol=1e-5)
    np.testing.assert_allclose(t1.asnumpy(), SECOND_READ, rtol=1e-5)
    ms.set_seed(1)
    a, b = initializer(Normal(), (3,)), initializer(Normal(), (3,))
    pa, pb = ms.Parameter(a, name="a"), ms.Parameter(b, name="b")  # made here, in this order
    np.testing.assert_allclose(pb.asnumpy(), SECOND_READ, rtol=1e-5)
    np.testing.assert_allclose(pa.asnumpy(), FIRST_READ, rtol=1e-5)


@pytest.mark.parametrize(
    "init, shape",
    [(HeUniform(), (3, 0)), (HeNormal(), (3, 0)), (Orthogonal(), (0, 3)), ("zeros", (2, 0))],
)
def test_initializer_refuses_a_zero_dimension_as_mindspore(init, shape):
    with pytest.raises(
        ValueError,
        match=r"For 'initializer', the argument 'shape' is invalid, the value of 'shape' must be "
        r"positive integer, but got \(" + ", ".join(map(str, shape)) + r"\)",
    ):
        initializer(init, shape)


def test_tensor_init_keeps_an_empty_shape():
    assert ms.Tensor(shape=(3, 0), dtype=ms.float32, init="normal").asnumpy().shape == (3, 0)


def _hooked_grad(hook):
    def fn(x):
        y = x * 2
        y.register_hook(hook)
        return (y * 3).sum()

    return ms.grad(fn)


def _first_only(g):
    return g[:1]


def _summed(g):
    return g.sum()


@pytest.mark.parametrize("hook, got", [(_first_only, r"\(1,\)"), (_summed, r"\(\)")])
@pytest.mark.parametrize("compiled", [False, True])
def test_register_hook_returning_the_wrong_shape_raises(hook, got, compiled):
    grad = _hooked_grad(hook)
    grad = ms.jit(grad) if compiled else grad
    x = ms.Tensor(np.ones(3, np.float32))
    with pytest.raises(
        ValueError,
        match=rf"For 'register_hook', the hook '{hook.__name__}' must return a gradient of the "
        rf"Tensor's shape \(3,\) \(or None\), but returned shape {got}",
    ):
        grad(x)


def test_register_hook_of_the_right_shape_still_replaces_the_gradient():
    grad = _hooked_grad(lambda g: g * 10)
    np.testing.assert_allclose(grad(ms.Tensor(np.ones(3, np.float32))).asnumpy(), [60.0] * 3)


def _writer(tmp_path):
    w = FileWriter(str(tmp_path / "rows.mindrecord"))
    w.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}})
    return w


@pytest.mark.parametrize(
    "value, says",
    [
        (1.7, r"its value must be an int, but got 1.7 \(float\)"),
        (np.float32(2.0), r"its value must be an int, but got 2.0 \(float32\)"),
        (2**31, r"its value must be in \[-2147483648, 2147483647\], but got 2147483648"),
    ],
)
def test_mindrecord_int_field_refuses_what_it_cannot_hold(tmp_path, value, says):
    w = _writer(tmp_path)
    with pytest.raises(
        ValueError, match=r"raw_data\[1\]: field 'label' is an int32 field, " + says
    ):
        w.write_raw_data([{"label": 1, "name": "a"}, {"label": value, "name": "b"}])
    w.write_raw_data([{"label": np.int64(3), "name": "c"}])
    w.commit()
    rows = list(
        ds.MindDataset(str(tmp_path / "rows.mindrecord"), shuffle=False).create_dict_iterator(
            output_numpy=True
        )
    )
    assert [int(r["label"]) for r in rows] == [3]


def test_padded_batch_string_pad_for_a_numeric_column_names_column_and_value():
    rows = [(np.array([1], np.int64),), (np.array([2, 3], np.int64),)]

    def numbers():  # a source per pipeline: 2.10 refuses a node built on twice
        return ds.GeneratorDataset(lambda: iter(rows), ["x"], shuffle=False)

    with pytest.raises(
        RuntimeError,
        match=r"For 'padded_batch', PadEnd can not pad numeric and string tensors together: column "
        r"'x' holds int64 values, but its pad_value is 'a' \(str\)",
    ):
        list(
            numbers()
            .padded_batch(2, pad_info={"x": (None, "a")})
            .create_tuple_iterator(output_numpy=True)
        )
    text = ds.GeneratorDataset(
        lambda: iter([(np.array(["a"]),), (np.array(["b", "c"]),)]), ["x"], shuffle=False
    )
    with pytest.raises(
        RuntimeError, match=r"column 'x' holds <U1 values, but its pad_value is 5 \(int\)"
    ):
        list(
            text.padded_batch(2, pad_info={"x": (None, 5)}).create_tuple_iterator(output_numpy=True)
        )
    (out,) = next(
        numbers()
        .padded_batch(2, pad_info={"x": (None, -1)})
        .create_tuple_iterator(output_numpy=True)
    )
    np.testing.assert_array_equal(out, [[1, -1], [2, 3]])
