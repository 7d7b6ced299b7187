"""RMSProp, Adagrad, Adadelta, AdaMax, Rprop and ASGD: three steps on two Parameters with fixed
gradients against MindSpore 2.10 (parameters and every state variable, by MindSpore's names)."""

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_breadth" / "optim"
CASES = sorted(p.stem for p in FIX.glob("*.npz"))


def test_cases_recorded():
    assert len(CASES) >= 8


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_matches_mindspore(name, mode):
    d = np.load(FIX / f"{name}.npz")
    ps = [Parameter(Tensor(d["w0"]), name="w"), Parameter(Tensor(d["b0"]), name="b")]
    opt = eval(str(d["__build__"]), {"nn": nn, "ps": ps})  # noqa: S307
    if mode == "graph":
        ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for k in range(3):
            opt((Tensor(d[f"gw{k}"]), Tensor(d[f"gb{k}"])))
            state = dict(opt.parameters_and_names())
            keys = [key for key in d.files if key.startswith(f"step{k}/")]
            assert keys
            for key in keys:
                pname = key.split("/", 1)[1]
                assert pname in state, f"{name}: no state named {pname!r} ({sorted(state)})"
                np.testing.assert_allclose(
                    state[pname].asnumpy().reshape(d[key].shape),
                    d[key],
                    rtol=1e-5,
                    atol=1e-6,
                    err_msg=f"{name} {key}",
                )
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_trains_a_network():
    rng = np.random.RandomState(0)
    x = Tensor(rng.randn(16, 4).astype(np.float32))
    y = Tensor(rng.randn(16, 1).astype(np.float32))
    for make in (
        lambda p: nn.RMSProp(p, 0.01),
        lambda p: nn.Adagrad(p, learning_rate=0.1),
        lambda p: nn.AdaMax(p, 0.05),
        lambda p: nn.Rprop(p, 0.01),
    ):
        net = nn.Dense(4, 1)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), make(net.trainable_params()))
        first = float(step(x, y))
        for _ in range(10):
            last = float(step(x, y))
        assert last < first


def test_bad_arguments():
    p = [Parameter(Tensor(np.ones(2, np.float32)), name="w")]
    with pytest.raises(ValueError, match="etas"):
        nn.Rprop(p, etas=(1.5, 1.2))
    with pytest.raises(ValueError, match="rho"):
        nn.Adadelta(p, rho=1.5)
    with pytest.raises(ValueError, match="beta1"):
        nn.AdaMax(p, beta1=1.5)
