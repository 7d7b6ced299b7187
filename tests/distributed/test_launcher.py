"""``deepsink launch``: msrun's flags and log layout; a failing worker stops the job, no orphans."""

import os
import signal
import subprocess
import sys

import pytest
from faultkit import HANG_S, wait_gone, wait_until
from launchkit import DIST_TESTS, alive, free_port, launch

from deepsink import launcher


def _script(tmp_path, body):
    path = tmp_path / "job.py"
    path.write_text(body)
    return str(path)


def test_workers_get_msrun_environment_and_one_log_each(tmp_path):
    script = _script(
        tmp_path,
        (
            "import os\n"
            "print('env', os.environ['RANK_ID'], os.environ['MS_WORKER_NUM'], os.environ['DEVICE_ID'],\n"
            "      os.environ['MS_SCHED_HOST'], os.environ['MS_ROLE'])\n"
        ),
    )
    # msrun's "python SCRIPT" task (the other launch tests give the script alone)
    res = launch(tmp_path, "python", script, extra=("--join", "True"))
    assert res.returncode == 0, res.stderr
    assert "Start worker process with rank id:1" in res.stdout
    for rank in (0, 1):
        line = f"env {rank} 2 {rank} 127.0.0.1 MS_WORKER"
        assert line in (tmp_path / "logs" / f"worker_{rank}.log").read_text()
        assert line in res.stdout  # --join True streams the logs to the console


def test_a_pytest_task_runs_in_the_worker_as_msrun_runs_it(tmp_path):
    """msrun's ``pytest ...`` task (MindSpore's operator-parallel sample is started as ``msrun ...
    pytest -s -v sample.py::test_sample``): pytest runs in the worker, with the alias."""
    (tmp_path / "sample.py").write_text(
        "import os\nimport mindspore\n\n\ndef test_sample():\n"
        "    print('task', os.environ['RANK_ID'], mindspore.Tensor.__module__.split('.')[0])\n"
    )
    task = ["-s", "-v", "-p", "no:cacheprovider", "sample.py::test_sample"]
    res = launch(tmp_path, "pytest", *task, workers=1)
    assert res.returncode == 0, res.stdout + res.stderr
    log = (tmp_path / "logs" / "worker_0.log").read_text()
    assert "task 0 deepsink" in log and "1 passed" in log, log


@pytest.mark.parametrize(
    "failure, reported",
    [
        ("print('worker one gives up', flush=True)\n    sys.exit(3)", "exited with code 3"),
        pytest.param(
            "raise ValueError('worker one gives up')", "exited with code 1", marks=pytest.mark.slow
        ),
    ],
)
def test_a_failing_worker_stops_the_others_and_reports_its_log(tmp_path, failure, reported):
    script = _script(
        tmp_path,
        (
            "import os, sys, time\n"
            "open(f'pid{os.environ[\"RANK_ID\"]}', 'w').write(str(os.getpid()))\n"
            "if os.environ['RANK_ID'] == '1':\n"
            "    while not (os.path.exists('pid0') and open('pid0').read()):\n"
            "        time.sleep(0.01)  # rank 0's pid is written before rank 1 fails\n"
            f"    {failure}\n"
            "time.sleep(10**6)\n"
        ),
    )
    # rank 0 never ends by itself and jax.distributed's shutdown barrier would hold rank 1 for
    # cluster_time_out (past the hang guard): the launch ends only if rank 1's failure stops it
    res = launch(tmp_path, script, extra=("--cluster_time_out", str(int(2 * HANG_S))))
    assert res.returncode == 1
    assert "worker 1" in res.stderr and reported in res.stderr
    assert "worker one gives up" in res.stderr  # its last log lines
    for rank in (0, 1):
        assert not alive(int((tmp_path / f"pid{rank}").read_text()))


@pytest.mark.slow
def test_a_worker_killed_mid_training_is_reported_and_nothing_survives(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    worker = os.path.join(DIST_TESTS, "dp_worker.py")
    # the survivor would wait for the dead rank's collectives for cluster_time_out (past the hang
    # guard): the launch ends only if the death stops the job
    res = launch(
        tmp_path,
        worker,
        out,
        500,
        "--modes",
        "graph",
        "--die-at-step",
        "2",
        extra=("--cluster_time_out", str(int(2 * HANG_S))),
    )
    assert res.returncode == 1, res.stdout + res.stderr
    assert "worker 1" in res.stderr and "SIGKILL" in res.stderr
    assert "epoch: 1 step: 2, loss is" in res.stderr  # the failing worker's last lines
    for rank in (0, 1):
        assert not alive(int((out / f"pid_rank{rank}").read_text()))


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_killing_the_launcher_takes_its_workers_with_it(tmp_path, sig):
    script = _script(
        tmp_path,
        (
            "import os, time\n"
            "open(f'pid{os.environ[\"RANK_ID\"]}', 'w').write(str(os.getpid()))\n"
            "time.sleep(10**6)\n"
        ),
    )
    cmd = [
        sys.executable,
        "-m",
        "deepsink",
        "launch",
        "--worker_num",
        "2",
        "--local_worker_num",
        "2",
        "--master_port",
        str(free_port()),
        "--log_dir",
        "logs",
        script,
    ]
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        files = (tmp_path / "pid0", tmp_path / "pid1")
        # a worker runs the script after its PDEATHSIG and signal handlers are set
        wait_until(lambda: all(f.exists() and f.read_text() for f in files), "both workers", proc)
        pids = {int(f.read_text()) for f in files}
        # SIGTERM: the launcher stops its workers; SIGKILL: the workers' PDEATHSIG does it
        proc.send_signal(sig)
        assert proc.wait(timeout=HANG_S) == (143 if sig == signal.SIGTERM else -signal.SIGKILL)
        assert not wait_gone(pids)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--worker_num", "0", "x.py"], "--worker_num must be > 0"),
        (["--worker_num", "2", "--local_worker_num", "3", "x.py"], "--local_worker_num must be"),
        (["--worker_num", "4", "--local_worker_num", "2", "x.py"], "needs --node_rank"),
        (["--worker_num", "4", "--local_worker_num", "2", "--node_rank", "2", "x.py"], "beyond"),
        (["--worker_num", "2", "--local_worker_num", "2", "missing.py"], "does not exist"),
        (["--worker_num", "1", "--local_worker_num", "1", "python", "no.py"], "'no.py' does not"),
    ],
)
def test_bad_flags_are_refused_before_anything_starts(tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match=message):
        launcher.main(argv)


def test_multi_node_ranks_follow_node_rank():
    ns = launcher.argparse.Namespace(worker_num=4, local_worker_num=2, node_rank=1)
    assert launcher._ranks(ns) == [2, 3]


def test_join_takes_msrun_booleans():
    with pytest.raises(SystemExit):
        launcher.main(["--join", "yes", "x.py"])
