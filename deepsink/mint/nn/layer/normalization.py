"""``mint.nn`` normalization: BatchNorm1d/2d/3d (PyTorch's parameter names ``weight``,
``bias``, ``running_mean``, ``running_var``, ``num_batches_tracked``), SyncBatchNorm, GroupNorm.
Running statistics are updated by ``ops.batch_norm`` (in place, a state update under jit)."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.mint.nn.layer._common import const_param
from deepsink.nn.cell import Cell


class _BatchNorm(Cell):
    _dims: tuple[int, ...] = (2, 3)

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-05,
        momentum: float = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.weight = const_param(1, (num_features,), "weight", dtype, requires_grad=affine)
        self.bias = const_param(0, (num_features,), "bias", dtype, requires_grad=affine)
        if track_running_stats:
            self.running_mean = const_param(0, (num_features,), "running_mean", dtype, False)
            self.running_var = const_param(1, (num_features,), "running_var", dtype, False)
            self.num_batches_tracked = Parameter(
                Tensor(0), name="num_batches_tracked", requires_grad=False
            )
        else:
            self.running_mean = self.running_var = self.num_batches_tracked = None

    def construct(self, input: Tensor) -> Tensor:
        if input.ndim not in self._dims:
            raise ValueError(
                f"For '{type(self).__name__}', the input must be "
                f"{' or '.join(map(str, self._dims))}-D, but got {input.ndim}-D"
            )
        use_batch = self.training or not self.track_running_stats
        if self.training and self.track_running_stats:
            self.num_batches_tracked._data = self.num_batches_tracked._data + 1
        if self.running_mean is None:
            c = input.shape[1]
            rm = ops.zeros((c,), input._data.dtype)
            rv = ops.ones((c,), input._data.dtype)
        else:
            rm, rv = self.running_mean, self.running_var
        return F.batch_norm(
            input, rm, rv, self.weight, self.bias, use_batch, self.momentum, self.eps
        )

    def extend_repr(self) -> str:
        return (
            f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"affine={self.affine}, track_running_stats={self.track_running_stats}"
        )


class BatchNorm1d(_BatchNorm):
    """Batch normalization over (N, C) or (N, C, L)."""

    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch normalization over (N, C, H, W)."""

    _dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Batch normalization over (N, C, D, H, W)."""

    _dims = (5,)


class SyncBatchNorm(_BatchNorm):
    """Batch normalization over any (N, C, ...) input. In a single process the statistics are
    the local batch's; with data parallelism deepsink's SPMD compilation computes them over the
    global batch (the batch axis is sharded), which is what SyncBatchNorm synchronizes."""

    _dims = (2, 3, 4, 5)

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-05,
        momentum: float = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        process_group: str | None = None,
        dtype: Any = None,
    ) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group


class GroupNorm(Cell):
    """Group normalization with per-channel ``weight``/``bias``."""

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-05,
        affine: bool = True,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        if num_channels % num_groups:
            raise ValueError(
                f"For 'GroupNorm', 'num_channels' ({num_channels}) must be divisible "
                f"by 'num_groups' ({num_groups})"
            )
        self.num_groups, self.num_channels, self.eps, self.affine = (
            num_groups,
            num_channels,
            eps,
            affine,
        )
        self.weight = const_param(1, (num_channels,), "weight", dtype, requires_grad=affine)
        self.bias = const_param(0, (num_channels,), "bias", dtype, requires_grad=affine)

    def construct(self, input: Tensor) -> Tensor:
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extend_repr(self) -> str:
        return (
            f"num_groups={self.num_groups}, num_channels={self.num_channels}, eps={self.eps}, "
            f"affine={self.affine}"
        )


__all__ = sorted(
    n
    for n, v in dict(globals()).items()
    if isinstance(v, type) and v.__module__ == __name__ and not n.startswith("_")
)
