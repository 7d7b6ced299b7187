"""``mindspore.parallel.nn``: the micro-batch wrappers of MindSpore 2.10's parallel training.

``Pipeline`` / ``PipelineCell``, ``GradAccumulation`` and ``MicroBatchInterleaved`` cut the batch
into micro-batches, run the network on each and add the outputs (``nn/wrap/micro_batch.py``):
inside a semi-auto parallel program each micro-batch is split over the devices like the batch.
With ``pipeline_stages`` > 1, ``Pipeline`` runs the Cells' stages on groups of devices by a GPipe
or 1F1B schedule (``_core/pipeline.py``), and ``PipelineGradReducer`` scales its gradients
(docs/parallel.md).
"""

from __future__ import annotations

from typing import Any

from deepsink.nn.cell import Cell
from deepsink.nn.wrap.micro_batch import (
    GradAccumulationCell,
    MicroBatchInterleaved,
    PipelineCell,
    PipelineGradReducer,
)

__all__ = [
    "GradAccumulation",
    "MicroBatchInterleaved",
    "Pipeline",
    "PipelineCell",
    "PipelineGradReducer",
]


class Pipeline(PipelineCell):
    r"""MindSpore 2.10's ``mindspore.parallel.nn.Pipeline``: ``PipelineCell`` under its new name.

    Args:
        network (Cell): the network.
        micro_size (int): the number of micro-batches.
        stage_config (dict, optional): cell name to pipeline stage. Default: ``None``.
        segment_config (dict, optional): cell name to pipeline segment. Default: ``None``.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.
        KeyError: a ``stage_config`` name is not a cell of ``network``.
        KeyError: a ``segment_config`` name is not a cell of ``network``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> from deepsink.parallel.nn import Pipeline
        >>> net = Pipeline(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))))
        [[6.]]
    """

    _api = "Pipeline"

    def __init__(
        self, network: Cell, micro_size: int, stage_config: Any = None, segment_config: Any = None
    ) -> None:
        super().__init__(network, micro_size, stage_config, segment_config)


class GradAccumulation(GradAccumulationCell):
    r"""MindSpore 2.10's ``mindspore.parallel.nn.GradAccumulation``: ``GradAccumulationCell``
    under its new name (the batch cut into ``micro_size`` micro-batches, the outputs added).

    Args:
        network (Cell): the network, usually with its loss.
        micro_size (int): the number of micro-batches; it must divide the batch.

    Raises:
        TypeError: ``network`` is not a Cell or ``micro_size`` not an int.
        ValueError: ``micro_size`` is not positive or does not divide the batch.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> from deepsink.parallel.nn import GradAccumulation
        >>> net = GradAccumulation(nn.Dense(3, 1, weight_init='ones', bias_init='zeros'), 2)
        >>> print(net(ms.Tensor(np.ones((4, 3), np.float32))))
        [[6.]
         [6.]]
    """

    _api = "GradAccumulation"
