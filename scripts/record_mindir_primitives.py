"""Export small deepsink networks, each using a few operators whose JAX primitives MindIR writes as
one MindSpore 2.10 primitive (Atan, Sinh, Cosh, Tan, ACos, Atanh, Erfc, Erfinv, Lgamma, CumProd,
CumulativeLogsumexp, TopK, ReduceProd, Tile, TruncateMod, Round), and record what real MindSpore
2.10 computes from the files (``tests/train/test_mindir_primitives.py`` checks them).

Run with deepsink's Python from the repository root, with ``DEEPSINK_MINDSPORE_PYTHON`` naming a
Python that has MindSpore 2.10 (not run by CI)::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/python python3 scripts/record_mindir_primitives.py

MindSpore loads each file and runs it through ``nn.GraphCell``; its outputs are kept in
``tests/fixtures/mindir_primitives/<name>.npz`` (``x``, ``ms_out_0``, ``ms_out_1``, ...) and each
file's SHA-256 in ``index.json``, so the test knows the bytes MindSpore ran are what deepsink writes
today.
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
sys.path.insert(0, str(ROOT))

import deepsink as ms  # noqa: E402
from deepsink import nn, ops  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "mindir_primitives"

_READ = """
import json, sys
import numpy as np
import mindspore as ms
from mindspore import nn

for job in json.loads(sys.argv[1]):
    out = nn.GraphCell(ms.load(job["file"]))(ms.Tensor(np.load(job["x"])))
    outs = out if isinstance(out, (tuple, list)) else (out,)
    np.savez(job["out"], *[o.asnumpy() for o in outs])
print(ms.__version__)
"""


class Trigonometric(nn.Cell):
    """atan, sinh, cosh, tan, acos and atanh of values in (-0.9, 0.9), stacked."""

    def construct(self, x):
        return ops.stack(
            [ops.atan(x), ops.sinh(x), ops.cosh(x), ops.tan(x), ops.acos(x), ops.atanh(x)]
        )


class Special(nn.Cell):
    """erfc, erfinv and lgamma (away from its poles), stacked."""

    def construct(self, x):
        return ops.stack([ops.erfc(x), ops.erfinv(x), ops.lgamma(x * 3 + 1.5)])


class ExactGelu(nn.Cell):
    """Dense layers around the exact GELU (``erfc`` in JAX)."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.gelu = nn.GELU(approximate=False)
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(self.gelu(self.fc1(x)))


class Cumulative(nn.Cell):
    """Running products and log-sum-exps along each axis."""

    def construct(self, x):
        return ops.stack(
            [ops.cumprod(x, 1), ops.logcumsumexp(x, 1), ops.cumprod(x, 0), ops.logcumsumexp(x, 0)]
        )


class TopKValues(nn.Cell):
    """The 2 largest of each row and their indices (k at most half the row: deepsink's own run
    orders ties as MindSpore's kernel does)."""

    def construct(self, x):
        return ops.topk(x, 2)


class ProductTile(nn.Cell):
    """A product over an axis, broadcast back by tiling."""

    def construct(self, x):
        return ops.tile(ops.prod(x, 1, keep_dims=True), (1, 3)) + ops.tile(x, (1, 1))[:, :3]


class Rounding(nn.Cell):
    """Round (halves to even) and fmod (the dividend's sign) of values with exact halves."""

    def construct(self, x):
        return ops.stack([ops.round(x), ops.fmod(x, 0.75), ops.fmod(-x, 1.25)])


def _uniform(lo: float, hi: float, shape: tuple) -> object:
    return lambda rng: rng.uniform(lo, hi, shape).astype(np.float32)


def _halves(rng: np.random.Generator) -> np.ndarray:
    return (rng.integers(-12, 13, (3, 8)) / 2).astype(np.float32)


NETWORKS = {
    "trigonometric": (Trigonometric, _uniform(-0.9, 0.9, (3, 5))),
    "special": (Special, _uniform(-0.9, 0.9, (3, 5))),
    "exact_gelu": (ExactGelu, _uniform(-2.0, 2.0, (4, 6))),
    "cumulative": (Cumulative, _uniform(0.5, 1.5, (3, 5))),
    "topk": (TopKValues, _uniform(-1.0, 1.0, (3, 6))),
    "product_tile": (ProductTile, _uniform(0.5, 1.5, (2, 4))),
    "rounding": (Rounding, _halves),
}


def build(name: str):
    """The network ``name`` and its input, as the recorder and the test build them."""
    cls, draw = NETWORKS[name]
    rng = np.random.default_rng(len(name) * 7919)
    ms.set_seed(1)
    net = cls()
    net.set_train(False)
    return net, draw(rng)


def main() -> int:
    python = os.environ.get("DEEPSINK_MINDSPORE_PYTHON")
    if not python:
        print("set DEEPSINK_MINDSPORE_PYTHON to a Python with MindSpore 2.10", file=sys.stderr)
        return 2
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    tmp = Path(tempfile.mkdtemp())
    jobs, index = [], {}
    for name in NETWORKS:
        net, x = build(name)
        ms.export(net, ms.Tensor(x), file_name=str(tmp / name), file_format="MINDIR")
        index[name] = hashlib.sha256((tmp / f"{name}.mindir").read_bytes()).hexdigest()
        np.save(tmp / f"{name}_x.npy", x)
        jobs.append(
            {
                "file": str(tmp / f"{name}.mindir"),
                "x": str(tmp / f"{name}_x.npy"),
                "out": str(tmp / f"{name}_out.npz"),
            }
        )
    done = subprocess.run(
        [python, "-c", _READ, json.dumps(jobs)], cwd=tmp, capture_output=True, text=True
    )
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return 1
    version = done.stdout.split()[-1]
    for name, job in zip(NETWORKS, jobs, strict=True):
        outs = np.load(job["out"])
        kept = {f"ms_out_{i}": outs[f"arr_{i}"] for i in range(len(outs.files))}
        np.savez(OUT / f"{name}.npz", x=np.load(job["x"]), **kept)
    (OUT / "index.json").write_text(
        json.dumps({"ms_version": version, "sha256": index}, indent=1) + "\n"
    )
    print("recorded", sorted(index), "with MindSpore", version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
