"""Training throughput of a text classifier over variable-length sentences: bucketed (the dataset's
``bucket_batch_by_length`` with 4 buckets, each batch padded to its longest sentence, and
``set_inputs`` with ``[None, None]``: deepsink pads each batch to its bucket, one program per
bucket) against every batch padded to the longest sentence of the data (one static shape).

usage: python bench/bench_bucketed_inputs.py [--epochs 4] [--sentences 1024] [--rounds 2]
       [--mindspore-python PATH] [--out PATH]

The model: Embedding(5000, 128), a mean over the real tokens (token 0 is padding), Dense(128, 4),
SoftmaxCrossEntropyWithLogits, SGD; batch 32; sentence lengths log-normal (median 24) within
[4, 256]; ``Model.train(dataset_sink_mode=True)`` in GRAPH_MODE. Each variant runs in its own
process, the variants alternate per round; the figure is sentences per second, the median over
the epochs after each run's first (which compiles). ``--mindspore-python`` runs the same script
text under MindSpore (from a temporary folder: MindSpore writes files where it runs). Writes
``bench/results/bucketed_inputs_<backend>_<date>.json`` (or ``--out``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
VOCAB, DIM, CLASSES, BATCH, LONGEST = 5000, 128, 4, 32, 256
BOUNDARIES = [17, 33, 65]  # 4 buckets: up to 16, 32, 64 and 256 tokens


def sentences(n: int, seed: int = 0) -> list:
    import numpy as np

    rng = np.random.default_rng(seed)
    lengths = np.clip(rng.lognormal(np.log(24), 0.8, size=n).astype(int), 4, LONGEST)
    return [
        (rng.integers(1, VOCAB, size=int(k)).astype(np.int32), np.int32(rng.integers(CLASSES)))
        for k in lengths
    ]


def child(framework: str, variant: str, epochs: int, n: int) -> dict:
    """One training run; its epoch times."""
    import numpy as np

    if framework == "mindspore":
        import mindspore as ms
        import mindspore.dataset as ds
        from mindspore import nn, ops
    else:
        sys.path.insert(0, str(HERE.parent))  # this checkout's deepsink
        import deepsink as ms
        import deepsink.dataset as ds
        from deepsink import nn, ops

    class Classifier(nn.Cell):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(VOCAB, DIM)
            self.fc = nn.Dense(DIM, CLASSES)

        def construct(self, tokens):
            mask = ops.cast(tokens != 0, ms.float32)
            emb = self.embedding(tokens) * ops.expand_dims(mask, -1)
            return self.fc(emb.sum(axis=1) / mask.sum(axis=1, keepdims=True))

    class EpochTimes(ms.Callback):
        def __init__(self):
            self.times = [time.perf_counter()]

        def on_train_epoch_end(self, run_context):
            self.times.append(time.perf_counter())

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    rows = sentences(n)
    if variant == "padded":  # every sentence padded to the longest of the data: one shape
        longest = max(len(t) for t, _ in rows)
        rows = [(np.pad(t, (0, longest - len(t))), y) for t, y in rows]
    data = ds.GeneratorDataset(lambda: iter(rows), column_names=["tokens", "label"], shuffle=False)
    net = Classifier()
    if variant == "bucketed":
        data = data.bucket_batch_by_length(
            ["tokens"], BOUNDARIES, [BATCH] * 4, pad_info={"tokens": (None, 0)},
            drop_remainder=True,
        )  # fmt: skip
        net.set_inputs(ms.Tensor(shape=[None, None], dtype=ms.int32))
    else:
        data = data.batch(BATCH, drop_remainder=True)
    steps = data.get_dataset_size()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if variant == "bucketed":  # Model declares the train network's inputs: the net's, the loss's
        loss.set_inputs(ms.Tensor(shape=[None, CLASSES], dtype=ms.float32),
                        ms.Tensor(shape=[None], dtype=ms.int32))  # fmt: skip
    model = ms.Model(net, loss, nn.SGD(net.trainable_params(), learning_rate=0.1))
    timer = EpochTimes()
    model.train(epochs, data, callbacks=[timer], dataset_sink_mode=True)
    epoch_s = [b - a for a, b in zip(timer.times, timer.times[1:])]
    return {"steps_per_epoch": steps, "sentences_per_epoch": steps * BATCH, "epoch_s": epoch_s}


def run_child(python: str, framework: str, variant: str, args: argparse.Namespace) -> dict:
    cmd = [python, str(Path(__file__).resolve()), "--child", variant, "--framework", framework,
           "--epochs", str(args.epochs), "--sentences", str(args.sentences)]  # fmt: skip
    with tempfile.TemporaryDirectory() as where:  # MindSpore writes files where it runs
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=where)
    if p.returncode != 0:
        return {"error": p.stderr[-2000:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


def summary(runs: list[dict]) -> dict:
    ok = [r for r in runs if "error" not in r]
    if not ok:
        return {"error": runs[0]["error"]}
    later = [s for r in ok for s in r["epoch_s"][1:]]
    per_epoch = ok[0]["sentences_per_epoch"]
    return {
        "steps_per_epoch": ok[0]["steps_per_epoch"],
        "first_epoch_s": [r["epoch_s"][0] for r in ok],
        "later_epoch_s": later,
        "sentences_per_s": per_epoch / statistics.median(later),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--sentences", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--mindspore-python", default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"))
    parser.add_argument("--out", default=None)
    parser.add_argument("--child", choices=["bucketed", "padded"], help=argparse.SUPPRESS)
    parser.add_argument("--framework", default="deepsink", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.framework, args.child, args.epochs, args.sentences)))
        return
    frameworks = {"deepsink": sys.executable}
    if args.mindspore_python:
        frameworks["mindspore"] = args.mindspore_python
    results: dict = {}
    for fw, python in frameworks.items():
        runs: dict = {"bucketed": [], "padded": []}
        for r in range(args.rounds):
            for variant in ("bucketed", "padded") if r % 2 == 0 else ("padded", "bucketed"):
                runs[variant].append(run_child(python, fw, variant, args))
        results[fw] = {v: summary(rs) for v, rs in runs.items()}
        both = results[fw]
        if all("sentences_per_s" in both[v] for v in both):
            both["bucketed_over_padded"] = (
                both["bucketed"]["sentences_per_s"] / both["padded"]["sentences_per_s"]
            )
    sys.path.insert(0, str(HERE))
    import jax
    from bench_lenet import machine

    date = datetime.date.today().strftime("%Y%m%d")
    out = {
        "command": "python " + " ".join([f"bench/{Path(__file__).name}", *sys.argv[1:]]),
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "model": f"Embedding({VOCAB}, {DIM}) + masked mean + Dense({DIM}, {CLASSES}), batch "
        f"{BATCH}, {args.sentences} sentences, lengths log-normal (median 24) in [4, {LONGEST}], "
        f"buckets {BOUNDARIES}, sink mode, GRAPH_MODE",
        "results": results,
    }
    path = Path(
        args.out or HERE / "results" / f"bucketed_inputs_{jax.default_backend()}_{date}.json"
    )
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(results, indent=1))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
