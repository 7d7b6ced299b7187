"""Record MindSpore 2.10's int()/float()/bool() of constant Tensors inside a GRAPH_MODE construct into
``tests/fixtures/ms/graph_constants.json`` (cases in ``tests/support/graph_constant_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_matmul_error_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_constant_cases import graph_constants  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_constants.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(graph_constants(ms), indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
