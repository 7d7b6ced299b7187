"""LARS (MindSpore's ``nn.LARS``): layer-wise adaptive rate scaling around another optimizer,
the gradient rule of ``ops.LARSUpdate`` (``optimizer_func.lars_update``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer
from deepsink.ops.function import optimizer_func as R


def _default_filter(param: Parameter) -> bool:
    return "LayerNorm" not in param.name and "bias" not in param.name


class LARS(Optimizer):
    """LARS (You et al., "Large Batch Training of Convolutional Networks"): each gradient the
    filter selects is replaced by ``ratio * (g + weight_decay * p)`` with the layer's trust ratio
    ``coefficient ||p|| / (||g|| + weight_decay ||p|| + epsilon)`` (1 when a norm is 0;
    ``min(ratio / lr, 1)`` with ``use_clip``), then ``optimizer`` applies its own update. The
    weight decay moves from ``optimizer`` into this rule (``optimizer`` stops decaying), and the
    gradients are divided by ``optimizer``'s loss scale here.

    Args:
        optimizer (Optimizer): the optimizer that applies the update (e.g. ``nn.Momentum``).
        epsilon (float): Default: 1e-05.
        coefficient (float): the trust coefficient. Default: 0.001.
        use_clip (bool): clip the ratio by the learning rate. Default: False.
        lars_filter (Callable): which Parameters get the LARS rule. Default: those whose name
            holds neither 'LayerNorm' nor 'bias'.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter of ``optimizer``.

    Outputs:
        what ``optimizer`` returns.

    Raises:
        TypeError: ``optimizer`` is not an Optimizer, ``epsilon`` or ``coefficient`` not a float,
            ``use_clip`` not a bool.
        ValueError: ``use_clip`` with a learning rate that is both dynamic and per group.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.array([3.0, 4.0], np.float32)), name="w")
        >>> opt = nn.LARS(nn.Momentum([w], 0.1, 0.9), coefficient=0.1, epsilon=0.0)
        >>> _ = opt((ms.Tensor(np.array([0.6, 0.8], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [2.97 3.96]
    """

    def __init__(
        self,
        optimizer: Any,
        epsilon: float = 1e-05,
        coefficient: float = 0.001,
        use_clip: bool = False,
        lars_filter: Any = _default_filter,
    ) -> None:
        super().__init__(0.0, [Parameter(Tensor(np.float32(0.0)), name="fake_param")])
        if not isinstance(optimizer, Optimizer):
            fail_arg("LARS", "optimizer", "an Optimizer", type(optimizer).__name__, TypeError)
        for name, value in (("epsilon", epsilon), ("coefficient", coefficient)):
            if not isinstance(value, float):
                fail_arg("LARS", name, "a float", value, TypeError)
        self.use_clip = check_bool(use_clip, "use_clip", "LARS")
        if use_clip and optimizer.is_group_lr and optimizer.dynamic_lr:
            fail_arg(
                "LARS",
                "use_clip",
                "False when the learning rate is both dynamic and per group",
                True,
            )
        self.epsilon, self.coefficient = epsilon, coefficient
        self.opt = optimizer
        self.global_step = optimizer.global_step
        self.parameters = optimizer.parameters
        self.param_length = len(self.parameters)
        self.lars_flag = tuple(bool(lars_filter(p)) for p in self.parameters)
        self.is_group = optimizer.is_group
        self.is_group_lr = optimizer.is_group_lr
        self.dynamic_lr = optimizer.dynamic_lr
        self.dynamic_weight_decay = optimizer.dynamic_weight_decay
        self.dynamic_decay_flags = optimizer.dynamic_decay_flags
        self.weight_decay = optimizer.weight_decay
        self.decay_flags = optimizer.decay_flags
        self.loss_scale = optimizer.loss_scale
        self.reciprocal_scale = optimizer.reciprocal_scale
        self.need_scale = optimizer.need_scale
        self.learning_rate = Parameter(Tensor(np.float32(0.0)), name="fake_lr")
        # the decay and the loss scale are applied here now, not by the wrapped optimizer
        optimizer.decay_flags = tuple(False for _ in optimizer.decay_flags)
        optimizer.exec_weight_decay = False
        optimizer.reciprocal_scale = 1.0
        optimizer.need_scale = False

    def construct(self, *args: Any) -> Any:
        if len(args) != 1:
            raise TypeError(
                f"For 'LARS', construct takes the gradients tuple as its one "
                f"argument, but got {len(args)} arguments"
            )
        (gradients,) = args
        grads = self._jitted(self._lars_gradients)(gradients)
        return self.opt(grads)

    def _lars_gradients(self, gradients: Any) -> tuple:
        grads = list(self._check_gradients(gradients))
        if self.need_scale:
            grads = self._scaled(grads)
        decays = self._decay_values()
        if self.use_clip:
            lrs = self.opt._lr_values()
        else:
            lrs = [self.learning_rate._data] * self.param_length
        out = []
        for p, g, wd, flag, lars, lr in zip(
            self.parameters, grads, decays, self.decay_flags, self.lars_flag, lrs
        ):
            if lars:
                w = p._data
                dt = w.dtype
                wd = wd.astype(dt) / self.loss_scale if flag else jnp.zeros((), dt)
                g = R.lars_update(
                    w,
                    g.astype(dt),
                    jnp.sum(w * w),
                    jnp.sum(g * g),
                    wd,
                    lr.astype(dt),
                    jnp.asarray(self.epsilon, dt),
                    jnp.asarray(self.coefficient, dt),
                    self.use_clip,
                )
            out.append(Tensor._from(g))
        return tuple(out)

    def _lr_values(self) -> list:
        return self.opt._lr_values()
