"""Record MindSpore 2.10's outcomes of Model.predict (keyword arguments and checks) into
``tests/fixtures/ms/model_predict.json`` (cases in ``tests/support/model_predict_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_model_predict_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.model_predict_cases import cases, outcome  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "model_predict.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({k: outcome(f) for k, f in cases(ms).items()}, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
