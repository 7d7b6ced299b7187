"""MindSpore's ``mindspore.boost.less_batch_normalization``: ``LessBN`` and the normalized
classifier head ``CommonHeadLastFN`` it puts in place of the network's last ``Dense``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.initializer import initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.nn.layer.basic import Dense
from deepsink.ops import operations as P

__all__ = ["CommonHeadLastFN", "LessBN"]


class CommonHeadLastFN(Cell):
    """A classifier head on L2-normalized features and weights: ``multiplier * (normalize(x) @
    normalize(weight).T + bias)``.

    Args:
        in_channels (int): input features.
        out_channels (int): output features.
        weight_init (Union[str, Tensor, Initializer]): the weight, shape ``(out, in)``.
            Default: ``'normal'``.
        bias_init (Union[str, Tensor, Initializer]): the bias. Default: ``'zeros'``.
        has_bias (bool): add the bias. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.boost.less_batch_normalization import CommonHeadLastFN
        >>> head = CommonHeadLastFN(4, 2)
        >>> print(head(ms.Tensor(np.ones((3, 4), np.float32))).shape)
        (3, 2)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        weight_init: Any = "normal",
        bias_init: Any = "zeros",
        has_bias: bool = True,
    ) -> None:
        super().__init__()
        self.weight = Parameter(
            initializer(weight_init, [out_channels, in_channels]), requires_grad=True, name="weight"
        )
        self.x_norm = P.L2Normalize(axis=1)
        self.w_norm = P.L2Normalize(axis=1)
        self.fc = P.MatMul(transpose_a=False, transpose_b=True)
        self.multiplier = Parameter(
            Tensor(np.ones([1]), mstype.float32), requires_grad=True, name="multiplier"
        )
        self.has_bias = has_bias
        if has_bias:
            self.bias_add = P.BiasAdd()
            self.bias = Parameter(
                initializer(bias_init, [out_channels]), requires_grad=True, name="bias"
            )

    def construct(self, x: Tensor) -> Tensor:
        x = self.fc(self.x_norm(x), self.w_norm(self.weight))
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        return self.multiplier * x


class LessBN(Cell):
    """MindSpore's LessBN wrapper: flags the network ``'less_bn'`` (``Cell.set_boost``) and, with
    ``fn_flag``, replaces the last ``Dense`` of each Cell that has one by a
    ``CommonHeadLastFN`` holding the same weight (its bias dropped), keeping the Parameter names.

    MindSpore's removal of BatchNorm layers under the flag is a graph pass of its Ascend
    backend; on CPU and GPU MindSpore 2.10 computes the network as it is, and so does deepsink.

    Args:
        network (Cell): the network.
        fn_flag (bool): replace the last fully connected layer. Default: ``False``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = boost.LessBN(nn.SequentialCell(nn.Dense(4, 3), nn.Dense(3, 2)), fn_flag=True)
        >>> print(type(net.network[1]).__name__)
        CommonHeadLastFN
    """

    def __init__(self, network: Cell, fn_flag: bool = False) -> None:
        super().__init__()
        self.network = network
        if "less_bn" not in self.network.get_flags():
            self.network.set_boost("less_bn")
            self.network.update_cell_prefix()
            if fn_flag:
                self._convert_to_less_bn_net(self.network)
            self.network.add_flags(defer_inline=True)

    @staticmethod
    def _convert_dense(subcell: Dense) -> CommonHeadLastFN:
        prefix = subcell.param_prefix
        new = CommonHeadLastFN(
            subcell.in_channels, subcell.out_channels, subcell.weight, subcell.bias, False
        )
        new.update_parameters_name(prefix + ".")
        return new

    def construct(self, *inputs: Any) -> Any:
        return self.network(*inputs)

    def _convert_to_less_bn_net(self, net: Cell) -> None:
        cells = net.name_cells()
        dense_name, dense_list = [], []
        for name, subcell in cells.items():
            if subcell is net:
                continue
            if isinstance(subcell, Dense):
                dense_name.append(name)
                dense_list.append(subcell)
            else:
                self._convert_to_less_bn_net(subcell)
        if dense_list:
            net.insert_child_to_cell(dense_name[-1], LessBN._convert_dense(dense_list[-1]))
