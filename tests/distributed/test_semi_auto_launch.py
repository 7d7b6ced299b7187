"""Semi-auto parallel across processes: the operator-parallel sample under ``deepsink launch``
with 2 processes of 4 CPU devices each trains to the losses of one process with 8 devices,
with ``full_batch=True`` and with each process reading its own shard of the dataset.

The processes join with ``jax.distributed`` (CPU collectives: Gloo); the network is one GSPMD
program over the 8 devices of both. The one-process run is the same worker with 8 devices.
"""

import json
import subprocess
import sys

import numpy as np
import pytest
from faultkit import HANG_S
from launchkit import DIST_TESTS, launch_ranks, simulated_devices

WORKER = f"{DIST_TESTS}/semi_auto_launch_worker.py"


@pytest.mark.slow
def test_two_processes_of_four_devices_train_like_one_of_eight(tmp_path, monkeypatch):
    single_out = tmp_path / "single"
    single_out.mkdir()
    # the one-process run starts first and runs while the launched processes meet
    log = tmp_path / "single.log"
    with open(log, "w") as f:
        single_run = subprocess.Popen(
            [sys.executable, WORKER, str(single_out), "single"],
            stdout=f,
            stderr=subprocess.STDOUT,
            env=simulated_devices(8),
            cwd=tmp_path,
        )
    try:
        ranks = launch_ranks(tmp_path, monkeypatch, WORKER)
        single_run.wait(timeout=HANG_S)
    finally:
        single_run.kill()
    assert single_run.returncode == 0, log.read_text()[-3000:]
    single = json.loads((single_out / "single_rank0.json").read_text())
    assert (single["processes"], single["devices"]) == (1, 8)
    for dist in ranks:
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
