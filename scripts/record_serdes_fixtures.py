"""Record MindSpore 2.10's JSON form (``serialize``) of the pipelines and single operations in
``tests/support/serdes_cases.py``, whether its ``deserialize`` rebuilds each one (the rebuilt
pipeline's JSON equal to the first) or the RuntimeError it raises, into
``tests/fixtures/ms/serdes.json`` (the data folder written as ``@DIR@``).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_serdes_fixtures.py
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
import serdes_cases as sc  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "ms" / "serdes.json"


def error_text(e: Exception) -> str:
    """The exception's type and the line MindSpore's pipeline error carries."""
    s = str(e)
    m = re.search(r"\[ERROR\] (.*)", s)
    return f"{type(e).__name__}: {(m.group(1) if m else s.strip().splitlines()[0]).strip()}"


def outcome(ds, data, base: str) -> dict:
    tree = ds.serialize(data)
    rec = {"json": sc.portable(tree, base)}
    try:
        rec["rebuilt_same"] = ds.serialize(ds.deserialize(input_dict=tree)) == tree
    except RuntimeError as e:
        rec["deserialize_error"] = error_text(e)
    return rec


def main() -> None:
    import mindspore.common.dtype as mstype
    import mindspore.dataset as ds
    import mindspore.dataset.text as text
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision

    ds.config.set_num_parallel_workers(2)
    res: dict = {"pipelines": {}, "ops": {}}
    with tempfile.TemporaryDirectory() as tmp:
        paths = sc.write_data(Path(tmp))
        for name, data in sc.pipelines(ds, vision, text, transforms, paths).items():
            res["pipelines"][name] = outcome(ds, data, tmp)
        for name, op in sc.single_ops(vision, transforms, text, mstype).items():
            data = ds.TFRecordDataset(paths["tfrecord"], columns_list=["m"], shuffle=False)
            res["ops"][name] = outcome(ds, data.map(op, "m"), tmp)
    OUT.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    print(f"{len(res['pipelines'])} pipelines, {len(res['ops'])} operations -> {OUT}")


if __name__ == "__main__":
    main()
