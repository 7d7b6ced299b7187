"""``deepsink launch``: start and supervise the workers of a distributed job (MindSpore's ``msrun``).

The flags are msrun's (``--worker_num``, ``--local_worker_num``, ``--master_addr``, ``--master_port``,
``--node_rank``, ``--log_dir``, ``--join``, ``--cluster_time_out``), then the script and its arguments.
Each worker is ``python -m deepsink.launcher script ...``: it joins the job, then runs the script
as ``deepsink run`` does (so ``import mindspore`` is deepsink); as with msrun, the task may also be
``python SCRIPT ...`` or ``pytest ...`` (run in the worker, with the alias), with msrun's
environment (``MS_WORKER_NUM``, ``MS_SCHED_HOST``, ``MS_SCHED_PORT``, ``MS_TOPO_TIMEOUT``, ``RANK_ID``,
``RANK_SIZE``, ``DEVICE_ID``, ``MS_ROLE``), writing ``<log_dir>/worker_<rank>.log``. There is no
scheduler process: rank 0's worker hosts JAX's coordination service at
``master_addr:master_port``.

Unlike msrun, the launcher always stays to supervise its workers (``--join True`` additionally
streams their logs to the console): if a worker fails, the others are stopped, the failing worker's
last log lines are printed and the launcher exits non-zero. Workers run in their own process groups
and die with the launcher (``PR_SET_PDEATHSIG`` on Linux), so no worker outlives it. A stopped
worker stops gracefully (``train.graceful_stop``: ``on_train_end`` runs) before the SIGKILL. On rank
0's node a ``--master_port`` already in use is refused before any worker starts: a second job on a
running job's port would make the first one's workers abort.
"""

from __future__ import annotations

import argparse
import ast
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from dataclasses import dataclass
from typing import IO

from deepsink._core.alias import TASK_PROGRAMS, run_task

_POLL_S = 0.1
_GRACE_S = 5.0
_TAIL_LINES = 20


def _bool(v: str) -> bool:
    try:
        value = ast.literal_eval(v)
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, bool):
        raise argparse.ArgumentTypeError(f"expected True or False, got {v!r}")
    return value


def add_launch(commands: argparse._SubParsersAction) -> None:
    """The ``launch`` subcommand of the ``deepsink`` command line."""
    parser = commands.add_parser(
        "launch",
        help="run a script on several worker processes (msrun's flags)",
        description=(
            "Start and supervise the workers of a distributed job, as MindSpore's msrun does: "
            "one log per worker in --log_dir; if a worker fails, the others are stopped and its "
            "last log lines are printed."
        ),
        epilog="example: deepsink launch --worker_num 2 --local_worker_num 2 train.py",
    )
    add_arguments(parser)
    parser.set_defaults(handler=launch)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """msrun's flags (same names, defaults and meaning)."""
    a = parser.add_argument
    a("--worker_num", type=int, default=8, help="total number of workers in the job (default 8)")
    a("--local_worker_num", type=int, default=8, help="workers started on this node (default 8)")
    a("--master_addr", default="127.0.0.1", help="address of rank 0's node (default 127.0.0.1)")
    a("--master_port", type=int, default=8118, help="port of the coordinator (default 8118)")
    a("--node_rank", type=int, default=-1, help="index of this node; needed with several nodes")
    a("--log_dir", default="", help="directory of the worker logs worker_<rank>.log (default .)")
    a("--join", type=_bool, default=False, help="also stream the worker logs here (True/False)")
    a("--cluster_time_out", type=int, default=600, help="seconds to wait for all workers to join")
    a("task_script", help="the training script (or python / python3 / pytest, then its arguments)")
    a("task_script_args", nargs=argparse.REMAINDER, help="its arguments")


@dataclass
class _Worker:
    rank: int
    local_rank: int
    log: str
    proc: subprocess.Popen


def _die_with_parent() -> None:
    """In the child before exec: own process group; SIGKILL when the launcher dies (Linux)."""
    os.setsid()
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except OSError:
            pass


def _ranks(ns: argparse.Namespace) -> list[int]:
    if ns.worker_num <= 0:
        raise SystemExit(f"deepsink launch: --worker_num must be > 0, got {ns.worker_num}")
    if not 0 < ns.local_worker_num <= ns.worker_num:
        raise SystemExit(
            f"deepsink launch: --local_worker_num must be in [1, worker_num={ns.worker_num}], "
            f"got {ns.local_worker_num}"
        )
    if ns.local_worker_num == ns.worker_num:
        if ns.node_rank not in (-1, 0):
            print(
                f"deepsink launch: all workers run on this node; --node_rank {ns.node_rank} is "
                "ignored",
                flush=True,
            )
        return list(range(ns.worker_num))
    if ns.node_rank < 0:
        raise SystemExit(
            "deepsink launch: a job over several nodes (local_worker_num < worker_num) needs "
            "--node_rank on every node (0 on the node of --master_addr)"
        )
    first = ns.node_rank * ns.local_worker_num
    if first + ns.local_worker_num > ns.worker_num:
        raise SystemExit(
            f"deepsink launch: --node_rank {ns.node_rank} with --local_worker_num "
            f"{ns.local_worker_num} gives ranks beyond worker_num={ns.worker_num}"
        )
    return list(range(first, first + ns.local_worker_num))


def _check_master_port(ns: argparse.Namespace, ranks: list[int]) -> None:
    """On the node of rank 0 (which hosts the coordinator), refuse a ``--master_port`` that is
    already taken, before any worker starts: a running job on that port is left untouched."""
    if 0 not in ranks:
        return
    if not 0 < ns.master_port < 65536:
        raise SystemExit(
            f"deepsink launch: --master_port must be in [1, 65535], got {ns.master_port}"
        )
    from deepsink.communication import _port

    err = _port.port_in_use(ns.master_port)
    if err is not None:
        raise SystemExit(
            "deepsink launch: no worker was started: "
            + _port.taken_message(ns.master_port, err, "--master_port")
        )


def _start(ns: argparse.Namespace, ranks: list[int]) -> list[_Worker]:
    if ns.log_dir:
        os.makedirs(ns.log_dir, exist_ok=True)
    workers = []
    for local_rank, rank in enumerate(ranks):
        env = dict(os.environ)
        env.update(
            MS_WORKER_NUM=str(ns.worker_num),
            MS_SCHED_HOST=ns.master_addr,
            MS_SCHED_PORT=str(ns.master_port),
            MS_TOPO_TIMEOUT=str(ns.cluster_time_out),
            MS_ROLE="MS_WORKER",
            MS_NODE_ID=str(rank),
            RANK_ID=str(rank),
            RANK_SIZE=str(ns.worker_num),
            DEVICE_ID=str(local_rank),
            DEEPSINK_LOCAL_WORKER_NUM=str(ns.local_worker_num),
            PYTHONUNBUFFERED="1",
        )
        log = os.path.join(ns.log_dir, f"worker_{rank}.log")
        cmd = [sys.executable, "-m", "deepsink.launcher", ns.task_script, *ns.task_script_args]
        print(
            f"Start worker process with rank id:{rank}, log file:{log}. Environment variable "
            f"[RANK_ID={rank}] is exported. Execute command: {' '.join(cmd)}",
            flush=True,
        )
        with open(log, "w", encoding="utf-8") as f:
            proc = subprocess.Popen(
                cmd, stdout=f, stderr=subprocess.STDOUT, env=env, preexec_fn=_die_with_parent
            )
        workers.append(_Worker(rank, local_rank, log, proc))
    return workers


def _stop(workers: list[_Worker]) -> None:
    """SIGTERM every live worker's process group, SIGKILL what is left after a grace period."""
    live = [w for w in workers if w.proc.poll() is None]
    for w in live:
        _signal_group(w.proc, signal.SIGTERM)
    deadline = time.monotonic() + _GRACE_S
    for w in live:
        try:
            w.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
    for w in workers:
        _signal_group(w.proc, signal.SIGKILL)  # also any child a worker left in its group
        w.proc.wait()


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _last_lines(path: str, n: int = _TAIL_LINES) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(deque(f, maxlen=n))
    except OSError as e:
        return f"(cannot read {path}: {e})\n"


def _exit_text(code: int) -> str:
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


class _Tail(threading.Thread):
    """Streams the worker logs to the console (``--join True``), as msrun's ``tail -f`` does."""

    def __init__(self, paths: list[str], out: IO[str]) -> None:
        super().__init__(name="deepsink-launch-tail", daemon=True)
        self.paths, self.out = paths, out
        self.done = threading.Event()

    def _pump(self, files: dict) -> None:
        for path in self.paths:
            f = files.get(path)
            if f is None:
                try:
                    f = files[path] = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115
                except OSError:
                    continue
            chunk = f.read()
            if chunk:
                self.out.write(chunk)
                self.out.flush()

    def run(self) -> None:
        files: dict = {}
        try:
            while not self.done.wait(0.2):
                self._pump(files)
            self._pump(files)
        finally:
            for f in files.values():
                f.close()


def launch(ns: argparse.Namespace) -> int:
    """Start the workers of this node and supervise them; the job's exit status."""
    ranks = _ranks(ns)
    script = ns.task_script
    if script in TASK_PROGRAMS[:2] and ns.task_script_args:  # python SCRIPT ...
        script = ns.task_script_args[0]
    if script != "pytest" and not os.path.isfile(script):
        raise SystemExit(f"deepsink launch: the script {script!r} does not exist")
    _check_master_port(ns, ranks)
    stop_signal: list[int] = []

    def on_signal(sig: int, frame: object) -> None:
        stop_signal.append(sig)

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    workers: list[_Worker] = []
    tail = None
    try:
        workers = _start(ns, ranks)
        if ns.join:
            tail = _Tail([w.log for w in workers], sys.stdout)
            tail.start()
        failed: list[_Worker] = []
        while not stop_signal:
            codes = [w.proc.poll() for w in workers]
            # every worker found failed in the same poll: one may be the cause, the others its
            # victims (a peer's collective erroring out), and the order within a poll is unknown
            failed = [w for w, c in zip(workers, codes) if c not in (None, 0)]
            if failed or all(c == 0 for c in codes):
                break
            time.sleep(_POLL_S)
        if stop_signal:
            print(
                f"deepsink launch: received {signal.Signals(stop_signal[0]).name}, stopping the "
                "workers",
                file=sys.stderr,
                flush=True,
            )
            _stop(workers)
            return 128 + stop_signal[0]
        if not failed:
            print("deepsink launch: all workers exited successfully", flush=True)
            return 0
        _stop(workers)
        if tail is not None:
            tail.done.set()
            tail.join()
            tail = None
        report = [
            f"deepsink launch: worker {w.rank} (pid {w.proc.pid}) {_exit_text(w.proc.returncode)}"
            for w in failed
        ]
        report.append("the other workers were stopped.")
        for w in failed:
            report.append(f"Last lines of {w.log}:\n{_last_lines(w.log)}")
        print("\n".join(report), file=sys.stderr, flush=True)
        return 1
    finally:
        _stop(workers)
        if tail is not None:
            tail.done.set()
            tail.join()
        for s, h in old.items():
            signal.signal(s, h)


def main(argv: list[str] | None = None) -> int:
    """``deepsink launch ARGV``, with the parser ``deepsink`` itself uses for ``launch``."""
    parser = argparse.ArgumentParser(prog="deepsink")
    add_launch(parser.add_subparsers(dest="command", metavar="COMMAND"))
    ns = parser.parse_args(["launch", *(sys.argv[1:] if argv is None else argv)])
    return ns.handler(ns)


def worker_main(argv: list[str]) -> int:
    """A worker: join the job, then run the script as ``deepsink run`` does.

    A failing script exits at once with its status (``os._exit``): the normal exit path would wait
    in ``jax.distributed``'s shutdown barrier for workers that are themselves blocked waiting for
    this one, and the launcher only learns of a failure when the worker has exited."""
    from deepsink.communication import management
    from deepsink.train import graceful_stop

    graceful_stop.install()  # the launcher's SIGTERM: on_train_end, then exit
    management.join("deepsink launch")
    try:
        code = run_task(argv[0], argv[1:])
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            code = e.code or 0
        else:
            print(e.code, file=sys.stderr)
            code = 1
    except BaseException:
        traceback.print_exc()
        code = 1
    if code:
        serialization = sys.modules.get("deepsink.train.serialization")
        if serialization is not None:  # os._exit skips atexit: finish background saves first
            try:
                serialization.wait_async_save()
            except Exception:
                traceback.print_exc()
        if graceful_stop.stopped():
            # every worker got the launcher's SIGTERM and ends its training: leave the job
            # together, or rank 0, which hosts the coordination service, takes it down under a
            # worker still writing its last checkpoint (JAX then aborts that worker)
            management.leave()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return 0


if __name__ == "__main__":  # python -m deepsink.launcher script [args]: what the launcher starts
    raise SystemExit(worker_main(sys.argv[1:]))
