"""``DatasetHelper`` checks ``dataset_sink_mode`` and ``sink_size`` as 2.10 does: TypeError for a
value of another type (a bool ``sink_size`` too), ValueError for 0 or below -1, with 2.10's texts
(recorded by ``scripts/record_dataset_helper_args.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds

RECORDED = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "ms" / "dataset_helper_args.json").read_text()
)


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f"{c[0]}-{c[1]!r}")
def test_bad_arguments_raise_mindspores_errors(case):
    key, value, want = case
    data = ds.NumpySlicesDataset({"x": np.ones((6, 2), np.float32)}, shuffle=False).batch(2)
    with pytest.raises((TypeError, ValueError)) as e:
        ms.DatasetHelper(data, **{"dataset_sink_mode": True, key: value})
    assert (type(e.value).__name__, str(e.value)) == (want["error"], want["message"])


def test_valid_sink_sizes_are_taken():
    data = ds.NumpySlicesDataset({"x": np.ones((6, 2), np.float32)}, shuffle=False).batch(2)
    assert ms.DatasetHelper(data, dataset_sink_mode=True, sink_size=-1).sink_size() == 3
    assert ms.DatasetHelper(data, dataset_sink_mode=True, sink_size=2).sink_size() == 2
