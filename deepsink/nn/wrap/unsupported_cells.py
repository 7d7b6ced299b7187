"""``mindspore.nn`` wrappers that exist only for Ascend hardware, MindSpore's own
graph formats or parallel modes deepsink does not build; each raises ``NotImplementedError``
with its reason when constructed (``deepsink._core.unsupported``)."""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

_NN = "mindspore.nn"
_ADASUM = (
    "AdaSum combines gradients across MindSpore's hierarchical data-parallel device groups "
    "(auto-parallel mode on Ascend); deepsink's data-parallel training all-reduces gradients "
    "with nn.DistributedGradReducer instead"
)
AdaSumByDeltaWeightWrapCell = unsupported(_NN, "AdaSumByDeltaWeightWrapCell", _ADASUM)
AdaSumByGradWrapCell = unsupported(_NN, "AdaSumByGradWrapCell", _ADASUM)
GetNextSingleOp = unsupported(
    _NN,
    "GetNextSingleOp",
    "it reads from MindSpore's device data queue (dataset sink mode's GetNext kernel); "
    "deepsink feeds datasets to the step function from the host",
)
OptTFTWrapper = unsupported(
    _NN,
    "OptTFTWrapper",
    "it hooks an optimizer into MindSpore's Ascend training-fault-tolerance (TFT) service",
)
__all__ = [
    "AdaSumByDeltaWeightWrapCell",
    "AdaSumByGradWrapCell",
    "GetNextSingleOp",
    "OptTFTWrapper",
]
