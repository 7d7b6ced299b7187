"""Helpers for the tests that start worker processes: a free loopback port, ``deepsink launch``."""

import os
import socket
import subprocess
import sys

from faultkit import HANG_S

DIST_TESTS = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "distributed"
)


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
