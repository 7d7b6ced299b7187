"""Training jobs that tests/train/test_checkpoint_crash.py runs in subprocesses and SIGKILLs.

usage: ckpt_jobs.py JOB OUT [EPOCHS]

JOB:
  full           the LeNet/MNIST sink job (small: 640 MNIST images, batch 32, sink_size 15) 4 epochs in
                 sink mode with ModelCheckpoint
  crash          the same, SIGKILLed by a callback at the end of epoch 2
  resume         a new process: load OUT/lenet-2_15.ckpt, train(4, initial_epoch=2)
  backup-crash   the full job with BackupAndRestore(OUT/backup), SIGKILLed after epoch 2
  backup-resume  the same program started again: BackupAndRestore resumes it
  slow-write     ModelCheckpoint(keep_checkpoint_max=1) of a 32 MB network whose writes are made
                 slow (a pause between the serialized tensors), for the kill-during-write test

Losses are appended to OUT/losses-<JOB>.json after each epoch; the final parameters go to
OUT/params-<JOB>.npz.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import numpy as np

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision
from deepsink import nn, ops
from deepsink.common.initializer import TruncatedNormal
from deepsink.train import BackupAndRestore, Callback, CheckpointConfig, Model, ModelCheckpoint

MNIST = Path(__file__).resolve().parents[2] / "data" / "mnist" / "train"
SINK = 15


def create_dataset(num_samples: int = 640, batch_size: int = 32):
    """The MNIST tutorial pipeline (resize, rescale, normalise, HWC2CHW, shuffle 10000, batch) on a subset."""
    data = ds.MnistDataset(str(MNIST), num_samples=num_samples, shuffle=False)
    data = data.map(input_columns="label", operations=transforms.TypeCast(ms.int32))
    data = data.map(input_columns="image", operations=vision.Resize((32, 32)))
    data = data.map(input_columns="image", operations=vision.Rescale(1.0 / 255.0, 0.0))
    data = data.map(input_columns="image", operations=vision.Rescale(1 / 0.3081, -0.1307 / 0.3081))
    data = data.map(input_columns="image", operations=vision.HWC2CHW())
    data = data.shuffle(buffer_size=10000)
    return data.batch(batch_size, drop_remainder=True)


class LeNet5(nn.Cell):
    def __init__(self, num_class: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(
            1, 6, 5, weight_init=TruncatedNormal(0.02), has_bias=False, pad_mode="valid"
        )
        self.conv2 = nn.Conv2d(
            6, 16, 5, weight_init=TruncatedNormal(0.02), has_bias=False, pad_mode="valid"
        )
        self.fc1 = nn.Dense(400, 120, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc2 = nn.Dense(120, 84, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.fc3 = nn.Dense(84, num_class, TruncatedNormal(0.02), TruncatedNormal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.reshape = ops.Reshape()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.reshape(x, (32, -1))
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


class Record(Callback):
    """Appends each epoch's last loss to a JSON file (so a killed run leaves what it did)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        done = json.loads(self.path.read_text()) if self.path.exists() else {}
        done[str(cb.cur_epoch_num)] = float(cb.net_outputs.asnumpy())
        self.path.write_text(json.dumps(done))


class KillAfter(Callback):
    def __init__(self, epoch: int) -> None:
        self.epoch = epoch

    def on_train_epoch_end(self, run_context):
        if run_context.original_args().cur_epoch_num == self.epoch:
            os.kill(os.getpid(), signal.SIGKILL)


def lenet_job(job: str, out: Path, epochs: int) -> None:
    ms.set_seed(1)
    ms.set_context(mode=ms.GRAPH_MODE)
    net = LeNet5()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"acc"})
    cbs: list = []
    initial_epoch = 0
    if job.startswith("backup"):
        cbs.append(BackupAndRestore(str(out / "backup")))
    else:
        cfg = CheckpointConfig(save_checkpoint_steps=SINK, keep_checkpoint_max=10)
        cbs.append(ModelCheckpoint("lenet", str(out), cfg))
    if job == "resume":
        ms.load_checkpoint(str(out / "lenet-2_15.ckpt"), net=model.train_network)
        initial_epoch = 2
    cbs.append(Record(out / f"losses-{job}.json"))
    if job.endswith("crash"):
        cbs.append(KillAfter(2))
    model.train(
        epochs,
        create_dataset(),
        callbacks=cbs,
        dataset_sink_mode=True,
        sink_size=SINK,
        initial_epoch=initial_epoch,
    )
    np.savez(
        out / f"params-{job}.npz",
        **{p.name: p.asnumpy() for p in model.train_network.get_parameters()},
    )


def slow_write_job(out: Path) -> None:
    from deepsink.train import serialization

    real = serialization._ckpt_chunks
    files = []

    def stalling(entries):
        # the second checkpoint's write stalls past 1 MiB (a disk that stops answering): the test
        # kills the job once ``mid-write`` appears, so the kill lands in the middle of the file
        files.append(None)
        written = 0
        for chunk in real(entries):
            yield chunk
            written += len(chunk)
            if len(files) == 2 and written > 1 << 20:
                (out / "mid-write").touch()
                time.sleep(3600)

    serialization._ckpt_chunks = stalling
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(1024, 1024), nn.Dense(1024, 1024), nn.Dense(1024, 10)])
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    x = np.random.RandomState(0).randn(64, 1024).astype(np.float32)
    y = np.zeros(64, np.int32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(16)
    cfg = CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=1)
    model.train(3, data, callbacks=ModelCheckpoint("big", str(out), cfg))


def main() -> None:
    job, out = sys.argv[1], Path(sys.argv[2])
    epochs = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    out.mkdir(parents=True, exist_ok=True)
    if job == "slow-write":
        slow_write_job(out)
    else:
        lenet_job(job, out, epochs)


if __name__ == "__main__":
    main()
