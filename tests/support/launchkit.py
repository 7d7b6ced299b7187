"""Helpers for the tests that start worker processes: a free loopback port, ``deepsink launch``."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

from compilekit import QUICK_ENV
from faultkit import HANG_S

DIST_TESTS = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "distributed"
)
REPO = str(Path(__file__).resolve().parents[2])
_NO_OPT = "--xla_backend_optimization_level=0"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(tmp_path, script, *args, workers=2, timeout=HANG_S, extra=()):
    """Run ``deepsink launch`` on 127.0.0.1 in ``tmp_path`` (logs in ``tmp_path/logs``); if it
    hangs, the launcher is killed and its workers die with it (PDEATHSIG). The workers may take
    ``--cluster_time_out`` 300 s to meet (jax starting in each on a loaded machine)."""
    cmd = [sys.executable, "-m", "deepsink", "launch", "--worker_num", str(workers),
           "--local_worker_num", str(workers), "--master_addr", "127.0.0.1",
           "--master_port", str(free_port()), "--log_dir", str(tmp_path / "logs"),
           "--cluster_time_out", "300", *extra, script, *map(str, args)]  # fmt: skip
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=tmp_path)


def simulated_devices(n: int, env=None, optimized: bool = False) -> dict:
    """``env`` (default: this process's) with XLA giving ``n`` simulated CPU devices and the
    repository on ``PYTHONPATH``: the environment of a worker that starts JAX. The worker compiles
    as quickly as the test process (the flags tests/conftest.py added, ``compilekit.QUICK_ENV``):
    its programs, a few steps on small networks, compile more than they run. ``optimized``: its
    code is generated at XLA's default optimization level, not at ``-O0``, for a worker that runs
    its programs more than it compiles them, or compares losses the two levels round apart."""
    env = dict(os.environ if env is None else env)
    quick = [f for f in env.get(QUICK_ENV, "").split() if not (optimized and f == _NO_OPT)]
    flags = [f for f in env.get("XLA_FLAGS", "").split() if "host_platform_device_count" not in f]
    flags += [f for f in quick if f not in flags]
    env["XLA_FLAGS"] = " ".join([*flags, f"--xla_force_host_platform_device_count={n}"])
    env["PYTHONPATH"] = os.pathsep.join([REPO, env.get("PYTHONPATH", "")])
    return env


def run_on_devices(
    worker, result, *args, devices: int = 8, timeout=HANG_S, optimized: bool = False
) -> dict:
    """Run ``python worker *args`` in ``result``'s folder on ``devices`` simulated CPU devices
    (JAX fixes its device count when it starts, hence a process of its own); it must succeed and
    write the JSON file ``result``, which is returned."""
    res = subprocess.run(
        [sys.executable, str(worker), *map(str, args)],
        cwd=Path(result).parent,
        env=simulated_devices(devices, optimized=optimized),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    return json.loads(Path(result).read_text())


def launch_ranks(
    tmp_path, monkeypatch, worker, *args, timeout=HANG_S, optimized: bool = False
) -> list[dict]:
    """Run ``worker OUT launch *args`` under ``deepsink launch``: 2 processes of 4 simulated CPU
    devices each; every rank writes ``OUT/launch_rank<rank>.json``, returned in rank order."""
    out = tmp_path / "out"
    out.mkdir()
    for key, value in simulated_devices(4, optimized=optimized).items():
        if key in ("XLA_FLAGS", "PYTHONPATH"):
            monkeypatch.setenv(key, value)
    res = launch(tmp_path, worker, out, "launch", *args, timeout=timeout)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    return [json.loads((out / f"launch_rank{rank}.json").read_text()) for rank in (0, 1)]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is not running
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True
