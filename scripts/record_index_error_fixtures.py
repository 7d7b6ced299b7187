"""Record MindSpore 2.10's indexing errors (out-of-range augmented assignment, boolean masks of another shape) into
``tests/fixtures/ms/index_errors.json`` (cases in ``tests/support/index_error_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_matmul_error_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from index_error_cases import cases, outcome  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "index_errors.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({k: outcome(f) for k, f in cases(ms).items()}, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
