"""Record MindSpore 2.10's results for the graph-mode programs of tests/support/graph_syntax_cases.py
(NOT run by CI)::

    <mindspore python> scripts/record_graph_syntax_fixtures.py

writes ``tests/fixtures/ms/graph_syntax/cases.json``: each case's values as MindSpore computes them
(control-flow and static-graph tutorial programs, the mixed-precision tutorial's train_step).
"""

import json
import sys
from pathlib import Path

import mindspore
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import graph_syntax_cases  # noqa: E402


def main() -> None:
    mindspore.set_seed(0)
    values = graph_syntax_cases.run_all(mindspore)
    out = ROOT / "tests" / "fixtures" / "ms" / "graph_syntax"
    out.mkdir(parents=True, exist_ok=True)
    meta = {"mindspore": mindspore.__version__, "numpy": np.__version__}
    with open(out / "cases.json", "w", encoding="utf-8") as f:
        json.dump({"versions": meta, "cases": values}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(json.dumps(values, indent=1))


if __name__ == "__main__":
    main()
