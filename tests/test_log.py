"""``mindspore.log``: the framework logger with MindSpore's GLOG_v levels."""

from __future__ import annotations

import os
import subprocess
import sys

from faultkit import HANG_S


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=HANG_S,
        env={**os.environ, **env},
    )


def test_default_level_is_warning_and_messages_go_to_stderr() -> None:
    code = (
        "from deepsink import log as logger; logger.info('quiet'); logger.warning('loud %d', 7);"
        "print(logger.get_level())"
    )
    res = _run(code)
    assert res.stdout.strip() == "2"
    assert "loud 7" in res.stderr and "quiet" not in res.stderr
    assert "[WARNING]" in res.stderr and "<string>" in res.stderr  # the caller's file


def test_glog_v_sets_the_level() -> None:
    res = _run("from deepsink import log as logger; logger.debug('seen')", GLOG_v="0")
    assert "[DEBUG]" in res.stderr and "seen" in res.stderr
    bad = _run("from deepsink import log as logger; logger.error('x')", GLOG_v="9")
    assert bad.returncode != 0 and "GLOG_v" in bad.stderr


def test_log_dir_when_not_logging_to_stderr(tmp_path) -> None:
    _run(
        "from deepsink import log as logger; logger.error('to file')",
        GLOG_logtostderr="0",
        GLOG_log_dir=str(tmp_path),
    )
    assert "to file" in (tmp_path / "deepsink.log").read_text()
