"""MindSpore's ``mindspore.log``: the framework logger (``logger.warning(...)`` in user code too).

The level comes from ``GLOG_v`` as in MindSpore (0 DEBUG, 1 INFO, 2 WARNING (default), 3 ERROR,
4 CRITICAL); messages go to stderr as ``[LEVEL] DEEPSINK(pid,...):time [file:line] message``.
Writing to a log directory (``GLOG_log_dir``) is MindSpore's multi-process file logging; here it
is a plain ``logging.FileHandler`` on ``<GLOG_log_dir>/deepsink.log``.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

_LEVELS = {
    "0": logging.DEBUG,
    "1": logging.INFO,
    "2": logging.WARNING,
    "3": logging.ERROR,
    "4": logging.CRITICAL,
}
_NAMES = {
    logging.DEBUG: "DEBUG",
    logging.INFO: "INFO",
    logging.WARNING: "WARNING",
    logging.ERROR: "ERROR",
    logging.CRITICAL: "CRITICAL",
}
_LOGGER: logging.Logger | None = None


def _level_from_env() -> int:
    raw = os.environ.get("GLOG_v", "2")
    if raw not in _LEVELS:
        raise ValueError(
            f"For 'mindspore.log', the environment variable GLOG_v must be one of "
            f"{sorted(_LEVELS)}, but got {raw!r}"
        )
    return _LEVELS[raw]


def _get_logger() -> logging.Logger:
    """The ``deepsink`` logger, configured from the environment on first use."""
    global _LOGGER
    if _LOGGER is None:
        log = logging.getLogger("deepsink")
        log.setLevel(_level_from_env())
        log.propagate = False
        fmt = logging.Formatter(
            "[%(levelname)s] DEEPSINK(%(process)d,%(threadName)s):%(asctime)s "
            "[%(filename)s:%(lineno)d] %(message)s"
        )
        if os.environ.get("GLOG_logtostderr", "1") == "1":
            handler: logging.Handler = logging.StreamHandler(sys.stderr)
        else:
            log_dir = os.path.realpath(os.environ.get("GLOG_log_dir", "."))
            os.makedirs(log_dir, exist_ok=True)
            handler = logging.FileHandler(os.path.join(log_dir, "deepsink.log"))
        handler.setFormatter(fmt)
        log.addHandler(handler)
        _LOGGER = log
    return _LOGGER


def debug(msg: Any, *args: Any, **kwargs: Any) -> None:
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg: Any, *args: Any, **kwargs: Any) -> None:
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg: Any, *args: Any, **kwargs: Any) -> None:
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg: Any, *args: Any, **kwargs: Any) -> None:
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg: Any, *args: Any, **kwargs: Any) -> None:
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)


def get_level() -> str:
    """The level as MindSpore reports it: ``"2"`` for WARNING (the ``GLOG_v`` digit).

    Args:
        None.

    Returns:
        str, ``"0"`` (DEBUG), ``"1"`` (INFO), ``"2"`` (WARNING) or ``"3"`` (ERROR).

    Examples:
        >>> import deepsink as ms
        >>> print(ms.get_level() in ("0", "1", "2", "3"))
        True
    """
    level = _get_logger().level
    return next(k for k, v in _LEVELS.items() if v == level)


def get_log_config() -> dict[str, str]:
    """The logging settings in effect, under MindSpore's keys (``GLOG_v``, ``GLOG_logtostderr``,
    ``GLOG_log_dir``).

    Args:
        None.

    Returns:
        dict[str, str], each setting's value.

    Examples:
        >>> import deepsink as ms
        >>> print(sorted(ms.get_log_config()))
        ['GLOG_log_dir', 'GLOG_logtostderr', 'GLOG_v']
    """
    return {
        "GLOG_v": get_level(),
        "GLOG_logtostderr": os.environ.get("GLOG_logtostderr", "1"),
        "GLOG_log_dir": os.environ.get("GLOG_log_dir", ""),
    }


class _LogActionOnce:
    """Decorator that lets the wrapped call log ``logger.warning`` the first time for ``key`` and
    silences it on later calls with that key (and on every call with ``no_warning=True``): how
    MindSpore's layers avoid repeating a warning per instance. A logger without ``warning`` is
    left alone."""

    is_logged: dict = {}

    def __init__(self, logger: Any, key: str, no_warning: bool = False) -> None:
        self.logger = logger
        self.key = key
        self.no_warning = no_warning

    def __call__(self, func):
        def wrapper(*args, **kwargs):
            if not hasattr(self.logger, "warning"):
                return func(*args, **kwargs)
            original = self.logger.warning
            if self.no_warning or self.key in _LogActionOnce.is_logged:
                self.logger.warning = lambda msg: msg
            else:
                _LogActionOnce.is_logged[self.key] = True
            try:
                return func(*args, **kwargs)
            finally:
                self.logger.warning = original

        return wrapper
