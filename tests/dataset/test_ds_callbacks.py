"""Dataset callbacks: the hooks a map calls, against MindSpore 2.10's calls for the same pipeline
(``tests/fixtures/ms/sources/ds_callbacks.json``), and WaitedDSCallback's wait on training.

MindSpore's map hands rows to workers ahead of the mapped rows coming back, so its step_begin and
step_end calls interleave with each other by thread timing; deepsink calls them around each row.
The calls, their contexts and the order of each kind are compared.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds

FIXTURE = (
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources" / "ds_callbacks.json"
)


class Recorder(ds.DSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def _add(self, name, c):
        self.events.append([name, c.cur_epoch_num, c.cur_step_num_in_epoch, c.cur_step_num])

    def ds_begin(self, ds_run_context):
        self._add("ds_begin", ds_run_context)

    def ds_epoch_begin(self, ds_run_context):
        self._add("ds_epoch_begin", ds_run_context)

    def ds_epoch_end(self, ds_run_context):
        self._add("ds_epoch_end", ds_run_context)

    def ds_step_begin(self, ds_run_context):
        self._add("ds_step_begin", ds_run_context)

    def ds_step_end(self, ds_run_context):
        self._add("ds_step_end", ds_run_context)


def _by_kind(events):
    kinds = {}
    for e in events:
        kinds.setdefault(e[0], []).append(e)
    return kinds


@pytest.mark.parametrize("step_size", [1, 2, 3])
def test_hooks_match_mindspore(step_size):
    want = json.loads(FIXTURE.read_text())[str(step_size)]
    events = []
    data = ds.NumpySlicesDataset(np.arange(5), ["x"], shuffle=False)
    data = data.map(lambda x: x + 1, callbacks=Recorder(events, step_size))
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    rows = [[int(r[0]) for r in it] for _ in range(2)]
    assert rows == [[1, 2, 3, 4, 5]] * 2
    assert _by_kind(events) == _by_kind(want)
    # epochs bracket their steps, each step's end follows its begin
    for epoch in (1, 2):
        mine = [e for e in events if e[1] == epoch]
        assert mine[0][0] == "ds_epoch_begin" and mine[-1][0] == "ds_epoch_end"
    begins = [i for i, e in enumerate(events) if e[0] == "ds_step_begin"]
    ends = [i for i, e in enumerate(events) if e[0] == "ds_step_end"]
    assert all(b < e for b, e in zip(begins, ends))


def test_callback_sees_rows_in_order_through_batch_and_other_maps():
    events = []
    data = ds.NumpySlicesDataset(np.arange(6), ["x"], shuffle=False)
    data = (
        data.map(lambda x: x * 2)
        .map(lambda x: x, callbacks=[Recorder(events, 3)])
        .map(lambda x: x + 1)
    )
    data = data.batch(3)
    out = [r[0].tolist() for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    assert out == [[1, 3, 5], [7, 9, 11]]
    assert [e[2] for e in events if e[0] == "ds_step_begin"] == [1, 4]


def test_bad_callbacks_are_refused():
    data = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False)
    with pytest.raises(TypeError, match="callbacks"):
        data.map(lambda x: x, callbacks=[object()])
    with pytest.raises(AttributeError, match="without overriding"):
        data.map(lambda x: x, callbacks=ds.DSCallback())
    with pytest.raises(ValueError, match="step_size"):
        ds.DSCallback(step_size=0)


class _Ctx:
    def __init__(self, step):
        self.step = step

    def original_args(self):
        return self


def test_waited_callback_waits_for_training_steps():
    seen = []

    class Sync(ds.WaitedDSCallback):
        def sync_step_begin(self, train_run_context, ds_run_context):
            seen.append((ds_run_context.cur_step_num, train_run_context.step))

        def sync_epoch_begin(self, train_run_context, ds_run_context):
            seen.append(("epoch", ds_run_context.cur_epoch_num, train_run_context.step))

    cb = Sync(step_size=2)
    data = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False).map(lambda x: x, callbacks=cb)
    data = data.batch(2)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    step = 0
    for _epoch in range(2):
        for _ in it:
            step += 1
            cb.step_end(_Ctx(step))  # what Model.train does after each step
        cb.epoch_end(_Ctx(step))
    assert seen == [(3, 1), ("epoch", 2, 2), (5, 2), (7, 3)]


def test_waited_callback_times_out_without_training():
    class Sync(ds.WaitedDSCallback):
        def sync_step_begin(self, train_run_context, ds_run_context):
            pass

    old = ds.config.get_callback_timeout()
    ds.config.set_callback_timeout(1)
    try:
        data = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False).map(
            lambda x: x, callbacks=Sync()
        )
        with pytest.raises(RuntimeError, match="timed out"):
            list(data.create_tuple_iterator(num_epochs=1))
    finally:
        ds.config.set_callback_timeout(old)


def test_waited_callback_through_model_train():
    """The events of MindSpore's own WaitedDSCallback example, run through Model.train."""
    import deepsink as ms
    from deepsink import nn

    events = []

    class Waited(ds.WaitedDSCallback):
        def sync_epoch_begin(self, train_run_context, ds_run_context):
            events.append(
                f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}"
            )

        def sync_step_begin(self, train_run_context, ds_run_context):
            events.append(
                f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}"
            )

    class Train(ms.train.Callback):
        def on_train_epoch_end(self, run_context):
            p = run_context.original_args()
            events.append(f"ms_epoch_end_{p.cur_epoch_num}_{p.cur_step_num}")

        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            events.append(f"ms_step_end_{p.cur_epoch_num}_{p.cur_step_num}")

    class Net(nn.Cell):
        def construct(self, x, y):
            return x

    arr = np.array([1, 2, 3, 4], np.float32)
    cb = Waited(1)
    data = ds.NumpySlicesDataset((arr, arr), column_names=["c1", "c2"], shuffle=False)
    data = data.map(operations=(lambda x: x), callbacks=cb)
    ms.train.Model(Net()).train(2, data, dataset_sink_mode=False, callbacks=[Train(), cb])
    want = json.loads(FIXTURE.read_text())["waited"]
    # deepsink's Model starts reading a third pass once training has ended (its hooks then run
    # without waiting); MindSpore's stops at two: the events up to the end of training agree
    assert events[: len(want)] == want


def test_repeat_above_the_map_is_one_epoch():
    # MindSpore 2.10: with repeat(2) above the map, an epoch of 2 rows has 4 steps and one
    # epoch_begin/epoch_end pair (its test_callbacks_repeat)
    events = []
    data = ds.NumpySlicesDataset([1, 2], shuffle=False)
    data = data.map(operations=(lambda x: x), callbacks=Recorder(events)).repeat(2)
    it = data.create_tuple_iterator(num_epochs=2)
    for _ in range(2):
        for _ in it:
            pass
    epochs = [e for e in events if "epoch" in e[0]]
    assert epochs == [
        ["ds_epoch_begin", 1, 0, 0],
        ["ds_epoch_end", 1, 4, 4],
        ["ds_epoch_begin", 2, 0, 4],
        ["ds_epoch_end", 2, 4, 8],
    ]
    steps = [e[1:] for e in events if e[0] == "ds_step_begin"]
    assert steps == [[1, i, i] for i in range(1, 5)] + [[2, i, 4 + i] for i in range(1, 5)]


def test_hook_error_quotes_the_original_exception():
    class Bad(ds.DSCallback):
        def ds_step_end(self, ds_run_context):
            raise KeyError("k")

    data = ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x, callbacks=Bad())
    with pytest.raises(RuntimeError, match="KeyError: 'k'") as err:
        for _ in data.create_tuple_iterator(num_epochs=1):
            pass
    assert isinstance(err.value.__cause__, KeyError)


def test_callbacks_argument_errors_and_getters(monkeypatch):
    data = ds.NumpySlicesDataset([1, 2, 3, 4], shuffle=False)
    with pytest.raises(TypeError, match="Argument callbacks with value 0 is not "):
        data.map(lambda x: x, callbacks=0)
    with pytest.raises(TypeError, match=r"Argument callbacks\[1\] with value 0 is not "):
        data.map(lambda x: x, callbacks=[Recorder([]), 0])
    events = []
    mapped = data.map(lambda x: x, callbacks=Recorder(events))
    assert mapped.get_dataset_size() == 4 and mapped.output_shapes() == [[]]
    assert events == []  # getters run without the callbacks
    monkeypatch.setenv("MS_INDEPENDENT_DATASET", "True")
    with pytest.raises(RuntimeError, match="Dataset Callbacks is not supported in Dataset Indep"):
        data.map(lambda x: x, callbacks=Recorder([]))
