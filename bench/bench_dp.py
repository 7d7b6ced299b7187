"""Data parallel on this machine: 2 worker processes (32 per rank) vs 1 process (batch 64).

Same global batch, same samples per step: the LeNet/MNIST sink job (Momentum 0.01/0.9, the MNIST tutorial pipeline
unshuffled, GRAPH_MODE), sink or non-sink. Each run trains ``--epochs`` epochs of ``--sink-size``
steps; ms/step is the median epoch time after the first (compile) epoch, per global step of 64
samples. The two-process runs use ``deepsink launch`` on 127.0.0.1 (Gloo collectives on CPU).

usage: python bench/bench_dp.py [--sink-size 200] [--epochs 6] [--repeats 2] [--out results/x.json]
"""

import argparse
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = """
import os, sys, time, json
import numpy as np
import mindspore as ms
from mindspore import nn
sys.path.insert(0, {tests!r})
from dp_worker import LeNet5, seed_pipeline
from mindspore.communication import init, get_rank, get_group_size
steps, epochs, sink, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "sink", sys.argv[4]
dist = "RANK_ID" in os.environ
if dist:
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
rank, size = (get_rank(), get_group_size()) if dist else (0, 1)
ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(1)
net = LeNet5()
model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                 nn.Momentum(net.trainable_params(), 0.01, 0.9))
shard = dict(num_shards=size, shard_id=rank) if dist else {{}}
data = seed_pipeline(64 // size, steps * 64 // size, **shard)
times = []
class T(ms.Callback):
    def on_train_epoch_begin(self, rc): self.t = time.perf_counter()
    def on_train_epoch_end(self, rc): times.append(time.perf_counter() - self.t)
model.train(epochs, data, callbacks=[T()], dataset_sink_mode=sink, sink_size=steps if sink else -1)
if rank == 0:
    json.dump(times, open(out, "w"))
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(workers, sink, steps, epochs, tmp):
    job = os.path.join(tmp, "job.py")
    with open(job, "w") as f:
        f.write(JOB.format(tests=os.path.join(HERE, "..", "tests", "distributed")))
    out = os.path.join(tmp, "times.json")
    args = [str(steps), str(epochs), "sink" if sink else "nosink", out]
    if workers == 1:
        cmd = [sys.executable, "-m", "deepsink", "run", job, *args]
    else:
        cmd = [sys.executable, "-m", "deepsink", "launch", "--worker_num", str(workers),
               "--local_worker_num", str(workers), "--master_port", str(free_port()),
               "--log_dir", os.path.join(tmp, "logs"), job, *args]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True, timeout=1800)
    times = json.load(open(out))[1:]
    return sorted(times)[len(times) // 2] / steps * 1e3


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sink-size", type=int, default=200)
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--out", default="")
    a = p.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(a.repeats):
            for sink in (True, False):
                for workers in (1, 2):
                    key = f"{'sink' if sink else 'non-sink'}, {workers} process(es)"
                    ms_step = run(workers, sink, a.sink_size, a.epochs, tmp)
                    results.setdefault(key, []).append(ms_step)
                    print(f"{key}: {ms_step:.2f} ms per global step of 64", flush=True)
    summary = {k: sorted(v)[len(v) // 2] for k, v in results.items()}
    for mode in ("sink", "non-sink"):
        one, two = summary[f"{mode}, 1 process(es)"], summary[f"{mode}, 2 process(es)"]
        print(
            f"{mode}: 1 process {one:.2f} ms/step, 2 processes {two:.2f} ms/step: "
            f"speedup {one / two:.2f}x"
        )
    if a.out:
        record = {"command": " ".join(sys.argv), "date": time.strftime("%Y-%m-%d"),
                  "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs",
                  "runs_ms_per_step": results, "median_ms_per_step": summary}  # fmt: skip
        with open(a.out, "w") as f:
            json.dump(record, f, indent=1)


if __name__ == "__main__":
    main()
