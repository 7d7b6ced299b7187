"""Cells that split a mini-batch into micro-batches along axis 0, run the network on each and
add the outputs: ``GradAccumulationCell`` (gradient accumulation: the gradient of the sum is the
sum of the micro-batch gradients), ``PipelineCell`` and ``MicroBatchInterleaved`` (MindSpore's
pipeline-parallel and interleaving wrappers; on one device their result is this same sum)."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_positive_int, fail_arg
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell


class _MicroBatchSum(Cell):
    _api = "GradAccumulationCell"
    _count = "micro_size"

    def __init__(self, network: Cell, count: int) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            fail_arg(self._api, "network", "a Cell", type(network).__name__, TypeError)
        self.network = network
        self._n = check_positive_int(count, self._count, self._api)

    def construct(self, *inputs: Any) -> Any:
        n, total = self._n, None
        for each in inputs:
            if isinstance(each, Tensor) and each.ndim and each.shape[0] % n:
                fail_arg(
                    self._api,
                    "inputs",
                    f"a batch dimension divisible by {self._count} {n}",
                    each.shape[0],
                )
        for i in range(n):
            part = [
                x[(x.shape[0] // n) * i : (x.shape[0] // n) * (i + 1)]
                if isinstance(x, Tensor) and x.ndim
                else x
                for x in inputs
            ]
            out = self.network(*part)
            total = out if total is None else total + out
        return total


class GradAccumulationCell(_MicroBatchSum):
    r"""Gradient accumulation: the batch (axis 0 of every input) is cut into ``micro_size``
    equal micro-batches, ``network`` runs on each and the outputs (losses) are added, so the
    gradient of the result is the sum of the micro-batch gradients.

    Args:
        network (Cell): the network, usually with its loss.
        micro_size (int): the number of micro-batches; it must divide the batch.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.GradAccumulationCell(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((4, 3), np.float32))))
        [[6.]
         [6.]]
    """

    def __init__(self, network: Cell, micro_size: int) -> None:
        super().__init__(network, micro_size)
        self.micro_size = micro_size


class PipelineCell(_MicroBatchSum):
    r"""MindSpore's pipeline-parallel wrapper: the batch is cut into ``micro_size``
    micro-batches whose outputs are added. On one device (deepsink builds no pipeline stages)
    this is exactly that sum; ``stage_config`` / ``segment_config``, which assign cells to
    pipeline stages, raise ``NotImplementedError``.

    Args:
        network (Cell): the network.
        micro_size (int): the number of micro-batches.
        stage_config (dict, optional): cell name to pipeline stage. Default: ``None``.
        segment_config (dict, optional): cell name to pipeline segment. Default: ``None``.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the micro-batches.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.
        NotImplementedError: ``stage_config`` or ``segment_config`` is given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.PipelineCell(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))))
        [[6.]]
    """

    _api = "PipelineCell"

    def __init__(
        self, network: Cell, micro_size: int, stage_config: Any = None, segment_config: Any = None
    ) -> None:
        if stage_config is not None or segment_config is not None:
            raise NotImplementedError(
                "For 'PipelineCell', 'stage_config' and 'segment_config' assign cells to "
                "pipeline-parallel stages, which deepsink does not build"
            )
        super().__init__(network, micro_size)
        self.micro_size = micro_size


class MicroBatchInterleaved(_MicroBatchSum):
    r"""MindSpore's interleaving wrapper: the batch is cut into ``interleave_num`` parts whose
    outputs are added (MindSpore overlaps their communication in parallel modes; on one device
    the result is this sum).

    Args:
        network (Cell): the network.
        interleave_num (int): the number of parts. Default: ``2``.

    Inputs:
        - **\*inputs** (Tensor) - the network's inputs, batch first.

    Outputs:
        The sum of the network's outputs over the parts.

    Raises:
        TypeError: ``network`` is not a Cell or ``interleave_num`` not an int.
        ValueError: ``interleave_num`` is not positive or does not divide the batch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.MicroBatchInterleaved(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'))
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))))
        [[6.]]
    """

    _api = "MicroBatchInterleaved"
    _count = "interleave_num"

    def __init__(self, network: Cell, interleave_num: int = 2) -> None:
        super().__init__(network, interleave_num)
        self.interleave_num = interleave_num
