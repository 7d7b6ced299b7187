"""Record MindSpore 2.10's results of the cases in ``tests/support/engine_parity_cases.py``
(``flat_map``, the pipeline tree check, iterator internals and epochs, ``CutOut``,
``CutMixBatch``/``MixUpBatch`` and ``TypeCast`` checks) into ``tests/fixtures/ms/engine_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_engine_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from engine_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "engine_parity.json"


def main() -> None:
    import mindspore.dataset as ds
    import mindspore.dataset.engine.iterators as iterators
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision

    res = outcomes(ds, transforms, vision, iterators)
    OUT.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{len(res)} cases -> {OUT}")


if __name__ == "__main__":
    main()
