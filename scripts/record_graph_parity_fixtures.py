"""Record MindSpore 2.10's results of the cases in ``tests/support/graph_parity_cases.py``
(``MaskedSelect`` gradients, ``CTCLoss`` with sparse labels, ``qint4x2`` checkpoints,
``WeightQuantBatchMatmul``, ``mutable(..., dynamic_len=True)``) into
``tests/fixtures/ms/graph_parity.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_parity_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_parity_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_parity.json"


def main() -> None:
    import mindspore as ms
    import mindspore.ops.auto_generate  # noqa: F401 - the cases read ms.ops.auto_generate

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    OUT.write_text(json.dumps(outcomes(ms), indent=1, sort_keys=True) + "\n")
    print(OUT.read_text()[:2000])


if __name__ == "__main__":
    main()
