"""``mindspore.communication.management`` on ``jax.distributed``.

``init()`` reads the environment a launcher exports (``deepsink launch`` or MindSpore's ``msrun``:
``MS_WORKER_NUM``, ``MS_SCHED_HOST``/``MS_SCHED_PORT``, ``RANK_ID``, ``DEVICE_ID``, ``MS_TOPO_TIMEOUT``)
and joins the job with ``jax.distributed.initialize``: rank 0's process hosts JAX's coordination
service at the scheduler address (there is no separate scheduler process). Collectives run over
Gloo on CPU and NCCL on GPU; each process owns one device, as in MindSpore.

Only the world group exists: ``create_group`` raises (a sub-group would need a sub-mesh per group
inside every compiled program, which deepsink does not build yet).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import traceback
import warnings
from typing import Any

import jax
import numpy as np
from jax.sharding import Mesh

from deepsink import context
from deepsink._core import spmd
from deepsink.communication import _port
from deepsink.communication._comm_helper import HCCL_WORLD_COMM_GROUP as HCCL_WORLD_COMM_GROUP
from deepsink.communication._comm_helper import MCCL_WORLD_COMM_GROUP as MCCL_WORLD_COMM_GROUP
from deepsink.communication._comm_helper import NCCL_WORLD_COMM_GROUP as NCCL_WORLD_COMM_GROUP
from deepsink.communication._comm_helper import GlobalComm as GlobalComm

_WORLD_GROUPS = (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP)
_BACKEND_GROUP = {
    "hccl": HCCL_WORLD_COMM_GROUP,
    "nccl": NCCL_WORLD_COMM_GROUP,
    "mccl": MCCL_WORLD_COMM_GROUP,
}


_HOW_TO_LAUNCH = (
    "launch the script with one process per device, e.g. "
    "'deepsink launch --worker_num 2 --local_worker_num 2 train.py' (MindSpore's msrun flags), "
    "which exports MS_WORKER_NUM, MS_SCHED_HOST, MS_SCHED_PORT and RANK_ID for every worker"
)


def _env_int(name: str) -> int:
    raw = os.environ.get(name)
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise RuntimeError(
            f"For 'init', the environment variable {name} must be an int, but got {raw!r}; "
            + _HOW_TO_LAUNCH
        ) from None


def _gpu_backend_present() -> bool:
    """Whether a CUDA plugin for jaxlib is installed (looked up without importing jax's backends)."""
    for name in ("jax_plugins.xla_cuda12", "jax_plugins.xla_cuda13", "jax_cuda12_plugin"):
        try:
            if importlib.util.find_spec(name) is not None:
                return True
        except ModuleNotFoundError:
            continue
    return False


def _platform() -> str:
    """'GPU' or 'CPU', decided without starting a JAX backend (init must precede that)."""
    target = context.option("device_target")
    if target in ("GPU", "CPU"):
        return target
    if target == "Ascend":
        return "GPU" if _gpu_backend_present() else "CPU"
    return "GPU" if _gpu_backend_present() else "CPU"


def init(backend_name: str | None = None) -> None:
    """Join the distributed job this process was launched into (MindSpore's ``init``).

    Args:
        backend_name (str): "nccl" (GPU), "mccl" (CPU; deepsink uses Gloo) or "hccl" (Ascend: warns
            once and uses this machine's backend). Default: None, chosen from the device.

    Raises:
        TypeError: ``backend_name`` is not a str.
        RuntimeError: the process was not started by a launcher, the backend does not match the
            device, or joining the job failed (e.g. ``cluster_time_out`` passed).
    """
    platform = _platform()
    if backend_name is None:
        backend_name = "nccl" if platform == "GPU" else "mccl"
    if not isinstance(backend_name, str):
        raise TypeError(
            "For 'init', the argument 'backend_name' must be a string, but got the type : "
            f"{type(backend_name)}"
        )
    if backend_name not in _BACKEND_GROUP:
        raise RuntimeError(
            "For 'init', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', "
            f"but got 'backend_name' : {backend_name}"
        )
    if backend_name == "nccl" and platform != "GPU":
        raise RuntimeError(
            "For 'init', the argument 'backend_name' should be 'mccl' to init 'CPU', but got 'nccl'."
        )
    if backend_name == "hccl":
        warnings.warn(
            f"deepsink: backend_name='hccl' is Ascend's; using {'NCCL' if platform == 'GPU' else 'Gloo'} "
            f"on {platform}",
            stacklevel=2,
        )
    if spmd.world() is not None:
        return
    rank, size, local_rank, local_size = join("init", platform)
    devices = jax.devices()
    per_process = {}
    for d in devices:
        per_process.setdefault(d.process_index, d)
    mesh = Mesh(np.array([per_process[p] for p in sorted(per_process)]), (spmd.AXIS,))
    spmd.set_world(
        spmd.World(
            rank, size, local_rank, local_size, "nccl" if platform == "GPU" else "gloo", mesh
        )
    )
    GlobalComm.BACKEND = backend_name
    GlobalComm.WORLD_COMM_GROUP = _BACKEND_GROUP[backend_name]
    GlobalComm.INITED = True


def join(api: str = "init", platform: str | None = None) -> tuple[int, int, int, int]:
    """Join the job described by the launcher's environment (``jax.distributed.initialize``), once;
    (rank, size, local rank, local size). ``deepsink launch``'s workers join before the script
    runs, so a script may create Tensors (or call ``set_seed``) before ``init()``, as on MindSpore."""
    platform = platform or _platform()
    if os.environ.get("MS_ROLE") == "MS_SCHED":
        raise RuntimeError(
            f"For '{api}', deepsink runs no scheduler process (rank 0 hosts the coordination "
            "service); " + _HOW_TO_LAUNCH
        )
    missing = [
        v for v in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT") if v not in os.environ
    ]
    if missing:
        raise RuntimeError(
            f"For '{api}', this process was not started by a distributed launcher (the environment "
            f"variables {missing} are not set). To run distributed training, " + _HOW_TO_LAUNCH
        )
    size = _env_int("MS_WORKER_NUM")
    if "RANK_ID" not in os.environ:
        raise RuntimeError(
            f"For '{api}', RANK_ID is not set: deepsink needs each worker's rank from the launcher "
            "(with several nodes, pass '--node_rank' to every node's launcher)"
        )
    rank = _env_int("RANK_ID")
    local_rank = _env_int("DEVICE_ID") if "DEVICE_ID" in os.environ else 0
    if not 0 <= rank < size:
        raise RuntimeError(f"For '{api}', RANK_ID must be in [0, {size}), but got {rank}")
    local_size = _local_size(size)
    if jax.distributed.is_initialized():
        return rank, size, local_rank, local_size
    timeout = _env_int("MS_TOPO_TIMEOUT") if "MS_TOPO_TIMEOUT" in os.environ else 600
    address = f"{os.environ['MS_SCHED_HOST']}:{os.environ['MS_SCHED_PORT']}"
    port = _env_int("MS_SCHED_PORT")
    if rank == 0:
        err = _port.port_in_use(port)
        if err is not None:
            raise RuntimeError(
                f"For '{api}', rank 0 cannot host the job's coordinator: "
                + _port.taken_message(port, err, "--master_port")
            )
    if platform == "CPU":
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
    # JAX's preemption notifier would take SIGTERM for itself (and ignore it): a stopped worker
    # must stop, gracefully where the launcher installed deepsink's handler
    jax.config.update("jax_enable_preemption_service", False)
    watchdog = _JoinWatchdog(api, address, rank, size, timeout)
    try:
        jax.distributed.initialize(
            address,
            num_processes=size,
            process_id=rank,
            local_device_ids=[local_rank] if platform == "GPU" else None,
            # deepsink's watchdog ends the wait first, with its own message: JAX's timeout
            # aborts the process from C++ (SIGABRT and a stack trace)
            initialization_timeout=timeout + _JAX_TIMEOUT_MARGIN_S if timeout > 0 else 10**7,
            # workers finishing at different times wait for each other at exit this long
            shutdown_timeout_seconds=timeout if timeout > 0 else 10**7,
        )
    except RuntimeError as e:
        if "before any JAX" in str(e):
            raise RuntimeError(
                f"For '{api}', call init() before creating any Tensor, Parameter or network, or "
                f"launch with 'deepsink launch' (its workers join first): the device runtime has "
                f"already started ({e})"
            ) from e
        raise RuntimeError(
            f"For '{api}', joining the job at {address} as rank {rank} of {size} failed "
            f"(cluster_time_out={timeout} s): {e}"
        ) from e
    finally:
        watchdog.cancel()
    return rank, size, local_rank, local_size


_JAX_TIMEOUT_MARGIN_S = 30
JOIN_TIMEOUT_EXIT_CODE = 1


class _JoinWatchdog:
    """Ends a process whose ``jax.distributed.initialize`` still waits for missing workers after
    ``cluster_time_out`` seconds, with deepsink's message and exit status 1: the wait is one
    blocking native call that cannot be interrupted, and JAX's own timeout aborts from C++."""

    def __init__(self, api: str, address: str, rank: int, size: int, timeout: int) -> None:
        self._done = threading.Event()
        self._text = (
            f"For '{api}', rank {rank} waited cluster_time_out={timeout} s for the {size} workers "
            f"of the job at {address} to join, and not all of them did. Start the missing "
            "workers (with several nodes: 'deepsink launch' on every node, each with its "
            "--node_rank and the same --master_addr/--master_port), or give them longer with "
            "--cluster_time_out (MS_TOPO_TIMEOUT)."
        )
        if timeout > 0:
            threading.Thread(
                target=self._watch, args=(timeout,), name="deepsink-join-watchdog", daemon=True
            ).start()

    def _watch(self, timeout: int) -> None:
        if self._done.wait(timeout):
            return
        sys.stdout.flush()
        print(f"RuntimeError: {self._text}", file=sys.stderr, flush=True)
        os._exit(JOIN_TIMEOUT_EXIT_CODE)

    def cancel(self) -> None:
        self._done.set()


def _local_size(size: int) -> int:
    raw = os.environ.get("DEEPSINK_LOCAL_WORKER_NUM")
    if raw is not None:
        return int(raw)
    if os.environ.get("MS_SCHED_HOST") in ("127.0.0.1", "localhost", "::1"):
        return size
    return 0  # unknown: get_local_rank_size says so


def leave() -> None:
    """Leave the job through JAX's shutdown barrier (every worker waits for the others, at most
    ``cluster_time_out`` seconds); a failure is printed, not raised: the process is exiting."""
    if not jax.distributed.is_initialized():
        return
    try:
        jax.distributed.shutdown()
    except Exception:  # noqa: BLE001 - exiting anyway; say why the barrier failed
        traceback.print_exc()


def release() -> None:
    """Leave the job (MindSpore's ``release``); later collectives need ``init()`` again."""
    if spmd.world() is None:
        return
    jax.distributed.shutdown()
    spmd.set_world(None)
    GlobalComm.INITED = False


def _check_group(group: Any, api: str) -> None:
    if not isinstance(group, str):
        raise TypeError(
            f"For '{api}', the argument 'group' must be type of string, but got 'group' type : "
            f"{type(group)}"
        )
    if group not in _WORLD_GROUPS:
        raise ValueError(
            f"For '{api}', deepsink has only the world group ({GlobalComm.WORLD_COMM_GROUP!r}); "
            f"got 'group' {group!r}"
        )


def _launcher_env(name: str, default: int) -> int:
    """Without ``init()``, MindSpore answers from the launcher's environment (``RANK_ID``,
    ``RANK_SIZE``, ``LOCAL_RANK``, ``LOCAL_RANK_SIZE``), so every worker of a job reads its own
    shard even before it joins; a scheduler process (``MS_ROLE=MS_SCHED``) is rank 0 of 1."""
    if os.environ.get("MS_ROLE") == "MS_SCHED":
        return 0 if default == 0 else 1
    return int(os.environ.get(name) or default)


def get_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """This process's rank in ``group`` (without ``init()``: ``RANK_ID``, else 0)."""
    _check_group(group, "get_rank")
    w = spmd.world()
    return _launcher_env("RANK_ID", 0) if w is None else w.rank


def get_group_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """The number of ranks in ``group`` (without ``init()``: ``RANK_SIZE``, else 1)."""
    _check_group(group, "get_group_size")
    w = spmd.world()
    return _launcher_env("RANK_SIZE", 1) if w is None else w.size


def get_local_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """This process's rank among the workers of its node (without ``init()``: ``LOCAL_RANK``,
    else 0)."""
    _check_group(group, "get_local_rank")
    w = spmd.world()
    return _launcher_env("LOCAL_RANK", 0) if w is None else w.local_rank


def get_local_rank_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    """The number of workers on this node (without ``init()``: ``LOCAL_RANK_SIZE``, else 1)."""
    _check_group(group, "get_local_rank_size")
    w = spmd.world()
    if w is None:
        return _launcher_env("LOCAL_RANK_SIZE", 1)
    if w.local_size <= 0:
        raise RuntimeError(
            "For 'get_local_rank_size', the number of workers per node is unknown: the launcher "
            "did not export it (launch with 'deepsink launch')"
        )
    return w.local_size


def get_world_rank_from_group_rank(group: str, group_rank_id: int) -> int:
    """The world rank of ``group_rank_id`` (the same number: only the world group exists)."""
    _check_group(group, "get_world_rank_from_group_rank")
    return int(group_rank_id)


def get_group_rank_from_world_rank(world_rank_id: int, group: str) -> int:
    """The rank in ``group`` of ``world_rank_id`` (the same number: only the world group exists)."""
    _check_group(group, "get_group_rank_from_world_rank")
    return int(world_rank_id)


def get_process_group_ranks(group: str = GlobalComm.WORLD_COMM_GROUP) -> list[int]:
    """The world ranks of ``group``."""
    _check_group(group, "get_process_group_ranks")
    return list(range(get_group_size(group)))


def create_group(group: str, rank_ids: list, options: Any = None) -> None:
    """Not supported: deepsink's collectives run over the world group only."""
    raise NotImplementedError(
        f"For 'create_group', deepsink supports only the world group "
        f"({GlobalComm.WORLD_COMM_GROUP!r}); sub-groups such as {group!r} with ranks {rank_ids} "
        "are not implemented"
    )


def destroy_group(group: str) -> None:
    """Not supported (see ``create_group``)."""
    raise NotImplementedError(
        "For 'destroy_group', deepsink has only the world group, which 'release()' leaves"
    )
