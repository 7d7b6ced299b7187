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

The metric is steady-state batches/s over one epoch (1875 batches) after ``--warmup`` batches;
time to the first batch and whole-epoch rates are recorded too. Results go to ``--out`` (a path
ending in ``.json`` is the file; anything else a folder for ``dataset_<date>.json``; default
``bench/results/``) with the machine and versions.

    python3 bench/bench_dataset.py [--rounds 5] [--mindspore-python PATH] [--mnist DIR] [--out PATH]
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


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


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
    p.add_argument("--chunk", type=int, default=100, help="batches per device-transform call")
    p.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "results",
        help="a .json file to write, or a folder for dataset_<date>.json (default bench/results)",
    )
    args = p.parse_args()

    if not args.mindspore_python:
        ms_skipped = "no --mindspore-python (or DEEPSINK_MINDSPORE_PYTHON) given"
    elif not Path(args.mindspore_python).exists():
        ms_skipped = f"--mindspore-python {args.mindspore_python} does not exist"
    else:
        ms_skipped = None
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
