"""Record what MindSpore 2.10's ``mindspore.nn`` subpackages export (``nn.layer``, ``nn.loss``,
``nn.optim``, ``nn.wrap``, ``nn.metrics``: each one's ``__all__`` and which of those names are
``mindspore.nn``'s own object), and ``nn.layer.CosineSimilarity``'s outputs, into
``tests/fixtures/ms/nn_namespaces.json``; ``tests/nn/test_nn_namespaces.py`` checks deepsink.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_nn_namespaces.py
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import nn

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "nn_namespaces.json"
PACKAGES = ("layer", "loss", "optim", "wrap", "metrics")


def namespaces() -> dict:
    out = {}
    for name in PACKAGES:
        module = importlib.import_module(f"mindspore.nn.{name}")
        names = sorted(n for n in module.__all__ if isinstance(n, str))
        same = [n for n in names if getattr(nn, n, None) is getattr(module, n)]
        out[name] = {"names": names, "same_as_nn": same}
    return out


def cosine_similarity() -> list:
    rng = np.random.default_rng(7)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    y = rng.standard_normal((3, 4, 5)).astype(np.float32)
    y[1, :, 2] = 0.0  # a zero vector along dim 1: 0 / max(0, eps**2) -> 0
    cases = []
    for kwargs in ({}, {"dim": 0}, {"dim": -1}, {"dim": 2, "eps": 0.5}):
        out = nn.layer.CosineSimilarity(**kwargs)(ms.Tensor(x), ms.Tensor(y)).asnumpy()
        cases.append({"kwargs": kwargs, "out": out.tolist(), "shape": list(out.shape)})
    for bad in ([[1.0, 2.0]], 3.0):
        try:
            nn.layer.CosineSimilarity()(bad, ms.Tensor(x))
        except TypeError as e:
            cases.append({"x1": repr(bad), "error": type(e).__name__, "message": str(e)})
    return {"x": x.tolist(), "y": y.tolist(), "cases": cases}


def main() -> None:
    record = {"mindspore": ms.__version__, "namespaces": namespaces()}
    record["cosine_similarity"] = cosine_similarity()
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
