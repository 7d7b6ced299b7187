"""Record what MindSpore 2.10's ``DatasetHelper`` raises for bad ``dataset_sink_mode`` and
``sink_size`` arguments into ``tests/fixtures/ms/dataset_helper_args.json``;
``tests/train/test_dataset_helper_args.py`` checks deepsink. A case is ``[keyword, value]``.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_dataset_helper_args.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
import mindspore.dataset as ds
import numpy as np
from mindspore.train.dataset_helper import DatasetHelper

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "ms" / "dataset_helper_args.json"
CASES = [
    ["sink_size", True],
    ["sink_size", 1.0],
    ["sink_size", -2],
    ["sink_size", 0],
    ["sink_size", "3"],
    ["sink_size", None],
    ["dataset_sink_mode", 1],
    ["dataset_sink_mode", "s"],
    ["dataset_sink_mode", None],
]


def main() -> None:
    data = ds.NumpySlicesDataset({"x": np.ones((6, 2), np.float32)}, shuffle=False).batch(2)
    cases = []
    for key, value in CASES:
        try:
            DatasetHelper(data, **{"dataset_sink_mode": True, key: value})
            cases.append([key, value, None])
        except (TypeError, ValueError) as e:
            cases.append([key, value, {"error": type(e).__name__, "message": str(e)}])
    OUT.write_text(json.dumps({"mindspore": ms.__version__, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
