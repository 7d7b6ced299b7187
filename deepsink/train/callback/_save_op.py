"""The network MindSpore's checkpoint save callback fills: ``set_cur_net`` names it,
``checkpoint_cb_for_save_op`` loads ``[{"name": ..., "data": Tensor}, ...]`` into it, once."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import log as logger
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.train.serialization import load_param_into_net


class _Target:
    """The network the next ``checkpoint_cb_for_save_op`` loads into."""

    net: Any = None


def set_cur_net(net: Any) -> None:
    """The network the next :func:`checkpoint_cb_for_save_op` call loads into."""
    _Target.net = net


def checkpoint_cb_for_save_op(parameter_list: list) -> bool:
    """Load ``parameter_list`` (``{"name": str, "data": Tensor}`` items, consumed) strictly into
    the network :func:`set_cur_net` named, then forget it; ``False`` (a warning) when none is set."""
    net = _Target.net
    if net is None:
        logger.warning("CUR_NET is None. parameters are not updated.")
        return False
    logger.info("update parameters in the net.")
    parameter_dict = {}
    while parameter_list:
        item = parameter_list.pop(0)
        name, data = item["name"], item["data"]
        value = np.asarray(data.asnumpy())
        parameter_dict[name] = Parameter(Tensor(value), name=name)
    load_param_into_net(net, parameter_dict, strict_load=True)
    set_cur_net(None)
    return True
