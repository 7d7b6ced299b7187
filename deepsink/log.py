"""``mindspore.log``: MindSpore's Python logger (``logger.info(...)``, ``get_level``).

MindSpore configures its logger from glog environment variables read once, at the first message:
``GLOG_v`` (0 DEBUG, 1 INFO, 2 WARNING (default), 3 ERROR, 4 CRITICAL) and ``GLOG_logtostderr``
(1, the default: to stderr). deepsink logs through the standard ``logging`` logger "deepsink", so
handlers a program adds to it see these messages too; log files (``GLOG_log_dir``) are not written.
"""

from __future__ import annotations

import logging
import os
import sys
import threading

__all__ = ["get_level", "get_log_config"]

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR}
_LEVELS["4"] = logging.CRITICAL
_GLOG = {v: k for k, v in _LEVELS.items()}
_lock = threading.Lock()
_state: dict[str, logging.Logger | None] = {"logger": None}


def _env_level(name: str, default: str) -> int:
    value = os.environ.get(name, default)
    if value not in _LEVELS:
        raise ValueError(
            f"Incorrect log level, please check the configuration of {name}, desired log level: "
            f"4-CRITICAL, 3-ERROR, 2-WARNING, 1-INFO, 0-DEBUG. But got {value}."
        )
    return _LEVELS[value]


def _get_logger() -> logging.Logger:
    logger = _state["logger"]
    if logger is not None:
        return logger
    with _lock:
        if _state["logger"] is None:
            logger = logging.getLogger("deepsink")
            level = _env_level("GLOG_v", "2")
            logger.setLevel(level)
            if os.environ.get("GLOG_logtostderr", "1") == "1" and not logger.handlers:
                handler = logging.StreamHandler(sys.stderr)
                handler.setFormatter(
                    logging.Formatter(
                        "[%(levelname)s] ME(%(process)d:%(thread)d,%(processName)s):"
                        "%(asctime)s [%(pathname)s:%(lineno)d] %(message)s"
                    )
                )
                logger.addHandler(handler)
            _state["logger"] = logger
    return _state["logger"]


def debug(msg: object, *args: object, **kwargs: object) -> None:
    _get_logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg: object, *args: object, **kwargs: object) -> None:
    _get_logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg: object, *args: object, **kwargs: object) -> None:
    _get_logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg: object, *args: object, **kwargs: object) -> None:
    _get_logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg: object, *args: object, **kwargs: object) -> None:
    _get_logger().critical(msg, *args, stacklevel=2, **kwargs)


def get_level() -> str:
    """The effective level as glog's digit: '0' DEBUG .. '4' CRITICAL."""
    return _GLOG.get(_get_logger().getEffectiveLevel(), "2")


def get_log_config() -> dict[str, str]:
    """``{'GLOG_v': level, 'GLOG_logtostderr': '1'|'0'}`` (deepsink writes no log files)."""
    return {"GLOG_v": get_level(), "GLOG_logtostderr": os.environ.get("GLOG_logtostderr", "1")}
