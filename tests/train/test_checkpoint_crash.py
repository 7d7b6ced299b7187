"""Checkpoints under SIGKILL, in real subprocesses (tests/support/ckpt_jobs.py).

- A process killed while writing a large checkpoint leaves the previous checkpoint intact and
  loadable (keep_checkpoint_max=1 did not delete it first) and no partial file named as one.
- The LeNet/MNIST sink job (small) killed after epoch 2 and restarted from its epoch-2 checkpoint with
  initial_epoch=2, or by BackupAndRestore, gives bit-identical losses for epochs 3-4 and
  bit-identical final parameters (optimizer state, dataset position and shuffle, random key).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from faultkit import HANG_S, wait_until

import deepsink as ms

JOBS = Path(__file__).resolve().parents[1] / "support" / "ckpt_jobs.py"


def run(job: str, out: Path, expect_kill: bool = False) -> None:
    p = subprocess.run(
        [sys.executable, str(JOBS), job, str(out)], capture_output=True, text=True, timeout=HANG_S
    )
    if expect_kill:
        assert p.returncode == -signal.SIGKILL, p.stderr[-3000:]
    else:
        assert p.returncode == 0, p.stderr[-3000:]


def losses(out: Path, job: str) -> dict[str, float]:
    return json.loads((out / f"losses-{job}.json").read_text())


def assert_same_params(a: Path, b: Path) -> None:
    x, y = np.load(a), np.load(b)
    assert sorted(x) == sorted(y)
    for k in x:
        np.testing.assert_array_equal(x[k], y[k], err_msg=k)


@pytest.fixture(scope="module")
def full_run(tmp_path_factory) -> Path:
    """The uninterrupted 4-epoch run, shared by the resume tests."""
    out = tmp_path_factory.mktemp("full")
    run("full", out)
    return out


@pytest.mark.slow
def test_sigkill_during_a_write_keeps_the_previous_checkpoint(tmp_path):
    p = subprocess.Popen(
        [sys.executable, str(JOBS), "slow-write", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until((tmp_path / "mid-write").exists, "the second checkpoint's stalled write", p)
        (temp,) = tmp_path.glob(".big-2_4.ckpt.*.tmp")  # the writer's hidden temp file
        assert (tmp_path / "big-1_4.ckpt").exists() and temp.stat().st_size > 1 << 20
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=HANG_S)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stderr.close()
    files = sorted(os.listdir(tmp_path))
    assert [f for f in files if f.endswith(".ckpt")] == ["big-1_4.ckpt"], files
    good = ms.load_checkpoint(str(tmp_path / "big-1_4.ckpt"))
    assert good["0.weight"].shape == (1024, 1024) and "moments.2.bias" in good
    (partial,) = tmp_path.glob(".big-2_4.ckpt.*.tmp")
    assert partial.stat().st_size < (tmp_path / "big-1_4.ckpt").stat().st_size
    # a new run in that folder does not take the partial file for a checkpoint of the prefix
    from deepsink.train import ModelCheckpoint

    assert ModelCheckpoint("big", str(tmp_path))._prefix == "big_1"


@pytest.mark.slow
def test_seed_lenet_killed_after_epoch_2_resumes_bit_identically(tmp_path, full_run):
    full, crashed = full_run, tmp_path / "crashed"
    run("crash", crashed, expect_kill=True)
    assert sorted(losses(crashed, "crash")) == ["1", "2"]
    assert sorted(os.listdir(crashed))[:2] == ["lenet-1_15.ckpt", "lenet-2_15.ckpt"]
    run("resume", crashed)
    ref = losses(full, "full")
    assert losses(crashed, "resume") == {"3": ref["3"], "4": ref["4"]}
    assert_same_params(full / "params-full.npz", crashed / "params-resume.npz")


@pytest.mark.slow
def test_backup_and_restore_after_sigkill_is_bit_identical(tmp_path, full_run):
    out = tmp_path / "b"
    run("backup-crash", out, expect_kill=True)
    assert os.listdir(out / "backup") == ["backup.ckpt"]
    run("backup-resume", out)
    ref = losses(full_run, "full")
    assert losses(out, "backup-resume") == {"3": ref["3"], "4": ref["4"]}
    assert_same_params(full_run / "params-full.npz", out / "params-backup-resume.npz")
    assert os.listdir(out / "backup") == []
