"""``mindspore.profiler._ExperimentalConfig``: the Ascend collector options of ``profile``."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import fail_arg
from deepsink.profiler.constants import AicoreMetrics, ExportType, HostSystem, ProfilerLevel


class _ExperimentalConfig:
    """The Ascend collector options (level, AI Core metrics, L2 cache, mstx, export type, host
    system sampling), checked as MindSpore checks their types. They select Ascend collectors;
    a profiler given them records XLA's trace and notes once that they have no effect here.

    Examples:
        >>> import deepsink as ms
        >>> cfg = ms.profiler._ExperimentalConfig(profiler_level=ms.profiler.ProfilerLevel.Level1)
        >>> print(cfg.profiler_level.value)
        Level1
    """

    def __init__(
        self,
        profiler_level: ProfilerLevel = ProfilerLevel.Level0,
        aic_metrics: AicoreMetrics = AicoreMetrics.AiCoreNone,
        l2_cache: bool = False,
        mstx: bool = False,
        data_simplification: bool = True,
        export_type: list | None = None,
        mstx_domain_include: list | None = None,
        mstx_domain_exclude: list | None = None,
        sys_io: bool = False,
        sys_interconnection: bool = False,
        host_sys: list | None = None,
    ) -> None:
        api = "_ExperimentalConfig"
        for name, value, kind in (
            ("profiler_level", profiler_level, ProfilerLevel),
            ("aic_metrics", aic_metrics, AicoreMetrics),
        ):
            if not isinstance(value, kind):
                fail_arg(api, name, f"a {kind.__name__}", value, TypeError)
        flags = {"l2_cache": l2_cache, "mstx": mstx, "data_simplification": data_simplification,
                 "sys_io": sys_io, "sys_interconnection": sys_interconnection}  # fmt: skip
        for name, value in flags.items():
            if not isinstance(value, bool):
                fail_arg(api, name, "a bool", value, TypeError)
        lists: dict[str, Any] = {
            "export_type": (export_type or [ExportType.Text], ExportType),
            "host_sys": (host_sys or [], HostSystem),
            "mstx_domain_include": (mstx_domain_include or [], str),
            "mstx_domain_exclude": (mstx_domain_exclude or [], str),
        }
        for name, (value, kind) in lists.items():
            if not isinstance(value, list) or not all(isinstance(v, kind) for v in value):
                fail_arg(api, name, f"a list of {kind.__name__}", value, TypeError)
        self.profiler_level, self.aic_metrics = profiler_level, aic_metrics
        for name, value in flags.items():
            setattr(self, name, value)
        for name, (value, _) in lists.items():
            setattr(self, name, list(value))

    def __repr__(self) -> str:
        return f"_ExperimentalConfig({vars(self)})"
