"""Record MindSpore 2.10's errors of ``mindspore.numpy``'s range and random creation functions
into ``tests/fixtures/ms/numpy_creation_errors.json`` (cases in
``tests/support/numpy_creation_error_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_numpy_creation_error_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from numpy_creation_error_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "numpy_creation_errors.json"


def main() -> None:
    import mindspore as ms
    import mindspore.numpy as mnp

    OUT.write_text(json.dumps(outcomes(ms, mnp), indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
