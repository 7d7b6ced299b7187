"""Float32 precision on NVIDIA GPUs (MindSpore's ``device_context.gpu.op_precision``).

Ampere and later GPUs can multiply float32 operands as TF32 (10-bit mantissa) on their tensor
cores. MindSpore 2.10 keeps float32 matmuls in float32 (``matmul_allow_tf32`` defaults to False)
and lets cuDNN use TF32 for float32 convolutions (``conv_allow_tf32`` defaults to True); deepsink
has the same defaults and the same two switches, which set the JAX precision of the operations
traced afterwards ("highest" or "tensorfloat32"; see ``deepsink.context.matmul_precision``). The
same keys are accepted by ``set_context(gpu_config={...})``. On a CPU they change nothing:
XLA:CPU computes float32 in float32.
"""

from __future__ import annotations

from deepsink import context


def _check(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"The parameter 'value' must be <class 'bool'>, but got {type(value)}")
    return value


def matmul_allow_tf32(value: bool) -> None:
    """Whether float32 matmuls may run as TF32 on the GPU. Default ``False`` (full float32).

    Examples:
        >>> import deepsink as ms
        >>> ms.device_context.gpu.op_precision.matmul_allow_tf32(True)
        >>> ms.context.matmul_precision()
        'tensorfloat32'
        >>> ms.device_context.gpu.op_precision.matmul_allow_tf32(False)
    """
    context.set_tf32("matmul_allow_tf32", _check(value))


def conv_allow_tf32(value: bool) -> None:
    """Whether float32 convolutions may run as TF32 on the GPU. Default ``True``, as in MindSpore.

    Examples:
        >>> import deepsink as ms
        >>> ms.device_context.gpu.op_precision.conv_allow_tf32(False)
        >>> ms.context.conv_precision()
        'highest'
        >>> ms.device_context.gpu.op_precision.conv_allow_tf32(True)
    """
    context.set_tf32("conv_allow_tf32", _check(value))
