"""BatchNorm3d (MindSpore's ``bn2d`` child names), SyncBatchNorm (single process), AvgPool3d and
MaxPool3d against MindSpore 2.10 fixtures."""

import numpy as np
import pytest

from deepsink import Tensor, nn
from tests.support.layer_fixtures import case_names, replay

CASES = case_names(("norm_", "pool_"))


def test_cases_recorded():
    assert len(CASES) >= 5


@pytest.mark.parametrize("name", CASES)
def test_matches_mindspore(name):
    replay(name, rtol=1e-4, atol=1e-5)


def test_sync_batch_norm_refuses_process_groups():
    with pytest.raises(NotImplementedError, match="process_groups"):
        nn.SyncBatchNorm(3, process_groups=[[0, 1]])


def test_batchnorm3d_trains_statistics():
    net = nn.BatchNorm3d(2)
    net.set_train(True)
    x = np.random.RandomState(0).randn(2, 2, 2, 3, 3).astype(np.float32) + 5
    net(Tensor(x))
    np.testing.assert_allclose(
        net.bn2d.moving_mean.asnumpy(), 0.1 * x.mean((0, 2, 3, 4)), rtol=1e-4
    )
