"""The parallel settings of MindSpore's top level: the auto-parallel strategy-search parameters
(``set_algo_parameters`` / ``get_algo_parameters`` / ``reset_algo_parameters``), the
parameter-server context (``set_ps_context`` / ``get_ps_context``), and the semi-auto-parallel
layout API (``shard``, ``Layout``; ``parameter_broadcast`` and ``set_op_strategy_config``:
refused).

deepsink searches no sharding strategy (XLA's sharding propagation completes the user's
strategies, ``_core/semi_auto.py``), so the search parameters are kept and reported (with MindSpore
2.10's defaults and checks) but steer nothing: setting one warns once. Parameter-server training is not built: ``enable_ps=True`` is refused.
"""

from __future__ import annotations

import warnings
from typing import Any

import jax

from deepsink._core import semi_auto
from deepsink._core.unsupported import unsupported
from deepsink.common.tensor import Tensor, unwrap, wrap

_ALGO_DEFAULTS: dict[str, Any] = {
    "fully_use_devices": False,
    "elementwise_op_strategy_follow": False,
    "enable_algo_approxi": False,
    "algo_approxi_epsilon": 0.10000000149011612,  # MindSpore keeps it as a float32
    "tensor_slice_align_enable": False,
    "tensor_slice_align_size": 16,
}
_algo = dict(_ALGO_DEFAULTS)
_warned = False


def _check_algo(key: str, value: Any) -> Any:
    if key not in _ALGO_DEFAULTS:
        raise ValueError(f"Set context keyword {key} is not recognized!")
    if isinstance(_ALGO_DEFAULTS[key], bool):
        if not isinstance(value, bool):
            raise TypeError(
                f"For 'set_algo_parameters', '{key}' must be bool, but got {type(value).__name__}"
            )
        return value
    if key == "tensor_slice_align_size":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1024:
            raise ValueError(f"Align_size must be in [1, 1024], but got {value}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ValueError(f"Epsilon must be larger than 0, but got {value}")
    return float(value)


def set_algo_parameters(**kwargs: Any) -> None:
    """Set parameters of the sharding-strategy search (``fully_use_devices``,
    ``elementwise_op_strategy_follow``, ``enable_algo_approxi``, ``algo_approxi_epsilon``,
    ``tensor_slice_align_enable``, ``tensor_slice_align_size``).

    deepsink searches no strategy (data parallelism only): the values are checked and kept for
    :func:`get_algo_parameters`, and the first call warns that they steer nothing.

    Args:
        kwargs (dict): the parameters.

    Raises:
        ValueError: for an unknown name or a value out of range.
        TypeError: for a value of the wrong type.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_algo_parameters(tensor_slice_align_size=32)  # doctest: +SKIP
        >>> print(ms.get_algo_parameters("tensor_slice_align_size"))  # doctest: +SKIP
        32
    """
    global _warned
    checked = {key: _check_algo(key, value) for key, value in kwargs.items()}
    _algo.update(checked)
    if not _warned:
        _warned = True
        warnings.warn(
            "set_algo_parameters has no effect on deepsink: it searches no sharding strategy "
            "(XLA's sharding propagation completes the strategies set with shard)",
            stacklevel=2,
        )


def get_algo_parameters(attr_key: str) -> Any:
    """The value of one strategy-search parameter.

    Args:
        attr_key (str): its name.

    Returns:
        The value.

    Raises:
        ValueError: for an unknown name.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.get_algo_parameters("tensor_slice_align_size"))
        16
    """
    if attr_key not in _algo:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _algo[attr_key]


def reset_algo_parameters() -> None:
    """Put every strategy-search parameter back to its default.

    Examples:
        >>> import deepsink as ms
        >>> ms.reset_algo_parameters()
        >>> print(ms.get_algo_parameters("fully_use_devices"))
        False
    """
    _algo.clear()
    _algo.update(_ALGO_DEFAULTS)


_PS_DEFAULTS: dict[str, Any] = {"enable_ps": False, "config_file_path": "", "enable_ssl": False}
_ps = dict(_PS_DEFAULTS)
_PS_SET_ONLY = ("client_password", "server_password")


def set_ps_context(**kwargs: Any) -> None:
    """Set the parameter-server context (``enable_ps``, ``config_file_path``, ``enable_ssl``,
    ``client_password``, ``server_password``).

    Args:
        kwargs (dict): the settings.

    Raises:
        ValueError: for an unknown name.
        TypeError: for a value of the wrong type.
        NotImplementedError: for ``enable_ps=True``: deepsink builds no parameter server.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_ps_context(enable_ps=False)
        >>> print(ms.get_ps_context("enable_ps"))
        False
    """
    for key, value in kwargs.items():
        if key not in _PS_DEFAULTS and key not in _PS_SET_ONLY:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        want = bool if key in ("enable_ps", "enable_ssl") else (str, bytes)
        if not isinstance(value, want):
            raise TypeError(
                f"For 'set_ps_context', '{key}' has the wrong type {type(value).__name__}"
            )
    if kwargs.get("enable_ps"):
        raise NotImplementedError(
            "set_ps_context(enable_ps=True): parameter-server training is "
            "not supported by deepsink (data parallelism only)"
        )
    _ps.update({k: v for k, v in kwargs.items() if k in _PS_DEFAULTS})


def get_ps_context(attr_key: str) -> Any:
    """The value of one parameter-server setting (``enable_ps``, ``config_file_path``,
    ``enable_ssl``).

    Args:
        attr_key (str): its name.

    Returns:
        The value.

    Raises:
        ValueError: for an unknown name.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.get_ps_context("enable_ps"))
        False
    """
    if attr_key not in _ps:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps[attr_key]


_SEMI = (
    "it broadcasts Parameters across processes before semi-auto parallel training; deepsink runs "
    "semi-auto parallel as one program over one process's devices, where Parameters are one value"
)
Layout = semi_auto.Layout
parameter_broadcast = unsupported("mindspore", "parameter_broadcast", _SEMI, kind="function")
set_op_strategy_config = unsupported(
    "mindspore",
    "set_op_strategy_config",
    "it saves or loads the operators' strategies in a strategy file, which deepsink does not write",
    kind="function",
)


def _strategy_kind(strategy: tuple, label: str) -> str:
    kinds = set()
    for stra in strategy:
        if isinstance(stra, Layout):
            kinds.add("layout")
        elif isinstance(stra, tuple):
            kinds.add("tuple")
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in stra):
                raise TypeError("The tuple strategy for each dimension should be tuple(int).")
        elif stra is None:
            kinds.add("tuple")
        else:
            raise TypeError(
                f"The '{label}' should be a tuple(tuple(int)) or tuple(mindspore.parallel.Layout), "
                f"but got {type(stra).__name__}"
            )
    if len(kinds) > 1:
        raise TypeError(
            "For 'Shard', the strategy can only pass in consistent type for all dimensions."
        )
    return kinds.pop() if kinds else "tuple"


def _as_values(strategy: tuple | None) -> tuple | None:
    if strategy is None:
        return None
    return tuple(s.to_dict() if isinstance(s, Layout) else s for s in strategy)


def _set_parameter_plan(fn: Any, parameter_plan: dict | None) -> None:
    """``parameter_plan``: each named trainable Parameter of the Cell ``fn`` laid out by its
    strategy or Layout wherever a compiled program reads or writes it."""
    if parameter_plan is None:
        return
    if not isinstance(parameter_plan, dict):
        raise TypeError(
            "For 'Shard', the 'parameter_plan' should be a dict or None, but got "
            f"{type(parameter_plan).__name__}"
        )
    if not hasattr(fn, "trainable_params"):
        raise TypeError(
            f"If parameter_plan is set, type of fn must be mindspore.nn.Cell, but got {type(fn)}"
        )
    for k, v in parameter_plan.items():
        if not isinstance(k, str) or not isinstance(v, tuple | Layout):
            raise TypeError(
                "For 'Shard', the type of each key and value in 'parameter_plan' must be str and "
                f"tuple/Layout, but got {type(k).__name__} and {type(v).__name__}"
            )
    params = {p.name: p for p in fn.trainable_params()}
    for name, plan in parameter_plan.items():
        param = params.get(name.replace("self.", ""))
        if param is None:
            warnings.warn(f"{name} is not exist, ignored its setting.", stacklevel=3)
            continue
        if getattr(param, "_parallel_layout", None) is not None:
            warnings.warn(
                f"The layout of parameter '{name}' has been set, current setting will be ignored.",
                stacklevel=3,
            )
            continue
        if isinstance(plan, tuple):
            shape = tuple(param.shape)
            if len(plan) != len(shape):
                raise ValueError(
                    f"For {name}, the length of param_strategy: {len(plan)}, is not equal to "
                    f"param_shape len: {len(shape)}."
                )
            for i, (dim, split) in enumerate(zip(shape, plan)):
                if dim % split:
                    raise ValueError(
                        f"For '{name}', the param_shape is {shape} and the setting "
                        f"param_strategy is {plan}. The param_shape[{i}]: {dim} cannot be "
                        f"divisible by param_strategy[{i}]: {split}."
                    )
            param._parallel_layout = plan
        else:
            param._parallel_layout = plan.to_dict()


def _laid_out(values: Any, strategy: tuple, plan: Any, api: str) -> Any:
    """The Tensors among ``values`` (one per strategy entry, in order) laid out by it; ``None``
    is data parallel (the first dimension split over every device)."""
    flat = values if isinstance(values, tuple) else (values,)
    out = list(flat)
    k = 0
    for i, v in enumerate(flat):
        if not isinstance(v, Tensor | jax.Array) or k >= len(strategy):
            continue
        s = strategy[k]
        k += 1
        x = unwrap(v)
        if not isinstance(x, jax.core.Tracer):
            continue
        if s is None:
            sh = semi_auto.data_parallel_sharding(tuple(x.shape), plan)
        else:
            sh = semi_auto.strategy_sharding(api, s, tuple(x.shape), plan)
        if sh is not None:
            x = jax.lax.with_sharding_constraint(x, sh)
            out[i] = wrap(x) if isinstance(v, Tensor) else x
    return tuple(out) if isinstance(values, tuple) else out[0]


class ShardedCall:
    """A function or Cell called with its inputs (and outputs) laid out by strategies."""

    def __init__(self, fn: Any, in_strategy: tuple, out_strategy: tuple | None) -> None:
        self.fn = fn
        self.in_strategy = in_strategy
        self.out_strategy = out_strategy
        self.__name__ = getattr(fn, "__name__", type(fn).__name__)

    def run(self, call: Any, args: tuple, kwargs: dict) -> Any:
        plan = semi_auto.active()
        if plan is None:
            return call(*args, **kwargs)
        args = _laid_out(tuple(args), self.in_strategy, plan, self.__name__)
        out = call(*args, **kwargs)
        if self.out_strategy is not None:
            out = _laid_out(out, self.out_strategy, plan, self.__name__)
        return out

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.run(self.fn, args, kwargs)


def shard(
    fn: Any,
    in_strategy: tuple,
    out_strategy: tuple | None = None,
    parameter_plan: dict | None = None,
    device: str = "Ascend",
    level: int = 0,
) -> Any:
    """MindSpore's ``shard``: ``fn`` (a Cell or function) with its inputs, outputs and
    Parameters laid out over the devices in semi-auto / auto parallel mode.

    Each ``in_strategy`` entry lays out one Tensor input (a tuple of split numbers, a
    ``Layout``, or ``None``: split along the first dimension over every device); the
    ``out_strategy`` entries the outputs; ``parameter_plan`` maps a trainable Parameter's name of
    the Cell ``fn`` to its strategy or Layout. The layouts are sharding constraints in the
    compiled program that calls ``fn`` (``_core/semi_auto.py``); XLA propagates them to the ops
    inside. Outside the semi-auto / auto modes, or called eagerly, ``fn`` runs on whole tensors.

    Args:
        fn (Union[Cell, Function]): the function to split.
        in_strategy (tuple): one entry per Tensor input.
        out_strategy (tuple, optional): one entry per output. Default: ``None``.
        parameter_plan (dict, optional): Parameter name -> strategy or Layout. Default: ``None``.
        device (str, optional): MindSpore's target device name. Default: ``"Ascend"``.
        level (int, optional): MindSpore's search level. Default: ``0``.

    Returns:
        Function, ``fn`` with the layouts.

    Raises:
        TypeError: a strategy, ``parameter_plan``, ``device`` or ``level`` has the wrong type.
        ValueError: a ``parameter_plan`` strategy does not fit its Parameter.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> f = ms.shard(lambda x: x * 2, in_strategy=((2, 1),))
        >>> print(f(ms.Tensor(np.ones((2, 2), np.float32))))
        [[2. 2.]
         [2. 2.]]
    """
    if not isinstance(in_strategy, tuple):
        raise TypeError(
            f"For 'Shard', the 'in_strategy' should be a tuple, but got {type(in_strategy).__name__}."
        )
    _strategy_kind(in_strategy, "in_strategy")
    if not isinstance(out_strategy, type(None) | tuple):
        raise TypeError(
            "For 'Shard', the 'out_strategy' should be None or tuple, but got "
            f"{type(out_strategy).__name__}."
        )
    if out_strategy is not None:
        _strategy_kind(out_strategy, "out_strategy")
    if not isinstance(device, str):
        raise TypeError(
            f"For 'Shard', the 'device' should be a string, but got {type(device).__name__}"
        )
    if isinstance(level, bool) or not isinstance(level, int):
        raise TypeError(
            f"For 'Shard', the 'level' should be an integer, but got {type(level).__name__}"
        )
    if not callable(fn):
        raise TypeError(
            f"For 'Shard', 'fn' must be a Cell or a function, but got {type(fn).__name__}"
        )
    _set_parameter_plan(fn, parameter_plan)
    return ShardedCall(fn, _as_values(in_strategy), _as_values(out_strategy))


# mindspore.context exports these too
from deepsink import context as _context  # noqa: E402

for _name in ("set_ps_context", "get_ps_context"):
    setattr(_context, _name, globals()[_name])
