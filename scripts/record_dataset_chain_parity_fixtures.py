"""Record MindSpore 2.10's results of the cases in ``tests/support/dataset_chain_parity_cases.py``
(Rescale's bits, ResizedCrop's size errors, sampler chains, split, SlidingWindow, Schema, batches
of strings) into ``tests/fixtures/ms/dataset_chain_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_dataset_chain_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from dataset_chain_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "dataset_chain_parity.json"


def main() -> None:
    import mindspore.dataset as ds
    import mindspore.dataset.text as text
    import mindspore.dataset.vision as vision

    ds.config.set_seed(1)
    res = outcomes(ds, vision, text)
    OUT.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{len(res)} cases -> {OUT}")


if __name__ == "__main__":
    main()
