"""The seeds' LeNet5/MNIST job (sink mode, sink_size 1000) with or without checkpoints; one JSON line.

usage: python checkpoint_job.py plain|ckpt|crash|resume OUT EPOCHS [SINK_SIZE]

- plain: no checkpoint; ckpt: ModelCheckpoint every SINK_SIZE steps (keep_checkpoint_max=5);
  both report the wall time of ``model.train`` after the first sink (compilation), the median time
  of one sink after the first (a sink plus, for ckpt, its save), and ckpt also the time spent
  saving (ModelCheckpoint's writes, timed around each call).
- crash: like ckpt, SIGKILLed at the end of epoch 2; resume: a new process loads the epoch-2
  checkpoint and trains to EPOCHS with initial_epoch=2. Losses per epoch and the final parameters go
  to OUT (for bench_checkpoint.py --resume).
"""

import json
import os
import signal
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import numpy as np  # noqa: E402
from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink.train import CheckpointConfig, ModelCheckpoint  # noqa: E402


class Clock(ms.Callback):
    """Times training after the first sink, and records each epoch's loss."""

    def __init__(self):
        self.start = None
        self.ends = []
        self.losses = {}

    def on_train_step_end(self, run_context):
        if self.start is None:
            self.start = time.perf_counter()

    def on_train_epoch_end(self, run_context):
        self.ends.append(time.perf_counter())  # a sink and its save (ModelCheckpoint runs first)
        cb = run_context.original_args()
        self.losses[cb.cur_epoch_num] = float(cb.net_outputs.asnumpy())


class TimedCheckpoint(ModelCheckpoint):
    """ModelCheckpoint that adds up the time of its writes (snapshot, serialise, fsync, rename)."""

    saving = 0.0
    saves = 0

    def _write(self, *args, **kwargs):
        t0 = time.perf_counter()
        super()._write(*args, **kwargs)
        TimedCheckpoint.saving += time.perf_counter() - t0
        TimedCheckpoint.saves += 1


class Kill(ms.Callback):
    def on_train_epoch_end(self, run_context):
        if run_context.original_args().cur_epoch_num == 2:
            os.kill(os.getpid(), signal.SIGKILL)


def main(job: str, out: str, epochs: int, sink_size: int) -> None:
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    clock = Clock()
    cbs = []
    if job != "plain":
        cfg = CheckpointConfig(save_checkpoint_steps=sink_size, keep_checkpoint_max=5)
        cbs.append(TimedCheckpoint(f"lenet_{job}", out, cfg))
    cbs.append(clock)
    if job == "crash":
        cbs.append(Kill())
    initial = 0
    if job == "resume":
        ms.load_checkpoint(
            os.path.join(out, f"lenet_crash-2_{sink_size}.ckpt"), net=model.train_network
        )
        initial = 2
    t0 = time.perf_counter()
    model.train(
        epochs,
        data,
        callbacks=cbs,
        dataset_sink_mode=True,
        sink_size=sink_size,
        initial_epoch=initial,
    )
    end = time.perf_counter()
    np.savez(
        os.path.join(out, f"params-{job}.npz"),
        **{p.name: p.asnumpy() for p in model.train_network.get_parameters()},
    )
    print(
        json.dumps(
            {
                "train_s": end - t0,
                "timed_s": end - clock.start,
                "save_s": TimedCheckpoint.saving,
                "sink_s_median": statistics.median(np.diff(clock.ends))
                if len(clock.ends) > 1
                else None,
                "saves": TimedCheckpoint.saves,
                "losses": clock.losses,
                "ckpt_bytes": max(
                    (
                        os.path.getsize(os.path.join(out, f))
                        for f in os.listdir(out)
                        if f.endswith(".ckpt")
                    ),
                    default=0,
                ),
            }
        )
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], a[1], int(a[2]), int(a[3]) if len(a) > 3 else 1000)
