"""Draw docs/time_split.png: where each sink's time goes, for the LeNet/MNIST sink job as it is and with
a deliberately slow host pipeline (a Python map that sleeps), from TimeBreakdown's records.

usage: python scripts/plot_time_split.py [--sinks 6] [--sink-size 200] [--slow-ms 20]
(needs matplotlib)
"""

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402


def run(slow: float, sinks: int, sink_size: int) -> tuple[list[dict], str]:
    from lenet_mnist_sink import MNIST, LeNet5, create_dataset

    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    if slow:  # ``slow`` ms of Python per batch on the host: more than LeNet's step

        def slow_label(label):
            time.sleep(slow / 1e3)
            return label

        data = data.map(operations=slow_label, input_columns="label")
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    tb = ms.TimeBreakdown()
    model.train(sinks, data, callbacks=[tb], dataset_sink_mode=True, sink_size=sink_size)
    from deepsink.train import step_trace

    return tb.records[1:], step_trace.verdict(step_trace.summarize(tb.records[1:]))


def main() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ap = argparse.ArgumentParser()
    ap.add_argument("--sinks", type=int, default=6)
    ap.add_argument("--sink-size", type=int, default=200)
    ap.add_argument("--slow-ms", type=float, default=20.0)
    ap.add_argument("--out", default=str(ROOT / "docs" / "time_split.png"))
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=False)
    phases = [("compute_ms", "compute (device)", "#4c72b0"),
              ("data_wait_ms", "waiting for data", "#c44e52"),
              ("host_ms", "host (state, outputs)", "#8c8c8c"),
              ("callbacks_ms", "callbacks", "#dd8452")]  # fmt: skip
    for ax, slow, title in zip(
        axes, (0.0, args.slow_ms), ("LeNet/MNIST sink job", "same job, slow host map")
    ):
        records, verdict = run(slow, args.sinks + 1, args.sink_size)
        x = np.arange(len(records))
        bottom = np.zeros(len(records))
        for key, label, color in phases:
            v = np.array([r[key] / r["steps"] for r in records])
            ax.bar(x, v, bottom=bottom, label=label, color=color, width=0.6)
            bottom += v
        pipe = [(r["pipeline_ms"] + r["copy_ms"]) / r["steps"] for r in records]
        ax.plot(x, pipe, "k--o", label="host pipeline + copy (background)")
        ax.set_xticks(x, [str(r["step"]) for r in records])
        ax.set_xlabel("sink (ending at step)")
        ax.set_ylabel("ms per step")
        short = verdict.split(":")[0]
        ax.set_title(f"{title}: {short}")
        print(title, "->", verdict)
    axes[0].legend(fontsize=8, loc="lower left")
    fig.suptitle("deepsink TimeBreakdown: where each sink's time goes (CPU, 2 cores)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print("wrote", args.out)


if __name__ == "__main__":
    main()
