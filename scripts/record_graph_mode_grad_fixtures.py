"""Record MindSpore 2.10's gradient functions made or called in GRAPH_MODE and a mindyolo-shaped
training step (the cases of ``tests/support/graph_mode_grad_cases.py``) into
``tests/fixtures/ms/graph_mode_grad.json``; ``tests/_core/test_graph_mode_grad.py`` replays them
on deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_graph_mode_grad_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "graph_mode_grad.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
import graph_mode_grad_cases as cases  # noqa: E402


def main() -> None:
    import mindspore

    record = {"mindspore": mindspore.__version__, "cases": cases.cases(mindspore)}
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['cases'])} cases to {OUT}")


if __name__ == "__main__":
    main()
