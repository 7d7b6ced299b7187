"""Record MindSpore 2.10's ``mindspore.scipy`` results for ``tests/scipy/test_scipy.py``: the
cases of ``tests/support/scipy_cases.py``, each run on MindSpore, into
``tests/fixtures/ms/scipy/scipy_cases.json`` (a failing case is stored as its error).

Run under a Python with MindSpore 2.10, from a directory outside the repository.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import mindspore.scipy  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import scipy_cases  # noqa: E402


def main() -> int:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out = {}
    for name, case in scipy_cases.CASES.items():
        try:
            out[name] = case(ms)
        except Exception as exc:  # a case's failure is its record
            out[name] = {"error": f"{type(exc).__name__}: {exc}"}
        print(name, str(out[name])[:300])
    path = ROOT / "tests" / "fixtures" / "ms" / "scipy" / "scipy_cases.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
