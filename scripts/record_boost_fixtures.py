"""Record MindSpore 2.10's ``mindspore.boost`` results for ``tests/boost/test_boost.py``: the
cases of ``tests/support/boost_cases.py``, each run on MindSpore, into
``tests/fixtures/ms/boost/boost_cases.json`` (a failing case is stored as its error).

Each case runs in a fresh process: MindSpore's ``AutoBoost`` keeps its configuration in
module-level dicts that a ``"manual"`` configuration changes for the rest of the process.

Run under a Python with MindSpore 2.10, from a directory outside the repository.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import mindspore as ms

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import boost_cases  # noqa: E402


def run_case(name: str) -> None:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    try:
        out = boost_cases.CASES[name](ms)
    except Exception as exc:  # a case's failure is its record
        out = {"error": f"{type(exc).__name__}: {exc}"}
    print("CASE " + json.dumps(out))


def main() -> int:
    if len(sys.argv) > 1:
        run_case(sys.argv[1])
        return 0
    out = {}
    for name in boost_cases.CASES:
        run = subprocess.run(
            [sys.executable, __file__, name], capture_output=True, text=True, check=True
        )
        line = next(x for x in run.stdout.splitlines() if x.startswith("CASE "))
        out[name] = json.loads(line[5:])
        print(name, str(out[name])[:200])
    path = ROOT / "tests" / "fixtures" / "ms" / "boost" / "boost_cases.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
