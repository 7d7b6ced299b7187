"""``mindspore.parallel.auto_parallel.AutoParallel``: a network (Cell or training-step function)
run split over this process's devices, with its own parallel settings (``_core/semi_auto.py``).
"""

from __future__ import annotations

from typing import Any

import jax

from deepsink._compile.jit import jit
from deepsink._core import semi_auto
from deepsink._core.semi_auto import Layout as Layout
from deepsink.communication import get_group_size as get_group_size
from deepsink.communication import get_rank as get_rank
from deepsink.nn.cell import Cell

_MODES = ("semi_auto", "sharding_propagation", "recursive_programming")


def _check_file_path(file_path: object) -> None:
    """2.10's TypeError for a strategy file path that is not a str."""
    if not isinstance(file_path, str):
        raise TypeError(
            f"the argument 'file_path' must be str, but got the type : {type(file_path)} ."
        )


class AutoParallel(Cell):
    """MindSpore 2.10's ``AutoParallel``: every call of ``network`` is one compiled program over
    the devices, its operators split as their ``shard`` strategies say.

    ``parallel_mode="semi_auto"`` splits the ops that have a strategy; ``"sharding_propagation"``
    and ``"recursive_programming"`` also split the ops without one. In both, deepsink leaves the
    ops without a strategy to XLA's sharding propagation (GSPMD) from the strategies that are set,
    the inputs' and the Parameters' layouts: it runs no cost-model search of its own.

    Args:
        network (Union[Cell, Function]): the network or training-step function.
        parallel_mode (str, optional): ``"semi_auto"``, ``"sharding_propagation"`` or
            ``"recursive_programming"``. Default: ``"semi_auto"``.

    Raises:
        ValueError: an unknown ``parallel_mode``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> from deepsink.parallel.auto_parallel import AutoParallel
        >>> net = AutoParallel(nn.Dense(4, 2), parallel_mode="semi_auto")
        >>> net.dataset_strategy("full_batch")
        >>> print(net(ms.Tensor(np.ones((2, 4), np.float32))).shape)
        (2, 2)
    """

    def __init__(self, network: Any, parallel_mode: str = "semi_auto") -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        if parallel_mode not in _MODES:
            raise ValueError(
                "the argument 'parallel_mode' must be one of ['semi_auto', "
                f"'sharding_propagation', 'recursive_programming'], but got the value : "
                f"{parallel_mode} ."
            )
        self._parallel_mode = parallel_mode
        self._device_num = len(jax.devices())
        self._dataset_strategy_config: Any = "data_parallel"
        self._full_batch = False
        self._enable_parallel_optimizer = False
        self._optimizer_weight_shard_size = -1
        self._parallel_optimizer_threshold = 64
        self._optimizer_level = "level1"
        self._pipeline_stages = 1
        self._pipeline_result_broadcast = False
        self._pipeline_interleave = False
        self._pipeline_scheduler = "1f1b"
        self._save_strategy_file_path = ""
        self._load_strategy_file_path = ""
        self._only_trainable_params = True
        self._compiled: Any = None

    def dataset_strategy(self, config: Any) -> None:
        """How the network's inputs are split: ``"data_parallel"`` (the first dimension over every
        device; the default), ``"full_batch"`` (every device holds the whole input), or one
        strategy (tuple of split numbers) or ``Layout`` per input.

        Args:
            config (Union[str, tuple(tuple), tuple(Layout)]): the strategy.

        Raises:
            TypeError: ``config`` is neither str nor tuple, or an element has the wrong type.
            ValueError: ``config`` is None or another string.
        """
        if config is None:
            raise ValueError("dataset_strategy is none in config!")
        if isinstance(config, str):
            if config not in ("full_batch", "data_parallel"):
                raise ValueError(
                    "For 'AutoParallel.dataset_strategy', the argument 'config' must be "
                    f"'full_batch' or 'data_parallel', but got the value : {config}."
                )
            self._full_batch = config == "full_batch"
            self._dataset_strategy_config = config
            return
        if not isinstance(config, tuple):
            raise TypeError(
                "For 'AutoParallel.dataset_strategy', the argument 'config' must be str or tuple "
                f"type, but got the type : {type(config)}."
            )
        for ele in config:
            if isinstance(ele, tuple):
                for dim in ele:
                    if isinstance(dim, bool) or not isinstance(dim, int):
                        raise TypeError(
                            "For 'AutoParallel.dataset_strategy', the element of argument "
                            f"'config' must be int type, but got the type : {type(dim)} ."
                        )
            elif not isinstance(ele, semi_auto.Layout):
                raise TypeError(
                    "For 'AutoParallel.dataset_strategy', the element of argument 'config' must "
                    f"be tuple or Layout, but got the type : {type(ele)} ."
                )
        self._dataset_strategy_config = config

    def hsdp(
        self, shard_size: int = -1, threshold: int = 64, optimizer_level: str = "level1"
    ) -> None:
        """Shard the weights and optimizer states (MindSpore's parallel optimizer): every
        Parameter of at least ``threshold`` KB is split over the devices along its first dimension
        that divides; XLA all-gathers it where an op needs it whole.

        Args:
            shard_size (int, optional): the shard group size; ``-1`` (or the device count): all
                devices. Default: ``-1``.
            threshold (int, optional): the smallest Parameter (KB) that is split. Default: ``64``.
            optimizer_level (str, optional): ``"level1"``: weights and optimizer states split;
                ``"level2"``: the gradients too (reduce-scattered to each device's slice);
                ``"level3"``: and the weights gathered for the forward pass are not kept for the
                backward pass, which gathers them again. Default: ``"level1"``.

        Raises:
            ValueError: ``shard_size`` is not positive or -1, ``threshold`` negative, or
                ``optimizer_level`` unknown.
            NotImplementedError: a ``shard_size`` smaller than the device count.
        """
        if (
            isinstance(shard_size, bool)
            or not isinstance(shard_size, int)
            or (shard_size <= 0 and shard_size != -1)
        ):
            raise ValueError(f"shard_size must be a positive integer or -1, but got {shard_size}.")
        if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
            raise ValueError(f"threshold must be a positive integer or 0, but got {threshold}.")
        if optimizer_level not in ("level1", "level2", "level3"):
            raise ValueError(
                f"Optimizer level should in ['level1', 'level2', 'level3'], but got {optimizer_level}"
            )
        if shard_size not in (-1, self._device_num):
            raise NotImplementedError(
                f"For 'AutoParallel.hsdp', shard_size={shard_size} is not supported by deepsink: "
                f"the weights and optimizer states are split over all {self._device_num} devices "
                "(shard_size=-1)"
            )
        self._enable_parallel_optimizer = True
        self._optimizer_weight_shard_size = shard_size
        self._parallel_optimizer_threshold = threshold
        self._optimizer_level = optimizer_level

    def pipeline(
        self,
        stages: int = 1,
        output_broadcast: bool = False,
        interleave: bool = False,
        scheduler: str = "1f1b",
    ) -> None:
        """The pipeline stages: with ``stages`` > 1 a ``Pipeline`` / ``PipelineCell`` in the
        network runs its Cells' ``pipeline_stage`` parts on ``stages`` groups of the devices,
        by ``scheduler``'s schedule (``_core/pipeline.py``).

        Args:
            stages (int, optional): the number of stages; it must divide the device count.
                Default: ``1``.
            output_broadcast (bool, optional): whether the last stage's result reaches every
                device; deepsink's pipeline always returns it on every device. Default: ``False``.
            interleave (bool, optional): interleaved stages: a stage holds one chunk per
                ``pipeline_segment`` of its Cells. Default: ``False``.
            scheduler (str, optional): one of 2.10's schedules, ``"1f1b"``, ``"gpipe"``,
                ``"seqpipe"``, ``"seqvpp"``, ``"seqsmartvpp"`` or ``"zero_bubble_v"``
                (``_core/pipeline_schedules.py``). Default: ``"1f1b"``.

        Raises:
            TypeError: an argument has the wrong type.
            ValueError: ``stages`` is not positive, or ``scheduler`` is not one of 2.10's.
        """
        api = "For 'AutoParallel.pipeline', the argument"
        if not isinstance(stages, int) or isinstance(stages, bool):
            raise TypeError(f"{api} 'stages' must be int type, but got the type : {type(stages)}.")
        if stages <= 0:
            raise ValueError(f"{api} 'stages' must be larger than zero, but got value: {stages}.")
        for name, v in (("output_broadcast", output_broadcast), ("interleave", interleave)):
            if not isinstance(v, bool):
                raise TypeError(f"{api} '{name}' must be bool type, but got the type : {type(v)}.")
        if not isinstance(scheduler, str):
            raise TypeError(
                f"{api} 'scheduler' must be str type, but got the type : {type(scheduler)}."
            )
        if scheduler not in ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v"):
            raise ValueError(
                f"{api} 'scheduler' must be '1f1b'/'gpipe'/'seqpipe'/'seqvpp'/'seqsmartvpp'/"
                f"'zero_bubble_v' , but got the value : {scheduler}."
            )
        self._pipeline_stages = stages
        self._pipeline_result_broadcast = output_broadcast
        self._pipeline_interleave = interleave
        self._pipeline_scheduler = scheduler

    def save_param_strategy_file(self, file_path: str) -> None:
        """Write the Parameters' layouts to ``file_path`` (MindSpore's JSON strategy file)
        after each call whose program laid them out anew.

        Args:
            file_path (str): the file; its name must end in ``.json``.

        Raises:
            TypeError: ``file_path`` is not a str.
        """
        _check_file_path(file_path)
        self._save_strategy_file_path = file_path

    def load_param_strategy_file(self, file_path: str) -> None:
        """Lay the Parameters out as MindSpore's JSON strategy file ``file_path`` says (a
        Parameter named there takes its ``dev_matrix`` and ``tensor_map``).

        Args:
            file_path (str): the file; its name must end in ``.json``.

        Raises:
            TypeError: ``file_path`` is not a str.
        """
        _check_file_path(file_path)
        self._load_strategy_file_path = file_path

    def disable_strategy_file_only_for_trainable_params(self) -> None:
        """Save and load the layouts of the Parameters that take no gradient too."""
        self._only_trainable_params = False

    def get_pipeline_stages(self) -> int:
        """The number of pipeline stages."""
        return self._pipeline_stages

    def _plan(self) -> semi_auto.Plan:
        ds = self._dataset_strategy_config
        if isinstance(ds, tuple):
            ds = tuple(e.to_dict() if isinstance(e, semi_auto.Layout) else e for e in ds)
        mode = semi_auto.SEMI_AUTO if self._parallel_mode == "semi_auto" else semi_auto.AUTO
        return semi_auto.plan_for(
            self._device_num,
            mode,
            ds,
            self._enable_parallel_optimizer,
            self._parallel_optimizer_threshold,
            self._pipeline_stages,
            self._pipeline_scheduler,
            self._optimizer_level,
            (
                self._load_strategy_file_path,
                self._save_strategy_file_path,
                self._only_trainable_params,
            ),
            interleave=self._pipeline_interleave,
        )

    def construct(self, *args: Any, **kwargs: Any) -> Any:
        return self.network(*args, **kwargs)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._compiled is None:
            self._compiled = jit(self.network)
        with semi_auto.using(self._plan()):
            return self._compiled(*args, **kwargs)
