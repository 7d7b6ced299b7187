"""``Dataset.concat`` and ``Dataset.batch`` cases whose results do not depend on a random stream: sizes and rows of
each shard of a (nested) concat under ``use_sampler(DistributedSampler)``, concats whose
children's columns or column types differ (built fine, refused when read), and the invariants of
a RandomSampler's order; ``batch`` columns and ``max_rowsize`` that MindSpore refuses (when built or
when read). ``scripts/record_held_back_parity_fixtures.py`` records MindSpore 2.10's
outcomes; ``tests/dataset/test_dataset_parity.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np

SPANS = ((0, 3), (3, 10), (10, 20), (20, 29))


def _gen(ds, a, b):
    def rows():
        for i in range(a, b):
            yield (np.array([i]),)

    return ds.GeneratorDataset(rows, ["col1"], shuffle=False)


def _rows(d) -> list:
    return [int(r[0][0]) for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def _try(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception type
        return {"error": type(e).__name__}


def outcomes(ds, transforms, mstype) -> dict:
    out = {}
    for kind, shards in (("nested", 4), ("flat", 3), ("nested_sized_first", 10)):
        d = [_gen(ds, a, b) for a, b in SPANS]
        data = (
            (d[0] + d[1]) + (d[2] + d[3])
            if kind.startswith("nested")
            else d[0] + d[1] + d[2] + d[3]
        )
        if kind == "nested_sized_first":
            data.get_dataset_size()  # a size read before the sampler is set must not stick
        for i in range(shards):
            data.use_sampler(ds.DistributedSampler(num_shards=shards, shard_id=i, shuffle=False))
            out[f"{kind}_shard{i}"] = [data.get_dataset_size(), _rows(data)]
    typed = _gen(ds, 0, 3).map(
        operations=transforms.TypeCast(mstype.float32), input_columns=["col1"]
    )
    out["types_differ"] = _try(lambda: _rows(typed + _gen(ds, 3, 10)))
    a = ds.NumpySlicesDataset({"x": np.arange(4, dtype=np.float32)}, shuffle=False)
    b = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    out["types_differ_batched"] = _try(lambda: len(list((a + b).batch(2))))
    x = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False)
    y = ds.NumpySlicesDataset({"y": [3]}, shuffle=False)
    nested = (x + y) + (_gen(ds, 0, 3) + _gen(ds, 3, 10))
    out["columns_differ_nested_size"] = _try(nested.get_dataset_size)
    out["columns_differ_nested_read"] = _try(lambda: list(nested))
    for n in (2, 4):
        d = [_gen(ds, a, b) for a, b in SPANS[:n]]
        data = d[0]
        for other in d[1:]:
            data = data + other
        data.use_sampler(ds.RandomSampler())
        rows = _rows(data)
        out[f"random_{n}_children_sorted"] = sorted(rows)
        out[f"random_{n}_children_keep_order"] = all(
            [v for v in rows if a <= v < b] == list(range(a, b)) for a, b in SPANS[:n]
        )
    return out


def _pairs():
    for i in range(4):
        yield (np.array([i]), np.array([i * i]))


def _batch_read(ds, **kw):
    def run():
        d = ds.GeneratorDataset(_pairs, ["col1", "col2"], shuffle=False).batch(2, **kw)
        return {"built": True, "columns": _try(d.get_col_names), "read": _try(lambda: len(list(d)))}

    return _try(run)


def batch_outcomes(ds) -> dict:
    def ident(c, info):
        return (c,)

    def split(c, info):
        return (c, c)

    return {
        "missing_input": _batch_read(ds, input_columns=["nope"], per_batch_map=ident),
        "output_shadows_kept": _batch_read(
            ds, input_columns=["col2"], output_columns=["col1"], per_batch_map=ident
        ),
        "outputs_shadow_kept": _batch_read(
            ds, input_columns=["col2"], output_columns=["col1", "x"], per_batch_map=split
        ),
        "outputs_new": _batch_read(
            ds, input_columns=["col2"], output_columns=["y", "x"], per_batch_map=split
        ),
        "swap": _batch_read(
            ds,
            input_columns=["col1", "col2"],
            output_columns=["col2", "col1"],
            per_batch_map=lambda a, b, info: (a, b),
        ),
        "max_rowsize_tuple": _batch_read(ds, max_rowsize=(12, 20)),
        "max_rowsize_str": _batch_read(ds, max_rowsize="16"),
        "max_rowsize_negative": _batch_read(ds, max_rowsize=-2),
        "max_rowsize_list": _batch_read(ds, max_rowsize=[4, 8]),
        "max_rowsize_list_bad": _batch_read(ds, max_rowsize=[4, "8"]),
        "max_rowsize_int": _batch_read(ds, max_rowsize=16),
    }
