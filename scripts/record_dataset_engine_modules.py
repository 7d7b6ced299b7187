"""Record, with MindSpore 2.10, the public dataset classes of its ``mindspore.dataset.engine``
modules of dataset classes (``datasets_vision``, ``datasets_text``, ...), for
``tests/dataset/test_engine_modules.py``. Run from a folder outside the repository:

    python scripts/record_dataset_engine_modules.py

Writes ``tests/fixtures/ms/dataset/engine_modules.json``: each module's ``__all__``, or, for a
module without one, the public classes it defines.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "dataset"
MODULES = ["datasets_audio", "datasets_standard_format", "datasets_text", "datasets_user_defined",
           "datasets_vision"]  # fmt: skip


def main() -> None:
    record = {}
    for name in MODULES:
        mod = importlib.import_module(f"mindspore.dataset.engine.{name}")
        names = getattr(mod, "__all__", None) or [
            n for n, v in vars(mod).items()
            if isinstance(v, type) and v.__module__ == mod.__name__ and not n.startswith("_")
        ]  # fmt: skip
        record[name] = sorted(names)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "engine_modules.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
