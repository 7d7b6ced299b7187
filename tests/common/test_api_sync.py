"""``mindspore.common.api``: ``jit`` and the PyNative ``sync()`` barrier user programs call."""

import numpy as np

import deepsink as ms
from deepsink import ops
from deepsink.common import api


def test_sync_waits_for_dispatched_work():
    x = ms.Tensor(np.ones((256, 256), np.float32))
    y = ops.matmul(x, x)
    api._pynative_executor.sync()
    assert y._data.is_ready()
    assert float(y.asnumpy()[0, 0]) == 256.0


def test_jit_is_importable_from_common_api():
    assert api.jit is ms.jit
