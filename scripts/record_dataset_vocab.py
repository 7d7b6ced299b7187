"""Record MindSpore 2.10's vocabularies built from datasets (``text.Vocab.from_dataset``, the
private ``Dataset._build_vocab`` that mindnlp's ``Vocab.from_dataset`` calls, the deprecated
``Dataset.build_vocab``) to ``tests/fixtures/ms/dataset_vocab.json``; the cases are in
``tests/support/dataset_vocab_cases.py`` and ``tests/dataset/test_dataset_vocab.py`` runs them on
deepsink.

    cd /tmp/somewhere && python /path/to/scripts/record_dataset_vocab.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "dataset_vocab.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
from dataset_vocab_cases import run_cases  # noqa: E402


def main() -> None:
    import mindspore
    import mindspore.dataset as ds
    import mindspore.dataset.text as text

    record = {"mindspore": mindspore.__version__, "cases": run_cases(ds, text)}
    OUT.write_text(json.dumps(record, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"wrote {len(record['cases'])} cases to {OUT}")


if __name__ == "__main__":
    main()
