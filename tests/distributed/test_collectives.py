"""Collective primitives and parameter_broadcast on two ranks (127.0.0.1)."""

import json
import os

import numpy as np
from launchkit import DIST_TESTS, launch


def test_collectives_on_two_ranks(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    res = launch(tmp_path, os.path.join(DIST_TESTS, "collectives_worker.py"), out)
    assert res.returncode == 0, res.stdout + res.stderr
    r = [json.loads((out / f"rank{i}.json").read_text()) for i in (0, 1)]
    for i, got in enumerate(r):
        assert got["rank"] == i and got["size"] == 2 and got["local"] == [i, 2]
        assert got["sum"] == [3.0, 30.0]
        assert got["max"] == [2.0, 20.0] and got["min"] == [1.0, 10.0]
        assert got["prod"] == [2.0, 200.0]
        assert got["gather"] == [1.0, 10.0, 2.0, 20.0]  # concatenated in rank order
        assert got["bcast"] == [2.0, 20.0]  # rank 1's value
        assert got["int_sum"] == [3]
        assert got["before"] == [4.0, 4.0]  # a Tensor made before init()
        assert got["jit_sum"] == [6.0, 60.0]  # the all-reduce inside a compiled function
        assert got["reduce_scatter"] == [[3.0], [30.0]][i]
        assert got["alltoall"] == [[1.0, 2.0], [10.0, 20.0]][i]
        assert got["coll_scatter"] == [[2.0], [20.0]][i]  # rank 1's rows, one per rank
        assert got["coll_gather"] == [[1.0, 10.0, 2.0, 20.0], [0.0]][i]  # only rank 0 gets it
        assert got["reduce"] == [[0.0], [3.0, 30.0]][i]  # only rank 1 gets it
        assert got["jit_reduce_scatter"] == [[2.0], [20.0]][i]
        assert got["gather_objects"] == [{"r": 0}, {"r": 1}]
        assert got["bcast_objects"] == [1, "ss"]
        assert got["scatter_object"] == f"to{i}"
        assert got["reduce_scatter_avg"] == [[1.5], [15.0]][i]
        assert got["gather_uneven"] == [1.0, 2.0, 2.0]
        assert got["reduce_scatter_uneven"] == [[0.0], [3.0, 6.0]][i]  # sum [0, 3, 6], split 1 | 2
        assert got["all_to_all"] == [[[1.0, 10.0], [2.0, 20.0]], [[2.0, 20.0], [4.0, 40.0]]][i]
        # communication.comm_func returns what the in-place collectives write
        assert got["cf_all_reduce"] == [2.0, 20.0]
        assert got["cf_gather"] == [1.0, 10.0, 2.0, 20.0]
        assert got["cf_reduce_scatter"] == [[3.0], [30.0]][i]
        assert got["cf_reduce"] == [[0.0], [3.0, 30.0]][i]  # a shape-[1] Tensor off the dst
        assert got["cf_gather_into"] == [[1.0, 10.0, 2.0, 20.0], [0.0]][i]
        assert got["cf_broadcast"] == [2.0, 20.0]
        assert got["cf_scatter"] == [[2.0], [20.0]][i]
        assert got["cf_a2a"] == got["all_to_all"]
        assert got["cf_a2a_single"] == got["cf_a2a_v_c"] == got["alltoall"]
    assert r[0]["init_w"] != r[1]["init_w"]  # different seeds: different initial weights
    np.testing.assert_array_equal(r[0]["trained_w"], r[1]["trained_w"])  # broadcast, then equal
