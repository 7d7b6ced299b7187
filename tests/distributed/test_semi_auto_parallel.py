"""Semi-auto parallel (``shard`` strategies, Layouts, AutoParallel) on 8 simulated CPU devices.

JAX fixes its device count when it starts, so the checks run in one subprocess
(``semi_auto_worker.py``, XLA_FLAGS=--xla_force_host_platform_device_count=8) and each test reads
its part of that run's JSON. The network is docs/sample_code/operator_parallel's (MatMul
``((2, 4), (4, 1))``, ReLU ``((8, 1),)``, 16x32 inputs); the stand-alone run is the same network
with parallel_mode reset, in the same process.
"""

from pathlib import Path

import numpy as np
import pytest
from launchkit import run_on_devices

WORKER = Path(__file__).with_name("semi_auto_worker.py")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("semi_auto") / "result.json"
    # optimized: at -O0 the split contraction's losses round more than 1e-5 from the stand-alone
    # ones over the 20 steps
    return run_on_devices(WORKER, out, out, optimized=True)


def test_operator_parallel_sample_trains_to_the_standalone_losses(run):
    s = run["sample"]
    assert len(s["standalone"]) == 20
    for key in ("semi_auto", "semi_auto_sink", "repeated", "data_parallel_input"):
        np.testing.assert_allclose(s[key], s["standalone"], rtol=0, atol=1e-5, err_msg=key)
    # the weight lives split: rows over the matmul's 4-way contraction split, repeated twice
    assert "devices=[4,1,2]" in s["weight_sharding"]
    assert "last_tile_dim_replicate" in s["weight_sharding"]


def test_hlo_has_the_collectives_mindspore_inserts(run):
    hlo = run["hlo"]
    # rows split 4 ways, then a column split: the rows are all-gathered between the matmuls
    assert hlo["row_then_col"]["all-gather"] + hlo["row_then_col"]["all-gather-start"] >= 1
    # the contraction dimension split 4 ways: the partial products are all-reduced
    assert hlo["contraction"]["all-reduce"] + hlo["contraction"]["all-reduce-start"] >= 1
    # no strategy: no collective
    assert not any(hlo["unsplit"].values())


def test_bad_strategies_raise_mindspore_errors(run):
    e = run["errors"]
    assert e["not_dividing"] == [
        "RuntimeError",
        "MatMul: The strategy is ((3, 1), (1, 1)), shape 16 cannot be divisible by strategy value 3",
    ]
    assert e["too_many_devices"] == [
        "RuntimeError",
        "MatMul: The strategy is ((4, 4), (4, 1)), it requires 16 devices, but the device number "
        "of this stage is 8, it can not be divisible by 16",
    ]
    assert e["strategy_len"] == [
        "RuntimeError",
        "MatMul: The strategy is ((2), (1, 1)), strategy len: 1 is not equal to inputs len: 2, "
        "index: 0",
    ]
    assert e["reduce_dim_mismatch"][0] == "RuntimeError"
    assert "reduce dimension" in e["reduce_dim_mismatch"][1]
    assert e["alias_not_in_matrix"] == ["ValueError", "The axis tp is not found in ('dp', 'mp')"]
    assert e["alias_twice"] == [
        "ValueError",
        "The axis dp has been set more than one in ('dp', 'mp')",
    ]
    assert e["layout_devices"][0] == "RuntimeError"
    assert "holds 16 devices, but the device number of this stage is 8" in e["layout_devices"][1]
    assert e["none_alias"][0] == "ValueError"


def test_auto_parallel_train_step_with_layouts_matches_standalone(run):
    a = run["auto_parallel"]
    np.testing.assert_allclose(a["parallel"], a["standalone"], rtol=0, atol=1e-6)
    assert a["parallel"][-1] < a["parallel"][0]


def test_parameter_plan_splits_the_parameter(run):
    # {"w1": (8, 1)} on a (32, 16) weight: each device holds 4 rows
    assert run["auto_parallel"]["plan_shard_shape"] == [4, 16]


def test_hsdp_splits_weights_and_optimizer_states(run):
    a = run["auto_parallel"]
    np.testing.assert_allclose(a["hsdp_loss"], a["replicated_loss"], rtol=0, atol=1e-6)
    # Dense(256, 128) + Momentum: weight, bias and their moments split 8 ways (the global step
    # and learning rate stay whole)
    assert a["hsdp_bytes"] * 7 < a["replicated_bytes"]


def test_grad_accumulation_over_the_split_batch_matches_standalone(run):
    a = run["auto_parallel"]
    np.testing.assert_allclose(
        a["accumulation_parallel"], a["accumulation_standalone"], rtol=0, atol=1e-6
    )


@pytest.mark.parametrize("level", ["level1", "level2", "level3"])
def test_transformer_block_holds_an_eighth_per_device(run, level):
    h = run["hsdp_levels"]
    np.testing.assert_allclose(
        h[level]["losses"], h["standalone"]["losses"], rtol=0, atol=1e-5, err_msg=level
    )
    # weights and Adam's two moments: every one split 8 ways
    assert h[level]["bytes"] == h["standalone"]["bytes"] == h["standalone"]["bytes_per_device"]
    assert h[level]["bytes_per_device"] * 8 <= h[level]["bytes"]


def test_hsdp_level3_gathers_the_weights_again_for_the_backward_pass(run):
    h = run["hsdp_levels"]
    assert h["level1"]["all-gather"] >= 1
    assert h["level3"]["all-gather"] > h["level1"]["all-gather"]
