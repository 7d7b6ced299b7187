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

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "random_ops.json"
sys.path.insert(0, str(ROOT / "tests" / "support"))

import random_op_cases  # noqa: E402


def main() -> None:
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    record = {"mindspore": ms.__version__, "cases": {}}
    for name, case in random_op_cases.all_cases(ms).items():
        record["cases"][name] = random_op_cases.summarize(case())
        print("recorded", name)
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
