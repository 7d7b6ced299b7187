"""CheckpointConfig and ModelCheckpoint: MindSpore's periodic checkpoints during training.

Files are named as MindSpore names them: ``<prefix>-<epoch>_<step in epoch>.ckpt`` (or
``.safetensors``), with the prefix turned into ``<prefix>_1``, ``<prefix>_2``, ... when the folder
already holds checkpoints of that prefix. In sink mode the step hook fires once per sink and
``cur_step_num`` advances by the sink's size, so ``save_checkpoint_steps`` is checked once per sink
(MindSpore recommends a multiple of the sink size).

Differences from MindSpore, both on the safe side: the oldest file beyond ``keep_checkpoint_max``
(or the ``keep_checkpoint_per_n_minutes`` rule) is deleted only after the new file is complete, so
a crash never leaves fewer good checkpoints; and each ``.ckpt`` file also holds the global random
key, outside its entries (``deepsink.train._ckpt_rng``; restored by ``load_param_into_net``), so a
resumed run draws the same random numbers. The ``<prefix>-graph.meta`` file written at the first
step holds the network's program as deepsink compiles it (StableHLO text, see
``serialization._save_graph``), not MindSpore's ANF IR protobuf.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from deepsink._core.validate import check_bool, fail_arg
from deepsink.common.tensor import Tensor
from deepsink.train._ckpt_rng import saving_rng_key
from deepsink.train.callback._callback import Callback, logger
from deepsink.train.callback._checkpoint_manager import CheckpointManager
from deepsink.train.serialization import _save_graph, save_checkpoint, wait_async_save

_INFO = ("epoch_num", "step_num")


def _non_negative_int(value: Any, arg: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"For 'CheckpointConfig', '{arg}' must be an int, but got {type(value).__name__}"
        )
    if value < 0:
        fail_arg("CheckpointConfig", arg, "an int >= 0", value)
    return value


def make_directory(path: str, api: str) -> str:
    """``path`` made absolute and created (0700 for new folders, as MindSpore does)."""
    if not isinstance(path, str) or not path.strip():
        fail_arg(api, "directory", "a non-empty path str", path, TypeError)
    path = os.path.realpath(os.path.expanduser(path))
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


class CheckpointConfig:
    """MindSpore's checkpoint policy for :class:`ModelCheckpoint`.

    Args:
        save_checkpoint_steps (int): save every this many steps (checked once per sink in sink
            mode). Default: 1.
        save_checkpoint_seconds (int): save every this many seconds; only used when
            ``save_checkpoint_steps`` is 0/None. Default: 0.
        keep_checkpoint_max (int): keep at most this many files of the prefix. Default: 5.
        keep_checkpoint_per_n_minutes (int): keep one file per this many minutes; only used when
            ``keep_checkpoint_max`` is 0/None. Default: 0.
        integrated_save (bool): merge sliced parameters (parallel training). Default: True.
        async_save (Union[bool, str]): write files in a background thread. Default: False.
        saved_network (Cell): the network to save instead of the training network.
        append_info (list): ``"epoch_num"``, ``"step_num"`` and at most one dict of extra entries.
        enc_key (bytes), enc_mode (str): encrypt files ("AES-GCM" or "AES-CBC").
        exception_save (bool): save ``<prefix>-<epoch>_<step>_breakpoint.ckpt`` when training
            raises. Default: False.
        crc_check (bool): append a CRC32 trailer. Default: False.
        remove_redundancy (bool): parallel training only: with one device saving raises
            TypeError, as in MindSpore (deepsink does not deduplicate in parallel either).
        format (str): "ckpt" or "safetensors". Default: "ckpt".

    Raises:
        ValueError: if all of the four save/keep arguments are 0 or None, or a value is invalid.
        TypeError: if an argument has the wrong type.

    Examples:
        >>> import deepsink as ms
        >>> config = ms.train.CheckpointConfig(save_checkpoint_steps=10, keep_checkpoint_max=2)
        >>> print(config.save_checkpoint_steps, config.keep_checkpoint_max)
        10 2
    """

    def __init__(
        self,
        save_checkpoint_steps: int | None = 1,
        save_checkpoint_seconds: int | None = 0,
        keep_checkpoint_max: int | None = 5,
        keep_checkpoint_per_n_minutes: int | None = 0,
        integrated_save: bool = True,
        async_save: bool | str = False,
        saved_network: Any = None,
        append_info: list | None = None,
        enc_key: bytes | None = None,
        enc_mode: str = "AES-GCM",
        exception_save: bool = False,
        crc_check: bool = False,
        remove_redundancy: bool = False,
        format: str = "ckpt",
        **kwargs: Any,
    ) -> None:  # noqa: A002
        from deepsink.nn import Cell

        steps = _non_negative_int(save_checkpoint_steps, "save_checkpoint_steps")
        seconds = _non_negative_int(save_checkpoint_seconds, "save_checkpoint_seconds")
        keep_max = _non_negative_int(keep_checkpoint_max, "keep_checkpoint_max")
        per_minutes = _non_negative_int(
            keep_checkpoint_per_n_minutes, "keep_checkpoint_per_n_minutes"
        )
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError(
                "For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                f"but got {type(saved_network)}."
            )
        if not steps and not seconds and not keep_max and not per_minutes:
            raise ValueError(
                "For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                "'save_checkpoint_seconds', 'keep_checkpoint_max' and "
                "'keep_checkpoint_per_n_minutes' can't be all None or 0."
            )
        self.exception_save = check_bool(exception_save, "exception_save", "CheckpointConfig")
        self._save_checkpoint_steps = steps
        self._save_checkpoint_seconds = None if steps else seconds
        self._keep_checkpoint_max = keep_max
        self._keep_checkpoint_per_n_minutes = None if keep_max else per_minutes
        if not keep_max and not per_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = check_bool(integrated_save, "integrated_save", "CheckpointConfig")
        if not isinstance(async_save, bool) and async_save not in ("thread", "process"):
            fail_arg("CheckpointConfig", "async_save", "a bool, 'thread' or 'process'", async_save)
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        if enc_key is not None and not isinstance(enc_key, bytes):
            fail_arg(
                "CheckpointConfig", "enc_key", "None or bytes", type(enc_key).__name__, TypeError
            )
        if not isinstance(enc_mode, str):
            fail_arg("CheckpointConfig", "enc_mode", "a str", type(enc_mode).__name__, TypeError)
        self._enc_key, self._enc_mode = enc_key, enc_mode
        self._crc_check = check_bool(crc_check, "crc_check", "CheckpointConfig")
        if format not in ("ckpt", "safetensors"):
            fail_arg("CheckpointConfig", "format", "'ckpt' or 'safetensors'", format)
        self._format = format
        if not isinstance(remove_redundancy, bool):
            raise ValueError(
                "The parameter 'remove_redundancy' must be isinstance of <class 'bool'>, but got "
                f"{remove_redundancy}."
            )
        self.remove_redundancy = remove_redundancy
        if kwargs.get("incremental"):
            raise ValueError(
                "For 'CheckpointConfig', 'incremental' saves MapParameters, which deepsink does "
                "not have"
            )
        self._map_param_inc = False
        self.enable_redundance = kwargs.get("enable_redundance", False)
        if format == "safetensors" and (
            enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save
        ):
            raise ValueError(
                "For 'save_checkpoint', when format is 'safetensors', other param must be default."
            )

    @property
    def save_checkpoint_steps(self) -> int | None:
        return self._save_checkpoint_steps

    @property
    def save_checkpoint_seconds(self) -> int | None:
        return self._save_checkpoint_seconds

    @property
    def keep_checkpoint_max(self) -> int | None:
        return self._keep_checkpoint_max

    @property
    def keep_checkpoint_per_n_minutes(self) -> int | None:
        return self._keep_checkpoint_per_n_minutes

    @property
    def integrated_save(self) -> bool:
        return self._integrated_save

    @property
    def async_save(self) -> bool | str:
        return self._async_save

    @property
    def saved_network(self) -> Any:
        return self._saved_network

    @property
    def enc_key(self) -> bytes | None:
        return self._enc_key

    @property
    def enc_mode(self) -> str:
        return self._enc_mode

    @property
    def crc_check(self) -> bool:
        return self._crc_check

    @property
    def format(self) -> str:
        return self._format

    @property
    def append_dict(self) -> dict | None:
        return self._append_dict

    @property
    def map_param_inc(self) -> bool:
        return self._map_param_inc

    def get_checkpoint_policy(self) -> dict:
        """The save/keep policy as a dict."""
        return {
            "save_checkpoint_steps": self.save_checkpoint_steps,
            "save_checkpoint_seconds": self.save_checkpoint_seconds,
            "keep_checkpoint_max": self.keep_checkpoint_max,
            "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
            "saved_network": self.saved_network,
        }

    @staticmethod
    def _handle_append_info(append_info: Any) -> dict | None:
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError(
                "For 'CheckpointConfig', the type of 'append_info' must be list,"
                f"but got {type(append_info)}."
            )
        out: dict = {name: 0 for name in _INFO if name in append_info}
        dicts = 0
        for element in append_info:
            if not isinstance(element, str | dict):
                raise TypeError(
                    "For 'CheckpointConfig', the type of 'append_info' element must be str or "
                    f"dict, but got {type(element)}."
                )
            if isinstance(element, str) and element not in _INFO:
                raise ValueError(
                    "For 'CheckpointConfig', the value of element in the argument 'append_info' "
                    f"must be in {list(_INFO)}, but got {element}."
                )
            if isinstance(element, dict):
                dicts += 1
                if dicts > 1:
                    raise TypeError(
                        "For 'CheckpointConfig', the element of 'append_info' must has only one "
                        f"dict, but got {dicts}"
                    )
                for key, value in element.items():
                    if not isinstance(key, str) or not isinstance(
                        value, int | float | bool | str | Tensor
                    ):
                        raise TypeError(
                            "For 'CheckpointConfig', the key type of the dict 'append_info' must "
                            "be string, the value type must be int or float or bool or str or "
                            f"Parameter or Tensor, but got key: {type(key)}, value: {type(value)}"
                        )
                    out[key] = value
        return out


def _chg_ckpt_file_name_if_same_exist(directory: Any, prefix: Any, exception: bool = False) -> Any:
    """MindSpore's name for :func:`unique_prefix` (``exception``: of breakpoint files); a
    callable ``prefix`` or ``directory`` gives ``prefix`` back."""
    if callable(prefix) or callable(directory):
        return prefix
    return unique_prefix(directory, prefix, exception)


def unique_prefix(directory: str, prefix: str, breakpoint: bool = False) -> str:
    """``prefix``, or ``prefix_N`` when ``directory`` already holds checkpoints of ``prefix``
    (``prefix-...``, ``prefix_K-...``): N is one more than the largest K (1 for plain)."""
    suffix = 0
    for name in os.listdir(directory):
        ext = os.path.splitext(name)[1]
        is_break = name.endswith("_breakpoint.ckpt")
        if breakpoint != is_break or (not breakpoint and ext not in (".ckpt", ".safetensors")):
            continue
        if not name.startswith(prefix) or len(name) == len(prefix) or name[len(prefix)].isalpha():
            continue
        rest = name[len(prefix) :]
        dash = rest.find("-")
        if dash == 0:
            suffix = max(suffix, 1)
        elif dash > 0 and rest[1:dash].isdigit():
            suffix = max(suffix, int(rest[1:dash]) + 1)
    return f"{prefix}_{suffix}" if suffix else prefix


def _refuse_aiturbo() -> None:
    """``AITURBO=1`` makes MindSpore's ModelCheckpoint save through AITurbo's shared-memory
    checkpoint service (Ascend clusters): its module is imported first (an ImportError when it is
    not installed, as in MindSpore); deepsink does not drive that service."""
    import importlib

    importlib.import_module("aiturbo.checkpoint.aiturbo_mindspore_ckpt")
    raise ValueError(
        "For 'ModelCheckpoint', the environment variable AITURBO=1 asks for AITurbo's "
        "shared-memory checkpoints, which deepsink does not drive; unset AITURBO"
    )


def _refuse_remove_redundancy() -> None:
    """``remove_redundancy``, checked when a file is saved, as in MindSpore: an error with one
    device (2.10's); in parallel training deepsink saves every rank's parameters whole."""
    from deepsink.communication.management import get_group_size

    if get_group_size() == 1:
        raise TypeError(
            "The deduplication feature for saving checkpoint can only be used in parallel "
            "scenarios, but got 'stand_alone'."
        )
    raise ValueError(
        "For 'ModelCheckpoint', remove_redundancy=True (each data-parallel group saving a "
        "parameter once) is not supported by deepsink; use remove_redundancy=False"
    )


class ModelCheckpoint(Callback):
    """Save checkpoints during training (MindSpore's ``ModelCheckpoint(prefix, directory,
    config)``).

    Args:
        prefix (Union[str, callable]): file name prefix, or ``f(cb_params) -> str`` (then the file
            is ``<prefix>.<format>``). Default: "CKP".
        directory (Union[str, callable]): the folder (created if missing), or
            ``f(cb_params) -> str``. Default: the current directory.
        config (CheckpointConfig): the policy. Default: ``CheckpointConfig()``.

    ``latest_ckpt_file_name`` is the last file written. At the end of training a last checkpoint
    is written (unless the last step was just saved) and pending ``async_save`` writes complete.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> import os, tempfile
        >>> net = nn.Dense(2, 1)
        >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
        >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
        >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> tmp = tempfile.mkdtemp()
        >>> config = ms.train.CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=1)
        >>> ckpt = ms.train.ModelCheckpoint(prefix='net', directory=tmp, config=config)
        >>> model.train(1, ds, callbacks=[ckpt], dataset_sink_mode=False)
        >>> print(sorted(f for f in os.listdir(tmp) if f.endswith('.ckpt')))
        ['net-1_2.ckpt']
    """

    def __init__(
        self,
        prefix: str | Callable = "CKP",
        directory: str | Callable | None = None,
        config: CheckpointConfig | None = None,
    ) -> None:
        super().__init__()
        if not callable(prefix) and (not isinstance(prefix, str) or "/" in prefix):
            raise ValueError(
                "For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is invalid, "
                "it must be callable or string that does not contain '/', but got "
                f"{prefix}."
            )
        if config is None:
            config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError(
                "For 'ModelCheckpoint', the type of argument 'config' should be "
                f"'CheckpointConfig', but got {type(config)}."
            )
        self._config = config
        if os.getenv("AITURBO") == "1":
            _refuse_aiturbo()
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        if directory is None:
            self._directory = os.getcwd()
        elif callable(directory):
            self._directory = os.getcwd()
        else:
            self._directory = make_directory(directory, "ModelCheckpoint")
        self._prefix = prefix if isinstance(prefix, str) else ""
        self._exception_prefix = self._prefix
        if isinstance(prefix, str) and not callable(directory):
            self._prefix = unique_prefix(self._directory, prefix)
        self._append_dict = dict(config.append_dict or {})
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)
        self._latest_ckpt_file_name = ""
        self._last_triggered_step = 0
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._cb_params: Any = None
        self._pending: str | None = None
        self._manager = CheckpointManager(config.format)
        self._graph_saved = False

    @property
    def latest_ckpt_file_name(self) -> str:
        """The path of the last checkpoint written."""
        return self._latest_ckpt_file_name

    # --- hooks ------------------------------------------------------------------------------
    def step_end(self, run_context: Any) -> None:
        """Save when ``save_checkpoint_steps`` steps (or the seconds) have passed."""
        cb_params = run_context.original_args()
        self._cb_params = cb_params
        if self._prefix_func is not None:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or "/" in self._prefix:
                raise ValueError(
                    "For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is "
                    "callable, it must return a string that does not contain '/', but got "
                    f"{self._prefix}."
                )
        if self._directory_func is not None:
            self._directory = make_directory(self._directory_func(cb_params), "ModelCheckpoint")
        if not self._graph_saved:  # once, as 2.10 does
            graph_file = os.path.join(self._directory, self._prefix + "-graph.meta")
            _save_graph(cb_params.train_network, graph_file)
            self._graph_saved = True
        self._save_ckpt(cb_params)

    def end(self, run_context: Any) -> None:
        """Save the last checkpoint and wait for background writes."""
        self._save_ckpt(run_context.original_args(), force=True)
        self._finish_pending()
        wait_async_save()

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> Any:
        if exc_type is not None and self._config.exception_save and self._cb_params is not None:
            self._save_breakpoint(self._cb_params)
        return None

    # --- saving -----------------------------------------------------------------------------
    def _due(self, cb_params: Any, force: bool) -> bool:
        steps = self._config.save_checkpoint_steps
        if steps:
            return force or cb_params.cur_step_num >= self._last_triggered_step + steps
        seconds = self._config.save_checkpoint_seconds
        if seconds:
            now = time.time()
            if force or now - self._last_time > seconds:
                self._last_time = now
                return True
        return False

    def _save_ckpt(self, cb_params: Any, force: bool = False) -> None:
        if cb_params.cur_step_num == self._last_triggered_step or not self._due(cb_params, force):
            return
        fmt = self._config.format
        step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if self._prefix_func is not None:
            name = f"{self._prefix}.{fmt}"
        else:
            name = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.{fmt}"
        path = os.path.join(self._directory, name)
        self._last_triggered_step = cb_params.cur_step_num
        self._finish_pending()
        self._write(cb_params, path, cb_params.cur_epoch_num, cb_params.cur_step_num)
        self._latest_ckpt_file_name = path
        if self._config.async_save:
            self._pending = path  # pruned once this write is known to be complete
        else:
            self._prune(path)

    def _finish_pending(self) -> None:
        """Wait for the background write of the last checkpoint (its error is raised here), then
        apply the keep rules: older files go only once the newer one is complete."""
        pending, self._pending = self._pending, None
        if pending is not None:
            wait_async_save()
            self._prune(pending)

    def _save_breakpoint(self, cb_params: Any) -> None:
        prefix = unique_prefix(self._directory, self._exception_prefix or "CKP", breakpoint=True)
        step_in_epoch = (cb_params.cur_step_num - 1) % max(cb_params.batch_num or 1, 1) + 1
        name = f"{prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}_breakpoint.ckpt"
        try:
            self._write(
                cb_params,
                os.path.join(self._directory, name),
                cb_params.cur_epoch_num,
                cb_params.cur_step_num,
            )
            wait_async_save()
        except Exception as e:  # the training error is the one to report
            logger.error("ModelCheckpoint: exception_save failed: %s", e)

    def _write(self, cb_params: Any, path: str, epoch: int, step: int) -> None:
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + epoch
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + step
        if self._config.remove_redundancy:
            _refuse_remove_redundancy()
        network = self._config.saved_network or cb_params.train_network
        append = dict(self._append_dict)
        cfg = self._config
        with saving_rng_key():
            save_checkpoint(
                network,
                path,
                cfg.integrated_save,
                cfg.async_save,
                append or None,
                cfg.enc_key,
                cfg.enc_mode,
                crc_check=cfg.crc_check,
                format=cfg.format,
            )

    def _prune(self, newest: str) -> None:
        """Apply keep_checkpoint_max / keep_checkpoint_per_n_minutes, never touching ``newest``
        (called once ``newest`` is complete on disk)."""
        manager = self._manager
        manager.update_ckpoint_filelist(self._directory, self._prefix)
        if newest in manager.ckpoint_filelist:
            manager.ckpoint_filelist.remove(newest)
        keep_max = self._config.keep_checkpoint_max
        if keep_max:
            for _ in range(max(0, manager.ckpoint_num + 1 - keep_max)):
                manager.remove_oldest_ckpoint_file()
            return
        minutes = self._config.keep_checkpoint_per_n_minutes
        if minutes:
            now = time.time()
            if now - self._last_time_for_keep < minutes * 60:
                manager.keep_one_ckpoint_per_minutes(minutes, now)
            self._last_time_for_keep = now
