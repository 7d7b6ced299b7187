"""Record what MindSpore 2.10's seeded random vision ops draw inside ``map``, into
``tests/fixtures/ms/seeded_augment.json``.

Run with a Python that has MindSpore 2.x installed (not run by CI), from a scratch directory::

    /path/to/mindspore-venv/bin/python scripts/record_seeded_augment_fixture.py

Under ``config.set_seed`` each map worker's copy of a random op draws from ``std::mt19937``
seeded with ``seed + worker`` and rows go to the workers in turn. Per row the fixture keeps
whether each flip applied and where each random crop was taken (the images hold their pixel
coordinates, and the crops resize with nearest-neighbour interpolation).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "seeded_augment.json"


def flips(seed: int, rows: int, workers: int, epochs: int, ops: list[str]) -> dict:
    ds.config.set_seed(seed)
    images = np.arange(rows * 2 * 2 * 1, dtype=np.uint8).reshape(rows, 2, 2, 1)
    d = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    made = [getattr(vision, name)(0.5) for name in ops]
    d = d.map(made, "image", num_parallel_workers=workers)
    bits = []
    it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    for _ in range(epochs):
        epoch = []
        for i, row in enumerate(it):
            out, src = row["image"][:, :, 0], images[i % rows][:, :, 0]
            h = int(out[0, 0] in (src[0, 1], src[1, 1]))
            v = int(out[0, 0] in (src[1, 0], src[1, 1]))
            epoch.append(f"{h}{v}")
        bits.append(epoch)
    return {
        "seed": seed,
        "rows": rows,
        "workers": workers,
        "epochs": epochs,
        "ops": ops,
        "flips": bits,
    }


def repeated_flips(seed: int, rows: int, workers: int, epochs: int, repeat_first: bool) -> dict:
    """A repeat above the map ends each of the map's passes (a turn each); one below it does not."""
    ds.config.set_seed(seed)
    images = np.arange(rows * 4, dtype=np.uint8).reshape(rows, 2, 2, 1)
    d = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    if repeat_first:
        d = d.repeat(2)
    d = d.map(vision.RandomHorizontalFlip(0.5), "image", num_parallel_workers=workers)
    if not repeat_first:
        d = d.repeat(2)
    it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    bits = ["".join(str(int(r["image"][0, 0, 0] % 4 == 1)) for r in it) for _ in range(epochs)]
    return {
        "seed": seed,
        "rows": rows,
        "workers": workers,
        "epochs": epochs,
        "repeat_first": repeat_first,
        "flips": bits,
    }


def coords(h: int, w: int) -> np.ndarray:
    return (np.arange(h)[:, None] * 1000 + np.arange(w)[None, :]).astype(np.float32)[..., None]


SHAPES = [(37, 53), (64, 48), (20, 90), (100, 100), (33, 33), (50, 120), (77, 41), (90, 60)]


def crops(
    seed: int, workers: int, epochs: int, op: str, kwargs: dict, shapes: list | None = None
) -> dict:
    """Per row: the output's first and last pixels (the crop's corners in source coordinates)."""
    ds.config.set_seed(seed)
    shapes = SHAPES * 2 if shapes is None else shapes

    def gen():
        for h, w in shapes:
            yield (coords(h, w),)

    d = ds.GeneratorDataset(gen, ["image"], shuffle=False)
    make = getattr(vision, op)
    if op == "RandomResizedCrop":
        kwargs = dict(kwargs, interpolation=vision.Inter.NEAREST)
    d = d.map(make(**kwargs), "image", num_parallel_workers=workers)
    it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        epoch = []
        for row in it:
            img = row["image"][:, :, 0]
            epoch.append([float(img[0, 0]), float(img[-1, -1]), list(img.shape)])
        out.append(epoch)
    return {
        "seed": seed,
        "workers": workers,
        "epochs": epochs,
        "op": op,
        "kwargs": kwargs
        if op != "RandomResizedCrop"
        else {k: v for k, v in kwargs.items() if k != "interpolation"},
        "shapes": shapes,
        "corners": out,
    }


def eager_crops(seed: int, op: str, kwargs: dict, shapes: list) -> dict:
    """Eager crops under a seed: each call draws from a freshly seeded ``mt19937(seed)``."""
    ds.config.set_seed(seed)
    extra = {"interpolation": vision.Inter.NEAREST} if op == "RandomResizedCrop" else {}
    made = getattr(vision, op)(**kwargs, **extra)
    out = []
    for h, w in shapes:
        img = made(coords(h, w))[:, :, 0]
        out.append([float(img[0, 0]), float(img[-1, -1]), list(img.shape)])
    return {"seed": seed, "op": op, "kwargs": kwargs, "shapes": shapes, "corners": out}


def gradient_jpegs() -> list[bytes]:
    """Small JPEGs of smooth colour gradients (a shifted crop changes every pixel)."""
    import io

    from PIL import Image

    out = []
    for k, (h, w) in enumerate([(40, 56), (64, 48), (33, 70), (50, 50), (45, 61)]):
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        img = np.stack([x * 200 / w + 20 * k, y * 200 / h, (x + y) * 100 / (h + w) + 30], -1)
        buf = io.BytesIO()
        Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(buf, "JPEG", quality=95)
        out.append(buf.getvalue())
    return out


def decode_resize(seed: int, workers: int, epochs: int, size: list) -> dict:
    """RandomCropDecodeResize on encoded JPEGs: the outputs (uint8), per epoch and row."""
    ds.config.set_seed(seed)
    files = gradient_jpegs()

    def gen():
        for b in files:
            yield (np.frombuffer(b, np.uint8),)

    d = ds.GeneratorDataset(gen, ["image"], shuffle=False)
    d = d.map(vision.RandomCropDecodeResize(size), "image", num_parallel_workers=workers)
    it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    outs = [[row["image"].astype(int).tolist() for row in it] for _ in range(epochs)]
    return {
        "seed": seed,
        "workers": workers,
        "epochs": epochs,
        "size": size,
        "outputs": outs,
    }


def dropped(seed: int, rows: int, workers: int, epochs: int, batch: int) -> dict:
    """RandomCrop below a batch with ``drop_remainder``: the map still runs (and draws for) the
    rows the batch drops, before the next epoch's. Per batch, the crops' first pixels."""
    ds.config.set_seed(seed)
    images = np.stack([coords(30, 40)] * rows)
    d = ds.NumpySlicesDataset({"image": images}, shuffle=False)
    d = d.map(vision.RandomCrop((8, 8)), "image", num_parallel_workers=workers)
    d = d.batch(batch, drop_remainder=True)
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    firsts = [[b[0][:, 0, 0, 0].tolist() for b in it] for _ in range(epochs)]
    return {"seed": seed, "rows": rows, "workers": workers, "batch": batch, "firsts": firsts}


def eager_decode_resize(seed: int) -> dict:
    """Eager RandomCropDecodeResize under a seed on each JPEG: the outputs' pixel sums."""
    ds.config.set_seed(seed)
    op = vision.RandomCropDecodeResize((5, 5))
    sums = [int(op(np.frombuffer(b, np.uint8)).astype(int).sum()) for b in gradient_jpegs()]
    return {"seed": seed, "size": [5, 5], "sums": sums}


def eager(seed: int, op: str, calls: int) -> dict:
    """An eager call (``op(image)``) runs a freshly seeded copy of the op: each call draws the
    first value of ``mt19937(seed)``, so every call under one seed flips the same way."""
    ds.config.set_seed(seed)
    made = getattr(vision, op)(0.5)
    image = np.arange(4, dtype=np.uint8).reshape(2, 2, 1)
    bits = [int(not np.array_equal(made(image), image)) for _ in range(calls)]
    return {"seed": seed, "op": op, "flipped": bits}


def main() -> None:
    cases = {
        "eager": [
            eager(s, op, 4)
            for s in (1, 3, 4, 5)
            for op in ("RandomHorizontalFlip", "RandomVerticalFlip")
        ],
        "flips": [
            flips(1, 24, 1, 2, ["RandomHorizontalFlip"]),
            flips(1, 24, 2, 2, ["RandomHorizontalFlip"]),
            flips(7, 10, 2, 2, ["RandomHorizontalFlip", "RandomVerticalFlip"]),
            flips(3, 9, 2, 3, ["RandomVerticalFlip"]),
        ],
        "repeats": [repeated_flips(3, 10, 2, 2, False), repeated_flips(3, 10, 2, 2, True)],
        "crops": [
            crops(5, 1, 2, "RandomResizedCrop", {"size": (8, 8)}),
            crops(5, 2, 2, "RandomResizedCrop", {"size": (6, 10), "scale": (0.2, 0.9)}),
            crops(11, 2, 2, "RandomCrop", {"size": (16, 16), "pad_if_needed": True}),
            crops(2, 2, 3, "RandomResizedCrop", {"size": (5, 7), "ratio": (0.5, 2.0)}),
            crops(9, 1, 2, "RandomResizedCrop", {"size": (4, 4), "scale": (1.5, 2.0)}),
            crops(4, 2, 2, "RandomCrop", {"size": (20, 30), "padding": 3}),
            # widths over 2**16: GCC 9's uniform_int (downscaling) and GCC 11's (Lemire's
            # multiply-shift) give other ints there
            crops(6, 2, 2, "RandomCrop", {"size": (1, 1)}, [(2, 90001), (1, 70001), (3, 65536)]),
            crops(6, 1, 1, "RandomCrop", {"size": (8, 8)}, [(8, 8), (9, 8), (8, 8), (30, 30)]),
        ],
        "eager_crops": [
            eager_crops(s, op, kw, [(37, 53), (64, 48), (20, 90)])
            for s in (1, 8)
            for op, kw in (
                ("RandomResizedCrop", {"size": (4, 4)}),
                ("RandomCrop", {"size": (10, 12)}),
            )
        ],
        "eager_decode_resize": [eager_decode_resize(6), eager_decode_resize(13)],
        "dropped": [dropped(4, 10, 2, 3, 4), dropped(2, 11, 1, 2, 3)],
        "jpegs": [base64.b64encode(b).decode() for b in gradient_jpegs()],
        "decode_resize": [decode_resize(3, 2, 2, [12, 10]), decode_resize(8, 1, 1, [16, 16])],
    }
    OUT.write_text(json.dumps(cases) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
