"""Record MindSpore 2.10's Model.fit callback events into
``tests/fixtures/ms/fit_events.json`` (cases in ``tests/support/fit_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_matmul_error_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from fit_cases import fit_events  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "fit_events.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(
        json.dumps({"no_sink": fit_events(ms, False), "sink": fit_events(ms, True)}, indent=1)
        + "\n"
    )
    print(OUT.read_text())


if __name__ == "__main__":
    main()
