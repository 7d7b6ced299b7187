"""Record MindSpore 2.10's answers for dataset pipeline behaviour (``Dataset.apply``, ``concat``
column and sampler rules, ``OneHot`` with label smoothing and multi-dimensional labels,
``batch`` with callable sizes and ``per_batch_map``, batching ragged ``GeneratorDataset`` rows,
``ManifestDataset``, ``vision.Resize`` on batches and with the Pillow modes, and ``Compose``
mixing C++-style and Python transforms) into ``tests/fixtures/ms/dataset/behaviour.json``.

Each case is a function of the ``mindspore`` package (or deepsink, which the test passes in its
place) returning a JSON-able value; ``run_case`` records the value or the exception's type and
MindSpore's own message (the ``[ERROR]`` line of a pipeline error). The same runner replays the
cases under deepsink in ``tests/dataset/test_dataset_behaviour.py``.

Run with a Python that has MindSpore installed, from a directory outside the repository (not
run by CI)::

    cd "$(mktemp -d)" && /path/to/mindspore-venv/bin/python /path/to/scripts/record_dataset_behaviour_fixtures.py
"""

from __future__ import annotations

import importlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "dataset"


def _rows(d) -> list:
    return [
        {k: v.tolist() for k, v in r.items()}
        for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)
    ]


def _two_cols(ds, n=4):
    return ds.NumpySlicesDataset({"a": np.arange(n), "b": np.arange(n) * 10}, shuffle=False)


def _arr(x) -> dict:
    x = np.asarray(x)
    return {"shape": list(x.shape), "dtype": str(x.dtype), "data": x.ravel().tolist()}


def _out(x) -> Any:
    """An eager transform's result: its Python type and arrays."""
    if isinstance(x, tuple):
        return {"tuple": [_out(v) for v in x]}
    if not isinstance(x, np.ndarray):  # a PIL image
        return {"pil": type(x).__name__, **_arr(np.asarray(x))}
    return _arr(x)


def _image(shape, seed=0) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, shape).astype(np.uint8)


# ---------------------------------------------------------------- Dataset.apply, concat


def apply_batches(ms):
    return _rows(_two_cols(ms.dataset).apply(lambda d: d.batch(3)))


def apply_map(ms):
    return _rows(_two_cols(ms.dataset).apply(lambda d: d.map(lambda x: x + 1, input_columns=["a"])))


def apply_not_callable(ms):
    return _two_cols(ms.dataset).apply(3)


def apply_returns_other(ms):
    return _two_cols(ms.dataset).apply(lambda d: [d])


def concat_other_order(ms):
    ds = ms.dataset
    other = ds.NumpySlicesDataset({"b": np.arange(3), "a": np.arange(3)}, shuffle=False)
    return _rows(_two_cols(ds, 3).concat(other))


def concat_other_names(ms):
    ds = ms.dataset
    other = ds.NumpySlicesDataset({"a": np.arange(3), "c": np.arange(3)}, shuffle=False)
    return _rows(_two_cols(ds, 3) + other)


def concat_list(ms):
    ds = ms.dataset
    parts = [ds.NumpySlicesDataset({"a": np.arange(2) + k}, shuffle=False) for k in (0, 5, 9)]
    return _rows(parts[0].concat(parts[1:]))


def concat_sharded_child(ms):
    ds = ms.dataset
    a = ds.NumpySlicesDataset({"a": np.arange(4)}, shuffle=False, num_shards=2, shard_id=0)
    b = ds.NumpySlicesDataset({"a": np.arange(4) + 10}, shuffle=False)
    return _rows(a + b)


def concat_distributed_sampler(ms):
    ds = ms.dataset
    a = ds.NumpySlicesDataset({"a": np.arange(4)}, shuffle=False)
    b = ds.NumpySlicesDataset({"a": np.arange(3) + 10}, shuffle=False)
    c = a + b
    c.use_sampler(ds.DistributedSampler(2, 1, shuffle=False))
    return {"rows": _rows(c), "size": c.get_dataset_size()}


# ---------------------------------------------------------------- OneHot


def onehot_smoothing_scalar(ms):
    return _arr(ms.dataset.transforms.OneHot(4, 0.2)(np.array(2)))


def onehot_smoothing_keyword(ms):
    # MindSpore 2.10's smoothing kernel writes out of bounds on a 1-D label of several entries
    # (its output is garbage and the process may abort), so only single labels are recorded
    op = ms.dataset.transforms.OneHot(num_classes=3, smoothing_rate=0.1)
    return [_arr(op(np.array(x))) for x in (0, [1], [[2]])]


def onehot_label_shapes(ms):
    op = ms.dataset.transforms.OneHot(3)
    return [_arr(op(np.array(x, np.int32))) for x in (1, [1], [[2]], [0, 2])]  # no negative: UB


def onehot_rank_two(ms):
    return _arr(ms.dataset.transforms.OneHot(3)(np.array([[0, 1], [2, 0]])))


def onehot_float_label(ms):
    return _arr(ms.dataset.transforms.OneHot(3)(np.array([1.0])))


def onehot_label_too_big(ms):
    return _arr(ms.dataset.transforms.OneHot(3)(np.array([5])))


def onehot_rate_out_of_range(ms):
    return repr(ms.dataset.transforms.OneHot(3, 1.5))


def onehot_zero_classes(ms):
    return repr(ms.dataset.transforms.OneHot(0))


def onehot_pipeline_smoothing(ms):
    ds = ms.dataset
    data = ds.NumpySlicesDataset({"l": np.array([0, 1, 2], np.uint8)}, shuffle=False)
    return _rows(data.map(ds.transforms.OneHot(3, smoothing_rate=0.3), input_columns=["l"]))


def onehot_pipeline_column_labels(ms):
    ds = ms.dataset

    def data():
        return ds.NumpySlicesDataset({"l": np.array([[1], [2]], np.int32)}, shuffle=False)

    out = data().map(ds.transforms.OneHot(3), input_columns=["l"])
    batched = data().batch(2).map(ds.transforms.OneHot(3), input_columns=["l"])
    return {"rows": _rows(out), "batched": _rows(batched)}


# ---------------------------------------------------------------- batch


def _grow(info):
    return info.get_batch_num() + 1


def batch_callable_size(ms):
    data = _two_cols(ms.dataset, 7).batch(_grow)
    return {"rows": _rows(data), "batch_size": data.get_batch_size()}


def batch_callable_epoch(ms):
    return _rows(_two_cols(ms.dataset, 7).batch(lambda info: info.get_epoch_num() + 2))


def batch_get_batch_size(ms):
    ds = ms.dataset
    return [
        _two_cols(ds, 7).get_batch_size(),
        _two_cols(ds, 7).batch(3).get_batch_size(),
        _two_cols(ds, 7).batch(3).repeat(2).get_batch_size(),
        _two_cols(ds, 7).batch(_grow).map(lambda x: x, input_columns=["a"]).get_batch_size(),
    ]


def batch_size_zero_returned(ms):
    return _rows(_two_cols(ms.dataset, 5).batch(lambda info: 0))


def batch_size_float_returned(ms):
    return _rows(_two_cols(ms.dataset, 5).batch(lambda info: 2.0))


def batch_map_with_sizes(ms):
    def stamp(a, info):
        return ([x * 0 + info.get_batch_num() for x in a],)

    return _rows(_two_cols(ms.dataset, 7).batch(_grow, per_batch_map=stamp, input_columns=["a"]))


def batch_map_new_columns(ms):
    def extra(b, info):
        return (b, [x + 1 for x in b])

    data = _two_cols(ms.dataset).batch(
        2, per_batch_map=extra, input_columns=["b"], output_columns=["x", "y"]
    )
    return {"names": data.get_col_names(), "rows": _rows(data)}


def batch_map_fewer_columns(ms):
    data = _two_cols(ms.dataset).batch(
        2, per_batch_map=lambda a, b, info: (a,), input_columns=["a", "b"], output_columns=["c"]
    )
    return _rows(data)


def batch_map_too_many_returned(ms):
    return _rows(
        _two_cols(ms.dataset).batch(2, per_batch_map=lambda a, info: (a, a), input_columns=["a"])
    )


def batch_map_list_rows_mismatch(ms):
    return _rows(
        _two_cols(ms.dataset).batch(2, per_batch_map=lambda a, info: [a], input_columns=["a"])
    )


def batch_map_two_list_rows_mismatch(ms):
    def short(a, b, info):
        return [a[0]], [b[0]]

    return _rows(_two_cols(ms.dataset).batch(2, per_batch_map=short, input_columns=["a", "b"]))


def batch_map_ragged_rows(ms):
    def ragged(a, info):
        return ([np.arange(int(x) + 1) for x in a],)

    return _rows(_two_cols(ms.dataset).batch(2, per_batch_map=ragged, input_columns=["a"]))


def batch_input_columns_empty(ms):
    return _two_cols(ms.dataset).batch(2, per_batch_map=lambda *a: a[:-1], input_columns=[])


def batch_input_columns_string(ms):
    return _rows(_two_cols(ms.dataset).batch(2, per_batch_map=lambda a, i: (a,), input_columns="a"))


def batch_output_columns_without_map(ms):
    return _rows(_two_cols(ms.dataset).batch(2, output_columns=["x"]))


def _ragged_source(ds, rows):
    def gen():
        for r in rows:
            yield (r,)

    return ds.GeneratorDataset(gen, ["x"], shuffle=False)


def batch_ragged_lengths(ms):
    rows = [np.arange(i) for i in range(1, 5)]
    return _rows(_ragged_source(ms.dataset, rows).batch(2))


def batch_ragged_shapes(ms):
    rows = [np.zeros((2, 3)), np.zeros((3, 2))]
    return _rows(_ragged_source(ms.dataset, rows).batch(2))


def batch_ragged_ranks(ms):
    rows = [np.zeros((2,)), np.zeros((2, 2))]
    return _rows(_ragged_source(ms.dataset, rows).batch(2))


def batch_ragged_types(ms):
    rows = [np.array([1, 2], np.int32), np.array([1.5, 2], np.float32)]
    return _rows(_ragged_source(ms.dataset, rows).batch(2))


def batch_ragged_padded(ms):
    rows = [np.arange(i) for i in range(1, 5)]
    return _rows(_ragged_source(ms.dataset, rows).padded_batch(2, pad_info={"x": (None, -1)}))


def batch_ragged_drop_remainder_fits(ms):
    rows = [np.arange(2), np.arange(2) + 1, np.arange(3)]
    return _rows(_ragged_source(ms.dataset, rows).batch(2, drop_remainder=True))


# ---------------------------------------------------------------- ManifestDataset


def _manifest(directory: str) -> str:
    from PIL import Image

    lines = []
    labels = [
        (["dog"], "train"), (["cat"], "train"), (["dog", "cat"], "train"), (["bird"], "eval"),
        (["cat"], "TRAIN"), ([], "train"),
    ]  # fmt: skip
    for i, (names, usage) in enumerate(labels):
        path = os.path.join(directory, f"img{i}.png")
        Image.fromarray(_image((4, 5 + i, 3), i)).save(path)
        annotation = [{"name": n, "property": {"color": "red"}} for n in names]
        lines.append(json.dumps({"source": path, "usage": usage, "annotation": annotation}))
    path = os.path.join(directory, "m.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _manifest_rows(d) -> list:
    return [
        [list(r["image"].shape), r["label"].tolist(), str(r["label"].dtype)]
        for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)
    ]


def manifest_read(ms):
    ds = ms.dataset
    with tempfile.TemporaryDirectory() as d:
        m = _manifest(d)
        out = {
            "train": _manifest_rows(ds.ManifestDataset(m, shuffle=False, decode=True)),
            "eval": _manifest_rows(ds.ManifestDataset(m, usage="eval", shuffle=False, decode=True)),
            "indexing": _manifest_rows(
                ds.ManifestDataset(
                    m, shuffle=False, decode=True, class_indexing={"dog": 5, "cat": 1}
                )
            ),
            "partial_indexing": _manifest_rows(
                ds.ManifestDataset(m, shuffle=False, decode=True, class_indexing={"dog": 0})
            ),
            "shard": _manifest_rows(
                ds.ManifestDataset(m, shuffle=False, decode=True, num_shards=2, shard_id=1)
            ),
            "class_indexing": ds.ManifestDataset(m, shuffle=False).get_class_indexing(),
            "size": ds.ManifestDataset(m).get_dataset_size(),
            "num_classes": [
                ds.ManifestDataset(m).num_classes(),
                ds.ManifestDataset(m, class_indexing={"dog": 0, "x": 3}).num_classes(),
                ds.ManifestDataset(m, usage="eval").batch(1).num_classes(),
                ds.NumpySlicesDataset({"a": np.arange(3)}).num_classes(),
            ],
            "columns": ds.ManifestDataset(m).get_col_names(),
            "types": [str(t) for t in ds.ManifestDataset(m).output_types()],
        }
    return out


def manifest_missing_file(ms):
    return repr(ms.dataset.ManifestDataset(os.path.join("no_such_directory", "m.json")))


def _manifest_lines(directory: str, lines: list[dict], name: str = "m.json") -> str:
    path = os.path.join(directory, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _entry(source: str, name: str = "cat", usage: str = "train") -> dict:
    return {"source": source, "usage": usage, "annotation": [{"name": name}]}


def _files(directory: str) -> dict:
    """A PNG, a JPEG, a text file, a GIF and a BMP header, and an empty file."""
    from PIL import Image

    out = {}
    for name, fmt in (("a.png", "PNG"), ("b.jpg", "JPEG"), ("g.gif", "GIF"), ("m.bmp", "BMP")):
        out[name] = os.path.join(directory, name)
        Image.fromarray(_image((4, 6, 3), len(out))).save(out[name], fmt)
    for name, data in (("t.jpg", b"not an image"), ("e.jpg", b"")):
        out[name] = os.path.join(directory, name)
        with open(out[name], "wb") as f:
            f.write(data)
    return out


def _pipeline_error(e: BaseException, directory: str) -> list:
    return [type(e).__name__, error_message(e).replace(directory, "<dir>")]


def manifest_image_types(ms):
    ds = ms.dataset
    with tempfile.TemporaryDirectory() as d:
        f = _files(d)
        names = ["a.png", "t.jpg", "b.jpg", "g.gif", "m.bmp"]
        m = _manifest_lines(d, [_entry(f[n], n.split(".")[0]) for n in names])
        data = ds.ManifestDataset(m, shuffle=False)
        rows = [
            [r["image"].tobytes()[:3].hex(), r["label"].tolist()]
            for r in data.create_dict_iterator(output_numpy=True, num_epochs=1)
        ]
        return {"rows": rows, "size": data.get_dataset_size(), "classes": data.num_classes()}


def manifest_errors(ms):
    ds = ms.dataset
    out = {}
    with tempfile.TemporaryDirectory() as d:
        f = _files(d)
        good = _entry(f["a.png"])
        cases = {
            "empty_image": [good, _entry(f["e.jpg"])],
            "missing_image": [good, _entry(os.path.join(d, "none.jpg"))],
            "other_usage_missing_image": [good, _entry(os.path.join(d, "none.jpg"), usage="eval")],
            "no_source": [good, {"usage": "train", "annotation": [{"name": "x"}]}],
            "no_usage": [good, {"source": f["a.png"], "annotation": [{"name": "x"}]}],
            "no_name": [good, {"source": f["a.png"], "usage": "train", "annotation": [{}]}],
            "only_text": [_entry(f["t.jpg"])],
        }
        for name, lines in cases.items():
            data = ds.ManifestDataset(_manifest_lines(d, lines))  # read when the pipeline starts
            try:
                out[name] = len(list(data.create_dict_iterator(num_epochs=1)))
            except RuntimeError as e:
                out[name] = _pipeline_error(e, d)
    return out


def manifest_map_error_names_file(ms):
    ds = ms.dataset

    def fail(x):
        raise ValueError("bad row")

    with tempfile.TemporaryDirectory() as d:
        f = _files(d)
        m = _manifest_lines(d, [_entry(f["a.png"])])
        data = ds.ManifestDataset(m, shuffle=False).map(fail, ["image"])
        try:
            list(data.create_dict_iterator(num_epochs=1))
        except RuntimeError as e:
            line = f"map operation: [PyFunc] failed. The corresponding data file is: {f['a.png']}"
            return line in str(e)
    return None


def class_info_through_pipeline(ms):
    ds = ms.dataset
    with tempfile.TemporaryDirectory() as d:
        f = _files(d)
        m = _manifest_lines(d, [_entry(f["a.png"], "cat"), _entry(f["b.jpg"], "dog")])
        three = _manifest_lines(
            d,
            [_entry(f["a.png"], "x"), _entry(f["b.jpg"], "y"), _entry(f["g.gif"], "z")],
            "three.json",
        )

        def plain():
            return ds.NumpySlicesDataset({"image": np.zeros((2, 1), np.uint8), "label": [0, 1]})

        def data():
            return ds.ManifestDataset(m)

        def renamed():
            return plain().rename(["image", "label"], ["i2", "l2"])

        return {
            "shuffled_indexing": data().shuffle(2).get_class_indexing(),
            "batched_indexing": data().batch(1).get_class_indexing(),
            "plain_indexing": plain().shuffle(2).get_class_indexing(),
            "concat_classes": [
                (data() + plain()).num_classes(),
                (plain() + data()).num_classes(),
                (data() + ds.ManifestDataset(three)).num_classes(),
                (ds.ManifestDataset(three) + data()).repeat(2).num_classes(),
            ],
            "zip_classes": [
                ds.zip((data(), renamed())).num_classes(),
                ds.zip((renamed(), data())).num_classes(),
            ],
        }


def map_operation_checks(ms):
    """A transform class given for an instance, or something not callable, in ``map`` and the
    random compositions: MindSpore's ValueErrors (the package name left out)."""
    ds, T, V = ms.dataset, ms.dataset.transforms, ms.dataset.vision
    data = ds.NumpySlicesDataset(np.zeros((2, 4, 4, 3), np.uint8), shuffle=False)
    calls = [
        lambda: data.map(V.HWC2CHW),
        lambda: data.map([V.Decode(), V.HWC2CHW]),
        lambda: data.map(3),
        lambda: data.map([abs, "abs"]),
        lambda: T.Compose([V.Decode, V.HWC2CHW()]),
        lambda: T.RandomApply([V.Decode(), V.HWC2CHW]),
        lambda: T.RandomChoice([V.Decode(), V.HWC2CHW]),
        lambda: T.RandomOrder([V.HWC2CHW]),
    ]
    out = []
    for call in calls:
        try:
            call()
            out.append(None)
        except ValueError as e:
            out.append(str(e).replace(ms.__name__ + ".", "<package>."))
    return out


def csv_read_when_run(ms):
    """CSVDataset reads its files when the pipeline runs: the size counts records, a value of the
    wrong type, a quote left open and duplicate column names fail then."""
    ds = ms.dataset
    out = {}
    with tempfile.TemporaryDirectory() as d:
        files = {
            "typed": "1,2\nx,3\n",
            "open_quote": '1,2\n3,"4\n',
            "open_quote_bad_value": 'a,"4\n',
        }
        for name, text in files.items():
            path = os.path.join(d, name + ".csv")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            data = ds.CSVDataset(
                path, column_defaults=[0, 0], column_names=["a", "b"], shuffle=False
            )
            try:
                rows = len(list(data.create_tuple_iterator(num_epochs=1)))
            except RuntimeError as e:
                rows = _pipeline_error(e, d)
            out[name] = [data.get_dataset_size(), rows]
        path = os.path.join(d, "typed.csv")
        dup = ds.CSVDataset(path, column_defaults=["", ""], column_names=["a", "a"], shuffle=False)
        try:
            dup.create_tuple_iterator(num_epochs=1)
            out["duplicate_names"] = None
        except RuntimeError as e:
            out["duplicate_names"] = _pipeline_error(e, d)
        plain = ds.CSVDataset(path, field_delim=None, column_names=["a", "b"], shuffle=False)
        out["no_delimiter"] = [
            [str(v) for v in r] for r in plain.create_tuple_iterator(num_epochs=1)
        ]
    return out


# ---------------------------------------------------------------- Resize


def _resize(ms, shape, size, inter, seed=0):
    V = ms.dataset.vision
    return _out(V.Resize(size, getattr(V.Inter, inter))(_image(shape, seed)))


def resize_batch_modes(ms):
    return {
        inter: _resize(ms, (2, 6, 8, 3), (4, 5), inter)
        for inter in ("LINEAR", "NEAREST", "CUBIC", "AREA", "PILCUBIC")
    }


def resize_five_dims(ms):
    return _resize(ms, (1, 2, 6, 8, 3), (3, 4), "LINEAR")


def resize_pilcubic(ms):
    return [
        _resize(ms, (13, 17, 3), (5, 7), "PILCUBIC", 1),
        _resize(ms, (13, 17, 3), (30, 40), "PILCUBIC", 2),
        _resize(ms, (9, 12, 3), 6, "PILCUBIC", 3),
    ]


def resize_pilcubic_gray(ms):
    return _resize(ms, (9, 11), (4, 6), "PILCUBIC")


def resize_antialias_numpy(ms):
    return _resize(ms, (6, 8, 3), (4, 5), "ANTIALIAS")


def resize_antialias_pil(ms):
    from PIL import Image

    V = ms.dataset.vision
    img = Image.fromarray(_image((13, 17, 3), 4))
    return [_out(V.Resize(s, V.Inter.ANTIALIAS)(img)) for s in ((5, 7), 6, 13)]


def resize_pilcubic_pil(ms):
    from PIL import Image

    V = ms.dataset.vision
    return _out(V.Resize((3, 4), V.Inter.PILCUBIC)(Image.fromarray(_image((6, 8, 3)))))


def resize_pipeline_batches(ms):
    ds, V = ms.dataset, ms.dataset.vision
    data = ds.NumpySlicesDataset({"image": _image((2, 2, 6, 8, 3))}, shuffle=False)
    out = data.map(V.Resize((3, 4), V.Inter.PILCUBIC), input_columns=["image"])
    return [_arr(r["image"]) for r in out.create_dict_iterator(output_numpy=True, num_epochs=1)]


# ---------------------------------------------------------------- Compose


def _compose(ms, ops, image):
    return _out(ms.dataset.transforms.Compose(ops)(image))


def compose_pil_input(ms):
    from PIL import Image

    V = ms.dataset.vision
    pil = Image.fromarray(_image((6, 8, 3)))
    return [
        _compose(ms, [V.Resize((4, 4)), V.ToTensor()], pil),
        _compose(ms, [V.Resize((4, 4))], pil),
        _compose(ms, [V.CenterCrop(4), V.ToTensor(), V.HWC2CHW()], pil),
        _compose(ms, [V.RandomHorizontalFlip(1.0), V.ToTensor()], pil),
        _compose(ms, [V.Grayscale(1), V.ToTensor()], pil),
        _compose(ms, [V.Resize((4, 4)), lambda x: np.asarray(x) + 1], pil),
    ]


def compose_numpy_input(ms):
    V = ms.dataset.vision
    img = _image((6, 8, 3))
    return [
        _compose(ms, [V.Resize((4, 4)), V.ToTensor()], img),
        _compose(ms, [V.Resize((4, 4)), V.CenterCrop(2)], img),
        _compose(ms, [V.ToPIL(), V.Resize((4, 4))], img),
        _compose(ms, [V.ToPIL(), V.Resize((4, 4)), V.ToTensor()], img),
        _compose(ms, [V.Resize((4, 4)), V.ToPIL()], img),
        _compose(ms, [lambda x: x + 1, V.Resize((4, 4))], img),
    ]


def compose_pipeline_mixed(ms):
    ds, T, V = ms.dataset, ms.dataset.transforms, ms.dataset.vision
    data = ds.NumpySlicesDataset({"image": _image((2, 6, 8, 3))}, shuffle=False)
    ops = T.Compose(
        [V.ToPIL(), V.Resize((4, 4)), V.ToTensor(), V.Normalize([0.5] * 3, [0.5] * 3, is_hwc=False)]
    )
    out = data.map(ops, input_columns=["image"])
    return [_arr(r["image"]) for r in out.create_dict_iterator(output_numpy=True, num_epochs=1)]


CASES = [
    apply_batches, apply_map, apply_not_callable, apply_returns_other,
    concat_other_order, concat_other_names, concat_list, concat_sharded_child,
    concat_distributed_sampler,
    onehot_smoothing_scalar, onehot_smoothing_keyword, onehot_label_shapes, onehot_rank_two,
    onehot_float_label, onehot_label_too_big, onehot_rate_out_of_range, onehot_zero_classes,
    onehot_pipeline_smoothing, onehot_pipeline_column_labels,
    batch_callable_size, batch_callable_epoch, batch_get_batch_size, batch_size_zero_returned,
    batch_size_float_returned, batch_map_with_sizes, batch_map_new_columns,
    batch_map_fewer_columns, batch_map_too_many_returned, batch_map_list_rows_mismatch,
    batch_map_two_list_rows_mismatch, batch_map_ragged_rows, batch_input_columns_empty,
    batch_input_columns_string, batch_output_columns_without_map,
    batch_ragged_lengths, batch_ragged_shapes, batch_ragged_ranks, batch_ragged_types,
    batch_ragged_padded, batch_ragged_drop_remainder_fits,
    manifest_read, manifest_missing_file, manifest_image_types, manifest_errors,
    manifest_map_error_names_file, class_info_through_pipeline,
    map_operation_checks, csv_read_when_run,
    resize_batch_modes, resize_five_dims, resize_pilcubic, resize_pilcubic_gray,
    resize_antialias_numpy, resize_antialias_pil, resize_pilcubic_pil, resize_pipeline_batches,
    compose_pil_input, compose_numpy_input, compose_pipeline_mixed,
]  # fmt: skip


def error_message(e: BaseException) -> str:
    """MindSpore's own words: the ``[ERROR]`` line of a pipeline error (the Python call stack's
    last line when the pipeline reports a failed user function), else the first line."""
    lines = [x.strip() for x in str(e).splitlines()]
    errors = [x[len("[ERROR] ") :] for x in lines if x.startswith("[ERROR] ")]
    if errors and errors[0].startswith("Execute user Python code failed"):
        stack = lines[: lines.index("- Dataset Pipeline Error Message:")]
        return [x for x in stack if x and not x.startswith("---")][-1]
    if errors:
        return errors[0]
    return lines[0] if lines else ""


def run_case(name: str, package: str = "mindspore") -> dict:
    ms = importlib.import_module(package)
    for sub in ("dataset", "dataset.transforms", "dataset.vision"):
        importlib.import_module(f"{package}.{sub}")
    fn = globals()[name]
    try:
        return {"value": json.loads(json.dumps(fn(ms)))}
    except Exception as e:  # noqa: BLE001 - recorded
        return {"error": type(e).__name__, "message": error_message(e)}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    records = {fn.__name__: run_case(fn.__name__) for fn in CASES}
    for rec in records.values():  # the folder MindSpore ran from stays out of the fixture
        if "message" in rec:
            rec["message"] = rec["message"].replace(os.getcwd(), "<working directory>")
    path = OUT / "behaviour.json"
    path.write_text(json.dumps(records, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} cases to {path}")


if __name__ == "__main__":
    main()
