"""Write a tiny MindRecord file with MindSpore 2.10's FileWriter into
``tests/fixtures/ms/mindrecord/`` and record what its FileReader and MindDataset read back
(``expected.npz``), for deepsink's reader tests.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_mindrecord_fixture.py

The smallest header and page sizes MindSpore allows keep the file small; the rows exercise every
field kind: a string, scalar int32/int64/float32/float64 (raw, msgpack), bytes, and int/float
arrays with fixed and variable shapes (blob; int arrays are stored compressed). Two pages of
blob data, so the reader must follow the page table.
"""

from __future__ import annotations

from pathlib import Path

import mindspore.dataset as ds
import numpy as np
from mindspore.mindrecord import FileReader, FileWriter

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "mindrecord"
SCHEMA = {
    "file_name": {"type": "string"},
    "label": {"type": "int32"},
    "id": {"type": "int64"},
    "score": {"type": "float32"},
    "weight": {"type": "float64"},
    "data": {"type": "bytes"},
    "mask": {"type": "int32", "shape": [-1]},
    "big": {"type": "int64", "shape": [2, 2]},
    "vec": {"type": "float32", "shape": [-1]},
}


def rows() -> list[dict]:
    rng = np.random.RandomState(0)
    out = []
    for i in range(12):
        out.append(
            {
                "file_name": f"img_{i:03d}.jpg",
                "label": i % 4,
                "id": 10**10 + i,
                "score": float(np.float32(i / 3)),
                "weight": i * 0.25,
                "data": rng.randint(0, 256, 3000 + 500 * i).astype(np.uint8).tobytes(),
                "mask": np.arange(i + 1, dtype=np.int32) * np.int32(1000 * (i % 3) - 1000),
                "big": (np.arange(4, dtype=np.int64) * (2**40) - i).reshape(2, 2),
                "vec": rng.rand(i % 5 + 1).astype(np.float32),
            }
        )
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "ms210.mindrecord"
    for p in (path, Path(str(path) + ".db")):
        p.unlink(missing_ok=True)
    writer = FileWriter(str(path), shard_num=1, overwrite=True)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema(SCHEMA, "fixture")
    writer.add_index(["file_name", "label"])
    data = rows()
    writer.write_raw_data(data[:7])
    writer.write_raw_data(data[7:])
    writer.commit()
    reader = FileReader(str(path))
    read = list(reader.get_next())
    reader.close()
    expected = {}
    for i, row in enumerate(read):
        for k, v in row.items():
            expected[f"reader/{i}/{k}"] = np.asarray(
                v if not isinstance(v, bytes) else np.frombuffer(v, np.uint8)
            )
            expected[f"reader_type/{i}/{k}"] = np.array(type(v).__name__)
    d = ds.MindDataset(str(path), shuffle=False)
    expected["dataset/columns"] = np.array(d.get_col_names())
    for i, row in enumerate(d.create_dict_iterator(output_numpy=True)):
        for k, v in row.items():
            expected[f"dataset/{i}/{k}"] = v
    np.savez_compressed(OUT / "expected.npz", **expected)
    print(f"{len(read)} rows -> {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
