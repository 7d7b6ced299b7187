"""Record MindSpore 2.10's outcomes of the behaviour MindSpore's own test files check once their
helpers import (``tests.ut.python.ut_filter``, ``tests.security_utils``, ``tests.dataset_mock``):

- ``tests/support/loss_check_cases.py`` -> ``tests/fixtures/ms/loss_checks.json``
  (``ops.cross_entropy``, ``nn.FocalLoss``, ``nn.MultiClassDiceLoss``,
  ``nn.MultiFieldEmbeddingLookup``: argument checks and results);
- ``tests/support/model_check_cases.py`` -> ``tests/fixtures/ms/model_checks.json``
  (``Model``'s checks of ``metrics``/``eval_network``/``eval_indexes``, and how ``Model`` calls a
  dataset-like object);
- ``tests/support/context_check_cases.py`` -> ``tests/fixtures/ms/context_checks.json``
  (``set_context``'s type check, ``deterministic``, ``get_jit_config``, the context object).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_test_helper_behaviour.py
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

CASES = {
    "loss_check_cases": "loss_checks.json",
    "model_check_cases": "model_checks.json",
    "context_check_cases": "context_checks.json",
}


def main() -> None:
    import mindspore as ms

    for variable in ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER"):
        os.environ.pop(variable, None)
    for module, fixture in CASES.items():
        ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
        outcomes = importlib.import_module(module).outcomes(ms)
        out = ROOT / "tests" / "fixtures" / "ms" / fixture
        out.write_text(json.dumps(outcomes, indent=1, sort_keys=True) + "\n")
        print(fixture, len(outcomes), "cases")


if __name__ == "__main__":
    main()
