"""Record MindSpore 2.10's results of the cases in ``tests/support/random_vision_parity_cases.py``
(random vision ops on batches, and their numbers after ``set_seed``) into
``tests/fixtures/ms/random_vision_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_random_vision_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from random_vision_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "random_vision_parity.json"


def main() -> None:
    import mindspore.common.dtype as mstype
    import mindspore.dataset as ds
    import mindspore.dataset.text as text
    import mindspore.dataset.vision as vision

    res = outcomes(ds, vision, text, mstype)
    OUT.write_text(json.dumps(res, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{len(res)} cases -> {OUT}")


if __name__ == "__main__":
    main()
