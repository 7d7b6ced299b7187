"""``mindspore.dataset.config``: the pipeline's global settings (seed, workers, prefetch)."""

from __future__ import annotations

import os
import random

import numpy as np

from deepsink._core import random as _random
from deepsink._core.names import type_repr
from deepsink._core.validate import fail_arg

_UINT32_MAX = 2**32 - 1
_INT32_MAX = 2**31 - 1
_DEFAULT_SEED = 5489  # std::mt19937::default_seed, MindSpore's default

_state = {
    "seed": _DEFAULT_SEED,
    "seed_set": False,
    # bumped by each set_seed: eager random ops restart their stream even for the same seed
    "seed_calls": 0,
    "num_parallel_workers": min(8, os.cpu_count() or 1),
    "prefetch_size": 16,
    "multiprocessing_start_method": "fork",
}


def _int_in(value, lo: int, hi: int, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail_arg(api, arg, f"an int in [{lo}, {hi}]", value, TypeError)
    if not lo <= value <= hi:
        fail_arg(api, arg, f"an int in [{lo}, {hi}]", value)
    return value


def set_seed(seed: int) -> None:
    """Fix the pipeline's randomness (shuffles, samplers, random ops); seeds ``random``, numpy."""
    _state["seed"] = _int_in(seed, 0, _UINT32_MAX, "seed", "set_seed")
    _state["seed_set"] = True
    _state["seed_calls"] += 1
    random.seed(seed)
    np.random.seed(seed)


_random.on_set_seed(set_seed)  # mindspore.set_seed seeds the pipeline too


def get_seed() -> int:
    """The seed set by :func:`set_seed`, else MindSpore's default 5489."""
    return _state["seed"]


def _pipeline_seed() -> int:
    """The seed one iterator runs with: the set seed, or fresh entropy when none was set."""
    if _state["seed_set"]:
        return _state["seed"]
    return int(np.random.SeedSequence().entropy % (_UINT32_MAX + 1))


def set_num_parallel_workers(num: int) -> None:
    """The default ``num_parallel_workers`` of every operation."""
    num = _int_in(num, 1, _INT32_MAX, "num", "set_num_parallel_workers")
    cpus = os.cpu_count() or 1
    if num > cpus:  # MindSpore's rule (a RuntimeError from its C++ config manager)
        raise RuntimeError(
            f"For 'set_num_parallel_workers', num_parallel_workers exceeds the boundary between 1 "
            f"and {cpus}, as got {num}"
        )
    _state["num_parallel_workers"] = num


def get_num_parallel_workers() -> int:
    return _state["num_parallel_workers"]


def set_prefetch_size(size: int) -> None:
    """How many batches an iterator's background thread may run ahead."""
    _state["prefetch_size"] = _int_in(size, 1, _INT32_MAX, "size", "set_prefetch_size")


def get_prefetch_size() -> int:
    return _state["prefetch_size"]


def set_multiprocessing_start_method(start_method: str = "fork") -> None:
    """Start method of worker processes (``python_multiprocessing=True``): 'fork' or 'spawn'."""
    if start_method not in ("fork", "spawn", "forkserver"):
        fail_arg(
            "set_multiprocessing_start_method",
            "start_method",
            "'fork', 'spawn' or 'forkserver'",
            start_method,
        )
    _state["multiprocessing_start_method"] = start_method


def get_multiprocessing_start_method() -> str:
    return _state["multiprocessing_start_method"]


_state.update(debug_mode=False, debug_hooks=[], shared_mem=False, do_copy=False)
_state.update(parallel_convert=False)
_warned: set[str] = set()


def _warn_once(key: str, msg: str) -> None:
    if key not in _warned:
        import warnings

        _warned.add(key)
        warnings.warn(msg, stacklevel=3)


def set_debug_mode(debug_mode_flag: bool, debug_hook_list: list | None = None) -> None:
    """Debug mode: iterators run the pipeline synchronously in the calling thread, one worker per
    operation, so breakpoints and prints inside map functions and sources behave plainly."""
    if not isinstance(debug_mode_flag, bool):
        raise TypeError(
            f"Argument debug_mode_flag with value {debug_mode_flag} is not of type "
            f"[<class 'bool'>], but got {type_repr(debug_mode_flag)}."
        )
    if debug_hook_list is not None:
        raise NotImplementedError(
            "set_debug_mode: debug_hook_list (MindSpore's debug hooks) is not supported; pass None"
        )
    _state["debug_mode"] = debug_mode_flag


def get_debug_mode() -> bool:
    return _state["debug_mode"]


def set_enable_shared_mem(enable: bool) -> None:
    """MindSpore moves worker rows through shared memory when enabled; deepsink's worker processes
    always send rows through pipes, so True only warns (once)."""
    if not isinstance(enable, bool):
        raise TypeError(
            f"Argument enable with value {enable} is not of type [<class 'bool'>], "
            f"but got {type_repr(enable)}."
        )
    if enable:
        _warn_once("shm", "deepsink's dataset workers do not use shared memory; rows go by pipe")
    _state["shared_mem"] = enable


def get_enable_shared_mem() -> bool:
    return _state["shared_mem"]


def set_iterator_mode(do_copy: bool = False, parallel_convert: bool = False) -> None:
    """How iterators make Tensors: ``do_copy`` copies each numpy row; ``parallel_convert`` would
    convert on a separate thread (deepsink converts on the consumer thread: it warns once)."""
    for name, v in (("do_copy", do_copy), ("parallel_convert", parallel_convert)):
        if not isinstance(v, bool):
            raise TypeError(
                f"Argument {name} with value {v} is not of type [<class 'bool'>], "
                f"but got {type_repr(v)}."
            )
    if parallel_convert:
        _warn_once("convert", "parallel_convert: deepsink converts rows on the consumer thread")
    _state["do_copy"], _state["parallel_convert"] = do_copy, parallel_convert


def get_iterator_mode() -> dict[str, bool]:
    return {"do_copy": _state["do_copy"], "parallel_convert": _state["parallel_convert"]}


# -- dataset callbacks ---------------------------------------------------------------------------
_state["callback_timeout"] = 60


def set_callback_timeout(timeout: int) -> None:
    """Seconds a ``WaitedDSCallback`` waits for the training loop before it raises."""
    _state["callback_timeout"] = _int_in(timeout, 1, _INT32_MAX, "timeout", "set_callback_timeout")


def get_callback_timeout() -> int:
    return _state["callback_timeout"]
