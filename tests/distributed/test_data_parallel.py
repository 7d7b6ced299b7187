"""Data parallel over two worker processes (127.0.0.1) equals one process on the joint batch.

Two ranks each train LeNet on their shard of the MNIST tutorial pipeline (num_shards=2, 32 per rank,
gradients_mean=True); one process trains the same network on the same 64 samples per step. The
Parameters after N steps must agree (1e-5) on both ranks, in sink and non-sink mode.
"""

import json
import os
import sys

import numpy as np
import pytest
from faultkit import HANG_S
from launchkit import DIST_TESTS, launch

LR = 0.1
WORKER = os.path.join(DIST_TESTS, "dp_worker.py")


def _reference(out, steps, modes):
    import subprocess

    cmd = [
        sys.executable,
        "-m",
        "deepsink",
        "run",
        WORKER,
        str(out),
        str(steps),
        "--single",
        "--modes",
        modes,
        "--lr",
        str(LR),
    ]
    subprocess.run(cmd, check=True, capture_output=True, timeout=HANG_S)


def _check_equivalent(tmp_path, steps, modes):
    out = tmp_path / "out"
    out.mkdir()
    res = launch(tmp_path, WORKER, out, steps, "--modes", modes, "--lr", LR)
    assert res.returncode == 0, res.stdout + res.stderr
    _reference(out, steps, modes)
    for rank in (0, 1):  # msrun's layout: one log per worker, each rank's LossMonitor in its own
        log = (tmp_path / "logs" / f"worker_{rank}.log").read_text()
        assert f"epoch: 1 step: {steps}, loss is" in log
    for mode in modes.split(","):
        for rank in (0, 1):
            stats = json.loads((out / f"{mode}_rank{rank}.json").read_text())
            if mode == "sink":  # one program for the sink, the all-reduce inside it
                assert stats == {"eager_collectives": 0, "sink_dispatches": 1}
            else:  # GRAPH_MODE, and PyNative's captured TrainOneStepCell: the compiled step
                assert stats["eager_collectives"] == 0  # holds the all-reduce
        single = np.load(out / f"{mode}_single.npz")
        init = np.load(out / "init_single.npz")
        for rank in (0, 1):
            dist = np.load(out / f"{mode}_rank{rank}.npz")
            assert sorted(dist.files) == sorted(single.files)
            for name in single.files:
                where = f"{mode} rank {rank} {name}"
                np.testing.assert_allclose(
                    dist[name], single[name], rtol=0, atol=1e-5, err_msg=where
                )
                # LeNet's small initial weights move little in a few steps, so the updates
                # themselves must agree too (a wrong reduction changes them by a factor)
                moved, dist_moved = single[name] - init[name], dist[name] - init[name]
                scale = np.abs(moved).max()
                assert scale > 1e-6, where
                assert np.abs(dist_moved - moved).max() <= 1e-3 * scale, where


def test_two_ranks_sink_equal_one_process_on_the_joint_batch(tmp_path):
    _check_equivalent(tmp_path, 3, "sink")


@pytest.mark.slow
def test_two_ranks_equal_one_process_in_every_mode(tmp_path):
    _check_equivalent(tmp_path, 6, "pynative,graph,sink")


@pytest.mark.slow
def test_the_data_parallel_example_runs_on_two_ranks(tmp_path):
    example = os.path.join(DIST_TESTS, "..", "..", "examples", "lenet_data_parallel.py")
    res = launch(tmp_path, example, "--epochs", 1, "--sink-size", 20, extra=("--join", "True"))
    assert res.returncode == 0, res.stdout + res.stderr
    for rank in (0, 1):
        log = (tmp_path / "logs" / f"worker_{rank}.log").read_text()
        assert f"rank {rank}/2: 937 batches of 32" in log
        assert "epoch: 1 step: 20, loss is" in log
        assert f"rank {rank}: accuracy on its test shard" in log
