"""Record, with MindSpore 2.10 and mindyolo 0.5.0, YOLOv5n's and YOLOv8n's forward and one
training step from the same weights (``tests/support/mindyolo_train.py``; replayed by
``tests/test_mindyolo_train.py``).

Run under a Python with MindSpore 2.10 and mindyolo 0.5.0 importable
(``pip install --no-deps mindyolo==0.5.0``), from a directory outside the repository:

    python scripts/record_mindyolo_train.py

Writes ``tests/fixtures/ms/mindyolo/train.json``: per network the parameter names and shapes,
summaries (sum, sum of absolute values, sum of squares) of the outputs, the losses and loss items
before and after the step, and of the trained weights.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import mindspore as ms  # noqa: E402
import mindyolo  # noqa: E402
import mindyolo_train  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindyolo" / "train.json"


def main() -> int:
    record = {"mindspore": ms.__version__, "mindyolo": mindyolo.__version__}
    for name in mindyolo_train.CONFIGS:
        record[name] = mindyolo_train.run(name)
        print(name, record[name]["loss"], record[name]["after_loss"])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
