"""Python programs run as ``python script.py`` (or ``python -m module args``) runs them, in a
process of their own, without paying each one's interpreter start-up and ``import deepsink``.

A :class:`ForkRunner` starts one server interpreter with the programs' environment; it imports
the modules every program imports first (``deepsink``; none of them initialises an XLA backend or
compiles) and forks a child per program. The child is the program's process: its own working
folder, standard streams to files, ``sys.argv`` and ``sys.path[0]`` as Python sets them, the
program run as ``__main__``, an uncaught exception printed from the program's frame on (exit
status 1), ``SystemExit`` and ``atexit`` as in any interpreter. deepsink's Ctrl-C watcher (a thread,
which a fork does not copy) is installed in the child, as ``import deepsink`` installs it.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

_SERVER = r"""
import importlib, json, os, runpy, signal, sys
# deepsink installs its Ctrl-C watcher (a thread) at import only where SIGINT has Python's default
# handler: not in this server, whose forks would lose the thread; each program's process does
signal.signal(signal.SIGINT, signal.SIG_IGN)
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
signal.signal(signal.SIGINT, signal.default_int_handler)
while True:
    line = sys.stdin.readline()
    if not line:
        os._exit(0)
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        break
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)

# the program's process
os.chdir(request["cwd"])
for fd, path, flags in ((0, os.devnull, os.O_RDONLY), (1, request["stdout"], os.O_WRONLY),
                        (2, request["stderr"], os.O_WRONLY)):
    os.dup2(os.open(path, flags), fd)
sys.stdin = open(0, closefd=False)
if "deepsink._core.interrupts" in sys.modules:
    sys.modules["deepsink._core.interrupts"].install()
kind, target, args = request["kind"], request["target"], request["args"]
if kind == "module":  # python -m target args
    sys.argv, sys.path[0] = [target, *args], os.getcwd()
    runpy.run_module(target, run_name="__main__", alter_sys=True)
    sys.exit(0)
sys.argv, sys.path[0] = [target, *args], os.path.dirname(os.path.abspath(target))
try:
    runpy.run_path(target, run_name="__main__")
except Exception as exc:  # printed as Python prints a script's error: from the script's frame on
    tb, script = exc.__traceback__, os.path.realpath(target)
    while tb is not None and os.path.realpath(tb.tb_frame.f_code.co_filename) != script:
        tb = tb.tb_next
    exc.__traceback__ = tb or exc.__traceback__
    sys.excepthook(type(exc), exc, exc.__traceback__)
    sys.exit(1)
"""


class ForkRunner:
    """One server for many programs that share an environment (``env``: the variables every
    program's interpreter starts with, ``PYTHONPATH`` included)."""

    def __init__(self, env: dict[str, str], preload: tuple[str, ...] = ("deepsink",)) -> None:
        self._server = subprocess.Popen(
            [sys.executable, "-c", _SERVER, json.dumps(list(preload))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        self._replies = b""

    def run(
        self, target: str, args: list[str], cwd: Path, timeout: float, module: bool = False
    ) -> subprocess.CompletedProcess:
        """``python target args`` (``python -m target args`` with ``module``) in ``cwd``: its exit
        status and output; ``subprocess.TimeoutExpired`` (the program killed) after ``timeout``."""
        with tempfile.TemporaryDirectory() as scratch:
            out, err = Path(scratch, "stdout"), Path(scratch, "stderr")
            out.touch()
            err.touch()
            request = {
                "kind": "module" if module else "script",
                "target": target,
                "args": args,
                "cwd": str(cwd),
                "stdout": str(out),
                "stderr": str(err),
            }
            self._server.stdin.write(json.dumps(request) + "\n")
            self._server.stdin.flush()
            pid = int(self._reply(timeout))
            try:
                status = int(self._reply(timeout))
            except subprocess.TimeoutExpired:
                os.kill(pid, signal.SIGKILL)
                self._reply(timeout)
                raise
            argv = ["python", *(["-m"] if module else []), target, *args]
            return subprocess.CompletedProcess(argv, status, out.read_text(), err.read_text())

    def _reply(self, timeout: float) -> str:
        """The server's next line (read from its pipe directly: a buffered reader could hold the
        next line where a wait on the pipe does not see it)."""
        fd = self._server.stdout.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._replies:
                if not sel.select(timeout):
                    raise subprocess.TimeoutExpired(self._server.args, timeout)
                chunk = os.read(fd, 4096)
                assert chunk, f"the program server ended (status {self._server.wait()})"
                self._replies += chunk
        line, self._replies = self._replies.split(b"\n", 1)
        return line.decode()

    def close(self) -> None:
        self._server.stdin.close()
        self._server.wait(timeout=60)
