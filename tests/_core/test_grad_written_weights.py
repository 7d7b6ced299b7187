"""A weight that the differentiated function writes keeps the write: BatchNorm's moving statistics
made trainable (``for p in net.get_parameters(): p.requires_grad = True``, as the ResNet-50
tutorial does before fine-tuning) are updated by a ``value_and_grad`` step as MindSpore updates
them, in PyNative and in a ``jit``-compiled step; the weight is differentiated at its value on
entry."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn, ops


def _batch_norm_step(mode, trainable_stats):
    ms.set_context(mode=mode)
    net = nn.BatchNorm2d(3)  # momentum 0.9: moving = 0.9 * moving + 0.1 * batch statistic
    for p in net.get_parameters():
        p.requires_grad = p.requires_grad or trainable_stats
    x = np.random.default_rng(0).normal(2.0, 3.0, (4, 3, 5, 5)).astype(np.float32)
    weights = net.trainable_params()

    def forward(data):
        return net(data).sum()

    grad_fn = ms.value_and_grad(forward, None, weights)
    net.set_train()
    _, grads = grad_fn(Tensor(x))
    return net, x, weights, grads


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("trainable_stats", [False, True])
def test_batch_norm_statistics_update_when_they_are_differentiated_weights(mode, trainable_stats):
    try:
        net, x, weights, grads = _batch_norm_step(mode, trainable_stats)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    names = [w.name for w in weights]
    assert ("mean" in names) == trainable_stats
    mean = x.mean(axis=(0, 2, 3))
    var = x.var(axis=(0, 2, 3), ddof=1)
    np.testing.assert_allclose(net.moving_mean.asnumpy(), 0.1 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.moving_variance.asnumpy(), 0.9 + 0.1 * var, rtol=1e-5)
    for w, g in zip(weights, grads):
        if w.name in ("mean", "variance"):  # train mode reads no moving statistic
            np.testing.assert_array_equal(g.asnumpy(), 0)


def test_a_written_weight_is_differentiated_at_its_value_on_entry():
    w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")

    def f(x):
        y = (w * x).sum()
        ops.assign(w, w * 10)
        return y

    loss, grads = ms.value_and_grad(f, None, [w])(Tensor(np.array([1.0, 4.0], np.float32)))
    assert float(loss.asnumpy()) == 14.0
    np.testing.assert_array_equal(grads[0].asnumpy(), [1.0, 4.0])
    np.testing.assert_array_equal(w.asnumpy(), [20.0, 30.0])
