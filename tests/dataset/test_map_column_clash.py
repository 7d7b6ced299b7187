"""map output_columns named like a column the map leaves alone: MindSpore 2.10 keeps one column of
that name (values recorded from MindSpore 2.10 for the same pipelines)."""

import numpy as np
import pytest

import deepsink.dataset as ds


def gen():
    for i in range(3):
        yield (np.array([i]), np.array([i + 100]))


def rows(data):
    return [
        [int(v[0]) for v in r] for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    ]


def test_outputs_first_lose_to_the_kept_column():
    data = ds.GeneratorDataset(gen, ["col1", "col2"]).map(
        [lambda x: (x - 1, x + 1), lambda x, y: (x + 1, 10 * (y - 1))],
        input_columns=["col1"],
        output_columns=["col2", "ocol2"],
    )
    assert data.get_col_names() == ["ocol2", "col2"]
    assert rows(data) == [[0, 100], [10, 101], [20, 102]]
    data = ds.GeneratorDataset(gen, ["col1", "col2"]).map(
        lambda x: (x, x * 2), input_columns=["col1"], output_columns=["ocol", "col2"]
    )
    assert data.get_col_names() == ["ocol", "col2"]
    assert rows(data)[0] == [0, 100]


def test_output_in_place_wins():
    data = ds.GeneratorDataset(gen, ["col1", "col2"]).map(
        lambda x: x, input_columns=["col1"], output_columns=["col2"]
    )
    assert data.get_col_names() == ["col2"]
    assert rows(data) == [[0], [1], [2]]


def test_debug_mode_refuses_the_clash():
    old = ds.config.get_debug_mode()
    ds.config.set_debug_mode(True)
    try:
        data = ds.GeneratorDataset(gen, ["col1", "col2"]).map(
            lambda x: (x, x), input_columns=["col1"], output_columns=["col2", "o"]
        )
        with pytest.raises(RuntimeError, match=r"\[ERROR\] Invalid column id encountered."):
            rows(data)
    finally:
        ds.config.set_debug_mode(old)
