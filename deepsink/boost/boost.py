"""MindSpore's ``mindspore.boost.boost``: ``AutoBoost``, the configuration (level and dict) that
decides which boost algorithms ``Model(boost_level=...)`` and the boost train cells apply."""

from __future__ import annotations

import copy
import threading
from typing import Any

from deepsink.boost.base import OptimizerProcess, ParameterProcess
from deepsink.boost.grad_freeze import GradientFreeze
from deepsink.boost.less_batch_normalization import LessBN
from deepsink.nn.cell import Cell

__all__ = ["AutoBoost"]

_ALGORITHMS = ("less_bn", "grad_freeze", "adasum", "grad_accumulation", "dim_reduce")
_boost_config_mode = ["auto", "manual", "enable_all", "disable_all"]
_boost_config_level = {
    "O0": dict.fromkeys((*_ALGORITHMS, "loss_scale_group"), False),
    "O1": {**dict.fromkeys((*_ALGORITHMS, "loss_scale_group"), False), "less_bn": True,
           "grad_freeze": True},
    "O2": {**dict.fromkeys((*_ALGORITHMS, "loss_scale_group"), False), "less_bn": True,
           "grad_freeze": True, "adasum": True},
}  # fmt: skip

# the settings a configuration dict may give, section by section, and the attribute each sets
_SETTINGS = {
    "fn_flag": "_fn_flag",
    "gc_flag": "_gc_flag",
    "param_groups": "_param_groups",
    "freeze_type": "_freeze_type",
    "freeze_p": "_freeze_p",
    "total_steps": "_total_steps",
    "device_number": "device_number",
    "gradient_split_groups": "gradient_groups",
    "grad_accumulation_step": "grad_accumulation_step",
    "rho": "rho",
    "gamma": "gamma",
    "alpha": "alpha",
    "sigma": "sigma",
    "n_components": "n_components",
    "pca_mat_path": "pca_mat_path",
    "weight_load_dir": "weight_load_dir",
    "timeout": "timeout",
}


class AutoBoost:
    """The boost configuration of the process (one instance: the first construction decides it,
    as in MindSpore).

    Args:
        level (str): ``"O0"`` (nothing), ``"O1"`` (LessBN and gradient freezing) or ``"O2"``
            (also AdaSum); another value means ``"O0"``. Default: ``"O0"``.
        boost_config_dict (dict): ``{"boost": {"mode": "auto" | "manual" | "enable_all" |
            "disable_all", <algorithm>: bool, ...}, "common": {...}, "less_bn": {"fn_flag",
            "gc_flag"}, "grad_freeze": {"param_groups", "freeze_type", "freeze_p",
            "total_steps"}, "grad_accumulation": {"grad_accumulation_step"}, "dim_reduce":
            {...}}``; the settings of an algorithm's section apply when it is on. Default: ``""``.

    Raises:
        ValueError: the mode is not one of the four.

    Examples:
        >>> from deepsink.boost import AutoBoost
        >>> boost = AutoBoost("O1", {"boost": {"mode": "auto"}})
        >>> print(boost.boost_config["grad_freeze"])
        True
    """

    _instance_lock = threading.Lock()
    _instance = None

    def __new__(cls, *args: Any, **kwargs: Any) -> AutoBoost:
        if AutoBoost._instance is None:
            with AutoBoost._instance_lock:
                if AutoBoost._instance is None:
                    AutoBoost._instance = object.__new__(cls)
                    AutoBoost._instance.level = None
                    AutoBoost._instance.boost_config_dict = None
        return AutoBoost._instance

    def __init__(self, level: str = "O0", boost_config_dict: Any = "") -> None:
        if level not in _boost_config_level:
            level = "O0"
        if self._instance.level is not None:
            return
        self.level = level
        self.boost_config_dict = boost_config_dict
        self._fn_flag = True
        self._gc_flag = True
        self._param_groups = 10
        self._freeze_type = 1
        self._freeze_p = 0.7
        self._total_steps = 65536
        self.gradient_groups = None
        self.device_number = 8
        self.grad_accumulation_step = 1
        self.rho = 0.55
        self.gamma = 0.9
        self.alpha = 0.001
        self.sigma = 0.4
        self.n_components = 32
        self.pca_mat_path = None
        self.weight_load_dir = None
        self.local_pca_mat_path = None
        self.timeout = 1800
        self.boost_config = self._get_configuration(level, boost_config_dict)
        self._param_processer = ParameterProcess()

    def network_auto_process_train(self, network: Cell, optimizer: Cell) -> tuple[Cell, Cell]:
        """The training network and optimizer with the configured algorithms applied: LessBN
        (and gradient centralization), gradient freezing (a ``FreezeOpt``), AdaSum's flag.

        Raises:
            RuntimeError: ``dim_reduce`` is on (it needs the PCA matrix of saved weights and
                the distributed ranks, which deepsink does not build).
        """
        if self.boost_config.get("dim_reduce"):
            raise RuntimeError(
                "For 'AutoBoost', 'dim_reduce' is not supported by deepsink: MindSpore's "
                "DimReduce projects the gradients on a PCA matrix computed from checkpoints and "
                "split over the distributed ranks, which deepsink does not implement"
            )
        if self.boost_config.get("less_bn"):
            network = LessBN(network, fn_flag=self._fn_flag)
            process = OptimizerProcess(optimizer)
            groups = self._param_processer.assign_parameter_group(
                network.trainable_params(), self.gradient_groups
            )
            process.origin_params = ParameterProcess.generate_group_params(
                groups, process.origin_params
            )
            if self._gc_flag:
                process.add_grad_centralization(network)
            optimizer = process.generate_new_optimizer()
        if self.boost_config.get("grad_freeze"):
            freeze = GradientFreeze(
                self._param_groups, self._freeze_type, self._freeze_p, self._total_steps
            )
            network, optimizer = freeze.freeze_generate(network, optimizer)
        if self.boost_config.get("adasum"):
            object.__setattr__(optimizer, "adasum", True)
        return network, optimizer

    def network_auto_process_eval(self, network: Cell) -> Cell:
        """The evaluation network: wrapped in ``LessBN`` when it is on."""
        if self.boost_config.get("dim_reduce"):
            return network
        if self.boost_config.get("less_bn"):
            network = LessBN(network)
        return network

    def _get_configuration(self, level: str, boost_config_dict: Any) -> dict:
        level_config = copy.copy(_boost_config_level[level])
        if not boost_config_dict:
            return level_config
        mode = boost_config_dict.get("boost", {}).get("mode", "auto")
        if mode not in _boost_config_mode:
            raise ValueError(f"The boost mode must be in {_boost_config_mode}, but got {mode}")
        if mode == "manual":
            for key, value in boost_config_dict["boost"].items():
                if key in level_config:
                    level_config[key] = value
        elif mode == "enable_all":
            level_config = dict.fromkeys(level_config, True)
        elif mode == "disable_all":
            level_config = dict.fromkeys(level_config, False)
        for key, section in boost_config_dict.items():
            if (key in level_config and level_config[key]) or key == "common":
                for setting, value in section.items():
                    if setting in _SETTINGS:
                        self._set(setting, value)
        return level_config

    def _set(self, setting: str, value: Any) -> None:
        if setting == "gradient_split_groups":
            if not isinstance(value, list | int):
                raise ValueError(f"gradient_groups `{value}` is not in (list, int)")
            value = [value] if isinstance(value, int) else value
        setattr(self, _SETTINGS[setting], value)
