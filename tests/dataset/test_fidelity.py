"""MindSpore 2.10's dataset behaviour, checked against ``tests/fixtures/dataset/fidelity.json``
(recorded by ``scripts/record_dataset_fidelity_fixtures.py`` with real MindSpore): TFRecord
reading with and without a schema, shards, shuffle levels, batch with ``per_batch_map``, the
generator's batch sampler and random access, ``split``, rows as lists, argument errors, and eager
vision ops that keep PIL images PIL."""

from __future__ import annotations

import glob
import gzip
import json
import shutil
import threading
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.transforms as T
import deepsink.dataset.vision as V
from deepsink.dataset.engine import tfrecord

HERE = Path(__file__).resolve().parent
FIX = HERE.parent / "fixtures" / "dataset"
MS = json.loads((FIX / "fidelity.json").read_text())
FILES = sorted(glob.glob(str(FIX / "tfrecord" / "*.tfrecord")))


def rows(d, key=None):
    out = []
    for r in d.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append(r[key].tolist() if key else {k: v.tolist() for k, v in r.items()})
    return out


def ids(d):
    return [int(np.ravel(x)[0]) for x in rows(d, "id")]


# -- TFRecord ----------------------------------------------------------------------------------
def test_tfrecord_without_schema_infers_columns_like_mindspore():
    want = MS["tfrecord"]["no_schema"]
    d = ds.TFRecordDataset(FILES, shuffle=False)
    assert d.get_col_names() == want["names"]
    assert [str(t) for t in d.output_types()] == want["types"]
    assert d.output_shapes() == want["shapes"]
    assert d.get_dataset_size() == want["size"]
    assert rows(d)[0] == want["first"]
    assert ids(d) == want["ids"]


def test_tfrecord_with_schema_casts_and_reshapes():
    want = MS["tfrecord"]["schema"]
    s = ds.Schema()
    s.add_column("id", ms.int32, [])
    s.add_column("f", "float32", [2])
    s.add_column("s", "string")
    s.add_column("m", "int64", [2, 3])
    assert json.loads(s.to_json()) == want["json"]
    d = ds.TFRecordDataset(FILES, s, shuffle=False)
    assert d.get_col_names() == want["names"]
    first = next(d.create_dict_iterator(output_numpy=True, num_epochs=1))
    assert {k: str(v.dtype) for k, v in first.items()} == want["dtypes"]
    assert {k: list(v.shape) for k, v in first.items()} == want["shapes"]
    assert {k: v.tolist() for k, v in first.items()} == want["first"]


def test_tfrecord_schema_file_num_rows_limits_rows(tmp_path):
    path = tmp_path / "schema.json"
    path.write_text(
        json.dumps(
            {"datasetType": "TF", "numRows": 4, "columns": {"id": {"type": "int64", "rank": 1}}}
        )
    )
    d = ds.TFRecordDataset(FILES, str(path), shuffle=False)
    assert d.get_dataset_size() == 4
    assert ids(d) == [0, 1, 2, 3]


def test_tfrecord_columns_list_and_num_samples():
    d = ds.TFRecordDataset(FILES, columns_list=["s", "id"], shuffle=False)
    assert d.get_col_names() == MS["tfrecord"]["columns_list"]
    assert (
        ids(ds.TFRecordDataset(FILES, shuffle=False, num_samples=4))
        == MS["tfrecord"]["num_samples_4"]
    )


@pytest.mark.parametrize("key", sorted(MS["tfrecord"]["shards"]))
def test_tfrecord_shards_by_file_or_equal_rows(key):
    n, sid, eq = key.split("/")
    d = ds.TFRecordDataset(
        FILES, shuffle=False, num_shards=int(n), shard_id=int(sid), shard_equal_rows=eq == "True"
    )
    want = MS["tfrecord"]["shards"][key]
    assert d.get_dataset_size() == want["size"]
    assert sorted(ids(d)) == want["ids"]


def test_tfrecord_errors_match_mindspore():
    errors = MS["tfrecord"]["errors"]
    cases = {
        "missing_file": lambda: ds.TFRecordDataset(["/nonexistent/x.tfrecord"]),
        "bad_shuffle": lambda: ds.TFRecordDataset(FILES, shuffle=3),
        "shard_id_only": lambda: ds.TFRecordDataset(FILES, shard_id=1),
    }
    for name, fn in cases.items():
        kind, msg = errors[name]
        with pytest.raises(getattr(__builtins__, kind, None) or eval(kind)) as info:  # noqa: S307
            fn()
        assert msg in str(info.value), name
    # MindSpore raises this one when iterating; deepsink as soon as the dataset is built
    with pytest.raises(RuntimeError, match="should not less than num_shards"):
        ds.TFRecordDataset(FILES, shuffle=False, num_shards=4, shard_id=0)


def _file_of(i: int) -> int:
    return 0 if i < 3 else (1 if i < 8 else 2)


def test_tfrecord_shuffle_levels():
    """FILES permutes the file order and keeps each file's rows in order; INFILE keeps the file
    order and shuffles inside files (MindSpore's documented levels: its CPU build reads
    ``Shuffle.INFILE`` TFRecord files unshuffled); GLOBAL shuffles rows across files. Seeded runs
    repeat."""
    ds.config.set_seed(3)
    files_orders, infile_orders = set(), set()
    epochs = 6
    files_it = ds.TFRecordDataset(FILES, shuffle=ds.Shuffle.FILES).create_tuple_iterator(
        output_numpy=True, num_epochs=epochs
    )
    infile_it = ds.TFRecordDataset(FILES, shuffle=ds.Shuffle.INFILE).create_tuple_iterator(
        output_numpy=True, num_epochs=epochs
    )
    for _ in range(epochs):  # columns are sorted: f, id, img, m, s
        got = [int(r[1][0]) for r in files_it]
        runs = [_file_of(i) for i in got]
        assert [i for i in got if _file_of(i) == 1] == [3, 4, 5, 6, 7]
        assert runs == sorted(runs, key=lambda f: runs.index(f))  # each file's rows contiguous
        files_orders.add(tuple(dict.fromkeys(runs)))
        got = [int(r[1][0]) for r in infile_it]
        assert [_file_of(i) for i in got] == [0] * 3 + [1] * 5 + [2] * 2
        infile_orders.add(tuple(got))
    assert len(files_orders) > 1 and len(infile_orders) > 1
    d = ds.TFRecordDataset(FILES, shuffle=True)
    it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
    epochs = [[int(r[1][0]) for r in it] for _ in range(2)]
    assert sorted(epochs[0]) == list(range(10)) and epochs[0] != epochs[1]
    ds.config.set_seed(3)
    again = ds.TFRecordDataset(FILES, shuffle=True).create_tuple_iterator(
        output_numpy=True, num_epochs=1
    )
    assert [int(r[1][0]) for r in again] == epochs[0]


def test_tfrecord_crc_checked(tmp_path):
    bad = tmp_path / "bad.tfrecord"
    data = bytearray(Path(FILES[0]).read_bytes())
    data[20] ^= 0xFF  # inside the first record's data
    bad.write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match="record data with a wrong CRC"):
        rows(ds.TFRecordDataset([str(bad)], shuffle=False))  # the first record gives the columns
    data = bytearray(Path(FILES[0]).read_bytes())
    data[9] ^= 0xFF  # the length's CRC
    bad.write_bytes(bytes(data))
    with pytest.raises(RuntimeError, match="length with a wrong CRC"):
        ds.TFRecordDataset([str(bad)], shuffle=False)


def test_tfrecord_gzip_and_written_files(tmp_path):
    path = tmp_path / "w.tfrecord"
    tfrecord.write_records(
        str(path), [tfrecord.serialize_example({"x": np.arange(3) + i}) for i in range(4)]
    )
    gz = tmp_path / "w.tfrecord.gz"
    with open(path, "rb") as f, gzip.open(gz, "wb") as g:
        shutil.copyfileobj(f, g)
    plain = rows(ds.TFRecordDataset(str(path), shuffle=False), "x")
    packed = rows(ds.TFRecordDataset(str(gz), shuffle=False, compression_type="GZIP"), "x")
    assert plain == packed == [[i, i + 1, i + 2] for i in range(4)]


# -- pipeline ----------------------------------------------------------------------------------
DATA = {"a": np.arange(5), "b": np.arange(5.0) * 10, "c": np.arange(5) + 100}


def slices():
    return ds.NumpySlicesDataset(DATA, shuffle=False)


def test_columns_keep_64bit_numpy_dtypes():
    assert [str(t) for t in slices().output_types()] == MS["pipeline"]["types_64bit"]
    row = next(slices().create_tuple_iterator(output_numpy=True, num_epochs=1))
    assert [r.dtype for r in row] == [np.int64, np.float64, np.int64]


def test_rows_are_lists_of_tensors_or_numpy():
    want = MS["pipeline"]
    row = next(slices().create_tuple_iterator(num_epochs=1))
    assert type(row).__name__ == want["tuple_row"]["type"]
    assert type(row[0]).__name__ == want["tuple_row"]["item"]
    assert (
        type(next(slices().create_tuple_iterator(output_numpy=True))).__name__
        == (want["tuple_row_numpy"])
    )
    assert (
        type(next(slices().create_dict_iterator(num_epochs=1))["a"]).__name__
        == (want["dict_row_item"])
    )


def test_batch_per_batch_map_and_output_columns():
    def f(b, info):
        return [x * 2 for x in b], [x + 1 for x in b]

    e = slices().batch(2, per_batch_map=f, input_columns=["b"], output_columns=["x", "y"])
    want = MS["pipeline"]["per_batch_map"]
    assert sorted(e.get_col_names()) == want["names"]
    assert rows(e) == want["rows"]

    def g(a, b, c, info):
        return a, [x * 0 + info.get_batch_num() for x in b], c

    e = slices().batch(2, drop_remainder=True, per_batch_map=g)
    assert e.get_col_names() == MS["pipeline"]["per_batch_map_same"]["names"]
    assert rows(e) == MS["pipeline"]["per_batch_map_same"]["rows"]


def test_callable_batch_size():
    e = slices().batch(lambda info: info.get_batch_num() + 1)
    assert rows(e, "a") == MS["pipeline"]["callable_batch_size"]


class _Source:
    def __getitem__(self, i):
        return np.array([i], np.int32)

    def __len__(self):
        return 10


class _Batches:
    def __iter__(self):
        return iter([[0, 1], [2, 3, 4], [9]])


def test_generator_batch_sampler_and_collate_fn():
    want = MS["pipeline"]["batch_sampler"]
    gd = ds.GeneratorDataset(_Source(), ["data"], batch_sampler=_Batches())
    assert gd.get_dataset_size() == want["size"]
    assert gd.get_batch_size() == want["batch_size"]
    assert rows(gd, "data") == want["rows"]
    gd = ds.GeneratorDataset(
        _Source(), ["data"], batch_sampler=_Batches(), collate_fn=lambda c: np.stack(c).sum(0)
    )
    assert rows(gd, "data") == MS["pipeline"]["collate_fn"]


def test_generator_random_access_split_and_list_sampler():
    gd = ds.GeneratorDataset([(np.int64(i),) for i in range(10)], ["a"], shuffle=False)
    assert [int(np.ravel(gd[i])[0]) for i in (0, 3, 9)] == MS["pipeline"]["getitem"]
    with pytest.raises(RuntimeError, match="exceeded the number of data samples"):
        gd[10]

    def gen():
        return ds.GeneratorDataset([(np.int64(i),) for i in range(10)], ["a"], shuffle=False)

    sizes = [p.get_dataset_size() for p in gen().split([0.33, 0.33, 0.34], randomize=False)]
    assert sizes == MS["pipeline"]["split_sizes"]
    assert [rows(p, "a") for p in gen().split([3, 7], randomize=False)] == MS["pipeline"][
        "split_rows"
    ]
    parts = gen().split([4, 6])  # randomized: disjoint, the same rows every epoch
    seen = [sorted(rows(p, "a")) for p in parts]
    assert sorted(seen[0] + seen[1]) == list(range(10))
    assert sorted(rows(parts[0], "a")) == seen[0]
    gd = ds.GeneratorDataset([(i,) for i in range(10)], ["a"], sampler=[7, 1, 3, 5], num_samples=3)
    assert rows(gd, "a") == MS["pipeline"]["list_sampler"]


def test_generator_random_access_follows_the_shuffled_order():
    ds.config.set_seed(7)
    gd = ds.GeneratorDataset(
        [np.array([i]) for i in range(12)], ["a"], shuffle=True, num_shards=3, shard_id=1
    )
    got = [int(r[0][0]) for r in gd.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    assert got == [int(np.ravel(gd[i])[0]) for i in range(len(got))]


def _raises(kind, msg, fn):
    with pytest.raises(eval(kind)) as info:  # noqa: S307 - builtin exception names
        fn()
    assert msg in str(info.value)


def test_pipeline_errors_match_mindspore():
    errors = MS["pipeline"]["errors"]
    cases = {
        "skip_neg": lambda: slices().skip(-2),
        "take_neg": lambda: slices().take(-2),
        "shuffle_1": lambda: slices().shuffle(1),
        "batch_0": lambda: slices().batch(0),
        "batch_str": lambda: slices().batch("a"),
        "batch_input_columns": lambda: slices().batch(2, input_columns=["a"]),
        "num_shards_0": lambda: ds.NumpySlicesDataset([1, 2], num_shards=0, shard_id=0),
        "num_shards_alone": lambda: ds.NumpySlicesDataset([1, 2], num_shards=2),
        "shard_id_big": lambda: ds.NumpySlicesDataset([1, 2], num_shards=2, shard_id=2),
        "sampler_and_shuffle": lambda: ds.NumpySlicesDataset(
            [1, 2], sampler=ds.SequentialSampler(), shuffle=True
        ),
        "empty_column_names": lambda: ds.NumpySlicesDataset([1, 2], column_names=[]),
        "empty_data": lambda: ds.NumpySlicesDataset([]),
        "collate_without_sampler": lambda: ds.GeneratorDataset(
            _Source(), ["data"], collate_fn=lambda b: b
        ),
        "batch_sampler_and_shuffle": lambda: ds.GeneratorDataset(
            _Source(), ["data"], batch_sampler=_Batches(), shuffle=True
        ),
    }
    for name, fn in cases.items():
        kind, msg = errors[name]
        _raises(kind, msg, fn)
    kind, msg = errors["typecast_junk"]  # MindSpore names its own Type class in the list
    _raises(kind, msg.split(" is not of type")[0], lambda: T.TypeCast("junk"))


def test_debug_mode_runs_in_the_calling_thread():
    ds.config.set_debug_mode(True)
    try:
        it = slices().create_tuple_iterator(output_numpy=True, num_epochs=1)
        first = next(it)
        assert not any(t.name == "deepsink-dataset" for t in threading.enumerate())
        assert [int(first[0])] + [int(r[0]) for r in it] == list(range(5))
    finally:
        ds.config.set_debug_mode(False)


# -- vision ------------------------------------------------------------------------------------
_IMG = (np.arange(4 * 5 * 3) * 7 % 256).astype(np.uint8).reshape(4, 5, 3)
_OPS = {
    "Pad": lambda: V.Pad((1, 2)),
    "Invert": V.Invert,
    "RandomColor": lambda: V.RandomColor((0.5, 0.5)),
    "RandomSharpness": lambda: V.RandomSharpness((0.3, 0.3)),
    "Resize": lambda: V.Resize((3, 2)),
    "HWC2CHW": V.HWC2CHW,
    "ToTensor": V.ToTensor,
    "Grayscale": lambda: V.Grayscale(1),
    "RandomHorizontalFlip": lambda: V.RandomHorizontalFlip(1.0),
    "CenterCrop": lambda: V.CenterCrop(2),
}


@pytest.mark.parametrize("kind", ["numpy", "pil"])
@pytest.mark.parametrize("name", sorted(_OPS))
def test_eager_vision_keeps_pil_as_pil_and_numpy_as_numpy(name, kind):
    want = MS["vision"][f"{name}/{kind}"]
    x = _IMG if kind == "numpy" else Image.fromarray(_IMG)
    op = _OPS[name]()
    if "error" in want:
        _raises(want["error"][0], want["error"][1], lambda: op(x))
        return
    out = op(x)
    assert ("PIL" if isinstance(out, Image.Image) else "numpy") == want["type"]
    arr = np.asarray(out)
    assert str(arr.dtype) == want["dtype"] and list(arr.shape) == want["shape"]
    np.testing.assert_allclose(arr, np.asarray(want["values"]), rtol=1e-6, atol=1e-6)


def test_vision_errors_match_mindspore():
    errors = MS["vision"]["errors"]
    cases = {
        "list_input": lambda: V.Invert()([1, 2]),
        "normalize_lengths": lambda: V.Normalize([1.0], [1.0, 2.0]),
        "normalize_range": lambda: V.Normalize([256.0], [1.0]),
        "resize_negative": lambda: V.Resize((-3, 2)),
        "decode_str": lambda: V.Decode()("x.jpg"),
        "pad_bad_len": lambda: V.Pad((1, 2, 3)),
    }
    for name, fn in cases.items():
        _raises(*errors[name], fn)
    # MindSpore's first line here is its generic pipeline banner; the type is what users catch
    for name, fn in {
        "two_inputs": lambda: V.HWC2CHW()(_IMG, _IMG),
        "normalize_channels": lambda: V.Normalize([1.0, 2.0], [1.0, 1.0])(_IMG),
        "cutout_2d": lambda: V.CutOut(2)(np.zeros((6, 5))),
    }.items():
        _raises(errors[name][0], "", fn)


def test_pil_images_flow_between_the_ops_of_one_map():
    imgs = [(_IMG + i).astype(np.uint8) for i in range(3)]
    d = ds.NumpySlicesDataset({"image": np.stack(imgs)}, shuffle=False)
    d = d.map([V.ToPIL(), V.Resize((2, 3)), V.Invert(), V.ToTensor()], input_columns="image")
    out = rows(d, "image")
    for img, got in zip(imgs, out):
        want = 255 - np.asarray(Image.fromarray(img).resize((3, 2), Image.BILINEAR))
        np.testing.assert_allclose(got, want.transpose(2, 0, 1) / 255.0, atol=1e-6)
    d = ds.NumpySlicesDataset({"image": np.stack(imgs)}, shuffle=False)
    d = d.map([V.ToPIL()], input_columns="image")  # a PIL output leaves the map as numpy
    assert np.asarray(rows(d, "image")).shape == (3, 4, 5, 3)


def test_set_init_step_resumes_a_run_where_it_stopped():
    """Failover: a new iterator started at step k gives the rows the first run gave from k on,
    shuffles included (the dropped steps are run, so random state advances the same way)."""
    ds.config.set_seed(5)
    d = slices().shuffle(4)
    first = d.create_tuple_iterator(output_numpy=True, num_epochs=3)
    full = [int(r[0]) for _ in range(3) for r in first]
    d.set_init_step(7)
    assert d.get_init_step() == 7 and d.map(lambda x: x, input_columns="a").get_init_step() == 7
    again = d.create_tuple_iterator(output_numpy=True, num_epochs=3)
    resumed = [int(r[0]) for _ in range(2) for r in again]  # 7 = one epoch (5) and 2 rows
    assert resumed == full[7:]


def test_transforms_package_exposes_vision_as_mindspore():
    assert ds.transforms.vision.Inter.LINEAR is V.Inter.LINEAR


def test_rows_print_as_mindspore_prints_them():
    """Tensor-mode rows print like MindSpore 2.10's (Int64 Tensors, string columns as numpy
    arrays); scalar columns come as 0-d arrays, not numpy scalars."""
    d = ds.NumpySlicesDataset({"a": np.arange(3), "s": np.array(["x", "yy", "z"])}, shuffle=False)
    want = MS["pipeline"]["row_print"]
    assert str(next(d.create_tuple_iterator(num_epochs=1))) == want[0]
    assert str(next(d.create_dict_iterator(num_epochs=1))) == want[1]
    assert str(next(d.batch(2).create_tuple_iterator(num_epochs=1))) == want[2]
    row = next(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    assert all(type(v) is np.ndarray and v.ndim == 0 for v in row)
