"""Mixed precision (MindSpore's ``mindspore.amp``): precision levels, loss scalers and managers.

- ``auto_mixed_precision(network, amp_level, dtype)``: O0 keeps float32; O1 runs the white-list
  layers (convolutions, Dense) in ``dtype`` with their outputs back in float32; O2 runs the network
  in ``dtype`` except the black-list layers (BatchNorm, LayerNorm) and returns float32 outputs; O3
  runs everything in ``dtype``, float32 outputs. Parameters stay float32 (master weights): a layer
  casts its weights to its input's dtype, so gradients and updates are float32.
- ``build_train_network``: the training Cell ``Model(..., amp_level=..., loss_scale_manager=...)``
  builds: precision level, the loss (computed in float32), and a ``TrainOneStepWithLossScaleCell``
  when the manager has an update cell (its overflow check and skipped update stay on the device).
- ``StaticLossScaler``/``DynamicLossScaler``/``all_finite``: the functional loss-scaling API for
  hand-written steps (``value_and_grad`` + optimizer).

Decision: MindSpore 2.10's CPU build refuses dynamic loss scaling on CPU ("Only
loss_scale_manager=None or FixedLossScaleManager(drop_overflow_update=False) are supported on
device CPU"); its documentation describes it for every device, and deepsink follows the
documentation. Level "auto" works per op, through the rule in ``deepsink.ops.amp_strategy``.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any

import jax
import jax.numpy as jnp

from deepsink import log as logger
from deepsink import nn
from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import cast_float_outputs
from deepsink.nn.wrap._loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from deepsink.nn.wrap._loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from deepsink.nn.wrap._loss_scale_manager import LossScaleManager as LossScaleManager
from deepsink.nn.wrap.loss_scale import grads_finite
from deepsink.ops import amp_strategy
from deepsink.ops.function import optimizer_func
from deepsink.ops.primitive import Primitive

__all__ = [
    "DynamicLossScaleManager",
    "DynamicLossScaler",
    "FixedLossScaleManager",
    "LossScaleManager",
    "LossScaler",
    "StaticLossScaler",
    "all_finite",
    "auto_mixed_precision",
    "build_train_network",
    "custom_mixed_precision",
    "get_black_list",
    "get_white_list",
]

LEVELS = ("O0", "O1", "O2", "O3", "auto")
_FLOAT_TYPES = (mstype.float16, mstype.bfloat16, mstype.float32)


def get_white_list() -> list:
    """The layer classes that level O1 runs in low precision: the convolutions and Dense.
    MindSpore 2.10's list also names the transposed convolutions, the RNN cells, PReLU, ReLU and
    several primitives, which deepsink's O1 leaves in float32.

    Returns:
        list[type], the Cell classes.

    Examples:
        >>> import deepsink as ms
        >>> print([c.__name__ for c in ms.amp.get_white_list()][:3])
        ['Conv1d', 'Conv2d', 'Conv3d']
    """
    return [nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.Dense]


def get_black_list() -> list:
    """The layer classes that level O2 keeps in float32: the batch and layer normalizations
    (``BatchNorm3d`` is covered through the ``BatchNorm2d`` it wraps, so it is not listed as in
    MindSpore 2.10).

    Returns:
        list[type], the Cell classes.

    Examples:
        >>> import deepsink as ms
        >>> print([c.__name__ for c in ms.amp.get_black_list()][:3])
        ['BatchNorm1d', 'BatchNorm2d', 'LayerNorm']
    """
    return [nn.BatchNorm1d, nn.BatchNorm2d, nn.LayerNorm]


def _set_out_cast(cell: nn.Cell, dtype: Any) -> None:
    cell.__dict__["_out_cast"] = dtype


def _check_dtype(dtype: Any, api: str) -> None:
    if dtype not in _FLOAT_TYPES:
        fail_arg(api, "dtype", "float16, bfloat16 or float32", dtype, TypeError)


def _check_level(level: Any, api: str, arg: str = "amp_level") -> str:
    if not isinstance(level, str):
        raise TypeError(
            f"For '{api}', '{arg}' must be a string in {list(LEVELS)}, but got {type(level).__name__}"
        )
    if level not in LEVELS:
        raise ValueError(f"For '{api}', '{arg}' must be one of {list(LEVELS)}, but got {level!r}")
    return level


def auto_mixed_precision(network: Any, amp_level: str = "O0", dtype: Any = mstype.float16) -> Any:
    """Sets ``network``'s precision level and returns it: the chosen layers or ops run with their
    float inputs cast to ``dtype`` and their outputs cast back where the level says so.

    Level ``'auto'`` works per op (the rule lives in ``deepsink.ops.amp_strategy``): while the
    network runs, the ops of MindSpore's automatic white list (``MatMul``, ``Conv2D``, ``Dense``,
    ...) compute in ``dtype``, those of its black list (``Exp``, ``Softmax``, ``LayerNorm``,
    ``SumExt``, ...) in float32, those of its promote list (``Concat``, ``AddN``, ``BiasAdd``, ...)
    in the widest float dtype of their inputs, and the others in their inputs' dtypes. It is the one
    level that accepts a function as well as a Cell: the function comes back wrapped, a Cell's
    ``construct`` is wrapped in place.

    Args:
        network (Union[Cell, function]): the network; a function only with ``amp_level='auto'``.
        amp_level (str): ``'O0'`` (float32), ``'O1'`` (the white-list layers in ``dtype``), ``'O2'`` (all but the
            black-list layers in ``dtype``), ``'O3'`` (all in ``dtype``) or ``'auto'`` (per op, as above).
            Default: ``'O0'``.
        dtype (mindspore.dtype): ``ms.float16`` or ``ms.bfloat16``. Default: ``ms.float16``.

    Returns:
        Union[Cell, function], the network: for ``'O2'`` and ``'O3'`` a Cell around it whose float
        outputs are float32 (the network itself is changed in place and, called alone, returns its
        outputs in ``dtype``), for ``'O1'`` and ``'auto'`` the Cell changed in place, a function
        wrapped.

    Raises:
        TypeError: ``network`` is not a Cell (nor, for ``'auto'``, a function).
        ValueError: ``dtype`` is not float16 or bfloat16, or ``amp_level`` not a known level.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn, ops
        >>> net = ms.amp.auto_mixed_precision(nn.Dense(2, 2), 'O3', ms.float16)
        >>> print(net(ms.Tensor(np.ones((1, 2), np.float32))).dtype)
        Float32
        >>> def f(a, b):
        ...     return ops.matmul(a, b), ops.exp(ops.matmul(a, b))
        >>> g = ms.amp.auto_mixed_precision(f, 'auto')
        >>> print(*[o.dtype for o in g(ops.ones((2, 2)), ops.ones((2, 2)))])
        Float16 Float32
    """
    if not isinstance(network, nn.Cell):
        if amp_level != "auto":
            raise TypeError(f"For amp_level '{amp_level}', the network type should be Cell.")
        if not inspect.isfunction(network) and not inspect.ismethod(network):
            raise TypeError("For amp_level 'auto', the network type should be Cell or function.")
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(
            f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}."
        )
    if amp_level == "O0":
        return network
    if amp_level not in LEVELS:
        raise ValueError(f"The amp level {amp_level} is not supported")
    if getattr(network, "_amp_level", None) in LEVELS[1:]:
        logger.warning(
            f"The network's auto mixed-precision level is adjusted from "
            f"{network._amp_level} to {amp_level}, and repeated calls to mixed-precision "
            "interfaces can cause performance degradation."
        )
    if amp_level == "O1":
        _low_precision_cells(network, tuple(get_white_list()), dtype)
    elif amp_level == "O2":
        _all_but(network, tuple(get_black_list()), dtype)
        network = _OutputTo32(network)
    elif amp_level == "O3":
        network.to_float(dtype)
        network = _OutputTo32(network)
    else:
        network = _per_op(network, dtype)
    if isinstance(network, nn.Cell):
        network.__dict__["_amp_level"] = amp_level
    else:
        network._amp_level = amp_level
    return network


def _per_op(network: Any, dtype: Any) -> Any:
    """Level 'auto': the function (or the Cell's construct) runs under the per-op strategy."""
    np_dtype = mstype.dtype_to_nptype(dtype)

    def under_strategy(fn: Any) -> Any:
        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            with amp_strategy.amp_strategy(
                np_dtype, amp_strategy.AUTO_WHITE_LIST, amp_strategy.AUTO_BLACK_LIST
            ):
                return fn(*args, **kwargs)

        return run

    if isinstance(network, nn.Cell):
        network.__dict__["construct"] = under_strategy(network.construct)
        return network
    return under_strategy(network)


def _low_precision_cells(network: nn.Cell, white: tuple, dtype: Any) -> None:
    """The Cells of the classes in ``white`` run in ``dtype``, their outputs back in float32."""
    for _, cell in network.cells_and_names():
        if isinstance(cell, white):
            cell.to_float(dtype)
            _set_out_cast(cell, mstype.float32)


def _all_but(network: nn.Cell, black: tuple, dtype: Any) -> None:
    """The network runs in ``dtype`` except the Cells of the classes in ``black`` (float32, their
    outputs cast to ``dtype``)."""
    network.to_float(dtype)
    for _, cell in network.cells_and_names():
        if isinstance(cell, black):
            cell.to_float(mstype.float32)
            _set_out_cast(cell, dtype)


class _OutputTo32(nn.Cell):
    """What levels O2 and O3 return, as in MindSpore 2.10: the network (changed in place, so that
    called itself it still returns its low-precision outputs), its float outputs cast to float32;
    its Parameters keep their names (no prefix)."""

    def __init__(self, backbone: nn.Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        for attr in ("_jit_config_dict", "_amp_level"):
            if attr in backbone.__dict__:
                self.__dict__[attr] = backbone.__dict__[attr]
        _set_out_cast(self, mstype.float32)

    def construct(self, *args: Any, **kwargs: Any) -> Any:
        return self._backbone(*args, **kwargs)


class _LowPrecisionPrimitive:
    """A Cell's primitive attribute under ``custom_mixed_precision``'s white list: float inputs
    cast to ``dtype``, float outputs cast back to float32 (the casts MindSpore inserts around the
    primitive's call); everything else is the wrapped primitive's."""

    def __init__(self, prim: Primitive, dtype: Any) -> None:
        self.__dict__["_prim"], self.__dict__["_dtype"] = prim, dtype

    def __call__(self, *args: Any) -> Any:
        out = self._prim(*cast_float_outputs(args, self._dtype))
        return cast_float_outputs(out, mstype.float32)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.__dict__["_prim"], name)


def _list_check(custom_list: Any, list_name: str) -> None:
    if not isinstance(custom_list, list):
        raise TypeError(
            f"For 'custom_mixed_precision', the type of {list_name} should be list, "
            f"but got {type(custom_list)}"
        )
    allowed = (nn.Cell, Primitive) if list_name == "white_list" else (nn.Cell,)
    for elem in custom_list:
        if not isinstance(elem, type):
            raise TypeError(
                f"For 'custom_mixed_precision', the element in {list_name} should be a class, "
                f"but got {elem}"
            )
        if not issubclass(elem, allowed):
            raise TypeError(
                f"For 'custom_mixed_precision', the subclass of element in {list_name} should be "
                f"one of {[c.__name__ for c in allowed]}, but got {elem}"
            )


def custom_mixed_precision(
    network: nn.Cell,
    *,
    white_list: list | None = None,
    black_list: list | None = None,
    dtype: Any = mstype.float16,
) -> nn.Cell:
    """Customize mixed precision by a white list or a black list of classes.

    - With `white_list`, the Cells of those classes run in `dtype` with float32 outputs, and the
      primitives of those classes held as a Cell's attributes (``self.matmul = ops.MatMul()``) get
      their float inputs cast to `dtype` and their outputs cast to float32.
    - With `black_list`, the network runs in `dtype` except the Cells of those classes, which run
      in float32; it returns a Cell around the network whose outputs are float32 (as levels O2
      and O3 of :func:`mindspore.amp.auto_mixed_precision` do). Classes of
      :func:`mindspore.amp.get_black_list` left out of it are logged as removed from the internal
      black list.

    Only one of `white_list` and `black_list` may be given. The network is changed in place.

    Args:
        network (Cell): Definition of the network.
        white_list (list[Primitive, Cell], optional): Whitelist of custom mixed precision.
            Default: ``None``.
        black_list (list[Cell], optional): Blacklist of custom mixed precision. Default: ``None``.
        dtype (Type, optional): The low precision, ``mstype.float16`` or ``mstype.bfloat16``.
            Default: ``mstype.float16``.

    Returns:
        Cell, the network supporting mixed precision.

    Raises:
        TypeError: The network type is not Cell, a list is not a list or holds something other
            than a Cell (or, for `white_list`, Primitive) class.
        ValueError: Neither or both of `white_list` and `black_list` are provided.
        ValueError: If `dtype` is not one of ``mstype.float16``, ``mstype.bfloat16``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import amp, nn
        >>> net = nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()])
        >>> net = amp.custom_mixed_precision(net, white_list=[nn.Dense])
        >>> print(net[0].weight.dtype, net(ms.Tensor(np.ones((1, 2), np.float32))).dtype)
        Float32 Float32
    """
    if not isinstance(network, nn.Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError(
            "For custom_mixed_precision, one of white_list and black_list must be provided."
        )
    if white_list is not None and black_list is not None:
        raise ValueError(
            "For custom_mixed_precision, the white_list or black_list cannot be provided at the "
            "same time, please provide one or the other."
        )
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError(
            f"The dtype should be one of (mstype.float16, mstype.bfloat16), but got {dtype}."
        )
    if white_list is not None:
        _list_check(white_list, "white_list")
        cells = tuple(c for c in white_list if issubclass(c, nn.Cell))
        prims = tuple(c for c in white_list if issubclass(c, Primitive))
        _low_precision_cells(network, cells, dtype)
        if prims:
            for _, cell in network.cells_and_names():
                for name, value in list(vars(cell).items()):
                    if isinstance(value, prims):
                        object.__setattr__(cell, name, _LowPrecisionPrimitive(value, dtype))
    else:
        _list_check(black_list, "black_list")
        for elem in get_black_list():
            if elem not in black_list:
                logger.warning(f"{elem} is removed from internal black list.")
        _all_but(network, tuple(black_list), dtype)
        network = _OutputTo32(network)
    return network


class _AmpWithLossCell(nn.WithLossCell):
    """The loss of a low-precision network, computed in float32 (output and label cast)."""

    def construct(self, data: Any, label: Any) -> Any:
        out = nn.cell.cast_float_outputs(self._backbone(data), mstype.float32)
        return self._loss_fn(out, nn.cell.cast_float_outputs(label, mstype.float32))


_CONFIG = {
    "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16, "loss_scale_manager": "dynamic"},
    "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
    "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
}  # fmt: skip


def _check_kwargs(kwargs: dict) -> None:
    for k, v in kwargs.items():
        if k not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{k}'")
        if k == "cast_model_type":
            _check_dtype(v, "build_train_network")
        if k == "keep_batchnorm_fp32" and not isinstance(v, bool):
            fail_arg("build_train_network", k, "a bool", v, TypeError)
        if k == "loss_scale_manager" and v is not None and not isinstance(v, LossScaleManager):
            fail_arg(
                "build_train_network", k, "a LossScaleManager or None", type(v).__name__, TypeError
            )


_boost_warned: list = []


def _check_boost(boost_level: Any) -> None:
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError(
            f"'boost_level' must be one of ['O0', 'O1', 'O2'], but got {boost_level!r}"
        )
    if boost_level != "O0" and not _boost_warned:
        import warnings

        _boost_warned.append(True)
        warnings.warn(
            f"deepsink: boost_level={boost_level!r} selects MindSpore's Ascend training-boost "
            "algorithms (gradient freezing, adaptive summation), which deepsink does not have; "
            "training runs without them",
            stacklevel=3,
        )


def build_train_network(
    network: nn.Cell,
    optimizer: Any,
    loss_fn: Any = None,
    level: str = "O0",
    boost_level: str = "O0",
    **kwargs: Any,
) -> nn.Cell:
    """Builds the mixed-precision training Cell: the network with its loss at precision ``level``,
    with loss scaling (O2, O3) and the optimizer step, as MindSpore's ``amp.build_train_network``.

    Args:
        network (Cell): the network.
        optimizer (Optimizer): the optimizer.
        loss_fn (Cell, optional): the loss; None when ``network`` returns it. Default: ``None``.
        level (str): ``'O0'`` (float32), ``'O1'`` (the white-list layers in ``dtype``), ``'O2'`` (all but the
            black-list layers in ``dtype``), ``'O3'`` (all in ``dtype``) or ``'auto'`` (as O1). Default: ``'O0'``.
        boost_level (str): MindSpore's boost level; only ``'O0'``. Default: ``'O0'``.
        kwargs (Any): ``cast_model_type``, ``keep_batchnorm_fp32``, ``loss_scale_manager``.

    Returns:
        Cell, the training Cell, called with ``(data, label)``.

    Raises:
        ValueError: an unknown keyword, level or ``boost_level``.
        TypeError: a flag is not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        >>> train_net = ms.amp.build_train_network(net, opt, nn.MSELoss(), level='O2')
        >>> out = train_net(ms.Tensor(np.ones((4, 2), np.float32)), ms.Tensor(np.zeros((4, 1), np.float32)))
        >>> print(type(train_net).__name__)
        TrainOneStepWithLossScaleCell
    """
    if not isinstance(optimizer, nn.Optimizer):
        fail_arg(
            "build_train_network", "optimizer", "an Optimizer", type(optimizer).__name__, TypeError
        )
    _check_level(level, "build_train_network", "level")
    _check_boost(boost_level)
    _check_kwargs(kwargs)
    config = dict(_CONFIG[level], **kwargs)
    if config["loss_scale_manager"] == "dynamic":
        config["loss_scale_manager"] = DynamicLossScaleManager()
    cast = config["cast_model_type"]
    if cast in (mstype.float16, mstype.bfloat16):
        network.to_float(cast)
        if config["keep_batchnorm_fp32"]:
            black = tuple(get_black_list())
            for _, cell in network.cells_and_names():
                if isinstance(cell, black):
                    cell.to_float(mstype.float32)
                    _set_out_cast(cell, cast)
        network.__dict__["_amp_level"] = level
    elif level in ("O1", "auto") or (level == "O2" and not config["keep_batchnorm_fp32"]):
        network = auto_mixed_precision(network, "O3" if level == "O2" else level)
    if loss_fn is not None:
        low = cast in (mstype.float16, mstype.bfloat16) or network.__dict__.get("_amp_level") in (
            "O2",
            "O3",
            "auto",
        )
        network = (_AmpWithLossCell if low else nn.WithLossCell)(network, loss_fn)
    manager = config["loss_scale_manager"]
    if manager is not None:
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            return nn.TrainOneStepWithLossScaleCell(network, optimizer, update_cell).set_train()
        return nn.TrainOneStepCell(network, optimizer, manager.get_loss_scale()).set_train()
    return nn.TrainOneStepCell(network, optimizer).set_train()


def all_finite(inputs: Any) -> Tensor:
    """Whether every value of every Tensor in ``inputs`` is finite (no inf or NaN), e.g. to check
    scaled gradients.

    Args:
        inputs (Union[tuple[Tensor], list[Tensor]]): the Tensors.

    Returns:
        Tensor, a bool scalar.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> grads = (ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.array([np.inf], np.float32)))
        >>> print(ms.amp.all_finite(grads), ms.amp.all_finite(grads[:1]))
        False True
    """
    return Tensor._from(grads_finite(inputs))


def _scale_tree(inputs: Any, fn: Any) -> Any:
    def one(x):
        a = unwrap(x)
        if isinstance(a, jax.Array) and jnp.issubdtype(a.dtype, jnp.inexact):
            return Tensor._from(fn(a))
        return x

    if isinstance(inputs, tuple | list):
        return type(inputs)(_scale_tree(x, fn) for x in inputs)
    return one(inputs)


class LossScaler:
    """Base class of the functional loss scalers (``scale``, ``unscale``, ``adjust``).

    Examples:
        >>> import deepsink as ms
        >>> class Halve(ms.amp.LossScaler):
        ...     def scale(self, inputs):
        ...         return inputs * 0.5
        ...     def unscale(self, inputs):
        ...         return inputs * 2
        ...     def adjust(self, grads_finite):
        ...         return False
        >>> print(Halve().scale(ms.Tensor(4.0)))
        2.0
    """

    scale_value: Parameter

    def scale(self, inputs: Any) -> Any:
        """``inputs`` (the loss, or a tuple of Tensors) multiplied by the scale."""
        return _scale_tree(inputs, lambda a: a * self.scale_value._data.astype(a.dtype))

    def unscale(self, inputs: Any) -> Any:
        """``inputs`` (gradients) divided by the scale."""
        return _scale_tree(inputs, lambda a: a / self.scale_value._data.astype(a.dtype))

    def adjust(self, grads_finite: Any) -> Any:
        raise NotImplementedError(f"For '{type(self).__name__}', implement 'adjust'")


def _scale_param(api: str, scale_value: Any) -> Parameter:
    if isinstance(scale_value, bool) or not isinstance(scale_value, int | float):
        fail_arg(api, "scale_value", "an int or float", scale_value, TypeError)
    return Parameter(Tensor(scale_value, mstype.float32), name="scale_value")


class StaticLossScaler(LossScaler):
    """A fixed loss scale for ``value_and_grad`` loops; ``adjust`` returns False.

    Args:
        scale_value (Union[int, float]): the scale, > 0.

    Raises:
        TypeError: ``scale_value`` is not a number.
        ValueError: ``scale_value`` is not positive.

    Examples:
        >>> import deepsink as ms
        >>> scaler = ms.amp.StaticLossScaler(1024)
        >>> loss = scaler.scale(ms.Tensor(0.5, ms.float32))
        >>> print(loss, scaler.unscale(loss))
        512.0 0.5
    """

    def __init__(self, scale_value: float) -> None:
        if (
            isinstance(scale_value, int | float)
            and not isinstance(scale_value, bool)
            and scale_value <= 0
        ):
            raise ValueError(f"The argument 'scale_value' must be > 0, but got {scale_value}")
        self.scale_value = _scale_param("StaticLossScaler", scale_value)

    def adjust(self, grads_finite: Any) -> bool:
        return False


class DynamicLossScaler(LossScaler):
    """A loss scale that grows by ``scale_factor`` after ``scale_window`` finite steps and shrinks
    by it (not below 1) on a non-finite step; ``adjust(grads_finite)`` applies the rule on the
    device (``scale_value`` and ``counter`` are Parameters, so it works in compiled steps).

    Args:
        scale_value (Union[int, float]): the initial scale, > 1.
        scale_factor (int): the factor to grow or shrink by.
        scale_window (int): the finite steps before the scale grows.

    Raises:
        TypeError: ``scale_value`` is not a number.
        ValueError: ``scale_value`` is not above 1, or ``scale_factor``/``scale_window`` not a positive int.

    Examples:
        >>> import deepsink as ms
        >>> scaler = ms.amp.DynamicLossScaler(scale_value=1024, scale_factor=2, scale_window=1000)
        >>> _ = scaler.adjust(ms.Tensor(False))
        >>> print(scaler.scale_value.asnumpy())
        512.0
    """

    def __init__(self, scale_value: float, scale_factor: int, scale_window: int) -> None:
        api = "DynamicLossScaler"
        self.scale_value = _scale_param(api, scale_value)
        if scale_value < 1.0:
            raise ValueError(f"The argument 'scale_value' must be > 1, but got {scale_value}")
        for name, v in (("scale_window", scale_window), ("scale_factor", scale_factor)):
            if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                fail_arg(api, name, "a positive int", v)
        self.scale_window = scale_window
        self.scale_factor = scale_factor
        self.counter = Parameter(Tensor(0, mstype.int32), name="counter")

    def adjust(self, grads_finite: Any) -> bool:
        finite = jnp.asarray(unwrap(grads_finite), jnp.bool_).reshape(())
        at_window = self.counter._data == self.scale_window - 1
        self.scale_value._data = optimizer_func.dynamic_loss_scale(
            self.scale_value._data, ~finite, self.scale_factor, at_window, keep_finite=True
        )
        counter = (self.counter._data + 1) % self.scale_window
        self.counter._data = jnp.where(finite, counter, 0).astype(self.counter._data.dtype)
        return True


# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
