"""Record, with MindSpore 2.10 and mindocr 0.5.0, DBNet's and CRNN's forward and
training steps from the same weights (``tests/support/mindocr_train.py``; replayed by
``tests/test_mindocr_train.py``).

Run under a Python with MindSpore 2.10 and mindocr 0.5.0 importable (the 0.5.0 release with
``scripts/library_patches/mindocr-v0.5.0-abinet.diff`` applied, without which it does not import
on 2.10; with its requirements), from a directory outside the repository:

    python scripts/record_mindocr_train.py

Writes ``tests/fixtures/ms/mindocr/train.json``: per network the parameter names and shapes,
the shapes and summaries (sum, sum of absolute values, sum of squares) of the outputs, the loss
before training and after each step's, and the summary of the trained weights.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import mindocr  # noqa: E402
import mindocr_train  # noqa: E402
import mindspore as ms  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mindocr" / "train.json"


def main() -> int:
    record = {"mindspore": ms.__version__, "mindocr": mindocr.__version__}
    for name in mindocr_train.CONFIGS:
        record[name] = mindocr_train.run(name)
        print(name, record[name]["loss"], record[name]["step_losses"])
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
