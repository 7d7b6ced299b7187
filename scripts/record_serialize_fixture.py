"""Record MindSpore 2.10's JSON form of two pipelines (``tests/fixtures/ms/sources/
serialize.json``; the data folder written as "@DIR@"), for deepsink's serialize/deserialize.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_serialize_fixture.py
"""

from __future__ import annotations

import json
import struct
import tempfile
from pathlib import Path

import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as vision
import numpy as np
from mindspore.dataset.vision import Inter

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "sources"


def write_mnist(folder: Path) -> None:
    """Six 28x28 MNIST images (train split) and their labels."""
    images = (np.arange(6 * 784) % 251).astype(np.uint8)
    (folder / "train-images-idx3-ubyte").write_bytes(
        struct.pack(">IIII", 2051, 6, 28, 28) + images.tobytes()
    )
    (folder / "train-labels-idx1-ubyte").write_bytes(
        struct.pack(">II", 2049, 6) + bytes([3, 1, 4, 1, 5, 9])
    )


def pipelines(d: str) -> dict:
    a = ds.MnistDataset(d, usage="train", num_samples=4, shuffle=False)
    a = a.map(
        [vision.Resize((8, 8)), vision.Rescale(1 / 255, 0), vision.HWC2CHW()], input_columns="image"
    )
    a = a.map(T.TypeCast(np.int32), input_columns="label")
    a = a.batch(2, drop_remainder=True).repeat(2)
    b = ds.MnistDataset(d, usage="train", shuffle=False)
    b = b.map(
        [
            vision.Resize(10, Inter.NEAREST),
            vision.CenterCrop(8),
            vision.RandomHorizontalFlip(0.5),
            vision.Normalize([1.0], [2.0]),
        ],
        input_columns="image",
    )
    b = b.map(T.OneHot(10), input_columns="label")
    b = b.project(["label", "image"]).rename(["image"], ["img"]).take(5).skip(1)
    return {"resize_batch_repeat": a, "crop_flip_project": b}


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        write_mnist(Path(tmp))
        out = {}
        for name, p in pipelines(tmp).items():
            text = json.dumps(ds.serialize(p)).replace(tmp, "@DIR@")
            rows = [
                [r.tolist() for r in row]
                for row in p.create_tuple_iterator(output_numpy=True, num_epochs=1)
            ]
            out[name] = {
                "json": json.loads(text),
                "rows": rows if name == "resize_batch_repeat" else None,
            }
    (OUT / "serialize.json").write_text(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
