"""Record MindSpore 2.10's results of the cases in ``tests/support/context_check_cases.py``
(``set_context``'s type check, ``deterministic``, ``get_jit_config``, the context object) into
``tests/fixtures/ms/context_checks.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_context_check_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from context_check_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "context_checks.json"


def main() -> None:
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    OUT.write_text(json.dumps(outcomes(ms), indent=1, sort_keys=True) + "\n")
    print(OUT.read_text()[:2000])


if __name__ == "__main__":
    main()
