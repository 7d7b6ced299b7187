"""Record what MindSpore 2.10 reads from the tiny datasets of ``tests/dataset/source_layouts.py``
(``tests/fixtures/ms/sources/<case>.json``: column names and every row, ``shuffle=False``).

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_more_source_fixtures.py [case ...]
"""

from __future__ import annotations

import json
import sys
import tempfile
import traceback
from pathlib import Path

import mindspore.dataset as ds

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "dataset"))
import source_layouts as layouts  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "sources"


def main(wanted: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for case, _, _, _ in layouts.CASES:
        if wanted and case not in wanted:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            try:
                cls, arg, kwargs = layouts.build(case, Path(tmp))
                kwargs.setdefault("shuffle", False)
                data = getattr(ds, cls)(arg, **kwargs)
                rec = layouts.encode_rows(data)
                rec["size"] = data.get_dataset_size()
            except Exception as e:  # record the failure: the test then expects a failure
                traceback.print_exc()
                rec = {"error": type(e).__name__}
        (OUT / f"{case}.json").write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
        print(case, "error" if "error" in rec else len(rec["rows"]))


if __name__ == "__main__":
    main(sys.argv[1:])
