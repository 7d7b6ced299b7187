"""``deepsink launch`` under faults (issue 23, items 1, 2, 7 and 8): a taken ``--master_port`` is
refused before anything starts and a running job on it is left alone, ranks are known without
``init()``, a missing peer or a taken port ends with deepsink's own message, and a stopped worker
runs ``on_train_end`` before it exits. Every job runs on 127.0.0.1."""

import os
import signal
import socket
import subprocess
import sys

import pytest
from faultkit import HANG_S, wait_until
from launchkit import alive, free_port

from deepsink.communication import management

# the first job holds its coordinator until the test lets it finish (the file ``go`` appears;
# the job gives up after the tests' hang guard, so a failed test leaves no job behind)
HOLD = f"""
import os, time
rank = os.environ["RANK_ID"]
open(f"ready{{rank}}", "w").write(str(os.getpid()))
deadline = time.monotonic() + {HANG_S}
while not os.path.exists("go") and time.monotonic() < deadline:
    time.sleep(0.05)
print("finished", rank, flush=True)
"""


# ``deepsink launch`` with the workers' grace period (SIGTERM to SIGKILL) set to the hang guard:
# a test that stops a job then waits for its workers' graceful exit (an event), however long a
# loaded machine makes it, instead of racing the launcher's 5 s deadline
PATIENT_LAUNCHER = (
    "import sys\n"
    "from deepsink import launcher\n"
    f"launcher._GRACE_S = {HANG_S}\n"
    "sys.exit(launcher.main(sys.argv[1:]))\n"
)


def _launch_cmd(port, script, *, workers=2, local=2, extra=(), patient=False):
    launch = ["-c", PATIENT_LAUNCHER] if patient else ["-m", "deepsink", "launch"]
    return [
        sys.executable,
        *launch,
        "--worker_num",
        str(workers),
        "--local_worker_num",
        str(local),
        "--master_addr",
        "127.0.0.1",
        "--master_port",
        str(port),
        "--log_dir",
        "logs",
        "--cluster_time_out",
        "300",
        *extra,
        script,
    ]


def _start_holding_job(folder, port):
    folder.mkdir()
    (folder / "job.py").write_text(HOLD)
    proc = subprocess.Popen(
        _launch_cmd(port, "job.py"),
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready = (folder / "ready0", folder / "ready1")
        wait_until(lambda: all(r.exists() for r in ready), "the first job's workers", proc)
    except AssertionError:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        raise
    return proc


def test_a_second_job_on_a_taken_port_is_refused_and_the_first_finishes(tmp_path):
    port = free_port()
    first = _start_holding_job(tmp_path / "first", port)
    try:
        second = tmp_path / "second"
        second.mkdir()
        (second / "job.py").write_text("open('started', 'w')\n")
        res = subprocess.run(
            _launch_cmd(port, "job.py"),
            cwd=second,
            capture_output=True,
            text=True,
            timeout=HANG_S,
        )
        assert res.returncode != 0
        assert f"--master_port {port} is already in use" in res.stderr
        assert "Pick a free port with --master_port" in res.stderr
        # no worker of the second job started (no log folder is made before one starts), so none
        # registered with the first job's coordinator: nothing is left to abort the first job
        assert not (second / "started").exists() and not (second / "logs").exists()
        (tmp_path / "first" / "go").write_text("")
        out, err = first.communicate(timeout=HANG_S)
        assert first.returncode == 0, err
        for rank in (0, 1):
            assert (
                f"finished {rank}"
                in (tmp_path / "first" / "logs" / f"worker_{rank}.log").read_text()
            )
    finally:
        if first.poll() is None:
            first.kill()
            first.communicate()


def test_a_port_taken_by_another_program_is_refused(tmp_path):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        (tmp_path / "job.py").write_text("open('started', 'w')\n")
        res = subprocess.run(
            _launch_cmd(port, "job.py"),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=HANG_S,
        )
    assert res.returncode == 1
    assert f"--master_port {port} is already in use" in res.stderr
    assert "Traceback" not in res.stderr and not (tmp_path / "started").exists()


def test_init_on_rank_0_names_a_taken_scheduler_port(monkeypatch):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        monkeypatch.setenv("MS_WORKER_NUM", "2")
        monkeypatch.setenv("MS_SCHED_HOST", "127.0.0.1")
        monkeypatch.setenv("MS_SCHED_PORT", str(port))
        monkeypatch.setenv("RANK_ID", "0")
        monkeypatch.setattr(management.jax.distributed, "is_initialized", lambda: False)
        with pytest.raises(RuntimeError, match=f"--master_port {port} is already in use"):
            management.join("init", "CPU")


def test_a_missing_peer_ends_with_deepsinks_timeout_message(tmp_path):
    (tmp_path / "job.py").write_text("print('never', flush=True)\n")
    extra = ("--node_rank", "0")
    cmd = _launch_cmd(free_port(), "job.py", workers=2, local=1, extra=extra)
    cmd[cmd.index("--cluster_time_out") + 1] = "3"
    res = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=HANG_S)
    assert res.returncode == 1
    assert "worker 0 (pid" in res.stderr and "exited with code 1" in res.stderr
    log = (tmp_path / "logs" / "worker_0.log").read_text()
    assert "waited cluster_time_out=3 s for the 2 workers" in log
    assert "--node_rank" in log and "Check failure" not in log and "never" not in log


def test_ranks_without_init_come_from_the_launcher(tmp_path):
    (tmp_path / "job.py").write_text(
        "from mindspore.communication import get_rank, get_group_size\n"
        "print('rank', get_rank(), 'of', get_group_size(), flush=True)\n"
    )
    res = subprocess.run(
        _launch_cmd(free_port(), "job.py"),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_S,
    )
    assert res.returncode == 0, res.stderr
    for rank in (0, 1):
        assert f"rank {rank} of 2" in (tmp_path / "logs" / f"worker_{rank}.log").read_text()


def test_ranks_without_init_follow_msrun_environment(monkeypatch):
    monkeypatch.setenv("RANK_ID", "3")
    monkeypatch.setenv("RANK_SIZE", "4")
    monkeypatch.setenv("LOCAL_RANK", "1")
    monkeypatch.setenv("LOCAL_RANK_SIZE", "2")
    assert management.get_rank() == 3 and management.get_group_size() == 4
    assert management.get_local_rank() == 1 and management.get_local_rank_size() == 2
    monkeypatch.setenv("MS_ROLE", "MS_SCHED")  # MindSpore's scheduler is rank 0 of 1
    assert management.get_rank() == 0 and management.get_group_size() == 1
    for name in ("RANK_ID", "RANK_SIZE", "MS_ROLE"):
        monkeypatch.delenv(name)
    assert management.get_rank() == 0 and management.get_group_size() == 1


TRAIN_UNTIL_STOPPED = """
import os
import numpy as np
import mindspore as ms
from mindspore import nn
import mindspore.dataset as ds
from mindspore.train import ModelCheckpoint, CheckpointConfig

rank = os.environ["RANK_ID"]

class Marks(ms.Callback):
    def on_train_step_end(self, run_context):
        if not os.path.exists(f"ready{rank}"):
            open(f"ready{rank}", "w").write(str(os.getpid()))
    def on_train_end(self, run_context):
        if rank == "1":  # rank 1 ends after rank 0, which hosts the job's coordination service
            import time
            time.sleep(2)
        open(f"ended{rank}", "w").write(str(run_context.original_args().cur_step_num))

class Rows:
    def __len__(self):
        return 64
    def __getitem__(self, i):
        return np.ones((3,), np.float32), np.ones((2,), np.float32)

# forked dataset workers share the worker's process group, so they get the SIGTERM too
data = ds.GeneratorDataset(Rows(), ["x", "y"], shuffle=False, num_parallel_workers=2,
                           python_multiprocessing=True).batch(8)
net = nn.Dense(3, 2)
model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
config = CheckpointConfig(save_checkpoint_steps=10**6, async_save=True)
ckpt = ModelCheckpoint(prefix=f"rank{rank}", directory=f"ckpt{rank}", config=config)
model.train(10**6, data, callbacks=[Marks(), ckpt])
print("the script went on after a stop", flush=True)
"""


def test_stopping_the_launcher_stops_training_workers_gracefully(tmp_path):
    (tmp_path / "job.py").write_text(TRAIN_UNTIL_STOPPED)
    proc = subprocess.Popen(
        _launch_cmd(free_port(), "job.py", patient=True),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        ready = (tmp_path / "ready0", tmp_path / "ready1")
        # (a worker opens the file, then writes its pid: the pid, not the file, is the event)
        wait_until(
            lambda: all(r.exists() and r.read_text() for r in ready),
            "a training step on both ranks",
            proc,
        )
        pids = [int(r.read_text()) for r in ready]
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=HANG_S)
        assert proc.returncode == 128 + signal.SIGTERM
        assert not any(alive(p) for p in pids)
        from deepsink.train.serialization import load_checkpoint

        for rank in (0, 1):
            assert (tmp_path / f"ended{rank}").exists(), err  # on_train_end ran
            log = (tmp_path / "logs" / f"worker_{rank}.log").read_text()
            assert "went on" not in log
            files = os.listdir(tmp_path / f"ckpt{rank}")
            last = [f for f in files if f.endswith(".ckpt")]
            assert len(last) == 1, files  # the last checkpoint, complete
            assert "weight" in load_checkpoint(str(tmp_path / f"ckpt{rank}" / last[0]))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
