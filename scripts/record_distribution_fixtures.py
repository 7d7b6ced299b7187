"""Record MindSpore 2.10's outcomes of the calls of ``tests/support/distribution_cases.py``
(``nn.probability.distribution``) into ``tests/fixtures/ms/distributions.json``, and those of
``tests/support/bijector_cases.py`` (``nn.probability.bijector`` and the transformed
distributions) into ``tests/fixtures/ms/bijectors.json``; ``tests/nn/test_distribution.py`` and
``tests/nn/test_bijector.py`` replay them on deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_distribution_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "distributions.json"
BIJECTORS = ROOT / "tests" / "fixtures" / "ms" / "bijectors.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
import bijector_cases  # noqa: E402
import distribution_cases as cases  # noqa: E402


def main() -> None:
    import mindspore
    import mindspore.nn.probability.bijector as msb
    import mindspore.nn.probability.distribution as msd

    record = {
        "mindspore": mindspore.__version__,
        "cases": {k: cases.outcome(c) for k, c in cases.cases(mindspore, msd).items()},
    }
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['cases'])} calls to {OUT}")
    calls = bijector_cases.cases(mindspore, msb, msd)
    record = {
        "mindspore": mindspore.__version__,
        "cases": {k: cases.outcome(c) for k, c in calls.items()},
    }
    BIJECTORS.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['cases'])} calls to {BIJECTORS}")


if __name__ == "__main__":
    main()
