"""amp.custom_mixed_precision: the dtypes inside and out of a network as MindSpore 2.10 shows them
(recorded by running the same network under 2.10: white list -> float32 layer outputs, black list
-> float16 everywhere but the network's float32 outputs), and 2.10's argument errors."""

import logging

import numpy as np
import pytest

import deepsink as ms
from deepsink import amp, nn, ops


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4)
        self.bn = nn.BatchNorm1d(4)
        self.mm = ops.MatMul()
        self.relu = nn.ReLU()
        self.seen = {}

    def construct(self, x):
        y = self.fc(x)
        self.seen["fc"] = y.dtype
        z = self.mm(x, ops.ones((3, 2), ms.float32))
        self.seen["mm"] = z.dtype
        b = self.bn(y)
        self.seen["bn"] = b.dtype
        r = self.relu(b)
        return r, z


def _run(**kw):
    """The network given and the outputs of the Cell returned (with a black list, a Cell around
    the network, as MindSpore 2.10's)."""
    net = _Net()
    returned = amp.custom_mixed_precision(net, **kw)
    returned.set_train(False)
    out = returned(ms.Tensor(np.ones((2, 3), np.float32)))
    return net, out


def test_white_list_cells_and_primitives_compute_low_and_return_float32():
    net, out = _run(white_list=[nn.Dense, ops.MatMul])
    assert net.seen == {"fc": ms.float32, "mm": ms.float32, "bn": ms.float32}
    assert [o.dtype for o in out] == [ms.float32, ms.float32]
    assert net.fc.weight.dtype == ms.float32  # master weights stay float32
    # the Dense really computed in float16: its output equals the float16 computation's
    x = ms.Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    ref = nn.Dense(3, 4)
    ref.weight.set_data(net.fc.weight)
    ref.bias.set_data(net.fc.bias)
    low = ref.to_float(ms.float16)(x).asnumpy().astype(np.float32)
    np.testing.assert_array_equal(net.fc(x).asnumpy(), low)


def test_white_list_primitive_casts_its_inputs():
    net = amp.custom_mixed_precision(_Net(), white_list=[ops.MatMul])
    a = ms.Tensor(np.full((1, 1), 1 + 2**-12, np.float32))  # not representable in float16
    assert net.mm(a, a).asnumpy()[0, 0] == 1.0  # (1 + 2**-12) rounds to 1 in float16
    assert net.mm(a, a).dtype == ms.float32
    assert net.mm.name == "MatMul"  # the primitive's attributes stay reachable


def test_black_list_runs_the_rest_low_with_float32_outputs(caplog):
    with caplog.at_level(logging.WARNING):
        net, out = _run(black_list=[nn.BatchNorm1d])
    assert net.seen["fc"] == ms.float16 and net.seen["bn"] == ms.float16
    assert [o.dtype for o in out] == [ms.float32, ms.float32]
    assert "removed from internal black list" in caplog.text


@pytest.mark.parametrize(
    "kw, exc, text",
    [
        ({}, ValueError, "one of white_list and black_list must be provided"),
        ({"white_list": [nn.Dense], "black_list": [nn.ReLU]}, ValueError, "at the same time"),
        ({"white_list": [nn.Dense], "dtype": ms.float32}, ValueError, "float16, mstype.bfloat16"),
        ({"white_list": (nn.Dense,)}, TypeError, "should be list"),
        ({"white_list": [nn.ReLU()]}, TypeError, "should be a class"),
        ({"black_list": [ops.MatMul]}, TypeError, "should be one of ['Cell']"),
        ({"white_list": [int]}, TypeError, "should be one of ['Cell', 'Primitive']"),
    ],
)
def test_argument_errors_as_mindspore(kw, exc, text):
    with pytest.raises(exc) as err:
        amp.custom_mixed_precision(_Net(), **kw)
    assert text in str(err.value)


def test_network_must_be_a_cell():
    with pytest.raises(TypeError, match="network type should be Cell"):
        amp.custom_mixed_precision(3, white_list=[])
