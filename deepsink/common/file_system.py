"""``mindspore.common.file_system``: the file operations checkpoints are written and read with.

The basic backend is Python's ``open`` (``create`` appends, ``open`` reads bytes), as in MindSpore.
MindIO, MindSpore's optional in-memory checkpoint store, is used when its module is installed.
"""

from __future__ import annotations

import importlib

from deepsink import log as logger
from deepsink._core.validate import check_positive_int, fail_arg

_mindio_server_info = {"memfs.data_block_pool_capacity_in_gb": "100"}


class FileSystem:
    """File operation interface manager: ``create``/``create_args`` open a file for writing (append,
    bytes), ``open``/``open_args`` for reading; ``backend`` names where they come from."""

    def __init__(self):
        _register_basic_file_system(self)
        self.backend = "basic"


def _register_basic_file_system(fs: FileSystem) -> bool:
    fs.create = open
    fs.create_args = ("ab",)
    fs.open = open
    fs.open_args = ("rb",)
    return True


def _init_mindio():
    """The initialised MindIO module, or ``None`` when it is not installed or fails to start."""
    for name, kwargs in (("mindio_acp", {"server_info": _mindio_server_info}), ("mindio", {})):
        try:
            mindio = importlib.import_module(name)
        except ImportError:
            continue
        ret = mindio.initialize(**kwargs)
        if ret == 0:
            return mindio
        logger.warning(f"Failed to initialize {name}: ret = {ret}")
    return None


def _register_mindio_file_system(fs: FileSystem) -> bool:
    mindio = _init_mindio()
    if mindio is None:
        return False
    fs.create = mindio.create_file
    fs.create_args = ()
    fs.open = mindio.open_file
    fs.open_args = ()
    fs.backend = "mindio"
    logger.info("The weights are stored using MindIO as the backend.")
    return True


def set_mindio_server_info(data_block_pool_capacity_in_gb: int = 100) -> None:
    """Configure the MindIO server's data block pool capacity, in GB (a positive int)."""
    check_positive_int(
        data_block_pool_capacity_in_gb, "data_block_pool_capacity_in_gb", "set_mindio_server_info"
    )
    _mindio_server_info["memfs.data_block_pool_capacity_in_gb"] = str(
        data_block_pool_capacity_in_gb
    )


def mindio_preload(ckpt_file_name: str) -> bool:
    """Preload ``ckpt_file_name`` into memory with MindIO; ``False`` when MindIO is not available."""
    if not isinstance(ckpt_file_name, str):
        fail_arg("mindio_preload", "ckpt_file_name", "a str", ckpt_file_name, TypeError)
    mindio = _init_mindio()
    if mindio is None:
        return False
    if not hasattr(mindio, "preload"):
        logger.warning("MindIO module does not have preload method")
        return False
    mindio.preload(ckpt_file_name)
    return True
