"""Record what MindSpore 2.10's graph mode does with the caller's lists and dicts (returned by
identity, changed in place or copied; cases in ``tests/support/graph_list_inplace_cases.py``)
and its ``compile_config`` switches into ``tests/fixtures/ms/graph_list_inplace.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_graph_list_inplace_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from graph_list_inplace_cases import graph_list_inplace  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_list_inplace.json"


def main() -> None:
    import mindspore as ms

    data = {"mindspore_version": ms.__version__, "cases": graph_list_inplace(ms)}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
