"""ManifestDataset against MindSpore 2.10 on generated files; RandomDataset by its rules (its
values are random by design); the refused sources."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import source_layouts as layouts

import deepsink.dataset as ds
from deepsink.common import dtype as mstype

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources"


@pytest.mark.parametrize("case", [c[0] for c in layouts.MISC_CASES])
def test_manifest_rows_equal_mindspore(case, tmp_path):
    want = json.loads((FIXTURES / f"{case}.json").read_text(encoding="utf-8"))
    cls, arg, kwargs = layouts.build(case, tmp_path)
    data = getattr(ds, cls)(arg, shuffle=False, **kwargs)
    got = layouts.encode_rows(data)
    assert (got["columns"], got["rows"]) == (want["columns"], want["rows"])
    assert data.get_dataset_size() == want["size"]


def _schema():
    s = ds.Schema()
    s.add_column("image", de_type=mstype.uint8, shape=[2, 3])
    s.add_column("f", de_type=mstype.float32, shape=[3])
    s.add_column("x", de_type=mstype.int32)
    return s


def test_random_dataset_follows_the_schema():
    ds.config.set_seed(1)
    data = ds.RandomDataset(total_rows=6, schema=_schema())
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert data.get_col_names() == ["image", "f", "x"] and len(rows) == 6
    assert [(c.dtype, c.shape) for c in rows[0]] == [
        (np.uint8, (2, 3)),
        (np.float32, (3,)),
        (np.int32, ()),
    ]
    assert all(np.unique(c).size == 1 for r in rows for c in r[:2])  # one value per tensor
    assert len({int(r[2]) for r in rows}) > 1  # rows differ
    again = list(
        ds.RandomDataset(total_rows=6, schema=_schema()).create_tuple_iterator(output_numpy=True)
    )
    assert all(np.array_equal(a, b) for ra, rb in zip(rows, again) for a, b in zip(ra, rb))
    only = ds.RandomDataset(total_rows=4, schema=_schema(), columns_list=["f"], num_samples=3)
    assert only.get_col_names() == ["f"] and only.get_dataset_size() == 3
    shard = ds.RandomDataset(total_rows=5, schema=_schema(), num_shards=2, shard_id=1)
    assert shard.get_dataset_size() == 3
    free = ds.RandomDataset()
    assert 1 <= free.get_dataset_size() <= 1024 and 1 <= len(free.get_col_names()) <= 4
    with pytest.raises(TypeError, match="total_rows"):
        ds.RandomDataset(total_rows=2.5)
    with pytest.raises(ValueError, match="column"):
        ds.RandomDataset(total_rows=2, schema=_schema(), columns_list=["nope"])


def test_refused_sources_say_why():
    with pytest.raises(NotImplementedError, match="OBS"):
        ds.OBSMindDataset(["s3://x"], "server", "ak", "sk")
    with pytest.raises(NotImplementedError, match="cache server"):
        ds.DatasetCache(session_id=1)
