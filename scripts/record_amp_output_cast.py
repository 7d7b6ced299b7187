"""Record, with MindSpore 2.10, what ``amp.auto_mixed_precision`` returns at levels O2 and O3
and the output dtypes of the network it was given and of the returned one
(``tests/support/amp_output_cases.py``; replayed by ``tests/train/test_amp_output_cast.py``).

Run under a Python with MindSpore 2.10, from a directory outside the repository:

    python scripts/record_amp_output_cast.py

Writes ``tests/fixtures/ms/amp/output_cast.json``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import amp_output_cases  # noqa: E402
import mindspore as ms  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "amp" / "output_cast.json"


def main() -> int:
    record = {"mindspore": ms.__version__, "cases": {}}
    for mode_name, mode in (("graph", ms.GRAPH_MODE), ("pynative", ms.PYNATIVE_MODE)):
        ms.set_context(mode=mode)
        for net, level in amp_output_cases.CASES:
            key = f"{mode_name}:{net}:{level}"
            record["cases"][key] = amp_output_cases.run(ms, net, level)
            print(key, record["cases"][key])
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
