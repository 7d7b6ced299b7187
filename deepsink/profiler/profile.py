"""``mindspore.profiler.profile``: MindSpore 2.10's profiler with explicit arguments (the
``Profiler`` of ``deepsink.train.profiling`` under the newer signature)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from deepsink._core.validate import fail_arg
from deepsink.profiler.constants import ProfilerActivity
from deepsink.profiler.experimental_config import _ExperimentalConfig
from deepsink.train.profiling import Profiler

_DEVICE_ACTIVITIES = (ProfilerActivity.CPU, ProfilerActivity.NPU)


class profile(Profiler):  # noqa: N801 - MindSpore's name
    """Record the device trace (``jax.profiler``: TensorBoard's profile plugin, Perfetto) and the
    training trace, from ``start()`` (or construction) to ``stop()``, or as ``schedule`` says.

    Args:
        activities (list[ProfilerActivity], optional): what to profile; XLA's trace covers the
            host and the device together, so any list other than the default is noted once as
            having no effect. Default: ``[CPU, NPU]``.
        with_stack (bool): record Python call stacks. Default: ``False``.
        profile_memory, parallel_strategy, hbm_ddr, pcie, sync_enable, record_shapes (bool):
            Ascend collectors; a value other than the default is noted once as having no effect.
        data_process (bool): the training trace always times the data pipeline.
        start_profile (bool): start at construction. Default: ``True``.
        schedule (Callable, optional): which steps to record (:class:`schedule`).
        on_trace_ready (Callable, optional): called when a trace is saved
            (:func:`tensorboard_trace_handler`).
        experimental_config (_ExperimentalConfig, optional): Ascend collector options.

    Raises:
        TypeError: an argument of the wrong type.

    Examples:
        >>> import tempfile
        >>> import deepsink as ms
        >>> from deepsink import profiler
        >>> out = tempfile.mkdtemp()
        >>> with profiler.profile(schedule=profiler.schedule(wait=0, warmup=0, active=1),
        ...                       on_trace_ready=profiler.tensorboard_trace_handler(out)) as prof:
        ...     for _ in range(2):
        ...         _ = ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0]))
        ...         prof.step()  # doctest: +ELLIPSIS
        deepsink profiler: ...
    """

    def __init__(
        self,
        activities: Iterable[ProfilerActivity] | None = None,
        with_stack: bool = False,
        profile_memory: bool = False,
        data_process: bool = False,
        parallel_strategy: bool = False,
        start_profile: bool = True,
        hbm_ddr: bool = False,
        pcie: bool = False,
        sync_enable: bool = True,
        record_shapes: bool = False,
        schedule: Callable | None = None,
        on_trace_ready: Callable[..., Any] | None = None,
        experimental_config: _ExperimentalConfig | None = None,
    ) -> None:
        kwargs: dict[str, Any] = {}
        if activities is not None:
            activities = list(activities) if isinstance(activities, Iterable) else activities
            if not isinstance(activities, list) or not all(
                isinstance(a, ProfilerActivity) for a in activities
            ):
                fail_arg(
                    "profile", "activities", "a list of ProfilerActivity", activities, TypeError
                )
            if set(activities) != set(_DEVICE_ACTIVITIES):
                kwargs["activities"] = activities
        ascend = {"profile_memory": (profile_memory, False),
                  "parallel_strategy": (parallel_strategy, False), "hbm_ddr": (hbm_ddr, False),
                  "pcie": (pcie, False), "sync_enable": (sync_enable, True),
                  "record_shapes": (record_shapes, False)}  # fmt: skip
        for name, (value, default) in ascend.items():
            if not isinstance(value, bool):
                fail_arg("profile", name, "a bool", value, TypeError)
            if value != default:
                kwargs[name] = value
        if experimental_config is not None:
            if not isinstance(experimental_config, _ExperimentalConfig):
                fail_arg(
                    "profile",
                    "experimental_config",
                    "an _ExperimentalConfig",
                    experimental_config,
                    TypeError,
                )
            if vars(experimental_config) != vars(_ExperimentalConfig()):
                kwargs["experimental_config"] = experimental_config
        super().__init__(
            with_stack=with_stack,
            data_process=data_process,
            start_profile=start_profile,
            schedule=schedule,
            on_trace_ready=on_trace_ready,
            **kwargs,
        )

    def __exit__(self, *exc: Any) -> None:
        self.stop()  # MindSpore's profile stops; on_trace_ready (tensorboard_trace_handler) analyses
