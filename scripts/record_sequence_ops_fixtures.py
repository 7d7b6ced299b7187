"""Record what MindSpore 2.10's sequence primitives (``ops.operations._sequence_ops``) compute
inside a compiled function (cases in ``tests/support/sequence_ops_cases.py``) into
``tests/fixtures/ms/sequence_ops.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_sequence_ops_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from sequence_ops_cases import sequence_ops  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "sequence_ops.json"


def main() -> None:
    import mindspore as ms

    data = {"mindspore_version": ms.__version__, "cases": sequence_ops(ms)}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
