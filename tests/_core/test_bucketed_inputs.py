"""One program per bucket for ``Cell.set_inputs``' dynamic dimensions: inputs padded to their
bucket, the padding masked out of reductions and contractions, constants computed from the
extent recomputed from the true length (``_compile/buckets.py``, ``_compile/padded_program.py``)."""

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops
from deepsink._compile import buckets
from deepsink._compile.padded_program import PaddingError
from deepsink.train.callback import Callback

VOCAB, DIM, CLASSES, BATCH = 40, 6, 3, 4


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


class Classifier(nn.Cell):
    """Embedding, mean over the real tokens (token 0 is padding), Dense."""

    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, DIM)
        self.fc = nn.Dense(DIM, CLASSES)

    def construct(self, tokens):
        mask = ops.cast(tokens != 0, ms.float32)
        emb = self.embedding(tokens) * ops.expand_dims(mask, -1)
        return self.fc(emb.sum(axis=1) / mask.sum(axis=1, keepdims=True))


def _sentences(n=24, seed=0):
    rng = np.random.default_rng(seed)
    lengths = rng.integers(5, 60, size=n)
    return [
        (rng.integers(1, VOCAB, size=int(k)).astype(np.int32), np.int32(rng.integers(CLASSES)))
        for k in lengths
    ]


def _dataset(rows):
    data = ds.GeneratorDataset(lambda: iter(rows), column_names=["tokens", "label"], shuffle=False)
    # 4 buckets; each batch padded (with 0) to its longest sentence
    return data.bucket_batch_by_length(
        ["tokens"], bucket_boundaries=[9, 17, 33], bucket_batch_sizes=[BATCH] * 4,
        pad_info={"tokens": (None, 0)},
    )  # fmt: skip


class _Losses(Callback):
    needs_per_step_outputs = True

    def __init__(self):
        self.losses = []

    def on_train_step_end(self, run_context):
        params = run_context.original_args()
        outs = getattr(params, "net_outputs_per_step", None) or [params.net_outputs]
        self.losses.extend(float(np.asarray(o.asnumpy() if hasattr(o, "asnumpy") else o))
                           for o in outs)  # fmt: skip


def _train(mode, sink, declare=True):
    ms.set_context(mode=mode)
    ms.set_seed(1)
    net = Classifier()
    if declare:
        net.set_inputs(ms.Tensor(shape=[None, None], dtype=ms.int32))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if declare:  # Model declares the train network's inputs: the network's, then the loss's
        loss.set_inputs(ms.Tensor(shape=[None, CLASSES], dtype=ms.float32),
                        ms.Tensor(shape=[None], dtype=ms.int32))  # fmt: skip
    model = ms.Model(net, loss, nn.SGD(net.trainable_params(), learning_rate=0.5))
    record = _Losses()
    data = _dataset(_sentences())
    model.train(1, data, callbacks=[record], dataset_sink_mode=sink, sink_size=-1)
    return record.losses, model


@pytest.fixture(scope="module")
def pynative_losses():
    try:
        losses, _ = _train(ms.PYNATIVE_MODE, False, declare=False)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return losses


def test_bucket_size_rule():
    assert [buckets.bucket_size(n) for n in (1, 8, 9, 16, 17, 100)] == [8, 8, 16, 16, 32, 128]
    s = ms.Symbol(max=40, divisor=3, remainder=1)
    assert buckets.bucket_size(10, s) == 16  # 16 = 3 * 5 + 1
    assert buckets.bucket_size(30, s) == 34  # 32, then the next 3N+1
    assert buckets.bucket_size(35, s) == 40  # 64 capped at the largest 3N+1 <= max
    assert buckets.bucket_size(3, ms.Symbol(min=12)) == 12


@pytest.mark.slow  # trains 7 steps three times (PyNative, GRAPH_MODE, sink)
def test_graph_mode_trains_one_program_per_bucket_with_the_unpadded_losses(
    graph_mode, pynative_losses
):
    losses, model = _train(ms.GRAPH_MODE, False)
    assert len(losses) == len(pynative_losses) == 7
    np.testing.assert_allclose(losses, pynative_losses, rtol=0, atol=1e-5)
    shapes = {k[0][0] for k in model.train_network._shape_compiles.seen}
    assert model.train_network._shape_compiles.count == len(shapes) <= 4
    assert shapes <= {(8, 8), (8, 16), (8, 32), (8, 64)}


@pytest.mark.slow  # trains 7 steps three times (PyNative, GRAPH_MODE, sink)
def test_sink_mode_never_mixes_buckets_and_keeps_the_unpadded_losses(graph_mode, pynative_losses):
    losses, model = _train(ms.GRAPH_MODE, True)
    np.testing.assert_allclose(losses, pynative_losses, rtol=0, atol=1e-5)
    loops = [v for v in model._cache._entries.values() if hasattr(v, "compiles")]
    assert len(loops) == 1 and loops[0].compiles.count <= 4


def test_outputs_are_cut_back_to_the_true_sizes(graph_mode):
    net = nn.Dense(3, 2)
    net.set_inputs(ms.Tensor(shape=[None, 3], dtype=ms.float32))
    for n in (1, 3, 5, 8, 9):
        x = ms.Tensor(np.arange(n * 3, dtype=np.float32).reshape(n, 3))
        out = net(x)
        assert out.shape == (n, 2)
        ms.set_context(mode=ms.PYNATIVE_MODE)
        np.testing.assert_allclose(out.asnumpy(), net(x).asnumpy(), rtol=1e-6)
        ms.set_context(mode=ms.GRAPH_MODE)
    assert net._shape_compiles.count == 2  # buckets 8 and 16


class _Reduce(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, x):
        return self.fn(x)


@pytest.mark.parametrize(
    "fn",
    [
        lambda x: x.mean(axis=1),  # the divisor follows the true length
        lambda x: ops.softmax(x, axis=1).sum(axis=0),
        lambda x: x.max(axis=1) - x.min(axis=1) + x.prod(axis=1),
        lambda x: ops.cumsum(x, axis=1),
        lambda x: x.argmax(axis=1),
        lambda x: ops.matmul(x, x.T),  # a contraction over the padded axis
        lambda x: x * x.shape[1],
    ],
)
def test_reductions_over_the_padded_axis_are_exact(graph_mode, fn):
    net = _Reduce(fn)
    net.set_inputs(ms.Tensor(shape=[2, None], dtype=ms.float32))
    x = ms.Tensor(np.random.default_rng(0).normal(size=(2, 5)).astype(np.float32) - 2.0)
    got = net(x).asnumpy()
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(got, net(x).asnumpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize(
    ("fn", "op"),
    [
        (lambda x: x[:, ::-1], "rev"),
        (lambda x: x[:, 1:], "slice"),
        (lambda x: x[:, -1], "slice"),
        (lambda x: x.reshape(-1), "reshape"),
    ],
)
def test_an_op_the_padding_would_change_is_an_error_naming_it(graph_mode, fn, op):
    net = _Reduce(fn)
    net.set_inputs(ms.Tensor(shape=[2, None], dtype=ms.float32))
    with pytest.raises(PaddingError, match=f"'{op}' at .*test_bucketed_inputs.py"):
        net(ms.Tensor(np.ones((2, 5), np.float32)))


def test_a_layer_of_fixed_size_over_the_dynamic_axis_is_an_error(graph_mode):
    net = nn.Dense(3, 2)
    net.set_inputs(ms.Tensor(shape=[2, None], dtype=ms.float32))
    with pytest.raises(
        PaddingError, match="traced at the sizes \\[8\\] it failed: For .Dense., the last dimension"
    ):
        net(ms.Tensor(np.ones((2, 3), np.float32)))


def test_model_declares_the_train_network_inputs_from_the_network_and_the_loss():
    net = Classifier()
    net.set_inputs(ms.Tensor(shape=[None, None], dtype=ms.int32))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    loss.set_inputs(ms.Tensor(shape=[None, CLASSES], dtype=ms.float32),
                    ms.Tensor(shape=[None], dtype=ms.int32))  # fmt: skip
    model = ms.Model(net, loss, nn.SGD(net.trainable_params()))
    assert [t.shape for t in model.train_network.get_inputs()] == [(-1, -1), (-1,)]


def test_a_train_network_declared_with_fewer_inputs_than_the_batch_is_an_error(graph_mode):
    # MindSpore 2.10: the network's declaration alone is the train network's; the batch has two
    net = Classifier()
    net.set_inputs(ms.Tensor(shape=[None, None], dtype=ms.int32))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.SGD(net.trainable_params()))
    with pytest.raises(ValueError, match="For set_inputs, the length of input must be equal to "
                                         "expected one, but got expected: 1 and input: 2!"):  # fmt: skip
        model.train(1, _dataset(_sentences(4)), dataset_sink_mode=False)


def test_eval_metrics_count_only_the_real_rows(graph_mode):
    ms.set_seed(2)
    net = Classifier()
    net.set_inputs(ms.Tensor(shape=[None, None], dtype=ms.int32))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    loss.set_inputs(ms.Tensor(shape=[None, CLASSES], dtype=ms.float32),
                    ms.Tensor(shape=[None], dtype=ms.int32))  # fmt: skip
    model = ms.Model(net, loss, metrics={"acc": nn.Accuracy(), "loss": nn.Loss()})
    rows = _sentences(10, seed=3)  # the last batch of a bucket is short
    got = model.eval(_dataset(rows), dataset_sink_mode=False)
    compiled = model.eval_network._shape_compiles  # padded to buckets: (8, 8), (8, 16)...
    assert all(k[0][0][0] == 8 for k in compiled.seen) and compiled.count <= 4
    ms.set_context(mode=ms.PYNATIVE_MODE)
    want = model.eval(_dataset(rows), dataset_sink_mode=False)
    assert got["acc"] == want["acc"]
    np.testing.assert_allclose(got["loss"], want["loss"], rtol=0, atol=1e-5)


def test_a_symbol_dimension_is_padded_to_the_symbols_form(graph_mode):
    net = nn.Dense(3, 2)
    net.set_inputs(ms.Tensor(shape=[ms.Symbol(max=40, divisor=3, remainder=1), 3],
                             dtype=ms.float32))  # fmt: skip
    x = np.random.default_rng(1).normal(size=(10, 3)).astype(np.float32)
    out = net(ms.Tensor(x)).asnumpy()
    assert out.shape == (10, 2)
    assert [k[0][0] for k in net._shape_compiles.seen] == [(16, 3)]  # 16 = 3 * 5 + 1
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(out, net(ms.Tensor(x)).asnumpy(), rtol=1e-6)
