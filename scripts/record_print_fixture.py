"""Record a Print file serialized by MindSpore's own ``print.proto`` classes (NOT run by CI).

MindSpore 2.10's CPU build ignores ``print_file_path`` (Ascend only), so the file is built with
the ``mindspore.train.print_pb2`` module MindSpore ships, the way its Print kernel writes one
message per call::

    /work/msenv/bin/python scripts/record_print_fixture.py

writes ``tests/fixtures/ms/print_file/mindspore_print.pb`` and the expected values beside it (``.npz``).
"""

from pathlib import Path

import numpy as np
from mindspore.train.print_pb2 import Print

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "print_file"

CALLS = [
    ["print:", np.array([[1, 2, 3, 4], [5, 6, 7, 8]], np.float32)],
    ["step", np.array(3, np.int32), "loss", np.array(0.25, np.float32)],
    [np.array([True, False]), np.array([[1], [2]], np.uint8), np.array([1.5, -2], np.float16)],
]
NAMES = {np.float32: "Float32", np.int32: "Int32", np.bool_: "Bool", np.uint8: "UInt8",
         np.float16: "Float16"}  # fmt: skip


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    data = b""
    expected = {}
    i = 0
    for call in CALLS:
        msg = Print()
        for item in call:
            value = msg.value.add()
            if isinstance(item, str):
                value.desc = item
                expected[f"{i:02d}_str"] = np.array(item)
            else:
                value.tensor.dims.extend(item.shape)
                value.tensor.tensor_type = NAMES[item.dtype.type]
                value.tensor.tensor_content = item.tobytes()
                expected[f"{i:02d}_tensor"] = item
            i += 1
        data += msg.SerializeToString()  # one message per Print call, appended
    (OUT / "mindspore_print.pb").write_bytes(data)
    np.savez(OUT / "mindspore_print_expected.npz", **expected)
    print(f"wrote {OUT}/mindspore_print.pb ({len(data)} bytes, {i} items)")


if __name__ == "__main__":
    main()
