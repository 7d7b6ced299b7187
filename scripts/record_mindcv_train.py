"""Record, with MindSpore 2.10 and mindcv 0.3.0, the losses of mindcv's training path on a small
ImageFolder (``tests/support/mindcv_train.py``; replayed by ``tests/test_mindcv_train.py``).

Run under a Python with MindSpore 2.10 and mindcv 0.3.0 importable (``PYTHONPATH`` set to a
``pip install --no-deps --target`` directory of mindcv), from a directory outside the repository:

    python scripts/record_mindcv_train.py

Writes ``tests/fixtures/ms/mindcv/train.json``: the per-step losses of 3 epochs of 3 steps, the
EMA update count and the sums of the first EMA and network weights. MindSpore's CPU build trains
``dataset_sink_mode=True`` step by step, so one run serves both of deepsink's modes.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import mindcv  # noqa: E402
import mindcv_train  # noqa: E402
import mindspore as ms  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindcv" / "train.json"


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        result = mindcv_train.train(mindcv_train.write_image_folder(tmp), sink=False)
    record = {"mindspore": ms.__version__, "mindcv": mindcv.__version__, **result}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: losses {result['losses']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
