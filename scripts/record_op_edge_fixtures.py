"""Record MindSpore 2.10's outcomes of the calls of ``tests/support/op_edge_cases.py`` (``topk``,
``masked_select``, ``sqrt``, ``interpolate``, ``CTCLoss``) into
``tests/fixtures/ms/op_edges.json``; ``tests/ops/test_op_edges.py`` replays them on deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_op_edge_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "op_edges.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
import op_edge_cases as cases  # noqa: E402


def main() -> None:
    import mindspore
    from mindspore import mint, nn, ops

    record = {
        "mindspore": mindspore.__version__,
        "cases": {k: cases.outcome(c) for k, c in cases.cases(mindspore, ops, nn, mint).items()},
    }
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['cases'])} calls to {OUT}")


if __name__ == "__main__":
    main()
