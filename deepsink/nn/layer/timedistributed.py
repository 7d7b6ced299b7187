"""``TimeDistributed`` (MindSpore's ``nn/layer/timedistributed.py``): one layer applied to every
time step of a sequence."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink._core.validate import fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


class TimeDistributed(Cell):
    r"""Applies ``layer`` to each slice of the input along ``time_axis`` and stacks the results
    back on that axis. With ``reshape_with_axis`` the time axis is merged into that axis, the
    layer runs once, and the result is split back (faster, for layers that treat that axis as a
    batch).

    Args:
        layer (Union[Cell, Primitive]): the layer applied per time step.
        time_axis (int): the time axis of the input.
        reshape_with_axis (int, optional): the axis the time axis is merged into.
            Default: ``None``.

    Inputs:
        - **inputs** (Tensor) - at least 3-D: :math:`(N, T, *)` with ``time_axis=1``.

    Outputs:
        Tensor, with the time axis at ``time_axis``.

    Raises:
        TypeError: ``layer`` is not a Cell or Primitive.
        ValueError: the input has fewer than 3 dimensions, or an axis is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.TimeDistributed(nn.Dense(3, 2), time_axis=1, reshape_with_axis=0)
        >>> print(net(ms.Tensor(np.ones((4, 5, 3), np.float32))).shape)
        (4, 5, 2)
    """

    def __init__(self, layer: Any, time_axis: int, reshape_with_axis: int | None = None) -> None:
        super().__init__()
        from deepsink.ops.primitive import Primitive

        if not isinstance(layer, Cell | Primitive):
            fail_arg(
                "TimeDistributed", "layer", "a Cell or Primitive", type(layer).__name__, TypeError
            )
        self.layer, self.time_axis, self.reshape_with_axis = layer, time_axis, reshape_with_axis

    def construct(self, inputs: Tensor) -> Tensor:
        a = unwrap(inputs)
        if a.ndim < 3:
            fail_arg("TimeDistributed", "inputs", "at least 3-D", a.ndim)
        t = self.time_axis % a.ndim if -a.ndim <= self.time_axis < a.ndim else None
        if t is None:
            fail_arg(
                "TimeDistributed", "time_axis", f"in range [{-a.ndim}, {a.ndim})", self.time_axis
            )
        if self.reshape_with_axis is not None:
            return self._merged(a, t)
        outs = [unwrap(self.layer(step)) for step in ops.unbind(a, t)]
        return ops.stack(outs, t)

    def _merged(self, a: Any, t: int) -> Tensor:
        """The time axis moved next to ``reshape_with_axis`` and merged into it; the layer runs
        once; the merged axis is split again where it was (MindSpore's layout of the result)."""
        n = a.ndim
        r = self.reshape_with_axis % n
        t_new = n - 2 if r == n - 1 else (r + 1 if t > r else r - 1)
        pos = min(t_new, r)
        lo, hi = sorted((t_new, t))
        perm = list(range(n))
        perm = perm[:lo] + [perm[hi]] + perm[lo:hi] + perm[hi + 1 :]
        moved = ops.transpose(a, tuple(perm))._data
        merged = moved.reshape(moved.shape[:pos] + (-1,) + moved.shape[pos + 2 :])
        y = unwrap(self.layer(Tensor._from(merged)))
        if pos >= y.ndim or merged.shape[pos] != y.shape[pos]:
            fail_arg(
                "TimeDistributed",
                "reshape_with_axis",
                f"an axis the layer keeps (input {merged.shape}, output {y.shape})",
                self.reshape_with_axis,
            )
        shape = y.shape[:pos] + moved.shape[pos : pos + 2] + y.shape[pos + 1 :]
        return Tensor._from(y.reshape((-1,) + shape[1:]))
