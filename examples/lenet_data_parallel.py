"""Data-parallel LeNet5 on MNIST: a MindSpore data-parallel script, unchanged, on deepsink.

Every worker trains on its shard of the MNIST tutorial pipeline (``num_shards``/``shard_id``) and the gradients
are averaged over the workers inside each compiled sink. Run with two worker processes:

    deepsink launch --worker_num 2 --local_worker_num 2 --log_dir logs --join True \
        examples/lenet_data_parallel.py

(each worker logs to ``logs/worker_<rank>.log``; ``--join True`` also streams them here).

Each worker trains 3 epochs of 937 steps (its half of MNIST's 60,000 images, batch 32; the gradients
of the two batches averaged, as one step of batch 64) with Momentum 0.01/0.9. Expected output, after
the launcher's lines, in either rank order:

    rank 0/2: 937 batches of 32
    rank 1/2: 937 batches of 32
    epoch: 1 step: 937, loss is 2.30...       (once per epoch and rank; about 0.05 after epoch 3)
    ...
    rank 0: accuracy on its test shard 0.98...
    rank 1: accuracy on its test shard 0.98...

The first epoch stays near chance (loss 2.30) while LeNet's small initial weights grow; the
accuracy comes in epochs 2 and 3, so fewer epochs (``--epochs 1``) end near 0.1.

usage: deepsink launch [msrun's flags] examples/lenet_data_parallel.py [--epochs 3] [--sink-size -1]
"""

import argparse
import os

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.common.initializer import TruncatedNormal
from mindspore.communication import get_group_size, get_rank, init

MNIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "mnist")


def create_dataset(data_path, batch_size, rank_id, rank_size, shuffle=True):
    """The seeds' pipeline, sharded: each worker reads 1/rank_size of the samples."""
    mnist_ds = ds.MnistDataset(data_path, shuffle=shuffle, num_shards=rank_size, shard_id=rank_id)
    mnist_ds = mnist_ds.map(operations=transforms.TypeCast(ms.int32), input_columns="label")
    image_ops = [
        vision.Resize((32, 32), interpolation=vision.Inter.LINEAR),
        vision.Rescale(1.0 / 255.0, 0.0),
        vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081),
        vision.HWC2CHW(),
    ]
    mnist_ds = mnist_ds.map(operations=image_ops, input_columns="image")
    return mnist_ds.batch(batch_size, drop_remainder=True)


class LeNet5(nn.Cell):
    def __init__(self, num_class=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid", weight_init=TruncatedNormal(0.02))
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid", weight_init=TruncatedNormal(0.02))
        self.fc1 = nn.Dense(16 * 5 * 5, 120, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc2 = nn.Dense(120, 84, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc3 = nn.Dense(84, num_class, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--sink-size", type=int, default=-1)
    args = parser.parse_args()
    init()
    rank_id, rank_size = get_rank(), get_group_size()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    ms.set_seed(1)  # the same initial weights on every rank
    network = LeNet5(10)
    net_loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    net_opt = nn.Momentum(network.trainable_params(), 0.01, 0.9)
    model = ms.Model(network, net_loss, net_opt, metrics={"acc"})
    ds_train = create_dataset(os.path.join(MNIST, "train"), 32, rank_id, rank_size)
    print(f"rank {rank_id}/{rank_size}: {ds_train.get_dataset_size()} batches of 32", flush=True)
    model.train(
        args.epochs,
        ds_train,
        callbacks=[ms.LossMonitor()],
        dataset_sink_mode=True,
        sink_size=args.sink_size,
    )
    ds_test = create_dataset(os.path.join(MNIST, "test"), 32, rank_id, rank_size, shuffle=False)
    acc = model.eval(ds_test, dataset_sink_mode=True)
    print(f"rank {rank_id}: accuracy on its test shard {float(acc['acc']):.4f}", flush=True)


if __name__ == "__main__":
    main()
