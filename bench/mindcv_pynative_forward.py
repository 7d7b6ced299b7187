"""The first PYNATIVE_MODE forward of a mindcv 0.3.0 model on deepsink: how many XLA programs it
compiles, their seconds, and the first and second forward's wall time.

    python3 bench/mindcv_pynative_forward.py [MODEL ...] [--batch 2] [--out FILE] [--label TEXT]

Each model (default ``mobilenet_v1_025 pit_ti``) runs in its own process with JAX's persistent
cache off (every compile is a real one), built with 10 classes, on a batch of random images at
224x224. Run it with a checkout first on ``PYTHONPATH`` to measure that checkout.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = """
import collections, json, sys, time
import jax
import numpy as np
from jax._src import monitoring
jax.config.update("jax_compilation_cache_dir", "")
stats = collections.Counter()
def on(event, seconds, **_):
    if event.endswith("backend_compile_duration"):
        stats["compiles"] += 1
        stats["compile_s"] += seconds
monitoring.register_event_duration_secs_listener(on)
from deepsink._core.alias import install_alias
install_alias()
import mindcv
import mindspore as ms
ms.set_context(mode=ms.PYNATIVE_MODE)
net = mindcv.create_model(sys.argv[1], num_classes=10)
net.set_train(False)
x = ms.Tensor(np.random.default_rng(0).random((int(sys.argv[2]), 3, 224, 224), np.float32))
stats.clear()
t = time.perf_counter(); net(x).asnumpy(); first = time.perf_counter() - t
compiles, compile_s = stats["compiles"], stats["compile_s"]
t = time.perf_counter(); net(x).asnumpy(); second = time.perf_counter() - t
print(json.dumps({"compiles": compiles, "compile_s": round(compile_s, 2),
                  "first_s": round(first, 2), "second_s": round(second, 3)}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("models", nargs="*", default=["mobilenet_v1_025", "pit_ti"])
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--label", default="", help="what checkout this is (the JSON)")
    args = ap.parse_args()
    env = dict(os.environ, JAX_COMPILATION_CACHE_DIR="")
    results = {}
    for name in args.models:
        cmd = [sys.executable, "-P", "-c", CHILD, name, str(args.batch)]  # -P: PYTHONPATH first
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        results[name] = json.loads(out.stdout.strip().splitlines()[-1])
        print(name, json.dumps(results[name]), flush=True)
    if args.out:
        result = {
            "command": "python3 bench/mindcv_pynative_forward.py " + " ".join(sys.argv[1:]),
            "checkout": args.label,
            "date": datetime.date.today().isoformat(),
            "machine": f"{os.cpu_count()} CPUs, shared",
            "batch": args.batch,
            "models": results,
        }
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
