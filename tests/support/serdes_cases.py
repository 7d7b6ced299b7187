"""Pipelines whose JSON form (``serialize``/``to_json``) MindSpore 2.10 fixes: every source kind
(TFRecord, CSV, VOC, Generator, NumpySlices, ImageFolder, MNIST, Cifar10), samplers (chains,
WeightedRandomSampler, distributed, subset), the pipeline nodes (batch, padded batch, repeat,
shuffle, zip, concat, project, rename, take, skip) and map operations from vision, text and
transforms with their parameters.

``write_data(root)`` writes the small data tree (nothing is downloaded; images are uncompressed
BMP/PNG, the TFRecord file is the committed one) and ``pipelines(ds, vision, text, transforms,
paths)`` builds the cases from whichever library is passed. ``scripts/record_serdes_fixtures.py``
records 2.10's JSON, the rebuilt pipeline's JSON and rows (``tests/fixtures/ms/serdes.json``);
``tests/dataset/test_serdes_parity.py`` replays them on deepsink."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
TFRECORD = ROOT / "fixtures" / "dataset" / "tfrecord" / "part-0.tfrecord"
MARK = "@DIR@"


def _img(path: Path, shade: int, h: int = 6, w: int = 8, fmt: str = "BMP") -> None:
    from PIL import Image

    a = (np.arange(h * w * 3, dtype=np.int64).reshape(h, w, 3) * 7 + shade) % 256
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(a.astype(np.uint8)).save(str(path), format=fmt)


def _voc(root: Path) -> None:
    for i in range(3):
        _img(root / "JPEGImages" / f"{i:02d}.jpg", 40 * i, 10, 12)
        objects = "".join(
            f"<object><name>{name}</name><difficult>0</difficult><truncated>0</truncated>"
            f"<bndbox><xmin>{1 + k}</xmin><ymin>{2}</ymin><xmax>{6 + k}</xmax><ymax>8</ymax>"
            "</bndbox></object>"
            for k, name in enumerate(["car", "dog"][: 1 + i % 2])
        )
        (root / "Annotations").mkdir(parents=True, exist_ok=True)
        (root / "Annotations" / f"{i:02d}.xml").write_text(
            f"<annotation><filename>{i:02d}.jpg</filename><size><width>12</width>"
            f"<height>10</height><depth>3</depth></size>{objects}</annotation>"
        )
    (root / "ImageSets" / "Main").mkdir(parents=True, exist_ok=True)
    (root / "ImageSets" / "Main" / "train.txt").write_text("00\n01\n02\n")


def _annotated(root: Path) -> None:
    """CelebA, COCO (detection), Flickr, Manifest and CLUE (AFQMC) sources, three rows each."""
    names = ["a.jpg", "b.jpg", "c.jpg"]
    for k, name in enumerate(names):
        for folder in ("celeba", "coco", "flickr"):
            _img(root / folder / name, 30 * k + 5)
    (root / "celeba" / "list_attr_celeba.txt").write_text(
        "3\nSmiling Young\n" + "".join(f"{n} {(-1) ** k} 1\n" for k, n in enumerate(names))
    )
    (root / "celeba" / "list_eval_partition.txt").write_text(
        "".join(f"{n} {k}\n" for k, n in enumerate(names))
    )
    coco = {
        "images": [{"file_name": n, "id": k + 1, "height": 6, "width": 8} for k, n in enumerate(names)],
        "annotations": [
            {"image_id": k + 1, "id": k + 1, "bbox": [1, 1, 3 + k, 2], "category_id": 1 + k % 2,
             "iscrowd": 0, "area": 6.0, "segmentation": [[1, 1, 4, 1, 4, 3, 1, 3]]}
            for k in range(3)
        ],
        "categories": [{"id": 1, "name": "cat", "supercategory": "animal"},
                       {"id": 2, "name": "dog", "supercategory": "animal"}],
    }  # fmt: skip
    (root / "coco" / "ann.json").write_text(json.dumps(coco))
    (root / "flickr" / "token.txt").write_text(
        "".join(f"{n}#{i}\tcaption {k} {i}\n" for k, n in enumerate(names) for i in range(2))
    )
    (root / "data.manifest").write_text(
        "".join(
            json.dumps(
                {
                    "source": str(root / "celeba" / n),
                    "usage": "EVAL" if k else "TRAIN",
                    "annotation": [{"name": ["cat", "dog"][k % 2]}],
                }
            )
            + "\n"
            for k, n in enumerate(names)
        )
    )
    (root / "afqmc.json").write_text(
        "".join(
            json.dumps({"sentence1": f"s{k}", "sentence2": f"t{k}", "label": str(k % 2)}) + "\n"
            for k in range(3)
        )
    )


def write_data(root: Path) -> dict:
    """The sources' files under ``root``; returns their paths by name."""
    root = Path(root)
    for c, cls in enumerate(["cat", "dog", "owl"]):
        for i in range(2 + c):
            _img(root / "folder" / cls / f"{i}.png", 30 * c + 11 * i, fmt="PNG")
    mnist = root / "mnist"
    mnist.mkdir()
    (mnist / "train-images-idx3-ubyte").write_bytes(
        struct.pack(">IIII", 2051, 6, 28, 28)
        + (np.arange(6 * 784) % 251).astype(np.uint8).tobytes()
    )
    (mnist / "train-labels-idx1-ubyte").write_bytes(
        struct.pack(">II", 2049, 6) + bytes([3, 1, 4, 1, 5, 9])
    )
    cifar = root / "cifar"
    cifar.mkdir()
    rows = [
        bytes([i % 10]) + bytes((np.arange(3072) * (i + 1) % 256).astype(np.uint8))
        for i in range(6)
    ]
    (cifar / "data_batch_1.bin").write_bytes(b"".join(rows[:4]))
    (cifar / "test_batch.bin").write_bytes(b"".join(rows[4:]))
    (root / "a.csv").write_text("1,2.5,x,7\n3,4.5,y,8\n5,6.5,z,9\n")
    _voc(root / "voc")
    shutil.copy(TFRECORD, root / "t.tfrecord")
    _annotated(root)
    return {
        "celeba": str(root / "celeba"),
        "coco": str(root / "coco"),
        "coco_json": str(root / "coco" / "ann.json"),
        "flickr": str(root / "flickr"),
        "flickr_token": str(root / "flickr" / "token.txt"),
        "manifest": str(root / "data.manifest"),
        "clue": str(root / "afqmc.json"),
        "folder": str(root / "folder"),
        "mnist": str(mnist),
        "cifar": str(cifar),
        "csv": str(root / "a.csv"),
        "voc": str(root / "voc"),
        "tfrecord": str(root / "t.tfrecord"),
    }


def double(x):
    return x * 2


def keep(x):
    return x < 2


def first_column(x, info):
    return (x,)


def gen_rows():
    for i in range(5):
        yield (np.array([i, i + 1], np.int32),)


def pipelines(ds, vision, text, transforms, p: dict) -> dict:
    """name -> pipeline (its last node)."""
    Inter, Border = vision.Inter, vision.Border
    out = {}
    s = ds.WeightedRandomSampler([1.0, 0.1, 0.5, 0.3, 0.4, 0.05, 1.2, 0.13], 7)
    s.add_child(ds.SequentialSampler(1, 9))
    f = ds.ImageFolderDataset(p["folder"], sampler=s)
    f = f.map(
        [vision.Decode(), vision.Rescale(1 / 255, 0.0), vision.Resize((8, 6), Inter.LINEAR)],
        ["image"],
    )
    out["folder_weighted_chain"] = f
    out["folder_options"] = ds.ImageFolderDataset(
        p["folder"],
        num_samples=5,
        shuffle=False,
        extensions=[".png"],
        class_indexing={"cat": 2, "dog": 0, "owl": 1},
        decode=True,
    ).map(vision.HWC2CHW(), "image", num_parallel_workers=2)
    out["folder_distributed"] = ds.ImageFolderDataset(
        p["folder"], num_shards=2, shard_id=1, shuffle=True
    )
    out["folder_subset_random"] = ds.ImageFolderDataset(
        p["folder"], sampler=ds.SubsetRandomSampler([0, 2, 4])
    )
    out["folder_subset"] = ds.ImageFolderDataset(p["folder"], sampler=ds.SubsetSampler([5, 1, 3]))
    out["folder_pk"] = ds.ImageFolderDataset(p["folder"], sampler=ds.PKSampler(2, shuffle=False))
    out["mnist_onehot_batch"] = (
        ds.MnistDataset(p["mnist"], num_samples=4, shuffle=False)
        .map(transforms.OneHot(10), "label")
        .batch(2, drop_remainder=True)
    )
    out["mnist_random_sampler"] = ds.MnistDataset(
        p["mnist"], usage="train", sampler=ds.RandomSampler(replacement=True, num_samples=3)
    )
    out["cifar_ops"] = (
        ds.Cifar10Dataset(p["cifar"], num_samples=5, shuffle=False)
        .take(4)
        .map(transforms.TypeCast(np.int32), "label")
        .map(
            [
                vision.RandomCrop((32, 32), (4, 4, 4, 4)),
                vision.Resize((16, 16)),
                vision.Normalize([0.4914, 0.4822, 0.4465], [0.2023, 0.1994, 0.2010], True),
                vision.HWC2CHW(),
            ],
            "image",
        )
        .batch(2)
        .repeat(2)
    )
    out["celeba_options"] = ds.CelebADataset(
        p["celeba"], usage="all", shuffle=False, decode=True, extensions=[".jpg"], num_samples=2
    )
    out["celeba_train_shuffled"] = ds.CelebADataset(p["celeba"], usage="train")
    out["coco_detection"] = ds.CocoDataset(
        p["coco"], p["coco_json"], task="Detection", decode=True, shuffle=False
    ).map(vision.Resize((4, 4)), "image")
    out["coco_metadata"] = ds.CocoDataset(
        p["coco"], p["coco_json"], task="Stuff", extra_metadata=True, shuffle=False
    )
    out["flickr"] = ds.FlickrDataset(p["flickr"], p["flickr_token"], decode=True, shuffle=False)
    out["manifest"] = ds.ManifestDataset(p["manifest"], usage="eval", shuffle=False)
    out["manifest_indexing"] = ds.ManifestDataset(
        p["manifest"], usage="eval", class_indexing={"cat": 1, "dog": 0}, shuffle=False
    )
    out["clue_afqmc"] = ds.CLUEDataset(p["clue"], task="AFQMC", usage="train", shuffle=False)
    out["clue_sharded"] = ds.CLUEDataset(
        [p["clue"]], task="AFQMC", usage="eval", num_samples=2, num_shards=2, shard_id=1
    )
    out["csv_project"] = ds.CSVDataset(
        p["csv"],
        field_delim=",",
        column_defaults=[0, 0.0, "", 1],
        column_names=["a", "b", "c", "d"],
        shuffle=False,
    ).project(["d", "a"])
    out["csv_shuffled"] = ds.CSVDataset(
        [p["csv"]], column_names=["a", "b", "c", "d"], num_samples=2, shuffle=True
    )
    out["voc_detection"] = (
        ds.VOCDataset(p["voc"], task="Detection", usage="train", decode=True, shuffle=False)
        .map(vision.RandomColorAdjust(brightness=(0.5, 0.5)), ["image"])
        .skip(1)
    )
    out["voc_indexing"] = ds.VOCDataset(
        p["voc"],
        task="Detection",
        usage="train",
        class_indexing={"car": 0, "dog": 1},
        num_samples=2,
        shuffle=False,
        extra_metadata=False,
    )
    tf = ds.TFRecordDataset(p["tfrecord"], columns_list=["id", "f"], shuffle=False)
    out["tfrecord_cast"] = tf.map(transforms.TypeCast(np.float32), "id").rename(["f"], ["feat"])
    out["tfrecord_shuffle_global"] = ds.TFRecordDataset(
        [p["tfrecord"]], num_samples=2, shuffle=ds.Shuffle.GLOBAL
    ).shuffle(4)
    out["tfrecord_shards"] = ds.TFRecordDataset(
        [p["tfrecord"]], num_shards=2, shard_id=0, shard_equal_rows=True, shuffle=False
    )
    out["zip_concat"] = ds.zip(
        (
            ds.MnistDataset(p["mnist"], num_samples=3, shuffle=False),
            ds.TFRecordDataset(p["tfrecord"], shuffle=False).take(3),
        )
    ).concat(
        ds.zip(
            (
                ds.MnistDataset(p["mnist"], num_samples=2, shuffle=False),
                ds.TFRecordDataset(p["tfrecord"], shuffle=False).take(2),
            )
        )
    )
    out["generator"] = ds.GeneratorDataset(gen_rows, ["x"], shuffle=False).map(
        transforms.Fill(3), "x"
    )
    out["numpy_slices"] = ds.NumpySlicesDataset(
        {"x": np.arange(6), "y": np.arange(6) * 2}, shuffle=False
    ).batch(3)
    out["padded_batch"] = ds.ImageFolderDataset(
        p["folder"], num_samples=4, shuffle=False, decode=True
    ).padded_batch(2, drop_remainder=False, pad_info={"image": ([8, 10, 3], 2)})
    out["vision_params"] = ds.ImageFolderDataset(p["folder"], shuffle=False, decode=True).map(
        [
            vision.Pad([1, 2, 3, 4], fill_value=(1, 2, 3), padding_mode=Border.SYMMETRIC),
            vision.RandomRotation(
                (0, 90), expand=True, resample=Inter.BILINEAR, center=(5, 5), fill_value=150
            ),
            vision.RandomResizedCrop(
                7, scale=(0.5, 1.0), ratio=(0.7, 1.3), interpolation=Inter.BICUBIC
            ),
            vision.RandomAffine(
                15,
                translate=(-0.1, 0.1, 0, 0),
                scale=(0.9, 1.1),
                resample=Inter.NEAREST,
                fill_value=(0, 10, 20),
            ),
            vision.RandomSharpness(),
            vision.RandomColor((0.5, 1.5)),
            vision.RandomSolarize((0, 127)),
            vision.Rotate(45, resample=Inter.BILINEAR),
            vision.HorizontalFlip(),
            vision.VerticalFlip(),
            vision.Invert(),
            vision.AutoContrast(cutoff=1.0, ignore=[3]),
            vision.Equalize(),
            vision.Crop([1, 1], [4, 4]),
        ],
        "image",
    )
    out["uniform_augment"] = ds.ImageFolderDataset(p["folder"], shuffle=False).map(
        [
            vision.Decode(),
            vision.Resize([12, 12]),
            vision.UniformAugment(
                [vision.RandomHorizontalFlip(), vision.RandomVerticalFlip(0.3)], num_ops=1
            ),
            transforms.Compose([vision.HWC2CHW()]),
        ],
        "image",
    )
    out["random_apply_choice"] = ds.ImageFolderDataset(p["folder"], shuffle=False).map(
        [
            vision.Decode(),
            transforms.RandomApply([vision.Invert()], prob=0.4),
            transforms.RandomChoice([vision.Equalize(), vision.AutoContrast()]),
        ],
        "image",
    )
    out["python_compound"] = ds.ImageFolderDataset(p["folder"], shuffle=False).map(
        [
            transforms.Compose([vision.Decode(True), vision.CenterCrop([4, 4])]),
            transforms.RandomApply(
                [vision.RandomColorAdjust(), vision.FiveCrop(1), vision.Grayscale()]
            ),
        ],
        "image",
    )
    tf_m = ds.TFRecordDataset(p["tfrecord"], columns_list=["m", "id"], shuffle=False)
    out["user_function"] = tf_m.map(double, "m")
    out["filter"] = ds.TFRecordDataset(p["tfrecord"], shuffle=False).filter(keep, ["id"])
    out["per_batch_map"] = ds.TFRecordDataset(
        p["tfrecord"], columns_list=["id"], shuffle=False
    ).batch(2, per_batch_map=first_column, input_columns=["id"])
    out["py_and_c_mixed"] = ds.ImageFolderDataset(p["folder"], shuffle=False).map(
        [
            vision.Decode(True),
            vision.CenterCrop([4, 4]),
            vision.ToNumpy(),
            vision.Crop([0, 0], [3, 2]),
            vision.ToPIL(),
            vision.Grayscale(),
            vision.ToTensor(),
        ],
        "image",
    )
    out["totensor_normalize"] = ds.ImageFolderDataset(p["folder"], shuffle=False).map(
        [
            vision.Decode(True),
            vision.ToTensor(),
            vision.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225], is_hwc=False),
            vision.ToType(np.float16),
        ],
        "image",
    )
    out["text_ops"] = ds.CSVDataset(
        p["csv"], column_defaults=["", "", "", ""], column_names=["a", "b", "t", "d"], shuffle=False
    ).map(
        [
            text.WhitespaceTokenizer(),
            text.Truncate(4),
            text.Lookup(text.Vocab.from_list(["x", "y", "z"], special_tokens=["<unk>"]), "<unk>"),
            transforms.PadEnd([4], 0),
            transforms.Slice(slice(0, 3)),
            transforms.Duplicate(),
        ],
        "t",
        ["t", "u"],
    )
    out["transforms_misc"] = ds.TFRecordDataset(
        p["tfrecord"], columns_list=["m"], shuffle=False
    ).map(
        [
            transforms.Mask(transforms.Relational.GE, 2),
            transforms.TypeCast(np.int64),
            transforms.Concatenate(0, np.array([9]), np.array([8, 7])),
            transforms.Fill(5),
        ],
        "m",
    )
    return out


def _digest(row) -> str:
    h = hashlib.sha256()
    for c in row:
        a = np.asarray(c)
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes() if a.dtype.kind != "U" else "\0".join(a.ravel().tolist()).encode())
    return h.hexdigest()[:16]


def rows(data, limit: int = 40) -> list:
    """Digests of the rows of one pass (dtype, shape, bytes)."""
    out = []
    for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out.append(_digest(r))
        if len(out) >= limit:
            break
    return out


def portable(tree, base: str):
    """The JSON with the data folder written as ``@DIR@`` (paths differ per machine)."""
    return json.loads(json.dumps(tree).replace(base, MARK))


def located(tree, base: str):
    return json.loads(json.dumps(tree).replace(MARK, base))


def single_ops(vision, transforms, text, mstype) -> dict:
    """One operation each (on the TFRecord source's ``m`` column): its JSON, and whether 2.10's
    deserializer rebuilds it or refuses it."""
    Inter, Border = vision.Inter, vision.Border
    return {
        "AdjustBrightness": vision.AdjustBrightness(2.0),
        "AdjustContrast": vision.AdjustContrast(2.0),
        "AdjustGamma": vision.AdjustGamma(1.5, 0.5),
        "Affine": vision.Affine(10, [0.1, 0.2], 1.2, [3.0, 4.0], Inter.BILINEAR, (1, 2, 3)),
        "AutoContrast": vision.AutoContrast(2.0, [1, 2]),
        "CenterCrop": vision.CenterCrop(3),
        "ConvertColor": vision.ConvertColor(vision.ConvertMode.COLOR_RGB2GRAY),
        "Crop": vision.Crop([1, 2], 3),
        "CutMixBatch": vision.CutMixBatch(vision.ImageBatchFormat.NHWC, 1.5, 0.7),
        "CutOut": vision.CutOut(2, 3),
        "Decode": vision.Decode(),
        "Equalize": vision.Equalize(),
        "GaussianBlur": vision.GaussianBlur(3, 1.5),
        "HorizontalFlip": vision.HorizontalFlip(),
        "HWC2CHW": vision.HWC2CHW(),
        "Invert": vision.Invert(),
        "MixUpBatch": vision.MixUpBatch(0.7),
        "Normalize": vision.Normalize([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], False),
        "NormalizePad": vision.NormalizePad([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], "float16"),
        "Pad": vision.Pad(2, 7, Border.REFLECT),
        "Perspective": vision.Perspective(
            [[0, 1], [1, 1], [1, 0], [0, 0]], [[0, 1], [1, 1], [1, 0], [0, 0]]
        ),
        "RandomAffine": vision.RandomAffine((5, 10), None, None, (1.0, 2.0), Inter.BICUBIC, 3),
        "RandomColor": vision.RandomColor(),
        "RandomColorAdjust": vision.RandomColorAdjust(0.5, (0.2, 0.8), 0.4, 0.1),
        "RandomCrop": vision.RandomCrop(3, 1, True, 4, Border.EDGE),
        "RandomCropDecodeResize": vision.RandomCropDecodeResize(
            5, (0.2, 0.9), (0.5, 2.0), Inter.NEAREST, 3
        ),
        "RandomHorizontalFlip": vision.RandomHorizontalFlip(0.25),
        "RandomPosterize": vision.RandomPosterize((2, 6)),
        "RandomResize": vision.RandomResize((4, 5)),
        "RandomResizedCrop": vision.RandomResizedCrop((4, 5)),
        "RandomRotation": vision.RandomRotation(30),
        "RandomSelectSubpolicy": vision.RandomSelectSubpolicy([[(vision.Invert(), 0.5)]]),
        "RandomSharpness": vision.RandomSharpness((0.2, 0.5)),
        "RandomSolarize": vision.RandomSolarize(),
        "RandomVerticalFlip": vision.RandomVerticalFlip(),
        "Rescale": vision.Rescale(0.5, -1.0),
        "Resize": vision.Resize(6, Inter.AREA),
        "Rotate": vision.Rotate(30, Inter.BICUBIC, True, (1, 2), (3, 4, 5)),
        "SlicePatches": vision.SlicePatches(2, 3, vision.SliceMode.DROP, 1),
        "UniformAugment": vision.UniformAugment([vision.Invert(), vision.Equalize()], 1),
        "VerticalFlip": vision.VerticalFlip(),
        "ToTensor": vision.ToTensor(),
        "Concatenate": transforms.Concatenate(0, np.array([1.5]), np.array([2.5, 3.5])),
        "Duplicate": transforms.Duplicate(),
        "Fill": transforms.Fill(2.5),
        "Mask": transforms.Mask(transforms.Relational.NE, 3),
        "OneHot": transforms.OneHot(4, 0.1),
        "PadEnd": transforms.PadEnd([3], 0),
        "RandomApply": transforms.RandomApply([vision.Invert()]),
        "RandomChoice": transforms.RandomChoice([vision.Invert()]),
        "Slice": transforms.Slice(1),
        "TypeCast": transforms.TypeCast(np.uint8),
        "Unique": transforms.Unique(),
        "ToNumber": text.ToNumber(mstype.int16),
        "Truncate": text.Truncate(3),
        "WhitespaceTokenizer": text.WhitespaceTokenizer(True),
    }
