"""Throughput of the MNIST pipeline of MindSpore's "Sinking Mode" tutorial: deepsink vs MindSpore's
C++ engine, side by side.

One invocation runs, in interleaved rounds (so machine-load drift hits all alike):

- ``deepsink host``: the tutorial's ``create_dataset`` (Resize 32x32 LINEAR, two Rescale, HWC2CHW,
  TypeCast, shuffle 10000, batch 32, map workers 1), iterated on the host;
- ``deepsink raw``: the same after ``device_split()``: the host ships raw uint8 batches;
- ``deepsink device transform``: the removed ops (``dt``) on a stack of raw batches under
  ``jax.jit`` + ``lax.map``, as the sink engine runs them in the compiled loop (here on the CPU);
- ``mindspore``: the same pipeline text under ``--mindspore-python`` (the python of a virtualenv
  with MindSpore installed; default ``$DEEPSINK_MINDSPORE_PYTHON``), one epoch per round in a subprocess;
  reported as skipped, with the reason, when not given.

``--jpeg-sink`` measures instead a JPEG pipeline feeding a training device: synthetic 40x40 JPEGs
written to a temporary ImageFolder (``--jpeg-images``), ``ImageFolderDataset`` -> Decode ->
RandomCrop 32 -> RandomHorizontalFlip -> Rescale -> Normalize -> HWC2CHW, batch 32, training
ResNet-18/CIFAR (``--jpeg-net resnet18``; ``small``: two convolutions and a Dense, for a quick run)
in sink mode on JAX's default device with ``ms.TimeBreakdown``: is the device starved? Writes
``jpeg_sink_<backend>_<date>.json`` (per-sink breakdowns after the first, which compiles, and the
verdict).

The metric is steady-state batches/s over one epoch (1875 batches) after ``--warmup`` batches;
time to the first batch and whole-epoch rates are recorded too. Results go to ``--out`` (a path
ending in ``.json`` is the file; anything else a folder for ``dataset_<date>.json``; default
``bench/results/``) with the machine and versions.

    python3 bench/bench_dataset.py [--rounds 5] [--mindspore-python PATH] [--mnist DIR] [--out PATH]
    python3 bench/bench_dataset.py --jpeg-sink [--jpeg-images 2048] [--jpeg-net resnet18|small]
                                   [--sink-size 50] [--sinks 4] [--workers 4] [--out PATH]
    python3 bench/bench_dataset.py --suite jpeg [--rounds 2] [--epochs 2] [--out PATH]

``--suite jpeg`` runs the ImageNet-style benchmark instead: 1,200 JPEGs of 320x256 in 4 class
folders, generated at run time (nothing downloaded), read by ``ImageFolderDataset`` through two
pipelines, each with ``num_parallel_workers`` 1 and 2 (the dataset config's default set alike):

- ``resize_crop``: Decode -> Resize(256) -> RandomCrop(224) -> RandomHorizontalFlip -> Normalize
  -> HWC2CHW -> batch(32);
- ``imagenet``: MindSpore's ImageNet recipe, RandomCropDecodeResize(224) ->
  RandomHorizontalFlip -> Normalize -> HWC2CHW -> batch(32).

deepsink and MindSpore (``--mindspore-python``) each run in a subprocess per variant, interleaved
per round; the metrics are images/s and the process's CPU time per image (all its threads: a
figure a loaded machine does not distort) over ``--epochs`` epochs after one warm-up epoch. A PyTorch
DataLoader peer runs when torch and torchvision import in ``--torch-python`` (default
``$DEEPSINK_TORCH_PYTHON``, else this interpreter; reported as skipped, with the reason, if not).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PIPELINE = '''
def create_dataset(data_path, batch_size=32, repeat_size=1, num_parallel_workers=1):
    """The tutorial's create_dataset, verbatim but for line breaks."""
    mnist_ds = ds.MnistDataset(data_path)
    resize_height, resize_width = 32, 32
    rescale = 1.0 / 255.0
    shift = 0.0
    rescale_nml = 1 / 0.3081
    shift_nml = -1 * 0.1307 / 0.3081
    resize_op = vision.Resize((resize_height, resize_width), interpolation=Inter.LINEAR)
    rescale_nml_op = vision.Rescale(rescale_nml, shift_nml)
    rescale_op = vision.Rescale(rescale, shift)
    hwc2chw_op = vision.HWC2CHW()
    type_cast_op = transforms.TypeCast(ms.int32)
    w = num_parallel_workers
    mnist_ds = mnist_ds.map(input_columns="label", operations=type_cast_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=resize_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_nml_op,
                            num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=hwc2chw_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.shuffle(buffer_size=10000)
    mnist_ds = mnist_ds.batch(batch_size, drop_remainder=True)
    mnist_ds = mnist_ds.repeat(repeat_size)
    return mnist_ds


def measure(dataset, warmup):
    """One epoch: steady batches/s after ``warmup`` batches, the epoch's rate, the first batch."""
    import time
    t0 = time.perf_counter()
    n, t_first, t_warm = 0, None, None
    for _ in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True):
        n += 1
        if n == 1:
            t_first = time.perf_counter()
        if n == warmup:
            t_warm = time.perf_counter()
    t_end = time.perf_counter()
    return {"batches": n, "steady_bps": (n - warmup) / (t_end - t_warm),
            "epoch_bps": n / (t_end - t0), "first_batch_s": t_first - t0}
'''

MINDSPORE_IMPORTS = """
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
from mindspore.dataset.vision import Inter
"""

DEEPSINK_IMPORTS = """
import deepsink.dataset as ds
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision
from deepsink.common import dtype as ms
from deepsink.dataset.vision import Inter
"""

MINDSPORE_CHILD = (
    MINDSPORE_IMPORTS
    + PIPELINE
    + """
import json, sys
print("RESULT " + json.dumps(measure(create_dataset(sys.argv[1]), int(sys.argv[2]))))
"""
)


def prepare_mnist(gz_dir: Path, tmp: Path) -> Path:
    """MNIST_Data/train with the uncompressed files (what MindSpore reads)."""
    train = tmp / "MNIST_Data" / "train"
    train.mkdir(parents=True)
    for name in ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"):
        with gzip.open(gz_dir / f"{name}.gz") as f, open(train / name, "wb") as g:
            shutil.copyfileobj(f, g)
    return train


def run_mindspore(python: str, path: Path, warmup: int) -> dict:
    proc = subprocess.run(
        [python, "-c", MINDSPORE_CHILD, str(path), str(warmup)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"the MindSpore run failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")


def mindspore_version(python: str) -> dict | None:
    code = (
        "import mindspore, numpy, sys; print(mindspore.__version__, numpy.__version__, sys.version)"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        return None
    ms, np_version, py = out.stdout.strip().splitlines()[-1].split(" ", 2)
    return {"python": python, "mindspore": ms, "numpy": np_version, "python_version": py}


def device_transform_rate(namespace: dict, path: Path, chunk: int, repeats: int) -> dict:
    """dt on ``chunk`` stacked raw batches, jit + lax.map (one batch per step, as in the sink)."""
    import jax
    import numpy as np

    raw, transform = namespace["create_dataset"](str(path)).device_split()
    it = raw.create_tuple_iterator(num_epochs=1, output_numpy=True)
    batches = [next(it) for _ in range(chunk)]
    it.close()
    stacked = tuple(np.stack(col) for col in zip(*batches))
    run = jax.jit(lambda cols, key: jax.lax.map(lambda b: transform(b, key), cols))
    key = jax.random.key(0)
    jax.block_until_ready(run(stacked, key))
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        jax.block_until_ready(run(stacked, key))
        times.append(time.perf_counter() - t)
    return {"chunk": chunk, "bps": [chunk / t for t in times], "transform": repr(transform)}


def machine() -> dict:
    import jax
    import numpy as np

    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError):
        pass
    rev = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    return {
        "cpu_model": model,
        "cores": os.cpu_count(),
        "memory_gib": mem,
        "load_average_after": os.getloadavg(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "jax": jax.__version__,
        "numpy": np.__version__,
        "git": rev or None,
    }


def write_jpegs(root: Path, count: int, classes: int = 10, size: int = 40) -> None:
    """``count`` seeded JPEGs (quality 90) in ``classes`` ImageFolder class folders."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(0)
    base = rng.integers(0, 256, (classes, size // 4, size // 4, 3), dtype=np.uint8)
    for i in range(count):
        c = i % classes
        folder = root / f"class_{c:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        img = np.kron(base[c], np.ones((4, 4, 1), np.uint8))  # a blocky class pattern
        img = np.clip(img + rng.normal(0, 24, img.shape), 0, 255).astype(np.uint8)
        Image.fromarray(img).save(folder / f"{i:06d}.jpg", quality=90)


def jpeg_dataset(root: Path, workers: int):
    import deepsink as ms
    import deepsink.dataset as ds
    import deepsink.dataset.transforms as transforms
    import deepsink.dataset.vision as vision

    data = ds.ImageFolderDataset(str(root), shuffle=True, num_parallel_workers=workers)
    image_ops = [vision.Decode(), vision.RandomCrop(32), vision.RandomHorizontalFlip(),
                 vision.Rescale(1.0 / 255.0, 0.0),
                 vision.Normalize([0.4914, 0.4822, 0.4465], [0.2470, 0.2435, 0.2616]),
                 vision.HWC2CHW()]  # fmt: skip
    data = data.map(image_ops, input_columns="image", num_parallel_workers=workers)
    data = data.map(transforms.TypeCast(ms.int32), input_columns="label")
    return data.batch(32, drop_remainder=True)


def jpeg_network(name: str):
    from deepsink import nn

    if name == "resnet18":
        sys.path.insert(0, str(ROOT / "examples"))
        from resnet_cifar import resnet18

        return resnet18(10)
    return nn.SequentialCell(
        nn.Conv2d(3, 16, 3, stride=2),
        nn.ReLU(),
        nn.Conv2d(16, 32, 3, stride=2),
        nn.ReLU(),
        nn.Flatten(),
        nn.Dense(32 * 8 * 8, 10),
    )


def jpeg_sink(args: argparse.Namespace) -> int:
    """The JPEG pipeline feeding a sunk training job, with TimeBreakdown's verdict."""
    import jax

    import deepsink as ms
    from deepsink import nn
    from deepsink.train import step_trace

    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        write_jpegs(Path(tmp), args.jpeg_images)
        write_s = time.perf_counter() - t0
        data = jpeg_dataset(Path(tmp), args.workers)
        t0, n = time.perf_counter(), 0  # the pipeline alone: one epoch on the host
        for _ in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            n += 1
        host_bps = n / (time.perf_counter() - t0)
        net = jpeg_network(args.jpeg_net)
        model = ms.Model(
            net,
            nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
            nn.Momentum(net.trainable_params(), 0.01, 0.9),
        )
        tb = ms.TimeBreakdown()
        model.train(
            1 + args.sinks, data, callbacks=[tb], dataset_sink_mode=True, sink_size=args.sink_size
        )
    records = [r for r in tb.records if r["mode"] == "train"][1:]  # the first sink compiles
    summary = step_trace.summarize(records)
    steps = max(summary["steps"], 1)
    per_step = {
        k: summary[k] / steps
        for k in ("total_ms", "compute_ms", "data_wait_ms", "host_ms", "pipeline_ms", "copy_ms")
    }
    now = dt.datetime.now(dt.UTC)
    backend = jax.default_backend()
    stats = ms.context.device().memory_stats() or {}
    report = {
        "benchmark": f"{args.jpeg_images} synthetic 40x40 JPEGs, ImageFolderDataset, Decode, "
        "RandomCrop 32, RandomHorizontalFlip, Rescale, Normalize, HWC2CHW, batch 32, "
        f"{args.workers} workers; {args.jpeg_net} in sink mode, Momentum 0.01/0.9",
        "date": now.isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": {**machine(), "backend": backend, "device": str(ms.context.device())},
        "sink_size": args.sink_size, "sinks_timed": args.sinks, "jpeg_write_s": write_s,
        "host_pipeline_alone_batches_per_s": host_bps,
        "steps_per_s": 1e3 / per_step["total_ms"] if per_step["total_ms"] else None,
        "ms_per_step": per_step, "data_bound": summary["data_bound"],
        "wait_share": summary["wait_share"], "verdict": step_trace.verdict(summary),
        "peak_device_mb": stats["peak_bytes_in_use"] / 2**20 if "peak_bytes_in_use" in stats else None,
        "sinks": records,
    }  # fmt: skip
    out = args.out
    if out.suffix != ".json":
        out = out / f"jpeg_sink_{backend}_{now:%Y%m%d}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"host pipeline alone      {host_bps:10.0f} batches/s")
    print(f"sunk training            {report['steps_per_s'] or 0:10.0f} steps/s on {backend}")
    print(report["verdict"])
    print(f"wrote {out}")
    return 0


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# -- the JPEG suite --------------------------------------------------------------------------------
JPEG_PIPELINE = """
def jpeg_dataset(root, recipe, workers):
    ds.config.set_num_parallel_workers(workers)
    ds.config.set_seed(0)
    data = ds.ImageFolderDataset(root, num_parallel_workers=workers, shuffle=True)
    mean = [0.485 * 255, 0.456 * 255, 0.406 * 255]
    std = [0.229 * 255, 0.224 * 255, 0.225 * 255]
    if recipe == "resize_crop":
        ops = [vision.Decode(), vision.Resize(256), vision.RandomCrop(224),
               vision.RandomHorizontalFlip(), vision.Normalize(mean, std), vision.HWC2CHW()]
    else:
        ops = [vision.RandomCropDecodeResize(224), vision.RandomHorizontalFlip(),
               vision.Normalize(mean, std), vision.HWC2CHW()]
    data = data.map(ops, input_columns="image", num_parallel_workers=workers)
    return data.batch(32, drop_remainder=True)


def measure_images(data, epochs):
    import time
    rates, cpu = [], []
    for epoch in range(epochs + 1):  # epoch 0 warms up (file cache, threads, imports)
        t0, c0, n = time.perf_counter(), time.process_time(), 0
        for image, label in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            n += image.shape[0]
        assert image.shape[1:] == (3, 224, 224), image.shape
        if epoch:
            rates.append(n / (time.perf_counter() - t0))
            cpu.append((time.process_time() - c0) / n * 1e3)  # all threads of the process
    return {"images_per_epoch": n, "images_per_s": rates, "cpu_ms_per_image": cpu}


import json, sys
root, recipe, workers, epochs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
print("RESULT " + json.dumps(measure_images(jpeg_dataset(root, recipe, workers), epochs)))
"""

TORCH_CHILD = """
import json, sys, time
import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms as T

root, recipe, workers, epochs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
torch.set_num_threads(1)
norm = T.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
if recipe == "resize_crop":
    tf = T.Compose([T.Resize(256), T.RandomCrop(224), T.RandomHorizontalFlip(), T.ToTensor(), norm])
else:
    tf = T.Compose([T.RandomResizedCrop(224), T.RandomHorizontalFlip(), T.ToTensor(), norm])
loader = DataLoader(datasets.ImageFolder(root, tf), batch_size=32, shuffle=True, drop_last=True,
                    num_workers=workers, persistent_workers=True)
rates = []
for epoch in range(epochs + 1):
    t0, n = time.perf_counter(), 0
    for image, label in loader:
        n += image.shape[0]
    if epoch:
        rates.append(n / (time.perf_counter() - t0))
# the work runs in worker processes: no per-process CPU figure
print("RESULT " + json.dumps({"images_per_epoch": n, "images_per_s": rates}))
"""


def make_jpegs(root: Path, count: int = 1200, size: tuple[int, int] = (320, 256)) -> Path:
    """``count`` JPEGs (quality 90) of ``size`` (width, height) in 4 class folders: smooth
    colour fields with noise, so they compress like photographs rather than flat colour."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(0)
    w, h = size
    bases = [
        np.asarray(
            Image.fromarray(rng.integers(0, 256, (16, 20, 3), dtype=np.uint8)).resize(
                size, Image.BICUBIC
            )
        )
        for _ in range(8)
    ]
    for c in range(4):
        (root / f"class{c}").mkdir(parents=True, exist_ok=True)
    for i in range(count):
        img = np.roll(bases[i % 8], i, axis=1).astype(np.int16) + rng.integers(-12, 13, (h, w, 3))
        Image.fromarray(img.clip(0, 255).astype(np.uint8)).save(
            root / f"class{i % 4}" / f"{i:05d}.jpg", quality=90
        )
    return root


def run_child(python: str, code: str, args: list[str], env: dict | None = None) -> dict:
    proc = subprocess.run(
        [python, "-c", code, *args], capture_output=True, text=True, timeout=900, env=env
    )
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"the run failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")


def torch_skip_reason(python: str) -> str | None:
    code = "import torch, torchvision"
    out = subprocess.run([python, "-c", code], capture_output=True, text=True)
    if out.returncode:
        return "torch/torchvision not installed: " + out.stderr.strip().splitlines()[-1]
    return None


def torch_version(python: str) -> dict:
    code = "import torch, torchvision, PIL; print(torch.__version__, torchvision.__version__, PIL.__version__)"
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    torch_v, vision_v, pil_v = out.stdout.split()
    return {
        "python": "$DEEPSINK_TORCH_PYTHON",
        "torch": torch_v,
        "torchvision": vision_v,
        "pillow": pil_v,
    }


def jpeg_suite(args: argparse.Namespace, ms_skipped: str | None) -> int:
    load_before = os.getloadavg()
    have_ms = ms_skipped is None
    torch_skipped = torch_skip_reason(args.torch_python)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    peers = {"deepsink": (sys.executable, DEEPSINK_IMPORTS + JPEG_PIPELINE)}
    if have_ms:
        peers["mindspore"] = (args.mindspore_python, MINDSPORE_IMPORTS + JPEG_PIPELINE)
    if torch_skipped is None:
        peers["torch_dataloader"] = (args.torch_python, TORCH_CHILD)
    variants = [(r, w) for r in ("resize_crop", "imagenet") for w in (1, 2)]
    runs: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = make_jpegs(Path(tmp) / "jpegs", args.images)
        for rnd in range(args.rounds):
            for recipe, workers in variants:
                for peer, (python, code) in peers.items():
                    res = run_child(
                        python, code, [str(root), recipe, str(workers), str(args.epochs)], env
                    )
                    key = f"{peer}/{recipe}/w{workers}"
                    runs.setdefault(key, []).extend(res["images_per_s"])
                    cpu.setdefault(key, []).extend(res.get("cpu_ms_per_image", []))
                    print(
                        f"round {rnd + 1}: {peer:17s} {recipe:12s} w{workers}: "
                        f"{[round(v) for v in res['images_per_s']]} images/s, "
                        f"{[round(v, 3) for v in res.get('cpu_ms_per_image', [])]} CPU ms/image",
                        flush=True,
                    )
    med = {k: median(v) for k, v in runs.items()}
    cpu_med = {k: median(v) for k, v in cpu.items() if v}
    summary: dict = {"images_per_s": med, "cpu_ms_per_image": cpu_med}
    for recipe in ("resize_crop", "imagenet"):
        ds2, ds1 = med[f"deepsink/{recipe}/w2"], med[f"deepsink/{recipe}/w1"]
        summary[f"{recipe}_deepsink_w2_over_w1"] = ds2 / ds1
        for peer in ("mindspore", "torch_dataloader"):
            for w in (1, 2):
                key = f"{peer}/{recipe}/w{w}"
                if key in med:
                    summary[f"{recipe}_deepsink_over_{peer}_w{w}"] = (
                        med[f"deepsink/{recipe}/w{w}"] / med[key]
                    )
                if key in cpu_med:  # above 1: deepsink spends less CPU per image
                    summary[f"{recipe}_cpu_{peer}_over_deepsink_w{w}"] = (
                        cpu_med[key] / cpu_med[f"deepsink/{recipe}/w{w}"]
                    )
    now = dt.datetime.now(dt.UTC)
    skipped = {}
    if not have_ms:
        skipped["mindspore"] = ms_skipped
    if torch_skipped:
        skipped["torch_dataloader"] = torch_skipped
    report = {
        "benchmark": "1,200 JPEGs 320x256 in class folders, ImageFolderDataset, batch 32: "
        "resize_crop = Decode, Resize(256), RandomCrop(224), RandomHorizontalFlip, Normalize, HWC2CHW; "
        "imagenet = RandomCropDecodeResize(224), RandomHorizontalFlip, Normalize, HWC2CHW",
        "date": now.isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": {**machine(), "load_average_before": load_before},
        "mindspore": mindspore_version(args.mindspore_python) if have_ms else None,
        "torch": None if torch_skipped else torch_version(args.torch_python),
        "skipped": skipped,
        "metric": f"median images/s (wall) and process CPU ms per image (all threads) over "
        f"{args.rounds} rounds x {args.epochs} epochs after a warm-up epoch",
        "summary": summary,
        "runs": runs,
    }
    out = args.out if args.out.suffix == ".json" else args.out / f"dataset_jpeg_{now:%Y%m%d}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    for k, v in med.items():
        print(f"{k:36s} {v:8.0f} images/s")
    for k, v in cpu_med.items():
        print(f"{k:36s} {v:8.3f} CPU ms/image")
    for k, v in summary.items():
        if k not in ("images_per_s", "cpu_ms_per_image"):
            print(f"{k:44s} {v:6.2f}x")
    for k, v in skipped.items():
        print(f"{k}: skipped: {v}")
    print(f"wrote {out}")
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--warmup", type=int, default=100, help="batches before the steady clock starts")
    p.add_argument(
        "--mnist", type=Path, default=ROOT / "data" / "mnist" / "train", help="the train .gz files"
    )
    p.add_argument(
        "--mindspore-python",
        default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"),
        help="python of a virtualenv with MindSpore installed (default: $DEEPSINK_MINDSPORE_PYTHON)",
    )
    p.add_argument(
        "--torch-python",
        default=os.environ.get("DEEPSINK_TORCH_PYTHON", sys.executable),
        help="python with torch and torchvision for the DataLoader peer (jpeg suite)",
    )
    p.add_argument("--chunk", type=int, default=100, help="batches per device-transform call")
    p.add_argument("--suite", choices=("mnist", "jpeg"), default="mnist")
    p.add_argument("--epochs", type=int, default=2, help="timed epochs per run (jpeg suite)")
    p.add_argument("--images", type=int, default=1200, help="JPEGs to generate (jpeg suite)")
    p.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "results",
        help="a .json file to write, or a folder for dataset_<date>.json (default bench/results)",
    )
    p.add_argument("--jpeg-sink", action="store_true", help="the JPEG pipeline feeding training")
    p.add_argument("--jpeg-images", type=int, default=2048)
    p.add_argument("--jpeg-net", choices=["resnet18", "small"], default="resnet18")
    p.add_argument("--sink-size", type=int, default=50)
    p.add_argument("--sinks", type=int, default=4, help="timed sinks (after the first)")
    p.add_argument("--workers", type=int, default=4, help="map workers of the JPEG pipeline")
    args = p.parse_args()
    if args.jpeg_sink:
        if args.jpeg_images < 32 * args.sink_size:
            p.error("--jpeg-images must hold at least one sink of batches of 32")
        return jpeg_sink(args)

    if not args.mindspore_python:
        ms_skipped = "no --mindspore-python (or DEEPSINK_MINDSPORE_PYTHON) given"
    elif not Path(args.mindspore_python).exists():
        ms_skipped = f"--mindspore-python {args.mindspore_python} does not exist"
    else:
        ms_skipped = None
    if args.suite == "jpeg":
        return jpeg_suite(args, ms_skipped)
    have_ms = ms_skipped is None
    load_before = os.getloadavg()
    namespace: dict = {}
    exec(DEEPSINK_IMPORTS + PIPELINE, namespace)
    results: dict[str, list[dict]] = {"deepsink_host": [], "deepsink_raw": [], "mindspore": []}
    with tempfile.TemporaryDirectory() as tmp:
        path = prepare_mnist(args.mnist, Path(tmp))
        create, measure = namespace["create_dataset"], namespace["measure"]
        measure(create(str(path)), args.warmup)  # warm: file cache, allocator, imports
        for r in range(args.rounds):
            results["deepsink_host"].append(measure(create(str(path)), args.warmup))
            raw = create(str(path)).device_split()[0]
            results["deepsink_raw"].append(measure(raw, args.warmup))
            if have_ms:
                results["mindspore"].append(run_mindspore(args.mindspore_python, path, args.warmup))
            last = {k: round(v[-1]["steady_bps"]) for k, v in results.items() if v}
            print(f"round {r + 1}/{args.rounds}: steady batches/s {last}", flush=True)
        device = device_transform_rate(namespace, path, args.chunk, max(3, args.rounds))

    host = median([x["steady_bps"] for x in results["deepsink_host"]])
    raw = median([x["steady_bps"] for x in results["deepsink_raw"]])
    dev = median(device["bps"])
    combined = 1.0 / (1.0 / raw + 1.0 / dev)  # host and device work one after the other
    ms_bps = median([x["steady_bps"] for x in results["mindspore"]])
    summary = {
        "deepsink_host_bps": host,
        "deepsink_raw_host_bps": raw,
        "deepsink_device_transform_bps": dev,
        "deepsink_raw_plus_device_serial_bps": combined,
        "mindspore_bps": ms_bps if have_ms else None,
        "ratio_host_vs_mindspore": host / ms_bps if have_ms else None,
        "ratio_raw_plus_device_vs_mindspore": combined / ms_bps if have_ms else None,
    }
    now = dt.datetime.now(dt.UTC)
    report = {
        "benchmark": "the Sinking Mode tutorial's MNIST create_dataset, batch 32, shuffle 10000, map workers 1",
        "date": now.isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": {**machine(), "load_average_before": load_before},
        "mindspore": mindspore_version(args.mindspore_python) if have_ms else None,
        "skipped": {} if have_ms else {"mindspore": ms_skipped},
        "metric": f"median of {args.rounds} epochs, steady batches/s after {args.warmup} batches",
        "summary": summary,
        "runs": results,
        "device_transform": device,
    }
    out = args.out if args.out.suffix == ".json" else args.out / f"dataset_{now:%Y%m%d}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"deepsink host            {host:10.0f} batches/s")
    print(f"deepsink raw (host)      {raw:10.0f} batches/s")
    print(f"deepsink device transform{dev:10.0f} batches/s (jit, lax.map over {args.chunk})")
    print(f"deepsink raw + device    {combined:10.0f} batches/s (serial sum of both)")
    if have_ms:
        print(f"mindspore                {ms_bps:10.0f} batches/s")
        print(f"ratio host / mindspore   {host / ms_bps:10.1f}x")
        print(f"ratio raw+device / ms    {combined / ms_bps:10.1f}x")
    else:
        print(f"mindspore                   skipped: {ms_skipped}")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
