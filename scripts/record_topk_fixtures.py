"""Record MindSpore 2.10's ``ops.topk`` on inputs with ties (which equal entries win, in what order,
``sorted`` and ``largest`` both ways) into ``tests/fixtures/ms/topk_order.json`` (cases in
``tests/support/topk_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_topk_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from topk_cases import inputs, run  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "topk_order.json"


def main() -> None:
    import mindspore as ms
    from mindspore import ops

    def topk(a, k, dim, largest, sorted_):
        return ops.topk(ms.Tensor(a), k, dim, largest, sorted_)

    got = {name: run(topk, *case) for name, case in inputs().items()}
    OUT.write_text(json.dumps(got) + "\n")
    print(f"{len(got)} cases -> {OUT.name}")


if __name__ == "__main__":
    main()
