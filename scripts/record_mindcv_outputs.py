"""Record, with MindSpore 2.10, the outputs of a sample of mindcv 0.3.0's models (one or two of
each of many families) from seeded weights, for ``tests/test_mindcv_models.py`` to compare
deepsink's with.

Run under a Python with MindSpore 2.10 and mindcv 0.3.0 importable, from a directory outside the
repository:

    python scripts/record_mindcv_outputs.py [MODEL ...]

Each model of ``OUTPUT_MODELS`` (``tests/support/mindcv_models.py``; with names, only those, into
the existing file) is built with ``OUTPUT_CLASSES`` classes, its parameters set to NumPy draws
seeded by their names (``seeded_value``), and runs one eval-mode forward in ``PYNATIVE_MODE`` of a
seeded batch at its default input size (``seeded_forward``). Writes
``tests/fixtures/ms/mindcv/outputs.json``: ``{"mindspore": version, "mindcv": version,
"outputs": {name: output}}`` (a model whose forward fails is listed under ``"failed"``), rewritten
after each model.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import mindcv
import mindspore as ms

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from mindcv_models import OUTPUT_MODELS, OUTPUTS_FIXTURE, seeded_forward  # noqa: E402


def main() -> int:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    record = {"mindspore": ms.__version__, "mindcv": mindcv.__version__, "outputs": {},
              "failed": {}}  # fmt: skip
    names = sys.argv[1:] or OUTPUT_MODELS
    if len(sys.argv) > 1 and OUTPUTS_FIXTURE.exists():
        record = json.loads(OUTPUTS_FIXTURE.read_text(encoding="utf-8"))
    for name in names:
        t = time.time()
        record["failed"].pop(name, None)
        try:
            record["outputs"][name] = seeded_forward(ms, mindcv, name)
        except Exception as exc:  # one model's failure is recorded, the others go on
            record["failed"][name] = f"{type(exc).__name__}: {exc}"[:300]
        print(f"{name} {time.time() - t:.1f}s", flush=True)
        OUTPUTS_FIXTURE.parent.mkdir(parents=True, exist_ok=True)
        OUTPUTS_FIXTURE.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
