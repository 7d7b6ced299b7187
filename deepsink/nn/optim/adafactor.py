"""AdaFactor (MindSpore's ``nn.AdaFactor``): factored second moments, the rule of
``ops.FusedAdaFactor`` (``optimizer_func.ada_factor``), which MindSpore's AdaFactor runs on CPU."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, _HostTarget, write
from deepsink.ops.function import optimizer_func as R


def _non_negative_float(value: Any, arg: str) -> float:
    if not isinstance(value, float):
        fail_arg("AdaFactor", arg, "a float", value, TypeError)
    if value < 0:
        fail_arg("AdaFactor", arg, "a non-negative float", value)
    return value


class AdaFactor(_HostTarget, Optimizer):
    """AdaFactor (Shazeer & Stern, "Adafactor: Adaptive Learning Rates with Sublinear Memory
    Cost"). At step ``t`` (from 1), with ``beta2t = 1 - t^(-decay_rate)``:

    - Parameters of rank >= 2 keep row and column means of ``g^2 + eps[0]``
      (``exp_avg_sq_row_<p>``, ``exp_avg_sq_col_<p>``) and estimate the second moment from them;
      the others keep the full EMA ``exp_avg_sq_<p>``. The update ``g / sqrt(second moment)`` is
      divided by ``max(1, RMS(update) / clip_threshold)``.
    - The rate is ``learning_rate``, or ``min(1e-2, 1/sqrt(t))`` (``1e-6 t`` in place of 1e-2
      with ``warmup_init``) with ``relative_step``; ``scale_parameter`` multiplies it by
      ``max(eps[1], RMS(p))``.
    - With ``beta1`` > 0 the update is smoothed into ``exp_avg.<p>``; ``weight_decay`` decays
      ``p`` by ``weight_decay * rate``.

    As in MindSpore, the gradients are not divided by ``loss_scale`` (it is kept for the
    interface) and a learning rate that is not a number turns ``scale_parameter`` off.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: None (with ``relative_step``), a number, or a dynamic rate. Default: None.
        eps (tuple[float]): ``(eps1, eps2)``, >= 0. Default: (1e-30, 1e-3).
        clip_threshold (float): Default: 1.0.
        decay_rate (float): in (0, 1). Default: 0.8.
        beta1 (float): >= 0; 0 keeps no first moment. Default: 0.9.
        weight_decay (float): in [0, 1). Default: 0.0.
        scale_parameter (bool): Default: True.
        relative_step (bool): Default: True.
        warmup_init (bool): Default: False.
        compression (bool): keep ``exp_avg_sq`` of rank-1 Parameters in float16. Default: False.
        loss_scale (float): Default: 1.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``exp_avg.<p>``, ``exp_avg_sq_row_<p>``, ``exp_avg_sq_col_<p>``, ``exp_avg_sq_<p>``,
    ``afactor_step``, ``global_step``, ``learning_rate``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``learning_rate`` given with ``relative_step``, ``warmup_init`` without it,
            no ``learning_rate`` without it, or a value out of its range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)), name="w")
        >>> opt = nn.AdaFactor([w], learning_rate=0.1, relative_step=False, scale_parameter=False,
        ...                    beta1=0.0)
        >>> _ = opt((ms.Tensor(np.array([[1.0, -1.0], [1.0, -1.0]], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [[0.9 1.1]
         [0.9 1.1]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = None,
        eps: Any = (1e-30, 1e-3),
        clip_threshold: float = 1.0,
        decay_rate: float = 0.8,
        beta1: Any = 0.9,
        weight_decay: float = 0.0,
        scale_parameter: bool = True,
        relative_step: bool = True,
        warmup_init: bool = False,
        compression: bool = False,
        loss_scale: float = 1.0,
    ) -> None:
        if learning_rate is not None and relative_step:
            fail_arg(
                "AdaFactor", "learning_rate", "None when 'relative_step' is True", learning_rate
            )
        if warmup_init and not relative_step:
            fail_arg("AdaFactor", "warmup_init", "False when 'relative_step' is False", warmup_init)
        if learning_rate is None and not relative_step:
            fail_arg("AdaFactor", "learning_rate", "a value when 'relative_step' is False", None)
        if learning_rate is None:
            learning_rate = 0.0
        if beta1 is None:
            beta1 = 0.0
        self.scale_lr = isinstance(learning_rate, float | int)
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(eps, list | tuple):
            fail_arg("AdaFactor", "eps", "a list or tuple", eps, TypeError)
        if len(eps) != 2:
            fail_arg("AdaFactor", "eps", "2 values (eps1, eps2)", eps)
        for i, e in enumerate(eps):
            _non_negative_float(e, f"eps{i}")
        _non_negative_float(clip_threshold, "clip_threshold")
        if not isinstance(decay_rate, float):
            fail_arg("AdaFactor", "decay_rate", "a float", decay_rate, TypeError)
        if not 0.0 < decay_rate < 1.0:
            fail_arg("AdaFactor", "decay_rate", "in range (0.0, 1.0)", decay_rate)
        if not 0.0 <= weight_decay < 1.0:
            fail_arg("AdaFactor", "weight_decay", "in range [0.0, 1.0)", weight_decay)
        for name, flag in (
            ("scale_parameter", scale_parameter),
            ("relative_step", relative_step),
            ("compression", compression),
            ("warmup_init", warmup_init),
        ):
            check_bool(flag, name, "AdaFactor")
        if isinstance(beta1, bool) or not isinstance(beta1, float | int):
            fail_arg("AdaFactor", "beta1", "an int or float", beta1, TypeError)
        if beta1 < 0:
            fail_arg("AdaFactor", "beta1", "a non-negative float", beta1)
        self.eps = (float(eps[0]), float(eps[1]))
        self.clip_threshold = clip_threshold
        self.decay_rate = decay_rate
        self.beta1 = float(beta1)
        self.weight_decay = float(weight_decay)
        self.weight_decay_flag = bool(weight_decay)
        self.scale_parameter = scale_parameter and self.scale_lr
        self.relative_step = relative_step
        self.warmup_init = warmup_init
        self.compression = compression
        self.use_first_moment = beta1 > 0
        if self.use_first_moment:
            self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        rows, cols, sqs = [], [], []
        for p in self.parameters:
            dt = p._data.dtype
            if len(p.shape) > 1:
                row, col, sq = p.shape[:-1], p.shape[:-2] + p.shape[-1:], (1,)
                sq_dt = dt
            else:
                row, col, sq = (1,), (1,), p.shape
                sq_dt = jnp.float16 if compression else dt
            rows.append(Parameter(Tensor(np.zeros(row, dt)), name=f"exp_avg_sq_row_{p.name}"))
            cols.append(Parameter(Tensor(np.zeros(col, dt)), name=f"exp_avg_sq_col_{p.name}"))
            sqs.append(Parameter(Tensor(np.zeros(sq, sq_dt)), name=f"exp_avg_sq_{p.name}"))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(sqs)
        self.step = Parameter(Tensor(np.zeros([1], np.float32)), name="afactor_step")

    _decoupled_decay = True  # the decay is AdaFactor's own (``weight_decay * rate``)

    def _prepared_gradients(self, gradients: Any, decay: bool = True) -> list:
        return list(self._check_gradients(gradients))  # MindSpore's AdaFactor uses them as given

    def _update(self, grads: list, lrs: list) -> None:
        step = self.step._data + 1
        self.step._data = step
        relative = self.scale_lr and self.relative_step
        lr, beta2t = R.ada_factor_schedule(step[0], self.decay_rate, relative, self.warmup_init)
        if relative:
            lrs = [lr] * len(grads)
        eps = R.float32s(self.eps)
        consts = R.float32s(self.clip_threshold, self.beta1)
        wd = R.float32s(self.weight_decay)
        for i, (p, g, lr) in enumerate(zip(self.parameters, grads, lrs)):
            avg = self.exp_avg[i] if self.use_first_moment else None
            row, col, sq = self.exp_avg_sq_row[i], self.exp_avg_sq_col[i], self.exp_avg_sq[i]
            avg_data = avg._data if avg is not None else R.float32s(0.0)
            new = R.ada_factor(
                eps,
                *consts,
                beta2t,
                wd,
                lr,
                g,
                p._data,
                avg_data,
                row._data,
                col._data,
                sq._data,
                scale_parameter=self.scale_parameter,
                first_moment=self.use_first_moment,
                use_weight_decay=self.weight_decay_flag,
            )
            write(p, new[0])
            if avg is not None:
                write(avg, new[1])
            write(row, new[2])
            write(col, new[3])
            write(sq, new[4])
