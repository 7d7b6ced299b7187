"""Record how MindSpore 2.10 prints metric results (``tests/support/metric_print_cases.py``) into
``tests/fixtures/ms/metric_prints.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_metric_print_fixture.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from metric_print_cases import metric_prints  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "metric_prints.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({"lines": metric_prints(ms)}, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
