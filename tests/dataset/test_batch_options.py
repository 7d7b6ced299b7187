"""batch / shuffle / repeat options against MindSpore 2.10's recorded passes (fixtures/dataset/
options.json, scripts/record_dataset_options_fixtures.py): sizes, repeat counts, every row, and
the errors for out-of-range arguments."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "dataset" / "options.json").read_text()
)["cases"]


def gen10():
    for i in range(10):
        yield np.int32(i), np.full(2, i / 2, np.float32)


def per_batch_double(x, y, info):
    return [a * 2 for a in x], [b + info.get_batch_num() for b in y]


def growing(info):
    return info.get_batch_num() + 1


CALLABLES = {"per_batch_double": per_batch_double, "growing": growing}


def build(pipeline):
    source, steps = pipeline
    source, kwargs = (source, {}) if isinstance(source, str) else source
    kwargs = {"shuffle": False, **kwargs}  # num_samples, num_shards, shard_id
    if source == "gen":
        d = ds.GeneratorDataset(gen10, ["x", "y"], **kwargs)
    else:
        columns = {"x": np.arange(10, dtype=np.int32), "y": np.arange(20, dtype=np.float32)}
        columns["y"] = columns["y"].reshape(10, 2)
        d = ds.NumpySlicesDataset(columns, **kwargs)
    for method, args, kwargs in steps:
        args = [CALLABLES.get(a, a) if isinstance(a, str) else a for a in args]
        kwargs = {k: CALLABLES.get(v, v) if isinstance(v, str) else v for k, v in kwargs.items()}
        d = getattr(d, method)(*args, **kwargs)
    return d


def rows_of(d) -> list:
    return [
        [np.asarray(v).tolist() for v in row] for row in d.create_tuple_iterator(output_numpy=True)
    ]


@pytest.mark.parametrize("name", sorted(n for n in FIX if not n.startswith("error_")))
def test_pass_matches_mindspore(name):
    want = FIX[name]
    d = build(want["pipeline"])
    rows = rows_of(d)
    if name.endswith("_sorted"):
        rows = sorted(rows)
    assert d.get_dataset_size() == want["size"]
    assert d.get_repeat_count() == want["repeat_count"]
    assert d.get_col_names() == want["columns"]
    assert len(rows) == len(want["rows"])
    for got, exp in zip(rows, want["rows"]):
        for g, e in zip(got, exp):
            np.testing.assert_allclose(np.asarray(g), np.asarray(e), err_msg=name)


def test_drop_remainder_drops_the_short_batch_of_a_generator():
    """The generator source streams its rows (no random access), so the batch node sees the short
    tail itself: 10 rows in batches of 4 are 2 batches, the 2 left over dropped."""
    d = build(FIX["gen_batch4_drop"]["pipeline"])
    assert [len(r[0]) for r in rows_of(d)] == [4, 4]


@pytest.mark.parametrize("name", sorted(n for n in FIX if n.startswith("error_")))
def test_bad_arguments_raise_what_mindspore_raises(name):
    want = FIX[name]
    with pytest.raises(Exception) as info:
        rows_of(build(want["pipeline"]))
    assert type(info.value).__name__ == want["error"], str(info.value)
