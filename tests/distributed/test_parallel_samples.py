"""MindSpore's own parallel samples, unchanged, on 8 simulated CPU devices.

The samples are the published files (``tests/fixtures/parallel_samples``, README there: sources,
hashes, license); ``import mindspore`` is deepsink. One ``deepsink launch --worker_num 1`` worker
with 8 devices runs each sample's own task (``train.py``, ``pytest -s -v ...::test_...``,
``python ...``) as the launcher runs it, then the same sample stand-alone (its parallel settings
left out, one device), in ``parallel_samples_worker.py``; the slow test runs the samples under
``deepsink launch`` with 2 processes of 4 devices. Each sample's MNIST folder is 64 random
images in MNIST's file format (no download; the worker writes it): 10 epochs of batches of 32 are 20 steps, of which
the samples print 10 losses; ``train.py`` trains its own 4 steps of a fixed batch.
"""

import hashlib
import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from launchkit import DIST_TESTS, REPO, launch, simulated_devices

SAMPLES = Path(REPO) / "tests" / "fixtures" / "parallel_samples"
WORKER = f"{DIST_TESTS}/parallel_samples_worker.py"
NAMES = [
    "operator_parallel",
    "distributed_operator_parallel",
    "distributed_optimizer_parallel",
    "distributed_pipeline_parallel",
]
STEPS = {"operator_parallel": 4}  # the others print 10 of their 20 steps
# the collectives MindSpore's docs describe for each sample, in its compiled programs:
# a split contraction (MatMul ((2, 4), (4, 1))) sums its partial products (AllReduce); the
# layout change between ReLU ((4, 1)) and MatMul ((1, 8), (8, 1)) gathers (AllGather); the
# parallel optimizer gathers each split weight before use (AllGather) and reduces each gradient
# (ReduceScatter; XLA:CPU keeps it an all-reduce followed by each device's slice); pipeline
# stages Send/Receive their activations and gradients (collective-permute)
COLLECTIVES = {
    "operator_parallel": {"all-reduce"},
    "distributed_operator_parallel": {"all-reduce", "all-gather"},
    "distributed_optimizer_parallel": {"all-gather", "all-reduce"},
    "distributed_pipeline_parallel": {"collective-permute"},
}


def published() -> dict:
    """The SHA-256 of each sample, as the fixtures' README records it."""
    text = (SAMPLES / "README.md").read_text()
    return dict(re.findall(r"\| `(\w+\.py)` \|.*\| `([0-9a-f]{64})` \|", text))


def run_samples(tmp_path, monkeypatch, workers: int, modes: str) -> list[dict]:
    """The worker under ``deepsink launch``: ``workers`` processes sharing 8 devices."""
    for f in published():
        shutil.copy(SAMPLES / f, tmp_path / f)
    for key, value in simulated_devices(8 // workers).items():
        if key in ("XLA_FLAGS", "PYTHONPATH"):
            monkeypatch.setenv(key, value)
    out = tmp_path / "out"
    out.mkdir()
    res = launch(tmp_path, WORKER, out, modes, workers=workers)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    return [json.loads((out / f"rank{r}.json").read_text()) for r in range(workers)]


@pytest.fixture(scope="module")
def one_process(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        return run_samples(tmp_path_factory.mktemp("one"), mp, 1, "parallel,standalone")[0]


def test_the_samples_are_the_published_files():
    hashes = published()
    assert sorted(hashes) == sorted(p.name for p in SAMPLES.glob("*.py"))
    for name, digest in hashes.items():
        assert hashlib.sha256((SAMPLES / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.parametrize("name", NAMES)
def test_one_process_of_eight_devices_trains_to_the_standalone_losses(one_process, name):
    run = one_process[name]
    alone = run["standalone"]["losses"]
    assert len(alone) == STEPS.get(name, 10)
    np.testing.assert_allclose(run["parallel"]["losses"], alone, rtol=0, atol=1e-5)
    assert alone[-1] < alone[0] or name == "operator_parallel"  # it trains (train.py: 4 steps)


@pytest.mark.parametrize("name", NAMES)
def test_the_compiled_programs_hold_the_collectives_the_docs_describe(one_process, name):
    run = one_process[name]
    assert COLLECTIVES[name] <= set(run["parallel"]["collectives"]), run["parallel"]
    assert run["standalone"]["collectives"] == {}  # the stand-alone run is one device's


@pytest.mark.slow
def test_two_processes_of_four_devices_train_to_the_standalone_losses(
    tmp_path, monkeypatch, one_process
):
    ranks = run_samples(tmp_path, monkeypatch, 2, "parallel")
    for rank, result in enumerate(ranks):
        for name in NAMES:
            alone = one_process[name]["standalone"]["losses"]
            np.testing.assert_allclose(
                result[name]["parallel"]["losses"], alone, rtol=0, atol=1e-5, err_msg=(rank, name)
            )
            assert COLLECTIVES[name] <= set(result[name]["parallel"]["collectives"]), name
