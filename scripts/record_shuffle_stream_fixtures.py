"""Record MindSpore 2.10's randperm, shuffle and Laplace numbers after set_seed into
``tests/fixtures/ms/shuffle_streams.json`` (cases in ``tests/support/shuffle_stream_cases.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_shuffle_stream_fixtures.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from shuffle_stream_cases import draws, laplace_draws  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "shuffle_streams.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps({**draws(ms), **laplace_draws(ms)}) + "\n")
    print(OUT.read_text()[:2000])


if __name__ == "__main__":
    main()
