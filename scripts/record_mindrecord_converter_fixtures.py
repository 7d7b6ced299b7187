"""Run MindSpore 2.10's MindRecord converters (Cifar10ToMR, Cifar100ToMR, MnistToMR,
ImageNetToMR) on the tiny inputs of ``tests/support/mindrecord_inputs.py`` and record what
MindSpore's FileReader reads back (schema, and each row with bytes as their sha256) into
``tests/fixtures/ms/mindrecord_converters.json``.

Run with a Python that has MindSpore 2.10 and OpenCV (the converters JPEG-encode with cv2), from
a directory outside the repository (not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_mindrecord_converter_fixtures.py
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
from pathlib import Path

import mindspore
from mindspore.mindrecord import Cifar10ToMR, Cifar100ToMR, FileReader, ImageNetToMR, MnistToMR

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "mindrecord_converters.json"


def _inputs():
    spec = importlib.util.spec_from_file_location(
        "mindrecord_inputs", ROOT / "tests" / "support" / "mindrecord_inputs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.make_inputs


def rows_of(path: str, relative_to: str | None = None) -> dict:
    reader = FileReader(path)
    rows = []
    for row in reader.get_next():
        out = {}
        for k, v in sorted(row.items()):
            if isinstance(v, bytes):
                out[k] = "sha256:" + hashlib.sha256(v).hexdigest()
            elif hasattr(v, "item"):
                out[k] = v.item()
            elif k == "file_name" and relative_to:
                out[k] = os.path.relpath(v, relative_to)
            else:
                out[k] = v
        rows.append(out)
    schema = reader.schema()
    reader.close()
    return {"schema": schema, "rows": rows}


def main() -> None:
    tmp = tempfile.mkdtemp()
    src = _inputs()(os.path.join(tmp, "in"))
    out = os.path.join(tmp, "out")
    os.makedirs(out)
    record = {"mindspore": mindspore.__version__}
    Cifar10ToMR(src["cifar10"], os.path.join(out, "c10.mindrecord")).transform(["label"])
    record["cifar10"] = rows_of(os.path.join(out, "c10.mindrecord"))
    record["cifar10_test"] = rows_of(os.path.join(out, "c10.mindrecord_test"))
    Cifar100ToMR(src["cifar100"], os.path.join(out, "c100.mindrecord")).transform()
    record["cifar100"] = rows_of(os.path.join(out, "c100.mindrecord"))
    record["cifar100_test"] = rows_of(os.path.join(out, "c100.mindrecord_test"))
    MnistToMR(src["mnist"], os.path.join(out, "mnist")).transform()
    record["mnist_train"] = rows_of(os.path.join(out, "mnist_train.mindrecord"))
    record["mnist_test"] = rows_of(os.path.join(out, "mnist_test.mindrecord"))
    ImageNetToMR(src["map_file"], src["imagenet"], os.path.join(out, "inet.mindrecord")).transform()
    record["imagenet"] = rows_of(os.path.join(out, "inet.mindrecord"), src["imagenet"])
    record["imagenet"]["rows"].sort(key=lambda r: r["file_name"])
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
