"""Clear errors for common mistakes (issue 7, defect 9): each names the thing at fault and the fix,
with the exception type MindSpore raises."""

import os
import shutil

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops
from deepsink.common.tensor import Tensor

MNIST_TRAIN = os.path.join(os.path.dirname(__file__), "..", "..", "data", "mnist", "train")


def _mnist_copy(tmp_path, corrupt):
    for name in os.listdir(MNIST_TRAIN):
        shutil.copy(os.path.join(MNIST_TRAIN, name), tmp_path / name)
    path = tmp_path / "train-labels-idx1-ubyte.gz"
    data = bytearray(path.read_bytes())
    corrupt(data)
    path.write_bytes(bytes(data))
    return str(path)


def _flip_middle(data):
    for i in range(len(data) // 2, len(data) // 2 + 64):
        data[i] ^= 0xFF


def test_a_corrupt_mnist_gzip_names_the_file(tmp_path):
    path = _mnist_copy(tmp_path, _flip_middle)
    with pytest.raises(RuntimeError, match=rf"gzip file '{path}' cannot be decompressed.*corrupt"):
        data = ds.MnistDataset(str(tmp_path))
        for _ in data.create_tuple_iterator(num_epochs=1):
            pass


def test_a_gzip_that_is_not_gzip_names_the_file(tmp_path):
    def garbage(data):
        data[:4] = b"\x00\x01\x02\x03"

    path = _mnist_copy(tmp_path, garbage)
    with pytest.raises(ValueError, match=rf"For 'MnistDataset', the gzip file '{path}' cannot be"):
        ds.MnistDataset(str(tmp_path))


def _xy():
    x = np.ones((8, 3), np.float32)
    return ds.NumpySlicesDataset((x, np.zeros((8, 2), np.float32)), ["x", "y"]).batch(4)


@pytest.mark.parametrize("sink", [False, True])
def test_model_without_loss_fn_says_a_loss_is_needed(sink):
    model = ms.Model(nn.Dense(3, 2))
    with pytest.raises(
        TypeError,
        match=r"no 'loss_fn'.*called with every dataset column \(2: \['x', 'y'\]\) and must return the loss.*loss_fn=",
    ):
        model.train(1, _xy(), dataset_sink_mode=sink)


class Branchy(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        y = self.dense(x)
        if y.sum() > 0:
            return y
        return -y


class BoolRead(nn.Cell):
    """An explicit bool() of a Tensor: a host read, which graph mode cannot make (the converted
    ``if`` of ``Branchy`` needs none)."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        y = self.dense(x)
        positive = bool(y.sum() > 0)
        return y * float(positive)


class HostRead(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return Tensor(self.dense(x).asnumpy() * 2)


@pytest.mark.parametrize("cell", [BoolRead, HostRead], ids=["bool", "asnumpy"])
def test_host_reads_in_graph_mode_run_op_by_op_with_a_warning(cell):
    # MindSpore 2.10 runs them (JIT Fallback); the warning says why the Cell is not one program
    x = Tensor(np.ones((2, 3), np.float32))
    net = cell()
    eager = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.warns(UserWarning, match=r"GRAPH_MODE runs this Cell op by op: .* needs its value"):
        np.testing.assert_allclose(net(x).asnumpy(), eager, rtol=1e-6)


def test_host_reads_in_a_sink_explain_the_rule():
    net = HostRead()
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    with pytest.raises(TypeError, match=r"dataset_sink_mode.*ops\.select"):
        model.train(1, _xy(), dataset_sink_mode=True)


def test_an_if_on_a_tensor_compiles_in_graph_mode():
    """The ``if`` of ``Branchy`` is converted from source (lax.cond), as MindSpore compiles it."""
    x = Tensor(np.ones((2, 3), np.float32))
    net = Branchy()
    eager = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(net(x).asnumpy(), eager, rtol=1e-6)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_a_cell_called_with_a_python_list(mode):
    ms.set_context(mode=mode)
    with pytest.raises(
        TypeError, match=r"For 'Dense', the inputs must be Tensors, but input 0 is a Python list"
    ):
        nn.Dense(3, 2)([[1.0, 2.0, 3.0]])


def test_tensor_from_a_string_or_a_ragged_list():
    with pytest.raises(
        TypeError, match=r"For 'Tensor', 'input_data' must be a number.*but got str 'abc'"
    ):
        Tensor("abc")
    with pytest.raises(
        TypeError,
        match=r"input_data is \[\[1, 2\], \[3\]\] that contain unsupported element.*ragged",
    ):
        Tensor([[1, 2], [3]])
    with pytest.raises(TypeError, match=r"unsupported element"):
        Tensor(["a", "b"])
    assert Tensor([[1, 2], [3, 4]]).shape == (2, 2)


def test_connect_network_with_dataset_needs_a_cell():
    helper = ms.DatasetHelper(_xy(), dataset_sink_mode=True)
    with pytest.raises(
        TypeError,
        match=r"For 'connect_network_with_dataset', 'network' must be a Cell.*but got 'function'",
    ):
        ms.connect_network_with_dataset(lambda x, y: x, helper)


def test_ops_select_is_the_graph_mode_branch():
    # the fix the message points to works in graph mode
    ms.set_context(mode=ms.GRAPH_MODE)

    class Selecting(nn.Cell):
        def construct(self, x):
            return ops.select(x.sum() > 0, x, -x)

    out = Selecting()(Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), np.ones((2, 3), np.float32))
