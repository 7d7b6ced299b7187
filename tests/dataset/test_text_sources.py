"""Text corpora sources against what MindSpore 2.10 reads from the same generated files
(``tests/fixtures/ms/sources``, recorded by ``scripts/record_more_source_fixtures.py``), and
their sampling arguments."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import source_layouts as layouts

import deepsink.dataset as ds

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources"


def _open(case, tmp_path, **extra):
    cls, arg, kwargs = layouts.build(case, tmp_path)
    kwargs.setdefault("shuffle", False)
    kwargs.update(extra)
    return getattr(ds, cls)(arg, **kwargs)


@pytest.mark.parametrize("case", [c[0] for c in layouts.TEXT_CASES])
def test_rows_equal_mindspore(case, tmp_path):
    want = json.loads((FIXTURES / f"{case}.json").read_text(encoding="utf-8"))
    data = _open(case, tmp_path)
    got = layouts.encode_rows(data)
    assert got["columns"] == want["columns"]
    assert got["rows"] == want["rows"]
    assert data.get_dataset_size() == want["size"]


def test_shuffle_samples_and_shards(tmp_path):
    d = _open("AGNewsDataset_all", tmp_path)
    order = [str(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]
    ds.config.set_seed(5)
    shuffled = _open("AGNewsDataset_all", tmp_path, shuffle=True)
    got = [str(r[1]) for r in shuffled.create_tuple_iterator(output_numpy=True)]
    assert sorted(got) == sorted(order)
    assert _open("AGNewsDataset_all", tmp_path, num_samples=2).get_dataset_size() == 2
    shards = [
        [
            str(r[1])
            for r in _open(
                "AGNewsDataset_all", tmp_path, num_shards=2, shard_id=i
            ).create_tuple_iterator(output_numpy=True)
        ]
        for i in range(2)
    ]
    assert sorted(shards[0] + shards[1]) == sorted(order + order[:1])  # padded to equal shards
    with pytest.raises(ValueError, match="usage"):
        _open("AGNewsDataset_all", tmp_path, usage="valid")
    with pytest.raises(NotImplementedError, match="cache"):
        _open("AGNewsDataset_all", tmp_path, cache=object())


def test_imdb_sampler_and_missing_files(tmp_path):
    d = _open("IMDBDataset_train", tmp_path, shuffle=None, sampler=ds.SubsetSampler([3, 0]))
    assert [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)] == [0, 1]
    with pytest.raises(RuntimeError, match="does not exist"):
        ds.PennTreebankDataset(str(tmp_path), usage="train")
    with pytest.raises(ValueError, match="language_pair"):
        _open("Multi30kDataset_train", tmp_path / "m", language_pair=["en", "fr"])


def test_squad_uint32_starts(tmp_path):
    row = next(_open("SQuADDataset_dev", tmp_path).create_dict_iterator(output_numpy=True))
    assert row["answer_start"].dtype == np.uint32 and row["text"].tolist() == ["Ann", "Ann"]
