"""Record the summary values MindSpore 2.10's SummaryRecord writes (the serialized
``Summary.Value`` of each case, wall time left out) to ``tests/fixtures/ms/summary/values.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_summary_fixtures.py``.
"""

from __future__ import annotations

import glob
import json
import struct
import tempfile
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "summary"


def cases() -> list[tuple[str, str, np.ndarray]]:
    rng = np.random.default_rng(7)
    return [
        ("scalar", "loss", np.array(0.5, np.float32)),
        ("scalar", "lr", np.array([0.01], np.float64)),
        ("tensor", "t32", np.arange(6, dtype=np.float32).reshape(2, 3)),
        ("tensor", "ti64", np.array([[1, -2], [3, 4]], np.int64)),
        ("histogram", "h5", np.array([0.1, 0.5, 0.5, 2.0, -1.0], np.float32)),
        ("histogram", "h_inf", np.array([1.0, np.nan, np.inf, -np.inf, 3.0, 2.0], np.float32)),
        ("histogram", "h_big", rng.standard_normal(300).astype(np.float32)),
        ("histogram", "h_const", np.full((4,), 2.5, np.float32)),
        ("image", "img01", rng.random((2, 3, 4, 5)).astype(np.float32)),
        ("image", "img_gray", (rng.random((1, 1, 3, 3)) * 10 - 5).astype(np.float32)),
        ("image", "img_u8", rng.integers(0, 255, (9, 3, 2, 2)).astype(np.uint8)),
    ]


def main() -> None:
    import mindspore as ms
    from mindspore.train import SummaryRecord
    from mindspore.train.summary_pb2 import Event

    log_dir = tempfile.mkdtemp()
    with SummaryRecord(log_dir) as record:
        for plugin, tag, data in cases():
            record.add_value(plugin, tag, ms.Tensor(data))
        record.record(3)
    blob = open(glob.glob(f"{log_dir}/*")[0], "rb").read()
    events, i = [], 0
    while i < len(blob):
        (n,) = struct.unpack("<Q", blob[i : i + 8])
        event = Event()
        event.ParseFromString(blob[i + 12 : i + 12 + n])
        events.append(event)
        i += 16 + n
    out = {
        "version": events[0].version,
        "step": events[1].step,
        "values": {v.tag: v.SerializeToString().hex() for v in events[1].summary.value},
    }
    (OUT / "values.json").write_text(json.dumps(out, indent=1) + "\n")
    print(sorted(out["values"]))


if __name__ == "__main__":
    main()
