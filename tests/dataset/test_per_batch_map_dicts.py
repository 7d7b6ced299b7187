"""Dict columns through ``batch``: what ``per_batch_map`` may return and how dict rows batch, as
MindSpore 2.10 does (expected values and messages printed by MindSpore 2.10)."""

import numpy as np
import pytest

import deepsink.dataset as ds


def _rows(n):
    for i in range(n):
        yield ({"i": i, "t": (1, 2), "v": np.arange(3 if i != 3 else 2, dtype=np.int32) + i},)


def _zipped():
    a = ds.GeneratorDataset(lambda: _rows(2), ["a"], shuffle=False)
    b = ds.GeneratorDataset(lambda: _rows(2), ["b"], shuffle=False)
    return ds.zip((a, b))


def test_list_of_dicts_becomes_a_dict_of_per_key_lists():
    def squares(col, info):
        return ([{"x": np.int64(v) ** 2} for v in col],)

    d = ds.GeneratorDataset(lambda: iter(range(5)), ["c"], shuffle=False)
    d = d.batch(2, per_batch_map=squares, drop_remainder=True)
    got = [r["c"] for r in d.create_dict_iterator(num_epochs=1, output_numpy=True)]
    assert [[int(v) for v in g["x"]] for g in got] == [[0, 1], [4, 9]]
    assert isinstance(got[0]["x"], list) and isinstance(got[0]["x"][0], np.ndarray)
    tensors = next(d.create_dict_iterator(num_epochs=1))["c"]["x"]
    assert isinstance(tensors, list) and int(tensors[1].asnumpy()) == 1


def test_per_batch_map_dict_beside_list_or_short_array_raises():
    with pytest.raises(RuntimeError, match="mismatched types returned from per_batch_map"):
        d = _zipped().batch(2, per_batch_map=lambda a, b, info: ({"k": 1}, [1]))
        list(d.create_tuple_iterator(output_numpy=True))
    with pytest.raises(RuntimeError, match="column: b expects: 2 rows returned from"):
        d = _zipped().batch(2, per_batch_map=lambda a, b, info: (a, np.array([1])))
        list(d.create_tuple_iterator(output_numpy=True))
    d = _zipped().batch(2, per_batch_map=lambda a, b, info: ({"k": 1}, np.array([1, 2, 3])))
    row = next(d.create_dict_iterator(output_numpy=True))
    assert int(row["a"]["k"]) == 1 and row["b"].tolist() == [1, 2, 3]


def test_dict_rows_with_ragged_values_do_not_batch():
    d = ds.GeneratorDataset(lambda: _rows(4), ["c"], shuffle=False).batch(2)
    with pytest.raises(RuntimeError, match="setting an array element with a sequence"):
        list(d.create_tuple_iterator(output_numpy=True))


def test_map_returning_dicts_batches_them_key_by_key():
    """MindSpore 2.10 (python_objects tutorial page): a map's dict column holds arrays (a numpy
    scalar becomes a 0-d array) and batch stacks it key by key; an int64 column comes out with
    C's ``long long`` type code, so its repr names its dtype."""

    def gen():
        for i in range(3):
            yield {"p": np.power(i, [1, 2])}, i

    data = ds.GeneratorDataset(source=gen, column_names=["col1", "col2"], shuffle=False)
    data = data.map(operations=lambda c: {"q": c["p"], "s": c["p"][0] ** 2}, input_columns=["col1"])
    row = next(data.create_dict_iterator(num_epochs=1, output_numpy=True))
    assert repr(row["col1"]["s"]) == "array(0)"
    assert repr(row["col2"]) == "array(0, dtype=int64)"
    batch = next(data.batch(3).create_dict_iterator(num_epochs=1, output_numpy=True))
    np.testing.assert_array_equal(batch["col1"]["q"], [[0, 0], [1, 1], [2, 4]])
    np.testing.assert_array_equal(batch["col1"]["s"], [0, 1, 4])
    assert repr(batch["col2"]) == "array([0, 1, 2], dtype=int64)"


@pytest.mark.parametrize("mapped", [False, True])
def test_dict_values_keep_their_structure_with_arrays_inside(mapped):
    """2.10 (checked on its CPU build): inside a dict row, tuples, lists and nested dicts stay
    what they are and only their leaves become arrays, from the source and after a map alike."""

    def gen():
        for _ in range(2):
            yield ({"t": (1, 2), "l": [3, 4], "n": {"a": 1, "b": (5, 6)}, "s": "x", "f": 1.5},)

    data = ds.GeneratorDataset(gen, ["c"])
    if mapped:
        data = data.map(lambda x: x)
    row = next(data.create_dict_iterator(num_epochs=1, output_numpy=True))["c"]
    assert isinstance(row["t"], tuple) and all(isinstance(v, np.ndarray) for v in row["t"])
    assert isinstance(row["l"], list) and all(isinstance(v, np.ndarray) for v in row["l"])
    assert isinstance(row["n"]["b"], tuple) and row["n"]["a"].dtype == np.int64
    assert row["s"].dtype.kind == "U" and row["f"].dtype == np.float64
