"""Record MindSpore 2.10's reads and writes through a boolean mask inside a tuple index into
``tests/fixtures/ms/mask_tuple_index.json`` (cases in ``tests/support/mask_tuple_index_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_mask_tuple_index_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.mask_tuple_index_cases import cases, outcome  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "mask_tuple_index.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({k: outcome(f) for k, f in cases(ms).items()}, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
