"""Record MindSpore 2.10's run of the small ResNet-50 tutorial program (per-epoch eval accuracy, losses) into
``tests/fixtures/ms/resnet_tutorial_eval.json`` (cases in ``tests/support/resnet_tutorial_program.py``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_resnet_tutorial_fixture.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
from resnet_tutorial_program import run  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "resnet_tutorial_eval.json"


def main() -> None:
    import mindspore as ms

    OUT.write_text(json.dumps(run(ms)) + "\n")
    print(OUT.read_text())


if __name__ == "__main__":
    main()
