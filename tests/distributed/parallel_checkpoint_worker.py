"""Strategy files and checkpoints of a split run, on 8 simulated CPU devices, in one process.

Run as ``XLA_FLAGS=--xla_force_host_platform_device_count=8 python parallel_checkpoint_worker.py
OUT``; writes OUT/result.json. The network is the operator-parallel sample's (MatMul
``((2, 4), (4, 1))``, ReLU ``((8, 1),)``) with Momentum, trained 20 steps without a break, and
resumed after step 10: from the whole checkpoint, and from the 8 ranks' slices merged by
``load_distributed_checkpoint`` with the strategy file the run wrote. Each rank's file holds
that device's slices, as each rank's ``save_checkpoint`` writes them in MindSpore.
"""

import json
import sys
from pathlib import Path

import numpy as np

import deepsink as ms
from deepsink import nn, ops
from deepsink._core import semi_auto
from deepsink.common.initializer import initializer

np.random.seed(1)
X = np.random.rand(16, 32).astype(np.float32)
Y = np.random.rand(16, 16).astype(np.float32)


class SampleNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul().shard(((2, 4), (4, 1)))
        self.weight = ms.Parameter(initializer("normal", [32, 16]), "w1")
        self.relu = ops.ReLU().shard(((8, 1),))

    def construct(self, x):
        return self.relu(self.matmul(x, self.weight))


def _context(out, load=""):
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(
        parallel_mode="semi_auto_parallel",
        device_num=8,
        full_batch=True,
        strategy_ckpt_config={
            "save_file": str(out / "strategy.json"),
            "load_file": load,
            "only_trainable_params": False,
        },
    )


def _step(seed):
    ms.set_seed(seed)
    net = SampleNet()
    loss = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    return net, nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)


def _train(step, n):
    return [float(step(ms.Tensor(X), ms.Tensor(Y)).asnumpy()) for _ in range(n)]


def main():
    out = Path(sys.argv[1])
    ms.set_context(mode=ms.GRAPH_MODE)
    _context(out)
    plan = semi_auto.active()
    net, step = _step(1)
    first = _train(step, 10)
    ms.save_checkpoint(step, str(out / "whole.ckpt"))
    for rank in range(8):  # each rank's own checkpoint: its device's slices
        params = [
            {
                "name": p.name,
                "data": ms.Tensor(np.asarray(semi_auto.rank_slice(p._data, plan, rank))),
            }
            for p in step.get_parameters()
        ]
        (out / f"rank_{rank}").mkdir()
        ms.save_checkpoint(params, str(out / f"rank_{rank}" / "net.ckpt"))
    uninterrupted = first + _train(step, 10)
    strategy = json.loads((out / "strategy.json").read_text())
    searched = ms.build_searched_strategy(str(out / "strategy.json"))
    weight_sharding = str(net.weight._data.sharding)

    # resumed from the whole checkpoint (the network is re-initialized with another seed)
    _context(out)
    _, step2 = _step(7)
    ms.load_param_into_net(step2, ms.load_checkpoint(str(out / "whole.ckpt")))
    resumed_whole = _train(step2, 10)

    # resumed from the 8 ranks' slices, merged by the strategy file
    _context(out)
    _, step3 = _step(9)
    ms.load_distributed_checkpoint(
        step3,
        [str(out / f"rank_{r}" / "net.ckpt") for r in range(8)],
        train_strategy_filename=str(out / "strategy.json"),
    )
    resumed_slices = _train(step3, 10)

    # transform_checkpoints: the 8 slices to whole Parameters (one rank), and to columns split
    # 8 ways (a strategy file written here); each result resumes the run
    ms.transform_checkpoints(
        str(out), str(out / "whole_t"), "net", src_strategy_file=str(out / "strategy.json")
    )
    cols = {
        "parallel_layout_item": {
            n: {"dev_matrix": [8], "tensor_map": [-1, 0]} for n in ("w1", "moments.w1")
        }
    }
    (out / "cols.json").write_text(json.dumps(cols))
    ms.transform_checkpoints(
        str(out), str(out / "cols_t"), "net", str(out / "strategy.json"), str(out / "cols.json")
    )
    _context(out)
    _, step5 = _step(11)
    ms.load_param_into_net(step5, ms.load_checkpoint(str(out / "whole_t" / "rank_0" / "net0.ckpt")))
    resumed_transformed = _train(step5, 10)
    _context(out)
    _, step6 = _step(13)
    ms.load_distributed_checkpoint(
        step6,
        [str(out / "cols_t" / f"rank_{r}" / f"net{r}.ckpt") for r in range(8)],
        train_strategy_filename=str(out / "cols.json"),
    )
    resumed_columns = _train(step6, 10)
    cols_rank3 = ms.load_checkpoint(str(out / "cols_t" / "rank_3" / "net3.ckpt"))

    # the same slices into a network whose MatMul splits the weight's columns 8 ways instead
    # (predict_strategy: that network's layout of w1); it is placed split so, and resumes the run
    ms.reset_auto_parallel_context()  # no strategy file written: the run's is read below
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", device_num=8, full_batch=True)
    net4, step4 = _step(10)
    net4.matmul.shard(((1, 1), (1, 8)))
    ms.load_distributed_checkpoint(
        step4,
        [str(out / f"rank_{r}" / "net.ckpt") for r in range(8)],
        predict_strategy={"w1": [[8], [-1, 0], [], 0]},
        train_strategy_filename=str(out / "strategy.json"),
    )
    w1 = net4.weight._value
    predicted = {
        "layout": semi_auto.array_layout(
            w1, semi_auto.plan_for(8, semi_auto.SEMI_AUTO, "full_batch")
        ),
        "slice": list(w1.addressable_shards[0].data.shape),
        "losses": _train(step4, 10),
    }

    # the strategy file loaded into a network whose MatMul has no strategy: the weight is laid
    # out as the file says
    ms.reset_auto_parallel_context()
    ms.set_auto_parallel_context(
        parallel_mode="semi_auto_parallel",
        device_num=8,
        full_batch=True,
        strategy_ckpt_config={"load_file": str(out / "strategy.json")},
    )
    ms.set_seed(1)
    plain = SampleNet()
    plain.matmul = ops.MatMul()
    plain.relu = ops.ReLU()
    step4 = nn.TrainOneStepCell(
        nn.WithLossCell(plain, nn.SoftmaxCrossEntropyWithLogits(reduction="mean")),
        nn.Momentum(plain.trainable_params(), 0.01, 0.9),
    )
    _train(step4, 1)
    loaded_sharding = str(plain.weight._data.sharding)
    ms.reset_auto_parallel_context()
    rank0 = ms.load_checkpoint(str(out / "rank_0" / "net.ckpt"))
    result = {
        "uninterrupted": uninterrupted,
        "resumed_whole": resumed_whole,
        "resumed_slices": resumed_slices,
        "predicted": predicted,
        "strategy": strategy,
        "searched_w1": searched["w1"],
        "weight_sharding": weight_sharding,
        "loaded_sharding": loaded_sharding,
        "rank0_w1_shape": list(rank0["w1"].shape),
        "resumed_transformed": resumed_transformed,
        "resumed_columns": resumed_columns,
        "cols_rank3_w1_shape": list(cols_rank3["w1"].shape),
        "transformed_ranks": sorted(p.name for p in (out / "cols_t").iterdir()),
    }
    (out / "result.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()
