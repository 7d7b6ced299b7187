"""Record MindSpore's ``str(dtype)`` and ``print(cell)`` (``print``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_print_text_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import contextlib
import io

import mindspore as ms
from fixture_recording import record, run_groups
from mindspore import nn


class LeNetLike(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.features = nn.SequentialCell([nn.Conv2d(6, 16, 5, pad_mode="valid"), nn.ReLU()])
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 10, has_bias=False)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.features(x))
        return self.fc2(self.relu(self.fc1(self.flatten(x))))


def print_cases():
    G = "print"
    for n in (
        "float32",
        "float16",
        "float64",
        "int32",
        "int64",
        "uint8",
        "int8",
        "bool_",
        "string",
    ):

        def fn(n=n):
            t = getattr(ms, n)
            return {"api": "dtype", "notes": f"str(mindspore.{n}); repr in key 'repr'"}, {
                "text": str(t),
                "repr": repr(t),
            }

        record(G, f"dtype_{n}", fn)

    def printed(obj) -> str:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            print(obj)
        return buf.getvalue()

    cells = {
        "cell_lenet_like": (LeNetLike, "LeNetLike (see scripts/record_fixtures.py)"),
        "cell_dense": (lambda: nn.Dense(4, 3), "nn.Dense(4, 3)"),
        "cell_dense_relu": (lambda: nn.Dense(4, 3, activation="relu"), "nn.Dense(4,3,'relu')"),
        "cell_conv2d": (lambda: nn.Conv2d(3, 8, 3, stride=2, has_bias=True), "nn.Conv2d"),
        "cell_batchnorm2d": (lambda: nn.BatchNorm2d(8), "nn.BatchNorm2d(8)"),
        "cell_sequential": (
            lambda: nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()]),
            "nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()])",
        ),
        "cell_loss_sce": (
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
            "nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')",
        ),
        "cell_with_loss": (
            lambda: nn.WithLossCell(nn.Dense(4, 3), nn.SoftmaxCrossEntropyWithLogits()),
            "nn.WithLossCell(nn.Dense(4, 3), nn.SoftmaxCrossEntropyWithLogits())",
        ),
    }
    for name, (make, desc) in cells.items():

        def fn(make=make, desc=desc):
            cell = make()
            return {"api": "print(cell)", "net": desc, "notes": "text = stdout of print(cell)"}, {
                "text": printed(cell),
                "repr": repr(cell),
            }

        record(G, name, fn)


GROUPS = {"print": print_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
