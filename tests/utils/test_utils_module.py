"""mindspore.utils: DLPack exchange works; the Ascend-cluster names refuse with their reason."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import utils


def test_dlpack_round_trip_and_foreign_capsules():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    capsule = utils.to_dlpack(x)
    y = utils.from_dlpack(capsule)
    assert y.dtype == ms.float32
    np.testing.assert_array_equal(y.asnumpy(), x.asnumpy())
    a = np.arange(4, dtype=np.int32)  # numpy's own capsule
    np.testing.assert_array_equal(utils.from_dlpack(a.__dlpack__()).asnumpy(), a)


def test_dlpack_refuses_what_mindspore_refuses():
    capsule = utils.to_dlpack(ms.Tensor([1.0]))
    utils.from_dlpack(capsule)
    with pytest.raises(RuntimeError, match="consumed only once"):
        utils.from_dlpack(capsule)
    with pytest.raises(RuntimeError, match="invalid capsule.*ndarray"):
        utils.from_dlpack(np.ones(2))
    with pytest.raises(TypeError, match="'tensor' must be a Tensor"):
        utils.to_dlpack(np.ones(2))


@pytest.mark.parametrize(
    "name", ["stress_detect", "sdc_detect_start", "MsDispatchMode", "_reuse_data_ptr"]
)
def test_ascend_only_names_say_why(name):
    with pytest.raises(NotImplementedError, match="not supported by deepsink"):
        getattr(utils, name)()
    with pytest.raises(NotImplementedError, match="simulated"):
        utils.dryrun.set_simulation()
