"""Record MindSpore 2.10's float16 binary cross entropy with logits
(``ops.binary_cross_entropy_with_logits`` and ``nn.BCEWithLogitsLoss``, ``reduction='none'``,
with and without ``weight``/``pos_weight``) into ``tests/fixtures/ms/bce_with_logits_f16.json``.
MindSpore's CPU kernel computes float16 in float32 and rounds once; the fixture pins that.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_bce_float16_fixture.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "bce_with_logits_f16.json"
)


def main() -> None:
    import mindspore as ms
    from mindspore import Tensor, nn, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    rng = np.random.default_rng(16)
    inputs = {
        "logits": (rng.standard_normal((2, 64)) * 4).astype(np.float16),
        "labels": rng.uniform(0, 1, (2, 64)).astype(np.float16),
        "weight": rng.uniform(0.5, 2, (64,)).astype(np.float16),
        "pos_weight": rng.uniform(0.5, 3, (64,)).astype(np.float16),
    }
    x, y = Tensor(inputs["logits"]), Tensor(inputs["labels"])
    cases = {}
    for name, keys in (
        ("plain", ()),
        ("weight", ("weight",)),
        ("pos_weight", ("pos_weight",)),
        ("both", ("weight", "pos_weight")),
    ):
        kw = {k: Tensor(inputs[k]) if k in keys else None for k in ("weight", "pos_weight")}
        cases[name] = {
            "keys": list(keys),
            "ops": ops.binary_cross_entropy_with_logits(x, y, reduction="none", **kw).asnumpy(),
            "nn": nn.BCEWithLogitsLoss("none", **kw)(x, y).asnumpy(),
        }
    record = {
        "inputs": {k: v.tolist() for k, v in inputs.items()},
        "cases": {
            n: {"keys": c["keys"], "ops": c["ops"].tolist(), "nn": c["nn"].tolist()}
            for n, c in cases.items()
        },
    }
    assert all(c["ops"].dtype == np.float16 for c in cases.values())
    OUT.write_text(json.dumps(record) + "\n")
    print(OUT, OUT.stat().st_size)


if __name__ == "__main__":
    main()
