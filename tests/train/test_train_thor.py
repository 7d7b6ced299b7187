"""``mindspore.train.train_thor``: Bert's run_pretrain.py passes every Model through
ConvertModelUtils.convert_to_thor_model, which MindSpore 2.10 returns unchanged for any optimizer
but THOR's; ResNet's train.py imports both converters at the top."""

import pytest

import deepsink as ms
from deepsink import nn
from deepsink.train.train_thor import ConvertModelUtils, ConvertNetUtils


def test_convert_to_thor_model_returns_the_model_for_other_optimizers():
    net = nn.Dense(2, 1)
    opt = nn.Lamb(net.trainable_params(), learning_rate=0.01)
    model = ms.Model(net, nn.MSELoss(), opt)
    assert ConvertModelUtils().convert_to_thor_model(model, network=net, optimizer=opt) is model
    assert ms.train.ConvertModelUtils is ConvertModelUtils is ms.ConvertModelUtils


def test_convert_net_utils_refuses():
    with pytest.raises(NotImplementedError, match="THOR"):
        ConvertNetUtils()
