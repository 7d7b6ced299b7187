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

__all__ = [
    "GRAPH_MODE",
    "PYNATIVE_MODE",
    "ParallelMode",
    "get_auto_parallel_context",
    "get_context",
    "reset_auto_parallel_context",
    "set_auto_parallel_context",
    "set_context",
]

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


def set_context(**kwargs: Any) -> None:
    """Set context options (MindSpore's ``set_context``); unknown names raise ValueError.

    A ``device_target`` this machine lacks (``"GPU"`` without a GPU JAX can see, ``"Ascend"``)
    falls back to the device that exists, with one warning pointing at the caller's line;
    ``get_context("device_target")`` then reports the device that runs.
    """
    for name, value in kwargs.items():
        if name not in _OPTIONS:
            raise ValueError(
                f"For 'set_context', the keyword argument '{name}' is not recognized; "
                f"expected one of {sorted(_OPTIONS)}"
            )
        value = _OPTIONS[name].validate(value)
        if name == "device_target":
            value = _available_target(value)
        _values[name] = value


def _platforms() -> set[str]:
    """The JAX platforms this process can run on ("cpu", "gpu", ...)."""
    found = set()
    for platform in ("gpu", "cpu"):
        try:
            if jax.devices(platform):
                found.add(platform)
        except RuntimeError:
            pass
    return found


def _available_target(target: str) -> str:
    """``target`` if it runs here, else the target that will run, with a warning at the caller.

    MindSpore raises RuntimeError for a target its build lacks; deepsink runs MindSpore scripts
    written for GPU/Ascend on any machine, so it falls back and says so once, at the user's
    ``set_context`` line (stacklevel 3: this function, set_context, the caller).
    """
    if target == "CPU":
        return target
    platforms = _platforms()
    if target == "GPU" and "gpu" in platforms:
        return target
    runs = "GPU" if "gpu" in platforms else "CPU"
    if target == "Ascend":
        why = "deepsink has no Ascend backend"
    else:
        why = 'JAX sees no GPU (install deepsink with the CUDA extra: pip install ".[cuda]")'
    warnings.warn(
        f"set_context(device_target={target!r}): {why}; running on {runs} instead",
        RuntimeWarning,
        stacklevel=3,
    )
    return runs


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
    """The JAX device the context selects (``set_context`` already resolved the target to one
    that exists: see ``_available_target``)."""
    target = _values["device_target"]
    platform = {"CPU": "cpu", "GPU": "gpu", None: None}[target]
    devices = jax.devices(platform)
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
