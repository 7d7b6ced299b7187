"""``mindspore.runtime``: execution controls (``launch_blocking``, ``synchronize``).

deepsink raises shape and dtype errors when an op is called (while tracing), so errors already
point at the Python line; ``launch_blocking`` additionally makes CPU kernels run synchronously
(JAX's async CPU dispatch off), so runtime failures surface at the call too. As in MindSpore,
call it at the start of the program: the CPU backend reads the setting when it is created, at the
first computation.
"""

from __future__ import annotations

import jax

_blocking = False


def launch_blocking() -> None:
    """Run every op synchronously (slower; for locating failures). Call it before the first
    computation, as MindSpore's documentation says.

    Args:
        None.

    Returns:
        None. From then on each op finishes before the next is dispatched, so an error is
        reported at the op that caused it.

    Examples:
        >>> import deepsink as ms
        >>> ms.runtime.launch_blocking()  # doctest: +SKIP
        >>> print(ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0])))  # each op now waits for the last
        [3.]
    """
    global _blocking
    jax.config.update("jax_cpu_enable_async_dispatch", False)
    _blocking = True


def synchronize() -> None:
    """Wait until all dispatched device work is done."""
    jax.effects_barrier()
    for a in jax.live_arrays():
        a.block_until_ready()


# memory statistics, streams and events, executor settings (MindSpore's runtime submodules)
from deepsink.runtime.executor import MemPool as MemPool  # noqa: E402
from deepsink.runtime.executor import PluggableAllocator as PluggableAllocator  # noqa: E402
from deepsink.runtime.executor import StreamLimitCtx as StreamLimitCtx  # noqa: E402
from deepsink.runtime.executor import dispatch_threads_num as dispatch_threads_num  # noqa: E402
from deepsink.runtime.executor import get_device_limit as get_device_limit  # noqa: E402
from deepsink.runtime.executor import get_stream_limit as get_stream_limit  # noqa: E402
from deepsink.runtime.executor import memory_replay as memory_replay  # noqa: E402
from deepsink.runtime.executor import reset_stream_limit as reset_stream_limit  # noqa: E402
from deepsink.runtime.executor import set_cpu_affinity as set_cpu_affinity  # noqa: E402
from deepsink.runtime.executor import set_device_limit as set_device_limit  # noqa: E402
from deepsink.runtime.executor import (  # noqa: E402
    set_kernel_launch_capture as set_kernel_launch_capture,
)
from deepsink.runtime.executor import set_kernel_launch_group as set_kernel_launch_group  # noqa: E402
from deepsink.runtime.executor import set_memory as set_memory  # noqa: E402
from deepsink.runtime.executor import set_stream_limit as set_stream_limit  # noqa: E402
from deepsink.runtime.executor import use_mem_pool as use_mem_pool  # noqa: E402
from deepsink.runtime.memory import empty_cache as empty_cache  # noqa: E402
from deepsink.runtime.memory import max_memory_allocated as max_memory_allocated  # noqa: E402
from deepsink.runtime.memory import max_memory_reserved as max_memory_reserved  # noqa: E402
from deepsink.runtime.memory import memory_allocated as memory_allocated  # noqa: E402
from deepsink.runtime.memory import memory_reserved as memory_reserved  # noqa: E402
from deepsink.runtime.memory import memory_stats as memory_stats  # noqa: E402
from deepsink.runtime.memory import memory_summary as memory_summary  # noqa: E402
from deepsink.runtime.memory import reset_max_memory_allocated as reset_max_memory_allocated  # noqa: E402
from deepsink.runtime.memory import reset_max_memory_reserved as reset_max_memory_reserved  # noqa: E402
from deepsink.runtime.memory import reset_peak_memory_stats as reset_peak_memory_stats  # noqa: E402
from deepsink.runtime.stream import Event as Event  # noqa: E402
from deepsink.runtime.stream import Stream as Stream  # noqa: E402
from deepsink.runtime.stream import StreamCtx as StreamCtx  # noqa: E402
from deepsink.runtime.stream import communication_stream as communication_stream  # noqa: E402
from deepsink.runtime.stream import current_stream as current_stream  # noqa: E402
from deepsink.runtime.stream import default_stream as default_stream  # noqa: E402
from deepsink.runtime.stream import set_cur_stream as set_cur_stream  # noqa: E402

_RUNTIME_NAMES = (
    "MemPool", "PluggableAllocator", "StreamLimitCtx", "dispatch_threads_num", "get_device_limit",
    "get_stream_limit", "memory_replay", "reset_stream_limit", "set_cpu_affinity",
    "set_device_limit", "set_kernel_launch_capture", "set_kernel_launch_group", "set_memory",
    "set_stream_limit", "use_mem_pool", "empty_cache", "max_memory_allocated",
    "max_memory_reserved", "memory_allocated", "memory_reserved", "memory_stats",
    "memory_summary", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "Event", "Stream", "StreamCtx", "communication_stream",
    "current_stream", "default_stream", "set_cur_stream", "launch_blocking", "synchronize",
)  # fmt: skip
__all__ = sorted(_RUNTIME_NAMES)
