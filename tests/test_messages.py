"""Error messages as a user meets them: what was probably forgotten, values shown plainly, dtypes
rejected as MindSpore 2.10 rejects them, and tracebacks that show the user's frames only."""

import os
import traceback

import jax
import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops

ROOT = os.path.dirname(os.path.abspath(ms.__file__))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3)
        self.fc = nn.Dense(128, 2)

    def construct(self, x):
        x = self.conv(x)  # the user's line the traceback must show
        return self.fc(ops.reshape(x, (x.shape[0], -1)))


def _unbatched(image_shape):
    x = np.random.default_rng(0).normal(size=(8, *image_shape)).astype(np.float32)
    y = np.arange(8, dtype=np.int32) % 2
    return ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False)


def _model(net):
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))


def _frames(exc):
    return [(os.path.basename(f.filename), f.name) for f in traceback.extract_tb(exc.__traceback__)]


def _deepsink_frames(exc):
    return [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(ROOT)]


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("sink", [True, False])
def test_forgotten_batch_is_named_and_the_users_construct_is_shown(mode, sink):
    ms.set_context(mode=mode)
    with pytest.raises(ValueError) as info:
        _model(Net()).train(1, _unbatched((1, 8, 8)), dataset_sink_mode=sink)
    exc = info.value
    assert "but got shape [1, 8, 8]" in str(exc)
    assert any("was .batch(batch_size) forgotten?" in n for n in exc.__notes__)
    # the user's frames only: this test's call, then Net.construct; no deepsink or JAX frame
    assert _frames(exc) == [
        ("test_messages.py", "test_forgotten_batch_is_named_and_the_users_construct_is_shown"),
        ("test_messages.py", "construct"),
    ]
    assert sum("JAX_TRACEBACK_FILTERING=off" in n for n in exc.__notes__) == 1
    assert not any("JAX has removed" in n for n in exc.__notes__)


@pytest.mark.parametrize("sink", [True, False])
def test_one_d_logits_say_the_batch_axis_is_missing(sink):
    net = nn.Dense(3, 2)  # MindSpore's Dense takes 1-D input: the loss is where it shows
    with pytest.raises(ValueError) as info:
        _model(net).train(1, _unbatched((3,)), dataset_sink_mode=sink)
    msg = str(info.value)
    assert msg.startswith(
        "For 'SoftmaxCrossEntropyWithLogits', 'logits' must be a 2-D Tensor (N, C), "
        "but got shape [2] (one sample without its batch axis"
    )
    assert ".batch(batch_size)" in msg
    assert not _deepsink_frames(info.value)


def test_batched_dataset_errors_carry_no_batch_note():
    data = _unbatched((1, 8, 8)).batch(4)
    net = Net()
    net.fc = nn.Dense(64, 2)  # wrong in_channels: a real error, not a missing batch
    with pytest.raises(ValueError) as info:
        _model(net).train(1, data, dataset_sink_mode=False)
    assert not any(".batch(" in n for n in getattr(info.value, "__notes__", []))


def test_worded_values_are_not_quoted():
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True)
    with pytest.raises(ValueError) as info:
        loss(ms.Tensor(np.ones((2, 3, 4), np.float32)), ms.Tensor(np.zeros(2, np.int32)))
    assert "but got shape [2, 3, 4]" in str(info.value)
    assert "'shape" not in str(info.value)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.uint32])
@pytest.mark.parametrize("reduction", ["mean", "none"])
def test_sparse_labels_other_than_int32_int64_are_a_type_error(dtype, reduction):
    # MindSpore 2.10: TypeError "... must be a type of {Tensor[Int32], Tensor[Int64]}, but got
    # Tensor[UInt8]" (SparseSoftmaxCrossEntropyWithLogits for 'mean', OneHot for 'none')
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)
    logits = ms.Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match=r"'labels' must be an int32 or int64 Tensor.*dtype"):
        loss(logits, ms.Tensor(np.array([1, 0], dtype)))


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_sparse_labels_int32_int64_are_accepted(dtype):
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    out = loss(ms.Tensor(np.zeros((2, 3), np.float32)), ms.Tensor(np.array([1, 0], dtype)))
    np.testing.assert_allclose(out.asnumpy(), np.log(3.0), rtol=1e-6)


def test_pynative_cell_error_points_at_the_callers_line():
    with pytest.raises(RuntimeError) as info:  # a channel mismatch, as MindSpore
        nn.Conv2d(1, 2, 3)(ms.Tensor(np.ones((2, 3, 8, 8), np.float32)))
    assert _frames(info.value) == [
        ("test_messages.py", "test_pynative_cell_error_points_at_the_callers_line")
    ]


def test_jax_traceback_filtering_off_keeps_every_frame():
    before = jax.config.jax_traceback_filtering
    jax.config.update("jax_traceback_filtering", "off")
    try:
        with pytest.raises(ValueError) as info:
            _model(Net()).train(1, _unbatched((1, 8, 8)), dataset_sink_mode=True)
    finally:
        jax.config.update("jax_traceback_filtering", before)
    assert len(_deepsink_frames(info.value)) > 5
    assert not any("JAX_TRACEBACK_FILTERING" in n for n in info.value.__notes__)


def _numbers():
    return ds.NumpySlicesDataset(
        {"image": np.zeros((4, 2), np.float32), "label": np.arange(4)}, shuffle=False
    )


def test_a_column_typo_in_map_shows_the_users_line_only():
    with pytest.raises(ValueError, match="'imgae'") as info:
        _numbers().map(operations=lambda x: x + 1, input_columns="imgae")
    assert _frames(info.value) == [
        ("test_messages.py", "test_a_column_typo_in_map_shows_the_users_line_only")
    ]


def test_a_maps_error_while_iterating_shows_the_users_frames_only():
    def bad(x):
        raise KeyError("the user's own bug")

    data = _numbers().map(operations=bad, input_columns="image")
    with pytest.raises(Exception, match="the user's own bug") as info:
        next(data.create_tuple_iterator())
    exc = info.value
    assert _frames(exc) == [
        ("test_messages.py", "test_a_maps_error_while_iterating_shows_the_users_frames_only")
    ]
    # the operation's own error, which the map error names, keeps the user's function only
    assert _frames(exc.__cause__) == [("test_messages.py", "bad")]


def test_an_unimplemented_text_name_shows_the_users_line_only():
    import deepsink.dataset.text as text

    with pytest.raises(AttributeError, match="does not implement") as info:
        text.UnknownTokenizer("hmm.model")  # noqa: B018 - the error is the point
    assert _frames(info.value) == [
        ("test_messages.py", "test_an_unimplemented_text_name_shows_the_users_line_only")
    ]
    assert not hasattr(text, "UnknownTokenizer")  # hasattr still works


def test_a_transforms_argument_error_shows_the_users_line_only():
    import deepsink.dataset.vision as vision

    with pytest.raises(ValueError, match="interval") as info:
        vision.Resize(-1)
    assert _frames(info.value) == [
        ("test_messages.py", "test_a_transforms_argument_error_shows_the_users_line_only")
    ]


def test_a_shape_error_in_construct_carries_no_chained_jax_error():
    class Add(nn.Cell):
        def construct(self, x):
            return x + ops.ones((4,), ms.float32)

    with pytest.raises(ValueError, match="Incompatible shapes") as info:
        Add()(ms.Tensor(np.zeros((2, 3), np.float32)))
    exc = info.value
    assert [name for _, name in _frames(exc)] == [
        "test_a_shape_error_in_construct_carries_no_chained_jax_error",
        "construct",
    ]
    assert exc.__cause__ is None and exc.__suppress_context__
    assert "During handling" not in "".join(traceback.format_exception(exc))


def test_the_end_of_an_epoch_is_a_plain_stop_iteration():
    it = _numbers().create_tuple_iterator(num_epochs=1)
    for _ in range(4):
        next(it)
    with pytest.raises(StopIteration) as info:
        next(it)
    assert not getattr(info.value, "__notes__", None)
