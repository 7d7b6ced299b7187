"""``nn.thor``: MindSpore's THOR second-order optimizer, which needs its Ascend/GPU matrix
kernels (CusMatMulCube, CusCholeskyTrsm, ...) and the ``DenseThor``/``Conv2dThor`` layers."""

from __future__ import annotations

from deepsink._core.unsupported import unsupported

thor = unsupported(
    "mindspore.nn",
    "thor",
    "THOR approximates second-order information with MindSpore's Ascend cube-matrix kernels and "
    "its DenseThor/Conv2dThor layers, which deepsink does not build",
    kind="function",
)
