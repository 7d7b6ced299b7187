"""MindSpore's ``mindspore.ops.operations.inner_ops``: the fused optimizer primitives
(``FusedAdaFactor``, ``FusedAdaFactorWithGlobalNorm``, ``FusedCastAdamWeightDecay``,
``FusedWeightScaleApplyMomentum``, defined in ``optimizer_ops``); any other primitive of
``deepsink.ops.operations`` resolves here too."""

from __future__ import annotations

from typing import Any

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


def __getattr__(name: str) -> Any:
    """The other primitives defined in ``deepsink.ops.operations``."""
    from deepsink.ops import operations

    if name.startswith("__") or not hasattr(operations, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(operations, name)
