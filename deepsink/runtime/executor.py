"""Runtime executor settings: ``dispatch_threads_num``, ``set_cpu_affinity``, ``set_memory`` and
the Ascend-only kernel launch, device-limit and allocator controls (refused)."""

from __future__ import annotations

import os
import re
import warnings

from deepsink._core.unsupported import unsupported

_configured: set[str] = set()
_original_affinity: set[int] | None = None


def _once(name: str) -> None:
    if name in _configured:
        raise RuntimeError(f"The '{name}' can not be set repeatedly.")
    _configured.add(name)


def dispatch_threads_num(threads_num: int) -> None:
    """MindSpore's number of runtime dispatch threads. deepsink has no dispatch threads (JAX
    issues each op from the calling thread), so the value is checked, kept, and warned about.

    Args:
        threads_num (int): a positive number of threads.

    Raises:
        TypeError: if ``threads_num`` is not an int.
        ValueError: if it is not positive.
        RuntimeError: if it is set a second time (as MindSpore).

    Examples:
        >>> import deepsink as ms
        >>> ms.runtime.dispatch_threads_num(6)  # doctest: +SKIP
    """
    if isinstance(threads_num, bool) or not isinstance(threads_num, int):
        raise TypeError(
            f"For 'dispatch_threads_num', 'threads_num' must be int, but got "
            f"{type(threads_num).__name__}"
        )
    if threads_num <= 0:
        raise ValueError(
            f"For 'dispatch_threads_num', 'threads_num' must be positive, but got {threads_num}"
        )
    _once("dispatch_threads_num")
    warnings.warn(
        "dispatch_threads_num has no effect on deepsink: JAX dispatches each op from "
        "the calling thread",
        stacklevel=2,
    )


def _cpus(ranges: list[str]) -> set[int]:
    cpus: set[int] = set()
    for item in ranges:
        m = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", str(item))
        if not m or int(m.group(1)) > int(m.group(2)):
            raise ValueError(
                f"For 'set_cpu_affinity', each CPU range must look like 'X-Y' with "
                f"X <= Y, but got {item!r}"
            )
        cpus |= set(range(int(m.group(1)), int(m.group(2)) + 1))
    return cpus


def set_cpu_affinity(
    enable_affinity: bool,
    affinity_cpu_list: list | None = None,
    module_to_cpu_dict: dict | None = None,
    bind_file: str | None = None,
) -> None:
    """Bind the process's threads to CPU cores (``os.sched_setaffinity``).

    deepsink's compute threads are XLA's, started by the process, so the binding is per process:
    ``affinity_cpu_list`` (``["0-3", "8-11"]``) is the set of cores; without it, the cores the
    process may use now are kept. ``module_to_cpu_dict`` accepts only the ``"main"`` module
    (the others are MindSpore's own thread pools). ``enable_affinity=False`` restores the
    cores the process had before.

    Args:
        enable_affinity (bool): bind (True) or unbind (False).
        affinity_cpu_list (list, optional): core ranges ``"X-Y"``. Default: ``None``.
        module_to_cpu_dict (dict, optional): ``{"main": [core ids]}``. Default: ``None``.
        bind_file (str, optional): MindSpore's JSON binding file. Default: ``None``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: for a malformed range or cores the machine lacks.
        NotImplementedError: for ``bind_file`` or modules other than ``"main"``.

    Examples:
        >>> import os
        >>> import deepsink as ms
        >>> ms.runtime.set_cpu_affinity(True, ["0-0"])  # doctest: +SKIP
    """
    global _original_affinity
    if not isinstance(enable_affinity, bool):
        raise TypeError(
            f"For 'set_cpu_affinity', 'enable_affinity' must be bool, but got "
            f"{type(enable_affinity).__name__}"
        )
    if bind_file is not None:
        raise NotImplementedError(
            "For 'set_cpu_affinity', 'bind_file' (per-thread-pool binding "
            "of MindSpore's runtime) is not supported by deepsink"
        )
    if _original_affinity is None:
        _original_affinity = os.sched_getaffinity(0)
    if not enable_affinity:
        os.sched_setaffinity(0, _original_affinity)
        return
    cpus = set(os.sched_getaffinity(0))
    if affinity_cpu_list is not None:
        if not isinstance(affinity_cpu_list, list):
            raise TypeError(
                f"For 'set_cpu_affinity', 'affinity_cpu_list' must be a list, but "
                f"got {type(affinity_cpu_list).__name__}"
            )
        cpus = _cpus(affinity_cpu_list)
    if module_to_cpu_dict is not None:
        if not isinstance(module_to_cpu_dict, dict):
            raise TypeError(
                f"For 'set_cpu_affinity', 'module_to_cpu_dict' must be a dict, but "
                f"got {type(module_to_cpu_dict).__name__}"
            )
        other = set(module_to_cpu_dict) - {"main"}
        if other:
            raise NotImplementedError(
                f"For 'set_cpu_affinity', modules {sorted(other)} are "
                f"MindSpore's own thread pools; deepsink binds only "
                f"'main' (the process)"
            )
        if "main" in module_to_cpu_dict:
            cpus = {int(c) for c in module_to_cpu_dict["main"]}
    available = set(range(os.cpu_count() or 1))
    if not cpus or not cpus <= available:
        raise ValueError(
            f"For 'set_cpu_affinity', the cores {sorted(cpus)} are not all among "
            f"this machine's {sorted(available)}"
        )
    os.sched_setaffinity(0, cpus)


_SIZE = re.compile(r"^\d+(\.\d+)?GB$")


def set_memory(
    init_size: str = "2GB",
    increase_size: str = "2GB",
    max_size: str = "1024GB",
    optimize_level: str = "O0",
    huge_page_reserve_size: str = "0GB",
) -> None:
    """MindSpore's memory pool sizes. XLA's allocator is configured by its own variables
    (``XLA_PYTHON_CLIENT_PREALLOCATE``, ``XLA_PYTHON_CLIENT_MEM_FRACTION``) before the first
    computation, so the values are checked and deepsink warns that they have no effect.

    Args:
        init_size (str): e.g. ``"2GB"``. Default: ``"2GB"``.
        increase_size (str): Default: ``"2GB"``.
        max_size (str): Default: ``"1024GB"``.
        optimize_level (str): ``"O0"`` or ``"O1"``. Default: ``"O0"``.
        huge_page_reserve_size (str): Default: ``"0GB"``.

    Raises:
        ValueError: for a size not written as ``"<number>GB"`` or another optimize level.
        RuntimeError: if it is set a second time (as MindSpore).

    Examples:
        >>> import deepsink as ms
        >>> ms.runtime.set_memory(max_size="8GB")  # doctest: +SKIP
    """
    for name, value in (
        ("init_size", init_size),
        ("increase_size", increase_size),
        ("max_size", max_size),
        ("huge_page_reserve_size", huge_page_reserve_size),
    ):
        if not isinstance(value, str) or not _SIZE.match(value):
            raise ValueError(
                f"For 'set_memory', '{name}' must be a size such as '2GB', but got {value!r}"
            )
    if optimize_level not in ("O0", "O1"):
        raise ValueError(
            f"For 'set_memory', 'optimize_level' must be 'O0' or 'O1', but got {optimize_level!r}"
        )
    _once("set_memory")
    warnings.warn(
        "set_memory has no effect on deepsink: XLA's allocator is set by "
        "XLA_PYTHON_CLIENT_PREALLOCATE / XLA_PYTHON_CLIENT_MEM_FRACTION before the "
        "first computation",
        stacklevel=2,
    )


_ASCEND_LAUNCH = (
    "it configures Ascend's kernel launch threads and task capture; XLA launches kernels itself"
)
set_kernel_launch_group = unsupported(
    "mindspore.runtime", "set_kernel_launch_group", _ASCEND_LAUNCH, kind="function"
)
set_kernel_launch_capture = unsupported(
    "mindspore.runtime", "set_kernel_launch_capture", _ASCEND_LAUNCH, kind="function"
)
memory_replay = unsupported(
    "mindspore.runtime",
    "memory_replay",
    "it replays a MindSpore memory-allocation trace file into its own pool; XLA's allocator "
    "takes no trace",
    kind="function",
)
_ALLOCATOR = (
    "it plugs a C allocator (function pointers from a shared library) into "
    "MindSpore's memory pool; XLA's allocator cannot be replaced from Python"
)
PluggableAllocator = unsupported("mindspore.runtime", "PluggableAllocator", _ALLOCATOR)
MemPool = unsupported("mindspore.runtime", "MemPool", _ALLOCATOR)
use_mem_pool = unsupported("mindspore.runtime", "use_mem_pool", _ALLOCATOR, kind="function")
_CORES = "it limits the cube/vector cores of an Ascend device; GPUs and CPUs have no such cores"
get_device_limit = unsupported("mindspore.runtime", "get_device_limit", _CORES, kind="function")
set_device_limit = unsupported("mindspore.runtime", "set_device_limit", _CORES, kind="function")
get_stream_limit = unsupported("mindspore.runtime", "get_stream_limit", _CORES, kind="function")
set_stream_limit = unsupported("mindspore.runtime", "set_stream_limit", _CORES, kind="function")
reset_stream_limit = unsupported("mindspore.runtime", "reset_stream_limit", _CORES, kind="function")
StreamLimitCtx = unsupported("mindspore.runtime", "StreamLimitCtx", _CORES)
