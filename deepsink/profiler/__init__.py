"""``mindspore.profiler``: the profiler (``Profiler``, ``profile``), its ``schedule`` and
``tensorboard_trace_handler``, trace marks (``mstx``), the option enums, and profiling driven
from a file (``DynamicProfilerMonitor``) or the environment (``EnvProfiler``).

The profiler lives in ``deepsink/train/profiling.py`` (training trace + the ``jax.profiler``
device trace, which TensorBoard's profile plugin and Perfetto open); this package is the public
import path and the 2.10 additions.
"""

from deepsink.profiler.constants import AicoreMetrics as AicoreMetrics
from deepsink.profiler.constants import ExportType as ExportType
from deepsink.profiler.constants import HostSystem as HostSystem
from deepsink.profiler.constants import ProfilerActivity as ProfilerActivity
from deepsink.profiler.constants import ProfilerLevel as ProfilerLevel
from deepsink.profiler.dynamic import DynamicProfilerMonitor as DynamicProfilerMonitor
from deepsink.profiler.env_profiler import EnvProfiler as EnvProfiler
from deepsink.profiler.experimental_config import _ExperimentalConfig as _ExperimentalConfig
from deepsink.profiler.mstx import mstx as mstx
from deepsink.profiler.profile import profile as profile
from deepsink.train.profiling import Profiler as Profiler
from deepsink.train.profiling import ProfilerAction as ProfilerAction
from deepsink.train.profiling import Schedule as schedule  # MindSpore's name for the class
from deepsink.train.profiling import tensorboard_trace_handler as tensorboard_trace_handler

__all__ = [
    "AicoreMetrics", "DynamicProfilerMonitor", "EnvProfiler", "ExportType", "HostSystem",
    "Profiler", "ProfilerActivity", "ProfilerLevel", "_ExperimentalConfig", "mstx", "profile",
    "schedule", "tensorboard_trace_handler",
]  # fmt: skip
