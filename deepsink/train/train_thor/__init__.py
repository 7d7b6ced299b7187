"""``mindspore.train.train_thor``: the converters to MindSpore's THOR second-order optimizer.

Model-zoo scripts pass every Model through ``ConvertModelUtils.convert_to_thor_model`` (Bert's
run_pretrain.py) and import both converters at the top (ResNet's train.py). MindSpore returns
the Model unchanged unless the optimizer is THOR's; deepsink has no THOR optimizer (``nn.thor``
refuses), so the Model always comes back as it is. ``ConvertNetUtils``, which rewrites a
network's layers into THOR's Ascend layers, refuses when built.
"""

from __future__ import annotations

from typing import Any

from deepsink.common.refused import ConvertNetUtils as ConvertNetUtils


class ConvertModelUtils:
    """Converts a ``Model`` to THOR's model when its optimizer is THOR's (MindSpore's
    ``mindspore.train.ConvertModelUtils``); any other optimizer leaves it unchanged.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        >>> model = ms.Model(net, nn.MSELoss(), opt)
        >>> print(ms.train.ConvertModelUtils.convert_to_thor_model(model, net, optimizer=opt) is model)
        True
    """

    @staticmethod
    def convert_to_thor_model(
        model: Any,
        network: Any,
        loss_fn: Any = None,
        optimizer: Any = None,
        metrics: Any = None,
        amp_level: str = "O0",
        loss_scale_manager: Any = None,
        keep_batchnorm_fp32: bool = False,
    ) -> Any:
        """The Model to train: ``model`` itself, since only a THOR optimizer (which deepsink
        does not build) changes it.

        Args:
            model (Model): the Model built for the network.
            network (Cell): its network.
            loss_fn (Cell): its loss. Default: ``None``.
            optimizer (Cell): its optimizer. Default: ``None``.
            metrics (Union[dict, set]): its metrics. Default: ``None``.
            amp_level (str): its mixed-precision level. Default: ``"O0"``.
            loss_scale_manager (LossScaleManager): its loss scaling. Default: ``None``.
            keep_batchnorm_fp32 (bool): BatchNorm kept in float32. Default: ``False``.

        Returns:
            Model, ``model``.
        """
        return model


__all__ = ["ConvertModelUtils", "ConvertNetUtils"]
