"""MindSpore's ``mindspore.boost.base``: ``OptimizerProcess`` (rebuild an optimizer on new
parameter groups, with gradient centralization) and ``ParameterProcess`` (parameter groups and
their communication-fusion indices)."""

from __future__ import annotations

import copy
from typing import Any

from deepsink import log as logger
from deepsink.boost.less_batch_normalization import CommonHeadLastFN
from deepsink.common.parameter import Parameter
from deepsink.nn.cell import Cell
from deepsink.nn.layer.conv import Conv2d
from deepsink.nn.optim import LARS

__all__ = ["OptimizerProcess", "ParameterProcess"]


def _parameters_list(params: Any) -> list:
    params = list(params) if params is not None and not isinstance(params, list) else params
    if not params:
        raise ValueError("Optimizer got an empty parameter list.")
    if not isinstance(params[0], dict | Parameter):
        raise TypeError("Only a list of Parameter or dict can be supported.")
    return params


class OptimizerProcess:
    """Rebuild an optimizer of the same class and arguments on other parameters (``LARS``
    rebuilds the optimizer it wraps, then wraps it again).

    Args:
        opt (Cell): the optimizer (its ``init_params``, ``init_args`` and
            ``init_learning_rate`` are what it was built with).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1)
        >>> proc = boost.OptimizerProcess(nn.Momentum(net.trainable_params(), 0.1, 0.9))
        >>> proc.origin_params = [{"params": net.trainable_params()}]
        >>> print(type(proc.generate_new_optimizer()).__name__)
        Momentum
    """

    def __init__(self, opt: Cell) -> None:
        self.is_lars = isinstance(opt, LARS)
        self.single_opt = opt.opt if self.is_lars else opt
        self.opt_class = type(self.single_opt)
        self.opt_init_args = self.single_opt.init_args
        self.learning_rate = self.single_opt.init_learning_rate
        if self.is_lars:
            self.lars_init_args = opt.init_args
        self.origin_params = opt.init_params["params"]

    @staticmethod
    def build_params_dict(network: Cell) -> dict:
        """``{id(parameter): the Cell that owns it}`` over ``network``."""
        params_dict = {}
        for _, cell in network.cells_and_names():
            for par in cell.get_parameters(expand=False):
                params_dict[id(par)] = cell
        return params_dict

    @staticmethod
    def build_gc_params_group(params_dict: dict, parameters: list) -> list:
        """Split each group into the weights that get gradient centralization (not BatchNorm's
        ``beta``/``gamma``, biases, grouped convolutions or ``CommonHeadLastFN``) and the rest."""
        group_params = []
        for group_param in parameters:
            if "order_params" in group_param:
                group_params.append(group_param)
                continue
            gc_values, values = [], []
            for param in group_param["params"]:
                name = param.name
                if "beta" in name or "gamma" in name or "bias" in name:
                    values.append(param)
                    continue
                cell = params_dict[id(param)]
                if (isinstance(cell, Conv2d) and cell.group > 1) or isinstance(
                    cell, CommonHeadLastFN
                ):
                    values.append(param)
                else:
                    gc_values.append(param)
            if gc_values:
                new = copy.copy(group_param)
                new["params"] = gc_values
                new["grad_centralization"] = True
                group_params.append(new)
            if values:
                new = copy.copy(group_param)
                new["params"] = values
                group_params.append(new)
        return group_params

    def add_grad_centralization(self, network: Cell) -> None:
        """Turn gradient centralization on for the weights ``build_gc_params_group`` picks
        (grouped parameters only, as in MindSpore; a plain list is left as it is, with a
        warning)."""
        params_dict = OptimizerProcess.build_params_dict(network)
        parameters = _parameters_list(self.origin_params)
        if isinstance(parameters[0], Parameter):
            logger.warning("Only group parameters support gradient centralization.")
            return
        self.origin_params = OptimizerProcess.build_gc_params_group(params_dict, parameters)

    def generate_new_optimizer(self) -> Cell:
        """A new optimizer of the original class and arguments on ``origin_params``."""
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
        opt = self.opt_class(
            params=self.origin_params, learning_rate=self.learning_rate, **self.opt_init_args
        )
        return LARS(opt, **self.lars_init_args) if self.is_lars else opt


class ParameterProcess:
    """Parameter groups for the boost algorithms.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1)
        >>> groups = boost.ParameterProcess.generate_group_params(
        ...     net.trainable_params(), net.trainable_params())
        >>> print([p.name for p in groups[0]["params"]])
        ['weight', 'bias']
    """

    def __init__(self) -> None:
        self._parameter_indices = 1

    @staticmethod
    def generate_group_params(parameters: list, origin_params: Any) -> list:
        """``parameters`` arranged in the groups of ``origin_params`` (a plain list of Parameters
        gives one group; each dict group keeps its settings for the parameters it held, and
        the parameters in no group join a copy of the group with the most settings)."""
        origin = _parameters_list(origin_params)
        if isinstance(origin[0], Parameter):
            return [{"params": parameters}]
        group_params = []
        names = [param.name for param in parameters]
        left = list(names)
        template: dict = {}
        most_keys = 0
        for group_param in origin:
            if "order_params" in group_param:
                new = copy.copy(group_param)
                new["order_params"] = parameters
                group_params.append(new)
                continue
            values = []
            for param in group_param["params"]:
                if param.name in names:
                    values.append(parameters[names.index(param.name)])
                    left.remove(param.name)
            new = copy.copy(group_param)
            new["params"] = values
            group_params.append(new)
            if len(group_param) > most_keys:
                most_keys = len(group_param)
                template = copy.copy(group_param)
        if left:
            values = [parameters[names.index(name)] for name in left]
            if template:
                template["params"] = values
                group_params.append(template)
            else:
                group_params.append({"params": values})
        return group_params

    def assign_parameter_group(self, parameters: Any, split_point: list | None = None) -> Any:
        """Set each Parameter's ``comm_fusion`` index: a new index starts at each position in
        ``split_point`` (default: the middle). Returns ``parameters``."""
        if not isinstance(parameters, list | tuple) or not parameters:
            return parameters
        split = split_point if split_point else [len(parameters) // 2]
        for i, param in enumerate(parameters):
            if i in split:
                self._parameter_indices += 1
            param.comm_fusion = self._parameter_indices
        return parameters
