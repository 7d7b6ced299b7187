"""Record MindSpore 2.10's outcomes of the cases in ``tests/support/device_que_cases.py``
(``Dataset.device_que`` on the CPU target) into ``tests/fixtures/ms/device_que.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_device_que_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from device_que_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "device_que.json"


def main() -> None:
    import mindspore.dataset as ds

    res = outcomes(ds)
    OUT.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{len(res)} cases -> {OUT}")


if __name__ == "__main__":
    main()
