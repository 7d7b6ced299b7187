"""Loss scaling for mixed-precision training (MindSpore's ``nn.TrainOneStepWithLossScaleCell``,
``nn.DynamicLossScaleUpdateCell`` and ``nn.FixedLossScaleUpdateCell``).

One step: the loss, gradients of ``loss * scale``, unscaled; an overflow flag (any gradient not
finite); the update cell adjusts the scale; the optimizer update is kept only without overflow.
Everything stays on the device: the overflow flag selects between the old and the updated
Parameter values (``jnp.where``), so the step compiles into GRAPH_MODE calls and the sink loop
without a host round trip, and an overflowing step leaves weights, moments and the optimizer's
step counter exactly as they were (MindSpore skips the optimizer call), and also what the forward
pass wrote: BatchNorm's moving statistics of the skipped batch are discarded (MindSpore keeps them,
so a NaN batch leaves NaN statistics and every later evaluation outputs NaN).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._compile import grad as _grad
from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap, wrap
from deepsink.nn.cell import Cell
from deepsink.nn.wrap.cell_wrapper import TrainOneStepCell
from deepsink.ops.function import array_func as _array_func
from deepsink.ops.function import optimizer_func


def grads_finite(grads: Any) -> jax.Array:
    """A bool scalar array: every value of every gradient is finite (computed on the device)."""
    arrays = [
        unwrap(g) for g in jax.tree_util.tree_leaves(grads, is_leaf=lambda x: isinstance(x, Tensor))
    ]
    return optimizer_func.all_finite(arrays)


def keep_writes_where(flag: Any, run: Any, params: Any, before: dict | None = None) -> Any:
    """Call ``run()``, then keep what it wrote into ``params`` only where the scalar ``flag`` is
    true (elsewhere their values from before the call, or from ``before``: ``{id: (param,
    value)}``), without a Python branch on ``flag``, so compiled steps take it as data. Returns
    what ``run`` returns."""
    old = {id(p): (p, p._data) for p in params}
    old.update(before or {})
    out = run()
    keep = optimizer_func.flag(unwrap(flag))
    for p, value in old.values():
        if p._data is not value:
            p._data = optimizer_func.keep_where(keep, p._data, value)
    return out


class DynamicLossScaleUpdateCell(Cell):
    """Adjust the loss scale: on overflow divide it by ``scale_factor`` (not below 1); after
    ``scale_window`` steps without overflow multiply it by ``scale_factor``.

    Called as ``cell(loss_scale, overflow) -> overflow``; ``loss_scale`` is the Parameter it
    updates (MindSpore's ``nn.DynamicLossScaleUpdateCell``).

    Args:
        loss_scale_value (float): the initial loss scale.
        scale_factor (int): the factor to divide or multiply by.
        scale_window (int): the overflow-free steps before the scale grows.

    Inputs:
        - **loss_scale** (Parameter) - the current scale, updated in place.
        - **overflow** (Tensor) - bool, whether this step's gradients overflowed.

    Outputs:
        Tensor, ``overflow``.

    Raises:
        ValueError: an argument is not a positive number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=1024.0, scale_factor=2, scale_window=1000)
        >>> scale = ms.Parameter(ms.Tensor(1024.0, ms.float32), name='scale')
        >>> _ = cell(scale, ms.Tensor(True))
        >>> print(scale.asnumpy())
        512.0
    """

    def __init__(self, loss_scale_value: float, scale_factor: int, scale_window: int) -> None:
        super().__init__()
        for name, v in (
            ("loss_scale_value", loss_scale_value),
            ("scale_factor", scale_factor),
            ("scale_window", scale_window),
        ):
            if isinstance(v, bool) or not isinstance(v, int | float) or v <= 0:
                fail_arg("DynamicLossScaleUpdateCell", name, "a positive number", v)
        self.loss_scale_value = loss_scale_value
        self.scale_factor = float(scale_factor)
        self.scale_window = int(scale_window)
        self.cur_iter = Parameter(Tensor(1, mstype.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(
            Tensor(0, mstype.int32), name="last_overflow_iterator_step"
        )

    def get_loss_scale(self) -> float:
        return self.loss_scale_value

    def construct(self, loss_scale: Parameter, overflow: Any) -> Any:
        scale = loss_scale._data
        ov = optimizer_func.flag(unwrap(overflow))
        cur, last = self.cur_iter._data, self.last_overflow_iter._data
        should_inc, self.last_overflow_iter._data = optimizer_func.scale_window_step(
            cur, last, ov, self.scale_window
        )
        loss_scale._data = optimizer_func.dynamic_loss_scale(
            scale, ov, self.scale_factor, should_inc
        )
        self.cur_iter._data = cur + 1
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """A loss scale that never changes; ``cell(loss_scale, overflow) -> overflow``.

    Args:
        loss_scale_value (float): the scale.

    Inputs:
        - **loss_scale** (Parameter) - the scale (left unchanged).
        - **overflow** (Tensor) - bool, whether this step's gradients overflowed.

    Outputs:
        Tensor, ``overflow``.

    Raises:
        TypeError: ``loss_scale_value`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> cell = nn.FixedLossScaleUpdateCell(loss_scale_value=128.0)
        >>> scale = ms.Parameter(ms.Tensor(128.0, ms.float32), name='scale')
        >>> print(cell(scale, ms.Tensor(True)), scale.asnumpy())
        True 128.0
    """

    def __init__(self, loss_scale_value: float) -> None:
        super().__init__()
        if isinstance(loss_scale_value, bool) or not isinstance(loss_scale_value, int | float):
            fail_arg(
                "FixedLossScaleUpdateCell",
                "loss_scale_value",
                "a number",
                loss_scale_value,
                TypeError,
            )
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self) -> float:
        return self.loss_scale_value

    def construct(self, loss_scale: Any, overflow: Any) -> Any:
        return overflow


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """One training step with loss scaling: ``(loss, overflow, scale)``.

    Args:
        network (Cell): returns the loss.
        optimizer (Cell): the optimizer; its update is skipped when a gradient overflows.
        scale_sense (Union[Cell, Tensor]): an update cell (``DynamicLossScaleUpdateCell`` /
            ``FixedLossScaleUpdateCell``) or a fixed scale Tensor of shape () or (1,).

    Inputs:
        - **data** (Tensor) - the network's input.
        - **label** (Tensor) - the target.

    Outputs:
        Tuple of Tensors ``(loss, overflow, scale)``: the loss, whether a gradient overflowed (the
        update was then skipped), and the loss scale used.

    Raises:
        TypeError: ``scale_sense`` is neither a Cell nor a Tensor.
        ValueError: a ``scale_sense`` Tensor is not of shape () or (1,).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0]], np.float32))
        >>> opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> scale = nn.DynamicLossScaleUpdateCell(loss_scale_value=2**12, scale_factor=2, scale_window=1000)
        >>> train_net = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, scale)
        >>> loss, overflow, s = train_net(x, y)
        >>> print(loss, overflow, s)
        4.0 False 4096.0
    """

    def __init__(self, network: Cell, optimizer: Cell, scale_sense: Any) -> None:
        super().__init__(network, optimizer, sens=None)
        from deepsink.ops.composite import HyperMap

        self.hyper_map = HyperMap()  # subclasses map gradient scaling/clipping with it
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(
                Tensor(scale_sense.get_loss_scale(), mstype.float32), name="scale_sense"
            )
        elif isinstance(scale_sense, Tensor):
            if scale_sense.shape not in ((), (1,)):
                raise ValueError(
                    "For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) "
                    f"or (), but got {scale_sense.shape}."
                )
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(
                "For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, "
                f"but got 'scale_sense' type: {type(scale_sense)}."
            )

    def set_sense_scale(self, sens: Any) -> None:
        """Set the loss scale (a Tensor shaped like the current one)."""
        if not isinstance(sens, Tensor):
            raise TypeError(
                f"For 'TrainOneStepWithLossScaleCell', 'sens' must be a Tensor, but got {type(sens)}"
            )
        self.scale_sense.set_data(sens)

    def start_overflow_check(self, pre_cond: Any, compute_input: Any) -> tuple:
        """Start overflow detection before the gradients are computed: returns ``(status,
        compute_input)``, ``status`` to pass on to ``get_overflow_status``.

        MindSpore clears Ascend's float-status registers here; on CPU and GPU (as here) the
        status is ``Tensor([0] * 8, int32)`` and overflow is found from the gradients
        themselves, so ``compute_input`` comes back unchanged. Custom training cells of the model
        zoo (Transformer's, Bert's) call it in their ``construct``.
        """
        return _array_func.zeros((8,), mstype.int32), compute_input

    def get_overflow_status(self, status: Any, compute_output: Any) -> Tensor:
        """True when any value of ``compute_output`` (the gradients) is not finite."""
        return Tensor._from(~grads_finite(compute_output))

    def process_loss_scale(self, overflow: Any) -> Any:
        """Run the update cell (it adjusts ``scale_sense``); returns ``overflow``."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow

    def construct(self, *inputs: Any) -> tuple:
        scale = self.scale_sense._data.reshape(()).astype(jnp.float32)
        # what the forward pass itself writes (BatchNorm's moving statistics) belongs to the step
        # too: an overflowing step discards it with the update (MindSpore keeps it, NaN included)
        before = {id(p): (p, p._data) for p in self.network.get_parameters()}
        res, _, pullback = _grad.vjp(self.network, inputs, [], self.weights)
        if len(res.diff) != 1 or len(res.desc.kinds) != 1:
            fail_arg(
                "TrainOneStepWithLossScaleCell",
                "network",
                "a Cell returning the loss as one float Tensor",
                f"an output of {len(res.desc.kinds)} values",
                TypeError,
            )
        loss = res.diff[0]
        _, grads = pullback([optimizer_func.scaled_sens(loss, scale)])
        grads = optimizer_func.unscale(grads, scale)
        grads = self.grad_reducer(tuple(wrap(grads)))
        cond = self.get_overflow_status(None, grads)
        overflow = unwrap(self.process_loss_scale(cond))
        self._update_unless(overflow, grads, before)
        return Tensor._from(loss), cond, Tensor._from(scale)

    def _update_unless(self, overflow: Any, grads: tuple, before: dict | None = None) -> None:
        """Run the optimizer, then keep the old values of everything the step wrote (the
        optimizer, and the forward pass: ``before`` holds the values from before it) on
        overflow."""
        params = (*self.weights, *self.optimizer.get_parameters())
        keep_writes_where(
            optimizer_func.no_overflow(unwrap(overflow)),
            lambda: self.optimizer(grads),
            params,
            before,
        )
