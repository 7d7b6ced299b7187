"""A boolean mask inside a tuple index reads and writes as in MindSpore 2.10: the coordinates
of its True elements, so a shorter mask selects as if padded with False and a True past an
axis's end raises GatherNd's/TensorScatterUpdate's error (or, for a write whose offset stays
inside the indexed axes, writes where 2.10 writes). Recorded by
``scripts/record_mask_tuple_index_fixtures.py``."""

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.mask_tuple_index_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "mask_tuple_index.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_mask_in_a_tuple_index_matches_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]


class _SetRow0(ms.nn.Cell):
    def construct(self, x, mask):
        x[0, mask] = -1.0
        return x


@pytest.mark.parametrize(
    ("name", "mask"),
    [
        ("set_short_int_mask", [True, False]),
        ("set_int_mask", [True, False, True]),
        ("set_long_int_mask", [True, False, True, True, False]),
    ],
)
def test_graph_mode_write_through_a_mask_of_another_length_matches_pynative(name, mask):
    x = ms.Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a mask of another length runs op by op
            got = _SetRow0()(x, ms.Tensor(np.array(mask)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert got.asnumpy().tolist() == EXPECTED[name]["values"]
