"""Record MindSpore 2.10's outcomes of ``tests/support/ops_argument_error_cases.py`` into
``tests/fixtures/ms/ops_argument_errors.json``, one case per process. A kernel check (CTCLossV2's) raises a generic
"Launch kernel failed" and logs its reason on stderr; that logged line is kept as ``kernel_log``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_ops_argument_error_fixtures.py [CASE ...]

(with case names: record only those, into the existing file).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.ops_argument_error_cases import cases, outcome  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "ops_argument_errors.json"


def _with_log(fn) -> dict:
    """``outcome(fn)`` plus the kernel's logged reason, read from stderr."""
    with tempfile.TemporaryFile() as log:
        saved = os.dup(2)
        os.dup2(log.fileno(), 2)
        try:
            result = outcome(fn)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        log.seek(0)
        text = log.read().decode(errors="replace")
    for line in text.splitlines():
        found = re.search(r"\.cc:\d+\] \w+\] (.*)$", line)
        if "[ERROR] KERNEL" in line and found:
            result["kernel_log"] = found.group(1).strip()
    return result


def main() -> None:
    """Each case runs in a fresh process: 2.10 reuses the first failed shape inference's message
    for later failures of the same primitive within a process."""
    import mindspore as ms

    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        print(json.dumps(_with_log(cases(ms)[sys.argv[2]])))
        return
    names = sys.argv[1:] or list(cases(ms))  # with names, only those, into the recorded file
    out = json.loads(OUT.read_text()) if sys.argv[1:] else {}
    for name in names:
        run = subprocess.run(
            [sys.executable, __file__, "--case", name], capture_output=True, text=True, check=True
        )
        out[name] = json.loads(run.stdout.strip().splitlines()[-1])
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
