"""``ops.avg_pool2d`` runs on the one N-d average pooling of ``ops.avg_pool1d/3d`` and mint's, so
it has 2.10's ``ceil_mode`` and ``divisor_override``. Expected values recorded from MindSpore 2.10's
``ops.avg_pool2d`` on ``arange(25).reshape(1, 1, 5, 5)`` in Float32."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops

RECORDED_2_10 = [
    (
        dict(kernel_size=2, stride=2, padding=0, ceil_mode=True),
        [[3.0, 5.0, 6.5], [13.0, 15.0, 16.5], [20.5, 22.5, 24.0]],
    ),
    (
        dict(kernel_size=3, stride=2, padding=1, ceil_mode=True, count_include_pad=False),
        [[3.0, 4.5, 6.0], [10.5, 12.0, 13.5], [18.0, 19.5, 21.0]],
    ),
    (
        dict(kernel_size=2, stride=2, padding=0, divisor_override=3),
        [[4.0, 6.666666507720947], [17.33333396911621, 20.0]],
    ),
    (
        dict(kernel_size=3, stride=1, padding=1),
        [
            [1.3333333730697632, 2.3333332538604736, 3.0, 3.6666667461395264, 2.6666667461395264],
            [3.6666667461395264, 6.0, 7.0, 8.0, 5.666666507720947],
            [7.0, 11.0, 12.0, 13.0, 9.0],
            [10.333333015441895, 16.0, 17.0, 18.0, 12.333333015441895],
            [8.0, 12.333333015441895, 13.0, 13.666666984558105, 9.333333015441895],
        ],
    ),
]


@pytest.mark.parametrize("kwargs,want", RECORDED_2_10)
def test_avg_pool2d_matches_mindspore(kwargs, want):
    x = ms.Tensor(np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5))
    got = ops.avg_pool2d(x, **kwargs).asnumpy()
    np.testing.assert_allclose(got[0, 0], np.array(want, np.float32), rtol=1e-6)
