"""``mint.nn`` losses: Cells over ``mint.nn.functional``'s losses (and ``ops.l1_loss`` /
``ops.smooth_l1_loss`` semantics for L1 and SmoothL1)."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.nn.cell import Cell
from deepsink.nn.loss import loss as nn_loss


class _Loss(Cell):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in ("mean", "sum", "none") and not (
            reduction == "batchmean" and type(self).__name__ == "KLDivLoss"
        ):
            raise ValueError(
                f"For '{type(self).__name__}', 'reduction' must be one of ['mean', "
                f"'sum', 'none'], but got {reduction!r}"
            )
        self.reduction = reduction


class L1LossExt(_Loss):
    """``|input - target|`` (``ops.l1_loss``).

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **input** - input and target, Tensors of the same shape.

    Outputs:
        Tensor, a scalar Tensor, or the elementwise loss with ``'none'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> loss = nn.L1LossExt('none')
        >>> print(loss(ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 1.0])))
        [1. 2.]
    """

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return ops.l1_loss(input, target, self.reduction)


class MSELoss(_Loss):
    """``(input - target)**2`` (``ops.mse_loss``)."""

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return F.mse_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """``0.5 d**2 / beta`` where ``|d| < beta``, ``|d| - 0.5 beta`` elsewhere
    (``ops.smooth_l1_loss``)."""

    def __init__(self, reduction: str = "mean", beta: float = 1.0) -> None:
        super().__init__(reduction)
        self.beta = beta

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return ops.smooth_l1_loss(input, target, self.beta, self.reduction)


class KLDivLoss(_Loss):
    """KL divergence of log-probabilities (``functional.kl_div``)."""

    def __init__(self, reduction: str = "mean", log_target: bool = False) -> None:
        super().__init__(reduction)
        self.log_target = log_target

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return F.kl_div(input, target, self.reduction, self.log_target)


class BCELoss(Cell):
    """Binary cross entropy of probabilities, with optional per-element ``weight``: as 2.10's,
    a Cell around ``nn.BCELoss`` (its child ``bce_loss``)."""

    def __init__(self, weight: Any = None, reduction: str = "mean") -> None:
        super().__init__()
        self.bce_loss = nn_loss.BCELoss(weight, reduction)

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return self.bce_loss(input, target)


class CrossEntropyLoss(Cell):
    """Cross entropy of logits and class indices or probabilities
    (``functional.cross_entropy``)."""

    def __init__(
        self,
        weight: Any = None,
        ignore_index: int = -100,
        reduction: str = "mean",
        label_smoothing: float = 0.0,
    ) -> None:
        super().__init__()
        self.weight, self.ignore_index = weight, ignore_index
        self.reduction, self.label_smoothing = reduction, label_smoothing

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return F.cross_entropy(
            input, target, self.weight, self.ignore_index, self.reduction, self.label_smoothing
        )


class NLLLoss(Cell):
    """Negative log-likelihood of log-probabilities (``functional.nll_loss``)."""

    def __init__(self, weight: Any = None, ignore_index: int = -100, reduction: str = "mean"):
        super().__init__()
        self.weight, self.ignore_index, self.reduction = weight, ignore_index, reduction

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return F.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Binary cross entropy of logits (``weight`` and ``pos_weight`` optional)."""

    def __init__(self, weight: Any = None, reduction: str = "mean", pos_weight: Any = None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, input: Tensor, target: Tensor) -> Tensor:
        return F.binary_cross_entropy_with_logits(
            input, target, self.weight, self.reduction, self.pos_weight
        )


class CosineEmbeddingLoss(_Loss):
    """``functional.cosine_embedding_loss`` with ``margin``."""

    def __init__(self, margin: float = 0.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1: Tensor, input2: Tensor, target: Tensor) -> Tensor:
        return F.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


# 2.10's mint L1Loss is nn's L1LossExt, its SoftMarginLoss is nn's
L1Loss = L1LossExt
SoftMarginLoss = nn_loss.SoftMarginLoss

__all__ = [
    "BCELoss",
    "BCEWithLogitsLoss",
    "CosineEmbeddingLoss",
    "KLDivLoss",
    "L1Loss",
    "MSELoss",
    "SmoothL1Loss",
    "SoftMarginLoss",
]
