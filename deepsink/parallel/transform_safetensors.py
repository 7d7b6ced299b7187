"""``mindspore.parallel.transform_safetensors``: re-slicing the safetensors files of a split run
from one strategy to another, on deepsink's distributed checkpoints
(:mod:`deepsink.train.distributed_checkpoints`), and ``_fast_load_file``, which reads a
safetensors file into ``{name: numpy array}``.

``transform_safetensors_by_stage`` (one pipeline stage) and ``unified_safetensors`` (2.10's
merged files with their parameter-name map) are refused: deepsink's strategy files hold no
pipeline stages, and it does not write 2.10's unified layout.
"""

from __future__ import annotations

import os

import numpy as np

from deepsink._core.unsupported import unsupported
from deepsink.train.distributed_checkpoints import _transform_by_rank, transform_checkpoints
from deepsink.train.distributed_checkpoints import unified_safetensors as unified_safetensors

__all__ = [
    "_transform_safetensors",
    "transform_safetensors_by_stage",
    "transform_safetensors_by_rank",
    "unified_safetensors",
]


def _fast_load_file(filename: str) -> dict[str, np.ndarray]:
    """Every tensor of the safetensors file ``filename`` as ``{name: numpy array}``, in the file's
    order (MindSpore's private fast reader; here the ``safetensors`` library reads it).

    Raises:
        FileNotFoundError: ``filename`` does not exist.
        ValueError: the file is not a valid safetensors file.
    """
    from safetensors import SafetensorError, safe_open

    if not os.path.exists(filename):
        raise FileNotFoundError(f"No such file or directory: '{filename}'")
    try:
        with safe_open(filename, framework="np") as f:
            return {k: f.get_tensor(k) for k in f.keys()}  # noqa: SIM118 - safe_open is no dict
    except SafetensorError as e:
        raise ValueError(
            f"Fail to parse the input safetensors: '{filename}'. "
            "Please check the correctness of the file."
        ) from e


def _transform_safetensors(
    src_safetensors_dir: str,
    dst_safetensors_dir: str,
    ckpt_prefix: str,
    src_strategy_file: str | None = None,
    dst_strategy_file: str | None = None,
    process_num: int = 1,
    output_format: str = "safetensors",
) -> None:
    """:func:`deepsink.transform_checkpoints` over the ``rank_<i>`` folders of safetensors
    files, writing ``output_format`` (``"safetensors"`` by default)."""
    transform_checkpoints(
        src_safetensors_dir,
        dst_safetensors_dir,
        ckpt_prefix,
        src_strategy_file,
        dst_strategy_file,
        process_num,
        output_format,
    )


def transform_safetensors_by_rank(
    rank_id: int,
    safetensor_files_map: dict,
    save_safetensor_file_name: str,
    src_strategy_file: str | None = None,
    dst_strategy_file: str | None = None,
) -> None:
    """Write one rank's safetensors file under a new strategy: the source ranks' slices
    (``safetensor_files_map``) are merged by ``src_strategy_file`` and cut for ``rank_id`` by
    ``dst_strategy_file`` (see :func:`deepsink.transform_checkpoint_by_rank`).

    Args:
        rank_id (int): the destination rank.
        safetensor_files_map (dict): ``{source rank: its .safetensors file}``.
        save_safetensor_file_name (str): the ``.safetensors`` file to write.
        src_strategy_file (str, optional): the source JSON strategy file. Default: ``None``.
        dst_strategy_file (str, optional): the destination JSON strategy file. Default: ``None``.

    Raises:
        TypeError: a map that is not a dict, a ``rank_id`` that is not an int, a file name
            that is not a str.
        ValueError: the file name does not end with ``.safetensors``, or a source file is
            missing.
    """
    _transform_by_rank(
        rank_id,
        safetensor_files_map,
        save_safetensor_file_name,
        src_strategy_file,
        dst_strategy_file,
        "safetensor",
    )


transform_safetensors_by_stage = unsupported(
    "mindspore.parallel.transform_safetensors",
    "transform_safetensors_by_stage",
    "it re-slices one pipeline stage of a strategy file, and deepsink's strategy files hold no "
    "pipeline stages",
    kind="function",
)
