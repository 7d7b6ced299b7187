"""device_target naming a device this machine lacks: one warning at the user's set_context line,
then everything runs on the device that exists and get_context says which."""

import warnings

import jax
import numpy as np
import pytest
from cellkit import Linear

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn

HAS_GPU = jax.default_backend() == "gpu"


def _set(target):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ms.set_context(device_target=target)  # the line the warning must point at
        line = _set.__code__.co_firstlineno + 3
    return caught, line


def test_ascend_falls_back_with_one_warning_at_the_callers_line():
    caught, line = _set("Ascend")
    assert len(caught) == 1
    w = caught[0]
    assert w.category is RuntimeWarning
    assert w.filename == __file__
    assert w.lineno == line
    assert "device_target='Ascend'" in str(w.message)
    assert ms.get_context("device_target") == ("GPU" if HAS_GPU else "CPU")


@pytest.mark.skipif(HAS_GPU, reason="this machine has a GPU")
def test_gpu_without_gpu_names_the_cuda_extra_and_reports_cpu():
    caught, line = _set("GPU")
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]
    assert '".[cuda]"' in str(caught[0].message)
    assert "running on CPU" in str(caught[0].message)
    assert ms.get_context("device_target") == "CPU"


def test_cpu_and_available_targets_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ms.set_context(device_target="CPU")
        if HAS_GPU:
            ms.set_context(device_target="GPU")


@pytest.mark.parametrize("sink", [True, False])
def test_training_after_the_fallback_warns_nothing_more(sink):
    # the one warning is set_context's; the cell call, the sink engine and the conv lowering choice
    # must not add their own
    _set("Ascend")
    x = np.random.default_rng(0).normal(size=(8, 3)).astype(np.float32)
    data = ds.NumpySlicesDataset((x, x[:, :2]), column_names=["x", "y"], shuffle=False).batch(4)
    net = Linear(3, 2)
    conv = nn.Conv2d(1, 2, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        conv(ms.Tensor(np.ones((1, 1, 5, 5), np.float32)))
        model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
        model.train(1, data, dataset_sink_mode=sink)
