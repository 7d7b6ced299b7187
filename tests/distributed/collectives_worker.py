"""Collectives on two ranks, eagerly and compiled; parameter_broadcast. Writes OUT/rank<r>.json."""

import json
import os
import sys

import mindspore as ms
import numpy as np
from mindspore import nn, ops
from mindspore.communication import (
    get_group_size,
    get_local_rank,
    get_local_rank_size,
    get_rank,
    init,
)

ms.set_seed(0)  # Tensors before init(): the launcher's workers have joined the job already
before = ms.Tensor(np.ones(2, np.float32)) * 2
init()
rank, out = get_rank(), sys.argv[1]
x = ms.Tensor(np.array([rank + 1.0, 10.0 * (rank + 1)], np.float32))
res = {
    "rank": rank,
    "size": get_group_size(),
    "local": [get_local_rank(), get_local_rank_size()],
    "sum": ops.AllReduce()(x).asnumpy().tolist(),
    "max": ops.AllReduce(ops.ReduceOp.MAX)(x).asnumpy().tolist(),
    "min": ops.AllReduce(ops.ReduceOp.MIN)(x).asnumpy().tolist(),
    "prod": ops.AllReduce(ops.ReduceOp.PROD)(x).asnumpy().tolist(),
    "gather": ops.AllGather()(x).asnumpy().tolist(),
    "bcast": ops.Broadcast(1)((x,))[0].asnumpy().tolist(),
    "before": ops.AllReduce()(before).asnumpy().tolist(),
    "int_sum": ops.AllReduce()(ms.Tensor(np.array([rank + 1], np.int32))).asnumpy().tolist(),
}


@ms.jit
def compiled(t):
    return ops.AllReduce()(t * 2.0)


res["jit_sum"] = compiled(x).asnumpy().tolist()

# the primitives and functional collectives built on the same layer
res["reduce_scatter"] = ops.ReduceScatter()(x).asnumpy().tolist()
res["alltoall"] = ops.AlltoAll(2, 0, 0)(x).asnumpy().tolist()
res["coll_scatter"] = ops.CollectiveScatter(1)(x).asnumpy().tolist()
res["coll_gather"] = ops.CollectiveGather(0)(x).asnumpy().tolist()
res["reduce"] = ops.Reduce(1)(x).asnumpy().tolist()
res["jit_reduce_scatter"] = (
    ms.jit(lambda t: ops.ReduceScatter(ops.ReduceOp.MAX)(t))(x).asnumpy().tolist()
)
objs = [None, None]
ops.all_gather_object(objs, {"r": rank})
res["gather_objects"] = objs
bcast = [rank, "s" * (rank + 1)]
ops.broadcast_object_list(bcast, src=1)
res["bcast_objects"] = bcast
mine = [None]
ops.scatter_object_list(mine, ["to0", "to1"], src=0)
res["scatter_object"] = mine[0]
half = ms.Tensor(np.zeros(1, np.float32))
ops.reduce_scatter_tensor(half, x, op="avg")
res["reduce_scatter_avg"] = half.asnumpy().tolist()
lst = [ms.Tensor(np.zeros(2, np.float32)) for _ in range(2)]
ops.all_to_all(lst, [x, x * 2])
res["all_to_all"] = [t.asnumpy().tolist() for t in lst]
uneven = ms.Tensor(np.zeros(3, np.float32))  # rank 0 gives one row, rank 1 two
ops.all_gather_into_tensor_uneven(
    uneven, ms.Tensor(np.full(rank + 1, rank + 1.0, np.float32)), [1, 2]
)
res["gather_uneven"] = uneven.asnumpy().tolist()
part = ms.Tensor(np.zeros(rank + 1, np.float32))
ops.reduce_scatter_tensor_uneven(
    part, ms.Tensor(np.arange(3, dtype=np.float32) * (rank + 1)), [1, 2]
)
res["reduce_scatter_uneven"] = part.asnumpy().tolist()

# mindspore.communication.comm_func: the same collectives, returning their results
from mindspore.communication import comm_func as cf  # noqa: E402

res["cf_all_reduce"] = cf.all_reduce(x, "max")[0].asnumpy().tolist()
res["cf_gather"] = cf.all_gather_into_tensor(x)[0].asnumpy().tolist()
res["cf_reduce_scatter"] = cf.reduce_scatter_tensor(x)[0].asnumpy().tolist()
res["cf_reduce"] = cf.reduce(x, 1).asnumpy().tolist()
res["cf_gather_into"] = cf.gather_into_tensor(x, 0).asnumpy().tolist()
res["cf_broadcast"] = cf.broadcast(x, 1).asnumpy().tolist()
res["cf_scatter"] = cf.scatter_tensor(x, 1).asnumpy().tolist()
res["cf_a2a"] = [
    t.asnumpy().tolist() for t in cf.all_to_all_with_output_shape([(2,), (2,)], [x, x * 2])[0]
]
res["cf_a2a_single"] = cf.all_to_all_single_with_output_shape((2,), x)[0].asnumpy().tolist()
vc = ms.Tensor(np.zeros(2, np.float32))
cf.all_to_all_v_c(vc, x, [1, 1, 1, 1])
res["cf_a2a_v_c"] = vc.asnumpy().tolist()
cf.barrier()

# parameter_broadcast: ranks start from different weights, Model makes them rank 0's
ms.set_auto_parallel_context(
    parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, parameter_broadcast=True
)
ms.set_seed(100 + rank)
net = nn.Dense(3, 2)
res["init_w"] = net.weight.asnumpy().tolist()
data = ms.dataset.NumpySlicesDataset(
    (np.ones((4, 3), np.float32), np.zeros((4, 2), np.float32)),
    column_names=["x", "y"],
    shuffle=False,
    num_shards=2,
    shard_id=rank,
).batch(2)
model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
model.train(1, data, dataset_sink_mode=True)
res["trained_w"] = net.weight.asnumpy().tolist()
with open(os.path.join(out, f"rank{rank}.json"), "w") as f:
    json.dump(res, f)
