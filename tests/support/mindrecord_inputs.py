"""Tiny datasets in their published layouts, for the MindRecord converter tests and for
``scripts/record_mindrecord_converter_fixtures.py`` (which runs MindSpore 2.10's converters on the
same files). Deterministic: the same bytes on every run."""

from __future__ import annotations

import gzip
import os
import pickle

import numpy as np


def _pickle(path: str, obj: dict) -> None:
    with open(path, "wb") as f:
        pickle.dump(obj, f, protocol=3)  # bytes keys as bytes (no _codecs global)


def make_inputs(root: str) -> dict:
    """Write CIFAR-10, CIFAR-100, MNIST, CSV and ImageNet-style inputs under ``root``."""
    rng = np.random.default_rng(34)
    cifar10 = os.path.join(root, "cifar10")
    os.makedirs(cifar10)
    _pickle(
        os.path.join(cifar10, "data_batch_1"),
        {b"data": rng.integers(0, 256, (3, 3072), dtype=np.uint8), b"labels": [1, 5, 9]},
    )
    _pickle(
        os.path.join(cifar10, "data_batch_2"),
        {b"data": rng.integers(0, 256, (3, 3072), dtype=np.uint8), b"labels": [0, 2, 7]},
    )
    _pickle(
        os.path.join(cifar10, "test_batch"),
        {b"data": rng.integers(0, 256, (2, 3072), dtype=np.uint8), b"labels": [3, 4]},
    )
    cifar100 = os.path.join(root, "cifar100")
    os.makedirs(cifar100)
    for name, n in (("train", 3), ("test", 2)):
        _pickle(
            os.path.join(cifar100, name),
            {
                b"data": rng.integers(0, 256, (n, 3072), dtype=np.uint8),
                b"fine_labels": list(range(10, 10 + n)),
                b"coarse_labels": list(range(n)),
            },
        )
    mnist = os.path.join(root, "mnist")
    os.makedirs(mnist)
    for prefix, n in (("train", 3), ("t10k", 2)):
        images = rng.integers(0, 256, (n, 28, 28), dtype=np.uint8)
        with gzip.open(os.path.join(mnist, f"{prefix}-images-idx3-ubyte.gz"), "wb") as f:
            f.write(np.array([2051, n, 28, 28], ">i4").tobytes() + images.tobytes())
        with gzip.open(os.path.join(mnist, f"{prefix}-labels-idx1-ubyte.gz"), "wb") as f:
            f.write(np.array([2049, n], ">i4").tobytes() + np.arange(n, dtype=np.uint8).tobytes())
    csv_path = os.path.join(root, "table.csv")
    with open(csv_path, "w") as f:
        f.write("id,score,flag,name,part\n1,0.5,True,ab,7\n2,,False,cd,x\n3,2.25,True,ef,9\n")
    imagenet = os.path.join(root, "imagenet")
    for folder, files in (("n01", ["a.JPEG", "b.JPEG", "skip.png"]), ("n02", ["c.jpg"])):
        os.makedirs(os.path.join(imagenet, folder))
        for name in files:
            with open(os.path.join(imagenet, folder, name), "wb") as f:
                f.write(rng.integers(0, 256, 50, dtype=np.uint8).tobytes())
    map_file = os.path.join(root, "labels_map.txt")
    with open(map_file, "w") as f:
        f.write("n01 0\nn02 1\n")
    return {"cifar10": cifar10, "cifar100": cifar100, "mnist": mnist, "csv": csv_path,
            "imagenet": imagenet, "map_file": map_file}  # fmt: skip
