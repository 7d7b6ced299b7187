"""Pipeline parallel across processes: the pipeline sample under ``deepsink launch`` with 2
processes of 4 CPU devices each (a stage per process) trains to the losses of one process with
8 devices; so does a pipeline whose operators are split inside the stages.

The processes join with ``jax.distributed`` (CPU collectives: Gloo); the pipeline is one SPMD
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

WORKER = os.path.join(DIST_TESTS, "pipeline_launch_worker.py")
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_pipeline_sample_on_two_processes_trains_like_one(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=4")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    res = launch(tmp_path, WORKER, out, "launch", timeout=3 * HANG_S)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=8")
    subprocess.run(
        [sys.executable, WORKER, str(out), "single"],
        check=True,
        capture_output=True,
        timeout=3 * HANG_S,
        env=env,
        cwd=tmp_path,
    )
    single = json.loads((out / "single_rank0.json").read_text())
    assert (single["processes"], single["devices"]) == (1, 8)
    for rank in (0, 1):
        dist = json.loads((out / f"launch_rank{rank}.json").read_text())
        assert (dist["processes"], dist["devices"]) == (2, 8)
        for key in ("sample", "split", "split_tuple"):
            assert len(dist[key]) == 20
            np.testing.assert_allclose(dist[key], single[key], rtol=0, atol=1e-5, err_msg=key)
        assert dist["split_collectives"] == single["split_collectives"]
        # a process's batch its devices cannot split: the dataset strategy's error, not JAX's
        kind, text = dist["wrong_batch"]
        assert kind == "RuntimeError"
        assert "dataset_strategy (8, 1)" in text and "input 0 of shape (6, 4)" in text
        assert f"process {rank} of 2" in text and "8 devices" in text
        assert "divisible by 4, but it is 6" in text
