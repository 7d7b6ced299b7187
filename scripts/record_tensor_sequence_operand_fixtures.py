"""Record MindSpore 2.10's Tensor ``+``/``-`` with a list or tuple operand (and the augmented
assignment ``t[[1], ...] -= [4, 3, 2, 1]``) into ``tests/fixtures/ms/tensor_sequence_operands.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_tensor_sequence_operand_fixtures.py

The cases live in ``tests/support/sequence_operand_cases.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from sequence_operand_cases import CASES, describe  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "tensor_sequence_operands.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({k: describe(ms, f) for k, f in CASES.items()}, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
