"""Write a tiny COCO dataset into ``tests/fixtures/ms/coco/`` and record what MindSpore 2.10's
``CocoDataset`` reads from it (``expected.json``), for every task.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_coco_fixtures.py

The set covers what the reader must get right: images listed but not annotated (skipped), two
images sharing annotations through one file name, several polygons in one annotation and a crowd
annotation's RLE counts (Stuff), Panoptic ``segments_info`` and ``isthing``, captions.
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore.dataset as ds
import numpy as np
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "coco"

IMAGES = [
    {"id": 1, "file_name": "a.jpg"},
    {"id": 2, "file_name": "b.jpg"},
    {"id": 3, "file_name": "c.jpg"},
    {"id": 4, "file_name": "a.jpg"},
]
CATEGORIES = [{"id": 1, "name": "cat", "isthing": 1}, {"id": 5, "name": "dog", "isthing": 0}]
ANNOTATIONS = {
    "detection": [
        {
            "id": 10,
            "image_id": 2,
            "category_id": 5,
            "iscrowd": 0,
            "bbox": [1.5, 2, 3, 4.25],
            "segmentation": [[1, 2, 3, 4, 5, 6], [7, 8, 9]],
        },
        {
            "id": 11,
            "image_id": 1,
            "category_id": 1,
            "iscrowd": 0,
            "bbox": [0, 0, 8, 8],
            "segmentation": [[1, 1, 2, 2]],
        },
        {
            "id": 12,
            "image_id": 2,
            "category_id": 1,
            "iscrowd": 1,
            "bbox": [2, 2, 2, 2],
            "segmentation": {"counts": [3, 4, 5, 6, 7, 8, 9, 10], "size": [8, 8]},
        },
    ],
    "keypoint": [
        {
            "id": 20,
            "image_id": 3,
            "category_id": 1,
            "num_keypoints": 2,
            "keypoints": [float(i % 7) for i in range(51)],
        },
    ],
    "panoptic": [
        {
            "image_id": 2,
            "file_name": "b.png",
            "segments_info": [
                {"id": 1, "category_id": 5, "iscrowd": 0, "bbox": [1, 2, 3, 4], "area": 12},
                {"id": 2, "category_id": 1, "iscrowd": 1, "bbox": [0, 0, 2, 2], "area": 4},
            ],
        },
    ],
    "captioning": [
        {"id": 30, "image_id": 1, "caption": "a small square"},
        {"id": 31, "image_id": 1, "caption": "grey"},
        {"id": 32, "image_id": 3, "caption": "another one"},
    ],
}
TASKS = {
    "detection": ["Detection", "Stuff"],
    "keypoint": ["Keypoint"],
    "panoptic": ["Panoptic"],
    "captioning": ["Captioning"],
}


def write_set() -> None:
    (OUT / "images").mkdir(parents=True, exist_ok=True)
    rs = np.random.RandomState(3)
    for name in ("a.jpg", "b.jpg", "c.jpg"):
        Image.fromarray(rs.randint(0, 255, (8, 6, 3), dtype=np.uint8)).save(OUT / "images" / name)
    for key, anns in ANNOTATIONS.items():
        doc = {"images": IMAGES, "annotations": anns}
        if key in ("detection", "panoptic"):
            doc["categories"] = CATEGORIES
        (OUT / f"{key}.json").write_text(json.dumps(doc, indent=1) + "\n")


def main() -> None:
    write_set()
    expected = {}
    for key, tasks in TASKS.items():
        for task in tasks:
            d = ds.CocoDataset(
                str(OUT / "images"),
                str(OUT / f"{key}.json"),
                task=task,
                shuffle=False,
                decode=True,
                extra_metadata=True,
            )
            case = {"columns": d.get_col_names(), "size": d.get_dataset_size()}
            if task in ("Detection", "Panoptic"):
                case["class_indexing"] = d.get_class_indexing()
            d = d.rename("_meta-filename", "filename")
            case["rows"] = [
                {
                    k: {"shape": list(v.shape), "dtype": str(v.dtype), "value": v.tolist()}
                    for k, v in row.items()
                    if k != "image"
                }
                | {"image_shape": list(row["image"].shape)}
                for row in d.create_dict_iterator(output_numpy=True, num_epochs=1)
            ]
            expected[task] = case
    (OUT / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
