"""Record MindSpore 2.10's results of the cases in ``tests/support/held_back_parity_cases.py``
(``mindspore.numpy`` creation, ``ops.arange``, ``TopK``, ``_grad_ops``) into
``tests/fixtures/ms/held_back_parity.json``, and of ``tests/support/dataset_parity_cases.py``
(``Dataset.concat``, ``Dataset.batch``) into ``tests/fixtures/ms/dataset_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_held_back_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import dataset_parity_cases  # noqa: E402
from held_back_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "held_back_parity.json"
CONCAT_OUT = ROOT / "tests" / "fixtures" / "ms" / "dataset_parity.json"


def main() -> None:
    import mindspore as ms
    import mindspore.dataset as ds
    import mindspore.dataset.transforms as transforms
    import mindspore.numpy as mnp
    from mindspore import ops
    from mindspore.ops import operations as P
    from mindspore.ops.operations import _grad_ops as G

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    OUT.write_text(json.dumps(outcomes(ms, mnp, ops, P, G), indent=1) + "\n")
    concat = dataset_parity_cases.outcomes(ds, transforms, ms.common.dtype)
    concat.update(dataset_parity_cases.batch_outcomes(ds))
    CONCAT_OUT.write_text(json.dumps(concat, indent=1) + "\n")
    print(OUT.read_text()[:1000], CONCAT_OUT.read_text()[:1000])


if __name__ == "__main__":
    main()
