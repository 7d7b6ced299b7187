"""Record MindSpore 2.10's item assignments inside GRAPH_MODE loops and branches on Tensor conditions into
``tests/fixtures/ms/graph_rebinds.json`` (cases in ``tests/support/graph_rebind_cases.py``), and its
parse-time decisions and compiled outputs into ``tests/fixtures/ms/graph_parse.json`` (cases in
``tests/support/graph_parse_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_rebind_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_parse_cases import graph_parse  # noqa: E402
from graph_rebind_cases import graph_rebinds  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_rebinds.json"
PARSE_OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_parse.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(graph_rebinds(ms), indent=1) + "\n")
    print(OUT.read_text())
    PARSE_OUT.write_text(json.dumps(graph_parse(ms), indent=1) + "\n")
    print(PARSE_OUT.read_text())


if __name__ == "__main__":
    main()
