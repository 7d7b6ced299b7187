"""``mindspore.train.train_thor``: the converters that turn a network and a ``Model`` into their
THOR second-order forms. Model-zoo training scripts (ResNet's train.py) import them at the top and
use them only when THOR is chosen, so the module imports and each converter refuses when built,
as ``nn.thor`` does."""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

_MODULE = "mindspore.train.train_thor"
_THOR = (
    "it converts a network or a Model to MindSpore's THOR second-order optimizer, whose Ascend "
    "matrix kernels and DenseThor/Conv2dThor layers deepsink does not build"
)

ConvertNetUtils = unsupported(_MODULE, "ConvertNetUtils", _THOR)
ConvertModelUtils = unsupported(_MODULE, "ConvertModelUtils", _THOR)

__all__ = ["ConvertModelUtils", "ConvertNetUtils"]
