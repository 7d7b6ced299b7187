"""MindSpore's distributed boost algorithms, ``AdaSum`` and ``DimReduce``, and the per-layer loss
scales of ``GroupLossScaleManager``: deepsink refuses them, each with its reason.

``AdaSum`` combines the weight updates of servers of 8 devices through per-server
communication groups; ``DimReduce`` projects the gradients on a PCA matrix of saved weights split
over the ranks; ``GroupLossScaleManager``'s layers scale their gradients with an Ascend kernel
(``_DynamicLossScale``).
"""

from __future__ import annotations

from typing import Any

from deepsink.nn.cell import Cell

__all__ = ["AdaSum", "DimReduce", "GroupLossScaleManager"]


class AdaSum(Cell):
    """MindSpore's AdaSum (adaptive summation of the updates of 8-device servers).

    Raises:
        RuntimeError: always: without ``init()`` as MindSpore 2.10 (its CPU build) says; after
            it, because deepsink does not implement AdaSum's per-server broadcast groups.
    """

    def __init__(self, rank: int, device_number: int, group_number: int, parameter_tuple: Any):
        from deepsink.communication.management import GlobalComm

        if not GlobalComm.INITED:
            raise RuntimeError(
                "Distributed Communication has not been inited.You can't invoke this interface "
                "yet. Please call `init()` method first."
            )
        raise RuntimeError(
            "For 'AdaSum', deepsink does not implement AdaSum: it combines the updates of "
            "servers of 8 devices through per-server communication groups and broadcasts"
        )


class DimReduce(Cell):
    """MindSpore's DimReduce (quasi-Newton steps in a PCA subspace of the weights).

    Raises:
        RuntimeError: always: deepsink does not implement it (its PCA matrix comes from saved
            checkpoints and is split over the distributed ranks).
    """

    def __init__(
        self,
        network: Cell,
        optimizer: Cell,
        weight: Any,
        pca_mat_local: Any,
        n_components: int,
        rho: float,
        gamma: float,
        alpha: float,
        sigma: float,
        rank: int,
        rank_size: int,
    ) -> None:
        raise RuntimeError(
            "For 'DimReduce', deepsink does not implement DimReduce: its PCA matrix comes from "
            "saved checkpoints and is split over the distributed ranks"
        )


class GroupLossScaleManager(Cell):
    """MindSpore's loss-scale manager of the ``loss_scale_group`` boost (one loss scale per layer
    group): it keeps ``init_loss_scale`` and the groups; the per-layer scales themselves
    (``set_loss_scale_status``, the cell's call) are refused.

    Args:
        init_loss_scale (Union[float, int]): the initial loss scale.
        loss_scale_groups (list): the parameter groups, one loss scale each.

    Examples:
        >>> from deepsink import boost
        >>> print(boost.GroupLossScaleManager(1024.0, [[], []]).get_loss_scale())
        1024.0
    """

    def __init__(self, init_loss_scale: Any, loss_scale_groups: Any) -> None:
        super().__init__()
        self._loss_scale = init_loss_scale
        self.loss_scale_groups = loss_scale_groups
        self.loss_scale_number = 0
        self.layer_loss_scale = None
        self.dynamic_loss_scale = None

    def get_loss_scale(self) -> Any:
        """The initial loss scale."""
        return self._loss_scale

    def get_update_cell(self) -> GroupLossScaleManager:
        """This manager (it is its own update cell)."""
        return self

    def set_loss_scale_status(self, loss_scale_number: int, init_loss_scale: Any) -> None:
        """Refused: see ``construct``."""
        self._refuse()

    def update_loss_scale_status(self, layer: int, update_ratio: Any) -> Any:
        """Refused: see ``construct``."""
        self._refuse()

    def construct(self, x: Any, layer1: int, layer2: int) -> Any:
        """Refused: the per-layer scales run on an Ascend kernel (``_DynamicLossScale``)."""
        self._refuse()

    @staticmethod
    def _refuse() -> None:
        raise RuntimeError(
            "For 'GroupLossScaleManager', deepsink does not implement per-layer loss scales: "
            "MindSpore runs them on an Ascend kernel (_DynamicLossScale)"
        )
