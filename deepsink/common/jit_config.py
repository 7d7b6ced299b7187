"""MindSpore's ``JitConfig``: compile options a Cell carries (``Cell.set_jit_config``).

The options select MindSpore's own compiler passes and Ascend execution modes. deepsink compiles
every program with XLA, which has no such levels, so each option is checked as MindSpore checks it
and a value that would change MindSpore's compilation warns once that it has no effect here.
"""

from __future__ import annotations

import warnings
from typing import Any

_WARNED: set[str] = set()


def warn_no_effect(api: str, option: str, value: Any, why: str) -> None:
    """Warn once per (api, option) that ``option=value`` changes nothing in deepsink."""
    key = f"{api}.{option}"
    if key in _WARNED:
        return
    _WARNED.add(key)
    warnings.warn(
        f"For '{api}', '{option}={value!r}' has no effect in deepsink: {why}", stacklevel=3
    )


_XLA = "every program is compiled by XLA with its full optimization pipeline"


class JitConfig:
    """Compile options for a Cell (MindSpore 2.10's ``mindspore.JitConfig``).

    Args:
        jit_level (str): MindSpore's compiler level (``'O0'``, ``'O1'``); XLA has one pipeline, so
            it changes nothing and warns. Default: ``''``.
        exc_mode (str): ``'auto'``, ``'sink'`` or ``'no_sink'``. Default: ``'auto'``.
        jit_syntax_level (str): ``'STRICT'``, ``'COMPATIBLE'`` or ``'LAX'``. Default: ``''``.
        debug_level (str): ``'RELEASE'`` or ``'DEBUG'``. Default: ``'RELEASE'``.
        infer_boost (str): ``'on'`` or ``'off'``. Default: ``'off'``.
        kwargs (Any): other options.

    Examples:
        >>> import deepsink as ms
        >>> config = ms.JitConfig(exc_mode='auto')
        >>> print(config.jit_config_dict['exc_mode'])
        auto
    """

    def __init__(
        self,
        jit_level: str = "",
        exc_mode: str = "auto",
        jit_syntax_level: str = "",
        debug_level: str = "RELEASE",
        infer_boost: str = "off",
        **kwargs: Any,
    ) -> None:
        _check("jit_level", jit_level, ["O0", "O1", "O2"], allow_empty=True)
        _check("exc_mode", exc_mode, ["auto", "sink", "no_sink"])
        _check(
            "jit_syntax_level", jit_syntax_level, ["STRICT", "COMPATIBLE", "LAX"], allow_empty=True
        )
        _check("debug_level", debug_level, ["RELEASE", "DEBUG"])
        _check("infer_boost", infer_boost, ["on", "off"])
        if jit_level:
            warn_no_effect("JitConfig", "jit_level", jit_level, _XLA)
        if exc_mode != "auto":
            warn_no_effect(
                "JitConfig",
                "exc_mode",
                exc_mode,
                "a Cell's program always runs as one XLA executable",
            )
        if debug_level != "RELEASE":
            warn_no_effect(
                "JitConfig",
                "debug_level",
                debug_level,
                "errors always name the source line; save_graphs writes the programs",
            )
        if infer_boost != "off":
            warnings.warn(
                "For 'JitConfig', 'infer_boost' is deprecated and has no effect",
                DeprecationWarning,
                stacklevel=2,
            )
        self.jit_config_dict = {
            "jit_level": jit_level,
            "exc_mode": exc_mode,
            "jit_syntax_level": jit_syntax_level,
            "debug_level": debug_level,
            "infer_boost": infer_boost,
            "backend": kwargs.pop("backend", "ms_backend"),
            **{k: str(v) for k, v in kwargs.items()},
        }

    def __repr__(self) -> str:
        return f"JitConfig({self.jit_config_dict})"


def _check(name: str, value: Any, allowed: list[str], allow_empty: bool = False) -> None:
    if isinstance(value, str) and (value in allowed or (allow_empty and value == "")):
        return
    raise ValueError(f"For '{name}' must be one of '{allowed}', but got {value!r}.")
