"""The LeNet/MNIST sink job's checkpoints between deepsink and real MindSpore 2.10, both ways, on MNIST test.

usage: python scripts/lenet_ckpt_interchange.py [--mindspore-python PATH]
(default PATH: $DEEPSINK_MINDSPORE_PYTHON, a Python with mindspore==2.10.0)
       [--steps 1000] [--ms-steps 1000]

1. deepsink trains the LeNet/MNIST sink job (sink mode) for --steps steps with ModelCheckpoint, evaluates the
   MNIST test set, and MindSpore loads the .ckpt and the .safetensors (load_checkpoint +
   load_param_into_net into its LeNet5 + Momentum training network) and evaluates the same set.
2. MindSpore trains --ms-steps steps and saves a .ckpt with ModelCheckpoint; deepsink loads it
   into its training network and evaluates. Prints one JSON line with the accuracies, the names
   that did not load on either side, and the optimizer's global_step after loading.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def raw_mnist(folder: Path) -> Path:
    """MindSpore reads uncompressed IDX files: unpack the shipped ones."""
    for part in ("train", "test"):
        (folder / part).mkdir(parents=True, exist_ok=True)
        for gz in (ROOT / "data" / "mnist" / part).glob("*.gz"):
            with gzip.open(gz) as f, open(folder / part / gz.name[:-3], "wb") as out:
                shutil.copyfileobj(f, out)
    return folder


def eval_dataset(ms, path: str):
    """The MNIST tutorial pipeline without the shuffle, so both frameworks score the same 9,984 images."""
    import importlib

    ds = importlib.import_module(f"{ms.__name__}.dataset")
    vision = importlib.import_module(f"{ms.__name__}.dataset.vision")
    transforms = importlib.import_module(f"{ms.__name__}.dataset.transforms")
    d = ds.MnistDataset(path, shuffle=False)
    d = d.map(input_columns="label", operations=transforms.TypeCast(ms.int32))
    d = d.map(input_columns="image", operations=vision.Resize((32, 32)))
    d = d.map(input_columns="image", operations=vision.Rescale(1.0 / 255.0, 0.0))
    d = d.map(input_columns="image", operations=vision.Rescale(1 / 0.3081, -0.1307 / 0.3081))
    d = d.map(input_columns="image", operations=vision.HWC2CHW())
    return d.batch(32, drop_remainder=True)


def mindspore_side(work: Path, ms_steps: int) -> dict:
    """Run by MindSpore's python: evaluate deepsink's files, then train and save its own."""
    sys.path.insert(0, str(ROOT / "bench" / "peers"))
    import mindspore as ms
    from mindspore import nn
    from mindspore.train import CheckpointConfig, Model, ModelCheckpoint
    from mindspore_lenet import LeNet5, create_dataset

    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    ms.set_seed(1)
    test = eval_dataset(ms, str(work / "mnist" / "test"))
    out = {}
    for name, kw in (("deepsink.ckpt", {}), ("deepsink.safetensors", {"format": "safetensors"})):
        net = LeNet5()
        opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        model = Model(net, loss, opt, metrics={"acc"})
        params = ms.load_checkpoint(str(work / name), **kw)
        not_loaded, rest = ms.load_param_into_net(model.train_network, params)
        acc = model.eval(test, dataset_sink_mode=False)["acc"]
        out[name] = {"mindspore_accuracy": float(acc), "param_not_load": list(not_loaded),
                     "ckpt_not_load": list(rest),
                     "global_step": int(opt.global_step.asnumpy()[0])}  # fmt: skip
    net = LeNet5()
    model = Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
        metrics={"acc"},
    )
    train = create_dataset(str(work / "mnist" / "train")).take(ms_steps)
    cfg = CheckpointConfig(save_checkpoint_steps=ms_steps, keep_checkpoint_max=1)
    model.train(1, train, callbacks=ModelCheckpoint("ms", str(work), cfg), dataset_sink_mode=False)
    out["mindspore.ckpt"] = {
        "mindspore_accuracy": float(model.eval(test)["acc"]),
        "file": f"ms-1_{ms_steps}.ckpt",
    }
    return out


def deepsink_side(work: Path, steps: int) -> dict:
    sys.path.insert(0, str(ROOT / "examples"))
    from lenet_mnist_sink import LeNet5, create_dataset

    import deepsink as ms
    from deepsink import nn
    from deepsink.train import CheckpointConfig, ModelCheckpoint

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    mnist = ROOT / "data" / "mnist"

    def model():
        net = LeNet5()
        opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        return ms.Model(net, loss, opt, metrics={"acc"}), opt

    m, _ = model()
    cfg = CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=1)
    m.train(
        1,
        create_dataset(str(mnist / "train")),
        callbacks=ModelCheckpoint("d", str(work), cfg),
        dataset_sink_mode=True,
        sink_size=steps,
    )
    shutil.copy(work / f"d-1_{steps}.ckpt", work / "deepsink.ckpt")
    ms.save_checkpoint(m.train_network, str(work / "deepsink.safetensors"), format="safetensors")
    test = eval_dataset(ms, str(mnist / "test"))
    return {"deepsink_accuracy": float(m.eval(test)["acc"]), "model": model, "test": test}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mindspore-python", default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"))
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--ms-steps", type=int, default=1000)
    ap.add_argument("--role", default="deepsink", help=argparse.SUPPRESS)
    ap.add_argument("--work", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.role == "mindspore":
        print(json.dumps(mindspore_side(Path(args.work), args.ms_steps)))
        return
    if not args.mindspore_python:
        ap.error("name MindSpore's Python: --mindspore-python PATH or $DEEPSINK_MINDSPORE_PYTHON")
    work = Path(tempfile.mkdtemp(prefix="lenet_ckpt_"))
    try:
        raw_mnist(work / "mnist")
        ds_result = deepsink_side(work, args.steps)
        p = subprocess.run(
            [
                args.mindspore_python,
                __file__,
                "--role",
                "mindspore",
                "--work",
                str(work),
                "--ms-steps",
                str(args.ms_steps),
            ],
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if p.returncode != 0:
            raise SystemExit(p.stderr[-3000:])
        ms_result = json.loads(p.stdout.strip().splitlines()[-1])
        import deepsink as ms

        m, opt = ds_result["model"]()
        params = ms.load_checkpoint(str(work / ms_result["mindspore.ckpt"]["file"]))
        not_loaded, rest = ms.load_param_into_net(m.train_network, params)
        ms_result["mindspore.ckpt"].update(
            deepsink_accuracy=float(m.eval(ds_result["test"])["acc"]),
            param_not_load=not_loaded,
            ckpt_not_load=rest,
            global_step=int(opt.global_step.asnumpy()[0]),
        )
        for name in ("deepsink.ckpt", "deepsink.safetensors"):
            ms_result[name]["deepsink_accuracy"] = ds_result["deepsink_accuracy"]
        print(json.dumps(ms_result, indent=1))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
