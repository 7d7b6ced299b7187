"""Record what MindSpore 2.10's augmented and boolean-mask assignments do into
``tests/fixtures/ms/index_assign.json`` (cases in ``tests/support/index_assign_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_index_assign_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from index_assign_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "index_assign.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(outcomes(ms), indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
