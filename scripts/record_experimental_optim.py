"""Record MindSpore 2.10's ``mindspore.experimental.optim`` results for
``tests/experimental/test_optim.py``: the cases of ``tests/support/experimental_optim_cases.py``
(a few steps of each optimizer, each scheduler's learning-rate sequence) into
``tests/fixtures/ms/experimental_optim.json`` (a failing case is stored as its error).

Run under a Python with MindSpore 2.10, from a directory outside the repository.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
from mindspore.experimental import optim

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import experimental_optim_cases  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "experimental_optim.json"


def main() -> None:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    records = {}
    for name, case in experimental_optim_cases.all_cases(ms, optim).items():
        try:
            records[name] = case()
        except Exception as exc:  # a case's failure is its record
            records[name] = {"error": f"{type(exc).__name__}: {exc}"}
        print(name, "error" if "error" in str(records[name])[:10] else "ok", flush=True)
    OUT.write_text(json.dumps(records, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
