"""``mindspore.hal``: device queries, streams and events, and memory statistics.

MindSpore 2.10 keeps ``hal`` as the older spelling of ``mindspore.runtime`` and
``mindspore.device_context``; so does deepsink: the streams, events and memory statistics are
``deepsink.runtime``'s, and the device queries read JAX's devices. ``device_target`` is one of
``"CPU"``, ``"GPU"``, ``"Ascend"`` (default: the target the context runs on); a target this
process cannot run on raises ``ValueError`` as MindSpore's does when its package lacks the backend.
"""

from __future__ import annotations

from deepsink.hal.device import device_count as device_count
from deepsink.hal.device import get_arch_list as get_arch_list
from deepsink.hal.device import get_device_capability as get_device_capability
from deepsink.hal.device import get_device_name as get_device_name
from deepsink.hal.device import get_device_properties as get_device_properties
from deepsink.hal.device import is_available as is_available
from deepsink.hal.device import is_initialized as is_initialized
from deepsink.hal.memory import empty_cache as empty_cache
from deepsink.hal.memory import max_memory_allocated as max_memory_allocated
from deepsink.hal.memory import max_memory_reserved as max_memory_reserved
from deepsink.hal.memory import memory_allocated as memory_allocated
from deepsink.hal.memory import memory_reserved as memory_reserved
from deepsink.hal.memory import memory_stats as memory_stats
from deepsink.hal.memory import memory_summary as memory_summary
from deepsink.hal.memory import reset_max_memory_allocated as reset_max_memory_allocated
from deepsink.hal.memory import reset_max_memory_reserved as reset_max_memory_reserved
from deepsink.hal.memory import reset_peak_memory_stats as reset_peak_memory_stats
from deepsink.runtime import synchronize as synchronize
from deepsink.runtime.stream import Event as Event
from deepsink.runtime.stream import Stream as Stream
from deepsink.runtime.stream import StreamCtx as StreamCtx
from deepsink.runtime.stream import communication_stream as communication_stream
from deepsink.runtime.stream import current_stream as current_stream
from deepsink.runtime.stream import default_stream as default_stream
from deepsink.runtime.stream import set_cur_stream as set_cur_stream

__all__ = [
    "Event", "Stream", "StreamCtx", "communication_stream", "current_stream", "default_stream",
    "device_count", "empty_cache", "get_arch_list", "get_device_capability", "get_device_name",
    "get_device_properties", "is_available", "is_initialized", "max_memory_allocated",
    "max_memory_reserved", "memory_allocated", "memory_reserved", "memory_stats",
    "memory_summary", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "set_cur_stream", "synchronize",
]  # fmt: skip
