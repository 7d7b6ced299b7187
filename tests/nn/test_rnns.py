"""RNN, LSTM, GRU and their cells against MindSpore 2.10 (recorded fixtures: outputs, final
states and input gradients with the recorded parameters; MindSpore's parameter names)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn
from tests.support.layer_fixtures import case_names, replay

CASES = case_names(("lstm", "gru", "rnn"))


def test_cases_recorded():
    assert len(CASES) >= 12


@pytest.mark.parametrize("name", CASES)
def test_matches_mindspore(name):
    replay(name)


def _lstm_reference(params, x, layers, hidden):
    """A bidirectional, batch-first LSTM from its documented rule (gates i, f, g, o; zero initial
    state) in NumPy float64: (output, h_n, c_n)."""

    def sigmoid(v):
        return 1 / (1 + np.exp(-v))

    seq, h_n, c_n = x.transpose(1, 0, 2).astype(np.float64), [], []
    for layer in range(layers):
        outs = []
        for sfx in ("", "_reverse"):
            wi, wh, bi, bh = (
                params[f"{k}_l{layer}{sfx}"]
                for k in ("weight_ih", "weight_hh", "bias_ih", "bias_hh")
            )
            h = c = np.zeros((x.shape[0], hidden))
            ys = []
            for xt in seq if not sfx else seq[::-1]:
                i, f, g, o = np.split(xt @ wi.T + bi + h @ wh.T + bh, 4, axis=-1)
                c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
                h = sigmoid(o) * np.tanh(c)
                ys.append(h)
            outs.append(np.stack(ys if not sfx else ys[::-1]))
            h_n.append(h)
            c_n.append(c)
        seq = np.concatenate(outs, axis=-1)
    return seq.transpose(1, 0, 2), np.stack(h_n), np.stack(c_n)


def test_lstm_shapes_and_defaults():
    net = nn.LSTM(10, 16, num_layers=2, batch_first=True, bidirectional=True)
    x = np.random.RandomState(4).randn(3, 5, 10).astype(np.float32)
    out, (h, c) = net(Tensor(x))
    assert out.shape == (3, 5, 32) and h.shape == (4, 3, 16) and c.shape == (4, 3, 16)
    # default initialization: every weight and bias uniform in (-1/sqrt(hidden), 1/sqrt(hidden))
    params = {n: p.asnumpy() for n, p in net.parameters_and_names()}
    assert len(params) == 16 and params["weight_ih_l0"].shape == (64, 10)
    assert all(np.abs(v).max() <= 1 / np.sqrt(16) and v.std() > 0 for v in params.values())
    want = _lstm_reference(params, x, layers=2, hidden=16)
    for got, ref in zip((out, h, c), want):
        np.testing.assert_allclose(got.asnumpy(), ref, rtol=1e-5, atol=1e-6)


def test_dropout_between_layers_only_in_training():
    ms.set_seed(0)
    net = nn.GRU(3, 4, num_layers=2, dropout=0.5)
    x = Tensor(np.ones((4, 2, 3), np.float32))
    net.set_train(False)
    a, b = net(x)[0].asnumpy(), net(x)[0].asnumpy()
    np.testing.assert_array_equal(a, b)
    net.set_train(True)
    assert not np.allclose(net(x)[0].asnumpy(), a)


def test_graph_mode_and_training_step():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.LSTM(3, 4, batch_first=True)
        head = nn.Dense(4, 1)
        x = Tensor(np.random.RandomState(0).randn(2, 6, 3).astype(np.float32))

        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.rnn, self.head = net, head

            def construct(self, x):
                out, _ = self.rnn(x)
                return self.head(out[:, -1]).sum()

        model = Net()
        opt = nn.SGD(model.trainable_params(), 0.1)
        step = nn.TrainOneStepCell(model, opt)
        first = float(step(x))
        for _ in range(5):
            last = float(step(x))
        assert last < first
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_bad_arguments():
    with pytest.raises(ValueError, match="dropout"):
        nn.LSTM(3, 4, dropout=1.5)
    with pytest.raises(ValueError, match="nonlinearity"):
        nn.RNN(3, 4, nonlinearity="gelu")
    with pytest.raises(ValueError, match="input_size=3"):
        nn.GRU(3, 4)(Tensor(np.ones((2, 2, 5), np.float32)))


def test_rnn_cell_base_is_a_library_base_class():
    # mindocr's GRUCell subclasses mindspore.nn.layer.rnn_cells.RNNCellBase with its own construct
    from deepsink import ops
    from deepsink.nn.layer.rnn_cells import GRUCell, RNNCellBase

    class Cell(RNNCellBase):
        def __init__(self, input_size, hidden_size):
            super().__init__(input_size, hidden_size, True, num_chunks=3)

        def construct(self, x, hx):
            return ops.matmul(x, self.weight_ih.T) + self.bias_ih

    ms.set_seed(3)
    cell = Cell(4, 5)
    assert [p.name for p in cell.trainable_params()] == [
        "weight_ih",
        "weight_hh",
        "bias_ih",
        "bias_hh",
    ]
    assert cell.weight_ih.shape == (15, 4) and cell.weight_hh.shape == (15, 5)
    assert float(abs(cell.weight_hh).max()) <= 1 / np.sqrt(5)
    assert cell(Tensor(np.ones((2, 4), np.float32)), None).shape == (2, 15)
    ms.set_seed(3)
    assert np.array_equal(GRUCell(4, 5).weight_ih.asnumpy(), cell.weight_ih.asnumpy())
    assert RNNCellBase(4, 5, False, 1).bias_ih is None
    with pytest.raises(TypeError, match="has_bias"):
        RNNCellBase(4, 5, 1, 3)
    with pytest.raises(ValueError, match="num_chunks"):
        RNNCellBase(4, 5, True, 0)


@pytest.mark.parametrize("mode", ["pynative", "graph"])
@pytest.mark.parametrize("name", ["LSTM", "GRU", "RNN"])
def test_float16_input_runs_in_float16_as_mindspore(mode, name):
    # AMP O3 feeds float16 to RNNs with float32 Parameters (mindocr's CRNN neck): 2.10 casts the
    # weights to the input's dtype; deepsink's compiled recurrence refused the mixed carry
    import json
    from pathlib import Path

    from tests.support import rnn_float16_cases

    fixture = Path(__file__).parents[1] / "fixtures" / "ms" / "rnn_float16.json"
    want = json.loads(fixture.read_text(encoding="utf-8"))[f"{mode}/{name}"]
    got = rnn_float16_cases.outcomes(ms)[f"{mode}/{name}"]
    assert (got["dtype"], got["h_dtype"]) == (want["dtype"], want["h_dtype"]) == ("Float16",) * 2
    np.testing.assert_allclose(got["y"], want["y"], atol=2e-3)
