"""Record what MindSpore 2.10's channel dropouts, Bernoulli, RandomCategorical, RandomPoisson and
the Gamma family draw into ``tests/fixtures/ms/random_kernels.json`` (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_random_kernel_fixtures.py

The programs are ``tests/support/random_kernel_cases.py``; each array is kept as
``random_op_cases.summarize`` keeps it (shape, dtype, sum, values). Run it from a directory
outside the repository: MindSpore writes build artifacts into the working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "random_kernels.json"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import random_kernel_cases  # noqa: E402
import random_op_cases  # noqa: E402


def main() -> None:
    import mindspore as ms

    random_op_cases.record(random_kernel_cases.all_cases(ms), OUT)


if __name__ == "__main__":
    main()
