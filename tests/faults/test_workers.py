"""Worker processes: they die with their parent however it dies, a worker killed from outside is
named at once, and their number is bounded as in MindSpore (issue 7, defects 4, 8 and 9)."""

import functools
import os
import signal
import threading
import time

import numpy as np
import pytest
from faultkit import Script, children, hang_guard, kill_all, wait_gone, wait_until

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
        script.wait_for("ready")
        workers = children(script.proc.pid)
        assert len(workers) == 2, workers
        script.proc.send_signal(sig)
        rc, _, err = script.finish()
        assert rc != 0
        if sig == signal.SIGINT:
            assert "KeyboardInterrupt" in err
        assert not wait_gone(workers), "worker processes outlived their parent"
    finally:
        kill_all(workers)
        if script.proc.poll() is None:
            script.kill()


def _rows_until_released(release, x):
    if x >= 8:  # every later row waits until the test releases it
        while not os.path.exists(release):
            time.sleep(0.01)
    return x + 1


def test_a_worker_killed_from_outside_is_named_at_once(tmp_path):
    # Rows after the first 8 wait for a file the test writes only after the error, so the error
    # cannot come from the rows running out or from a worker finishing its block: only from the
    # pipeline noticing the death (a guard releases the rows after HANG_S, and the check fails)
    release = tmp_path / "release"
    before = children(os.getpid())
    d = ds.NumpySlicesDataset(np.arange(4000, dtype=np.float32), ["x"], shuffle=False)
    rows = functools.partial(_rows_until_released, str(release))
    d = d.map(rows, "x", num_parallel_workers=2, python_multiprocessing=True)
    it = d.create_tuple_iterator(num_epochs=1, output_numpy=True)
    workers: set[int] = set()
    try:
        wait_until(lambda: len(children(os.getpid()) - before) >= 2, "two dataset workers")
        workers = children(os.getpid()) - before
        assert len(workers) == 2, workers
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        with hang_guard(release.touch):
            with pytest.raises(RuntimeError, match=r"a dataset worker process died") as info:
                for _ in it:
                    pass
        assert not release.exists(), "named only after the blocked rows were released"
        msg = str(info.value)
        assert f"(pid {victim})" in msg and "SIGKILL" in msg and "worker " in msg
    finally:
        release.touch()
        it.close()
    assert not wait_gone(workers)
    assert children(os.getpid()) <= before


def test_threads_and_processes_are_released_after_a_run():
    before_threads = set(threading.enumerate())
    before_procs = children(os.getpid())
    d = ds.NumpySlicesDataset(np.arange(600, dtype=np.float32), ["x"], shuffle=False)
    d = d.map(lambda x: x * 2, "x", num_parallel_workers=2, python_multiprocessing=True).batch(8)
    assert sum(1 for _ in d.create_tuple_iterator(num_epochs=1)) == 75
    assert not wait_gone(children(os.getpid()) - before_procs)

    def new_threads():
        return [t for t in threading.enumerate() if t not in before_threads and t.is_alive()]

    wait_until(lambda: not new_threads(), "end of the pipeline's threads")


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
    # 2.10 shows the type list for a float or a str, the tuple itself for a bool
    for bad, types in (
        (1.5, r"\[<class 'int'>\]"),
        (True, r"\(<class 'int'>,\)"),
        ("2", r"\[<class 'int'>\]"),
    ):
        with pytest.raises(
            TypeError, match=rf"num_parallel_workers with value .* is not of type {types}"
        ):
            make(bad)
    make(cpus)
    assert children(os.getpid()) == before  # nothing forked by a rejected pipeline
