"""The communication API and the parallel context in one process (no launcher).

MindSpore 2.10 (checked on its CPU build): ``init()`` outside a launcher raises RuntimeError saying
how to launch; without ``init()``, ``get_rank()`` is 0 and ``get_group_size()`` is 1.
"""

import numpy as np
import pytest

import deepsink as ms
from deepsink import communication as comm
from deepsink import context, nn, ops


@pytest.fixture(autouse=True)
def _no_launcher(monkeypatch):
    for var in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "RANK_ID", "MS_ROLE"):
        monkeypatch.delenv(var, raising=False)
    context.reset_auto_parallel_context()
    yield
    context.reset_auto_parallel_context()


def test_init_without_a_launcher_says_how_to_launch():
    with pytest.raises(RuntimeError, match="deepsink launch --worker_num 2"):
        comm.init()
    assert comm.GlobalComm.INITED is False


def test_global_comm_lives_in_comm_helper_as_in_mindspore():
    from deepsink.communication import _comm_helper, management

    # MindSpore's own tests toggle ``_comm_helper.GlobalComm.CHECK_ENVS`` around ``init()``
    assert management.GlobalComm is _comm_helper.GlobalComm is comm.GlobalComm
    assert _comm_helper.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"
    assert (_comm_helper.NCCL_WORLD_COMM_GROUP, _comm_helper.MCCL_WORLD_COMM_GROUP) == (
        "nccl_world_group",
        "mccl_world_group",
    )


def test_init_checks_the_backend_name():
    with pytest.raises(TypeError, match="'backend_name' must be a string"):
        comm.init(1)
    with pytest.raises(RuntimeError, match="must be one of 'hccl', 'nccl' and 'mccl'"):
        comm.init("gloo")
    with pytest.raises(RuntimeError, match="should be 'mccl' to init 'CPU'"):
        comm.init("nccl")


def test_a_scheduler_role_is_refused(monkeypatch):
    monkeypatch.setenv("MS_ROLE", "MS_SCHED")
    with pytest.raises(RuntimeError, match="no scheduler process"):
        comm.init()


def test_without_init_the_world_is_this_process():
    assert comm.get_rank() == 0 and comm.get_group_size() == 1
    assert comm.get_local_rank() == 0 and comm.get_local_rank_size() == 1
    assert comm.HCCL_WORLD_COMM_GROUP == "hccl_world_group"
    assert comm.NCCL_WORLD_COMM_GROUP == "nccl_world_group"
    assert comm.get_rank(comm.NCCL_WORLD_COMM_GROUP) == 0
    with pytest.raises(ValueError, match="only the world group"):
        comm.get_rank("my_group")
    with pytest.raises(NotImplementedError, match="only the world group"):
        comm.create_group("my_group", [0, 1])


def test_collectives_of_a_world_of_one_return_the_input():
    x = ms.Tensor(np.array([1.5, -2.0], np.float32))
    for op in (ops.AllReduce(), ops.AllReduce(ops.ReduceOp.MAX), ops.AllGather()):
        np.testing.assert_array_equal(op(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.Broadcast(0)((x,))[0].asnumpy(), x.asnumpy())
    assert repr(ops.AllReduce()) == "Prim[AllReduce]<op=sum, group=hccl_world_group>"
    with pytest.raises(ValueError, match="'op' must be one of"):
        ops.AllReduce("mean")
    with pytest.raises(ValueError, match=r"'root_rank' must be in \[0, 1\)"):
        ops.Broadcast(1)


def test_grad_reducer_means_over_degree():
    params = [ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="w")]
    g = (ms.Tensor(np.array([4.0, 8.0], np.float32)),)
    np.testing.assert_array_equal(
        nn.DistributedGradReducer(params, True, 4)(g)[0].asnumpy(), [1, 2]
    )
    np.testing.assert_array_equal(
        nn.DistributedGradReducer(params, False, 4)(g)[0].asnumpy(), [4, 8]
    )
    with pytest.raises(ValueError, match="degree"):
        nn.DistributedGradReducer(params, True, 0)


def test_data_parallel_mode_inserts_the_reducer_into_train_one_step_cell():
    net = nn.Dense(3, 2)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert step.reducer_flag is False
    ms.set_auto_parallel_context(
        parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, device_num=4
    )
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert step.reducer_flag is True and step.mean is True and step.degree == 4
    assert isinstance(step.grad_reducer, nn.DistributedGradReducer)
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    assert isinstance(model.train_network.grad_reducer, nn.DistributedGradReducer)


def test_auto_parallel_context_values_and_errors():
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"
    assert ms.get_auto_parallel_context("device_num") == 1
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True, global_rank=3)
    assert ms.get_auto_parallel_context("gradients_mean") is True
    assert ms.get_auto_parallel_context("global_rank") == 3
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("gradients_mean") is False
    with pytest.raises(ValueError, match="only support 'stand_alone'"):
        ms.set_auto_parallel_context(parallel_mode="foo")
    with pytest.raises(ValueError, match="Set context keyword foo is not recognized"):
        ms.set_auto_parallel_context(foo=1)
    with pytest.raises(ValueError, match="must be a positive integer"):
        ms.set_auto_parallel_context(device_num=0)
    with pytest.raises(TypeError, match="'gradients_mean' must be <class 'bool'>"):
        ms.set_auto_parallel_context(gradients_mean=1)
    with pytest.raises(ValueError, match=r"must be in \[0, 4095\]"):
        ms.set_auto_parallel_context(global_rank=-1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"group_ckpt_save_file": "g.ckpt"},
        {"gradient_fp32_sync": False},
    ],
)
def test_unsupported_parallelism_is_refused_clearly(kwargs):
    with pytest.raises(NotImplementedError, match="belongs to MindSpore's own compiler"):
        ms.set_auto_parallel_context(**kwargs)
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"


def test_parameter_broadcast_needs_data_parallel_mode():
    ms.set_auto_parallel_context(parameter_broadcast=True)
    net = nn.Dense(3, 2)
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    data = ms.dataset.NumpySlicesDataset(
        (np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32)), shuffle=False
    ).batch(2)
    with pytest.raises(ValueError, match="do not support parameter broadcast"):
        model.train(1, data)
