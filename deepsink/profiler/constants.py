"""The option enums of ``mindspore.profiler`` (MindSpore 2.10's names and values).

deepsink records XLA's device trace whatever the level or metrics: ``ProfilerLevel``,
``AicoreMetrics``, ``ExportType`` and ``HostSystem`` name Ascend collectors, and a
:class:`deepsink.profiler.Profiler` given them notes once that they have no effect here.
"""

from __future__ import annotations

from enum import Enum


class ProfilerLevel(Enum):
    """How much the Ascend collectors record."""

    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(Enum):
    """Which side is profiled: the host (``CPU``) or the device (``GPU``/``NPU``)."""

    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(Enum):
    """Ascend AI Core counters."""

    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(Enum):
    """The Ascend analysis output format."""

    Db = "db"
    Text = "text"


class HostSystem(Enum):
    """Host system data the Ascend collectors sample."""

    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"
