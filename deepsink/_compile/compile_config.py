"""``mindspore._extends.parse.compile_config``: MindSpore 2.10's compile switches.

The module holds 2.10's switch names with their defaults. As in 2.10, the switches are collected
once, when the first program compiles: from this module's attributes, then from the environment
variable ``MS_JIT`` (``"NAME:value,NAME:value"``; a name that is not a switch raises
``RuntimeError``). An attribute written after that changes nothing (2.10 ignores it too); deepsink
warns that it has no effect.

What deepsink does with each switch:

- ``FALLBACK_SUPPORT_LIST_DICT_INPLACE`` (``0`` turns it off): a list or dict from outside a
  compiled call that it returns comes back as the same object, and a list or dict argument that
  it changes in place is changed for the caller (``_compile/writeback.py``).
- The switches of MindSpore's own compiler passes, IR dumps, profiling, memory offload and PIJit
  (``_NO_EFFECT``) change how MindSpore builds a program, not what it computes; deepsink's
  programs are XLA's, so a value other than the default warns once that it has no effect.
- The others (``_REFUSED``) change what a program computes or prints in ways deepsink does not
  build; a value other than the default raises ``ValueError`` when a program compiles.
"""

from __future__ import annotations

import os
import sys
import types
import warnings
from typing import Any

COMPILE_PROFILE = ""
COMPILE_PROFILE_FINISH_ACTION = ""
COMPILE_DEBUG_MODE = ""
FALLBACK_SUPPORT_LIST_DICT_INPLACE = ""
FALLBACK_FORCE_ANY = ""
IF_PARALLEL_CALL = ""
FOR_HALF_UNROLL = ""
NOT_WAIT_BRANCH_EVAL = ""
RECURSIVE_EVAL = ""
SINGLE_EVAL = ""
ENABLE_DDE = ""
DDE_ONLY_MARK = ""
BOOST_PARSE = ""
GREED_PARSE = ""
AMP_ENABLE_ALL_FG = ""
DUMP_IR_META_DSL = ""
DUMP_IR_CONFIG = ""
TRAVERSE_SUBSTITUTIONS_MODE = ""
PRE_LIFT = ""
COMPILE_PRINT = ""
ENABLE_FIX_CODE_LINE = ""
RECORD_MEMORY = ""
TRACE_LABEL_WITH_UNIQUE_ID = ""
DUMP_IR_DDE_DETAIL = ""
COMBINE_LIKE_GRAPHS = ""
DUMP_VALIDATE_BEFORE_RESET_ID = ""
ENABLE_RECOMPUTE_BEFORE_INLINE = ""
STRICT_CHECK_PARENT_CONTEXT = ""
AUTO_PASSES_OPTIMIZE_PATH = ""
CHECK_BPROP = ""
GRAD_FOR_SCALAR = ""
DEBUG_LEVEL = ""
HYPER_OFFLOAD_SELECT_DISTANCE = "100"
HYPER_OFFLOAD_SELECT_NUM = "100"
HYPER_OFFLOAD_PREFETCH_DISTANCE = "50"
HYPER_OFFLOAD_RELEASE_DISTANCE = "0"
HYPER_OFFLOAD_MAX_DEVICE_MEMORY = "42949672960"
HYPER_OFFLOAD_SCORE_WEIGHT_SIZE = "1.0"
HYPER_OFFLOAD_SCORE_WEIGHT_COVER_START = "1.0"
HYPER_OFFLOAD_SCORE_WEIGHT_COVER_END = "1.0"
HYPER_OFFLOAD_SCORE_WEIGHT_NEIGHBOR_IMPACT = "1.0"
HYPER_OFFLOAD_MEMORY_BLOCK_PATH = ""
HYPER_OFFLOAD_DYNAMIC_SHAPE_PLACEHOLDER_BYTES = "134217728"
HYPER_OFFLOAD_PEAK_MODELED_HEADROOM_BYTES = "4294967296"
HYPER_OFFLOAD_D2H_BANDWIDTH_GBPS = "20.0"
HYPER_OFFLOAD_H2D_BANDWIDTH_GBPS = "55.0"
HYPER_OFFLOAD_DEFAULT_KERNEL_TIME_US = "400.0"
MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_RELEASE_DISTANCE = ""
MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_PREFETCH_DISTANCE = ""
PIJIT_SUBGRAPH_BREAK_OPTIMIZE = ""
ENABLE_ELIMINATE_UNUSED_PARAMS = ""
PUT_ALL_CNODE_INTO_ORDER_LIST = ""
CHECK_PASS_NODE_SCOPE = ""
JIT_ENABLE_AUGASSIGN_INPLACE = "1"
GRAD_JIT_FILTER = "1"
JIT_ENABLE_AUGASSIGN_INPLACE_FALLBACK = "1"
ENABLE_HYPER_OFFLOAD_SLIDE = ""

__all__ = [
    "COMPILE_PROFILE",
    "COMPILE_PROFILE_FINISH_ACTION",
    "COMPILE_DEBUG_MODE",
    "FALLBACK_SUPPORT_LIST_DICT_INPLACE",
    "FALLBACK_FORCE_ANY",
    "IF_PARALLEL_CALL",
    "FOR_HALF_UNROLL",
    "NOT_WAIT_BRANCH_EVAL",
    "RECURSIVE_EVAL",
    "SINGLE_EVAL",
    "ENABLE_DDE",
    "DDE_ONLY_MARK",
    "BOOST_PARSE",
    "GREED_PARSE",
    "AMP_ENABLE_ALL_FG",
    "DUMP_IR_META_DSL",
    "DUMP_IR_CONFIG",
    "TRAVERSE_SUBSTITUTIONS_MODE",
    "PRE_LIFT",
    "COMPILE_PRINT",
    "ENABLE_FIX_CODE_LINE",
    "RECORD_MEMORY",
    "TRACE_LABEL_WITH_UNIQUE_ID",
    "DUMP_IR_DDE_DETAIL",
    "COMBINE_LIKE_GRAPHS",
    "DUMP_VALIDATE_BEFORE_RESET_ID",
    "ENABLE_RECOMPUTE_BEFORE_INLINE",
    "STRICT_CHECK_PARENT_CONTEXT",
    "AUTO_PASSES_OPTIMIZE_PATH",
    "CHECK_BPROP",
    "GRAD_FOR_SCALAR",
    "DEBUG_LEVEL",
    "HYPER_OFFLOAD_SELECT_DISTANCE",
    "HYPER_OFFLOAD_SELECT_NUM",
    "HYPER_OFFLOAD_PREFETCH_DISTANCE",
    "HYPER_OFFLOAD_RELEASE_DISTANCE",
    "HYPER_OFFLOAD_MAX_DEVICE_MEMORY",
    "HYPER_OFFLOAD_SCORE_WEIGHT_SIZE",
    "HYPER_OFFLOAD_SCORE_WEIGHT_COVER_START",
    "HYPER_OFFLOAD_SCORE_WEIGHT_COVER_END",
    "HYPER_OFFLOAD_SCORE_WEIGHT_NEIGHBOR_IMPACT",
    "HYPER_OFFLOAD_MEMORY_BLOCK_PATH",
    "HYPER_OFFLOAD_DYNAMIC_SHAPE_PLACEHOLDER_BYTES",
    "HYPER_OFFLOAD_PEAK_MODELED_HEADROOM_BYTES",
    "HYPER_OFFLOAD_D2H_BANDWIDTH_GBPS",
    "HYPER_OFFLOAD_H2D_BANDWIDTH_GBPS",
    "HYPER_OFFLOAD_DEFAULT_KERNEL_TIME_US",
    "MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_RELEASE_DISTANCE",
    "MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_PREFETCH_DISTANCE",
    "PIJIT_SUBGRAPH_BREAK_OPTIMIZE",
    "ENABLE_ELIMINATE_UNUSED_PARAMS",
    "PUT_ALL_CNODE_INTO_ORDER_LIST",
    "CHECK_PASS_NODE_SCOPE",
    "JIT_ENABLE_AUGASSIGN_INPLACE",
    "GRAD_JIT_FILTER",
    "JIT_ENABLE_AUGASSIGN_INPLACE_FALLBACK",
    "ENABLE_HYPER_OFFLOAD_SLIDE",
]

_DEFAULTS = {name: globals()[name] for name in __all__}

_NO_EFFECT = frozenset(
    name
    for name in __all__
    if "HYPER_OFFLOAD" in name
    or name.startswith(("PIJIT_", "DUMP_", "COMPILE_PROFILE", "TRACE_LABEL"))
    or name
    in (
        "COMPILE_DEBUG_MODE",
        "IF_PARALLEL_CALL",
        "FOR_HALF_UNROLL",
        "NOT_WAIT_BRANCH_EVAL",
        "RECURSIVE_EVAL",
        "SINGLE_EVAL",
        "ENABLE_DDE",
        "DDE_ONLY_MARK",
        "BOOST_PARSE",
        "GREED_PARSE",
        "TRAVERSE_SUBSTITUTIONS_MODE",
        "PRE_LIFT",
        "ENABLE_FIX_CODE_LINE",
        "RECORD_MEMORY",
        "COMBINE_LIKE_GRAPHS",
        "ENABLE_RECOMPUTE_BEFORE_INLINE",
        "STRICT_CHECK_PARENT_CONTEXT",
        "AUTO_PASSES_OPTIMIZE_PATH",
        "DEBUG_LEVEL",
        "ENABLE_ELIMINATE_UNUSED_PARAMS",
        "PUT_ALL_CNODE_INTO_ORDER_LIST",
        "CHECK_PASS_NODE_SCOPE",
    )
)
_HONOURED = frozenset(("FALLBACK_SUPPORT_LIST_DICT_INPLACE",))
_REFUSED = frozenset(__all__) - _NO_EFFECT - _HONOURED

_collected: dict[str, str] = {}


def _text(value: Any) -> str:
    return str(int(value)) if isinstance(value, bool | int) else str(value)


def _collect() -> dict[str, str]:
    """The switches, collected at the first compile (2.10's ``CollectCompileConfig``)."""
    if _collected:
        return _collected
    values = {name: _text(getattr(sys.modules[__name__], name)) for name in __all__}
    for item in os.environ.get("MS_JIT", "").split(","):
        if ":" in item:
            key, value = item.split(":", 1)
            if key not in values:
                raise RuntimeError(f"MS_JIT does not support parameter: {key}")
            values[key] = value
        elif item not in ("", "0", "1"):
            raise RuntimeError(f"MS_JIT does not support parameter: {item}")
    changed = {k: v for k, v in values.items() if v != _text(_DEFAULTS[k])}
    refused = sorted(k for k in changed if k in _REFUSED)
    if refused:
        raise ValueError(
            "deepsink does not build the compile_config switches "
            + ", ".join(f"{k}={changed[k]!r}" for k in refused)
            + f" (defaults: {', '.join(f'{k}={_DEFAULTS[k]!r}' for k in refused)}); they "
            "change what MindSpore's graph compiler computes or prints in ways deepsink's "
            "programs do not; leave them at their defaults"
        )
    for k in sorted(changed):
        if k in _NO_EFFECT:
            warnings.warn(
                f"For 'compile_config', '{k}={changed[k]!r}' has no effect in deepsink: it "
                "steers MindSpore's own graph compiler (its passes, dumps or memory "
                "offload); deepsink's programs are compiled by XLA",
                stacklevel=3,
            )
    _collected.update(values)
    return _collected


def list_dict_inplace() -> bool:
    """``FALLBACK_SUPPORT_LIST_DICT_INPLACE``: anything but ``0`` turns it on."""
    return _collect()["FALLBACK_SUPPORT_LIST_DICT_INPLACE"] != "0"


class _Switches(types.ModuleType):
    def __setattr__(self, name: str, value: Any) -> None:
        if _collected and name in _DEFAULTS:
            warnings.warn(
                f"For 'compile_config', setting '{name}={value!r}' after the first compile has "
                "no effect (MindSpore 2.10 collects the switches once, when the first program "
                f"compiles); set the environment variable MS_JIT='{name}:{value}' before it",
                stacklevel=2,
            )
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Switches
