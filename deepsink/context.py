"""Context options: execution mode, device and sink settings, each declared once.

``set_context(mode=GRAPH_MODE, device_target="GPU")`` as in MindSpore. Options marked ``compiles``
change compiled code and are part of every compile cache key (``compile_key``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax

from deepsink._core.validate import fail

GRAPH_MODE = 0
PYNATIVE_MODE = 1


class ParallelMode:
    """MindSpore's parallel mode names."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"


@dataclass(frozen=True)
class _Option:
    name: str
    default: Any
    validate: Callable[[Any], Any]
    compiles: bool = False
    doc: str = ""


def _one_of(name: str, choices: list) -> Callable[[Any], Any]:
    def check(v):
        if v not in choices:
            fail("set_context", name, f"one of {choices}", v)
        return v

    return check


def _typed(name: str, types: type | tuple, desc: str, pred=lambda v: True) -> Callable[[Any], Any]:
    def check(v):
        if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            fail("set_context", name, desc, v, TypeError)
        if not isinstance(v, types):
            fail("set_context", name, desc, v, TypeError)
        if not pred(v):
            fail("set_context", name, desc, v)
        return v

    return check


def _device_target(v):
    if not isinstance(v, str):
        fail("set_context", "device_target", "one of ['CPU', 'GPU', 'Ascend']", v, TypeError)
    norm = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "ascend": "Ascend"}.get(v.lower())
    if norm is None:
        fail("set_context", "device_target", "one of ['CPU', 'GPU', 'Ascend']", v)
    return norm


_OPTIONS = {
    o.name: o
    for o in [
        _Option("mode", PYNATIVE_MODE, _one_of("mode", [GRAPH_MODE, PYNATIVE_MODE]), True),
        _Option(
            "device_target", None, _device_target, True, "CPU, GPU (Ascend runs on what exists)"
        ),
        _Option(
            "device_id", 0, _typed("device_id", int, "a non-negative int", lambda v: v >= 0), True
        ),
        _Option("save_graphs", False, _typed("save_graphs", (bool, int), "a bool or int")),
        _Option("save_graphs_path", ".", _typed("save_graphs_path", str, "a str")),
        _Option("print_file_path", None, _typed("print_file_path", str, "a str")),
        _Option("enable_profiling", False, _typed("enable_profiling", bool, "a bool")),
        _Option("profiling_options", None, _typed("profiling_options", str, "a JSON str")),
        _Option(
            "max_call_depth", 1000, _typed("max_call_depth", int, "a positive int", lambda v: v > 0)
        ),
        _Option("enable_graph_kernel", False, _typed("enable_graph_kernel", bool, "a bool")),
        _Option("max_device_memory", None, _typed("max_device_memory", str, "a str like '8GB'")),
        _Option("deterministic", "OFF", _one_of("deterministic", ["ON", "OFF"])),
        _Option("jit_level", None, _one_of("jit_level", [None, "O0", "O1", "O2"])),
        _Option(
            "pynative_synchronize",
            False,
            _typed("pynative_synchronize", bool, "a bool"),
            doc="PyNative Cell calls wait for their results (errors surface at the call)",
        ),
        _Option(
            "sink_timeout",
            120.0,
            _typed("sink_timeout", (int, float), "a positive number of seconds", lambda v: v > 0),
            doc="seconds the device may wait for data before the sink raises a starvation error",
        ),
        _Option(
            "sink_strategy",
            "auto",
            _one_of("sink_strategy", ["auto", "scan", "steps"]),
            True,
            "how a sink runs its steps: one lax.scan per chunk, or back-to-back step executables",
        ),
        _Option(
            "sink_memory_budget",
            256 << 20,
            _typed("sink_memory_budget", int, "a positive int (bytes)", lambda v: v > 0),
            doc="bytes of batches stacked on the device per sink chunk",
        ),
    ]
}
_values: dict[str, Any] = {name: o.default for name, o in _OPTIONS.items()}
_warned: set[str] = set()


def set_context(**kwargs: Any) -> None:
    """Set context options (MindSpore's ``set_context``); unknown names raise ValueError."""
    for name, value in kwargs.items():
        if name not in _OPTIONS:
            raise ValueError(
                f"For 'set_context', the keyword argument '{name}' is not recognized; "
                f"expected one of {sorted(_OPTIONS)}"
            )
        _values[name] = _OPTIONS[name].validate(value)


def get_context(attr_key: str) -> Any:
    """The value of one option (MindSpore's ``get_context``)."""
    if attr_key not in _OPTIONS:
        raise ValueError(
            f"For 'get_context', 'attr_key' must be one of {sorted(_OPTIONS)}, but got {attr_key!r}"
        )
    if attr_key == "device_target" and _values[attr_key] is None:
        return "GPU" if jax.default_backend() == "gpu" else "CPU"
    return _values[attr_key]


def reset_context() -> None:
    """Restore every option to its default."""
    _values.update({name: o.default for name, o in _OPTIONS.items()})


def is_graph_mode() -> bool:
    return _values["mode"] == GRAPH_MODE


def compile_key() -> tuple:
    """The options that change compiled code, as a hashable cache-key part."""
    return tuple(_values[n] for n, o in _OPTIONS.items() if o.compiles)


def device() -> jax.Device:
    """The JAX device the context selects; a target this machine lacks falls back with a warning."""
    target = _values["device_target"]
    platform = {"CPU": "cpu", "GPU": "gpu", "Ascend": "gpu", None: None}[target]
    try:
        devices = jax.devices(platform)
    except RuntimeError:
        devices = jax.devices()
        if target not in _warned:
            _warned.add(target)
            warnings.warn(
                f"deepsink: device_target={target!r} is not available on this machine; "
                f"running on {devices[0].platform.upper()} instead",
                stacklevel=3,
            )
    return devices[min(_values["device_id"], len(devices) - 1)]


def set_auto_parallel_context(**kwargs: Any) -> None:
    """Accepted for MindSpore scripts; only stand-alone/data-parallel over JAX devices exists."""
    mode = kwargs.get("parallel_mode", ParallelMode.STAND_ALONE)
    if mode not in (ParallelMode.STAND_ALONE, ParallelMode.DATA_PARALLEL):
        fail("set_auto_parallel_context", "parallel_mode", "'stand_alone' or 'data_parallel'", mode)
    _values.setdefault("_parallel", {}).update(kwargs)


def get_auto_parallel_context(attr_key: str) -> Any:
    return _values.get("_parallel", {}).get(attr_key)


def reset_auto_parallel_context() -> None:
    _values.pop("_parallel", None)
