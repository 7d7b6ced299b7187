"""Record MindSpore 2.10's RNN outputs on a float16 input into
``tests/fixtures/ms/rnn_float16.json`` (cases in ``tests/support/rnn_float16_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_rnn_float16_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.rnn_float16_cases import outcomes  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "rnn_float16.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(outcomes(ms), indent=1) + "\n")
    print(len(OUT.read_text()))


if __name__ == "__main__":
    main()
