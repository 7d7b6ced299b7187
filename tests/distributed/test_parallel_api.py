"""The semi-auto parallel API's arguments and checks (MindSpore 2.10's texts), in this one-device
process; the splitting itself runs on 8 devices in test_semi_auto_parallel.py."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.parallel.auto_parallel import AutoParallel


@pytest.fixture(autouse=True)
def _reset():
    yield
    ms.reset_auto_parallel_context()


def test_layout_tensor_map_counts_from_the_right():
    layout = ms.Layout((2, 2, 2), ("dp", "sp", "mp"))
    d = layout("dp", "mp").to_dict()
    assert d["tensor_map"] == (2, 0)
    assert d["device_matrix"] == (2, 2, 2)
    assert d["rank_list"] == list(range(8))
    assert layout(("sp", "dp"), "None").to_dict()["tensor_map"] == ((1, 2), -1)
    assert ms.parallel.Layout is ms.Layout


@pytest.mark.parametrize(
    "args, exc, text",
    [
        (([2, 4], ("dp", "mp")), TypeError, "device_matrix must be tuple type"),
        (
            ((2, 4), ("dp",)),
            ValueError,
            "device_matrix length should be equal to alias_name length",
        ),
        (((2, 4), ("dp", "dp")), ValueError, "should be different"),
        (((2, 4), ("dp", "")), ValueError, "can not be empty"),
        (((2, 4), ("dp", "mp"), [0, 1]), ValueError, "length of rank_list should be equal"),
    ],
)
def test_layout_rejects_what_mindspore_rejects(args, exc, text):
    with pytest.raises(exc, match=text):
        ms.Layout(*args)


def test_context_accepts_the_semi_auto_modes_and_their_options():
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, full_batch=True)
    assert ms.get_auto_parallel_context("parallel_mode") == "semi_auto_parallel"
    assert ms.get_auto_parallel_context("dataset_strategy") == "full_batch"
    ms.set_auto_parallel_context(dataset_strategy=((8, 1), (8, 1)))
    assert ms.get_auto_parallel_context("dataset_strategy") == ((8, 1), (8, 1))
    ms.set_auto_parallel_context(parallel_mode="auto_parallel", search_mode="sharding_propagation")
    assert ms.get_auto_parallel_context("search_mode") == "sharding_propagation"
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("dataset_strategy") == "data_parallel"
    assert ms.get_auto_parallel_context("search_mode") == "recursive_programming"
    with pytest.raises(ValueError, match="must be 'full_batch' or 'data_parallel'"):
        ms.set_auto_parallel_context(dataset_strategy="rows")
    with pytest.raises(TypeError, match="must be int type"):
        ms.set_auto_parallel_context(dataset_strategy=((8.0, 1),))
    with pytest.raises(ValueError, match="only support 'recursive_programming'"):
        ms.set_auto_parallel_context(search_mode="greedy")


def test_primitive_shard_with_layouts_records_in_layout():
    layout = ms.Layout((2, 4), ("dp", "mp"))
    mm = ops.MatMul().shard((layout("dp", "mp"), layout("mp", "None")))
    assert mm.in_layout[0]["tensor_map"] == (1, 0)
    assert mm.in_layout[1]["tensor_map"] == (0, -1)
    with pytest.raises(ValueError, match="need to set in_strategy"):
        ops.MatMul().shard(None, ((1, 1),))
    with pytest.raises(ValueError, match="in_strategy type must equal to the out_strategy type"):
        ops.MatMul().shard(((1, 1), (1, 1)), (layout("dp", "mp"),))


def test_more_devices_than_the_process_has_is_a_clear_error():
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=64)
    f = ms.jit(lambda x: x + 1)
    with pytest.raises(RuntimeError, match="device_num is 64, but this process has 1"):
        f(ms.Tensor(np.ones(2, np.float32)))


def test_strategy_on_one_device_needs_the_devices_it_splits_over():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=1)
        relu = ops.ReLU().shard(((2, 1),))
        f = ms.jit(lambda x: relu(x))
        with pytest.raises(RuntimeError, match="it requires 2 devices, but the device number"):
            f(ms.Tensor(np.ones((2, 2), np.float32)))
        whole = ops.ReLU().shard(((1, 1),))
        out = ms.jit(lambda x: whole(x))(ms.Tensor(np.array([[-1.0, 2.0]], np.float32)))
        np.testing.assert_array_equal(out.asnumpy(), [[0.0, 2.0]])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_shard_checks_its_arguments():
    net = nn.Dense(4, 2)
    with pytest.raises(TypeError, match="'in_strategy' should be a tuple"):
        ms.shard(net, [(1, 1)])
    with pytest.raises(TypeError, match="'out_strategy' should be None or tuple"):
        ms.shard(net, ((1, 1),), out_strategy=[1])
    with pytest.raises(TypeError, match="'parameter_plan' should be a dict or None"):
        ms.shard(net, ((1, 1),), parameter_plan=[1])
    with pytest.raises(TypeError, match="type of fn must be mindspore.nn.Cell"):
        ms.shard(lambda x: x, ((1, 1),), parameter_plan={"w": (1, 1)})
    with pytest.raises(ValueError, match=r"The param_shape\[0\]: 2 cannot be divisible"):
        ms.shard(net, ((1, 1),), parameter_plan={"weight": (4, 1)})
    with pytest.raises(ValueError, match="the length of param_strategy: 1"):
        ms.shard(net, ((1, 1),), parameter_plan={"weight": (2,)})
    with pytest.warns(UserWarning, match="nothing is not exist"):
        ms.shard(net, ((1, 1),), parameter_plan={"nothing": (1, 1)})
    # outside the semi-auto modes the function computes on whole tensors
    x = ms.Tensor(np.ones((2, 4), np.float32))
    np.testing.assert_allclose(
        net.shard(((2, 1),))(x).asnumpy(), ms.shard(net, ((2, 1),))(x).asnumpy()
    )


def test_auto_parallel_checks_its_settings():
    with pytest.raises(ValueError, match="'parallel_mode' must be one of"):
        AutoParallel(nn.Dense(2, 2), parallel_mode="data")
    ap = AutoParallel(nn.Dense(2, 2), parallel_mode="sharding_propagation")
    with pytest.raises(ValueError, match="dataset_strategy is none in config"):
        ap.dataset_strategy(None)
    with pytest.raises(TypeError, match="must be tuple or Layout"):
        ap.dataset_strategy((1,))
    with pytest.raises(ValueError, match="shard_size must be a positive integer or -1"):
        ap.hsdp(shard_size=0)
    with pytest.raises(ValueError, match="Optimizer level should in"):
        ap.hsdp(optimizer_level="level9")
    ap.hsdp(optimizer_level="level3")
    assert ap._plan().optimizer_level == "level3"
    with pytest.raises(ValueError, match="'stages' must be larger than zero"):
        ap.pipeline(stages=0)
    ap.pipeline(stages=2, interleave=True, scheduler="seqpipe")
    assert (ap._pipeline_scheduler, ap._pipeline_interleave) == ("seqpipe", True)
    ap.pipeline(stages=2, scheduler="gpipe")
    assert ap.get_pipeline_stages() == 2
    ap.pipeline(stages=1)
    out = ap(ms.Tensor(np.ones((1, 2), np.float32)))
    assert out.shape == (1, 2)


def test_parallel_optimizer_config_follows_2_10_rules():
    ms.reset_auto_parallel_context()
    with pytest.raises(TypeError, match="'parallel_optimizer_config' must be dict"):
        ms.set_auto_parallel_context(parallel_optimizer_config=[])
    with pytest.raises(ValueError, match=r"Unknown config: \['level'\]"):
        ms.set_auto_parallel_context(parallel_optimizer_config={"level": 1})
    with pytest.raises(ValueError, match="Optimizer level should in"):
        ms.set_auto_parallel_context(parallel_optimizer_config={"optimizer_level": "level4"})
    with pytest.raises(ValueError, match="cannot set grad_accumulation_shard as True"):
        ms.set_auto_parallel_context(
            parallel_optimizer_config={
                "gradient_accumulation_shard": True,
                "optimizer_level": "level3",
            }
        )
    with pytest.raises(NotImplementedError, match="optimizer_weight_shard_size=2"):
        ms.set_auto_parallel_context(
            device_num=8, parallel_optimizer_config={"optimizer_weight_shard_size": 2}
        )
    ms.set_auto_parallel_context(parallel_optimizer_config={"gradient_accumulation_shard": True})
    cfg = ms.get_auto_parallel_context("parallel_optimizer_config")
    assert cfg == {"parallel_optimizer_threshold": 64, "optimizer_level": "level2"}
    ms.reset_auto_parallel_context()


def test_pipeline_config_follows_2_10_rules():
    ms.reset_auto_parallel_context()
    with pytest.raises(TypeError, match="only '1f1b' is allowed"):
        ms.set_auto_parallel_context(pipeline_config={"pipeline_scheduler": "gpipe"})
    with pytest.raises(ValueError, match="Unknown config"):
        ms.set_auto_parallel_context(pipeline_config={"scheduler": "gpipe"})
    ms.set_auto_parallel_context(
        pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "zero_bubble_v"}
    )
    ms.set_auto_parallel_context(
        pipeline_stages=2,
        pipeline_config={"pipeline_interleave": True, "pipeline_scheduler": "gpipe"},
    )
    assert ms.get_auto_parallel_context("pipeline_stages") == 2
    assert ms.get_auto_parallel_context("pipeline_config")["pipeline_scheduler"] == "gpipe"
    ms.reset_auto_parallel_context()


def test_set_comm_fusion_groups_the_trainable_parameters_as_2_10_does():
    net = nn.SequentialCell(nn.Dense(4, 4), nn.Dense(4, 2))
    assert net[0].weight.comm_fusion == 1  # 2.10's default group
    assert net.set_comm_fusion(3) is net
    assert {p.comm_fusion for p in net.trainable_params()} == {3}
    net[1].set_comm_fusion(0)
    assert [p.comm_fusion for p in net.trainable_params()] == [3, 3, 0, 0]
    net.set_comm_fusion(5, recurse=False)  # the container owns no Parameter of its own
    assert [p.comm_fusion for p in net.trainable_params()] == [3, 3, 0, 0]
    for bad, exc in ((-1, ValueError), (1.5, TypeError), (True, TypeError)):
        with pytest.raises(exc, match=f"'fusion_type' must be a non-negative int, but got {bad}"):
            net.set_comm_fusion(bad)
    with pytest.raises(ValueError, match="'comm_fusion' must be a non-negative int"):
        net[0].weight.comm_fusion = -2
