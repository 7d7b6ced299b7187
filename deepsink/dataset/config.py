"""``mindspore.dataset.config``: the pipeline's global settings (seed, workers, prefetch)."""

from __future__ import annotations

import os
import random

import numpy as np

from deepsink._core.validate import fail

_UINT32_MAX = 2**32 - 1
_INT32_MAX = 2**31 - 1
_DEFAULT_SEED = 5489  # std::mt19937::default_seed, MindSpore's default

_state = {
    "seed": _DEFAULT_SEED,
    "seed_set": False,
    "num_parallel_workers": min(8, os.cpu_count() or 1),
    "prefetch_size": 16,
    "multiprocessing_start_method": "fork",
}


def _int_in(value, lo: int, hi: int, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail(api, arg, f"an int in [{lo}, {hi}]", value, TypeError)
    if not lo <= value <= hi:
        fail(api, arg, f"an int in [{lo}, {hi}]", value)
    return value


def set_seed(seed: int) -> None:
    """Fix the pipeline's randomness (shuffles, samplers, random ops); seeds ``random``, numpy."""
    _state["seed"] = _int_in(seed, 0, _UINT32_MAX, "seed", "set_seed")
    _state["seed_set"] = True
    random.seed(seed)
    np.random.seed(seed)


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
        fail(
            "set_multiprocessing_start_method",
            "start_method",
            "'fork', 'spawn' or 'forkserver'",
            start_method,
        )
    _state["multiprocessing_start_method"] = start_method


def get_multiprocessing_start_method() -> str:
    return _state["multiprocessing_start_method"]
