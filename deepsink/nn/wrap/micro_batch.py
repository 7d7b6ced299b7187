"""Cells that split a mini-batch into micro-batches along axis 0, run the network on each and
add the outputs: ``GradAccumulationCell`` (gradient accumulation: the gradient of the sum is the
sum of the micro-batch gradients), ``PipelineCell`` and ``MicroBatchInterleaved`` (MindSpore's
pipeline-parallel and interleaving wrappers; on one device their result is this same sum)."""

from __future__ import annotations

from typing import Any

from deepsink import context
from deepsink._core import functional, pipeline, semi_auto
from deepsink._core.validate import check_positive_int, fail_arg
from deepsink.common.tensor import Tensor, unwrap, wrap
from deepsink.nn.cell import Cell


class _MicroBatchSum(Cell):
    _api = "GradAccumulationCell"
    _count = "micro_size"

    def __init__(self, network: Cell, count: int) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            fail_arg(self._api, "network", "a Cell", type(network).__name__, TypeError)
        self.network = network
        self._n = check_positive_int(count, self._count, self._api)

    def construct(self, *inputs: Any) -> Any:
        n, total = self._n, None
        for each in inputs:
            if isinstance(each, Tensor) and each.ndim and each.shape[0] % n:
                fail_arg(
                    self._api,
                    "inputs",
                    f"a batch dimension divisible by {self._count} {n}",
                    each.shape[0],
                )
        for i in range(n):
            part = [
                x[(x.shape[0] // n) * i : (x.shape[0] // n) * (i + 1)]
                if isinstance(x, Tensor) and x.ndim
                else x
                for x in inputs
            ]
            out = self.network(*part)
            total = out if total is None else total + out
        return total


class GradAccumulationCell(_MicroBatchSum):
    r"""Gradient accumulation: the batch (axis 0 of every input) is cut into ``micro_size``
    equal micro-batches, ``network`` runs on each and the outputs (losses) are added, so the
    gradient of the result is the sum of the micro-batch gradients.

    Args:
        network (Cell): the network, usually with its loss.
        micro_size (int): the number of micro-batches; it must divide the batch.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.GradAccumulationCell(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((4, 3), np.float32))))
        [[6.]
         [6.]]
    """

    def __init__(self, network: Cell, micro_size: int) -> None:
        super().__init__(network, micro_size)
        self.micro_size = micro_size


class PipelineCell(_MicroBatchSum):
    r"""MindSpore's pipeline-parallel wrapper: the batch is cut into ``micro_size``
    micro-batches whose outputs are added.

    With ``pipeline_stages`` > 1 (``set_auto_parallel_context`` or ``AutoParallel.pipeline``)
    inside a compiled program, the network runs as a pipeline: the Cells' ``pipeline_stage`` (or
    ``stage_config``) place them on the stages' devices, and the micro-batches go through the
    stages by the ``pipeline_scheduler`` schedule (``_core/pipeline.py``); the network with its
    loss must then return a scalar. Otherwise (one stage, or a PyNative call) it is the sum of the
    micro-batch outputs computed in turn.

    Args:
        network (Cell): the network.
        micro_size (int): the number of micro-batches.
        stage_config (dict, optional): cell name (as ``cells_and_names`` gives it) to pipeline
            stage. Default: ``None``.
        segment_config (dict, optional): cell name to pipeline segment (interleaved stages).
            Default: ``None``.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.
        KeyError: a ``stage_config`` name is not a cell of ``network``.
        KeyError: a ``segment_config`` name is not a cell of ``network``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.PipelineCell(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))))
        [[6.]]
    """

    _api = "PipelineCell"

    def __init__(
        self, network: Cell, micro_size: int, stage_config: Any = None, segment_config: Any = None
    ) -> None:
        super().__init__(network, micro_size)
        self.micro_size = micro_size
        for arg, attr, config in (
            ("stage_config", "pipeline_stage", stage_config),
            ("segment_config", "pipeline_segment", segment_config),
        ):
            if config is None:
                continue
            left = dict(config)
            for name, cell in network.cells_and_names():
                if name and name in left:
                    setattr(cell, attr, left.pop(name))
            if str(network) in left:
                setattr(network, attr, left.pop(str(network)))
            if left:
                raise KeyError(
                    f"For '{self._api}', the argument '{arg}' : {left} is not found in "
                    f"'network' : {network}"
                )

    def construct(self, *inputs: Any) -> Any:
        plan = semi_auto.active()
        if plan is None or plan.pipeline_stages == 1 or not functional.tracing():
            return super().construct(*inputs)
        n = self._n
        for each in inputs:
            if not isinstance(each, Tensor) or not each.ndim or each.shape[0] % n:
                fail_arg(
                    self._api,
                    "inputs",
                    f"Tensors with a batch dimension divisible by micro_size {n}",
                    getattr(each, "shape", type(each).__name__),
                )
        boxes = list(self.network.get_parameters())
        network = self.network
        stage = plan.stage_plan()

        def micro_fn(pvals: list, xs: list) -> Any:
            saved = [b._value for b in boxes]
            try:
                for b, v in zip(boxes, pvals):
                    b._value = v
                with semi_auto.using(stage):  # a stage's strategies are over its devices
                    out = network(*[wrap(x) for x in xs])
                for b, v in zip(boxes, pvals):
                    if b._value is not v:
                        raise NotImplementedError(
                            f"For '{self._api}', Parameter '{b.name}' is written by the network: "
                            "a pipeline stage cannot update state in its forward pass"
                        )
            finally:
                for b, v in zip(boxes, saved):
                    b._value = v
            return unwrap(out)

        loss = pipeline.pipeline_loss(
            micro_fn,
            [b._value for b in boxes],
            [unwrap(x) for x in inputs],
            n,
            plan.devices,
            plan.pipeline_stages,
            plan.scheduler,
            [
                semi_auto.input_sharding(i, (x.shape[0] // n, *x.shape[1:]), stage)
                for i, x in enumerate(inputs)
            ],
            plan.interleave,
        )
        return wrap(loss)


class MicroBatchInterleaved(_MicroBatchSum):
    r"""MindSpore's interleaving wrapper: the batch is cut into ``interleave_num`` parts whose
    outputs are added (MindSpore overlaps their communication in parallel modes; on one device
    the result is this sum).

    Args:
        network (Cell): the network.
        interleave_num (int): the number of parts. Default: ``2``.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the parts.

    Raises:
        TypeError: ``network`` is not a Cell or ``interleave_num`` not an int.
        ValueError: ``interleave_num`` is not positive or does not divide the batch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.MicroBatchInterleaved(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'))
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))))
        [[6.]]
    """

    _api = "MicroBatchInterleaved"
    _count = "interleave_num"

    def __init__(self, network: Cell, interleave_num: int = 2) -> None:
        super().__init__(network, interleave_num)
        self.interleave_num = interleave_num


class PipelineGradReducer(Cell):
    r"""MindSpore's gradient reducer of functional pipeline training: the gradients of a
    ``PipelineCell`` step, divided by ``scale_sense``.

    deepsink's pipeline program already adds every micro-batch's and every stage's gradient of a
    Parameter (a Parameter shared by stages included) into the gradient it returns, so what is
    left of MindSpore's reducer is its scaling.

    Args:
        parameters (list): the Parameters the gradients belong to.
        scale_sense (float, optional): the loss scale the gradients are divided by. Default: ``1.0``.
        opt_shard (bool, optional): whether the optimizer is sharded (the parallel optimizer);
            ``None``: the auto-parallel context's ``enable_parallel_optimizer``. Default: ``None``.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor], the gradients divided by ``scale_sense``.

    Raises:
        TypeError: ``scale_sense`` is not a number or ``opt_shard`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> red = nn.PipelineGradReducer(net.trainable_params(), scale_sense=2.0)
        >>> print(red((ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor([4.0])))[1])
        [2.]
    """

    def __init__(self, parameters: Any, scale_sense: float = 1.0, opt_shard: Any = None) -> None:
        super().__init__(auto_prefix=False)
        if isinstance(scale_sense, bool) or not isinstance(scale_sense, int | float):
            fail_arg("PipelineGradReducer", "scale_sense", "a float", scale_sense, TypeError)
        if opt_shard is not None and not isinstance(opt_shard, bool):
            fail_arg("PipelineGradReducer", "opt_shard", "a bool or None", opt_shard, TypeError)
        if opt_shard is None:
            opt_shard = bool(context.get_auto_parallel_context("enable_parallel_optimizer"))
        self.parameters = parameters
        self.opt_shard = opt_shard
        self.scale_sense = float(scale_sense)

    def construct(self, grads: Any) -> Any:
        return tuple(g / self.scale_sense for g in grads)
