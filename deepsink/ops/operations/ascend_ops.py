"""MindSpore primitives that exist only for Ascend: the NPU float-status registers (MindSpore's
old overflow check; deepsink's loss scalers test the gradients for non-finite values instead)
and the registration helpers of Ascend kernel libraries (TBE, AKG for Ascend, AiCPU). Each is an
``unsupported`` name that says so when used.
"""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

_STATUS = (
    "it reads and clears the float-status register of an Ascend NPU; on CPU and GPU "
    "overflow is found by testing the gradients (amp.all_finite, the loss scalers)"
)
_REG = (
    "it registers a kernel of an Ascend kernel library ({lib}); deepsink's kernels are "
    "XLA's (write a custom op with jax instead)"
)

NPUAllocFloatStatus = unsupported("mindspore.ops", "NPUAllocFloatStatus", _STATUS)
NPUGetFloatStatus = unsupported("mindspore.ops", "NPUGetFloatStatus", _STATUS)
NPUClearFloatStatus = unsupported("mindspore.ops", "NPUClearFloatStatus", _STATUS)
TBERegOp = unsupported("mindspore.ops", "TBERegOp", _REG.format(lib="TBE"))
AkgAscendRegOp = unsupported("mindspore.ops", "AkgAscendRegOp", _REG.format(lib="AKG"))
AiCPURegOp = unsupported("mindspore.ops", "AiCPURegOp", _REG.format(lib="AiCPU"))

__all__ = ["NPUAllocFloatStatus", "NPUGetFloatStatus", "NPUClearFloatStatus"]
