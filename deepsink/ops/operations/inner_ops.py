"""MindSpore's ``mindspore.ops.operations.inner_ops``: the fused optimizer primitives
(``FusedAdaFactor``, ``FusedAdaFactorWithGlobalNorm``, ``FusedCastAdamWeightDecay``,
``FusedWeightScaleApplyMomentum``, defined in ``optimizer_ops``); any other primitive of
``deepsink.ops.operations`` resolves here too."""

from __future__ import annotations

from typing import Any

from deepsink.ops.operations._by_path import operations_getattr
from deepsink.ops.operations.optimizer_ops import FusedAdaFactor as FusedAdaFactor
from deepsink.ops.operations.optimizer_ops import (
    FusedAdaFactorWithGlobalNorm as FusedAdaFactorWithGlobalNorm,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedCastAdamWeightDecay as FusedCastAdamWeightDecay,
)
from deepsink.ops.operations.optimizer_ops import (
    FusedWeightScaleApplyMomentum as FusedWeightScaleApplyMomentum,
)

__all__ = [
    "FusedAdaFactor",
    "FusedAdaFactorWithGlobalNorm",
    "FusedCastAdamWeightDecay",
    "FusedWeightScaleApplyMomentum",
]


__getattr__ = operations_getattr(__name__)


# --- NoRepeatNGram ---------------------------------------------------------------------------
from deepsink._core import validate as _V  # noqa: E402
from deepsink.common.tensor import Tensor  # noqa: E402
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import sequence_func as _SQ  # noqa: E402


class NoRepeatNGram(TablePrimitive):
    """Blocks repeated n-grams in beam search: every word that would complete an n-gram already
    in ``state_seq`` gets the lowest finite log-probability.

    Args:
        ngram_size (int, optional): The n-gram length, positive. Default: ``1``.

    Inputs:
        - **state_seq** (Tensor) - Int ``(batch, beam, m)``, the words so far.
        - **log_probs** (Tensor) - Float ``(batch, beam, vocab)``.

    Outputs:
        Tensor of ``log_probs``' shape and dtype.

    Raises:
        TypeError: If ``ngram_size`` is not an int or the dtypes are wrong.
        ValueError: If ``ngram_size`` is not positive or exceeds ``m``, or the shapes differ.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.ops.operations import inner_ops
        >>> seq = ms.Tensor([[[1, 2, 1, 2]]], ms.int32)
        >>> lp = ms.Tensor([[[0.1, 0.2, 0.3, 0.4]]], ms.float32)
        >>> print(inner_ops.NoRepeatNGram(2)(seq, lp)[0, 0, :2])
        [ 1.0000000e-01 -3.4028235e+38]
    """

    _params = (("ngram_size", 1),)

    def _init(self) -> None:
        _V.check_positive_int(self.ngram_size, "ngram_size", self.name)

    def __call__(self, state_seq: Any, log_probs: Any) -> Tensor:
        return _SQ.no_repeat_ngram(state_seq, log_probs, self.ngram_size)
