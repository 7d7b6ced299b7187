"""Record MindSpore 2.10's gradients of the maximum and minimum ops on tied inputs into
``tests/fixtures/ms/max_tie_grad.json`` (cases in ``tests/support/max_tie_grad_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_max_tie_grad_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.max_tie_grad_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "max_tie_grad.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(outcomes(ms), indent=1) + "\n")
    print(len(OUT.read_text()))


if __name__ == "__main__":
    main()
