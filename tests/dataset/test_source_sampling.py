"""num_samples, shuffle and shards on every dataset-specific source (one generated dataset per
class from ``source_layouts``): a shuffled pass has the same rows, two shards cover them all,
num_samples caps the rows."""

from __future__ import annotations

import pytest
import source_layouts as layouts

import deepsink.dataset as ds

# the first undecoded case of each class
FIRST = {}
for case, _, cls, kwargs in layouts.CASES:
    if cls not in FIRST and not kwargs.get("decode"):
        FIRST[cls] = case


def _rows(data):
    return sorted(
        str([v.tolist() for v in r])
        for r in data.create_tuple_iterator(output_numpy=True, num_epochs=1)
    )


def _open(case, tmp_path, **extra):
    cls, arg, kwargs = layouts.build(case, tmp_path)
    kwargs.update(extra)
    return getattr(ds, cls)(arg, **kwargs)


@pytest.mark.parametrize("case", sorted(FIRST.values()))
def test_shuffle_shards_and_num_samples(case, tmp_path):
    ds.config.set_seed(11)
    full = _rows(_open(case, tmp_path, shuffle=False))
    assert _rows(_open(case, tmp_path, shuffle=True)) == full
    shards = [_rows(_open(case, tmp_path, num_shards=2, shard_id=i)) for i in range(2)]
    assert set(shards[0]) | set(shards[1]) == set(full)
    assert abs(len(shards[0]) - len(shards[1])) <= 1
    capped = _open(case, tmp_path, shuffle=False, num_samples=1)
    assert capped.get_dataset_size() == 1 and len(_rows(capped)) == 1
