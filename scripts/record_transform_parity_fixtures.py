"""Record MindSpore 2.10's results of the cases in ``tests/support/transform_parity_cases.py``
(``BatchInfo`` numbers, eager ``Compose``, vision ops on PIL images, ``Concatenate``/``Duplicate``,
text ops on bytes) into ``tests/fixtures/ms/transform_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_transform_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from transform_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "transform_parity.json"


def main() -> None:
    import mindspore.common.dtype as mstype
    import mindspore.dataset as ds
    import mindspore.dataset.text as text
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision

    ds.config.set_seed(1)
    res = outcomes(ds, transforms, vision, text, mstype)
    OUT.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{len(res)} cases -> {OUT}")


if __name__ == "__main__":
    main()
