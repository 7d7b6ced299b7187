"""Export the networks of ``tests/support/mindir_networks.py`` with deepsink and record what real
MindSpore 2.10 computes from the MindIR files (``tests/train/test_mindir_export.py`` checks them).

Run with deepsink's Python from the repository root, with ``DEEPSINK_MINDSPORE_PYTHON`` naming a
Python that has MindSpore 2.10 (not run by CI)::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/python python3 scripts/record_mindir_exports.py

For each network, deepsink exports it (weights seeded, BatchNorm statistics randomized, as the
test rebuilds it) into a temporary folder; MindSpore loads the file, runs it through
``nn.GraphCell`` and its output is kept in ``tests/fixtures/mindir_exports/<name>.npz`` with the
input, and the file's SHA-256 in ``index.json`` (so the test knows the bytes MindSpore ran are
what deepsink writes today, without MindSpore; no file is kept, so the full-size ResNet-50 and
MobileNetV2 cost only their input and output). ``mlp_gcm.mindir`` and ``mlp_cbc.mindir`` (the MLP
encrypted with ``KEY``) are kept whole, since encryption draws a fresh IV each time.
``lenet_split.npz``: LeNet5 exported with its Parameters saved apart from the graph
(``lenet_graph.mindir`` and ``lenet_variables/data_0``, as MindSpore does above 1 GB; here the
threshold is lowered to ``SPLIT_KB``), the two files' SHA-256 under ``split`` in ``index.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT))

import mindir_networks  # noqa: E402

import deepsink as ms  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "mindir_exports"
KEY = b"0123456789abcdef"
SPLIT_KB = 10

_READ = """
import json, sys
import numpy as np
import mindspore as ms
from mindspore import nn

jobs = json.loads(sys.argv[1])
for job in jobs:
    kwargs = {"dec_key": job["key"].encode(), "dec_mode": job["mode"]} if job.get("key") else {}
    graph = ms.load(job["file"], **kwargs)
    x = np.load(job["x"])
    out = nn.GraphCell(graph)(ms.Tensor(x)).asnumpy()
    np.save(job["out"], out)
print(ms.__version__)
"""


def build(name: str):
    """The network ``name`` and its input, as the recorder and the test build them."""
    cls, shape = mindir_networks.networks(ms)[name]
    rng = np.random.default_rng(len(name) * 7919)
    ms.set_seed(1)
    net = cls()
    mindir_networks.randomize_bn(ms, net, rng)
    net.set_train(False)
    return net, rng.standard_normal(shape).astype(np.float32)


def export_split(folder: Path) -> tuple[Path, Path]:
    """LeNet5 exported with its Parameters apart (the threshold lowered to ``SPLIT_KB``): the
    graph file and the data file."""
    from deepsink.train.mindir import export as mindir_export

    net, x = build("lenet")
    saved, mindir_export.SPLIT_SAVE_KB = mindir_export.SPLIT_SAVE_KB, SPLIT_KB
    try:
        ms.export(net, ms.Tensor(x), file_name=str(folder / "lenet"), file_format="MINDIR")
    finally:
        mindir_export.SPLIT_SAVE_KB = saved
    return folder / "lenet_graph.mindir", folder / "lenet_variables" / "data_0"


def sha256s(files: tuple[Path, ...]) -> list[str]:
    return [hashlib.sha256(f.read_bytes()).hexdigest() for f in files]


def main() -> int:
    python = os.environ.get("DEEPSINK_MINDSPORE_PYTHON")
    if not python:
        print("set DEEPSINK_MINDSPORE_PYTHON to a Python with MindSpore 2.10", file=sys.stderr)
        return 2
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    tmp = Path(tempfile.mkdtemp())
    jobs, index = [], {}
    for name in mindir_networks.networks(ms):
        net, x = build(name)
        file = tmp / f"{name}.mindir"
        ms.export(net, ms.Tensor(x), file_name=str(tmp / name), file_format="MINDIR")
        index[name] = hashlib.sha256(file.read_bytes()).hexdigest()
        np.save(tmp / f"{name}_x.npy", x)
        jobs.append(
            {
                "file": str(file),
                "x": str(tmp / f"{name}_x.npy"),
                "out": str(tmp / f"{name}_out.npy"),
            }
        )
    split = export_split(tmp / "split")
    jobs.append({"file": str(split[0]), "x": str(tmp / "lenet_x.npy"),
                 "out": str(tmp / "lenet_split_out.npy")})  # fmt: skip
    net, x = build("mlp")
    for mode, tag in (("AES-GCM", "gcm"), ("AES-CBC", "cbc")):
        base = OUT / f"mlp_{tag}"
        ms.export(
            net, ms.Tensor(x), file_name=str(base), file_format="MINDIR", enc_key=KEY, enc_mode=mode
        )
        os.chmod(str(base) + ".mindir", 0o644)
        jobs.append({"file": str(base) + ".mindir", "x": str(tmp / "mlp_x.npy"),
                     "out": str(tmp / f"mlp_{tag}_out.npy"), "key": KEY.decode(), "mode": mode})  # fmt: skip
    done = subprocess.run(
        [python, "-c", _READ, json.dumps(jobs)], cwd=tmp, capture_output=True, text=True
    )
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return 1
    version = done.stdout.split()[-1]
    for job in jobs:
        name = Path(job["out"]).name[: -len("_out.npy")]
        np.savez(OUT / f"{name}.npz", x=np.load(job["x"]), ms_out=np.load(job["out"]))
    (OUT / "index.json").write_text(
        json.dumps({"ms_version": version, "sha256": index, "split": sha256s(split)}, indent=1)
        + "\n"
    )
    print("recorded", sorted(index), "with MindSpore", version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
