"""Record what MindSpore 2.10's random ops draw after ``set_seed`` into
``tests/fixtures/ms/random_ops.json`` (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_random_op_fixtures.py

The programs are ``tests/support/random_op_cases.py`` (standard_normal, normal, uniform, the
rand/randn/randint family, multinomial, Dropout, the random primitives, mindspore.numpy's random
functions, a GAN's latent codes, a GRAPH_MODE Cell); each array is kept as its shape, dtype, sum
and values (the first and last 16 of a large one). Run it from a directory outside the
repository: MindSpore writes build artifacts into the working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "random_ops.json"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import random_op_cases  # noqa: E402


def main() -> None:
    import mindspore as ms

    random_op_cases.record(random_op_cases.all_cases(ms), OUT)


if __name__ == "__main__":
    main()
