"""Record what MindSpore 2.10's channel dropouts, Bernoulli, RandomCategorical, RandomPoisson and
the Gamma family draw into ``tests/fixtures/ms/random_kernels.json`` (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_random_kernel_fixtures.py

The programs are ``tests/support/random_kernel_cases.py``; each array is kept as
``random_op_cases.summarize`` keeps it (shape, dtype, sum, values). Run it from a directory
outside the repository: MindSpore writes build artifacts into the working directory.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "random_kernels.json"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import random_kernel_cases  # noqa: E402
from random_op_cases import summarize  # noqa: E402


def main() -> None:
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    record = {"mindspore": ms.__version__, "cases": {}}
    for name, case in random_kernel_cases.all_cases(ms).items():
        record["cases"][name] = summarize(case())
        print("recorded", name)
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
