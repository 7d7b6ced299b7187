"""Long-run check: many short ``Model.train`` calls keep memory flat and compile once.

usage: python bench/bench_train_calls.py [--calls 200] [--sink-size 50] [--out bench/results/...]
Runs ``model.train(1, ds, dataset_sink_mode=True, sink_size=SINK_SIZE)`` CALLS times on the seed
LeNet5/MNIST job (batch 32) and records the process RSS after each call, the XLA compilations
(JAX's backend-compile events) and the sink compile cache's misses. Flat means RSS after the last
call within 5% of RSS after call 10, and no compilation after the first call.
"""

import argparse
import datetime
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import jax  # noqa: E402
import jax.monitoring  # noqa: E402
from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402

COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def machine() -> dict:
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), "")
    except OSError:
        pass
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "cpu": cpu,
        "jax": jax.__version__,
        "jax_backend": jax.default_backend(),
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--calls", type=int, default=200)
    p.add_argument("--sink-size", type=int, default=50)
    p.add_argument("--out", default=None)
    a = p.parse_args()

    compiles: list[int] = []
    jax.monitoring.register_event_duration_secs_listener(
        lambda event, secs, **kw: compiles.append(1) if event == COMPILE_EVENT else None
    )
    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    rss, compiled, seconds = [], [], []
    for i in range(a.calls):
        t0 = time.perf_counter()
        model.train(1, data, dataset_sink_mode=True, sink_size=a.sink_size)
        seconds.append(time.perf_counter() - t0)
        rss.append(rss_mb())
        compiled.append(len(compiles))
        if (i + 1) % 10 == 0:
            print(f"call {i + 1}: rss {rss[-1]:.1f} MB, compilations {compiled[-1]}", flush=True)
    at10 = rss[min(9, len(rss) - 1)]
    result = {
        "command": "python " + " ".join(sys.argv),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "calls": a.calls,
        "sink_size": a.sink_size,
        "rss_mb_after_call_1": round(rss[0], 1),
        "rss_mb_after_call_10": round(at10, 1),
        "rss_mb_after_last_call": round(rss[-1], 1),
        "rss_growth_after_call_10_pct": round(100 * (rss[-1] - at10) / at10, 2),
        "xla_compilations_first_call": compiled[0],
        "xla_compilations_after_first_call": compiled[-1] - compiled[0],
        "sink_cache_misses": getattr(model._cache, "misses", None),
        "seconds_first_call": round(seconds[0], 2),
        "seconds_per_later_call_median": round(sorted(seconds[1:])[len(seconds[1:]) // 2], 3)
        if len(seconds) > 1
        else None,
        "rss_mb_every_10_calls": [round(r, 1) for r in rss[9::10]],
    }
    text = json.dumps(result, indent=2)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
