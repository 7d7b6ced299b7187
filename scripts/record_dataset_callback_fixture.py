"""Record the DSCallback hook calls of MindSpore 2.10 (``tests/fixtures/ms/sources/
ds_callbacks.json``): a 5-row map with step_size 1, 2 and 3, iterated for two epochs; and the
events of a WaitedDSCallback and a training callback through ``Model.train`` (key "waited").

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_dataset_callback_fixture.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
import mindspore.dataset as ds
import numpy as np
from mindspore import nn
from mindspore.dataset import DSCallback

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "sources"


class Recorder(DSCallback):
    def __init__(self, events, step_size):
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


def waited_events() -> list[str]:
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
    return events


def main() -> None:
    out = {}
    for step_size in (1, 2, 3):
        events = []
        data = ds.NumpySlicesDataset(np.arange(5), ["x"], shuffle=False)
        data = data.map(lambda x: x, callbacks=Recorder(events, step_size), num_parallel_workers=1)
        it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
        for _ in range(2):
            for _ in it:
                pass
        out[str(step_size)] = events
    out["waited"] = waited_events()
    (OUT / "ds_callbacks.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
