"""The parallel settings of MindSpore's top level: the auto-parallel strategy-search parameters
(``set_algo_parameters`` / ``get_algo_parameters`` / ``reset_algo_parameters``), the
parameter-server context (``set_ps_context`` / ``get_ps_context``), and the semi-auto-parallel
layout API (``shard``, ``Layout``, ``parameter_broadcast``, ``set_op_strategy_config``:
refused).

deepsink runs data parallelism only and searches no sharding strategy, so the search parameters
are kept and reported (with MindSpore 2.10's defaults and checks) but steer nothing: setting one
warns once. Parameter-server training is not built: ``enable_ps=True`` is refused.
"""

from __future__ import annotations

import warnings
from typing import Any

from deepsink._core.unsupported import unsupported

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
            "set_algo_parameters has no effect on deepsink: it runs data parallelism "
            "and searches no sharding strategy",
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
    "it lays tensors out over devices for MindSpore's semi-auto/auto parallel modes, which "
    "deepsink does not build (data parallelism only)"
)
shard = unsupported("mindspore", "shard", _SEMI, kind="function")
Layout = unsupported("mindspore", "Layout", _SEMI)
parameter_broadcast = unsupported("mindspore", "parameter_broadcast", _SEMI, kind="function")
set_op_strategy_config = unsupported("mindspore", "set_op_strategy_config", _SEMI, kind="function")


# mindspore.context exports these too
from deepsink import context as _context  # noqa: E402

for _name in ("set_ps_context", "get_ps_context"):
    setattr(_context, _name, globals()[_name])
