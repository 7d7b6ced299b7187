"""Record MindSpore 2.10's ``_cell_graph_executor`` (compile, run, the Parameter-name check) into
``tests/fixtures/ms/graph_executor.json`` (cases in ``tests/support/graph_executor_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_executor_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_executor_cases import cases  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_executor.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(cases(ms), indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
