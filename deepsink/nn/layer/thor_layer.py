"""MindSpore's ``nn.layer.thor_layer``: the layers of its THOR second-order optimizer, which
exist only for Ascend; each raises ``NotImplementedError`` with its reason when constructed
(``deepsink._core.unsupported``)."""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

_NN = "mindspore.nn"
_THOR = (
    "a layer of MindSpore's THOR second-order optimizer, which runs on Ascend (its matrix "
    "inverse and covariance kernels); deepsink has no THOR optimizer"
)

Conv2dThor = unsupported(_NN, "Conv2dThor", _THOR)
DenseThor = unsupported(_NN, "DenseThor", _THOR)
EmbeddingLookupThor = unsupported(_NN, "EmbeddingLookupThor", _THOR)
EmbeddingThor = unsupported(_NN, "EmbeddingThor", _THOR)
__all__ = ["Conv2dThor", "DenseThor", "EmbeddingLookupThor", "EmbeddingThor"]
