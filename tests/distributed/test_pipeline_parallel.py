"""Pipeline parallel (``pipeline_stages`` > 1) on 8 simulated CPU devices.

JAX fixes its device count when it starts, so the checks run in one subprocess
(``pipeline_worker.py``, XLA_FLAGS=--xla_force_host_platform_device_count=8) and each test reads
its part of that run's JSON. The same sample under ``deepsink launch`` (2 processes of 4 devices,
``pipeline_launch_worker.py``) is compared with that one process of 8 devices. The network and step are docs/sample_code/
distributed_pipeline_parallel's; the stand-alone run is the same program without the parallel
context, in the same process. The schedule tests need no devices.
"""

from pathlib import Path

import numpy as np
import pytest
from faultkit import HANG_S
from launchkit import launch_ranks, run_on_devices

from deepsink._core import pipeline

WORKER = Path(__file__).with_name("pipeline_worker.py")
LAUNCH_WORKER = Path(__file__).with_name("pipeline_launch_worker.py")


@pytest.fixture(scope="module")
def results(request, tmp_path_factory):
    """The worker's parts, in one process: ``sample`` always, ``more`` when a selected test of
    this module reads it."""
    chosen = [it for it in request.session.items if it.path == request.path]
    parts = ["sample"] + (["more"] if any("more" in it.fixturenames for it in chosen) else [])
    out = tmp_path_factory.mktemp("pipeline") / "result.json"
    # optimized: the worker trains the sample 20 steps a run, six runs; -O0 costs it more in
    # running than it saves in compiling
    return run_on_devices(WORKER, out, out, ",".join(parts), timeout=2 * HANG_S, optimized=True)


@pytest.fixture(scope="module")
def run(results):
    return results["sample"]


@pytest.fixture(scope="module")
def more(results):
    return results["more"]


def test_pipeline_sample_trains_to_the_standalone_losses(run):
    s = run["sample"]
    assert len(s["standalone"]) == 20
    for key in ("1f1b", "gpipe"):
        np.testing.assert_allclose(s[key], s["standalone"], rtol=0, atol=1e-5, err_msg=key)
    assert s["standalone"][-1] < s["standalone"][0]


@pytest.mark.slow
def test_model_sink_with_pipeline_cell_matches_standalone(more):
    m = more["model_sample"]
    assert len(m["standalone"]) == 10  # one sink of 2 steps per epoch
    np.testing.assert_allclose(m["pipelined"], m["standalone"], rtol=0, atol=1e-5)


@pytest.mark.parametrize("key", ["1f1b", "gpipe", "full_batch", "tuple"])
def test_split_inside_a_stage_trains_to_the_standalone_losses(run, key):
    s = run["split"]
    assert len(s["standalone"]["losses"]) == 20
    np.testing.assert_allclose(
        s[key]["losses"], s["standalone"]["losses"], rtol=0, atol=1e-5, err_msg=key
    )
    assert s[key]["collectives"], key  # the stages' operators were split


def _groups(run, key, kind):
    return [sorted(map(sorted, g)) for k, g in run["split"][key]["collectives"] if k == kind]


def test_split_inside_a_stage_collectives_stay_in_the_stage(run):
    assert run["split"]["standalone"]["collectives"] == []
    for key in ("1f1b", "full_batch"):
        found = run["split"][key]["collectives"]
        assert found, key
        for _, groups in found:  # stage 0 is devices 0-3, stage 1 devices 4-7
            for g in groups:
                assert all(d < 4 for d in g) or all(d >= 4 for d in g), (key, g)
    # MatMul ((1, 2), (2, 1)) on a stage of 4 devices: device matrix (1, 2, 1) and a repeat of 2
    # on the right, so its split contraction is summed over devices 2 apart
    stride_2 = [[0, 2], [1, 3], [4, 6], [5, 7]]
    assert stride_2 in _groups(run, "full_batch", "all-reduce")
    # data parallel inside the stages: the gradients are summed over each stage's 4 devices
    assert [[0, 1, 2, 3], [4, 5, 6, 7]] in _groups(run, "1f1b", "all-reduce")


def test_stages_hold_only_their_parameters(run):
    p = run["sample"]["program"]
    assert (p["stages"], p["devices_per_stage"], p["micro"]) == (2, 4, 4)
    # stage 0: the 784x512 MatMul weight and Dense(512, 512); stage 1: Dense(512, 10)
    assert p["stage_param_bytes"] == [(784 * 512 + 512 * 512 + 512) * 4, (512 * 10 + 10) * 4]
    assert p["device_param_bytes"] == max(p["stage_param_bytes"]) < p["param_bytes"]


def test_each_device_runs_its_stage_by_the_schedule(run):
    ticks = run["sample"]["ticks"]
    assert sorted(t["stage"] for t in ticks) == [0, 0, 0, 0, 1, 1, 1, 1]
    for t in ticks:  # 4 micro-batches: 4 forwards, 4 backwards, (stages - 1) * 2 idle ticks
        assert (t["forward"], t["backward"], t["idle"]) == (4, 4, 2)
    # 1F1B keeps at most 2 stage inputs per stage, GPipe all 4
    assert run["sample"]["program"]["slots"] == 2
    assert run["sample"]["gpipe_program"]["slots"] == 4


@pytest.mark.slow
def test_shared_parameter_across_stages(more):
    s = more["shared"]
    for key in ("1f1b", "gpipe"):
        np.testing.assert_allclose(s[key][0], s["standalone"][0], rtol=0, atol=1e-5)
        assert s[key][1] == s["standalone"][1] == 7


@pytest.mark.slow
def test_auto_parallel_pipeline_with_stage_config(more):
    a = more["auto_parallel"]
    (standalone, none), (pipelined, traced) = a["standalone"], a["pipelined"]
    assert none == [] and traced == [2]  # the pipeline program ran (2 stages)
    np.testing.assert_allclose(pipelined, standalone, rtol=0, atol=1e-5)


def test_activations_move_by_collective_permute(run):
    assert run["hlo"]["collective-permute"] >= 2  # forward and backward sends


@pytest.mark.slow
def test_pipeline_sample_on_two_processes_trains_like_one(run, tmp_path, monkeypatch):
    """``pipeline_launch_worker.py`` under ``deepsink launch``, 2 processes of 4 CPU devices (a
    stage per process), against this module's one process of 8 devices: the sample (1F1B) and
    the pipeline whose operators are split inside the stages train to the same losses."""
    assert (run["processes"], run["devices"]) == (1, 8)
    single = {
        "sample": run["sample"]["1f1b"],
        "split": run["split"]["1f1b"]["losses"],
        "split_collectives": run["split"]["1f1b"]["collectives"],
        "split_tuple": run["split"]["tuple"]["losses"],
    }
    ranks = launch_ranks(
        tmp_path, monkeypatch, str(LAUNCH_WORKER), timeout=3 * HANG_S, optimized=True
    )
    for rank, dist in enumerate(ranks):
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


def test_pipeline_errors(run):
    e = run["errors"]
    assert e["config_type"][0] == "TypeError"
    assert e["config_key"] == ["ValueError", "Unknown config: ['pipeline_stage']"]
    assert e["gpipe_without_interleave"] == [
        "TypeError",
        "When pipeline_interleave is False, 'gpipe' is not supported, only '1f1b' is allowed.",
    ]
    assert e["seqpipe"] is None  # accepted: test_pipeline_schedules.py runs it
    assert e["stage_too_large"][0] == "RuntimeError"
    assert "pipeline_stage 2, but pipeline_stages is 2" in e["stage_too_large"][1]
    assert "increasing order" in e["stage_order"][1]
    assert e["not_scalar"][0] == "NotImplementedError"
    assert "cannot be divided evenly by pipeline_stages 3" in e["stages_not_dividing"][1]
    assert e["stage_config_unknown"][0] == "KeyError"


@pytest.mark.parametrize("kind", ["1f1b", "gpipe"])
@pytest.mark.parametrize(("stages", "micro"), [(2, 4), (4, 4), (4, 8), (3, 2)])
def test_schedule_bubble_and_order(kind, stages, micro):
    sched = pipeline.build_schedule(kind, stages, micro)
    # every stage runs each micro-batch's forward once and backward once
    for s in range(stages):
        for act in (pipeline.FWD, pipeline.BWD):
            done = sorted(sched.micro[sched.action[:, s] == act, s].tolist())
            assert done == list(range(micro))
    # both schedules: 2 (M + S - 1) ticks, bubble (S - 1) / (M + S - 1)
    assert sched.action.shape[0] == 2 * (micro + stages - 1)
    assert sched.bubble == pytest.approx((stages - 1) / (micro + stages - 1))
    assert sched.slots == (min(stages, micro) if kind == "1f1b" else micro)


def test_cell_pipeline_stage_property():
    from deepsink import nn

    cell = nn.ReLU()
    assert cell.pipeline_stage is None
    cell.pipeline_stage = 1
    assert cell.pipeline_stage == 1
    with pytest.raises(TypeError, match="must be int type"):
        cell.pipeline_stage = True
    with pytest.raises(ValueError, match="can not be less than 0"):
        cell.pipeline_stage = -1
