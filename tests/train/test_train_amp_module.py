"""mindspore.train.amp holds the same objects as mindspore.amp."""

import deepsink.amp as amp_top
from deepsink.train import amp


def test_train_amp_is_amp():
    for name in amp_top.__all__:
        assert getattr(amp, name) is getattr(amp_top, name), name
    assert amp.auto_mixed_precision is amp_top.auto_mixed_precision
