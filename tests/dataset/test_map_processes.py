"""``map`` with Python functions in worker processes (``python_multiprocessing=True``): rows
computed ahead are bounded by their size (a map returning big rows does not compute hundreds
before the first comes out, and ``output_shapes`` runs it for a few rows), big arrays cross through
shared memory and leave no file behind, and a returned list is one column, as in MindSpore."""

from __future__ import annotations

import glob
import os

import numpy as np
import pytest

import deepsink.dataset as ds
from deepsink.dataset.engine import parallel

pytestmark = pytest.mark.usefixtures("no_leaks")


def _marking(folder):
    def mark(x):
        open(os.path.join(folder, f"{int(x)}-{os.getpid()}"), "w").close()  # noqa: SIM115
        return np.full(1 << 19, float(x))  # 4 MB

    return mark


def _pipeline(folder, rows=791):
    return ds.NumpySlicesDataset({"x": np.arange(rows)}, shuffle=False).map(
        _marking(folder), input_columns=["x"], python_multiprocessing=True, num_parallel_workers=2
    )


def test_output_shapes_runs_the_map_for_a_few_rows(tmp_path):
    assert _pipeline(tmp_path).output_shapes() == [[1 << 19]]
    assert len(os.listdir(tmp_path)) <= 3  # the row, and at most the next two read ahead


def test_big_rows_are_not_computed_hundreds_ahead(tmp_path):
    it = _pipeline(tmp_path).create_tuple_iterator(output_numpy=True, num_epochs=1)
    first = next(it)
    np.testing.assert_array_equal(first[0][:3], [0.0, 0.0, 0.0])
    done = len(os.listdir(tmp_path))
    it.close()
    assert done <= 100, done  # blocks of 8 rows (32 MB) here; a block was 256 rows before


def test_big_arrays_cross_through_shared_memory(tmp_path):
    if not parallel._shm_usable():
        pytest.skip("no /dev/shm")
    rows = [r[0] for r in _pipeline(tmp_path, 6).create_tuple_iterator(output_numpy=True)]
    assert [float(r[0]) for r in rows] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    assert all(r.shape == (1 << 19,) and float(r[-1]) == float(r[0]) for r in rows)
    rows[0][0] = 7.0  # the mapped arrays are writable, as numpy's own
    assert not glob.glob(os.path.join(parallel.SHM_DIR, "deepsink-ds-*"))


def test_send_and_receive_through_files(tmp_path):
    import multiprocessing as mp

    a, b = mp.Pipe()
    big, small = np.arange(1 << 18, dtype=np.float64), np.arange(3)
    prefix = str(tmp_path / "msg-")
    parallel._send(a, (1, [big, small]), prefix)
    assert len(os.listdir(tmp_path)) == 1  # the big array only
    got = parallel._recv(b, True)
    assert got[0] == 1 and np.array_equal(got[1][0], big) and np.array_equal(got[1][1], small)
    assert os.listdir(tmp_path) == []  # unlinked once mapped


def test_a_returned_list_is_one_column():
    for mp in (False, True):  # a fresh source each time: one node never feeds two pipelines
        data = ds.NumpySlicesDataset({"a": np.arange(2)}, shuffle=False)
        out = data.map(lambda x: [x, x + 1, 5], python_multiprocessing=mp, num_parallel_workers=2)
        assert [r[0].tolist() for r in out.create_tuple_iterator(output_numpy=True)] == [
            [0, 1, 5],
            [1, 2, 5],
        ]


def test_getters_run_one_row_here_without_worker_processes():
    """output_shapes/output_types of a map (and a generator) run with Python multiprocessing:
    MindSpore computes the first row in the calling process and starts no worker."""
    calls = []

    def op(a):
        calls.append(os.getpid())
        return np.ones((3, 2)) * a

    src = ds.GeneratorDataset(
        [(np.array(i),) for i in range(8)],
        ["x"],
        python_multiprocessing=True,
        num_parallel_workers=2,
    )
    data = src.map(op, ["x"], python_multiprocessing=True, num_parallel_workers=2)
    assert data.output_shapes() == [[3, 2]]
    assert data.output_types() == [np.float64]
    assert calls == [os.getpid()]
