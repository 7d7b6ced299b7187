"""Stalls: a source that blocks never blocks exit or delays the error; a slow but steady pipeline
trains; an endless source is never counted when the size is not needed (issue 7, defects 1, 3, 7)."""

import re
import signal
import threading
import time
import warnings

import numpy as np
import pytest
from cellkit import ArrayDataset, Linear, SGDTrain
from faultkit import HANG_S, Script, hang_guard, run

import deepsink as ms
import deepsink.dataset as ds
from deepsink import context, nn
from deepsink._compile import jit as _jit
from deepsink.dataset.engine import datasets as ds_engine
from deepsink.dataset.engine.parallel import JOIN_GRACE_S
from deepsink.train.sink.queue import SinkStarvationError
from deepsink.train.sink.session import SinkSession

pytestmark = pytest.mark.usefixtures("no_leaked_threads")

STUCK_SOURCE = """
import sys, threading, time
import numpy as np
import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn

never = threading.Event()

class Stuck:  # a read that never returns after the first rows
    def __init__(self, n=600):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i >= 300:  # the first block of 256 rows gets through
            never.wait()
        return np.full((3,), i, np.float32), np.zeros((2,), np.float32)

def stuck_iter():  # (an iterable source hands rows on in blocks of 256)
    for i in range(300):
        yield np.full((3,), i, np.float32), np.zeros((2,), np.float32)
    never.wait()
"""


@pytest.mark.parametrize(
    "source",
    [
        "ds.GeneratorDataset(stuck_iter, ['x', 'y'])",
        "ds.GeneratorDataset(Stuck(), ['x', 'y'], shuffle=False, num_parallel_workers=2, "
        "python_multiprocessing=False)",
        "ds.GeneratorDataset(Stuck(), ['x', 'y'], shuffle=False, num_parallel_workers=2, "
        "python_multiprocessing=True)",
    ],
    ids=["iterable", "threads", "processes"],
)
def test_a_stuck_source_neither_blocks_close_nor_exit(source):
    code = (
        STUCK_SOURCE
        + f"""
d = {source}
it = d.create_tuple_iterator(num_epochs=1, output_numpy=True)
rows = [next(it) for _ in range(4)]
t0 = time.monotonic()
it.close()
print("closed in", round(time.monotonic() - t0, 2), flush=True)
raise RuntimeError("the user's error after the stall")
"""
    )
    rc, out, err = run(code)  # exit is not held by the stuck thread or worker (else: a hang)
    assert "closed in" in out, err
    # close() waits JOIN_GRACE_S for a busy worker, then abandons or kills it: a deadline, checked
    # with a margin for a loaded machine (a blocked join would never end)
    assert float(out.split("closed in")[1].split()[0]) < 60 * JOIN_GRACE_S
    assert rc == 1 and "the user's error after the stall" in err


def test_starvation_from_a_stuck_source_is_raised_at_once_and_the_process_exits():
    code = (
        STUCK_SOURCE
        + """
ms.set_context(sink_timeout=1)
net = nn.Dense(3, 2)
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
try:
    model.train(1, ds.GeneratorDataset(stuck_iter, ['x', 'y']).batch(2), dataset_sink_mode=True,
                sink_size=200)
except ms.train.sink.SinkStarvationError as e:
    print("starved after", flush=True)
    print(e, flush=True)
"""
    )
    # the error comes after the 1 s timeout and a bounded close; a stuck producer joined without
    # a bound would never end, and the script would not exit (run() fails it as a hang)
    rc, out, err = run(code)
    assert rc == 0, err
    assert "starved after" in out and "no batch arrived for" in out, out
    assert "Producer: 128 batches" in out  # one block of 256 rows reached the device


def test_ctrl_c_during_a_stall_in_a_sink_exits_promptly():
    code = (
        STUCK_SOURCE
        + """
def announced():
    for i in range(300):
        yield np.full((3,), i, np.float32), np.zeros((2,), np.float32)
    print("stalled", flush=True)
    never.wait()

ms.set_context(sink_timeout=3600)  # longer than any wait of the test: only Ctrl-C ends it
net = nn.Dense(3, 2)
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
model.train(1, ds.GeneratorDataset(announced, ['x', 'y']).batch(2), dataset_sink_mode=True,
            sink_size=500)
"""
    )
    script = Script(code)
    try:
        script.wait_for("stalled")
        script.proc.send_signal(signal.SIGINT)
        # the stall outlasts the test's hang guard (sink_timeout is an hour), so any exit is the
        # prompt one
        rc, _, err = script.finish()
        assert rc != 0 and "KeyboardInterrupt" in err
    finally:
        if script.proc.poll() is None:
            script.kill()


class _Paced(ArrayDataset):
    """Batches at a steady pace; with ``stall_after`` the source then blocks until released."""

    def __init__(self, delay, stall_after=None, **kw):
        super().__init__(**kw)
        self.pace, self.stall_after = delay, stall_after
        self.release = threading.Event()

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        i = 0
        while True:
            if self.stall_after is not None and i >= self.stall_after:
                self.release.wait()
                return
            time.sleep(self.pace)
            yield self.x[i % len(self.x)], self.y[i % len(self.y)]
            i += 1


def test_a_slow_but_steady_producer_trains():
    # A 120-step sink, one batch every 0.02 s: the chunk takes at least 2.4 s to fill, longer
    # than the 2 s timeout (load only makes it longer), while each batch arrives 100x inside it
    # (a margin that holds at load 10 on 2 cores); the sink must not call that starvation
    context.set_context(sink_timeout=2.0)
    train = SGDTrain(Linear(3, 2))
    data = _Paced(0.02)
    t0 = time.monotonic()
    with SinkSession(train, _jit.state_of(train), data, iter([120]), _jit.CompileCache()) as s:
        loss = float(s.run())
    assert time.monotonic() - t0 >= 120 * 0.02 > 2.0  # the chunk did outlast the timeout
    assert np.isfinite(loss) and s.queue.max_chunk >= 8


def test_starvation_reports_measured_rates():
    context.set_context(sink_timeout=0.5)
    data = _Paced(0.01, stall_after=3)
    train = SGDTrain(Linear(3, 2))
    try:
        # raised, not waited out forever: a source released by the guard ends the run without
        # the error
        with hang_guard(data.release.set):
            with SinkSession(
                train, _jit.state_of(train), data, iter([8]), _jit.CompileCache()
            ) as s:
                with pytest.raises(SinkStarvationError) as info:
                    s.run()
    finally:
        data.release.set()
    msg = str(info.value)
    assert "no batch arrived for" in msg and "sink_timeout=0.5 s" in msg
    produced = re.search(r"Producer: (\d+) batches in ([\d.]+) s \(([\d.]+) batches/s\)", msg)
    assert produced, msg
    n, secs, rate = int(produced[1]), float(produced[2]), float(produced[3])
    # the stall itself is sink_timeout long; the rate is the two printed numbers' ratio (rounded)
    assert n == 3 and secs >= 0.4 and rate == pytest.approx(n / secs, rel=0.2)


def _endless():
    rng = np.random.default_rng(0)
    while True:
        yield rng.normal(size=(3,)).astype(np.float32), rng.normal(size=(2,)).astype(np.float32)


def test_an_endless_generator_trains_with_sink_size_without_counting(monkeypatch):
    def never_count(self):
        raise AssertionError("get_dataset_size() counted rows of an endless source")

    monkeypatch.setattr(ds_engine.Dataset, "_count_rows", never_count)
    data = ds.GeneratorDataset(_endless, ["x", "y"]).batch(4)
    net = Linear(3, 2)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(2, data, dataset_sink_mode=True, sink_size=5)
    helper = ms.DatasetHelper(data, dataset_sink_mode=True, sink_size=3, epoch_num=2)
    assert helper.sink_size() == 3
    assert float(net.calls.asnumpy()) == 10


def test_counting_a_sizeless_source_says_why_it_runs_long(monkeypatch):
    monkeypatch.setattr(ds_engine, "COUNT_WARN_S", 0.05)

    def slow():
        for i in range(600):
            if i % 256 == 0:
                time.sleep(0.1)
            yield (np.float32(i),)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert ds.GeneratorDataset(slow, ["x"]).get_dataset_size() == 600
    text = " ".join(str(w.message) for w in caught)
    assert "no __len__" in text.replace("without __len__", "no __len__") and "sink_size > 0" in text


def test_a_source_error_in_a_sink_arrives_with_its_origin():
    def failing():
        for i in range(300):
            if i == 260:
                raise ZeroDivisionError("bad row 260")
            yield np.full((3,), i, np.float32), np.zeros((2,), np.float32)

    net = Linear(3, 2)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    data = ds.GeneratorDataset(failing, ["x", "y"]).batch(2)
    # the error must come when the source raises, not when the sink gives up waiting for data:
    # sink_timeout is set past any wait of a loaded machine, and the run must end well before it
    context.set_context(sink_timeout=HANG_S)
    t0 = time.monotonic()
    with pytest.raises(
        RuntimeError, match=r"ZeroDivisionError after 260 rows: bad row 260"
    ) as info:
        model.train(1, data, dataset_sink_mode=True, sink_size=140)
    assert time.monotonic() - t0 < HANG_S
    assert isinstance(info.value.__cause__, ZeroDivisionError)
