"""Semi-auto parallel across processes: the operator-parallel sample under ``deepsink launch``
with 2 processes of 4 CPU devices each trains to the losses of one process with 8 devices,
with ``full_batch=True`` and with each process reading its own shard of the dataset.

The processes join with ``jax.distributed`` (CPU collectives: Gloo); the network is one GSPMD
program over the 8 devices of both. The one-process run is the same worker with 8 devices.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from faultkit import HANG_S
from launchkit import DIST_TESTS, launch

WORKER = os.path.join(DIST_TESTS, "semi_auto_launch_worker.py")
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_two_processes_of_four_devices_train_like_one_of_eight(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=4")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    res = launch(tmp_path, WORKER, out, "launch")
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8")
    subprocess.run(
        [sys.executable, WORKER, str(out), "single"],
        check=True,
        capture_output=True,
        timeout=HANG_S,
        env=env,
        cwd=tmp_path,
    )
    single = json.loads((out / "single_rank0.json").read_text())
    assert (single["processes"], single["devices"]) == (1, 8)
    for rank in (0, 1):
        dist = json.loads((out / f"launch_rank{rank}.json").read_text())
        assert (dist["processes"], dist["devices"], dist["local_devices"]) == (2, 8, 4)
        assert dist["group_size"] == 2
        for key in ("losses", "sink"):
            assert len(dist[key]) == 20
            # the same program; Gloo's all-reduce adds in another order than one process's
            np.testing.assert_allclose(dist[key], single[key], rtol=0, atol=1e-5, err_msg=key)
        # the weight is laid out over the devices of both processes as over one process's 8
        assert dist["weight_sharding"] == single["weight_sharding"]
        # full_batch=False: each process fed its own shard, one process the whole batch
        for key, losses in single["sharded"].items():
            assert len(losses) == 4, key
            np.testing.assert_allclose(dist["sharded"][key], losses, rtol=0, atol=1e-5, err_msg=key)
