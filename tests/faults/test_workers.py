"""Worker processes: they die with their parent however it dies, a worker killed from outside is
named at once, and their number is bounded as in MindSpore (issue 7, defects 4, 8 and 9)."""

import os
import signal
import threading
import time

import numpy as np
import pytest
from faultkit import Script, children, kill_all, wait_gone

import deepsink.dataset as ds

pytestmark = pytest.mark.usefixtures("no_leaked_threads")

TRAINING_WITH_WORKERS = """
import os, time
import numpy as np
import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn

class Rows:
    def __len__(self):
        return 4096
    def __getitem__(self, i):
        time.sleep(0.001)
        return np.full((3,), i % 7, np.float32), np.zeros((2,), np.float32)

data = ds.GeneratorDataset(Rows(), ["x", "y"], shuffle=False, num_parallel_workers=2,
                           python_multiprocessing=True).batch(4)

class Ready(ms.Callback):
    def on_train_step_end(self, run_context):
        print("ready", os.getpid(), flush=True)

net = nn.Dense(3, 2)
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
model.train(10**6, data, callbacks=[Ready()], dataset_sink_mode=True, sink_size=20)
"""


@pytest.mark.parametrize(
    "sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=lambda s: s.name
)
def test_workers_die_with_their_parent(sig):
    script = Script(TRAINING_WITH_WORKERS)
    workers: set[int] = set()
    try:
        script.wait_for("ready", timeout=120)
        workers = children(script.proc.pid)
        assert len(workers) == 2, workers
        script.proc.send_signal(sig)
        rc, _, err = script.finish(timeout=30)
        assert rc != 0
        if sig == signal.SIGINT:
            assert "KeyboardInterrupt" in err
        assert not wait_gone(workers, timeout=10), "worker processes outlived their parent"
    finally:
        kill_all(workers)
        if script.proc.poll() is None:
            script.kill()


def _rows_slowly(x):
    time.sleep(0.05)
    return x + 1


def test_a_worker_killed_from_outside_is_named_at_once():
    before = children(os.getpid())
    d = ds.NumpySlicesDataset(np.arange(4000, dtype=np.float32), ["x"], shuffle=False)
    d = d.map(_rows_slowly, "x", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_tuple_iterator(num_epochs=1, output_numpy=True)
    try:
        deadline = time.monotonic() + 30
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:
            workers = children(os.getpid()) - before
            time.sleep(0.05)
        assert len(workers) == 2, workers
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        t0 = time.monotonic()
        with pytest.raises(RuntimeError, match=r"a dataset worker process died") as info:
            for _ in it:
                pass
        assert time.monotonic() - t0 < 10  # not the slow block of 256 rows after it, nor a hang
        msg = str(info.value)
        assert f"(pid {victim})" in msg and "SIGKILL" in msg and "worker " in msg
    finally:
        it.close()
    assert not wait_gone(workers, timeout=5)
    assert children(os.getpid()) <= before


def test_threads_and_processes_are_released_after_a_run():
    before_threads = set(threading.enumerate())
    before_procs = children(os.getpid())
    d = ds.NumpySlicesDataset(np.arange(600, dtype=np.float32), ["x"], shuffle=False)
    d = d.map(lambda x: x * 2, "x", num_parallel_workers=2, python_multiprocessing=True).batch(8)
    assert sum(1 for _ in d.create_tuple_iterator(num_epochs=1)) == 75
    assert not wait_gone(children(os.getpid()) - before_procs, timeout=5)
    time.sleep(0.1)
    assert [t for t in threading.enumerate() if t not in before_threads and t.is_alive()] == []


@pytest.mark.parametrize(
    "make",
    [
        lambda n: ds.GeneratorDataset(
            lambda: iter([(np.float32(1),)]),
            ["x"],
            num_parallel_workers=n,
            python_multiprocessing=True,
        ),
        lambda n: ds.NumpySlicesDataset(np.zeros(4), ["x"]).map(
            lambda x: x, "x", num_parallel_workers=n, python_multiprocessing=True
        ),
        lambda n: ds.NumpySlicesDataset(np.zeros(4), ["x"]).batch(2, num_parallel_workers=n),
    ],
    ids=["GeneratorDataset", "map", "batch"],
)
def test_num_parallel_workers_is_bounded_by_the_cpu_count(make):
    cpus = os.cpu_count()
    before = children(os.getpid())
    for bad in (1000, cpus + 1, 0, -1):
        with pytest.raises(
            ValueError,
            match=rf"num_parallel_workers exceeds the boundary between 1 and {cpus}! Got {bad}",
        ):
            make(bad)
    for bad in (1.5, True, "2"):
        with pytest.raises(
            TypeError, match=r"num_parallel_workers with value .* is not of type int"
        ):
            make(bad)
    make(cpus)
    assert children(os.getpid()) == before  # nothing forked by a rejected pipeline
