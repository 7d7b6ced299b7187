"""Context options: execution mode, device and sink settings, each declared once.

``set_context(mode=GRAPH_MODE, device_target="GPU")`` as in MindSpore. Options marked ``compiles``
change compiled code and are part of every compile cache key (``compile_key``).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import jax

from deepsink import _checkparam as validator
from deepsink._core.validate import fail_arg

__all__ = [  # noqa: F822 - five names are bound by common (see below)
    "COMPATIBLE",
    "GRAPH_MODE",
    "LAX",
    "PYNATIVE_MODE",
    "ParallelMode",
    "STRICT",
    "get_auto_parallel_context",
    "get_context",
    "get_ps_context",
    "reset_auto_parallel_context",
    "set_auto_parallel_context",
    "set_context",
    "set_ps_context",
]
# STRICT, COMPATIBLE and LAX are bound here by deepsink.common.graph_api, set_ps_context and
# get_ps_context by deepsink.common.parallel_config (both load with deepsink)

GRAPH_MODE = 0
PYNATIVE_MODE = 1


class ParallelMode:
    """MindSpore's parallel mode names.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.ParallelMode.DATA_PARALLEL, ms.ParallelMode.STAND_ALONE)
        data_parallel stand_alone
    """

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


@dataclass(frozen=True)
class _Option:
    name: str
    default: Any
    validate: Callable[[Any], Any]
    compiles: bool = False
    doc: str = ""
    no_effect: str = ""  # why setting it (to a non-default value) changes nothing here: warned once


def _one_of(name: str, choices: list) -> Callable[[Any], Any]:
    def check(v):
        if v not in choices:
            fail_arg("set_context", name, f"one of {choices}", v)
        return v

    return check


def _typed(name: str, types: type | tuple, desc: str, pred=lambda v: True) -> Callable[[Any], Any]:
    def check(v):
        if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            fail_arg("set_context", name, desc, v, TypeError)
        if not isinstance(v, types):
            fail_arg("set_context", name, desc, v, TypeError)
        if not pred(v):
            fail_arg("set_context", name, desc, v)
        return v

    return check


def _graphs_path(v):
    """MindSpore's ``save_graphs_path``: a non-empty str, made a real path; the folder is made
    at once (as 2.10 does, mode 0o700) unless something already stands there."""
    if not isinstance(v, str) or not v.strip():
        raise ValueError(
            "For 'context.set_context', the 'save_graphs_path' or the 'print_file_path' is "
            f"invalid type, it should be Non-empty string, but got '{v}'."
        )
    path = os.path.realpath(v)
    if not os.path.exists(path):
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
        except PermissionError as e:
            raise ValueError(f"{e}\nNo write permission on the directory '{path}'.") from None
    return path


def _deterministic(v):
    if v not in ("ON", "OFF"):
        raise ValueError(
            "For 'context.set_context', the argument 'deterministic' must be one of "
            f"['ON', 'OFF'], but got {v}."
        )
    return v


def _save_graphs(v):
    """MindSpore 2.x levels 0-3; ``True`` is level 2 and ``False`` 0, as MindSpore stores them."""
    if not isinstance(v, bool | int):
        fail_arg("set_context", "save_graphs", "a bool or an int in [0, 3]", v, TypeError)
    level = 2 if v is True else int(v)
    if not 0 <= level <= 3:
        fail_arg("set_context", "save_graphs", "a bool or an int in [0, 3]", v)
    return level


def _env_save_graphs() -> int:
    """The default of ``save_graphs``: MindSpore 2.10's ``MS_DEV_SAVE_GRAPHS`` (the variable that
    replaces the deprecated context option; ``set_context`` still overrides it), else 0."""
    raw = os.environ.get("MS_DEV_SAVE_GRAPHS", "")
    if raw.strip() == "":
        return 0
    try:
        level = int(raw)
    except ValueError:
        level = -1
    if not 0 <= level <= 3:
        fail_arg("environment", "MS_DEV_SAVE_GRAPHS", "an int in [0, 3]", raw)
    return level


def _print_file_path(v):
    """MindSpore's rule: a file path; if the file exists, ``.<seconds since epoch>`` is appended."""
    if not isinstance(v, str) or not v.strip():
        fail_arg("set_context", "print_file_path", "a non-empty str (a file path)", v, TypeError)
    path = os.path.realpath(v)
    if os.path.isdir(path):
        raise OSError(
            f"For 'set_context', 'print_file_path' must be a file path, but got directory {v!r}"
        )
    if os.path.exists(path):
        path = f"{path}.{int(time.time())}"
        if os.path.exists(path):
            raise ValueError(
                f"For 'set_context', 'print_file_path' {v!r} exists and so does {path!r}; "
                "choose another file name"
            )
    _check_writable_folder(path, v)
    return path


def _check_writable_folder(path: str, given: str) -> None:
    """The Print file is written while a compiled program runs, where an error surfaces as an
    XLA callback failure: check now that its folder exists (or can be made) and takes new files."""
    folder = os.path.dirname(path)
    existing = folder
    while not os.path.exists(existing):
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        raise ValueError(
            f"For 'set_context', the argument 'print_file_path' {given!r} cannot be created: "
            f"{existing!r} is a file, not a folder; choose a path in a writable folder"
        )
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as e:
        raise ValueError(
            f"For 'set_context', the argument 'print_file_path' {given!r} is in a folder where "
            f"no file can be written ({existing!r}: {e.strerror}); choose a path in a writable "
            "folder"
        ) from None


# Seed 004's profiling_options; the Ascend hardware collectors are accepted with a one-time note.
_PROFILING_KEYS = {"result_path", "training_trace"}
_PROFILING_ASCEND_ONLY = {
    "task_trace",
    "aicpu_trace",
    "fp_point",
    "bp_point",
    "ai_core_metrics",
    "aicpu",
    "aic_metrics",
    "l2_cache",
    "hbm_ddr",
    "pcie",
    "profile_memory",
}


def _profiling_options(v):
    if not isinstance(v, str):
        fail_arg("set_context", "profiling_options", "a JSON str", v, TypeError)
    try:
        opts = json.loads(v)
    except json.JSONDecodeError as e:
        raise ValueError(
            f"For 'set_context', 'profiling_options' must be a JSON object string such as "
            f'\'{{"result_path": "./prof", "training_trace": "on"}}\', but got {v!r} ({e})'
        ) from None
    if not isinstance(opts, dict):
        fail_arg("set_context", "profiling_options", "a JSON object string", v)
    unknown = set(opts) - _PROFILING_KEYS - _PROFILING_ASCEND_ONLY
    if unknown:
        fail_arg(
            "set_context",
            "profiling_options",
            f"a JSON object with keys among {sorted(_PROFILING_KEYS | _PROFILING_ASCEND_ONLY)}",
            v,
        )
    trace = opts.get("training_trace", "on")
    if trace not in ("on", "off"):
        fail_arg("set_context", "profiling_options", "'training_trace' of 'on' or 'off'", v)
    ascend = sorted(set(opts) & _PROFILING_ASCEND_ONLY)
    if ascend:
        warn_once(
            f"profiling_options:{','.join(ascend)}",
            f"deepsink: profiling_options {ascend} collect Ascend hardware data and have no effect "
            "here; the training trace and the jax.profiler device trace are written",
        )
    return v


# MindSpore's gpu_config keys and values (set_context(gpu_config=...)). The cuDNN algorithm choices
# have no counterpart: XLA picks each convolution's algorithm by autotuning.
_GPU_CONFIG = {
    "conv_fprop_algo": ["normal", "performance", "implicit_gemm", "precomp_gemm", "gemm", "direct",
                        "fft", "fft_tiling", "winograd", "winograd_nonfused"],
    "conv_dgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "fft_tiling",
                        "winograd", "winograd_nonfused"],
    "conv_wgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "algo_3", "fft_tiling",
                        "winograd_nonfused"],
    "conv_allow_tf32": [True, False],
    "matmul_allow_tf32": [True, False],
}  # fmt: skip
# MindSpore 2.10's GPU defaults (GPUOpPrecisionConf): float32 matmuls in full float32 on cuBLAS,
# float32 convolutions allowed TF32 tensor cores on cuDNN.
_TF32_DEFAULTS = {"matmul_allow_tf32": False, "conv_allow_tf32": True}
_tf32 = dict(_TF32_DEFAULTS)


def _gpu_config(v):
    if not isinstance(v, dict):
        fail_arg("set_context", "gpu_config", "a dict", v, TypeError)
    for key, value in v.items():
        if key not in _GPU_CONFIG:
            raise ValueError(
                "For 'context.set_context', the key of argument 'gpu_config' must be one of "
                f"{sorted(_GPU_CONFIG)}, but got {key!r}"
            )
        if value not in _GPU_CONFIG[key] or (key.endswith("tf32") and not isinstance(value, bool)):
            raise ValueError(
                f"For 'gpu_config', the value of argument {key} must be one of "
                f"{_GPU_CONFIG[key]}, but got {value!r}"
            )
    algos = sorted(k for k in v if k.endswith("_algo") and v[k] != "normal")
    if algos:
        warn_once(
            "gpu_config:algo",
            f"deepsink: gpu_config {algos} have no effect here: XLA chooses each convolution's "
            "algorithm by autotuning",
        )
    return dict(v)


def set_tf32(key: str, value: bool) -> None:
    """Allow (or not) TF32 tensor cores for float32 matmuls or convolutions: the state behind
    ``gpu_config`` and ``device_context.gpu.op_precision``; part of every compile key."""
    _tf32[key] = value
    _apply_matmul_precision()
    _forget_key()


def _precision(allow_tf32: bool) -> str:
    """JAX's precision name for float32 operands: ``"highest"`` computes in float32, and
    ``"tensorfloat32"`` lets NVIDIA GPUs round the operands to TF32 (10-bit mantissa)."""
    return "tensorfloat32" if allow_tf32 else "highest"


def matmul_precision() -> str:
    """The JAX precision of float32 matmuls (``jax_default_matmul_precision``, which deepsink sets;
    "highest" unless ``matmul_allow_tf32`` is on, as in MindSpore)."""
    return _precision(_tf32["matmul_allow_tf32"])


def conv_precision() -> str:
    """The JAX precision float32 convolutions are traced under (``conv_allow_tf32``, on by
    default as in MindSpore; its convolutions run in ``jax.default_matmul_precision`` of this)."""
    return _precision(_tf32["conv_allow_tf32"])


def conv_precision_scope() -> Any:
    """``with conv_precision_scope(): lax.conv_general_dilated(...)``: a convolution (and the
    gradient convolutions JAX derives from it) at ``conv_precision()``."""
    return jax.default_matmul_precision(conv_precision())


def _apply_matmul_precision() -> None:
    # On XLA:CPU the precision attribute changes no compiled code: float32 is float32 there.
    jax.config.update("jax_default_matmul_precision", matmul_precision())


_apply_matmul_precision()  # MindSpore's default from the start: float32 matmuls in float32


_JIT_CONFIG_VALUES = {"jit_level": ["O0", "O1", "O2"], "infer_boost": ["on", "off"]}


def _jit_config(v):
    """MindSpore's ``jit_config`` dict: ``jit_level`` (mirrored into the ``jit_level`` option)
    and ``infer_boost`` (only with ``jit_level`` "O0"), each checked as 2.10 checks them."""
    if not isinstance(v, dict):
        raise TypeError(
            f"The parameter 'jit_config' must be {dict}, but got {type(v)}; "
            "expected a dict like {'jit_level': 'O0'}"
        )
    for key, value in v.items():
        if key not in _JIT_CONFIG_VALUES:
            raise ValueError(
                "For 'context.set_context', the key of argument 'jit_config' must be one of "
                f"{_JIT_CONFIG_VALUES}, but got {key}."
            )
        if value not in _JIT_CONFIG_VALUES[key]:
            raise ValueError(
                f"For 'jit_config', the value of argument {key} must be one of "
                f"{_JIT_CONFIG_VALUES[key]}, but got {value}."
            )
    if v.get("infer_boost") == "on" and v.get("jit_level") in ("O1", "O2"):
        raise ValueError("Only jit_level set O0 can set infer_boost to on.")
    return dict(v)


def _device_target(v):
    if not isinstance(v, str):
        fail_arg("set_context", "device_target", "one of ['CPU', 'GPU', 'Ascend']", v, TypeError)
    norm = {"cpu": "CPU", "gpu": "GPU", "cuda": "GPU", "ascend": "Ascend"}.get(v.lower())
    if norm is None:
        fail_arg("set_context", "device_target", "one of ['CPU', 'GPU', 'Ascend']", v)
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
        _Option(
            "save_graphs",
            _env_save_graphs(),
            _save_graphs,
            True,
            "write each compile's jaxpr, StableHLO and optimized HLO (.ir, .dot); _core/graphs.py",
        ),
        _Option(  # MindSpore 2.10's MS_DEV_SAVE_GRAPHS_PATH gives the default
            "save_graphs_path",
            os.environ.get("MS_DEV_SAVE_GRAPHS_PATH") or ".",
            _graphs_path,
        ),
        _Option("print_file_path", None, _print_file_path, doc="Print writes here (print.proto)"),
        _Option(
            "gpu_config",
            {},
            _gpu_config,
            doc="MindSpore's GPU options: matmul_allow_tf32 (default False) and conv_allow_tf32 "
            "(default True) set the precision of float32 matmuls and convolutions (compile_key "
            "holds their values)",
        ),
        _Option("enable_profiling", False, _typed("enable_profiling", bool, "a bool")),
        _Option("profiling_options", None, _profiling_options),
        _Option(
            "jit_syntax_level",
            2,
            _one_of("jit_syntax_level", [0, 1, 2]),
            doc="MindSpore's syntax level of compiled code: STRICT (0: no run-time Python, a "
            "returned dict is the tuple of its values), COMPATIBLE (1: no run-time Python) or "
            "LAX (2: the default; code a program cannot hold runs op by op); a Cell's "
            "JitConfig and the environment variable MS_DEV_JIT_SYNTAX_LEVEL take precedence",
        ),
        _Option(
            "max_call_depth",
            1000,
            _typed("max_call_depth", int, "a positive int", lambda v: v > 0),
            no_effect="graphs are traced by Python, whose own recursion limit applies",
        ),
        _Option(
            "enable_graph_kernel",
            False,
            _typed("enable_graph_kernel", bool, "a bool"),
            no_effect="XLA always fuses kernels; there is no separate graph-kernel pass",
        ),
        _Option(
            "max_device_memory",
            None,
            _typed("max_device_memory", str, "a str like '8GB'"),
            no_effect="JAX sizes its pool at start-up; set XLA_PYTHON_CLIENT_MEM_FRACTION instead",
        ),
        _Option(
            "deterministic",
            "OFF",
            _deterministic,
            no_effect="XLA:CPU is deterministic; on GPU set XLA_FLAGS=--xla_gpu_deterministic_ops",
        ),
        _Option(
            "jit_level",
            None,
            _one_of("jit_level", [None, "O0", "O1", "O2"]),
            no_effect="it selects Ascend's kernel-by-kernel or whole-graph execution",
        ),
        _Option(
            "jit_config",
            {},
            _jit_config,
            doc="MindSpore's dict form of jit_level (and infer_boost); its jit_level also sets "
            "the jit_level option, which selects Ascend's execution and has no effect here",
        ),
        _Option(
            "pynative_synchronize",
            False,
            _typed("pynative_synchronize", bool, "a bool"),
            doc="PyNative runs op by op and waits for each result (errors surface at the op); "
            "off, PyNative calls of gradient functions, optimizers and TrainOneStepCell run "
            "compiled programs cached per signature (docs/custom_loops.md)",
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
            512 << 20,
            _typed("sink_memory_budget", int, "a positive int (bytes)", lambda v: v > 0),
            doc="bytes of batches a sink holds on the device at once (chunks of at most half)",
        ),
    ]
}

# MindSpore's runtime and Ascend options that model-zoo scripts pass to set_context (ResNet,
# DeepFM, Wide&Deep, Bert...): checked as MindSpore checks them, readable with get_context, and
# warned once when set to a non-default value, since they tune MindSpore's own runtime.
_MS_RUNTIME = "it tunes MindSpore's own runtime; XLA compiles and schedules the programs here"
_ASCEND_ONLY = "it configures Ascend's compiler and kernels"


def _non_negative(name: str) -> Callable[[Any], Any]:
    return _typed(name, int, "an int >= 0", lambda v: v >= 0)


_OPTIONS.update(
    {
        o.name: o
        for o in [
            _Option(
                "reserve_class_name_in_scope",
                True,
                _typed("reserve_class_name_in_scope", bool, "a bool"),
                no_effect="it names the scopes of MindSpore's IR dumps",
            ),
            _Option(
                "graph_kernel_flags",
                "",
                _typed("graph_kernel_flags", str, "a str"),
                no_effect="XLA always fuses kernels; there is no separate graph-kernel pass",
            ),
            _Option(
                "variable_memory_max_size",
                "0",
                _typed("variable_memory_max_size", str, "a str like '30GB'"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "mempool_block_size",
                "1GB",
                _typed("mempool_block_size", str, "a str like '1GB'"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "memory_optimize_level",
                0,
                lambda v: {"O0": 0, "O1": 1}[_one_of("memory_optimize_level", ["O0", "O1"])(v)],
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "enable_reduce_precision",
                True,
                _typed("enable_reduce_precision", bool, "a bool"),
                no_effect=_ASCEND_ONLY,
            ),
            _Option(
                "ascend_config", {}, _typed("ascend_config", dict, "a dict"), no_effect=_ASCEND_ONLY
            ),
            _Option("op_timeout", 900, _non_negative("op_timeout"), no_effect=_ASCEND_ONLY),
            _Option(
                "aoe_tune_mode",
                "",
                _one_of("aoe_tune_mode", ["", "online", "offline"]),
                no_effect=_ASCEND_ONLY,
            ),
            _Option(
                "runtime_num_threads",
                os.cpu_count() or 1,
                _non_negative("runtime_num_threads"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "inter_op_parallel_num",
                0,
                _non_negative("inter_op_parallel_num"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "enable_compile_cache",
                None,
                _typed("enable_compile_cache", bool, "a bool"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "compile_cache_path",
                "",
                _typed("compile_cache_path", str, "a str"),
                no_effect=_MS_RUNTIME,
            ),
            _Option(
                "env_config_path",
                "",
                _typed("env_config_path", str, "a str"),
                no_effect="it configures MindSpore's dump and debugger",
            ),
            _Option(
                "check_bprop",
                False,
                _typed("check_bprop", bool, "a bool"),
                no_effect="custom bprops are checked by JAX's own shape checks",
            ),
            _Option(
                "disable_format_transform",
                False,
                _typed("disable_format_transform", bool, "a bool"),
                no_effect=_ASCEND_ONLY,
            ),
            _Option(
                "support_binary",
                False,
                _typed("support_binary", bool, "a bool"),
                no_effect="compiled functions are traced from Python, never from source",
            ),
        ]
    }
)
# read-only in MindSpore 2.10 (set_context refuses it): GE, Ascend's graph engine, is off
_READ_ONLY = {"enable_ge": False}
# accepted by MindSpore 2.10's set_context with a deprecation warning, and then skipped
_DEPRECATED_SKIPPED = {
    "enable_sparse": "is deprecated, and will be removed in the next version",
    "auto_tune_mode": "is deprecated, and will be removed in the next version",
    "enable_auto_mixed_precision": "is deprecated; set amp_level on Model or use "
    "mindspore.amp.auto_mixed_precision instead",
}
_values: dict[str, Any] = {name: o.default for name, o in _OPTIONS.items()}
_warned: set[str] = set()


@validator.args_type_check(
    mode=int,
    precompile_only=bool,
    device_target=str,
    device_id=int,
    save_graphs=(bool, int),
    save_graphs_path=str,
    aoe_tune_mode=str,
    aoe_config=dict,
    enable_reduce_precision=bool,
    variable_memory_max_size=str,
    enable_auto_mixed_precision=bool,
    inter_op_parallel_num=int,
    enable_graph_kernel=bool,
    reserve_class_name_in_scope=bool,
    check_bprop=bool,
    max_device_memory=str,
    print_file_path=str,
    max_call_depth=int,
    env_config_path=str,
    graph_kernel_flags=str,
    save_compile_cache=bool,
    runtime_num_threads=int,
    load_compile_cache=bool,
    grad_for_scalar=bool,
    pynative_synchronize=bool,
    mempool_block_size=str,
    disable_format_transform=bool,
    op_timeout=int,
    deterministic=str,
    ascend_config=dict,
    jit_syntax_level=int,
    debug_level=int,
    jit_enable_inplace_ops=bool,
    gpu_config=dict,
    jit_config=dict,
    enable_compile_cache=bool,
)
def set_context(**kwargs: Any) -> None:
    """Set context options (MindSpore's ``set_context``).

    As in MindSpore, the arguments' types are checked first (``args_type_check``; the function
    without that check is ``set_context.__wrapped__``), then each option's value.

    A ``device_target`` this machine lacks (``"GPU"`` without a GPU JAX can see, ``"Ascend"``)
    falls back to the device that exists, with one warning pointing at the caller's line;
    ``get_context("device_target")`` then reports the device that runs.

    Args:
        **kwargs: the options, e.g. ``mode`` (``GRAPH_MODE`` or ``PYNATIVE_MODE``),
            ``device_target`` (``"CPU"``, ``"GPU"``), ``save_graphs``, ``print_file_path``,
            ``pynative_synchronize``, ``enable_profiling``; deepsink's own: ``sink_timeout``,
            ``sink_strategy``, ``sink_memory_budget``. ``get_context`` reads them back.

    Raises:
        ValueError: an option name is unknown, or a value is out of range.
        TypeError: a value has the wrong type.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_context(mode=ms.GRAPH_MODE)
        >>> ms.get_context("mode") == ms.GRAPH_MODE
        True
        >>> ms.set_context(mode=ms.PYNATIVE_MODE)
    """
    for name, value in kwargs.items():
        if name in _DEPRECATED_SKIPPED:
            warn_once(
                name,
                f"For 'set_context', '{name}' {_DEPRECATED_SKIPPED[name]}; it is ignored",
                _AT_CALLER,
            )
            continue
        if name not in _OPTIONS:
            raise ValueError(
                f"For 'set_context', the keyword argument '{name}' is not recognized; "
                f"expected one of {sorted(_OPTIONS)}"
            )
        option = _OPTIONS[name]
        value = option.validate(value)
        if name == "device_target":
            value = _available_target(value)
        _values[name] = value
        if name in ("device_target", "device_id"):
            _follow_device()
        if name == "jit_config" and "jit_level" in value:
            set_context(jit_level=value["jit_level"])
        if name == "deterministic":
            _deterministic_environment(value)
        if name == "gpu_config":  # each key stays set until set again, as in MindSpore
            for key in _TF32_DEFAULTS.keys() & value.keys():
                set_tf32(key, value[key])
        _forget_key()
        if option.no_effect and value != option.default:
            warn_once(
                name,
                f"deepsink: set_context({name}=...) has no effect here: {option.no_effect}",
                _AT_CALLER,
            )


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
    ``set_context`` line (stacklevel 4: this function, set_context, its argument-type check,
    the caller).
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
        stacklevel=4,
    )
    return runs


def _forget_key() -> None:
    global _key
    _key = None


_AT_CALLER = 4  # warn_once, set_context, its argument-type check, the caller of set_context


def warn_once(key: str, message: str, stacklevel: int = 3) -> None:
    """A warning shown once per process for ``key`` (an option that is accepted but inert here),
    at ``stacklevel`` (3: the caller of warn_once's caller)."""
    if key not in _warned:
        _warned.add(key)
        warnings.warn(message, stacklevel=stacklevel)


def _deterministic_environment(value: str) -> None:
    """MindSpore's environment for ``deterministic``: 'ON' sets HCCL_DETERMINISTIC=true and
    TE_PARALLEL_COMPILER=1 (Ascend's collective and kernel compiler switches, read by the
    processes a launcher starts), 'OFF' removes values that say otherwise."""
    hccl, te = os.getenv("HCCL_DETERMINISTIC"), os.getenv("TE_PARALLEL_COMPILER")
    if value == "ON":
        os.environ["HCCL_DETERMINISTIC"] = "true"
        os.environ["TE_PARALLEL_COMPILER"] = "1"
    else:
        if hccl and hccl != "false":
            del os.environ["HCCL_DETERMINISTIC"]
        if te and te != "0":
            del os.environ["TE_PARALLEL_COMPILER"]


def get_jit_config() -> dict:
    """The ``jit_config`` dict last given to ``set_context`` (MindSpore's ``get_jit_config``).

    Returns:
        dict, the jit configuration (``{}`` before any is set).

    Examples:
        >>> import deepsink as ms
        >>> ms.set_context(jit_config={"jit_level": "O1"})
        >>> print(ms.get_jit_config()["jit_level"])
        O1
        >>> ms.set_context(jit_config={"jit_level": "O0"})
    """
    return get_context("jit_config")


def get_context(attr_key: str) -> Any:
    """The value of one context option (MindSpore's ``get_context``), as set by ``set_context`` or
    its default.

    Args:
        attr_key (str): the option's name, e.g. ``'mode'``, ``'device_target'``, ``'device_id'``.

    Returns:
        Any, the option's value.

    Raises:
        ValueError: ``attr_key`` is not a known option.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_context(mode=ms.GRAPH_MODE)
        >>> print(ms.get_context('mode') == ms.GRAPH_MODE)
        True
        >>> ms.set_context(mode=ms.PYNATIVE_MODE)
    """
    if attr_key in _READ_ONLY:
        return _READ_ONLY[attr_key]
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
    _tf32.update(_TF32_DEFAULTS)
    _apply_matmul_precision()
    if jax.config.jax_default_device is not None:
        jax.config.update("jax_default_device", None)
    _forget_key()


def is_graph_mode() -> bool:
    return _values["mode"] == GRAPH_MODE


def option(name: str) -> Any:
    """The stored value of the context option ``name``, as ``set_context`` left it (deepsink's
    internal read: no validation, and ``device_target`` stays ``None`` until set, so reading it
    starts no JAX backend)."""
    return _values[name]


@contextmanager
def mode_scope(mode: int) -> Iterator[None]:
    """Run the ``with`` block in ``mode`` (GRAPH_MODE or PYNATIVE_MODE), then restore the mode
    that was set, also when the block raises. The compile key is left as it was: the block runs
    code, it does not change which compiled programs the surrounding mode selects."""
    saved = _values["mode"]
    _values["mode"] = mode
    try:
        yield
    finally:
        _values["mode"] = saved


_key: tuple | None = None  # compile_key's value, rebuilt after set_context/reset_context


def compile_key() -> tuple:
    """The options that change compiled code, as a hashable cache-key part (read on every
    compiled call, so built once per change of the options)."""
    global _key
    if _key is None:
        _key = tuple(_values[n] for n, o in _OPTIONS.items() if o.compiles)
        _key += tuple(sorted(_tf32.items()))
    return _key


def _follow_device() -> None:
    """Once device_target or device_id is set, uncommitted arrays (eager Tensors and the
    computations on them) go to the device they select, as compiled programs and sinks do."""
    jax.config.update("jax_default_device", device())


def device() -> jax.Device:
    """The JAX device the context selects (``set_context`` already resolved the target to one
    that exists: see ``_available_target``)."""
    target = _values["device_target"]
    platform = {"CPU": "cpu", "GPU": "gpu", None: None}[target]
    # this process's devices: in a distributed run jax.devices() lists every process's
    devices = jax.local_devices(backend=platform)
    return devices[min(_values["device_id"], len(devices) - 1)]


# --- auto parallel context ---------------------------------------------------------------------
# Data parallel (and hybrid: data parallel plus the user's own collectives) runs over processes;
# semi-auto and auto parallel run a split network as one program over this process's devices
# (``_core/semi_auto.py``). The rest of MindSpore's parallel options either keep their default or
# raise, never pass silently.
_PARALLEL_DEFAULTS: dict[str, Any] = {
    "parallel_mode": ParallelMode.STAND_ALONE,
    "gradients_mean": False,
    "device_num": 1,
    "global_rank": 0,
    "parameter_broadcast": False,
    "gradient_fp32_sync": True,
    "full_batch": False,
    "dataset_strategy": "data_parallel",
    "search_mode": "recursive_programming",
    "enable_parallel_optimizer": False,
    "pipeline_stages": 1,
    "pipeline_config": {"pipeline_interleave": False, "pipeline_scheduler": "1f1b"},
    "parallel_optimizer_config": {"parallel_optimizer_threshold": 64, "optimizer_level": "level1"},
    "strategy_ckpt_config": {"load_file": "", "save_file": "", "only_trainable_params": True},
    "all_reduce_fusion_config": [],
    "comm_fusion": None,
}
# Options whose non-default values need what deepsink does not run (fp16 gradient all-reduce).
_UNSUPPORTED_VALUES = {
    "gradient_fp32_sync": True,
}
_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")
_UNSUPPORTED_KEYS = (
    "enable_alltoall",
    "pipeline_result_broadcast", "group_ckpt_save_file", "auto_pipeline",
)  # fmt: skip
_parallel: dict[str, Any] = dict(_PARALLEL_DEFAULTS)
_parallel_set: set[str] = set()

_NOT_SUPPORTED = (
    "deepsink runs data parallel and semi-auto/auto parallel (pipeline stages, the parallel "
    "optimizer and JSON strategy files included) as XLA programs; this option belongs to "
    "MindSpore's own compiler or communication scheduling: see docs/parallel.md"
)


_SCHEDULERS_2_10 = ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")


def _check_pipeline_config(v: Any) -> dict:
    """2.10's ``pipeline_config`` rules: a dict of ``pipeline_interleave`` (bool) and
    ``pipeline_scheduler``; without interleave only "1f1b" (the schedules:
    ``_core/pipeline_schedules.py``)."""
    if not isinstance(v, dict):
        raise TypeError(
            "For 'set_pipeline_config', the argument 'pipeine_config' must be dict, but got the "
            f"type : {type(v)}."
        )
    unknown = [k for k in v if k not in ("pipeline_interleave", "pipeline_scheduler")]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    interleave = v.get("pipeline_interleave", False)
    if not isinstance(interleave, bool):
        raise TypeError(
            f"For 'pipeline_interleave', the 'pipeline_interleave' must be bool, but got "
            f"{type(interleave).__name__}."
        )
    sched = v.get("pipeline_scheduler", "1f1b")
    if sched not in _SCHEDULERS_2_10:
        raise ValueError(
            f"For 'pipeline_scheduler', the argument must be str and must be in "
            f"{list(_SCHEDULERS_2_10)}, but got '{sched}'."
        )
    if not interleave and sched != "1f1b":
        raise TypeError(
            f"When pipeline_interleave is False, {sched!r} is not supported, only '1f1b' is "
            "allowed."
        )
    return {"pipeline_interleave": interleave, "pipeline_scheduler": sched}


def _check_strategy_ckpt(key: str, v: Any) -> dict:
    """``strategy_ckpt_config`` (or its older ``strategy_ckpt_load_file`` /
    ``strategy_ckpt_save_file``) merged into the current one."""
    current = dict(_parallel["strategy_ckpt_config"])
    if key != "strategy_ckpt_config":
        if not isinstance(v, str):
            raise TypeError(f"For '{key}', the argument must be str, but got {type(v)}.")
        current["load_file" if key.endswith("load_file") else "save_file"] = v
        return current
    if not isinstance(v, dict):
        raise TypeError(
            "For 'set_auto_parallel_context', the argument 'strategy_ckpt_config' must be dict, "
            f"but got the type : {type(v)}."
        )
    for k, item in v.items():
        if k not in ("load_file", "save_file", "only_trainable_params"):
            raise KeyError(f"Type of key '{k}' in 'strategy_ckpt_config' is not supported.")
        if k == "only_trainable_params" and not isinstance(item, bool):
            raise TypeError(
                f"For 'only_trainable_params', the type must be bool, but got {type(item)}."
            )
        if k != "only_trainable_params" and not isinstance(item, str):
            raise TypeError(f"For '{k}', the argument must be str, but got {type(item)}.")
        current[k] = item
    return current


_OPT_KEYS = (
    "gradient_accumulation_shard",
    "parallel_optimizer_threshold",
    "optimizer_weight_shard_size",
    "optimizer_level",
)


def _check_parallel_optimizer_config(v: Any, device_num: Any) -> dict:
    """2.10's ``parallel_optimizer_config`` rules; ``gradient_accumulation_shard=True`` is
    ``optimizer_level="level2"`` (the gradients split), as 2.10 sets it."""
    if not isinstance(v, dict):
        raise TypeError(
            "For 'set_auto_parallel_context', the argument 'parallel_optimizer_config' must be "
            f"dict, but got the type : {type(v)}."
        )
    unknown = [k for k in v if k not in _OPT_KEYS]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    out: dict = {"parallel_optimizer_threshold": 64, "optimizer_level": "level1"}
    shard = v.get("gradient_accumulation_shard", False)
    if not isinstance(shard, bool):
        raise TypeError(
            "For 'gradient_accumulation_shard', the 'gradient_accumulation_shard' must be bool, "
            f"but got {type(shard).__name__}."
        )
    level = v.get("optimizer_level", "level2" if shard else "level1")
    if level not in ("level1", "level2", "level3"):
        raise ValueError(
            f"Optimizer level should in ['level1', 'level2', 'level3'], but got {level}"
        )
    if shard and level != "level2":
        raise ValueError(
            f"The optimizer_level is set as {level}, thus cannot set grad_accumulation_shard as "
            "True."
        )
    threshold = v.get("parallel_optimizer_threshold", 64)
    if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
        raise ValueError(
            "For 'parallel_optimizer_threshold', the 'parallel_optimizer_threshold' must be a "
            f"non-negative int, but got {threshold}."
        )
    size = v.get("optimizer_weight_shard_size", -1)
    if isinstance(size, bool) or not isinstance(size, int) or (size <= 0 and size != -1):
        raise ValueError(
            "For 'optimizer_weight_shard_size', the 'optimizer_weight_shard_size' must be a "
            f"positive int or -1, but got {size}."
        )
    n = device_num if device_num is not None else _parallel["device_num"]
    if size != -1 and size != n:
        raise NotImplementedError(
            f"For 'set_auto_parallel_context', optimizer_weight_shard_size={size} is not "
            f"supported by deepsink: the weights and optimizer states are split over all {n} "
            "devices (-1)"
        )
    out.update(parallel_optimizer_threshold=threshold, optimizer_level=level)
    return out


def _check_dataset_strategy(v: Any) -> Any:
    if isinstance(v, str):
        if v not in ("full_batch", "data_parallel"):
            raise ValueError(
                "For 'set_auto_parallel_context', the argument 'dataset_strategy' must be "
                f"'full_batch' or 'data_parallel', but got the value : {v}."
            )
        return v
    if not isinstance(v, tuple):
        raise TypeError(
            "For 'set_auto_parallel_context', the argument 'dataset_strategy' must be str or "
            f"tuple type, but got the type : {type(v)}."
        )
    if v and hasattr(v[0], "to_dict"):
        for ele in v:
            if not hasattr(ele, "to_dict"):
                raise TypeError(
                    f"All the dataset_strategy elements should be Layout, but got {type(ele)}"
                )
        return tuple(ele.to_dict() for ele in v)
    for ele in v:
        if not isinstance(ele, tuple):
            raise TypeError(
                "For 'set_auto_parallel_context', the element of argument 'dataset_strategy' "
                f"must be tuple, but got the type : {type(ele)} ."
            )
        for dim in ele:
            if isinstance(dim, bool) or not isinstance(dim, int):
                raise TypeError(
                    "For 'set_auto_parallel_context', the element of argument 'dataset_strategy' "
                    f"must be int type, but got the type : {type(dim)} ."
                )
    return v


def _check_int(key: str, v: Any, lo: int, hi: int | None, positive: bool = False) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"The parameter '{key}' must be <class 'int'>, but got {type(v)}")
    if positive and v <= 0:
        raise ValueError(
            f"The context configuration parameter '{key}' must be a positive integer, but got "
            f"the value of {key} : {v}."
        )
    if not positive and not lo <= v <= hi:
        raise ValueError(
            f"The context configuration parameter '{key}' must be in [{lo}, {hi}], but got the "
            f"value of {key} : {v}."
        )
    return v


def _check_bool(key: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"The parameter '{key}' must be <class 'bool'>, but got {type(v)}")
    return v


def set_auto_parallel_context(**kwargs: Any) -> None:
    """MindSpore's ``set_auto_parallel_context``: the parallel mode and its options.

    ``parallel_mode=ParallelMode.DATA_PARALLEL`` makes ``TrainOneStepCell`` (and so ``Model``)
    all-reduce the gradients over the ranks of ``deepsink.communication.init()`` (averaged with
    ``gradients_mean=True``, divided by ``device_num`` when it is set); ``parameter_broadcast=True``
    makes ``Model`` broadcast rank 0's Parameters before training.
    ``"semi_auto_parallel"`` / ``"auto_parallel"`` run every compiled program over this process's
    first ``device_num`` devices, split as the ops' ``shard`` strategies, ``dataset_strategy``
    (or ``full_batch``) and ``enable_parallel_optimizer`` say (docs/parallel.md).

    Args:
        kwargs (Any): options such as ``parallel_mode`` (``ParallelMode.STAND_ALONE``,
            ``DATA_PARALLEL``, ``SEMI_AUTO_PARALLEL``, ``AUTO_PARALLEL``), ``gradients_mean``
            (bool), ``device_num`` (int), ``global_rank`` (int), ``full_batch`` (bool),
            ``dataset_strategy`` (``"data_parallel"``, ``"full_batch"``, or a tuple of strategies
            or Layouts), ``search_mode`` (str), ``enable_parallel_optimizer`` (bool); the rest keep
            MindSpore's defaults or raise.

    Raises:
        TypeError: an option has the wrong type.
        ValueError: an option's value is not supported here.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
        >>> print(ms.get_auto_parallel_context('parallel_mode'))
        data_parallel
        >>> ms.reset_auto_parallel_context()
    """
    checked: dict[str, Any] = {}
    for key, v in kwargs.items():
        if key == "parallel_mode":
            if v not in ParallelMode.MODE_LIST:
                raise ValueError(
                    "The context configuration parameter 'parallel_mode' only support "
                    "'stand_alone', 'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' and "
                    f"'auto_parallel', but got the value : {v}."
                )
        elif key in (
            "gradients_mean",
            "parameter_broadcast",
            "full_batch",
            "enable_parallel_optimizer",
            "gradient_fp32_sync",
        ):
            _check_bool(key, v)
            if key == "full_batch" and "dataset_strategy" not in kwargs:
                checked["dataset_strategy"] = "full_batch" if v else "data_parallel"
        elif key == "device_num":
            _check_int(key, v, 1, None, positive=True)
        elif key == "dataset_strategy":
            v = _check_dataset_strategy(v)
            if isinstance(v, str):
                checked["full_batch"] = v == "full_batch"
        elif key in ("search_mode", "auto_parallel_search_mode"):
            if v not in _SEARCH_MODES:
                raise ValueError(
                    "The context configuration parameter 'auto_parallel_search_mode' only support "
                    "'recursive_programming', 'dynamic_programming' and 'sharding_propagation', "
                    f"but got the value: {v}."
                )
            key = "search_mode"
        elif key == "global_rank":
            _check_int(key, v, 0, 4095)
        elif key == "pipeline_stages":
            _check_int(key, v, 1, None, positive=True)
        elif key == "pipeline_config":
            v = _check_pipeline_config(v)
        elif key in ("strategy_ckpt_config", "strategy_ckpt_load_file", "strategy_ckpt_save_file"):
            v = _check_strategy_ckpt(key, v)
            key = "strategy_ckpt_config"
        elif key == "parallel_optimizer_config":
            v = _check_parallel_optimizer_config(v, kwargs.get("device_num"))
        elif key in ("all_reduce_fusion_config", "comm_fusion"):
            pass  # fusion of all-reduces is XLA's (its all-reduce combiner); results are the same
        elif key in _UNSUPPORTED_KEYS:
            raise NotImplementedError(
                f"For 'set_auto_parallel_context', '{key}' is not supported: " + _NOT_SUPPORTED
            )
        else:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        if key in _UNSUPPORTED_VALUES and v != _UNSUPPORTED_VALUES[key]:
            raise NotImplementedError(
                f"For 'set_auto_parallel_context', {key}={v!r} is not supported: " + _NOT_SUPPORTED
            )
        checked[key] = v
    _parallel.update(checked)
    _parallel_set.update(checked)


def get_auto_parallel_context(attr_key: str) -> Any:
    """The value of one auto-parallel option (MindSpore's default when it was not set).

    Args:
        attr_key (str): the option's name, e.g. ``'parallel_mode'``, ``'gradients_mean'``, ``'device_num'``.

    Returns:
        Any, the option's value.

    Raises:
        ValueError: ``attr_key`` is not a known option.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.get_auto_parallel_context('parallel_mode'))
        stand_alone
    """
    if attr_key not in _PARALLEL_DEFAULTS:
        if attr_key in _UNSUPPORTED_KEYS:
            return None
        if attr_key in ("strategy_ckpt_load_file", "strategy_ckpt_save_file"):
            return _parallel["strategy_ckpt_config"][attr_key[len("strategy_ckpt_") :]]
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _parallel[attr_key]


def reset_auto_parallel_context() -> None:
    """Restore every auto-parallel option to its default.

    Examples:
        >>> import deepsink as ms
        >>> ms.set_auto_parallel_context(gradients_mean=True)
        >>> ms.reset_auto_parallel_context()
        >>> print(ms.get_auto_parallel_context('gradients_mean'))
        False
    """
    _parallel.clear()
    _parallel.update(_PARALLEL_DEFAULTS)
    _parallel_set.clear()


def data_parallel() -> bool:
    """True in a mode whose training steps all-reduce the gradients (data or hybrid parallel)."""
    return _parallel["parallel_mode"] in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL)


def device_num_is_set() -> bool:
    return "device_num" in _parallel_set


def parallel_options() -> Mapping[str, Any]:
    """The auto-parallel options as set (deepsink's internal read): a read-only view, so that
    only ``set_auto_parallel_context`` and ``reset_auto_parallel_context`` change them."""
    return MappingProxyType(_parallel)


class _Context:
    """MindSpore's process-wide context object behind ``set_context``/``get_context``
    (``context._context()``, kept in ``K_CONTEXT``): its getters and setters read and write the
    same options as those two functions."""

    def get_param(self, param: str) -> Any:
        return get_context(param)

    def set_param(self, param: str, value: Any) -> None:
        set_context(**{param: value})

    def get_mode(self) -> int:
        return get_context("mode")

    def set_mode(self, mode: int) -> None:
        set_context(mode=mode)

    def get_jit_config(self) -> dict:
        return get_jit_config()

    def set_jit_config(self, jit_config: dict) -> None:
        set_context(jit_config=jit_config)

    def set_deterministic(self, deterministic: str) -> None:
        set_context(deterministic=deterministic)


K_CONTEXT: _Context | None = None


def _context() -> _Context:
    """The context object, made on first use (MindSpore's ``context._context()``)."""
    global K_CONTEXT
    if K_CONTEXT is None:
        K_CONTEXT = _Context()
    return K_CONTEXT


_context()  # made at import, as MindSpore's is

# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
