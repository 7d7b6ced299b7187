"""Record what MindSpore 2.10 keeps of a dataset in a MindIR file (``export(net, dataset)``): the
preprocessing (``ModelProto.preprocessor``) and the network's input, for
``tests/train/test_mindir_dataset_export.py``.

Run under a Python with a MindSpore 2.10 CPU build, from a folder outside the repository (MindSpore
writes compile artifacts into the current folder); not run by CI::

    cd "$(mktemp -d)" && /path/to/mindspore/python /path/to/repo/scripts/record_mindir_preprocessing.py

The pipeline is built by ``pipeline(ds, vision, transforms)`` below, which the test calls with
deepsink's modules.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np

OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "mindir"
    / "preprocessing.json"
)


def pipeline(ds, vision, transforms):
    """Images (HWC float32 in [0, 255)) and labels, mapped and batched."""
    images = np.random.default_rng(0).uniform(0, 255, (4, 8, 8, 3)).astype(np.float32)
    data = ds.NumpySlicesDataset(
        {"image": images, "label": np.arange(4, dtype=np.int32)}, shuffle=False
    )
    data = data.map(
        [
            vision.Rescale(1 / 255, 0.0),
            vision.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
        ],
        input_columns="image",
    )
    data = data.map(transforms.TypeCast(np.int64), input_columns="label")
    data = data.map(vision.HWC2CHW(), input_columns="image")
    return data.batch(2)


def main() -> None:
    import mindspore as ms
    import mindspore.dataset as ds
    from mindspore import nn
    from mindspore.dataset import transforms, vision

    file = os.path.join(tempfile.mkdtemp(), "net")
    ms.export(
        nn.Conv2d(3, 2, 3), pipeline(ds, vision, transforms), file_name=file, file_format="MINDIR"
    )
    model = ms.load_mindir(file + ".mindir")
    record = {
        "ms_version": ms.__version__,
        "inputs": [[list(t.dims) for t in i.tensor] for i in model.graph.input],
        "preprocessor": [
            {
                "input_columns": op.input_columns,
                "output_columns": op.output_columns,
                "op_type": op.op_type,
                "operations": op.operations,
                "offload": op.offload,
            }
            for op in model.preprocessor.op
        ],  # fmt: skip
    }
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
