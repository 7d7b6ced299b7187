"""``mindspore.train.serialization._load_map_parameter``: MindSpore 2.10's private helper that
mindnlp imports, reading a MapParameter's checkpoint entries (slices under one tag gathered)."""

import numpy as np

from deepsink.train import _ckpt_proto
from deepsink.train.serialization import _load_map_parameter


def _entry(ckpt, tag, keys, values):
    e = ckpt.value.add()
    e.tag = tag
    for arr, name in ((keys, "Int64"), (values, "Float32")):
        t = e.maptensor.tensor.add()
        t.dims.extend(arr.shape)
        t.tensor_type = name
        t.tensor_content = arr.tobytes()


def test_slices_under_one_tag_are_joined():
    ckpt = _ckpt_proto.Checkpoint()
    k1, v1 = np.array([1, 2], np.int64), np.arange(4, dtype=np.float32).reshape(2, 2)
    k2, v2 = np.array([7], np.int64), np.array([[9, 8]], np.float32)
    _entry(ckpt, "emb", k1, v1)
    _entry(ckpt, "emb", k2, v2)
    data, shapes, out = [[], []], [0, 0], {}
    for i, e in enumerate(ckpt.value):
        _load_map_parameter(ckpt, e, i, data, shapes, out)
    keys, values = out["emb"]
    np.testing.assert_array_equal(keys, [1, 2, 7])
    np.testing.assert_array_equal(values, [[0, 1], [2, 3], [9, 8]])
