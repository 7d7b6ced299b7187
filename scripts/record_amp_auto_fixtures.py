"""Record MindSpore 2.10's ``auto_mixed_precision(..., "auto")`` per-op dtypes into
``tests/fixtures/ms/amp_auto.json`` (cases in ``tests/support/amp_auto_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_amp_auto_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from amp_auto_cases import record  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "amp_auto.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(record(ms), indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
