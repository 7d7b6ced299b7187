"""The model zoo's ResNet (``tests/support/zoo_resnet.py``: ResNet-18's ``res_base`` basic blocks, the
zoo's BatchNorm settings, ``_make_layer`` stages and label-smoothing loss) trains step for step as
on MindSpore 2.10: from the recorded starting checkpoint and the same batches, the first 10 losses
of ``Model.train(..., dataset_sink_mode=True)`` with ``Momentum(loss_scale=1024)``, grouped weight
decay and a ``FixedLossScaleManager`` match ``scripts/record_zoo_resnet_fixture.py``'s recording to
1e-4."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.zoo_resnet import STEPS, train_setup, zoo_resnet18

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "zoo_resnet"


@pytest.mark.slow
def test_zoo_resnet_first_ten_steps_match_mindspore():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = zoo_resnet18(ms)
        not_loaded, _ = ms.load_param_into_net(net, ms.load_checkpoint(str(FIXTURE / "start.ckpt")))
        assert not_loaded == []
        model, dataset, losses, callback = train_setup(ms, net)
        # one step per sink, epochs back to back: every step's loss reaches the callback
        model.train(STEPS, dataset, callbacks=[callback], dataset_sink_mode=True, sink_size=1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    expected = json.loads((FIXTURE / "losses.json").read_text())["losses"]
    assert len(losses) == len(expected) == STEPS
    np.testing.assert_allclose(losses, expected, rtol=0, atol=1e-4)
