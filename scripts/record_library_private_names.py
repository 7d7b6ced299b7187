"""Record MindSpore 2.10's private helpers that its libraries import (the calls of
``tests/support/library_private_cases.py``) into ``tests/fixtures/ms/library_private_names.json``;
``tests/test_library_private_names.py`` replays them on deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_library_private_names.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "library_private_names.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
import library_private_cases as cases  # noqa: E402


def main() -> None:
    import mindspore
    from mindspore import _checkparam

    record = {
        "mindspore": mindspore.__version__,
        "checkparam": {k: cases.outcome(c) for k, c in cases.checkparam_cases(_checkparam).items()},
        "constants": cases.constants(_checkparam),
        "log_action_once": cases.log_action_once(mindspore),
        "cell_attr_register": cases.cell_attr_register(mindspore),
        "handle_loss": cases.handle_loss(mindspore),
    }
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(record['checkparam'])} checker calls to {OUT}")


if __name__ == "__main__":
    main()
