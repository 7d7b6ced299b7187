"""Helpers for the fault-injection tests: scripts in real subprocesses, process trees, and waiting
on events (a line printed, a file appearing, a process state) rather than on the clock.

``HANG_S`` bounds every wait. It only turns a hang (the defect these tests look for) into a failure
instead of a stuck suite: no check passes or fails on how fast a loaded machine is.
"""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from contextlib import contextmanager

HANG_S = 600.0  # a wait this long is a hang, whatever else runs on the machine
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def children(pid: int) -> set[int]:
    """Live (non-zombie) processes whose parent is ``pid``, from /proc."""
    out = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            out.add(int(entry))
    return out


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].split()[0] != "Z"


def wait_until(condition, what: str, proc: subprocess.Popen | None = None) -> None:
    """Return once ``condition()`` is true; fail if ``proc`` exits first or after ``HANG_S``."""
    deadline = time.monotonic() + HANG_S
    while not condition():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"exited ({proc.returncode}) before {what}: {proc.communicate()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} after {HANG_S:.0f} s: a hang")
        time.sleep(0.02)


def wait_gone(pids: set[int], timeout: float = HANG_S) -> set[int]:
    """The pids still alive after waiting up to ``timeout`` seconds (a hang guard)."""
    deadline = time.monotonic() + timeout
    left = set(pids)
    while left and time.monotonic() < deadline:
        left = {p for p in left if alive(p)}
        time.sleep(0.05)
    return left


@contextmanager
def hang_guard(unblock):
    """Call ``unblock()`` if the block is still running after ``HANG_S``: a test that waits on an
    event (a source released, a gate opened) then ends, and fails, instead of hanging."""
    timer = threading.Timer(HANG_S, unblock)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()


def kill_all(pids: set[int]) -> None:
    for p in pids:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


class Script:
    """A Python script in a subprocess (the repository on its path), read line by line; run from
    the file ``path`` when given (source that compiled code must read: ``inspect`` has none for
    ``python -c``)."""

    def __init__(self, code: str, path: str | None = None) -> None:
        env = dict(
            os.environ, PYTHONPATH=os.pathsep.join([REPO, os.path.join(REPO, "tests", "support")])
        )
        env["PYTHONUNBUFFERED"] = "1"
        code = textwrap.dedent(code)
        if path is not None:
            with open(path, "w") as f:
                f.write(code)
        self.proc = subprocess.Popen(
            [sys.executable, *(["-c", code] if path is None else [path])],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=REPO,
        )

    def wait_for(self, marker: str, timeout: float = HANG_S) -> str:
        """Read stdout until a line starting with ``marker``; that line."""
        import selectors

        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if sel.select(timeout=0.1):
                line = self.proc.stdout.readline()
                if not line:
                    break
                if line.startswith(marker):
                    return line.strip()
        err = self.kill()
        raise AssertionError(f"no '{marker}' line within {timeout} s: {err}")

    def finish(self, timeout: float = HANG_S) -> tuple[int, str, str]:
        """(return code, rest of stdout, stderr); kills the script if it does not end in time."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"the script did not exit within {timeout} s") from None
        return self.proc.returncode, out, err

    def kill(self) -> str:
        """Kill the script and its children; what it wrote to stderr."""
        kill_all(children(self.proc.pid))
        self.proc.kill()
        return self.proc.communicate()[1]


def run(code: str, timeout: float = HANG_S) -> tuple[int, str, str]:
    """Run ``code`` to the end: (return code, stdout, stderr)."""
    return Script(code).finish(timeout)
