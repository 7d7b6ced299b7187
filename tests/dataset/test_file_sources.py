"""Cifar100, Fashion/KMNIST, TextFile and CSV sources, PKSampler, padded_batch, dict rows and
reset. Expected values are what MindSpore 2.10 returns for the same files and calls (run once
against it); PKSampler is checked by its sampling rule.
"""

from __future__ import annotations

import numpy as np
import pytest
from dataset_support import MNIST_TEST

import deepsink.dataset as ds


def _cifar100(tmp_path, counts=(10, 5)):
    rng = np.random.default_rng(0)
    for name, n in zip(("train.bin", "test.bin"), counts):
        recs = [
            bytes([i % 3, 10 + i]) + rng.integers(0, 256, 3072, dtype=np.uint8).tobytes()
            for i in range(n)
        ]
        (tmp_path / name).write_bytes(b"".join(recs))
    return tmp_path


def test_cifar100_records(tmp_path):
    root = _cifar100(tmp_path)
    d = ds.Cifar100Dataset(str(root), usage="train", shuffle=False)
    assert d.get_col_names() == ["image", "coarse_label", "fine_label"]
    rows = list(d.create_dict_iterator(output_numpy=True))
    raw = np.fromfile(root / "train.bin", np.uint8).reshape(10, 3074)
    assert len(rows) == 10 and rows[0]["image"].shape == (32, 32, 3)
    assert np.array_equal(rows[3]["image"], raw[3, 2:].reshape(3, 32, 32).transpose(1, 2, 0))
    assert [int(r["coarse_label"]) for r in rows] == [i % 3 for i in range(10)]
    assert [int(r["fine_label"]) for r in rows] == list(range(10, 20))
    assert rows[0]["fine_label"].dtype == np.uint32
    assert ds.Cifar100Dataset(str(root), usage="all").get_dataset_size() == 15
    (tmp_path / "test.bin").write_bytes(b"\0" * 100)
    with pytest.raises(RuntimeError, match="whole number"):
        ds.Cifar100Dataset(str(root), usage="test")


def test_fashion_and_kmnist_read_idx_files():
    for cls in (ds.FashionMnistDataset, ds.KMnistDataset):
        d = cls(str(MNIST_TEST), usage="test", shuffle=False, num_samples=3)
        m = ds.MnistDataset(str(MNIST_TEST), usage="test", shuffle=False, num_samples=3)
        a = list(d.create_tuple_iterator(output_numpy=True))
        b = list(m.create_tuple_iterator(output_numpy=True))
        assert all(np.array_equal(x, y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def test_text_file_skips_empty_lines(tmp_path):
    (tmp_path / "a.txt").write_text("hello world\nsecond line\n\nlast")
    d = ds.TextFileDataset(str(tmp_path / "a.txt"), shuffle=False)
    assert d.get_col_names() == ["text"]
    rows = [r["text"] for r in d.create_dict_iterator(output_numpy=True)]
    assert [str(r) for r in rows] == ["hello world", "second line", "last"]
    assert rows[0].dtype == np.dtype("<U11") and rows[0].shape == ()
    for mode in (ds.Shuffle.FILES, ds.Shuffle.INFILE, ds.Shuffle.PARTIAL):  # one file: its order
        d = ds.TextFileDataset(str(tmp_path / "a.txt"), shuffle=mode)
        assert [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True)] == [
            "hello world",
            "second line",
            "last",
        ]


def test_csv(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("id,score,name\n1,2.5,ab\n2,,cd\n3,4,\n")
    d = ds.CSVDataset(str(path), shuffle=False)
    assert d.get_col_names() == ["id", "score", "name"]
    rows = [[v.tolist() for v in r.values()] for r in d.create_dict_iterator(output_numpy=True)]
    assert rows == [["1", "2.5", "ab"], ["2", "", "cd"], ["3", "4", ""]]
    d = ds.CSVDataset(str(path), column_names=["a", "b", "c"], shuffle=False)
    assert len(list(d.create_dict_iterator(output_numpy=True))) == 4  # the header is a row
    d = ds.CSVDataset(str(path), column_defaults=[0, 1.5, "z"], shuffle=False)
    rows = [list(r.values()) for r in d.create_dict_iterator(output_numpy=True)]
    assert [r[0].dtype for r in rows] == [np.int32] * 3 and rows[0][1].dtype == np.float32
    assert [float(r[1]) for r in rows] == [2.5, 1.5, 4.0] and str(rows[2][2]) == "z"
    bad = tmp_path / "bad.csv"
    bad.write_text("a\nx\n")
    d = ds.CSVDataset(str(bad), column_defaults=[0])  # read when the pipeline runs (MindSpore)
    assert d.get_dataset_size() == 1
    with pytest.raises(RuntimeError, match="parse failed at line 2, type does not match"):
        list(d.create_dict_iterator(output_numpy=True))


def test_pk_sampler_draws_k_per_class(tmp_path):
    labels = [0, 1, 2, 0, 1, 2, 0, 0, 1, 1, 2, 2, 0, 1, 2, 0, 1, 2, 0, 0]
    for i, lab in enumerate(labels):  # an image folder per class; a file's one byte is its index
        (tmp_path / f"c{lab}").mkdir(exist_ok=True)
        (tmp_path / f"c{lab}" / f"{i:02d}.jpg").write_bytes(bytes([i]))
    d = ds.ImageFolderDataset(str(tmp_path), sampler=ds.PKSampler(3))
    rows = [
        (int(r["image"][0]), int(r["label"])) for r in d.create_dict_iterator(output_numpy=True)
    ]
    assert d.get_dataset_size() == 9 and len(rows) == 9
    assert [lab for _, lab in rows] == [0, 0, 0, 1, 1, 1, 2, 2, 2]  # sorted classes, K each
    assert all(labels[i] == lab for i, lab in rows)
    shuffled = ds.ImageFolderDataset(
        str(tmp_path), sampler=ds.PKSampler(2, shuffle=True, num_samples=4)
    )
    assert len(list(shuffled.create_tuple_iterator())) == 4
    # MindSpore's GeneratorDataset (NumpySlicesDataset is one) has no class ids for a PKSampler
    with pytest.raises(ValueError, match="GeneratorDataset doesn't support PKSampler"):
        ds.NumpySlicesDataset({"x": np.arange(3), "label": np.arange(3)}, sampler=ds.PKSampler(1))
    d = ds.NumpySlicesDataset({"x": np.arange(3)})
    with pytest.raises(RuntimeError, match="GeneratorDataset doesn't support PKSampler"):
        d.add_sampler(ds.PKSampler(1))


def _ragged():
    for i in range(5):
        yield np.arange(i + 1, dtype=np.int32), np.ones((2, i % 2 + 1), np.float32)


def test_padded_batch_as_mindspore():
    d = ds.GeneratorDataset(_ragged, ["a", "b"], shuffle=False)
    got = [
        [x.tolist() for x in r]
        for r in d.padded_batch(
            2, pad_info={"a": (None, 7), "b": ([3, None], 0.5)}
        ).create_tuple_iterator(output_numpy=True)
    ]
    assert got == [
        [
            [[0, 7], [0, 1]],
            [[[1.0, 0.5], [1.0, 0.5], [0.5, 0.5]], [[1.0, 1.0], [1.0, 1.0], [0.5, 0.5]]],
        ],
        [
            [[0, 1, 2, 7], [0, 1, 2, 3]],
            [[[1.0, 0.5], [1.0, 0.5], [0.5, 0.5]], [[1.0, 1.0], [1.0, 1.0], [0.5, 0.5]]],
        ],
        [[[0, 1, 2, 3, 4]], [[[1.0], [1.0], [0.5]]]],
    ]
    d = ds.GeneratorDataset(_ragged, ["a", "b"], shuffle=False)
    first = next(
        d.padded_batch(2, pad_info={"a": None, "b": None}).create_tuple_iterator(output_numpy=True)
    )
    assert first[0].tolist() == [[0, 0], [0, 1]] and first[0].dtype == np.int32
    with pytest.raises(ValueError, match="not a column"):
        ds.GeneratorDataset(_ragged, ["a", "b"]).padded_batch(2, pad_info={"c": None})


def test_dict_rows_and_reset():
    g = ds.GeneratorDataset(
        lambda: ({"x": np.arange(i + 1), "y": i} for i in range(3)), ["d"], shuffle=False
    )
    rows = [r[0] for r in g.create_tuple_iterator(output_numpy=True)]
    assert [sorted(r) for r in rows] == [["x", "y"]] * 3
    assert rows[2]["x"].tolist() == [0, 1, 2] and rows[2]["y"].dtype == np.int64
    tensors = next(g.create_tuple_iterator())[0]
    assert tensors["x"].asnumpy().tolist() == [0]
    take = g.take(2)
    counts = []
    for _ in range(2):
        counts.append(sum(1 for _ in take.create_tuple_iterator(num_epochs=1)))
        take.reset()
    assert counts == [2, 2]


def _ab():
    a = ds.NumpySlicesDataset({"x": [1, 2, 3, 4]}, shuffle=False)
    return a.concat(ds.NumpySlicesDataset({"x": [5, 6]}, shuffle=False))


@pytest.mark.parametrize(
    ("shards", "shard", "rows"),
    [(2, 0, [1, 3, 5]), (2, 1, [2, 4, 6]), (3, 0, [1, 4]), (3, 1, [2, 5])],
)
def test_concat_use_sampler_shards_like_mindspore(shards, shard, rows):
    c = _ab()
    c.use_sampler(ds.DistributedSampler(shards, shard, shuffle=False))
    assert [int(r[0]) for r in c.create_tuple_iterator(output_numpy=True)] == rows
    assert c.get_dataset_size() == len(rows)


def test_concat_use_sampler_random_interleaves_children_and_checks():
    c = _ab()
    c.use_sampler(ds.RandomSampler())
    it = c.create_tuple_iterator(num_epochs=8, output_numpy=True)
    epochs = {tuple(int(r[0]) for r in it) for _ in range(8)}
    # MindSpore 2.10 interleaves the children's rows (6 distinct orders in 8 epochs there), each
    # child's rows keeping their own order
    assert len(epochs) > 2
    for e in epochs:
        assert [v for v in e if v <= 4] == [1, 2, 3, 4] and [v for v in e if v > 4] == [5, 6]
    with pytest.raises(TypeError, match="DistributedSampler or RandomSampler"):
        _ab().use_sampler(ds.SequentialSampler())
    with pytest.raises(ValueError, match="shuffle"):
        _ab().use_sampler(ds.DistributedSampler(2, 0, shuffle=True))


def test_concat_of_different_columns_fails_when_read():
    c = ds.NumpySlicesDataset({"x": [1]}) + ds.NumpySlicesDataset({"y": [2]})
    with pytest.raises(RuntimeError, match="'column name' or 'column order' of concat"):
        list(c.create_tuple_iterator())


def _voc(root):
    import cv2

    rng = np.random.default_rng(0)
    for sub in (
        "ImageSets/Main",
        "ImageSets/Segmentation",
        "JPEGImages",
        "Annotations",
        "SegmentationClass",
    ):
        (root / sub).mkdir(parents=True)
    objs = {
        "000001": [("dog", 0, 0, (10, 20, 50, 60)), ("cat", 1, 0, (5, 5, 30, 40))],
        "000002": [("person", 0, 1, (1, 2, 3, 4))],
        "000003": [("cat", 0, 0, (7.5, 8, 20, 30)), ("dog", 1, 1, (1, 1, 10, 10))],
    }
    for i, items in objs.items():
        cv2.imwrite(
            str(root / "JPEGImages" / f"{i}.jpg"), rng.integers(0, 255, (64, 80, 3), dtype=np.uint8)
        )
        cv2.imwrite(
            str(root / "SegmentationClass" / f"{i}.png"),
            rng.integers(0, 5, (64, 80, 3), dtype=np.uint8),
        )
        xml = f"<annotation><filename>{i}.jpg</filename>"
        for name, diff, trunc, (x0, y0, x1, y1) in items:
            xml += (
                f"<object><name>{name}</name><truncated>{trunc}</truncated><difficult>{diff}</difficult>"
                f"<bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin><xmax>{x1}</xmax><ymax>{y1}</ymax></bndbox></object>"
            )
        (root / "Annotations" / f"{i}.xml").write_text(xml + "</annotation>")
    (root / "ImageSets/Main/train.txt").write_text("000001\n000002\n000003\n")
    (root / "ImageSets/Segmentation/train.txt").write_text("000001\n000002\n")
    return root


def test_voc_detection_and_segmentation(tmp_path):
    root = _voc(tmp_path)
    d = ds.VOCDataset(str(root), task="Detection", usage="train", shuffle=False)
    assert d.get_col_names() == ["image", "bbox", "label", "difficult", "truncate"]
    assert d.get_class_indexing() == {"cat": 0, "dog": 1, "person": 2}
    rows = list(d.create_dict_iterator(output_numpy=True))
    # MindSpore 2.10's values for these files
    assert rows[0]["bbox"].tolist() == [[10.0, 20.0, 40.0, 40.0], [5.0, 5.0, 25.0, 35.0]]
    assert rows[0]["label"].tolist() == [[1], [0]] and rows[0]["difficult"].tolist() == [[0], [1]]
    assert rows[1]["bbox"].tolist() == [[1.0, 2.0, 2.0, 2.0]] and rows[1]["truncate"].tolist() == [
        [1]
    ]
    assert rows[2]["bbox"].tolist() == [[7.5, 8.0, 12.5, 22.0], [1.0, 1.0, 9.0, 9.0]]
    assert rows[0]["bbox"].dtype == np.float32 and rows[0]["label"].dtype == np.uint32
    assert rows[0]["image"].dtype == np.uint8 and rows[0]["image"].ndim == 1
    d = ds.VOCDataset(
        str(root),
        task="Detection",
        usage="train",
        shuffle=False,
        decode=True,
        class_indexing={"cat": 0, "dog": 1, "person": 2},
    )
    assert next(d.create_dict_iterator(output_numpy=True))["image"].shape == (64, 80, 3)
    seg = ds.VOCDataset(str(root), task="Segmentation", usage="train", shuffle=False, decode=True)
    assert seg.get_col_names() == ["image", "target"]
    assert [r["target"].shape for r in seg.create_dict_iterator(output_numpy=True)] == [
        (64, 80, 3)
    ] * 2
    (root / "Annotations" / "000002.xml").write_text(
        "<annotation><object><name>x</name><bndbox><xmin>0</xmin><ymin>0</ymin><xmax>5</xmax><ymax>5</ymax></bndbox></object></annotation>"
    )
    with pytest.raises(RuntimeError, match="greater than 0"):
        ds.VOCDataset(str(root), task="Detection", usage="train")


def test_celeba(tmp_path):
    import cv2

    rng = np.random.default_rng(1)
    names = [f"{i:06d}.jpg" for i in range(1, 5)]
    for n in names:
        cv2.imwrite(str(tmp_path / n), rng.integers(0, 255, (20, 16, 3), dtype=np.uint8))
    signs = [[-1, -1, -1], [1, -1, 1], [1, -1, -1], [1, -1, 1]]
    lines = ["4", "5_o_Clock_Shadow Arched_Eyebrows Bald"] + [
        f"{n}  " + " ".join(map(str, s)) for n, s in zip(names, signs)
    ]
    (tmp_path / "list_attr_celeba.txt").write_text("\n".join(lines) + "\n")
    (tmp_path / "list_eval_partition.txt").write_text(
        "".join(f"{n} {p}\n" for n, p in zip(names, [0, 1, 2, 0]))
    )
    want = {
        "all": [[0, 0, 0], [1, 0, 1], [1, 0, 0], [1, 0, 1]],
        "train": [[0, 0, 0], [1, 0, 1]],
        "valid": [[1, 0, 1]],
        "test": [[1, 0, 0]],
    }
    for usage, attrs in want.items():  # MindSpore 2.10's rows for these files
        d = ds.CelebADataset(str(tmp_path), usage=usage, shuffle=False)
        rows = list(d.create_dict_iterator(output_numpy=True))
        assert d.get_col_names() == ["image", "attr"]
        assert [r["attr"].tolist() for r in rows] == attrs and rows[0]["attr"].dtype == np.uint32
    d = ds.CelebADataset(str(tmp_path), decode=True, shuffle=False)
    assert next(d.create_dict_iterator(output_numpy=True))["image"].shape == (20, 16, 3)


def _lengths():
    for n in [1, 5, 2, 7, 3, 3, 8, 1, 6]:
        yield (np.arange(n, dtype=np.int32),)


def test_bucket_batch_by_length_as_mindspore():
    d = ds.GeneratorDataset(_lengths, ["a"], shuffle=False)
    got = [
        r[0].tolist()
        for r in d.bucket_batch_by_length(
            ["a"], [3, 6], [2, 2, 2], pad_info={"a": (None, 0)}
        ).create_tuple_iterator(output_numpy=True)
    ]
    assert got == [
        [[0, 0], [0, 1]],
        [[0, 1, 2, 3, 4], [0, 1, 2, 0, 0]],
        [[0, 1, 2, 3, 4, 5, 6, 0], [0, 1, 2, 3, 4, 5, 6, 7]],
        [[0]],
        [[0, 1, 2]],
        [[0, 1, 2, 3, 4, 5]],
    ]
    d = ds.GeneratorDataset(_lengths, ["a"], shuffle=False)
    got = [
        r[0].tolist()
        for r in d.bucket_batch_by_length(
            ["a"],
            [3, 6],
            [2, 2, 2],
            pad_info={"a": (None, -1)},
            pad_to_bucket_boundary=True,
            drop_remainder=True,
        ).create_tuple_iterator(output_numpy=True)
    ]
    assert got == [
        [[0, -1], [0, 1]],
        [[0, 1, 2, 3, 4], [0, 1, 2, -1, -1]],
        [[0, 1, 2, 3, 4, 5, 6, -1], [0, 1, 2, 3, 4, 5, 6, 7]],
    ]
    with pytest.raises(ValueError, match="one element more"):
        ds.GeneratorDataset(_lengths, ["a"]).bucket_batch_by_length(["a"], [3], [2])


def test_padded_and_fake_image_datasets():
    p = ds.PaddedDataset(
        [
            {"image": np.zeros(3, np.uint8), "label": np.array(1)},
            {"image": np.ones(3, np.uint8), "label": np.array(2)},
        ]
    )
    assert p.get_col_names() == ["image", "label"]  # MindSpore 2.10: the first dict's order
    rows = [
        {k: v.tolist() for k, v in r.items()} for r in p.create_dict_iterator(output_numpy=True)
    ]
    assert rows == [{"image": [0, 0, 0], "label": 1}, {"image": [1, 1, 1], "label": 2}]
    with pytest.raises(ValueError, match="greater than 0"):
        ds.PaddedDataset([])
    f = ds.FakeImageDataset(num_images=200, image_size=(4, 5, 3), num_classes=10, shuffle=False)
    rows = list(f.create_dict_iterator(output_numpy=True))
    assert rows[0]["image"].shape == (4, 5, 3) and rows[0]["image"].dtype == np.uint8
    labels = np.array([int(r["label"]) for r in rows])
    assert rows[0]["label"].dtype == np.uint32 and labels.min() >= 0 and labels.max() <= 9
    assert len(set(labels.tolist())) == 10  # uniform over the classes
    again = list(
        ds.FakeImageDataset(
            num_images=200, image_size=(4, 5, 3), shuffle=False
        ).create_dict_iterator(output_numpy=True)
    )
    assert all(np.array_equal(a["image"], b["image"]) for a, b in zip(rows, again))


def test_samplers_given_as_lists_iterables_and_subclasses():
    data = np.arange(10) * 10
    picked = ds.NumpySlicesDataset({"x": data}, sampler=[1, 3, 5])
    assert [int(r[0]) for r in picked.create_tuple_iterator(output_numpy=True)] == [10, 30, 50]

    class Evens(ds.Sampler):
        def __iter__(self):
            return iter(range(0, self.dataset_size, 2))

    evens = ds.NumpySlicesDataset({"x": data}, sampler=Evens())
    assert [int(r[0]) for r in evens.create_tuple_iterator(output_numpy=True)] == [
        0,
        20,
        40,
        60,
        80,
    ]

    class FirstThree:  # any iterable with a length: its first len() indices
        def __iter__(self):
            yield from range(10)

        def __len__(self):
            return 3

    three = ds.NumpySlicesDataset({"x": data}, sampler=FirstThree())
    assert three.get_dataset_size() == 3
    with pytest.raises(TypeError, match="either iterable or from mindspore.dataset.samplers"):
        ds.NumpySlicesDataset({"x": data}, sampler=1)


def _dicts(n):
    for i in range(n):
        yield ({"i": i, "pair": (np.array(i), np.array(-i)), "inner": {"s": str(i)}},)


def test_dict_rows_batch_key_by_key_and_zip():
    d = ds.GeneratorDataset(lambda: _dicts(4), ["d"], shuffle=False).batch(2)
    first = next(d.create_tuple_iterator(output_numpy=True))[0]
    assert first["i"].tolist() == [0, 1] and first["pair"].tolist() == [[0, 0], [1, -1]]
    assert first["inner"]["s"].tolist() == ["0", "1"]
    row = next(ds.GeneratorDataset(lambda: _dicts(1), ["d"]).create_tuple_iterator())[0]
    assert isinstance(row["pair"], tuple) and row["pair"][1].asnumpy() == 0
    zipped = ds.zip(
        (
            ds.GeneratorDataset(lambda: _dicts(3), ["a"]),
            ds.GeneratorDataset(lambda: _dicts(3), ["b"]),
        )
    )
    assert (
        len(list(zipped.batch(2, drop_remainder=True).create_tuple_iterator(output_numpy=True)))
        == 1
    )


def test_bucket_batch_empty_pad_info_pads_every_column_and_missing_column_fails_when_read():
    def two():
        for n in (1, 2, 3):
            yield np.array([n]), np.arange(n)

    d = ds.GeneratorDataset(two, ["same", "var"], shuffle=False)
    got = [
        r[1].tolist()
        for r in d.bucket_batch_by_length(
            ["same"], [10], [3, 3], pad_info={}
        ).create_tuple_iterator(output_numpy=True)
    ]
    assert got == [[[0, 0, 0], [0, 1, 0], [0, 1, 2]]]
    bad = ds.GeneratorDataset(two, ["same", "var"]).bucket_batch_by_length(["nope"], [10], [3, 3])
    with pytest.raises(RuntimeError, match="Couldn't find the specified column"):
        list(bad.create_tuple_iterator())
    with pytest.raises(ValueError, match="cannot be empty"):
        ds.GeneratorDataset(two, ["same", "var"]).bucket_batch_by_length(["same"], [], [3])
