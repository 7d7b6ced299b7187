"""Record MindSpore 2.10's dataset and vision behaviour into ``tests/fixtures/dataset/``.

Run with a Python that has MindSpore installed (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_dataset_fidelity_fixtures.py

Inputs are the committed TFRecord files in ``tests/fixtures/dataset/tfrecord/`` (written once
by deepsink's ``tfrecord.write_records``) and small arrays built here; the outputs (values, dtypes,
shapes, Python types and error types/messages) go to ``fidelity.json``.
"""

from __future__ import annotations

import glob
import json
from pathlib import Path

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V
import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "dataset"
FILES = sorted(glob.glob(str(OUT / "tfrecord" / "*.tfrecord")))
ONE_WORKER = {"num_parallel_workers": 1}  # MindSpore interleaves files over its 8 readers


def rows(d, key=None):
    out = []
    for r in d.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append(r[key].tolist() if key else {k: v.tolist() for k, v in r.items()})
    return out


def ids(d):
    return [int(np.ravel(x)[0]) for x in rows(d, "id")]


def error(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recorded
        return [type(e).__name__, str(e).splitlines()[0] if str(e) else ""]
    return None


def tfrecord() -> dict:
    rec: dict = {}
    d = ds.TFRecordDataset(FILES, shuffle=False, **ONE_WORKER)
    rec["no_schema"] = {
        "names": d.get_col_names(),
        "types": [str(t) for t in d.output_types()],
        "shapes": d.output_shapes(),
        "size": d.get_dataset_size(),
        "first": rows(d)[0],
        "ids": ids(d),
    }
    s = ds.Schema()
    s.add_column("id", ms.int32, [])
    s.add_column("f", "float32", [2])
    s.add_column("s", "string")
    s.add_column("m", "int64", [2, 3])
    d = ds.TFRecordDataset(FILES, s, shuffle=False, **ONE_WORKER)
    first = next(d.create_dict_iterator(output_numpy=True, num_epochs=1))
    rec["schema"] = {
        "names": d.get_col_names(),
        "dtypes": {k: str(v.dtype) for k, v in first.items()},
        "shapes": {k: list(v.shape) for k, v in first.items()},
        "first": {k: v.tolist() for k, v in first.items()},
        "json": json.loads(s.to_json()),
    }
    d = ds.TFRecordDataset(FILES, columns_list=["s", "id"], shuffle=False, **ONE_WORKER)
    rec["columns_list"] = d.get_col_names()
    rec["num_samples_4"] = ids(
        ds.TFRecordDataset(FILES, shuffle=False, num_samples=4, **ONE_WORKER)
    )
    shards = {}
    for n in (2, 3):
        for sid in range(n):
            for eq in (False, True):
                d = ds.TFRecordDataset(
                    FILES, shuffle=False, num_shards=n, shard_id=sid, shard_equal_rows=eq
                )
                shards[f"{n}/{sid}/{eq}"] = {"size": d.get_dataset_size(), "ids": sorted(ids(d))}
    rec["shards"] = shards
    rec["errors"] = {
        "too_many_shards": error(
            lambda: list(ds.TFRecordDataset(FILES, shuffle=False, num_shards=4, shard_id=0))
        ),
        "missing_file": error(lambda: ds.TFRecordDataset(["/nonexistent/x.tfrecord"])),
        "bad_shuffle": error(lambda: ds.TFRecordDataset(FILES, shuffle=3)),
        "shard_id_only": error(lambda: ds.TFRecordDataset(FILES, shard_id=1)),
    }
    return rec


def pipeline() -> dict:
    rec: dict = {}
    data = {"a": np.arange(5), "b": np.arange(5.0) * 10, "c": np.arange(5) + 100}

    def fresh():
        return ds.NumpySlicesDataset(data, shuffle=False)

    d = fresh()
    rec["types_64bit"] = [str(t) for t in d.output_types()]

    def f(b, info):
        return [x * 2 for x in b], [x + 1 for x in b]

    e = fresh().batch(2, per_batch_map=f, input_columns=["b"], output_columns=["x", "y"])
    rec["per_batch_map"] = {"names": sorted(e.get_col_names()), "rows": rows(e)}

    def g(a, b, c, info):
        return a, [x * 0 + info.get_batch_num() for x in b], c

    e = fresh().batch(2, drop_remainder=True, per_batch_map=g)
    rec["per_batch_map_same"] = {"names": e.get_col_names(), "rows": rows(e)}
    e = fresh().batch(lambda info: info.get_batch_num() + 1)
    rec["callable_batch_size"] = rows(e, "a")
    row = next(d.create_tuple_iterator(num_epochs=1))
    rec["tuple_row"] = {"type": type(row).__name__, "item": type(row[0]).__name__}
    rec["tuple_row_numpy"] = type(next(d.create_tuple_iterator(output_numpy=True))).__name__
    printed = ds.NumpySlicesDataset(
        {"a": np.arange(3), "s": np.array(["x", "yy", "z"])}, shuffle=False
    )
    rec["row_print"] = [
        str(next(printed.create_tuple_iterator(num_epochs=1))),
        str(next(printed.create_dict_iterator(num_epochs=1))),
        str(next(printed.batch(2).create_tuple_iterator(num_epochs=1))),
        str(next(printed.create_tuple_iterator(num_epochs=1, output_numpy=True))),
    ]
    rec["dict_row_item"] = type(next(d.create_dict_iterator(num_epochs=1))["a"]).__name__

    class Source:
        def __getitem__(self, i):
            return np.array([i], np.int32)

        def __len__(self):
            return 10

    class Batches:
        def __iter__(self):
            return iter([[0, 1], [2, 3, 4], [9]])

    gd = ds.GeneratorDataset(Source(), ["data"], batch_sampler=Batches())
    rec["batch_sampler"] = {
        "size": gd.get_dataset_size(),
        "batch_size": gd.get_batch_size(),
        "rows": rows(gd, "data"),
    }
    gd = ds.GeneratorDataset(
        Source(),
        ["data"],
        batch_sampler=Batches(),
        collate_fn=lambda col: np.stack(col).sum(0),
    )
    rec["collate_fn"] = rows(gd, "data")
    gd = ds.GeneratorDataset([(np.int64(i),) for i in range(10)], ["a"], shuffle=False)
    rec["getitem"] = [int(np.ravel(gd[i])[0]) for i in (0, 3, 9)]

    def gen():
        return ds.GeneratorDataset([(np.int64(i),) for i in range(10)], ["a"], shuffle=False)

    rec["split_sizes"] = [
        p.get_dataset_size() for p in gen().split([0.33, 0.33, 0.34], randomize=False)
    ]
    rec["split_rows"] = [rows(p, "a") for p in gen().split([3, 7], randomize=False)]
    gd = ds.GeneratorDataset([(i,) for i in range(10)], ["a"], sampler=[7, 1, 3, 5], num_samples=3)
    rec["list_sampler"] = rows(gd, "a")
    rec["errors"] = {
        "skip_neg": error(lambda: fresh().skip(-2)),
        "take_neg": error(lambda: fresh().take(-2)),
        "shuffle_1": error(lambda: fresh().shuffle(1)),
        "batch_0": error(lambda: fresh().batch(0)),
        "batch_str": error(lambda: fresh().batch("a")),
        "batch_input_columns": error(lambda: fresh().batch(2, input_columns=["a"])),
        "num_shards_0": error(lambda: ds.NumpySlicesDataset([1, 2], num_shards=0, shard_id=0)),
        "num_shards_alone": error(lambda: ds.NumpySlicesDataset([1, 2], num_shards=2)),
        "shard_id_big": error(lambda: ds.NumpySlicesDataset([1, 2], num_shards=2, shard_id=2)),
        "sampler_and_shuffle": error(
            lambda: ds.NumpySlicesDataset([1, 2], sampler=ds.SequentialSampler(), shuffle=True)
        ),
        "empty_column_names": error(lambda: ds.NumpySlicesDataset([1, 2], column_names=[])),
        "empty_data": error(lambda: ds.NumpySlicesDataset([])),
        "typecast_junk": error(lambda: T.TypeCast("junk")),
        "generator_getitem_negative": error(lambda: gd[-1]),
        "collate_without_sampler": error(
            lambda: ds.GeneratorDataset(Source(), ["data"], collate_fn=lambda b: b)
        ),
        "batch_sampler_and_shuffle": error(
            lambda: ds.GeneratorDataset(Source(), ["data"], batch_sampler=Batches(), shuffle=True)
        ),
    }
    return rec


def vision() -> dict:
    rec: dict = {}
    a = (np.arange(4 * 5 * 3) * 7 % 256).astype(np.uint8).reshape(4, 5, 3)
    p = Image.fromarray(a)
    ops = {
        "Pad": V.Pad((1, 2)),
        "Invert": V.Invert(),
        "RandomColor": V.RandomColor((0.5, 0.5)),
        "RandomSharpness": V.RandomSharpness((0.3, 0.3)),
        "Resize": V.Resize((3, 2)),
        "HWC2CHW": V.HWC2CHW(),
        "ToTensor": V.ToTensor(),
        "Grayscale": V.Grayscale(1),
        "RandomHorizontalFlip": V.RandomHorizontalFlip(1.0),
        "CenterCrop": V.CenterCrop(2),
    }
    for name, op in ops.items():
        for kind, x in (("numpy", a), ("pil", p)):
            try:
                out = op(x)
            except Exception as e:  # noqa: BLE001 - recorded
                rec[f"{name}/{kind}"] = {"error": [type(e).__name__, str(e)]}
                continue
            is_pil = isinstance(out, Image.Image)
            arr = np.asarray(out)
            entry = {"type": "PIL" if is_pil else "numpy", "dtype": str(arr.dtype)}
            entry["shape"] = list(arr.shape)
            entry["values"] = arr.tolist()
            rec[f"{name}/{kind}"] = entry
    rec["errors"] = {
        "list_input": error(lambda: V.Invert()([1, 2])),
        "two_inputs": error(lambda: V.HWC2CHW()(a, a)),
        "normalize_channels": error(lambda: V.Normalize([1.0, 2.0], [1.0, 1.0])(a)),
        "normalize_lengths": error(lambda: V.Normalize([1.0], [1.0, 2.0])),
        "normalize_range": error(lambda: V.Normalize([256.0], [1.0])),
        "resize_negative": error(lambda: V.Resize((-3, 2))),
        "decode_str": error(lambda: V.Decode()("x.jpg")),
        "cutout_2d": error(lambda: V.CutOut(2)(np.zeros((6, 5)))),
        "pad_bad_len": error(lambda: V.Pad((1, 2, 3))),
    }
    return rec


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    ds.config.set_seed(1)
    result = {"tfrecord": tfrecord(), "pipeline": pipeline(), "vision": vision()}
    (OUT / "fidelity.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT / "fidelity.json")


if __name__ == "__main__":
    main()
