"""The tutorial pages' ``download(url, path, kind=..., replace=...)``, without the network: it writes
small synthetic data in the format and layout of the archive the URL names, under ``path``, and
returns ``path`` as the ``download`` package does.

Only the archives the tutorial pages fetch are known; any other URL is an error. The data come from
numpy's ``default_rng`` with a fixed seed, so every run (MindSpore's or deepsink's) reads the same
bytes. MNIST images are noise plus a bright bar whose position is set by the label, so that a
network trained on them learns something in a few batches, as on the real digits.
"""

from __future__ import annotations

import os
import struct

import numpy as np

# how many samples each synthetic split holds (the real MNIST: 60000 / 10000)
MNIST_SIZES = {"train": 1024, "test": 256}
# records in each CIFAR-10 batch file (MindSpore reads 10000 a file, as in the real one)
CIFAR10_PER_BATCH = 10000


def _mnist_split(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    labels = rng.integers(0, 10, size=n, dtype=np.uint8)
    images = rng.integers(0, 64, size=(n, 28, 28), dtype=np.uint8)
    for i, label in enumerate(labels):
        row = 2 + int(label) * 2
        images[i, row : row + 3, 4:24] = 255
    return images, labels


def _write_idx(images: np.ndarray, labels: np.ndarray, image_file: str, label_file: str) -> None:
    with open(image_file, "wb") as f:
        f.write(struct.pack(">IIII", 2051, len(images), 28, 28))
        f.write(images.tobytes())
    with open(label_file, "wb") as f:
        f.write(struct.pack(">II", 2049, len(labels)))
        f.write(labels.tobytes())


def _mnist(root: str) -> None:
    rng = np.random.default_rng(0)
    names = {
        "train": ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"),
        "test": ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte"),
    }
    for split, (image_name, label_name) in names.items():
        folder = os.path.join(root, "MNIST_Data", split)
        os.makedirs(folder, exist_ok=True)
        images, labels = _mnist_split(rng, MNIST_SIZES[split])
        _write_idx(
            images, labels, os.path.join(folder, image_name), os.path.join(folder, label_name)
        )


def _cifar10(root: str) -> None:
    """CIFAR-10's binary version: ``cifar-10-batches-bin/`` with five training batches and a test
    batch of records ``label byte + 3072 image bytes (CHW)``; ``CIFAR10_PER_BATCH`` each. Only
    the first training batch and the test batch are written (the real archive has five)."""
    rng = np.random.default_rng(3)
    folder = os.path.join(root, "cifar-10-batches-bin")
    os.makedirs(folder, exist_ok=True)
    names = ["data_batch_1.bin", "test_batch.bin"]
    for name in names:
        labels = rng.integers(0, 10, size=(CIFAR10_PER_BATCH, 1), dtype=np.uint8)
        images = rng.integers(0, 256, size=(CIFAR10_PER_BATCH, 3072), dtype=np.uint8)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(np.concatenate([labels, images], axis=1).tobytes())
    with open(os.path.join(folder, "batches.meta.txt"), "w", encoding="utf-8") as f:
        f.write(
            "\n".join(
                [
                    "airplane",
                    "automobile",
                    "bird",
                    "cat",
                    "deer",
                    "dog",
                    "frog",
                    "horse",
                    "ship",
                    "truck",
                ]
            )
            + "\n"
        )


def _jpeg(file: str) -> None:
    """An RGB photo-sized JPEG: smooth colour gradients plus noise (PIL writes it)."""
    from PIL import Image

    rng = np.random.default_rng(1)
    h, w = 300, 400
    yy, xx = np.mgrid[0:h, 0:w]
    img = np.stack([xx * 255 // w, yy * 255 // h, (xx + yy) * 255 // (h + w)], axis=-1)
    img = np.clip(img + rng.integers(-20, 21, size=img.shape), 0, 255).astype(np.uint8)
    Image.fromarray(img).save(file, format="JPEG", quality=90)


def _wav(file: str) -> None:
    """A 16 kHz mono 16-bit PCM WAV of 2 s: a few tones plus noise (the standard library's wave)."""
    import wave

    rng = np.random.default_rng(2)
    rate = 16000
    t = np.arange(2 * rate) / rate
    sig = 0.3 * np.sin(2 * np.pi * 220 * t) + 0.2 * np.sin(2 * np.pi * 880 * t)
    sig = sig + 0.05 * rng.standard_normal(t.size)
    pcm = (np.clip(sig, -1, 1) * 32767).astype("<i2")
    with wave.open(file, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(rate)
        f.writeframes(pcm.tobytes())


ARCHIVES = {"MNIST_Data.zip": _mnist, "cifar-10-binary.tar.gz": _cifar10}
FILES = {"banana.jpg": _jpeg, "84-121123-0000.wav": _wav}


def download(url: str, path: str, kind: str = "file", replace: bool = False) -> str:
    """Write the synthetic stand-in of ``url``'s archive under ``path``; returns ``path``."""
    name = url.rsplit("/", 1)[-1]
    if name in ARCHIVES:
        ARCHIVES[name](path)
    elif name in FILES:  # a single file: ``path`` is the file's own path
        FILES[name](path)
    else:
        raise ValueError(f"synthetic_download: no synthetic data for {url!r}")
    return path
