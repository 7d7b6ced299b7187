"""MindSpore's ``mindspore.boost.grad_freeze``: gradient freezing. The trainable parameters are
split into groups; the step of training ``i`` updates only the groups a precomputed index
sequence names (group 0 is every parameter from the first on, group ``k`` the ones from the
``k``-th split on), so the early layers are frozen on most steps.

``FreezeOpt`` holds one optimizer per group, ``freeze_cell`` one train cell per group, and
``BoostTrainOneStepCell`` picks the cell of each step's index.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import nn
from deepsink.boost.base import ParameterProcess
from deepsink.boost.grad_accumulation import GradientAccumulation
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.nn.optim import LARS
from deepsink.nn.optim.optimizer import Optimizer
from deepsink.nn.wrap.grad_reducer import DistributedGradReducer
from deepsink.ops import functional as F

__all__ = ["FreezeOpt", "GradientFreeze", "freeze_cell"]

CONTINUOUS_STRATEGY = 0
INTERVAL_STRATEGY = 1


class FreezeOpt(Cell):
    """One optimizer per parameter group, each a copy of ``opt`` (class and arguments) over its
    group, with its own state named ``boost_<i>...``.

    Args:
        opt (Optimizer): the optimizer to copy (a ``LARS`` is copied with its inner optimizer).
        train_parameter_groups (Union[tuple, list]): the groups, each a tuple or list of
            Parameters (or of parameter-group dicts). Default: ``None`` (one group, all of
            ``opt``'s parameters).
        train_strategy (Union[tuple[int], list[int], Tensor]): the group index of each step.
            Default: ``None``.

    Raises:
        TypeError: ``opt`` is not an Optimizer; a group is not a tuple or list;
            ``train_strategy`` has another type.
        ValueError: ``train_strategy`` without ``train_parameter_groups``, or an element of
            ``train_strategy`` that is not an int.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1)
        >>> opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        >>> freeze = boost.FreezeOpt(opt, [[net.weight, net.bias], [net.bias]], [0, 1])
        >>> print([p.name for p in freeze.opts[1].parameters])
        ['bias']
    """

    def __init__(
        self, opt: Any, train_parameter_groups: Any = None, train_strategy: Any = None
    ) -> None:
        super().__init__()
        if not isinstance(opt, Optimizer):
            raise TypeError(
                f"The first arg 'opt' must be an Optimizer instance, but got {type(opt)}"
            )
        if train_strategy is not None and train_parameter_groups is None:
            raise ValueError(
                "When the 'train_strategy' is specified, the value of 'train_parameter_groups' "
                "must also be specified"
            )
        self.is_lars = isinstance(opt, LARS)
        self.single_opt = opt.opt if self.is_lars else opt
        self.opt_class = type(self.single_opt)
        self.opt_init_args = self.single_opt.init_args
        if self.is_lars:
            self.lars_init_args = opt.init_args
        self.parameters = self.single_opt.parameters
        self.learning_rate = self.single_opt.init_learning_rate
        self.dynamic_lr = self.single_opt.dynamic_lr
        if train_parameter_groups is None:
            self.groups_num = 1
            train_parameter_groups = (tuple(opt.parameters),)
        else:
            if not isinstance(train_parameter_groups, tuple | list):
                raise TypeError("The specified 'train_parameter_groups' should be tuple or list")
            self.groups_num = len(train_parameter_groups)
        self._init_train_strategy(train_strategy)
        self._create_new_group_learning_rate()
        opts = []
        for self.opt_index, params in enumerate(train_parameter_groups):
            if not isinstance(params, tuple | list):
                raise TypeError(
                    "The each element of 'train_parameter_groups' should be tuple or list to "
                    "store the Parameter"
                )
            opts.append(self._generate_new_optimizer(params))
        self.opt_index = len(opts)
        # a plain list, as in MindSpore: the group optimizers are not sub-cells of this one (their
        # state keeps its own names; BoostTrainOneStepCell reaches them through freeze_cell)
        object.__setattr__(self, "opts", opts)

    def _init_train_strategy(self, train_strategy: Any) -> None:
        if isinstance(train_strategy, tuple | list):
            for ele in train_strategy:
                if isinstance(ele, bool) or not isinstance(ele, int | np.integer):
                    raise ValueError("The element in train_strategy should be int number")
            self.train_strategy = Tensor(np.array(train_strategy, np.int32), mstype.int32)
        elif isinstance(train_strategy, Tensor):
            if train_strategy.ndim != 1 or train_strategy.dtype != mstype.int32:
                raise ValueError(
                    "When train_strategy is a Tensor, the dimension should be 1 and the dtype "
                    "should be int32"
                )
            self.train_strategy = train_strategy
        elif train_strategy is None:
            self.train_strategy = None
        else:
            raise TypeError("The specified 'train_strategy' should be None, tuple, list or Tensor")

    def _create_new_group_learning_rate(self) -> None:
        # a dynamic learning rate (one value per step) is dealt out to the groups by the strategy
        self.dynamic_learning_rate = [[] for _ in range(self.groups_num)]
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
            return
        if (
            self.dynamic_lr
            and isinstance(self.learning_rate, list)
            and isinstance(self.train_strategy, Tensor)
        ):
            strategy = list(self.train_strategy.asnumpy())
            if len(self.learning_rate) <= len(strategy):
                for i, lr in enumerate(self.learning_rate):
                    self.dynamic_learning_rate[strategy[i]].append(lr)

    def _generate_new_optimizer(self, params: Any) -> Cell:
        lr = self.dynamic_learning_rate[self.opt_index] or self.learning_rate
        opt = self.opt_class(params=params, learning_rate=lr, **self.opt_init_args)
        opt._update_local_parameters_name(f"boost_{self.opt_index}")
        if self.is_lars:
            opt = LARS(opt, **self.lars_init_args)
            opt._update_local_parameters_name(f"boost_{self.opt_index}")
        return opt

    def construct(self, *args: Any) -> Any:
        raise TypeError(
            "For 'FreezeOpt', the optimizer is not called directly: BoostTrainOneStepCell calls "
            "the optimizer of the step's parameter group (FreezeOpt.opts)"
        )


class _TrainFreezeCell(Cell):
    """The training step of one parameter group: gradients of that group only, its optimizer."""

    def __init__(
        self,
        net: Cell,
        sens: Any,
        grad: Any,
        grad_reducer: Cell,
        use_grad_accumulation: bool,
        optimizer: Cell,
        max_accumulation_step: int = 1,
    ) -> None:
        super().__init__(auto_prefix=False)
        self.net = net
        self.grad = grad
        self.grad_reducer = grad_reducer
        self.opt = optimizer
        self.parameters = optimizer.parameters
        self.sens = sens
        self.use_grad_accumulation = use_grad_accumulation
        self.max_accumulation_step = max_accumulation_step
        if use_grad_accumulation:
            self.grad_accumulation = GradientAccumulation(max_accumulation_step, optimizer)

    def construct(self, *inputs: Any) -> Any:
        loss = self.net(*inputs)
        sens = F.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.net, self.parameters)(*inputs, sens)
        grads = self.grad_reducer(grads)
        if self.use_grad_accumulation:
            return self.grad_accumulation(loss, grads)
        return F.depend(loss, self.opt(grads))


class GradientFreeze:
    """Gradient freezing: split a network's parameters into groups and draw the sequence of
    groups to train.

    Args:
        param_groups (int): the number of groups.
        freeze_type (int): 0 (continuous: ``[0] * k + [1, ..., n-1]`` repeated, ``k`` from
            ``freeze_p``) or 1 (interval: group 0 or a group drawn with ``numpy.random``,
            weighted towards the late ones, so that a fraction ``freeze_p`` of the steps train
            every group).
        freeze_p (float): the freezing probability.
        total_steps (int): the steps the sequence covers (1% more are drawn).

    Examples:
        >>> from deepsink import boost
        >>> freeze = boost.GradientFreeze(3, 0, 0.5, 10)
        >>> print(freeze.generate_freeze_index_sequence(3, 0, 0.5, 4))
        [0, 0, 1, 2]
    """

    def __init__(self, param_groups: int, freeze_type: int, freeze_p: float, total_steps: int):
        self._param_groups = param_groups
        self._freeze_type = freeze_type
        self._freeze_p = freeze_p
        self._total_steps = total_steps
        self.grad_reducer = nn.Identity()

    def split_parameters_groups(self, net: Cell, freeze_para_groups_number: int) -> list:
        """``freeze_para_groups_number`` groups of ``net``'s trainable parameters: blocks of at
        least 3 (a BatchNorm's or bias parameter stays with its layer's), group ``i`` all blocks
        from the ``i * stride``-th on."""
        grouped, tmp = [], []
        for para in net.trainable_params():
            name = para.name
            if "bn" in name or "bias" in name:
                tmp.append(para)
            elif len(tmp) >= 3:
                grouped.append(tmp)
                tmp = [para]
            else:
                tmp.append(para)
        if tmp:
            grouped.append(tmp)
        stride = len(grouped) // freeze_para_groups_number
        return [sum(grouped[i * stride :], []) for i in range(freeze_para_groups_number)]

    def generate_freeze_index_sequence(
        self, parameter_groups_number: int, freeze_strategy: int, freeze_p: float, total_steps: int
    ) -> list:
        """The group index of each of ``int(total_steps * 1.01)`` steps."""
        total_step = int(total_steps * 1.01)
        if parameter_groups_number <= 1:
            return [0 for _ in range(total_step)]
        if freeze_strategy == CONTINUOUS_STRATEGY:
            zero_cnt = int(freeze_p * (parameter_groups_number - 1) // (1 - freeze_p) + 0.5)
            sub_idx = [0] * zero_cnt + list(range(1, parameter_groups_number))
            freeze_idxes = []
            while len(freeze_idxes) < total_step:
                freeze_idxes += sub_idx
            return freeze_idxes
        if freeze_strategy == INTERVAL_STRATEGY:
            index_all = list(range(1, parameter_groups_number))
            prob = [x / sum(index_all) for x in index_all]
            freeze_idxes = [0]
            zero_cnt, freeze_cnt = 1, 0
            while len(freeze_idxes) < total_step:
                if 1.0 * freeze_cnt / (zero_cnt + freeze_cnt) < 1 - freeze_p:
                    freeze_idxes.append(int(np.random.choice(index_all[::-1], p=prob)))
                    freeze_cnt += 1
                else:
                    freeze_idxes.append(0)
                    zero_cnt += 1
            return freeze_idxes
        raise ValueError(f"Unsupported freezing training strategy '{freeze_strategy}'")

    def freeze_generate(self, network: Cell, optimizer: Cell) -> tuple[Cell, FreezeOpt]:
        """``(network, FreezeOpt)`` over this object's groups and index sequence."""
        groups = self.split_parameters_groups(network, self._param_groups)
        for i in range(self._param_groups):
            groups[i] = ParameterProcess.generate_group_params(
                groups[i], optimizer.init_params["params"]
            )
        strategy = self.generate_freeze_index_sequence(
            self._param_groups, self._freeze_type, self._freeze_p, self._total_steps
        )
        return network, FreezeOpt(optimizer, groups, strategy)


def freeze_cell(
    reducer_flag: bool,
    network: Cell,
    optimizer: FreezeOpt,
    sens: Any,
    grad: Any,
    use_grad_accumulation: bool,
    mean: Any = None,
    degree: Any = None,
    max_accumulation_step: int = 1,
) -> tuple:
    """One training cell per optimizer of ``optimizer`` (a ``FreezeOpt``): each computes the
    gradients of its group and updates it (through a ``DistributedGradReducer`` of the group when
    ``reducer_flag``).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, ops, boost
        >>> net = nn.WithLossCell(nn.Dense(2, 1), nn.MSELoss())
        >>> opt = boost.FreezeOpt(nn.SGD(net.trainable_params(), 0.1))
        >>> grad = ops.GradOperation(get_by_list=True, sens_param=True)
        >>> print(len(boost.freeze_cell(False, net, opt, 1.0, grad, False)))
        1
    """
    if reducer_flag:
        processor = ParameterProcess()
        reducers = [
            DistributedGradReducer(processor.assign_parameter_group(opt.parameters), mean, degree)
            for opt in optimizer.opts
        ]
    else:
        reducers = [nn.Identity() for _ in optimizer.opts]
    return tuple(
        _TrainFreezeCell(
            network, sens, grad, reducer, use_grad_accumulation, opt, max_accumulation_step
        )
        for reducer, opt in zip(reducers, optimizer.opts)
    )
