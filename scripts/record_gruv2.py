"""Record MindSpore 2.10's ``ops.operations._rl_inner_ops.GRUV2`` (its CPU build's oneDNN GRU) on
the cases of ``tests/support/gruv2_cases.py`` into ``tests/fixtures/ms/gruv2.json``;
``tests/ops/test_gruv2.py`` replays them on deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_gruv2.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "gruv2.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
from gruv2_cases import BAD_ARGS, ERRORS, RUNS, error_case, run_case  # noqa: E402


def main() -> None:
    import mindspore
    import mindspore.ops.operations._rl_inner_ops as rl

    record = {
        "mindspore": mindspore.__version__,
        "runs": {name: run_case(mindspore, rl, name) for name in RUNS},
        "errors": {name: error_case(mindspore, rl, name) for name in [*ERRORS, *BAD_ARGS]},
    }
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['runs'])} runs and {len(record['errors'])} errors to {OUT}")


if __name__ == "__main__":
    main()
