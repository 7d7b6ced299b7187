"""Losses: MindSpore's ``LossBase`` and the common criteria, as Cells over ops' loss formulas.

Each loss checks its inputs' ranks, shapes and dtypes from static information only, so the checks
run the same eagerly and under a trace, and errors name the loss, the argument and what was given.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink import _checkparam as validator
from deepsink._core.checks import check_index_range
from deepsink._core.validate import check_bool, check_one_of, fail_arg, shown
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import loss_core_func as C
from deepsink.ops.function import nn_func
from deepsink.ops.operations import UniformCandidateSampler

_REDUCTIONS = ["mean", "sum", "none"]


def _array(x: Any, arg: str, api: str) -> jax.Array:
    """The array of a Tensor input; anything else is a TypeError, as in MindSpore."""
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, jax.Array):
        return x
    fail_arg(api, arg, "a Tensor", shown(type(x).__name__), TypeError)


def _check_float(x: jax.Array, arg: str, api: str) -> None:
    if not jnp.issubdtype(x.dtype, jnp.floating):
        fail_arg(
            api, arg, "a float16, bfloat16 or float32 Tensor", shown(f"dtype {x.dtype}"), TypeError
        )


_reduce = C.reduce_loss


def _weighted_loss(x: jax.Array, reduction: str, weights: Any = 1.0) -> jax.Array:
    return C.weighted_loss(x, reduction, unwrap(weights))


class LossBase(Cell):
    """The base class of the losses: checks ``reduction`` and offers ``get_loss``, which weights
    an element-wise loss and reduces it. Subclasses implement ``construct``.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - the prediction.
        - **labels** (Tensor) - the target.

    Outputs:
        Tensor, what the subclass's ``construct`` returns.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class MyL1(nn.LossBase):
        ...     def construct(self, logits, labels):
        ...         return self.get_loss(ms.ops.abs(logits - labels))
        >>> loss = MyL1()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.array([0.0, 4.0], np.float32))))
        1.5
    """

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in _REDUCTIONS:
            raise ValueError(
                f"For '{type(self).__name__}', the 'reduction' must be in {_REDUCTIONS}, "
                f"but got {reduction}."
            )
        self.reduction = reduction
        self.average = reduction == "mean"
        self.reduce = reduction != "none"

    def get_axis(self, x: Any) -> tuple[int, ...]:
        """All axes of ``x`` (what the reductions reduce over)."""
        return tuple(range(len(x.shape)))

    def get_loss(self, x: Any, weights: Any = 1.0) -> Tensor:
        """``x * weights`` reduced by ``self.reduction``, computed in float32.

        ``weights`` is a number or a Tensor broadcastable to ``x``.
        """
        return Tensor._from(
            _weighted_loss(_array(x, "x", type(self).__name__), self.reduction, weights)
        )

    def construct(self, logits: Any, labels: Any) -> Tensor:
        raise NotImplementedError(f"For '{type(self).__name__}', 'construct' is not implemented")

    def extend_repr(self) -> str:
        return ""


class MSELoss(LossBase):
    """Mean squared error: ``(logits - labels) ** 2`` reduced by ``reduction``.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - predictions, float.
        - **labels** (Tensor) - targets, broadcastable with ``logits``.

    Outputs:
        Tensor: a scalar, or the broadcast shape with ``reduction='none'``.

    Raises:
        ValueError: ``reduction`` is not one of the three, or the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MSELoss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0], np.float32)),
        ...            ms.Tensor(np.array([1.5, 2.0], np.float32))))
        0.125
    """

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = type(self).__name__
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        x, y = _broadcast_inputs(x, y, api)
        return Tensor._from(_weighted_loss(C.squared_error(x, y), self.reduction))


class L1Loss(LossBase):
    """Mean absolute error: ``|logits - labels|`` reduced by ``reduction``. The gradient where
    ``logits == labels`` is 0, as in MindSpore.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **labels** (Tensor) - broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.
        TypeError: ``logits`` or ``labels`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.L1Loss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), ms.Tensor(np.array([1.0, 1.0, 5.0], np.float32))))
        1.0
    """

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = type(self).__name__
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        x, y = _broadcast_inputs(x, y, api)
        return Tensor._from(_reduce(C.absolute_error(x, y), self.reduction))


class SmoothL1Loss(LossBase):
    """Smooth L1 loss: quadratic for small errors, linear for large ones. With
    ``d = logits - labels``: ``0.5 d**2 / beta`` where ``|d| < beta``, else ``|d| - 0.5 beta``.
    The default reduction is ``'none'`` (MindSpore 2.x).

    Args:
        beta (float): where the loss turns from quadratic to linear, > 0. Default: ``1.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'none'``.

    Inputs:
        - **logits** (Tensor) - float16 or float32, any shape.
        - **labels** (Tensor) - the same shape and dtype as ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        TypeError: ``beta`` is not a float, or the inputs' dtypes differ.
        ValueError: ``beta`` is not positive, the shapes differ, or ``reduction`` is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.SmoothL1Loss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), ms.Tensor(np.array([1.0, 2.5, 6.0], np.float32))))
        [0.    0.125 2.5  ]
    """

    def __init__(self, beta: float = 1.0, reduction: str = "none") -> None:
        super().__init__(reduction)
        if isinstance(beta, bool) or not isinstance(beta, int | float):
            fail_arg("SmoothL1Loss", "beta", "a float", beta, TypeError)
        if beta <= 0:
            fail_arg("SmoothL1Loss", "beta", "> 0", beta)
        self.beta = float(beta)

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = type(self).__name__
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        if x.dtype != y.dtype:
            raise TypeError(
                f"For '{api}', 'logits' and 'labels' must have the same dtype, but got "
                f"{x.dtype} and {y.dtype}"
            )
        x, y = _broadcast_inputs(x, y, api)
        return Tensor._from(_reduce(C.smooth_l1(x, y, self.beta), self.reduction))


def _broadcast_inputs(x: jax.Array, y: jax.Array, api: str) -> list[jax.Array]:
    try:
        return C.broadcast(x, y)
    except ValueError:
        raise ValueError(
            f"For '{api}', 'logits' and 'labels' must have broadcastable shapes, "
            f"but got {list(x.shape)} and {list(y.shape)}"
        ) from None


class SoftmaxCrossEntropyWithLogits(LossBase):
    """Softmax cross entropy between ``logits`` (N, C) and labels.

    With ``sparse=True`` and ``reduction='mean'`` the logits may have more axes, the classes on
    the last one (``(N, H, W, C)`` with labels ``(N, H, W)``), averaged over every position, as
    MindSpore's sparse kernel does.

    Args:
        sparse (bool): labels are class indices (N,) of int type; otherwise (N, C) float
            probabilities. Default: ``False``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'none'``.

    Inputs:
        - **logits** (Tensor) - shape (N, C), float.
        - **labels** (Tensor) - (N,) class indices with ``sparse=True``, else (N, C).

    Outputs:
        Tensor: the loss per sample (N,) for ``'none'``, else a scalar. The gradient w.r.t. the
        logits is ``softmax(logits) - labels`` (MindSpore's), also for labels that do not sum to 1.

    Raises:
        TypeError: ``sparse`` is not a bool.
        ValueError: ``reduction`` is not one of the three, or a label is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        >>> logits = ms.Tensor(np.array([[2.0, 0.5], [0.1, 1.0]], np.float32))
        >>> print(loss(logits, ms.Tensor(np.array([0, 1], np.int32))))
        0.27128363
    """

    def __init__(self, sparse: bool = False, reduction: str = "none") -> None:
        super().__init__(reduction)
        self.sparse = check_bool(sparse, "sparse", "SoftmaxCrossEntropyWithLogits")

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = "SoftmaxCrossEntropyWithLogits"
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        _check_float(x, "logits", api)
        # sparse labels with reduction 'mean' go through MindSpore's SparseSoftmaxCrossEntropy
        # kernel, which takes logits of any rank >= 2 (classes on the last axis, as a
        # segmentation network's (N, H, W, C)) and averages over every position
        rows = self.sparse and self.reduction == "mean" and x.ndim > 2
        if not self.sparse and not jnp.issubdtype(y.dtype, jnp.floating):
            # MindSpore's kernel checks the labels' type before the logits' rank
            fail_arg(
                api,
                "labels",
                "a float Tensor (probabilities) when 'sparse' is False",
                shown(f"dtype {y.dtype}; use sparse=True for class indices"),
                TypeError,
            )
        if x.ndim != 2 and not rows:
            hint = (
                " (one sample without its batch axis: was the dataset batched with "
                ".batch(batch_size)?)"
                if x.ndim == 1
                else ""
            )
            fail_arg(api, "logits", "a 2-D Tensor (N, C)", shown(f"shape {list(x.shape)}{hint}"))
        if self.sparse:
            if y.dtype not in (jnp.int32, jnp.int64):
                # MindSpore 2.10 rejects other integer labels (uint8, int16) with a TypeError too
                fail_arg(
                    api,
                    "labels",
                    "an int32 or int64 Tensor when 'sparse' is True",
                    shown(
                        f"dtype {y.dtype} (cast the labels: transforms.TypeCast(ms.int32) in the "
                        "dataset pipeline)"
                    ),
                    TypeError,
                )
            if y.shape != x.shape[:-1]:
                fail_arg(
                    api,
                    "labels",
                    f"of shape {list(x.shape[:-1])} (one class index per row of "
                    f"'logits' {list(x.shape)}) when 'sparse' is True",
                    shown(f"shape {list(y.shape)}"),
                )
            check_index_range(
                y,
                x.shape[-1],
                "For 'SoftmaxCrossEntropyWithLogits', every label must be a class index in "
                "[0, {bound}) ({bound} classes: the last dimension of 'logits') when 'sparse' is "
                "True, but got label[{index}] = {value}",
            )
            y = C.one_hot(y, x.shape[-1], x.dtype)
        else:
            if y.shape != x.shape:
                fail_arg(
                    api,
                    "labels",
                    f"of the shape of 'logits' {list(x.shape)}",
                    shown(f"shape {list(y.shape)}"),
                )
            if y.dtype != x.dtype:
                fail_arg(
                    api,
                    "labels",
                    f"of the dtype of 'logits' ({x.dtype})",
                    shown(f"dtype {y.dtype}"),
                    TypeError,
                )
        return Tensor._from(_weighted_loss(nn_func.softmax_xent(x, y), self.reduction))


class CrossEntropyLoss(LossBase):
    """Cross entropy between ``logits`` (N, C, d1, ...) or (C,) and labels.

    Labels are class indices (N, d1, ...) of int type, or probabilities shaped like ``logits``.

    Args:
        weight (Tensor): per-class rescaling weight of shape (C,). Default: ``None``.
        ignore_index (int): a class index whose samples do not count (indices only). Default: -100.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        label_smoothing (float): in [0, 1]. Default: 0.0.

    With class indices and ``'mean'``, the sum is divided by the summed weights of the counted
    targets; with probabilities, by the number of samples (MindSpore's rules).

    Inputs:
        - **logits** (Tensor) - float, shape :math:`(N, C)`, :math:`(C,)` or :math:`(N, C, d_1, ...)`.
        - **labels** (Tensor) - int class indices of shape :math:`(N)` / :math:`(N, d_1, ...)`, or
          float probabilities shaped like ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` one loss per sample.

    Raises:
        TypeError: ``ignore_index`` is not an int, ``label_smoothing`` not a float, or ``weight`` not a Tensor.
        ValueError: ``label_smoothing`` is outside [0, 1], ``reduction`` is invalid, or the shapes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.CrossEntropyLoss()
        >>> logits = ms.Tensor(np.array([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0]], np.float32))
        >>> print(loss(logits, ms.Tensor(np.array([0, 2], np.int32))))
        0.2131901
        >>> print(nn.CrossEntropyLoss(label_smoothing=0.1)(logits, ms.Tensor(np.array([0, 2], np.int32))))
        0.36485678
    """

    def __init__(
        self,
        weight: Any = None,
        ignore_index: int = -100,
        reduction: str = "mean",
        label_smoothing: float = 0.0,
    ) -> None:
        super().__init__(reduction)
        api = "CrossEntropyLoss"
        if isinstance(ignore_index, bool) or not isinstance(ignore_index, int):
            fail_arg(api, "ignore_index", "an int", ignore_index, TypeError)
        if not isinstance(label_smoothing, float):
            fail_arg(api, "label_smoothing", "a float", label_smoothing, TypeError)
        if not 0.0 <= label_smoothing <= 1.0:
            fail_arg(api, "label_smoothing", "in range [0.0, 1.0]", label_smoothing)
        if weight is not None:
            if not isinstance(weight, Tensor):
                fail_arg(api, "weight", "a Tensor or None", shown(type(weight).__name__), TypeError)
            _check_float(weight._data, "weight", api)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = "CrossEntropyLoss"
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        _check_float(x, "logits", api)
        w = None if self.weight is None else unwrap(self.weight).astype(x.dtype)
        if y.ndim == x.ndim:
            _check_float(y, "labels", api)
            if y.shape != x.shape:
                fail_arg(
                    api,
                    "labels",
                    f"probabilities of the shape of 'logits' {list(x.shape)}",
                    shown(f"shape {list(y.shape)}"),
                )
            y = y.astype(x.dtype)
        elif y.ndim == x.ndim - 1:
            if not jnp.issubdtype(y.dtype, jnp.integer):
                fail_arg(
                    api,
                    "labels",
                    "an int Tensor of class indices (rank of 'logits' - 1)",
                    shown(f"dtype {y.dtype}"),
                    TypeError,
                )
            expected = x.shape[:1] + x.shape[2:] if x.ndim > 1 else ()
            if y.shape != expected:
                fail_arg(
                    api,
                    "labels",
                    f"class indices of shape {list(expected)} for 'logits' of "
                    f"shape {list(x.shape)}",
                    shown(f"shape {list(y.shape)}"),
                )
        else:
            fail_arg(
                api,
                "labels",
                f"of rank {x.ndim} (probabilities) or {x.ndim - 1} (class "
                f"indices) for 'logits' of rank {x.ndim}",
                shown(f"rank {y.ndim}"),
            )
        return nn_func.cross_entropy(
            x, y, w, self.ignore_index, self.reduction, self.label_smoothing
        )


class BCEWithLogitsLoss(LossBase):
    """Binary cross entropy on logits: the sigmoid and the log are fused, so it is stable for
    large ``|x|``: ``-w [p y log s(x) + (1 - y) log(1 - s(x))]`` with ``s`` the sigmoid.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        weight (Tensor, optional): a rescaling weight broadcastable to the input. Default: ``None``.
        pos_weight (Tensor, optional): the weight ``p`` of positive examples, broadcastable to the
            input's last axis. Default: ``None``.

    Inputs:
        - **logits** (Tensor) - float, shape :math:`(N, *)`.
        - **labels** (Tensor) - the same shape and dtype as ``logits``, values in [0, 1].

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        TypeError: ``weight`` or ``pos_weight`` is not a Tensor or None.
        ValueError: ``reduction`` is invalid, or the shapes of ``logits`` and ``labels`` differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.BCEWithLogitsLoss()
        >>> print(loss(ms.Tensor(np.array([[0.5, -1.0], [2.0, 0.0]], np.float32)), ms.Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32))))
        0.40185347
    """

    def __init__(self, reduction: str = "mean", weight: Any = None, pos_weight: Any = None) -> None:
        super().__init__(reduction)
        api = "BCEWithLogitsLoss"
        for name, value in (("weight", weight), ("pos_weight", pos_weight)):
            if isinstance(value, Parameter):
                fail_arg(api, name, "a Tensor or None (not a Parameter)", value.name, TypeError)
            if value is not None and not isinstance(value, Tensor):
                fail_arg(api, name, "a Tensor or None", shown(type(value).__name__), TypeError)
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, logits: Any, labels: Any) -> Tensor:
        api = "BCEWithLogitsLoss"
        x, y = _array(logits, "logits", api), _array(labels, "labels", api)
        _check_float(x, "logits", api)
        _check_float(y, "labels", api)
        if x.shape != y.shape:
            fail_arg(
                api,
                "labels",
                f"of the shape of 'logits' {list(x.shape)}",
                shown(f"shape {list(y.shape)}"),
            )
        weight, pos_weight = (
            None if v is None else self._broadcast_kwarg(v, x, arg)
            for v, arg in ((self.weight, "weight"), (self.pos_weight, "pos_weight"))
        )
        loss = C.bce_with_logits(x, y.astype(x.dtype), weight, pos_weight)
        return Tensor._from(_reduce(loss, self.reduction))

    @staticmethod
    def _broadcast_kwarg(value: Tensor, x: jax.Array, arg: str) -> jax.Array:
        v = unwrap(value).astype(x.dtype)
        try:
            return C.broadcast_to(v, x.shape)
        except ValueError:
            fail_arg(
                "BCEWithLogitsLoss",
                arg,
                f"broadcastable to the input shape {list(x.shape)}",
                shown(f"shape {list(v.shape)}"),
            )


# --- the remaining MindSpore losses: thin Cells over ``ops.function.loss_func`` -----------------
def _loss_ops():
    from deepsink.ops.function import loss_func, nn_pool_norm_func

    return loss_func, nn_pool_norm_func


class BCELoss(LossBase):
    """Binary cross entropy of probabilities: ``-w (y log(x) + (1 - y) log(1 - x))``, with the
    logs clamped at -100 as in MindSpore.

    Args:
        weight (Tensor, optional): a rescaling weight broadcastable to the input. Default: ``None``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - probabilities in [0, 1], float, shape :math:`(N, *)`.
        - **labels** (Tensor) - the same shape and dtype as ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.BCELoss(reduction='mean')
        >>> print(loss(ms.Tensor(np.array([0.9, 0.2, 0.6], np.float32)), ms.Tensor(np.array([1.0, 0.0, 1.0], np.float32))))
        0.27977657
    """

    def __init__(self, weight: Any = None, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits: Any, labels: Any) -> Tensor:
        return _loss_ops()[1].binary_cross_entropy(logits, labels, self.weight, self.reduction)


class KLDivLoss(LossBase):
    """Kullback-Leibler divergence ``labels * (log(labels) - logits)``, where ``logits`` are
    log-probabilities. ``'batchmean'`` divides the sum by the batch size (the mathematically
    correct KL), ``'mean'`` by the element count.

    Args:
        reduction (str): ``'mean'``, ``'sum'``, ``'none'`` or ``'batchmean'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - log-probabilities, float.
        - **labels** (Tensor) - probabilities, the same shape as ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not one of the four.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.KLDivLoss(reduction='batchmean')
        >>> logp = ms.ops.log(ms.Tensor(np.array([[0.25, 0.75]], np.float32)))
        >>> print(loss(logp, ms.Tensor(np.array([[0.5, 0.5]], np.float32))))
        0.14384104
    """

    def __init__(self, reduction: str = "mean") -> None:
        check_one_of(reduction, _REDUCTIONS + ["batchmean"], "reduction", "KLDivLoss")
        Cell.__init__(self)
        self.reduction = reduction

    def construct(self, logits: Any, labels: Any) -> Tensor:
        return _loss_ops()[0].kl_div(logits, labels, self.reduction)


class HuberLoss(LossBase):
    """Huber loss: ``0.5 d**2`` where ``|d| <= delta``, else ``delta (|d| - 0.5 delta)``, with
    ``d = logits - labels``.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        delta (Union[int, float]): the threshold between the two regimes, > 0. Default: ``1.0``.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **labels** (Tensor) - broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.HuberLoss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), ms.Tensor(np.array([1.5, 2.0, 0.0], np.float32))))
        0.875
    """

    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(reduction)
        self.delta = delta

    def construct(self, logits: Any, labels: Any) -> Tensor:
        return _loss_ops()[0].huber_loss(logits, labels, self.reduction, self.delta)


class MarginRankingLoss(LossBase):
    """Margin ranking loss ``max(0, -target * (input1 - input2) + margin)``: ``target`` 1 says
    ``input1`` should rank higher, -1 says ``input2`` should.

    Args:
        margin (float): the required gap. Default: ``0.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **input1** (Tensor) - float, any shape.
        - **input2** (Tensor) - the same shape and dtype.
        - **target** (Tensor) - 1 or -1, the same shape.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MarginRankingLoss(margin=0.5)
        >>> print(loss(ms.Tensor(np.array([1.0, 0.2], np.float32)), ms.Tensor(np.array([0.0, 0.5], np.float32)), ms.Tensor(np.array([1.0, 1.0], np.float32))))
        0.4
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1: Any, input2: Any, target: Any) -> Tensor:
        return _loss_ops()[0].margin_ranking_loss(
            input1, input2, target, self.margin, self.reduction
        )


class CosineEmbeddingLoss(LossBase):
    """Cosine embedding loss: ``1 - cos(x1, x2)`` for similar pairs (label 1) and
    ``max(0, cos(x1, x2) - margin)`` for dissimilar ones (label -1); the cosine is taken over axis 1.

    Args:
        margin (float): in [-1, 1]. Default: ``0.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits_x1** (Tensor) - shape :math:`(N, D)`.
        - **logits_x2** (Tensor) - the same shape.
        - **labels** (Tensor) - 1 or -1, shape :math:`(N,)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.
        ValueError: ``margin`` is outside [-1, 1].

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.CosineEmbeddingLoss()
        >>> x1 = ms.Tensor(np.array([[1.0, 0.0], [0.0, 1.0]], np.float32))
        >>> x2 = ms.Tensor(np.array([[1.0, 1.0], [0.0, 1.0]], np.float32))
        >>> print(loss(x1, x2, ms.Tensor(np.array([1, -1], np.int32))))
        0.6464466
    """

    def __init__(self, margin: float = 0.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        if not -1 <= margin <= 1:
            fail_arg("CosineEmbeddingLoss", "margin", "in range [-1.0, 1.0]", margin)
        self.margin = margin

    def construct(self, logits_x1: Any, logits_x2: Any, labels: Any) -> Tensor:
        return _loss_ops()[0].cosine_embedding_loss(
            logits_x1, logits_x2, labels, self.margin, self.reduction
        )


class SoftMarginLoss(LossBase):
    """Two-class logistic loss ``log(1 + exp(-y x))`` for labels ``y`` in {1, -1}.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **labels** (Tensor) - 1 or -1, the same shape.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.SoftMarginLoss()
        >>> print(loss(ms.Tensor(np.array([0.5, -2.0], np.float32)), ms.Tensor(np.array([1.0, -1.0], np.float32))))
        0.30050248
    """

    def construct(self, logits: Any, labels: Any) -> Tensor:
        return _loss_ops()[0].soft_margin_loss(logits, labels, self.reduction)


class HingeEmbeddingLoss(LossBase):
    """Hinge embedding loss: ``x`` where the label is 1, ``max(0, margin - x)`` where it is -1
    (``x`` is typically a distance between two embeddings).

    Args:
        margin (float): the margin for dissimilar pairs. Default: ``1.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **labels** (Tensor) - 1 or -1, broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.HingeEmbeddingLoss(margin=1.0)
        >>> print(loss(ms.Tensor(np.array([0.3, 0.4, 2.0], np.float32)), ms.Tensor(np.array([1.0, -1.0, -1.0], np.float32))))
        0.3
    """

    def __init__(self, margin: float = 1.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.margin = margin

    def construct(self, logits: Any, labels: Any) -> Tensor:
        return _loss_ops()[0].hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class PoissonNLLLoss(LossBase):
    """Poisson negative log likelihood: ``exp(x) - y x`` with ``log_input`` (``x`` is the log
    rate), else ``x - y log(x + eps)``; ``full`` adds Stirling's term ``y log y - y + 0.5 log(2 pi y)``
    for ``y > 1``.

    Args:
        log_input (bool): the input is the log of the rate. Default: ``True``.
        full (bool): add Stirling's approximation term. Default: ``False``.
        eps (float): added inside the log when ``log_input`` is False. Default: ``1e-8``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **input** (Tensor) - the predicted (log) rate, float.
        - **target** (Tensor) - the observed counts, the same shape.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.PoissonNLLLoss()
        >>> print(loss(ms.Tensor(np.array([0.0, 1.0], np.float32)), ms.Tensor(np.array([1.0, 2.0], np.float32))))
        0.8591409
    """

    def __init__(
        self, log_input: bool = True, full: bool = False, eps: float = 1e-8, reduction: str = "mean"
    ) -> None:
        super().__init__(reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def construct(self, input: Any, target: Any) -> Tensor:
        return _loss_ops()[0].poisson_nll_loss(
            input, target, self.log_input, self.full, self.eps, self.reduction
        )


class GaussianNLLLoss(LossBase):
    """Gaussian negative log likelihood of ``labels`` under a normal distribution with mean
    ``logits`` and variance ``var``: ``0.5 (log(max(var, eps)) + (logits - labels)**2 / max(var, eps))``,
    plus ``0.5 log(2 pi)`` with ``full``.

    Args:
        full (bool): add the constant term. Keyword-only. Default: ``False``.
        eps (float): the smallest variance used, > 0. Keyword-only. Default: ``1e-6``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Keyword-only. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - the predicted mean, shape :math:`(N, *)`.
        - **labels** (Tensor) - the target, the same shape.
        - **var** (Tensor) - the predicted variance, the same shape or with one fewer axis / a last axis of 1.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.
        ValueError: ``eps`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.GaussianNLLLoss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.array([1.5, 2.0], np.float32)), ms.Tensor(np.array([1.0, 0.5], np.float32))))
        -0.110786796
    """

    def __init__(self, *, full: bool = False, eps: float = 1e-6, reduction: str = "mean") -> None:
        super().__init__(reduction)
        if eps <= 0:
            fail_arg("GaussianNLLLoss", "eps", "greater than 0", eps)
        self.full, self.eps = full, eps

    def construct(self, logits: Any, labels: Any, var: Any) -> Tensor:
        return _loss_ops()[0].gaussian_nll_loss(
            logits, labels, var, self.full, self.eps, self.reduction
        )


class MultiLabelSoftMarginLoss(LossBase):
    """Multi-label one-versus-all loss: the sigmoid cross entropy of each class, averaged over
    the classes (optionally weighted per class), then reduced over the batch.

    Args:
        weight (Tensor, optional): per-class weights of shape :math:`(C,)`. Default: ``None``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **x** (Tensor) - logits, shape :math:`(N, C)`.
        - **target** (Tensor) - 0 or 1, shape :math:`(N, C)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MultiLabelSoftMarginLoss()
        >>> print(loss(ms.Tensor(np.array([[0.5, -1.0, 2.0]], np.float32)), ms.Tensor(np.array([[1.0, 0.0, 1.0]], np.float32))))
        0.30475557
    """

    def __init__(self, weight: Any = None, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.weight = weight

    def construct(self, x: Any, target: Any) -> Tensor:
        return _loss_ops()[0].multilabel_soft_margin_loss(x, target, self.weight, self.reduction)


class MultiMarginLoss(LossBase):
    """Multi-class hinge loss: for each sample with class ``y``,
    ``sum_{i != y} max(0, margin - x[y] + x[i])**p / C``.

    Args:
        p (int): 1 or 2. Default: ``1``.
        margin (float): the margin. Default: ``1.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        weight (Tensor, optional): per-class weights, shape :math:`(C,)`. Default: ``None``.

    Inputs:
        - **x** (Tensor) - scores, shape :math:`(N, C)`.
        - **target** (Tensor) - int class indices, shape :math:`(N,)`.
        - **weight** (Tensor, optional) - per-class weights, shape :math:`(C,)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.
        ValueError: ``p`` is not 1 or 2.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MultiMarginLoss()
        >>> print(loss(ms.Tensor(np.array([[0.1, 0.8, 0.3]], np.float32)), ms.Tensor(np.array([1], np.int64))))
        0.26666665
    """

    def __init__(
        self, p: int = 1, margin: float = 1.0, reduction: str = "mean", weight: Any = None
    ) -> None:
        super().__init__(reduction)
        if p not in (1, 2):
            fail_arg("MultiMarginLoss", "p", "1 or 2", p)
        self.p, self.margin, self.weight = p, margin, weight

    def construct(self, x: Any, target: Any, weight: Any = None) -> Tensor:
        w = self.weight if weight is None else weight
        return _loss_ops()[0].multi_margin_loss(x, target, self.p, self.margin, w, self.reduction)


class MultilabelMarginLoss(LossBase):
    """Multi-label hinge loss: ``target`` lists each sample's class indices, ended by -1; every
    pair (target class ``j``, other class ``i``) adds ``max(0, 1 - (x[j] - x[i])) / C``.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **x** (Tensor) - scores, shape :math:`(C,)` or :math:`(N, C)`.
        - **target** (Tensor) - int class indices padded with -1, the same shape.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MultilabelMarginLoss()
        >>> print(loss(ms.Tensor(np.array([[0.1, 0.2, 0.4, 0.8]], np.float32)), ms.Tensor(np.array([[3, 0, -1, 1]], np.int32))))
        0.85
    """

    def construct(self, x: Any, target: Any) -> Tensor:
        return _loss_ops()[0].multilabel_margin_loss(x, target, self.reduction)


class TripletMarginLoss(LossBase):
    """Triplet loss ``max(0, d(x, positive) - d(x, negative) + margin)`` with ``d`` the p-norm
    distance; ``swap`` uses ``min(d(x, negative), d(positive, negative))``. A ``margin`` given at
    construction (other than 1.0) overrides the call's, as in MindSpore.

    Args:
        p (int): the norm degree. Default: ``2``.
        swap (bool): use the distance swap. Default: ``False``.
        eps (float): added for numerical stability. Default: ``1e-6``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        margin (float): the margin. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - anchors, shape :math:`(N, D)`.
        - **positive** (Tensor) - the same shape.
        - **negative** (Tensor) - the same shape.
        - **margin** (float, optional) - the margin. Default: ``1.0``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.TripletMarginLoss()
        >>> x = ms.Tensor(np.array([[0.0, 0.0]], np.float32))
        >>> print(loss(x, ms.Tensor(np.array([[0.0, 1.0]], np.float32)), ms.Tensor(np.array([[0.0, 1.5]], np.float32))))
        0.49999994
    """

    def __init__(
        self,
        p: int = 2,
        swap: bool = False,
        eps: float = 1e-6,
        reduction: str = "mean",
        margin: float = 1.0,
    ) -> None:
        super().__init__(reduction)
        self.p, self.swap, self.eps, self.margin = p, swap, eps, margin

    def construct(self, x: Any, positive: Any, negative: Any, margin: float = 1.0) -> Tensor:
        if self.margin != 1.0:
            margin = self.margin
        return _loss_ops()[0].triplet_margin_loss(
            x,
            positive,
            negative,
            float(unwrap(margin)),
            self.p,
            self.eps,
            self.swap,
            self.reduction,
        )


class NLLLoss(LossBase):
    """Negative log likelihood: ``-w[y] * logits[y]`` for each sample, where ``logits`` are
    log-probabilities (e.g. from ``nn.LogSoftmax``) and ``y`` the class index. ``'mean'`` divides
    by the summed weights of the counted samples.

    Args:
        weight (Tensor, optional): per-class weights, shape :math:`(C,)`. Default: ``None``.
        ignore_index (int): a class index that does not count. Default: ``-100``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - log-probabilities, shape :math:`(N, C)` or :math:`(N, C, d_1, ...)`.
        - **labels** (Tensor) - int class indices, shape :math:`(N)` or :math:`(N, d_1, ...)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.NLLLoss()
        >>> logp = nn.LogSoftmax()(ms.Tensor(np.array([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0]], np.float32)))
        >>> print(loss(logp, ms.Tensor(np.array([0, 2], np.int32))))
        0.2131901
    """

    def __init__(
        self, weight: Any = None, ignore_index: int = -100, reduction: str = "mean"
    ) -> None:
        super().__init__(reduction)
        self.weight, self.ignore_index = weight, ignore_index

    def construct(self, logits: Any, labels: Any) -> Tensor:
        from deepsink import ops

        return ops.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class RMSELoss(LossBase):
    """Root mean squared error ``sqrt(mean((logits - label)**2))``.

    Args:
        None.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **label** (Tensor) - broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.RMSELoss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), ms.Tensor(np.array([1.0, 2.0, 6.0], np.float32))))
        1.7320508
    """

    def __init__(self) -> None:
        super().__init__("mean")

    def construct(self, logits: Any, label: Any) -> Tensor:
        x = _array(logits, "logits", "RMSELoss")
        y = _array(label, "label", "RMSELoss")
        return Tensor._from(C.root_mean_squared_error(x, y))


class MAELoss(LossBase):
    """Mean absolute error ``|logits - label|`` reduced by ``reduction`` (MindSpore's name beside
    ``L1Loss``).

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float, any shape.
        - **label** (Tensor) - broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MAELoss()
        >>> print(loss(ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32)), ms.Tensor(np.array([2.0, 2.0, 2.0], np.float32))))
        1.0
    """

    def construct(self, logits: Any, label: Any) -> Tensor:
        x = _array(logits, "logits", "MAELoss")
        y = _array(label, "label", "MAELoss")
        return self.get_loss(Tensor._from(C.abs_error(x, y)))


class DiceLoss(LossBase):
    """Dice loss for segmentation: ``1 - 2 sum(x y) / (sum(x**2) + sum(y**2) + smooth)`` over all
    elements.

    Args:
        smooth (float): added to the denominator, > 0. Default: ``1e-5``.

    Inputs:
        - **logits** (Tensor) - predicted probabilities, shape :math:`(N, *)`.
        - **label** (Tensor) - the same shape.

    Outputs:
        Tensor, a scalar.

    Raises:
        ValueError: ``smooth`` is not positive, or the shapes differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.DiceLoss()
        >>> print(loss(ms.Tensor(np.array([[0.9, 0.1], [0.2, 0.8]], np.float32)), ms.Tensor(np.array([[1.0, 0.0], [0.0, 1.0]], np.float32))))
        0.028574169
    """

    def __init__(self, smooth: float = 1e-5) -> None:
        super().__init__("mean")
        if smooth <= 0:
            fail_arg("DiceLoss", "smooth", "greater than 0", smooth)
        self.smooth = smooth

    def construct(self, logits: Any, label: Any) -> Tensor:
        x = _array(logits, "logits", "DiceLoss")
        y = _array(label, "label", "DiceLoss").astype(x.dtype)
        if x.shape != y.shape:
            fail_arg("DiceLoss", "label", f"shape {list(x.shape)} (that of logits)", list(y.shape))
        return Tensor._from(C.dice(x, y, self.smooth))


def _check_focal_inputs(x: jax.Array, y: jax.Array) -> None:
    """MindSpore's checks of FocalLoss's inputs: 2-D to 4-D alike, more than one class, labels
    of one channel or one per class, labels int32/int64/float16/float32."""
    for arg, a in (("logits", x), ("labels", y)):
        if not 2 <= a.ndim <= 4:
            raise ValueError(
                f"For 'FocalLoss', the dimensions of '{arg}' must be in [2, 4], but got "
                f"dimension of '{arg}' {a.ndim}."
            )
    if x.ndim != y.ndim:
        raise ValueError(
            "For 'FocalLoss', the dimensions of 'logits' and 'labels' must be equal, but got "
            f"dimension of 'logits' {x.ndim} and dimension of 'labels' {y.ndim}."
        )
    if x.shape[1] == 1:
        raise ValueError(
            f"For 'FocalLoss', the 'logits'.shape[1] cannot be one, but got {x.shape[1]}."
        )
    if y.shape[1] not in (1, x.shape[1]):
        raise ValueError(
            "For 'FocalLoss', the 'labels'.shape[1] must be one or equal to 'logits'.shape[1]: "
            f"{x.shape[1]}, but got {y.shape[1]}."
        )
    if y.dtype.name not in ("int32", "int64", "float16", "float32"):
        raise TypeError(
            "For 'FocalLoss', the 'labels' should be one of [mindspore.int32, mindspore.int64, "
            f"mindspore.float16, mindspore.float32], but got 'mindspore.{y.dtype.name}'."
        )


class FocalLoss(LossBase):
    """Focal loss ``-(1 - p)**gamma log p`` of the softmax over axis 1, averaged over the classes:
    it down-weights well-classified samples. ``labels`` are one-hot (shaped like ``logits``) or
    class indices with one channel.

    Args:
        weight (Tensor, optional): per-class weights, shape :math:`(C,)`. Default: ``None``.
        gamma (float): the focusing exponent. Default: ``2.0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float, shape :math:`(N, C)` or :math:`(N, C, H, W)`.
        - **labels** (Tensor) - one-hot like ``logits``, or int indices of shape :math:`(N, 1, ...)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'``.
        ValueError: ``logits`` has fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.FocalLoss()
        >>> print(loss(ms.Tensor(np.array([[0.8, 0.1], [0.3, 0.9]], np.float32)), ms.Tensor(np.array([[1], [1]], np.int32))))
        0.27373785
    """

    def __init__(self, weight: Any = None, gamma: float = 2.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.gamma = validator.check_value_type("gamma", gamma, [float])
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(
                f"For 'FocalLoss', the type of 'weight' must be a Tensor, "
                f"but got {type(weight).__name__}."
            )
        if weight is not None and weight.ndim != 1:
            raise ValueError(
                f"For 'FocalLoss', the dimension of 'weight' must be 1, but got {weight.ndim}."
            )
        self.weight = weight

    def construct(self, logits: Any, labels: Any) -> Tensor:
        x = _array(logits, "logits", "FocalLoss")
        y = _array(labels, "labels", "FocalLoss")
        _check_focal_inputs(x, y)
        loss = C.focal(x, y, None if self.weight is None else unwrap(self.weight), self.gamma)
        return self.get_loss(Tensor._from(loss))


class CTCLoss(LossBase):
    """Connectionist temporal classification loss over (T, N, C) log-probabilities: the negative
    log probability of each target sequence summed over all its alignments. ``'mean'`` divides each
    sample's loss by its target length first, as MindSpore and PyTorch do.

    Args:
        blank (int): the blank class index. Default: ``0``.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.
        zero_infinity (bool): replace infinite losses (impossible alignments) by 0. Default: ``False``.

    Inputs:
        - **log_probs** (Tensor) - shape :math:`(T, N, C)`, or :math:`(T, C)` for one sequence.
        - **targets** (Tensor) - int, shape :math:`(N, S)`; :math:`(S)` or :math:`(1, S)` with
          :math:`(T, C)` log-probabilities.
        - **input_lengths** (Union[Tensor, tuple]) - shape :math:`(N,)`.
        - **target_lengths** (Union[Tensor, tuple]) - shape :math:`(N,)`.

    Outputs:
        Tensor, a scalar; with ``reduction='none'`` the shape of the element-wise loss.

    Raises:
        ValueError: ``reduction`` is not ``'mean'``, ``'sum'`` or ``'none'`` (on the call, as
            2.10), or unbatched ``targets`` are not :math:`(S)` or :math:`(1, S)`.
        TypeError: ``log_probs`` is neither float32 nor float64.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> log_probs = nn.LogSoftmax()(ms.Tensor(np.zeros((3, 1, 3), np.float32)))
        >>> loss = nn.CTCLoss(blank=0)
        >>> print(loss(log_probs, ms.Tensor(np.array([[1, 2]], np.int32)), ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([2], np.int32))))
        0.8431995
    """

    def __init__(
        self, blank: int = 0, reduction: str = "mean", zero_infinity: bool = False
    ) -> None:
        super().__init__()  # as 2.10, ``ops.ctc_loss`` checks ``reduction`` on the call
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def construct(
        self, log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any
    ) -> Tensor:
        loss_func = _loss_ops()[0]
        args = (self.blank, self.reduction, self.zero_infinity)
        if log_probs.ndim != 2:
            return loss_func.ctc_loss(log_probs, targets, input_lengths, target_lengths, *args)[0]
        # one unbatched sequence: (T, C) log-probabilities, (S,) or (1, S) targets
        if targets.ndim > 2:
            raise ValueError(  # 2.10's words, its missing spaces too
                "For CTCLoss, when the shape of log_probs is (T, C), the dimension of targets "
                f"shouldbe 1 or 2, but got {targets.ndim}."
            )
        if targets.ndim == 2 and targets.shape[0] != 1:
            raise ValueError(
                "For CTCLoss, the first dimension of 2-D targets should be 1,but got "
                f"{targets.shape[0]}."
            )
        targets = targets.expand_dims(0) if targets.ndim == 1 else targets
        log_probs = log_probs.expand_dims(-2)
        loss = loss_func.ctc_loss(log_probs, targets, input_lengths, target_lengths, *args)[0]
        return loss.squeeze(axis=0) if loss.ndim else loss


_DICE_ACTIVATIONS = ("softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid")


class MultiClassDiceLoss(LossBase):
    r"""The Dice loss of each class (column ``i`` of the one-hot ``label``), optionally weighted,
    averaged over the classes: :math:`\frac{1}{C}\sum_i w_i\,(1 - \frac{2\sum x_i y_i}
    {\sum x_i^2 + \sum y_i^2 + 10^{-5}})`, the logits first passed through ``activation``.

    Args:
        weights (Tensor, optional): 2-D, shape :math:`(C, *)`, row ``i`` multiplies class ``i``'s
            loss. Default: ``None``.
        ignore_indiex (int, optional): a class left out of the sum (MindSpore's spelling).
            Default: ``None``.
        activation (Union[str, Cell, None]): ``'softmax'`` (over the last axis), ``'sigmoid'``, a
            Cell, or ``None``. Default: ``'softmax'``.

    Inputs:
        - **logits** (Tensor) - shape :math:`(N, C, *)`.
        - **label** (Tensor) - one-hot, the shape of ``logits``.

    Outputs:
        Tensor, a scalar (of ``weights``' trailing shape when weighted).

    Raises:
        ValueError: ``activation`` is an unknown name, ``weights`` is not 2-D or has the wrong
            number of rows, or the inputs differ in shape or are below 2-D.
        TypeError: ``activation`` is neither a str nor a Cell.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.MultiClassDiceLoss(activation=None)
        >>> y = ms.Tensor(np.eye(2, dtype=np.float32))
        >>> print(loss(y, y))
        5.00679e-06
    """

    def __init__(
        self, weights: Any = None, ignore_indiex: Any = None, activation: Any = "softmax"
    ) -> None:
        super().__init__()
        api = "MultiClassDiceLoss"
        if weights is not None:
            validator.check_value_type("weights", weights, [Tensor])
            if weights.ndim != 2:
                raise ValueError(
                    f"For '{api}', the dimension of 'weights' must be 2, but got {weights.ndim}."
                )
        if ignore_indiex is not None:
            validator.check_value_type("ignore_indiex", ignore_indiex, [int])
        if isinstance(activation, str) and activation not in _DICE_ACTIVATIONS:
            raise ValueError(
                f"For '{api}', the 'activation' must be in {list(_DICE_ACTIVATIONS)}, "
                f"but got {activation}."
            )
        if activation is not None and not isinstance(activation, str | Cell):
            raise TypeError(
                f"For '{api}', the 'activation' must be str or Cell, but got {type(activation)}."
            )
        from deepsink.nn.layer.activation import get_activation

        self.weights, self.ignore_indiex = weights, ignore_indiex
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        self.binarydiceloss = DiceLoss(smooth=1e-5)

    def construct(self, logits: Any, label: Any) -> Tensor:
        api = "MultiClassDiceLoss"
        x, y = _array(logits, "logits", api), _array(label, "label", api)
        validator.check("logits_shape", x.shape, "label_shape", y.shape, prim_name=api)
        for arg, a in (("logits", x), ("labels", y)):
            if a.ndim < 2:
                raise ValueError(
                    f"For '{api}', the '{arg}' dimension must be greater than 1, but got {a.ndim}."
                )
        if self.activation is not None:
            logits = self.activation(logits)
        if self.weights is not None and unwrap(self.weights).shape[0] != y.shape[1]:
            raise ValueError(
                f"For '{api}', the weight_shape[0] must be equal to label_shape[1], "
                f"but got weight_shape[0]: {unwrap(self.weights).shape[0]} and "
                f"label_shape[1]: {y.shape[1]}."
            )
        total = 0
        for i in range(y.shape[1]):
            if i != self.ignore_indiex:
                loss = self.binarydiceloss(logits[:, i], label[:, i])
                if self.weights is not None:
                    loss = loss * self.weights[i]
                total = total + loss
        return total / y.shape[1]


class TripletMarginWithDistanceLoss(LossBase):
    r"""The triplet margin loss with a custom distance: :math:`\max(d(x, p) - d(x, n) +
    margin, 0)`, with ``swap`` using :math:`\min(d(x, n), d(p, n))` for the negative distance.

    Args:
        distance_function (Callable, optional): ``d(a, b)`` of two Tensors; ``None`` is the
            Euclidean distance over axis 1 (no epsilon). Default: ``None``.
        swap (bool): the distance swap. Default: ``False``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        margin (float): the margin. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - the anchors, :math:`(N, D)`.
        - **positive** (Tensor) - the shape of ``x``.
        - **negative** (Tensor) - the shape of ``x``.

    Outputs:
        Tensor: a scalar, or :math:`(N,)` with ``'none'``.

    Raises:
        TypeError: ``margin`` is not a float, ``swap`` not a bool, or an input not a Tensor.
        ValueError: ``reduction`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor([[0.0, 0.0]])
        >>> loss = nn.TripletMarginWithDistanceLoss()
        >>> print(loss(x, ms.Tensor([[3.0, 4.0]]), ms.Tensor([[1.0, 0.0]])))
        5.0
    """

    def __init__(
        self,
        distance_function: Any = None,
        swap: bool = False,
        reduction: str = "mean",
        margin: float = 1.0,
    ) -> None:
        super().__init__(reduction)
        api = "TripletMarginWithDistanceLoss"
        if isinstance(margin, bool) or not isinstance(margin, float):
            fail_arg(api, "margin", "a float", margin, TypeError)
        self.swap = check_bool(swap, "swap", api)
        self.margin = margin
        self.distance_function = distance_function or _pairwise_distance

    def construct(self, x: Any, positive: Any, negative: Any) -> Tensor:
        api = "TripletMarginWithDistanceLoss"
        for arg, v in (("x", x), ("positive", positive), ("negative", negative)):
            _array(v, arg, api)
        d1 = unwrap(self.distance_function(x, positive))
        d2 = unwrap(self.distance_function(x, negative))
        d3 = unwrap(self.distance_function(positive, negative)) if self.swap else None
        return self.get_loss(Tensor._from(C.triplet_margin(d1, d2, d3, self.margin)))


def _pairwise_distance(a: Any, b: Any) -> Tensor:
    a, b = unwrap(a), unwrap(b)
    if max(a.ndim, b.ndim) == 0:  # the difference's rank
        raise ValueError(
            "For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' of "
            "the input must be positive, but got 0"
        )
    return Tensor._from(C.pairwise_distance(a, b))


class SampledSoftmaxLoss(LossBase):
    r"""The sampled softmax loss for a large number of classes: the softmax cross entropy over
    the true classes and ``num_sampled`` sampled negative classes only, each logit
    ``logits @ weights[c] + biases[c]`` corrected by the log of its expected count.

    Args:
        num_sampled (int): the negative classes sampled per batch.
        num_classes (int): the number of classes.
        num_true (int): the true classes per example. Default: ``1``.
        sampled_values (Union[list, tuple], optional): ``(sampled_candidates,
            true_expected_count, sampled_expected_count)`` to use instead of sampling.
            Default: ``None``.
        remove_accidental_hits (bool): the sampler does not draw the examples' true classes.
            Default: ``True``.
        seed (int): the sampler's seed (0: from the global seed). Default: ``0``.
        reduction (str): as in MindSpore 2.10, the per-example losses are returned whatever
            the reduction (any other than ``'none'`` warns once). Default: ``'none'``.

    Inputs:
        - **weights** (Tensor) - :math:`(C, dim)` class embeddings.
        - **biases** (Tensor) - :math:`(C,)` class biases.
        - **labels** (Tensor) - :math:`(N, num\_true)` int32/int64 true classes.
        - **logits** (Tensor) - :math:`(N, dim)` the inputs' activations.

    Outputs:
        Tensor of shape :math:`(N,)`.

    Raises:
        TypeError: ``sampled_values`` is not a list or tuple.
        ValueError: a size is out of range or ``sampled_values`` does not hold 3 items.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> sv = (ms.Tensor([0, 2], ms.int32), ms.Tensor([[1.0]]), ms.Tensor([1.0, 1.0]))
        >>> loss = nn.SampledSoftmaxLoss(2, 4, sampled_values=sv)
        >>> w, b = ms.Tensor(np.zeros((4, 2), np.float32)), ms.Tensor(np.zeros(4, np.float32))
        >>> print(loss(w, b, ms.Tensor([[1]], ms.int32), ms.Tensor([[1.0, 1.0]])))
        [1.0986123]
    """

    def __init__(
        self,
        num_sampled: int,
        num_classes: int,
        num_true: int = 1,
        sampled_values: Any = None,
        remove_accidental_hits: bool = True,
        seed: int = 0,
        reduction: str = "none",
    ) -> None:
        super().__init__(reduction)
        api = "SampledSoftmaxLoss"
        if num_true < 1:
            fail_arg(api, "num_true", "at least 1", num_true)
        if seed < 0:
            fail_arg(api, "seed", "at least 0", seed)
        if num_sampled > num_classes:
            fail_arg(api, "num_sampled", f"at most num_classes {num_classes}", num_sampled)
        if num_true > num_classes:
            fail_arg(api, "num_true", f"at most num_classes {num_classes}", num_true)
        if sampled_values is not None:
            if not isinstance(sampled_values, list | tuple):
                fail_arg(
                    api,
                    "sampled_values",
                    "a list or tuple",
                    type(sampled_values).__name__,
                    TypeError,
                )
            if len(sampled_values) != 3:
                fail_arg(api, "sampled_values", "3 items", len(sampled_values))
        if reduction != "none":
            import warnings

            warnings.warn(
                f"For '{api}', 'reduction' has no effect (MindSpore 2.10 returns the "
                "per-example losses)",
                stacklevel=2,
            )
        self.num_sampled, self.num_classes, self.num_true = num_sampled, num_classes, num_true
        self.sampled_values, self.remove_accidental_hits = sampled_values, remove_accidental_hits
        self.seed = seed
        # MindSpore's sampler: one kernel for the layer, whose stream goes on from call to call
        self.sampler = UniformCandidateSampler(
            num_true, num_sampled, True, num_classes, seed, remove_accidental_hits
        )

    def construct(self, weights: Any, biases: Any, labels: Any, logits: Any) -> Tensor:
        api = "SampledSoftmaxLoss"
        w, b = _array(weights, "weights", api), _array(biases, "biases", api)
        y, x = _array(labels, "labels", api), _array(logits, "logits", api)
        if y.dtype not in (jnp.int32, jnp.int64):
            fail_arg(api, "labels", "an int32 or int64 Tensor", y.dtype, TypeError)
        y = y.astype(jnp.int32).reshape(-1, self.num_true)
        values = (
            self.sampler(Tensor._from(y)) if self.sampled_values is None else self.sampled_values
        )
        sampled, true_count, sampled_count = (unwrap(v) for v in values)
        return Tensor._from(
            C.sampled_softmax(w, b, y, x, sampled, true_count, sampled_count, self.num_true)
        )
