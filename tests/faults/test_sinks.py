"""Sinks: repeated calls compile nothing, short last batches work in every sink path, and
out-of-range labels are an error, not a silent 0.0 loss (issue 7, defects 2, 5, 6)."""

import jax
import jax.monitoring
import numpy as np
import pytest
from compilekit import counting_compiles

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.transforms as T
import deepsink.dataset.vision as vision
from deepsink import context, nn
from deepsink._compile import jit as _jit
from deepsink.train.sink import session as session_mod

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


def _images(n=64, batch=8):
    """uint8 images with a traceable map tail (it moves into the sink: a DeviceTransform)."""
    rng = np.random.default_rng(0)
    x = rng.integers(0, 255, size=(n, 4, 4, 1), dtype=np.uint8)
    y = rng.integers(0, 3, size=(n,)).astype(np.int32)
    d = ds.NumpySlicesDataset((x, y), ["image", "label"], shuffle=False)
    d = d.map([vision.Rescale(1 / 255.0, 0.0), vision.HWC2CHW()], "image")
    d = d.map(T.TypeCast(ms.int32), "label")
    return d.batch(batch)


class Flat(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(16, 3)

    def construct(self, x):
        return self.dense(x.reshape((x.shape[0], -1)))


def _classifier():
    ms.set_seed(3)
    net = Flat()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(
        net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"acc", "loss"}
    )
    return net, model


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_a_second_train_call_compiles_nothing(strategy):
    context.set_context(sink_strategy=strategy)
    _, model = _classifier()
    data = _images()
    model.train(1, data, dataset_sink_mode=True, sink_size=4)
    for _ in range(2):
        with counting_compiles() as compiles:
            model.train(1, data, dataset_sink_mode=True, sink_size=4)
        assert compiles == []
    assert model._cache.misses == 1 and len(model._cache) == 1
    # an equal pipeline built again is the same program; a different map tail is another one
    model.train(1, _images(), dataset_sink_mode=True, sink_size=4)
    assert model._cache.misses == 1
    other = _images().map(vision.Rescale(2.0, 0.0), "image")
    model.train(1, other, dataset_sink_mode=True, sink_size=4)
    assert model._cache.misses == 2


def test_the_compile_cache_is_bounded():
    cache = _jit.CompileCache(capacity=2)
    built = []
    for key in ["a", "b", "a", "c", "b"]:
        cache.get(key, lambda key=key: built.append(key) or key)
    assert built == ["a", "b", "c", "b"]  # "b" was the least recently used when "c" came
    assert len(cache) == 2


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_short_last_batches_work_in_every_sink_path(strategy):
    context.set_context(sink_strategy=strategy)
    data = _images(n=20, batch=8)  # 2 batches of 8 and one of 4 (batch keeps the remainder)
    assert data.get_dataset_size() == 3
    _, model = _classifier()
    model.train(1, data, dataset_sink_mode=True)
    eager = model.eval(data, dataset_sink_mode=False)
    sunk = model.eval(data, dataset_sink_mode=True)
    assert sunk.keys() == eager.keys()
    for k in eager:
        assert sunk[k] == pytest.approx(eager[k], rel=1e-5)

    class Seen(ms.Callback):
        def on_train_epoch_end(self, run_context):
            self.metrics = run_context.original_args().metrics

    seen = Seen()
    model.fit(1, data, data, callbacks=[seen], dataset_sink_mode=True, valid_dataset_sink_mode=True)
    assert set(seen.metrics) == {"acc", "loss"}


def test_short_last_batches_in_dataset_helper_and_data_sink():
    data = _images(n=20, batch=8)
    net = Flat()
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    helper = ms.DatasetHelper(data, dataset_sink_mode=True, epoch_num=2)
    sink_net = ms.connect_network_with_dataset(train, helper)
    for _ in range(2):
        for inputs in helper:
            assert np.isfinite(float(sink_net(*inputs).asnumpy()))
    step = ms.data_sink(train, data, sink_size=3)
    assert np.isfinite(float(step().asnumpy()))
    step.close()


def _labelled(bad_label):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(16, 5)).astype(np.float32)
    y = rng.integers(0, 10, size=(16,)).astype(np.int32)
    y[13] = bad_label  # batch 3, row 1
    return ds.NumpySlicesDataset((x, y), ["x", "y"], shuffle=False).batch(4)


@pytest.mark.parametrize("bad_label", [15, -1])
@pytest.mark.parametrize("sink", [False, True])
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_out_of_range_labels_are_an_error_not_a_zero_loss(mode, sink, bad_label):
    ms.set_context(mode=mode)
    net = nn.Dense(5, 10)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    with pytest.raises(
        RuntimeError, match=rf"in \[0, 10\) \(10 classes.*but got label\[1\] = {bad_label}"
    ):
        model.train(1, _labelled(bad_label), dataset_sink_mode=sink)
    model.train(1, _labelled(3), dataset_sink_mode=sink)  # the check clears after it fired


def test_label_checks_add_no_host_sync_in_a_sink(monkeypatch):
    gets = []
    real_get = jax.device_get
    monkeypatch.setattr(session_mod.jax, "device_get", lambda x: gets.append(1) or real_get(x))
    net = nn.Dense(5, 10)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    model.train(3, _labelled(3), dataset_sink_mode=True, sink_size=5)
    assert len(gets) == 3  # one read per sink, outputs and checks together
    gets.clear()
    with pytest.raises(RuntimeError, match=r"label\[1\] = 15"):
        model.train(1, _labelled(15), dataset_sink_mode=True)  # one sink of 4 steps
    assert len(gets) == 1


def test_label_checks_in_an_eager_loss_call():
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
    logits = ms.Tensor(np.zeros((3, 4), np.float32))
    with pytest.raises(RuntimeError, match=r"in \[0, 4\) \(4 classes.*label\[2\] = 4"):
        loss(logits, ms.Tensor(np.array([0, 3, 4], np.int32)))
    assert loss(logits, ms.Tensor(np.array([0, 3, 1], np.int32))).shape == (3,)
