"""Record MindSpore 2.10's results of the cases in ``tests/support/held_back_parity_cases.py``
(``mindspore.numpy`` creation, ``ops.arange``, ``TopK``, ``_grad_ops``) into
``tests/fixtures/ms/held_back_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_held_back_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from held_back_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "held_back_parity.json"


def main() -> None:
    import mindspore as ms
    import mindspore.numpy as mnp
    from mindspore import ops
    from mindspore.ops import operations as P
    from mindspore.ops.operations import _grad_ops as G

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    OUT.write_text(json.dumps(outcomes(ms, mnp, ops, P, G), indent=1) + "\n")
    print(OUT.read_text()[:2000])


if __name__ == "__main__":
    main()
