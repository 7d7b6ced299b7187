"""The private parallel-context readers that model-zoo training wrappers import
(``from mindspore.parallel._utils import _get_device_num, _get_gradients_mean,
_get_parallel_mode``; mindocr's ``_is_sharding_propagation``), read from the auto-parallel context.
"""

from __future__ import annotations

from deepsink.context import get_auto_parallel_context


def _get_device_num() -> int:
    """The number of devices of the auto-parallel context (1 when not distributed)."""
    return get_auto_parallel_context("device_num")


def _get_gradients_mean() -> bool:
    """Whether data-parallel gradients are averaged (``gradients_mean``)."""
    return get_auto_parallel_context("gradients_mean")


def _get_parallel_mode() -> str:
    """The parallel mode, e.g. ``'stand_alone'`` or ``'data_parallel'``."""
    return get_auto_parallel_context("parallel_mode")


def _get_global_rank() -> int:
    """This process's rank in the auto-parallel context (0 when not distributed)."""
    return get_auto_parallel_context("global_rank")


def _is_sharding_propagation() -> bool:
    """Whether the auto-parallel strategy search is ``'sharding_propagation'``."""
    return get_auto_parallel_context("search_mode") == "sharding_propagation"
