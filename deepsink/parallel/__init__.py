"""``mindspore.parallel``: the parallel-configuration and distributed-checkpoint names that
MindSpore's model-zoo scripts import from this package (``from mindspore.parallel import
set_algo_parameters``). They are the same objects as the top-level ones; the names that need
MindSpore's auto-parallel compiler are registered as unsupported there.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "Layout",
    "build_searched_strategy",
    "convert_checkpoints",
    "get_algo_parameters",
    "load_distributed_checkpoint",
    "load_segmented_checkpoints",
    "merge_pipeline_strategys",
    "merge_sliced_parameter",
    "parameter_broadcast",
    "rank_list_for_transform",
    "reset_algo_parameters",
    "restore_group_info_list",
    "set_algo_parameters",
    "set_op_strategy_config",
    "shard",
    "sync_pipeline_shared_parameters",
    "transform_checkpoint_by_rank",
    "transform_checkpoints",
    "unified_safetensors",
]


def __getattr__(name: str) -> Any:
    # resolved from the top-level package on first use, so this module imports on its own
    if name in __all__:
        return getattr(importlib.import_module("deepsink"), name)
    raise AttributeError(f"module 'mindspore.parallel' has no attribute '{name}'")
