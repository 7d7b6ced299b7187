"""Strategy files and checkpoints of a split run on 8 simulated CPU devices
(``parallel_checkpoint_worker.py``, in one subprocess): the run writes its strategy file,
resumes bit-identically from its whole checkpoint and from its 8 ranks' slices merged by
``load_distributed_checkpoint``, and a loaded strategy file lays the weight out again."""

from pathlib import Path

import numpy as np
import pytest
from launchkit import run_on_devices

WORKER = Path(__file__).with_name("parallel_checkpoint_worker.py")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("parallel_ckpt")
    return run_on_devices(WORKER, out / "result.json", out)


def test_resume_from_the_whole_checkpoint_is_bit_identical(run):
    assert len(run["uninterrupted"]) == 20
    assert run["resumed_whole"] == run["uninterrupted"][10:]


def test_resume_from_the_ranks_slices_is_bit_identical(run):
    # rank 0's file holds its slice: the 32 rows split 4 ways by the MatMul's strategy
    assert run["rank0_w1_shape"] == [8, 16]
    assert run["resumed_slices"] == run["uninterrupted"][10:]


def test_load_into_a_network_of_another_strategy_with_predict_strategy(run):
    p = run["predicted"]
    # w1 (32, 16) placed as predicted: its columns split over the 8 devices
    assert p["layout"] == {"dev_matrix": [8], "tensor_map": [-1, 0]}
    assert p["slice"] == [32, 2]
    np.testing.assert_allclose(p["losses"], run["uninterrupted"][10:], rtol=0, atol=1e-5)


def test_strategy_file_is_mindspores_json(run):
    items = run["strategy"]["parallel_layout_item"]
    assert set(items) == {"w1", "moments.w1", "global_step"}
    # devices in rank order as (2, 4); the weight's rows on the dimension of size 4
    assert items["w1"]["dev_matrix"] == [2, 4]
    assert items["w1"]["tensor_map"] == [0, -1]
    assert items["global_step"]["tensor_map"] == [-1]
    assert run["searched_w1"] == items["w1"]


def test_loaded_strategy_file_lays_the_weight_out(run):
    assert "'d0': 2, 'd1': 4" in run["loaded_sharding"]
    assert "spec=P('d1',)" in run["loaded_sharding"]


def test_transform_checkpoints_between_strategies(run):
    # to whole Parameters, and to the weight's columns split 8 ways: both resume the run
    assert run["resumed_transformed"] == run["uninterrupted"][10:]
    assert run["resumed_columns"] == run["uninterrupted"][10:]
    assert run["cols_rank3_w1_shape"] == [32, 2]
    assert run["transformed_ranks"] == [f"rank_{r}" for r in range(8)]
