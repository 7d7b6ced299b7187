"""Out-of-range indices and bad index types inside and outside compiled code: an error with
MindSpore's message, never a zero row or a dropped write, and the user's own exception rather than
JAX's ``CpuCallback error`` report (MindSpore 2.10's messages, recorded on its CPU build)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import context, nn, ops

GATHER_12 = r"For 'Gather', the 'input_indices' should be in the range \[0, 10\), but got 12"


def _ids():
    return ms.Tensor(np.array([[1, 12]], np.int32))


def test_embedding_id_out_of_range_raises_eagerly_and_in_jit():
    emb = nn.Embedding(10, 3)
    with pytest.raises(RuntimeError, match=GATHER_12):
        emb(_ids())
    with pytest.raises(RuntimeError, match=GATHER_12):
        ms.jit(lambda x: emb(x))(_ids())
    one_hot = nn.Embedding(10, 3, use_one_hot=True)
    with pytest.raises(RuntimeError, match=GATHER_12):
        ms.jit(lambda x: one_hot(x))(_ids())


def test_embedding_negative_id_counts_from_the_end_as_mindspore_gather():
    emb = nn.Embedding(10, 3)
    table = emb.embedding_table.asnumpy()
    out = emb(ms.Tensor(np.array([-1], np.int32))).asnumpy()
    np.testing.assert_array_equal(out, table[[-1]])


def test_embedding_id_out_of_range_raises_in_graph_mode():
    context.set_context(mode=ms.GRAPH_MODE)
    emb = nn.Embedding(10, 3)
    with pytest.raises(RuntimeError, match=GATHER_12):
        emb(_ids())


def test_embedding_id_out_of_range_stops_sink_training():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(10, 2)
            self.dense = nn.Dense(2, 2)

        def construct(self, x):
            return self.dense(self.emb(x).mean(1))

    ids = np.array([[1, 2], [3, 12]] * 4, np.int32)
    labels = np.zeros(8, np.int32)
    data = ms.dataset.NumpySlicesDataset((ids, labels), ["x", "y"], shuffle=False).batch(2)
    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(RuntimeError, match=GATHER_12):
        model.train(1, data, dataset_sink_mode=True)


X33 = np.zeros((3, 3), np.float32)
ROW = np.ones((1, 3), np.float32)


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize(
    "op, index, error, message",
    [
        (
            ops.tensor_scatter_update,
            5,
            ValueError,
            r"For 'TensorScatterUpdate', indices out of range for input_x. Please check the indices "
            r"which is \[5\]",
        ),
        (ops.tensor_scatter_update, -1, ValueError, r"indices which is \[-1\]"),
        (
            ops.tensor_scatter_add,
            5,
            RuntimeError,
            r"For 'TensorScatterAdd', the 0-th value of 'indices'\[5\] is out of range\[3\].",
        ),
        (
            ops.tensor_scatter_max,
            -1,
            RuntimeError,
            r"For 'TensorScatterMax', the 0-th value of 'indices'\[-1\] is out of range\[3\].",
        ),
    ],
)
def test_tensor_scatter_index_out_of_range_raises(op, index, error, message, compiled):
    fn = ms.jit(lambda a, i, u: op(a, i, u)) if compiled else op
    with pytest.raises(error, match=message):
        fn(ms.Tensor(X33), ms.Tensor([[index]], ms.int32), ms.Tensor(ROW))


@pytest.mark.parametrize("compiled", [False, True])
def test_scatter_nd_index_out_of_range_raises(compiled):
    fn = lambda i, u: ops.scatter_nd(i, u, (3, 3))  # noqa: E731
    fn = ms.jit(fn) if compiled else fn
    with pytest.raises(
        RuntimeError,
        match=r"For 'ScatterNd', each element in 'indices' should be smaller than the value of "
        r"shape, but got 5 and got the value of shape 3",
    ):
        fn(ms.Tensor([[5]], ms.int32), ms.Tensor(ROW))
    with pytest.raises(
        RuntimeError,
        match=r"For 'ScatterNd', each element in 'indice' must be greater than or equal to 0, "
        r"but got -1",
    ):
        fn(ms.Tensor([[-1]], ms.int32), ms.Tensor(ROW))
    np.testing.assert_array_equal(
        fn(ms.Tensor([[2]], ms.int32), ms.Tensor(ROW)).asnumpy(), np.eye(3)[[2]].T @ ROW
    )


def _mask_write(a, m):
    a[m] = 0
    return a


@pytest.mark.parametrize("compiled", [False, True])
def test_boolean_mask_of_the_wrong_length_in_setitem_raises(compiled):
    fn = ms.jit(_mask_write) if compiled else _mask_write
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    # MindSpore 2.10 broadcasts the mask to the Tensor's shape: the broadcast's own error
    want = (
        r"For 'BroadcastTo', .* But got x_shape: \[const vector\]\{2\}, target shape: "
        r"\[const vector\]\{3\}\."
        if compiled
        else r"operands could not be broadcast together with remapped shapes "
        r"\[original->remapped\]: \(2,\)  and requested shape \(3,\)"
    )
    with pytest.raises(ValueError, match=want):
        fn(x, ms.Tensor([True, False]))
    out = fn(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), ms.Tensor([True, False, True]))
    np.testing.assert_array_equal(out.asnumpy(), [0.0, 2.0, 0.0])


def _unwrapped(excinfo):
    """The error is the user's own: no JAX wrapper, nothing of its report in the text."""
    assert type(excinfo.value).__module__ == "builtins"
    assert "CpuCallback" not in str(excinfo.value)
    assert "JaxRuntimeError" not in repr(excinfo.value)


def test_gather_and_getitem_out_of_range_in_jit_raise_the_error_itself():
    t = ms.Tensor(np.arange(5, dtype=np.float32))
    i = ms.Tensor([7], ms.int32)
    message = r"^For 'Gather', the 'input_indices' should be in the range \[0, 5\), but got 7\n"
    with pytest.raises(RuntimeError, match=message) as excinfo:
        ms.jit(lambda a, j: ops.gather(a, j, 0))(t, i)
    _unwrapped(excinfo)
    with pytest.raises(RuntimeError, match=message) as excinfo:
        ms.jit(lambda a, j: a[j])(t, i)
    _unwrapped(excinfo)


class Oops(Exception):
    pass


def _raising(a):
    raise Oops("the user's pyfunc failed")


def _wrong_shape(a):
    return np.zeros(2, np.float32)


def test_custom_pyfunc_errors_in_jit_and_graph_mode_arrive_as_raised():
    x = ms.Tensor(np.ones(3, np.float32))
    raising = ops.Custom(_raising, (3,), ms.float32, "pyfunc")
    with pytest.raises(Oops, match="^the user's pyfunc failed\n") as excinfo:
        ms.jit(lambda a: raising(a) * 2)(x)
    tb = excinfo.traceback
    assert any(entry.name == "_raising" for entry in tb)  # the user's frame is kept
    wrong = ops.Custom(_wrong_shape, (3,), ms.float32, "pyfunc")

    class Net(nn.Cell):
        def construct(self, a):
            return wrong(a) + 1

    context.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(RuntimeError, match=r"has shape \[2\], but 'out_shape' declares \[3\]") as e:
        Net()(x)
    _unwrapped(e)


def test_custom_pyfunc_error_in_sink_training_arrives_as_raised():
    raising = ops.Custom(_raising, (2, 2), ms.float32, "pyfunc")

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 2)

        def construct(self, x):
            return self.dense(raising(x))

    data = ms.dataset.NumpySlicesDataset(
        (np.ones((4, 2), np.float32), np.zeros(4, np.int32)), ["x", "y"], shuffle=False
    ).batch(2)
    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(Oops, match="^the user's pyfunc failed\n"):
        model.train(1, data, dataset_sink_mode=True)


def test_float_slice_bounds_raise_mindspores_errors():
    t = ms.Tensor(np.arange(5, dtype=np.float32))
    with pytest.raises(RuntimeError, match=r"Slice index type must be int, tensor or none"):
        t[0.0:2.0]
    with pytest.raises(TypeError, match=r"Slice indices must be integers or bool. But got a float"):
        ms.jit(lambda a: a[0.0:2.0])(t)
    np.testing.assert_array_equal(t[ms.Tensor(1) : ms.Tensor(3)].asnumpy(), [1.0, 2.0])
    np.testing.assert_array_equal(t[np.int64(1) : 4 : 2].asnumpy(), [1.0, 3.0])
