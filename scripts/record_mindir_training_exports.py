"""Export the networks of ``tests/support/mindir_training_networks.py`` with deepsink and record
what real MindSpore 2.10 computes from the MindIR files
(``tests/train/test_mindir_training_export.py`` checks them).

Run with deepsink's Python from the repository root, with ``DEEPSINK_MINDSPORE_PYTHON`` naming a
Python that has MindSpore 2.10 (not run by CI)::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/python python3 scripts/record_mindir_training_exports.py

Each training step is exported on its input and labels and MindSpore runs the file twice
through ``nn.GraphCell`` (the second call sees the Parameters the first one's ``Assign`` nodes
updated); the dynamic-shape files (a ``Tensor(shape=[None, 2, 3])`` placeholder) run at several
batch sizes; the ``mutable`` list file runs on a list. The outputs go to
``tests/fixtures/mindir_training/<name>.npz``, each file's SHA-256 to ``index.json`` (so the
test knows the bytes MindSpore ran are what deepsink writes today).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT))

import mindir_training_networks as nets  # noqa: E402

import deepsink as ms  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "mindir_training"

_RUN = """
import json, sys
import numpy as np
import mindspore as ms
from mindspore import nn

def flat(out):
    return [np.asarray(o.asnumpy() if hasattr(o, "asnumpy") else o) for o in
            (out if isinstance(out, (tuple, list)) else (out,))]

job = json.loads(sys.argv[1])
results = {}
for name, calls in job["calls"].items():
    cell = nn.GraphCell(ms.load(job["folder"] + "/" + name + ".mindir"))
    for i, args in enumerate(calls):
        arrays = [ms.Tensor(np.load(a)) if isinstance(a, str) else
                  ms.mutable([ms.Tensor(np.load(b)) for b in a]) for a in args]
        for j, o in enumerate(flat(cell(*arrays))):
            np.save(f"{job['folder']}/{name}_{i}_{j}.npy", o)
            results.setdefault(name, {})[f"call{i}_out{j}"] = f"{name}_{i}_{j}.npy"
print(json.dumps({"version": ms.__version__, "results": results}))
"""


def main() -> int:
    python = os.environ.get("DEEPSINK_MINDSPORE_PYTHON")
    if not python:
        print("set DEEPSINK_MINDSPORE_PYTHON to a Python with MindSpore 2.10", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    calls = nets.export_all(ms, tmp)
    job = {"folder": str(tmp), "calls": calls}
    done = subprocess.run([python, "-c", _RUN, json.dumps(job)], cwd=tmp, capture_output=True,
                          text=True)  # fmt: skip
    if done.returncode:
        print(done.stderr[-3000:], file=sys.stderr)
        return 1
    got = json.loads(done.stdout.strip().splitlines()[-1])
    sha = {}
    for name, files in got["results"].items():
        np.savez(OUT / f"{name}.npz", **{k: np.load(tmp / f) for k, f in files.items()})
        sha[name] = hashlib.sha256((tmp / f"{name}.mindir").read_bytes()).hexdigest()
    (OUT / "index.json").write_text(
        json.dumps({"ms_version": got["version"], "sha256": sha}, indent=1) + "\n"
    )
    print("recorded", sorted(sha), "with MindSpore", got["version"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
