"""Pipeline parallel's bubble: the share of each device's schedule ticks spent idle, counted while
the program runs, and the step times that go with it.

A 4-layer MLP (Dense(256, 256) + ReLU per stage, a Dense(256, 10) head) in
``PipelineCell(WithLossCell(...), M)`` trains with ``TrainOneStepCell`` on 8 simulated CPU
devices, for ``pipeline_stages`` S in ``--stages``, micro-batch counts M in ``--micro`` (8 rows
each) and both schedules. Per run it reports:

- ``bubble_counted``: idle ticks / all ticks, averaged over the 8 devices, from the counts each
  device reports at run time (``deepsink._core.pipeline.recording``);
- ``bubble_theory``: (S - 1) / (M + S - 1);
- ``ms_per_step``: the median step time after the compile;
- ``stage_inputs_kept``: the stage inputs a stage keeps at once (1F1B: at most S; GPipe: M);
- ``wall_bubble_fit``: per (schedule, S), the k of a least-squares fit ``t(M) = c (M + k)``
  and k / (M + k) at the largest M: the bubble as wall time. On simulated devices sharing a
  few CPU cores an idle device frees its core for the others, so this one says little on CPU.

With ``--schedules`` it compares 2.10's schedules instead (``pipeline_scheduler`` with
``pipeline_interleave``): an MLP of 8 Dense(256, 256) layers and the head, cut into S stages of
V chunks (V = 2 for the interleaved schedules and ``zero_bubble_v``, layer k in virtual stage
k * S * V / 8), for each S in ``--stages`` and M in ``--micro``. A tick is one action of one
chunk (a forward, a backward, or with ``zero_bubble_v`` an input gradient or a weight gradient),
so with V chunks a tick is 1/V of a stage's work; ``bubble_counted`` is still the idle share of
each device's ticks. It also reports ``losses_match_standalone`` (largest difference of the three
steps' losses from the un-pipelined run).

Usage: ``python bench/bench_pipeline.py --out bench/results/pipeline_cpu.json``;
``python bench/bench_pipeline.py --schedules --stages 2 4 --micro 8 --steps 3 --out ...``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

DEVICES = 8


def _step_and_batch(net, micro: int) -> tuple:
    """A training step of ``net`` in ``PipelineCell`` and a batch of ``micro`` micro-batches of
    8 rows."""
    import numpy as np

    import deepsink as ms
    from deepsink import nn

    step = nn.TrainOneStepCell(
        nn.PipelineCell(nn.WithLossCell(net, nn.CrossEntropyLoss()), micro),
        nn.SGD(net.trainable_params(), 1e-2),
    )
    rng = np.random.RandomState(0)
    x = ms.Tensor(rng.rand(8 * micro, 256).astype(np.float32))
    y = ms.Tensor(rng.randint(0, 10, (8 * micro,)).astype(np.int32))
    return step, x, y


def _worker(args: argparse.Namespace) -> dict:
    import numpy as np

    import deepsink as ms
    from deepsink import nn
    from deepsink._core import pipeline

    class MLP(nn.Cell):
        def __init__(self, stages: int) -> None:
            super().__init__()
            self.layers = nn.CellList([nn.Dense(256, 256) for _ in range(4)])
            self.relu = nn.ReLU()
            self.head = nn.Dense(256, 10)
            for k, layer in enumerate(self.layers):
                layer.pipeline_stage = k * stages // 4

        def construct(self, x):
            for layer in self.layers:
                x = self.relu(layer(x))
            return self.head(x)

    def one(stages: int, micro: int, kind: str) -> dict:
        ms.reset_auto_parallel_context()
        ms.set_context(mode=ms.GRAPH_MODE)
        if stages > 1:
            ms.set_auto_parallel_context(
                parallel_mode="semi_auto_parallel",
                pipeline_stages=stages,
                pipeline_config={
                    "pipeline_interleave": kind == "gpipe",
                    "pipeline_scheduler": kind,
                },
            )
        ms.set_seed(1)
        net = MLP(stages)
        step, x, y = _step_and_batch(net, micro)
        with pipeline.recording() as records:
            t0 = time.perf_counter()
            step(x, y).asnumpy()
            compile_s = time.perf_counter() - t0
            times = []
            for _ in range(args.steps):
                t0 = time.perf_counter()
                step(x, y).asnumpy()
                times.append(time.perf_counter() - t0)
        ms.reset_auto_parallel_context()
        out = {
            "schedule": kind,
            "stages": stages,
            "micro": micro,
            "ms_per_step": 1000 * float(np.median(times)),
            "compile_s": compile_s,
        }
        if stages > 1:
            info = next(r for r in records if "stages" in r)
            ticks = [r for r in records if "stage" in r][-DEVICES:]
            out["bubble_counted"] = float(
                np.mean([r["idle"] / (r["idle"] + r["forward"] + r["backward"]) for r in ticks])
            )
            out["bubble_theory"] = (stages - 1) / (micro + stages - 1)
            out["stage_inputs_kept"] = info["slots"]
            out["ticks"] = info["ticks"]
        return out

    runs = []
    for micro in args.micro:
        runs.append(one(1, micro, "1f1b"))
        for stages in args.stages:
            for kind in ("1f1b", "gpipe"):
                runs.append(one(stages, micro, kind))
                print(json.dumps(runs[-1]), flush=True)
    fits = []
    for stages in args.stages:
        for kind in ("1f1b", "gpipe"):
            pts = [(r["micro"], r["ms_per_step"]) for r in runs
                   if r["stages"] == stages and r["schedule"] == kind]  # fmt: skip
            m = np.array([p[0] for p in pts], float)
            t = np.array([p[1] for p in pts], float)
            slope, intercept = np.polyfit(m, t, 1)
            k = intercept / slope
            mmax = m.max()
            fits.append(
                {
                    "schedule": kind,
                    "stages": stages,
                    "k": float(k),
                    "wall_bubble_at_max_micro": float(k / (mmax + k)),
                    "theory_at_max_micro": (stages - 1) / (mmax + stages - 1),
                }
            )
    return {"runs": runs, "wall_bubble_fit": fits}


# (name, pipeline_scheduler, pipeline_interleave, chunks)
SCHEDULES = [
    ("1f1b", "1f1b", False, 1),
    ("gpipe", "gpipe", True, 1),
    ("interleaved_1f1b", "1f1b", True, 2),
    ("interleaved_gpipe", "gpipe", True, 2),
    ("seqpipe", "seqpipe", True, 2),
    ("seqvpp", "seqvpp", True, 2),
    ("seqsmartvpp", "seqsmartvpp", True, 2),
    ("zero_bubble_v", "zero_bubble_v", True, 2),
]


def _schedules_worker(args: argparse.Namespace) -> dict:
    import numpy as np

    import deepsink as ms
    from deepsink import nn
    from deepsink._core import pipeline
    from deepsink._core.pipeline_schedules import Layout

    class MLP(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.layers = nn.CellList([nn.Dense(256, 256) for _ in range(8)])
            self.relu = nn.ReLU()
            self.head = nn.Dense(256, 10)

        def construct(self, x):
            for layer in self.layers:
                x = self.relu(layer(x))
            return self.head(x)

    def one(name: str, kind: str, interleave: bool, chunks: int, stages: int, micro: int):
        ms.reset_auto_parallel_context()
        ms.set_context(mode=ms.GRAPH_MODE)
        ms.set_seed(1)
        net = MLP()
        if stages > 1:
            ms.set_auto_parallel_context(
                parallel_mode="semi_auto_parallel",
                pipeline_stages=stages,
                pipeline_config={"pipeline_interleave": interleave, "pipeline_scheduler": kind},
            )
            lay = Layout(stages, chunks, kind == "zero_bubble_v")
            for k, layer in enumerate(net.layers):
                vs = k * lay.n // len(net.layers)
                layer.pipeline_stage = lay.device(vs)
                if chunks > 1:
                    layer.pipeline_segment = lay.chunk(vs)
            net.head.pipeline_stage = lay.device(lay.n - 1)
            if chunks > 1:
                net.head.pipeline_segment = chunks - 1
        step, x, y = _step_and_batch(net, micro)
        losses, times = [], []
        with pipeline.recording() as records:
            for _ in range(args.steps):
                t0 = time.perf_counter()
                losses.append(float(step(x, y).asnumpy()))
                times.append(time.perf_counter() - t0)
        ms.reset_auto_parallel_context()
        out = {"schedule": name, "stages": stages, "micro": micro, "losses": losses}
        out["ms_per_step"] = 1000 * float(np.median(times[1:])) if len(times) > 1 else None
        if stages > 1:
            info = next(r for r in records if "stages" in r)
            ticks = [r for r in records if "stage" in r][-DEVICES:]
            busy = ("forward", "backward", "backward_weight")
            out["bubble_counted"] = float(
                np.mean([r["idle"] / (r["idle"] + sum(r[k] for k in busy)) for r in ticks])
            )
            out["bubble_table"] = info["schedule_bubble"]
            out["ticks"] = info["ticks"]
            out["chunks"] = info["chunks"]
            out["stage_inputs_kept"] = info["slots"]
        return out

    runs = []
    for micro in args.micro:
        for stages in args.stages:
            base = one("standalone", "1f1b", False, 1, 1, micro)
            for name, kind, interleave, chunks in SCHEDULES:
                r = one(name, kind, interleave, chunks, stages, micro)
                diff = np.abs(np.array(r["losses"]) - np.array(base["losses"])).max()
                r["losses_match_standalone"] = float(diff)
                runs.append(r)
                print(json.dumps(r), flush=True)
    return {"schedule_runs": runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stages", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--micro", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--schedules", action="store_true", help="compare 2.10's schedules")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not args.worker:  # JAX fixes its device count at start: run in a child with 8 devices
        env = dict(os.environ)
        env["XLA_FLAGS"] = (
            env.get("XLA_FLAGS", "") + f" --xla_force_host_platform_device_count={DEVICES}"
        ).strip()
        res = subprocess.run(
            [sys.executable, __file__, "--worker", *sys.argv[1:]], env=env, check=False
        )
        sys.exit(res.returncode)
    result = _schedules_worker(args) if args.schedules else _worker(args)
    result["command"] = "python bench/bench_pipeline.py " + " ".join(
        a for a in sys.argv[1:] if a != "--worker"
    )
    result["machine"] = {
        "cpu_count": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
        "load_average": os.getloadavg(),
        "devices": f"{DEVICES} simulated CPU devices",
    }
    result["date"] = time.strftime("%Y-%m-%d", time.gmtime())
    text = json.dumps(result, indent=1)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
