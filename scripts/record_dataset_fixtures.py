"""Record MindSpore's dataset engine and vision ops into small fixtures for deepsink's tests.

Run with a Python that has the real MindSpore 2.x CPU build (numpy < 2); NOT run by CI::

    /path/to/mindspore-venv/bin/python scripts/record_dataset_fixtures.py

Writes ``tests/fixtures/dataset/*.npz`` and ``pipeline.json`` (inputs are stored next to MindSpore's
outputs, so the tests need no random generator agreement between numpy versions):

- ``resize.npz``: Resize on uint8 (2-D, 1 and 3 channels) and float32 images, 4 interpolations;
- ``vision.npz``: Rescale, Normalize, HWC2CHW, CenterCrop, ToTensor, TypeCast, OneHot, flips with
  prob 0 and 1, RandomCrop outputs (the tests find the crop offset), Decode of PNG/BMP/JPEG bytes;
- ``mnist_seed.npz`` + ``pipeline.json``: the seeds' ``create_dataset`` on MNIST train/test (sizes,
  columns, shapes, types) and the first batch of its unshuffled variant;
- ``cifar10.npz``, ``image_folder.npz``: small generated files and MindSpore's rows in order;
- ``pipeline.json`` also holds column layouts after map, shard contents, batch shapes.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
import numpy as np
from mindspore.dataset.vision import Border, Inter
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "dataset"
MNIST_GZ = ROOT / "data" / "mnist"
RS = np.random.RandomState(20240611)
INTERPS = ["LINEAR", "NEAREST", "BICUBIC", "AREA"]


def rand_u8(shape):
    return RS.randint(0, 256, shape).astype(np.uint8)


def record_resize() -> dict:
    out = {}
    cases = [
        ((28, 28, 1), (32, 32)),
        ((28, 28), (32, 32)),
        ((5, 7, 3), (9, 4)),
        ((13, 17, 3), (6, 11)),
        ((16, 16, 3), (32, 32)),
        ((40, 30, 1), (20, 15)),
        ((24, 36, 3), (8, 12)),
        ((10, 10, 3), (3, 7)),
        ((7, 9, 1), (23, 31)),
        ((33, 21, 3), (17, 40)),
        ((12, 12, 4), (24, 6)),
        ((9, 14), (4, 5)),
        ((20, 20, 3), (20, 20)),
        ((1, 9, 3), (3, 4)),
        ((31, 29, 1), (64, 5)),
    ]
    for _ in range(10):
        h, w = RS.randint(2, 24, 2)
        c = int(RS.choice([1, 3]))
        cases.append(((int(h), int(w), c), (int(RS.randint(2, 40)), int(RS.randint(2, 40)))))
    for i, (shape, size) in enumerate(cases):
        img = rand_u8(shape)
        out[f"{i}/u8"] = img
        out[f"{i}/f32"] = (img.astype(np.float32) / np.float32(7.0)).astype(np.float32)
        out[f"{i}/size"] = np.asarray(size)
        for interp in INTERPS:
            op = vision.Resize(size, getattr(Inter, interp))
            out[f"{i}/u8/{interp}"] = op(img)
            out[f"{i}/f32/{interp}"] = op(out[f"{i}/f32"])
    # int size: shorter side to size, keeping the ratio
    img = rand_u8((5, 7, 3))
    out["int/in"] = img
    for s in (4, 10, 3):
        out[f"int/{s}"] = vision.Resize(s)(img)
    return out


def record_vision() -> dict:
    out = {}
    img3 = rand_u8((6, 9, 3))
    img1 = rand_u8((7, 5))
    f3 = RS.rand(6, 9, 3).astype(np.float32) * 10
    out["img3"], out["img1"], out["f3"] = img3, img1, f3
    for name, x in (("img3", img3), ("img1", img1), ("f3", f3)):
        out[f"rescale/{name}"] = vision.Rescale(1.0 / 255.0, -0.5)(x)
        out[f"rescale2/{name}"] = vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081)(x)
        out[f"hwc2chw/{name}"] = vision.HWC2CHW()(x)
        out[f"totensor/{name}"] = vision.ToTensor()(x)
        for size in ((3, 4), (4, 9), (8, 11), (9, 5), 2):
            key = "x".join(map(str, size)) if isinstance(size, tuple) else str(size)
            out[f"centercrop/{name}/{key}"] = vision.CenterCrop(size)(x)
        for prob in (0.0, 1.0):
            out[f"hflip/{name}/{prob}"] = vision.RandomHorizontalFlip(prob)(x)
            out[f"vflip/{name}/{prob}"] = vision.RandomVerticalFlip(prob)(x)
    out["normalize/img3"] = vision.Normalize([121.0, 115.0, 100.0], [70.0, 68.0, 71.0])(img3)
    out["normalize/f3"] = vision.Normalize([1.0, 2.0, 3.0], [0.5, 2.0, 4.0])(f3)
    out["normalize/img1"] = vision.Normalize([100.0], [50.0])(img1)
    chw = np.ascontiguousarray(img3.transpose(2, 0, 1))
    out["chw3"] = chw
    out["normalize/chw3"] = vision.Normalize(
        [121.0, 115.0, 100.0], [70.0, 68.0, 71.0], is_hwc=False
    )(chw)
    lab = np.array([3, 0, 7], np.uint32)
    out["label"] = lab
    out["typecast/int32"] = transforms.TypeCast(ms.int32)(lab)
    out["typecast/float16"] = transforms.TypeCast(np.float16)(lab)
    out["onehot"] = np.stack([transforms.OneHot(10)(x) for x in lab])
    # random crops: MindSpore's offsets are its own; the tests look for an offset that matches
    crops = [
        dict(size=(4, 5)),
        dict(size=(6, 9)),
        dict(size=(8, 10), padding=2),
        dict(size=(7, 7), padding=(1, 3), padding_mode=Border.EDGE),
        dict(size=(9, 12), padding=(2, 1, 3, 4), padding_mode=Border.REFLECT),
        dict(size=(8, 12), padding=3, padding_mode=Border.SYMMETRIC),
        dict(size=(10, 12), pad_if_needed=True, fill_value=(9, 99, 199)),
        dict(size=(8, 8), padding=1, fill_value=7),
    ]
    specs = []
    for i, kw in enumerate(crops):
        op = vision.RandomCrop(**kw)
        out[f"randomcrop/{i}"] = np.stack([op(img3) for _ in range(6)])
        specs.append({k: (v.value if isinstance(v, Border) else v) for k, v in kw.items()})
    out["randomcrop/specs"] = np.frombuffer(json.dumps(specs).encode(), np.uint8)
    # decode
    rgb = rand_u8((9, 11, 3))
    gray = rand_u8((6, 5))
    smooth = np.clip(
        np.add.outer(np.arange(16) * 12, np.arange(20) * 9)[..., None] + np.array([0, 40, 80]),
        0,
        255,
    ).astype(np.uint8)
    for name, arr, fmt, kw in (
        ("png_rgb", rgb, "PNG", {}),
        ("png_gray", gray, "PNG", {}),
        ("bmp_rgb", rgb, "BMP", {}),
        ("jpeg", smooth, "JPEG", {"quality": 95}),
    ):
        buf = io.BytesIO()
        Image.fromarray(arr).save(buf, format=fmt, **kw)
        data = np.frombuffer(buf.getvalue(), np.uint8)
        out[f"decode/{name}/in"] = data
        out[f"decode/{name}"] = vision.Decode()(data)
    return out


def create_dataset(data_path, batch_size=32, repeat_size=1, num_parallel_workers=1, shuffle=True):
    """The seeds' create_dataset (shuffle=False: the source unshuffled and no shuffle op)."""
    mnist_ds = ds.MnistDataset(data_path, shuffle=None if shuffle else False)
    resize_op = vision.Resize((32, 32), interpolation=Inter.LINEAR)
    rescale_nml_op = vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081)
    rescale_op = vision.Rescale(1.0 / 255.0, 0.0)
    hwc2chw_op = vision.HWC2CHW()
    type_cast_op = transforms.TypeCast(ms.int32)
    kw = dict(num_parallel_workers=num_parallel_workers)
    mnist_ds = mnist_ds.map(input_columns="label", operations=type_cast_op, **kw)
    mnist_ds = mnist_ds.map(input_columns="image", operations=resize_op, **kw)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_op, **kw)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_nml_op, **kw)
    mnist_ds = mnist_ds.map(input_columns="image", operations=hwc2chw_op, **kw)
    if shuffle:
        mnist_ds = mnist_ds.shuffle(buffer_size=10000)
    mnist_ds = mnist_ds.batch(batch_size, drop_remainder=True)
    mnist_ds = mnist_ds.repeat(repeat_size)
    return mnist_ds


def mnist_dirs(tmp: Path) -> Path:
    for split, prefix in (("train", "train"), ("test", "t10k")):
        (tmp / split).mkdir(parents=True, exist_ok=True)
        for kind in ("images-idx3", "labels-idx1"):
            name = f"{prefix}-{kind}-ubyte"
            with gzip.open(MNIST_GZ / f"{name}.gz") as f, open(tmp / split / name, "wb") as g:
                shutil.copyfileobj(f, g)
    return tmp


def record_mnist(tmp: Path, meta: dict) -> dict:
    out = {}
    root = mnist_dirs(tmp / "mnist")
    for split in ("train", "test"):
        d = create_dataset(str(root / split), 32)
        meta[f"mnist_seed/{split}"] = {
            "size": d.get_dataset_size(),
            "columns": d.get_col_names(),
            "shapes": d.output_shapes(),
            "types": [str(t) for t in d.output_types()],
            "batch_size": d.get_batch_size(),
            "repeat_count": d.get_repeat_count(),
        }
        raw = ds.MnistDataset(str(root / split))
        meta[f"mnist/{split}"] = {
            "size": raw.get_dataset_size(),
            "shapes": raw.output_shapes(),
            "types": [str(t) for t in raw.output_types()],
        }
        it = create_dataset(str(root / split), 32, shuffle=False).create_tuple_iterator(
            num_epochs=1, output_numpy=True
        )
        first = next(it)
        out[f"{split}/image"], out[f"{split}/label"] = first[0], first[1]
    meta["mnist/sharded"] = {
        str(s): ds.MnistDataset(
            str(root / "test"), shuffle=False, num_shards=3, shard_id=s
        ).get_dataset_size()
        for s in range(3)
    }
    return out


def cifar_record(file_no: int, r: np.ndarray) -> np.ndarray:
    """Record(s) ``r`` of a generated CIFAR-10 file: label byte then 3072 pixel bytes (CHW)."""
    r = np.asarray(r)[:, None]
    label = (3 * r + file_no) % 10
    pixels = (r * 13 + file_no * 101 + np.arange(3072)[None, :] * 7) % 256
    return np.concatenate([label, pixels], 1).astype(np.uint8)


CIFAR_FILES = {"data_batch_1.bin": 1, "data_batch_2.bin": 2, "test_batch.bin": 3}


def record_cifar(tmp: Path, meta: dict) -> dict:
    """MindSpore reads exactly 10000 records per file: write full files, keep a few rows."""
    folder = tmp / "cifar"
    folder.mkdir()
    for name, file_no in CIFAR_FILES.items():
        (folder / name).write_bytes(cifar_record(file_no, np.arange(10000)).tobytes())
    out = {}
    for usage in ("train", "test", "all"):
        d = ds.Cifar10Dataset(str(folder), usage=usage, shuffle=False)
        meta[f"cifar10/{usage}"] = {
            "size": d.get_dataset_size(),
            "shapes": d.output_shapes(),
            "types": [str(t) for t in d.output_types()],
        }
        for start in range(0, d.get_dataset_size(), 10000):
            rows = list(
                ds.Cifar10Dataset(str(folder), usage=usage, shuffle=False)
                .skip(start)
                .take(3)
                .create_tuple_iterator(output_numpy=True)
            )
            out[f"{usage}/{start}/image"] = np.stack([r[0] for r in rows])
            out[f"{usage}/{start}/label"] = np.stack([r[1] for r in rows])
    return out


def record_image_folder(tmp: Path) -> dict:
    folder = tmp / "folder"
    out = {}
    files = {
        "cat/b.png": (5, 4),
        "cat/a.png": (3, 6),
        "dog/z.png": (4, 4),
        "dog/c.png": (2, 3),
        "ant/q.png": (6, 2),
    }
    for rel, (h, w) in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(rand_u8((h, w, 3))).save(path)
        out[f"file/{rel}"] = np.frombuffer(path.read_bytes(), np.uint8)
    d = ds.ImageFolderDataset(str(folder), shuffle=False, decode=True)
    rows = list(d.create_tuple_iterator(output_numpy=True))
    out["labels"] = np.array([r[1] for r in rows])
    for i, r in enumerate(rows):
        out[f"image/{i}"] = r[0]
    out["label_dtype"] = np.array(str(rows[0][1].dtype))
    out["class_indexing"] = np.frombuffer(json.dumps(d.get_class_indexing()).encode(), np.uint8)
    return out


def record_semantics(meta: dict) -> None:
    def rows(d):
        return [
            [np.asarray(v).tolist() for v in r] for r in d.create_tuple_iterator(output_numpy=True)
        ]

    data = {"a": np.arange(4), "b": np.arange(4) * 10, "x": np.arange(4) * 100}
    layouts = {
        "merge": (["a", "b"], ["c"], lambda a, b: a + b),
        "split": (["x"], ["x1", "x2"], lambda x: (x, x + 1)),
        "rename": (["b"], ["bb"], lambda b: b),
    }
    for name, (inp, outp, fn) in layouts.items():
        d = ds.NumpySlicesDataset(data, shuffle=False).map(
            fn, input_columns=inp, output_columns=outp
        )
        meta[f"map/{name}"] = {"columns": d.get_col_names(), "rows": rows(d)}
    meta["shards"] = {
        str(s): [
            int(r[0])
            for r in ds.NumpySlicesDataset(
                np.arange(23), ["x"], shuffle=False, num_shards=4, shard_id=s
            )
        ]
        for s in range(4)
    }
    b = ds.NumpySlicesDataset(np.arange(10), ["x"], shuffle=False).batch(3)
    meta["batch"] = {"size": b.get_dataset_size(), "shapes": b.output_shapes(), "rows": rows(b)}
    r = ds.NumpySlicesDataset(np.arange(10), ["x"], shuffle=False).batch(3).repeat(3).repeat(2)
    meta["repeat"] = {"count": r.get_repeat_count(), "size": r.get_dataset_size()}
    g = ds.GeneratorDataset(lambda: ((i, float(i), [1, 2]) for i in range(3)), ["x", "y", "z"])
    meta["generator_types"] = {
        "types": [str(t) for t in g.output_types()],
        "shapes": g.output_shapes(),
    }
    z = ds.zip(
        (
            ds.NumpySlicesDataset(np.arange(4), ["a"], shuffle=False),
            ds.NumpySlicesDataset(np.arange(6), ["b"], shuffle=False),
        )
    )
    meta["zip"] = {"size": z.get_dataset_size(), "columns": z.get_col_names(), "rows": rows(z)}
    c = ds.NumpySlicesDataset(np.arange(4), ["a"], shuffle=False) + ds.NumpySlicesDataset(
        np.arange(6), ["a"], shuffle=False
    )
    meta["concat"] = {"size": c.get_dataset_size(), "rows": rows(c)}
    f = ds.NumpySlicesDataset(np.arange(7), ["x"], shuffle=False).filter(lambda x: x % 2 == 0)
    meta["filter"] = {"size": f.get_dataset_size(), "rows": rows(f)}
    s = ds.NumpySlicesDataset(np.arange(9), ["x"], shuffle=False).skip(2).take(4)
    meta["skip_take"] = {"size": s.get_dataset_size(), "rows": rows(s)}


def main() -> int:
    ds.config.set_seed(0)  # MindSpore's random crops, reproducibly
    OUT.mkdir(parents=True, exist_ok=True)
    meta: dict = {"mindspore": ms.__version__, "numpy": np.__version__}
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        groups = {
            "resize": record_resize(),
            "vision": record_vision(),
            "mnist_seed": record_mnist(tmp, meta),
            "cifar10": record_cifar(tmp, meta),
            "image_folder": record_image_folder(tmp),
        }
    record_semantics(meta)
    for name, arrays in groups.items():
        np.savez_compressed(OUT / f"{name}.npz", **arrays)
    (OUT / "pipeline.json").write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n")
    total = sum(os.path.getsize(p) for p in OUT.iterdir())
    print(f"wrote {len(groups)} npz files and pipeline.json to {OUT} ({total / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
