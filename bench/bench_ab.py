"""A/B timing of deepsink's LeNet variants between two checkouts, in one run.

usage: python bench/bench_ab.py A_DIR B_DIR [--steps N] [--repeats R] [--torch]
                               [--variants sink nosink sink-pynative nosink-pynative]

Runs ``bench/lenet_deepsink.py`` of each checkout with that checkout first on PYTHONPATH,
alternating A and B in every repeat so load drifts on a shared machine hit both alike, and
reports per-variant medians and the B/A ratio of ms/step. It also compiles one sink chunk (the
``lax.scan`` of training steps) and one non-sink step in each checkout and compares the
optimized XLA programs: identical programs run at identical speed whatever the machine's load,
which the wall clock alone cannot show on a busy machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Captures the optimized HLO of every function the training run jits (the sink chunk and the
# non-sink step), with addresses and metadata stripped; prints one JSON line {name: hlo}.
_HLO_PROBE = r"""
import json, os, re, sys
import jax
sys.path.insert(0, os.path.join(os.getcwd(), "examples"))
_jit = jax.jit
HLO = {}
def spy(fn, *a, **k):
    j = _jit(fn, *a, **k)
    def call(*args, **kw):
        name = getattr(fn, "__name__", "fn")
        if name not in HLO:
            text = j.lower(*args, **kw).compile().as_text()
            text = re.sub(r", metadata=\{[^}]*\}", "", text)
            HLO[name] = text
        return j(*args, **kw)
    return call
jax.jit = spy
from lenet_mnist_sink import MNIST, LeNet5, create_dataset
import deepsink as ms
from deepsink import nn
ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(1)
data = create_dataset(os.path.join(MNIST, "train"), 32)
net = LeNet5()
model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                 nn.Momentum(net.trainable_params(), 0.01, 0.9))
model.train(1, data.take(20), dataset_sink_mode=True, sink_size=10)
model.train(1, data.take(3), dataset_sink_mode=False)
print(json.dumps({k: v for k, v in HLO.items() if k in ("scan_chunk", "one_step", "run")}))
"""


def _run(checkout: Path, args: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=checkout, timeout=1800
    )


def _normalize(hlo: str) -> str:
    """The program without debug info (file tables, stack frames) and instruction numbering."""
    keep = [
        ln
        for ln in hlo.splitlines()
        if not re.match(r'^\s*\d+ ("/|\{)', ln)
        and not re.match(r"^\s*(FileNames|FunctionNames|FileLocations|StackFrames)", ln)
    ]
    text = "\n".join(keep)
    text = re.sub(r", (stack_frame_id|source_line)=\d+|, source_file=\"[^\"]*\"", "", text)
    return re.sub(r"\.\d+\b", "", text)


def _hlo(checkout: Path) -> dict[str, str]:
    p = _run(checkout, ["-c", _HLO_PROBE])
    line = next((ln for ln in reversed(p.stdout.splitlines()) if ln.startswith("{")), None)
    if p.returncode != 0 or line is None:
        raise SystemExit(f"HLO probe failed in {checkout}:\n{p.stderr[-3000:]}")
    return {k: _normalize(v) for k, v in json.loads(line).items()}


def _compare(a: str | None, b: str | None) -> str:
    """'identical', 'index scalars only' (the programs differ only in the width of scalar
    loop/index values, s32[] vs s64[]), or 'different'."""
    if a == b:
        return "identical"
    if a is not None and b is not None:
        if re.sub(r"s64\[\]", "s32[]", a) == re.sub(r"s64\[\]", "s32[]", b):
            return "index scalars only"
    return "different"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--variants", nargs="*", default=["sink", "nosink"])
    ap.add_argument("--out", type=Path, default=HERE / "results")
    ap.add_argument("--torch", action="store_true", help="also time PyTorch eager each repeat")
    args = ap.parse_args()
    a, b = args.a.resolve(), args.b.resolve()
    hlo_a, hlo_b = _hlo(a), _hlo(b)
    same = {k: _compare(hlo_a.get(k), hlo_b.get(k)) for k in sorted(set(hlo_a) | set(hlo_b))}
    print("optimized XLA programs, B vs A:", same, flush=True)
    times: dict[str, dict[str, list[float]]] = {v: {"A": [], "B": []} for v in args.variants}
    peer: list[float] = []
    for r in range(args.repeats):
        if args.torch:  # PyTorch eager in the same run, as the yardstick the ratios are quoted to
            p = subprocess.run(
                [sys.executable, str(HERE / "peers" / "torch_lenet.py"), str(args.steps)],
                capture_output=True,
                text=True,
            )
            line = next((ln for ln in reversed(p.stdout.splitlines()) if ln.startswith("{")), "")
            if p.returncode != 0 or not line:
                raise SystemExit(f"pytorch eager failed:\n{p.stderr[-3000:]}")
            peer.append(json.loads(line)["ms_per_step"])
            print(f"repeat {r + 1} pytorch eager: {peer[-1]:8.3f} ms/step", flush=True)
        for v in args.variants:
            # "sink" / "nosink" run in GRAPH_MODE; "sink-pynative" / "nosink-pynative" in PyNative
            sink, _, mode = v.partition("-")
            for tag, root in (("A", a), ("B", b)) if r % 2 == 0 else (("B", b), ("A", a)):
                p = _run(
                    root,
                    [
                        str(root / "bench" / "lenet_deepsink.py"),
                        sink,
                        mode or "graph",
                        str(args.steps),
                        "100",
                    ],
                )
                line = next(
                    (ln for ln in reversed(p.stdout.splitlines()) if ln.startswith("{")), None
                )
                if p.returncode != 0 or line is None:
                    raise SystemExit(f"{tag} {v} failed:\n{p.stderr[-3000:]}")
                times[v][tag].append(json.loads(line)["ms_per_step"])
                print(f"repeat {r + 1} {v:7s} {tag}: {times[v][tag][-1]:8.3f} ms/step", flush=True)
    summary = {}
    for v, t in times.items():
        ma, mb = statistics.median(t["A"]), statistics.median(t["B"])
        pairs = [tb / ta for ta, tb in zip(t["A"], t["B"])]
        summary[v] = {
            "A_median_ms": ma,
            "B_median_ms": mb,
            "B_over_A": mb / ma,
            "B_over_A_per_repeat": pairs,
        }
        print(f"{v:7s} A {ma:8.3f}  B {mb:8.3f} ms/step  B/A {mb / ma:.3f}")
    load = os.getloadavg()
    stamp = datetime.datetime.now(datetime.UTC)
    out = args.out / f"ab_lenet_{stamp:%Y%m%d_%H%M}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join(["python", *sys.argv]),
                "date": stamp.isoformat(timespec="seconds"),
                "A": str(a),
                "B": str(b),
                "steps": args.steps,
                "repeats": args.repeats,
                "load_average_at_end": load,
                "cpus": os.cpu_count(),
                "xla_programs_b_vs_a": same,
                "ms_per_step": times,
                "summary": summary,
                **(
                    {
                        "pytorch_eager_ms_per_step": peer,
                        "pytorch_eager_median_ms": statistics.median(peer),
                    }
                    if peer
                    else {}
                ),
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
