"""Training wrappers: ``WithLossCell``, ``WithEvalCell`` and ``TrainOneStepCell``.

They compose as in MindSpore (network -> WithLossCell -> TrainOneStepCell) and do not prefix the
names of the Parameters they wrap (``auto_prefix=False``). ``TrainOneStepCell.construct`` is one
training step: forward, gradients w.r.t. the optimizer's Parameters, optimizer update; it runs the
same eagerly, compiled in GRAPH_MODE and as the body of the sink loop.
"""

from __future__ import annotations

import os
from numbers import Number
from typing import Any

import jax.numpy as jnp

from deepsink import context, ops
from deepsink._compile import grad as _grad
from deepsink._compile import jit as _jit
from deepsink._core.validate import check_bool, fail_arg, shown
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap, wrap
from deepsink.nn.cell import Cell
from deepsink.nn.wrap.grad_reducer import DistributedGradReducer


class WithLossCell(Cell):
    """``loss_fn(backbone(data), label)``: a network with its loss.

    Args:
        backbone (Cell): the network, called with ``data``.
        loss_fn (Cell): called with the network output and ``label``.

    Inputs:
        - **data** (Tensor) - the backbone's input.
        - **label** (Tensor) - the loss's target.

    Outputs:
        Tensor, the loss.

    Raises:
        TypeError: ``backbone`` or ``loss_fn`` is not a Cell.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0]], np.float32))
        >>> net_with_loss = nn.WithLossCell(net, nn.MSELoss())
        >>> print(net_with_loss(x, y))
        4.0
    """

    def __init__(self, backbone: Cell, loss_fn: Cell) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(backbone, Cell):
            fail_arg(
                "WithLossCell", "backbone", "a Cell", shown(type(backbone).__name__), TypeError
            )
        if not callable(loss_fn):
            fail_arg(
                "WithLossCell",
                "loss_fn",
                "a Cell or callable",
                shown(type(loss_fn).__name__),
                TypeError,
            )
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data: Any, label: Any) -> Any:
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self) -> Cell:
        """The wrapped network."""
        return self._backbone


class WithEvalCell(Cell):
    """``(loss, outputs, label)`` for evaluation.

    Args:
        network (Cell): the network, called with ``data``.
        loss_fn (Cell): called with the outputs and ``label``.
        add_cast_fp32 (bool): cast the outputs and the label to float32 first. Default: False.

    Inputs:
        - **data** (Tensor) - the network's input.
        - **label** (Tensor) - the target.

    Outputs:
        Tuple ``(loss, outputs, label)``, what ``Model.eval``'s metrics receive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0]], np.float32))
        >>> eval_net = nn.WithEvalCell(net, nn.MSELoss())
        >>> loss, out, label = eval_net(x, y)
        >>> print(loss, out)
        4.0 [[3.]]
    """

    def __init__(self, network: Cell, loss_fn: Cell, add_cast_fp32: bool = False) -> None:
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = check_bool(add_cast_fp32, "add_cast_fp32", "WithEvalCell")

    def construct(self, data: Any, label: Any) -> tuple:
        outputs = self._network(data)
        if self.add_cast_fp32:
            label = _to_float32(label)
            outputs = _to_float32(outputs)
        loss = self._loss_fn(outputs, label)
        return loss, outputs, label


def _to_float32(x: Any) -> Any:
    a = unwrap(x)
    if isinstance(x, Tensor) and jnp.issubdtype(a.dtype, jnp.floating):
        return Tensor._from(a.astype(jnp.float32))
    return x


class Identity(Cell):
    """The gradient reducer of a single-device run: gradients pass through unchanged.

    Internal (not exported); named ``Identity`` so a TrainOneStepCell prints as MindSpore's.
    """

    def construct(self, x: Any) -> Any:
        return x


class TrainOneStepCell(Cell):
    """One training step: the loss, its gradients w.r.t. the optimizer's Parameters, the update.

    Args:
        network (Cell): returns the loss (e.g. a ``WithLossCell``).
        optimizer (Cell): called with the gradient tuple; ``optimizer.parameters`` are the weights.
        sens (Number): the value the loss's sensitivity is filled with. Default: None (1.0).
        return_grad (bool): also return ``{parameter name: gradient}``. Default: False.

    The forward pass runs once: the loss and the pullback come from the same trace, so layers
    drawing random numbers (Dropout) use the same mask for the loss and the gradients.

    Inputs:
        - **inputs** (tuple) - the network's inputs, e.g. ``(data, label)``.

    Outputs:
        Tensor, the loss before the update, or ``(loss, grads)`` with ``return_grad``.

    Raises:
        TypeError: ``network`` or ``optimizer`` is not a Cell, or ``sens`` not a number.
        ValueError: ``sens`` is 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0]], np.float32))
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> train_net = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        >>> for _ in range(3):
        ...     loss = train_net(x, y)
        >>> print(loss)
        0.0063999877
    """

    _pynative_capture = True  # PYNATIVE_MODE: one captured program per step (_compile/capture.py)

    def __init__(
        self, network: Cell, optimizer: Cell, sens: Any = None, return_grad: bool = False
    ) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            fail_arg(
                "TrainOneStepCell", "network", "a Cell", shown(type(network).__name__), TypeError
            )
        if not hasattr(optimizer, "parameters"):
            fail_arg(
                "TrainOneStepCell",
                "optimizer",
                "an Optimizer (with 'parameters')",
                shown(type(optimizer).__name__),
                TypeError,
            )
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = _grad.GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = _grad.GradOperation(get_by_list=True)
        if sens is not None and (isinstance(sens, bool) or not isinstance(sens, Number | Tensor)):
            fail_arg("TrainOneStepCell", "sens", "a number or None", sens, TypeError)
        if sens is not None and not isinstance(sens, Tensor) and sens == 0:
            fail_arg("TrainOneStepCell", "sens", "non-zero", sens)
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else sens
        self.return_grad = check_bool(return_grad, "return_grad", "TrainOneStepCell")
        # MindSpore's rule: data (and hybrid) parallel mode inserts the gradient all-reduce, averaged
        # with gradients_mean over device_num (the group's size unless set)
        self.parallel_mode = context.get_auto_parallel_context("parallel_mode")
        self.reducer_flag = context.data_parallel()
        self.grad_reducer = Identity()
        if self.reducer_flag:
            degree = (
                context.get_auto_parallel_context("device_num")
                if context.device_num_is_set()
                else None
            )
            self.mean = context.get_auto_parallel_context("gradients_mean")
            self.grad_reducer = DistributedGradReducer(self.weights, self.mean, degree)
            self.degree = self.grad_reducer.degree
        # MindSpore's graceful-exit mode (MS_ENABLE_GRACEFUL_EXIT=1): the flags OnRequestExit sets
        # at a step's begin when the exit was requested and reads back at its end
        self.use_graceful_exit = os.environ.get("MS_ENABLE_GRACEFUL_EXIT") == "1"
        if self.use_graceful_exit:
            self.exit_param = Parameter(Tensor(False, mstype.bool_), name="graceful_exit")
            self.init_param = Parameter(Tensor([0], mstype.int32), name="graceful_init")

    def set_sens(self, value: Any) -> None:
        """Change the value the sensitivity is filled with (compiled steps are rebuilt, since the
        value is a compile-time constant)."""
        self.sens = value
        _jit.structure_changed(self)

    def construct(self, *inputs: Any) -> Any:
        loss, grads = self._loss_and_grads(inputs)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, {p.name: g for p, g in zip(self.weights, grads)}
        return loss

    def _loss_and_grads(self, inputs: tuple, sens: Any = None) -> tuple[Tensor, tuple]:
        """The loss and its gradients w.r.t. ``self.weights``, from one forward pass, the loss's
        sensitivity filled with ``sens`` (default: ``self.sens``)."""
        res, _, pullback = _grad.vjp(self.network, inputs, [], self.weights)
        if len(res.diff) != 1 or len(res.desc.kinds) != 1:
            fail_arg(
                "TrainOneStepCell",
                "network",
                "a Cell returning the loss as one float Tensor",
                shown(f"an output of {len(res.desc.kinds)} values"),
                TypeError,
            )
        out = res.diff[0]
        fill = ops.fill(out.dtype, out.shape, self.sens if sens is None else sens)._data
        _, weight_grads = pullback([fill])
        return Tensor._from(out), tuple(wrap(list(weight_grads)))


class ForwardValueAndGrad(Cell):
    """``(outputs, gradients)`` of ``network`` in one call (MindSpore's ``nn.ForwardValueAndGrad``).

    Args:
        network (Cell): the network to differentiate.
        weights (ParameterTuple): the Parameters to differentiate with ``get_by_list``. Default: None.
        get_all (bool): gradients w.r.t. every input (else the first only). Default: False.
        get_by_list (bool): gradients w.r.t. ``weights``. Default: False.
        sens_param (bool): the last input is the sensitivity of the outputs (else all ones).
            Default: False.

    The gradients are arranged as ``GradOperation`` arranges them.

    Inputs:
        - **inputs** (tuple) - the network's inputs (and the sensitivity last with ``sens_param``).

    Outputs:
        Tuple ``(outputs, gradients)``: the network's output and the gradients asked for.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0]], np.float32))
        >>> fwd = nn.ForwardValueAndGrad(nn.WithLossCell(net, nn.MSELoss()), weights=net.trainable_params(),
        ...                              get_by_list=True)
        >>> loss, grads = fwd(x, y)
        >>> print(loss, grads[0])
        4.0 [[4. 8.]]
    """

    def __init__(
        self,
        network: Cell,
        weights: Any = None,
        get_all: bool = False,
        get_by_list: bool = False,
        sens_param: bool = False,
    ) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(network, Cell):
            fail_arg("ForwardValueAndGrad", "network", "a Cell", type(network).__name__, TypeError)
        for name, v in (
            ("get_all", get_all),
            ("get_by_list", get_by_list),
            ("sens_param", sens_param),
        ):
            if not isinstance(v, bool):
                raise TypeError(
                    f"For 'ForwardValueAndGrad', the type of '{name}' must be bool, "
                    f"but got '{type(v)}'"
                )
        if get_by_list and not isinstance(weights, ParameterTuple | list | tuple):
            raise TypeError(
                "For 'ForwardValueAndGrad', when 'get_by_list' is set to True, the argument "
                f"'weights' must be Parameters array, but got '{type(weights)}'"
            )
        self.network = network
        self.network.set_grad()
        self.weights = weights
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.grad = _grad.GradOperation(get_all, get_by_list, sens_param)

    def construct(self, *inputs: Any) -> tuple:
        args, sens = (inputs[:-1], inputs[-1]) if self.sens_param else (inputs, None)
        weights = tuple(self.weights) if self.get_by_list else ()
        positions = range(len(args)) if self.get_all else range(min(1, len(args)))
        res, _, pull = _grad.vjp(self.network, args, list(positions), weights)
        cts = res.cotangents(sens, "ForwardValueAndGrad") if self.sens_param else res.ones()
        in_g, w_g = pull(cts)
        in_g, w_g = tuple(wrap(list(in_g))), tuple(wrap(list(w_g)))
        if self.get_all and self.get_by_list:
            grads = (in_g, w_g)
        elif self.get_by_list:
            grads = w_g
        elif self.get_all:
            grads = in_g
        else:
            grads = in_g[0] if in_g else ()
        return res.value(), grads


class WithGradCell(Cell):
    r"""The gradients of the network's (loss) output with respect to its trainable Parameters.

    Args:
        network (Cell): the network.
        loss_fn (Cell, optional): a loss applied as ``loss_fn(network(data), label)``; ``None``
            means ``network`` already returns the loss. Default: ``None``.
        sens (Union[None, Tensor, Scalar]): the sensitivity of the output (ones when ``None``).
            Default: ``None``.

    Inputs:
        - **\*inputs** (Tuple[Tensor]) - the inputs (with ``loss_fn``: data and label).

    Outputs:
        Tuple of Tensors, one gradient per trainable Parameter.

    Raises:
        TypeError: ``network`` is not a Cell.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> grads = nn.WithGradCell(net, nn.MSELoss())(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0]]))
        >>> print(grads[0], grads[1])
        [[4. 8.]] [4.]
    """

    def __init__(self, network: Cell, loss_fn: Any = None, sens: Any = None) -> None:
        super().__init__()
        if not isinstance(network, Cell):
            fail_arg("WithGradCell", "network", "a Cell", type(network).__name__, TypeError)
        self.network, self.loss_fn, self.sens = network, loss_fn, sens
        self.weights = ParameterTuple(network.trainable_params())
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs: Any) -> tuple:
        res, _, pull = _grad.vjp(self.network_with_loss, inputs, [], tuple(self.weights))
        cts = res.ones() if self.sens is None else res.cotangents(self.sens, "WithGradCell")
        _, w_g = pull(cts)
        return tuple(wrap(list(w_g)))


class VirtualDatasetCellTriple(Cell):
    r"""Wraps a network of three inputs for MindSpore's semi-auto-parallel data layout; without a
    parallel mode (deepsink's data-parallel training splits batches itself) the inputs pass to
    the network unchanged.

    Args:
        backbone (Cell): the network, taking three inputs.

    Inputs:
        - **a**, **b**, **c** (Tensor) - the network's inputs.

    Outputs:
        The network's output.

    Raises:
        TypeError: ``backbone`` is not a Cell.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.VirtualDatasetCellTriple(nn.TripletMarginLoss())
        >>> x = ms.Tensor(np.ones((2, 3), np.float32))
        >>> print(net(x, x, x))
        1.0
    """

    def __init__(self, backbone: Cell) -> None:
        super().__init__(auto_prefix=False)
        if not isinstance(backbone, Cell):
            fail_arg(
                "VirtualDatasetCellTriple", "backbone", "a Cell", type(backbone).__name__, TypeError
            )
        self._backbone = backbone

    def construct(self, a: Any, b: Any, c: Any) -> Any:
        return self._backbone(a, b, c)


class ParameterUpdate(Cell):
    r"""Assigns its input to ``param`` and returns the input (MindSpore uses it to feed a new
    value, e.g. a learning rate, into a Parameter of a compiled network).

    Args:
        param (Parameter): the Parameter to update.

    Inputs:
        - **x** (Tensor) - the new value, the Parameter's shape.

    Outputs:
        ``x``.

    Raises:
        TypeError: ``param`` is not a Parameter.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> p = ms.Parameter(ms.Tensor(0.1, ms.float32), name="lr")
        >>> update = nn.ParameterUpdate(p)
        >>> _ = update(ms.Tensor(0.01, ms.float32))
        >>> print(p.asnumpy())
        0.01
    """

    def __init__(self, param: Any) -> None:
        super().__init__(auto_prefix=False)
        from deepsink.common.parameter import Parameter

        if not isinstance(param, Parameter):
            fail_arg("ParameterUpdate", "param", "a Parameter", type(param).__name__, TypeError)
        self._param = param

    def construct(self, x: Tensor) -> Tensor:
        from deepsink import ops

        ops.assign(self._param, x)
        return x
