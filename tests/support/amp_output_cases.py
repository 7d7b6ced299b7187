"""``amp.auto_mixed_precision`` at levels O2 and O3: what it returns and what the network it was
given computes afterwards, run alike on MindSpore 2.10 (``scripts/record_amp_output_cast.py``)
and on deepsink (``tests/train/test_amp_output_cast.py``). 2.10 changes the network in place
(its layers compute in float16) and returns a wrapper (``_OutputTo32``) whose outputs are cast to
float32, so the network itself still returns float16; libraries that ignore the returned value
(mindocr's ``build_model``) train on float16 outputs."""

from __future__ import annotations

import numpy as np

CASES = [(net, level) for net in ("dense", "dense_bn_dense", "tuple_out") for level in ("O2", "O3")]


def _nets(ms):
    from mindspore import nn

    class DenseBnDense(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 3)
            self.bn = nn.BatchNorm1d(3)
            self.fc2 = nn.Dense(3, 2)

        def construct(self, x):
            return self.fc2(self.bn(self.fc(x)))

    class TupleOut(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 3)

        def construct(self, x):
            y = self.fc(x)
            return y, y.argmax(-1)

    return {"dense": lambda: nn.Dense(4, 3), "dense_bn_dense": DenseBnDense, "tuple_out": TupleOut}


def _dtypes(out) -> list[str]:
    return [str(o.dtype) for o in (out if isinstance(out, tuple) else (out,))]


def run(ms, net_name: str, level: str) -> dict:
    """The outcome of one case, under the current context mode."""
    net = _nets(ms)[net_name]()
    net.set_train(False)
    returned = ms.amp.auto_mixed_precision(net, level)
    x = ms.Tensor(np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4))
    return {
        "same_object": returned is net,
        "returned_type": type(returned).__name__,
        "network_out": _dtypes(net(x)),
        "returned_out": _dtypes(returned(x)),
        "returned_params": [p.name for p in returned.get_parameters()],
        "network_params": [p.name for p in net.get_parameters()],
        "weight_dtypes": sorted({str(p.dtype) for p in net.get_parameters()}),
        "network_amp_level": getattr(net, "_amp_level", None),
        "returned_amp_level": getattr(returned, "_amp_level", None),
    }
