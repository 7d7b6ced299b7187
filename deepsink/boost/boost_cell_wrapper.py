"""MindSpore's ``mindspore.boost.boost_cell_wrapper``: the training cells of the boost mode,
``BoostTrainOneStepCell`` and ``BoostTrainOneStepWithLossScaleCell``: one step with the
algorithms ``AutoBoost`` configured (gradient accumulation, gradient freezing)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core import functional
from deepsink.boost.boost import AutoBoost
from deepsink.boost.grad_accumulation import accumulate_and_update
from deepsink.boost.grad_freeze import FreezeOpt, freeze_cell
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.context import ParallelMode
from deepsink.nn.cell import Cell
from deepsink.nn.wrap.cell_wrapper import TrainOneStepCell
from deepsink.nn.wrap.loss_scale import TrainOneStepWithLossScaleCell, keep_writes_where
from deepsink.ops import composite as C

__all__ = ["BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell"]


class BoostTrainOneStepCell(TrainOneStepCell):
    """One training step in boost mode (MindSpore's ``boost.BoostTrainOneStepCell``).

    With a ``FreezeOpt`` optimizer (gradient freezing), step ``i`` trains only the parameter
    group ``train_strategy[i]`` (cycling), through that group's own training cell; with
    ``AutoBoost``'s ``grad_accumulation`` on (and ``grad_accumulation_step`` > 1), the gradients
    of that many steps are averaged into one update. Otherwise it is ``TrainOneStepCell``.
    As in MindSpore 2.10, a step returns the loss only when ``sens`` is given (``None``
    otherwise); a gradient-freezing step returns its loss either way.

    Args:
        network (Cell): returns the loss.
        optimizer (Union[Cell, FreezeOpt]): the optimizer.
        sens (numbers.Number): the loss's sensitivity. Default: ``None`` (1.0).

    Raises:
        RuntimeError: the optimizer asks for AdaSum in a distributed run or for DimReduce (not
            implemented by deepsink: both need MindSpore's per-server communication groups).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> train = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, sens=1.0)
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> print(train(x, ms.Tensor(np.array([[1.0]], np.float32))))
        4.0
    """

    def __init__(self, network: Cell, optimizer: Cell, sens: Any = None) -> None:
        super().__init__(network, optimizer, sens)
        self.hyper_map = C.HyperMap()
        self.freeze = isinstance(optimizer, FreezeOpt)
        if not self.freeze:
            self.weights = self.optimizer.parameters
        self.train_strategy = getattr(self.optimizer, "train_strategy", None)
        self.auto_boost = AutoBoost()
        self.use_grad_accumulation = self.parallel_mode in (
            ParallelMode.DATA_PARALLEL,
            ParallelMode.STAND_ALONE,
        ) and bool(self.auto_boost.boost_config.get("grad_accumulation", False))
        self.max_accumulation_step = 1
        if self.use_grad_accumulation:
            self.max_accumulation_step = max(self.auto_boost.grad_accumulation_step, 1)
            self.use_grad_accumulation = self.max_accumulation_step > 1
        if getattr(self.optimizer, "dim_reduce", None):
            raise RuntimeError(
                "For 'BoostTrainOneStepCell', DimReduce is not supported by deepsink: it needs "
                "the PCA matrix MindSpore splits over the distributed ranks"
            )
        self.enable_adasum = self.check_adasum_enable()
        if self.enable_adasum:
            raise RuntimeError(
                "For 'BoostTrainOneStepCell', AdaSum is not supported by deepsink: it combines "
                "the updates of servers of 8 devices through MindSpore's per-server "
                "communication groups"
            )
        self.freeze_nets = None
        self._host_step = 0
        self.step = Parameter(Tensor(0, dtype=mstype.int32), name="step", requires_grad=False)
        if self.freeze:
            mean = degree = None
            if self.reducer_flag:
                mean, degree = self.mean, self.degree
            self.freeze_nets = freeze_cell(
                self.reducer_flag,
                self.network,
                self.optimizer,
                self.sens,
                self.grad,
                self.use_grad_accumulation,
                mean,
                degree,
                self.max_accumulation_step,
            )
            for net in self.freeze_nets:
                object.__setattr__(net, "_pynative_capture", True)
        self.accumulation_step = Parameter(
            Tensor(0, dtype=mstype.int32), name="accumulation_step", requires_grad=False
        )
        if self.use_grad_accumulation and not self.freeze:
            self.grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")

    def check_adasum_enable(self) -> bool:
        """Whether AdaSum applies: the optimizer asks for it (``AutoBoost`` level O2) in a data
        parallel run whose device count makes a power of two (> 1) of 8-device servers."""
        if not getattr(self.optimizer, "adasum", None) or not self.reducer_flag:
            return False
        from deepsink.communication import get_group_size

        group_number = get_group_size() // 8
        return bool(group_number > 1 and group_number & (group_number - 1) == 0)

    def check_dim_reduce_enable(self) -> bool:
        """Whether the optimizer asks for DimReduce (``AutoBoost``'s ``dim_reduce``)."""
        return bool(getattr(self.optimizer, "dim_reduce", None))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not self.freeze:
            return super().__call__(*args, **kwargs)
        return self.gradient_freeze_process(*args)

    def gradient_freeze_process(self, *inputs: Any) -> Tensor:
        """One step of gradient freezing: the training cell of this step's group, then the next
        step index (the index sequence is a host-side list: the group of each step is chosen in
        Python, and each group's cell compiles once)."""
        if functional.tracing():
            raise RuntimeError(
                "For 'BoostTrainOneStepCell', gradient freezing (a FreezeOpt optimizer) chooses "
                "each step's parameter group on the host, so its steps cannot be compiled "
                "together into one program: train with dataset_sink_mode=False"
            )
        if self.train_strategy is None:
            index, max_index = self._host_step, len(self.freeze_nets)
        else:
            strategy = self.train_strategy.asnumpy()
            index, max_index = int(strategy[self._host_step]), len(strategy)
        loss = self.freeze_nets[index](*inputs)
        self._host_step = 0 if self._host_step + 1 >= max_index else self._host_step + 1
        self.step.set_data(Tensor(self._host_step, mstype.int32))
        return loss

    def construct(self, *inputs: Any) -> Any:
        loss, grads = self._loss_and_grads(inputs)
        grads = self.grad_reducer(grads)
        self._update(loss, grads)
        # MindSpore 2.10 returns nothing from a step without ``sens`` (its ``_no_sens_impl``
        # updates the weights and drops the loss); a program written for it expects None
        return loss if self.sense_flag else None

    def _update(self, loss: Tensor, grads: tuple) -> None:
        if self.use_grad_accumulation:
            accumulate_and_update(
                self.grad_accumulation,
                self.accumulation_step,
                grads,
                self.max_accumulation_step,
                self.optimizer,
            )
        else:
            self.optimizer(grads)


class BoostTrainOneStepWithLossScaleCell(BoostTrainOneStepCell):
    """``BoostTrainOneStepCell`` with loss scaling: ``(loss, overflow, scale)``; a step whose
    gradients overflow makes no update (nor accumulation).

    Args:
        network (Cell): returns the loss.
        optimizer (Cell): the optimizer.
        scale_sense (Union[Cell, Tensor]): an update cell (``DynamicLossScaleUpdateCell`` /
            ``FixedLossScaleUpdateCell``) or a fixed scale Tensor of shape () or (1,).

    Raises:
        TypeError: ``scale_sense`` is neither a Cell nor a Tensor; gradient freezing (a
            ``FreezeOpt``) is asked for (MindSpore's loss-scale cell has no freezing step).
        ValueError: a ``scale_sense`` Tensor is not of shape () or (1,).
        RuntimeError: ``AutoBoost``'s ``loss_scale_group`` is on (its per-layer loss scales
            use an Ascend kernel, ``_DynamicLossScale``, that deepsink does not implement).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> train = boost.BoostTrainOneStepWithLossScaleCell(
        ...     nn.WithLossCell(net, nn.MSELoss()), opt, ms.Tensor(1024.0))
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> loss, overflow, scale = train(x, ms.Tensor(np.array([[1.0]], np.float32)))
        >>> print(loss, overflow, scale)
        4.0 False 1024.0
    """

    def __init__(self, network: Cell, optimizer: Cell, scale_sense: Any) -> None:
        super().__init__(network, optimizer, sens=None)
        if self.freeze:
            raise TypeError(
                "For 'BoostTrainOneStepWithLossScaleCell', the optimizer must not be a FreezeOpt: "
                "the loss-scale step has no gradient freezing (MindSpore calls the FreezeOpt "
                "itself, which has no update)"
            )
        if self.auto_boost.boost_config.get("loss_scale_group", False):
            raise RuntimeError(
                "For 'BoostTrainOneStepWithLossScaleCell', 'loss_scale_group' is not supported by "
                "deepsink: its per-layer loss scales run on an Ascend kernel (_DynamicLossScale)"
            )
        self.enable_enhanced_amp = False
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(
                Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32), name="scale_sense"
            )
        elif isinstance(scale_sense, Tensor):
            if scale_sense.shape not in ((1,), ()):
                raise ValueError(
                    f"The shape of scale_sense must be (1,) or (), but got {scale_sense.shape}"
                )
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(f"The scale_sense must be Cell or Tensor, but got {type(scale_sense)}")

    set_sense_scale = TrainOneStepWithLossScaleCell.set_sense_scale
    _get_overflow_status = TrainOneStepWithLossScaleCell.get_overflow_status
    _process_loss_scale = TrainOneStepWithLossScaleCell.process_loss_scale

    def construct(self, *inputs: Any) -> tuple:
        scale = self.scale_sense._data.reshape(()).astype(jnp.float32)
        loss, grads = self._loss_and_grads(inputs, scale)
        grads = tuple(g / Tensor._from(scale.astype(unwrap(g).dtype)) for g in grads)
        grads = self.grad_reducer(grads)
        cond = self._get_overflow_status(None, grads)
        overflow = unwrap(self._process_loss_scale(cond))
        params = [*self.weights, *self.optimizer.get_parameters()]
        if self.use_grad_accumulation:
            params += [*self.grad_accumulation, self.accumulation_step]
        keep_writes_where(jnp.logical_not(overflow), lambda: self._update(loss, grads), params)
        return loss, cond, Tensor._from(scale)
