"""A data-parallel LeNet job for the distributed tests (run by ``deepsink launch`` or alone).

``dp_worker.py OUT STEPS``: under the launcher, every rank trains LeNet on its shard of the seed
pipeline (``num_shards=group size``, 32 per rank, ``gradients_mean=True``), once per execution
mode, and saves its final Parameters to ``OUT/<mode>_rank<r>.npz``. With ``--single`` it is the
reference: one process, batch ``32 * --shards``, the same samples, saved to ``OUT/<mode>_single.npz``.
``--die-at-step K`` makes rank 1 kill itself (SIGKILL) at step K (the launcher's failure test).
"""

import argparse
import json
import os
import signal

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
import numpy as np
from mindspore import nn
from mindspore.common.initializer import TruncatedNormal
from mindspore.communication import get_group_size, get_rank, init

from deepsink._core import spmd

MNIST = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "mnist", "train"
)
MODES = {  # name: (context mode, dataset_sink_mode)
    "pynative": (ms.PYNATIVE_MODE, False),
    "graph": (ms.GRAPH_MODE, False),
    "sink": (ms.GRAPH_MODE, True),
}


def seed_pipeline(batch_size, num_samples, num_shards=None, shard_id=None):
    """The seeds' MNIST pipeline, unshuffled so that both runs see the same samples: shard r of 2
    holds rows r, r+2, ..., so its step-k batch and the other shard's are together rows
    64k..64k+63, the single process's step-k batch."""
    data = ds.MnistDataset(
        MNIST, num_samples=num_samples, shuffle=False, num_shards=num_shards, shard_id=shard_id
    )
    data = data.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    data = data.map(
        operations=vision.Resize((32, 32), interpolation=vision.Inter.LINEAR), input_columns="image"
    )
    data = data.map(operations=vision.Rescale(1.0 / 255.0, 0.0), input_columns="image")
    data = data.map(
        operations=vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081), input_columns="image"
    )
    data = data.map(operations=vision.HWC2CHW(), input_columns="image")
    return data.batch(batch_size, drop_remainder=True)


class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid", weight_init=TruncatedNormal(0.02))
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid", weight_init=TruncatedNormal(0.02))
        self.fc1 = nn.Dense(400, 120, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc2 = nn.Dense(120, 84, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc3 = nn.Dense(84, 10, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


class DieAt(ms.Callback):
    def __init__(self, step):
        self.step = step

    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num >= self.step:
            os.kill(os.getpid(), signal.SIGKILL)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("steps", type=int)
    p.add_argument("--single", action="store_true")
    p.add_argument("--shards", type=int, default=2)
    p.add_argument("--modes", default="pynative,graph,sink")
    p.add_argument("--die-at-step", type=int, default=0)
    p.add_argument("--lr", type=float, default=0.01)
    a = p.parse_args()
    if a.single:
        rank, size, tag = 0, 1, "single"
        batch, shards = 32 * a.shards, {}
    else:
        init()
        ms.set_auto_parallel_context(
            parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True
        )
        rank, size = get_rank(), get_group_size()
        with open(os.path.join(a.out, f"pid_rank{rank}"), "w") as f:
            f.write(str(os.getpid()))
        tag, batch, shards = f"rank{rank}", 32, {"num_shards": size, "shard_id": rank}
    for mode in a.modes.split(","):
        ctx_mode, sink = MODES[mode]
        ms.set_context(mode=ctx_mode)
        ms.set_seed(1)
        net = LeNet5()
        if a.single:
            np.savez(
                os.path.join(a.out, "init_single.npz"),
                **{p.name: p.asnumpy() for p in net.get_parameters()},
            )
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), a.lr, 0.9))
        data = seed_pipeline(batch, a.steps * batch, **shards)
        callbacks = [ms.LossMonitor(1)]
        if a.die_at_step and rank == 1:
            callbacks.append(DieAt(a.die_at_step))
        eager_before = spmd.eager_collectives
        model.train(1, data, callbacks=callbacks, dataset_sink_mode=sink)
        loops = [v for v in model._cache.values() if hasattr(v, "dispatches")]
        stats = {
            "eager_collectives": spmd.eager_collectives - eager_before,
            "sink_dispatches": sum(loop.dispatches for loop in loops),
        }
        with open(os.path.join(a.out, f"{mode}_{tag}.json"), "w") as f:
            json.dump(stats, f)
        np.savez(
            os.path.join(a.out, f"{mode}_{tag}.npz"),
            **{p.name: p.asnumpy() for p in net.get_parameters()},
        )
        print(f"rank {rank}/{size}: {mode} done", flush=True)


if __name__ == "__main__":
    main()
