"""GradOperation / grad / value_and_grad against MindSpore's recorded outputs (fixtures/ms/grad)."""

import json
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops

FIX = Path(__file__).parent.parent / "fixtures" / "ms" / "grad"


class GradNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)

    def construct(self, x, y):
        return self.fc(x * y)


def _load(case):
    d = np.load(FIX / f"{case}.npz")
    net = GradNet()
    net.fc.weight.set_data(ms.Tensor(d["param:fc.weight"]))
    net.fc.bias.set_data(ms.Tensor(d["param:fc.bias"]))
    outs = [
        d[k] for k in sorted((k for k in d.files if k.startswith("out_")), key=lambda k: int(k[4:]))
    ]
    return d, json.loads(str(d["spec"])), net, ms.Tensor(d["in_0"]), ms.Tensor(d["in_1"]), outs


def _flat(result):
    leaves = jax.tree_util.tree_leaves(result, is_leaf=lambda t: isinstance(t, ms.Tensor))
    return [np.asarray(t.asnumpy()) for t in leaves]


def _run(case, net, x, y, d):
    w = net.trainable_params()
    if case in ("default", "get_all", "get_by_list", "get_all_get_by_list"):
        kw = {
            "default": {},
            "get_all": {"get_all": True},
            "get_by_list": {"get_by_list": True},
            "get_all_get_by_list": {"get_all": True, "get_by_list": True},
        }[case]
        g = ops.GradOperation(**kw)
        return g(net, w)(x, y) if kw.get("get_by_list") else g(net)(x, y)
    if case in ("sens_param", "get_all_sens_param"):
        g = ops.GradOperation(get_all=case == "get_all_sens_param", sens_param=True)
        return g(net)(x, y, ms.Tensor(d["sens"]))
    if case == "ms_grad":
        return ms.grad(lambda a, b: net(a, b).sum(), grad_position=(0, 1), weights=w)(x, y)
    if case == "ms_grad_pos0":
        return ms.grad(lambda a, b: net(a, b).sum(), grad_position=0)(x, y)
    if case == "value_and_grad_pos01":
        return ms.value_and_grad(lambda a, b: (net(a, b) ** 2).mean(), grad_position=(0, 1))(x, y)
    if case == "value_and_grad_has_aux":

        def f(a, b):
            o = net(a, b)
            return (o * o).sum(), o

        return ms.value_and_grad(f, grad_position=0, weights=w, has_aux=True)(x, y)
    raise AssertionError(case)


CASES = sorted(p.stem for p in FIX.glob("*.npz"))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("case", CASES)
def test_grad_matches_mindspore(case, mode):
    d, spec, net, x, y, outs = _load(case)
    ms.set_context(mode=mode)
    if mode == ms.GRAPH_MODE:
        result = ms.jit(lambda a, b: _run(case, net, a, b, d))(x, y)
    else:
        result = _run(case, net, x, y, d)
    got = _flat(result)
    assert len(got) == len(outs), spec["call"]
    for g, want in zip(got, outs):
        np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-6, err_msg=spec["call"])


def test_grad_of_non_scalar_output_uses_ones_sensitivity():
    """MindSpore's rule: with no sensitivity, every float output gets all ones (fixture ms_grad_pos0
    records ms.grad(net) on the (4, 2) output), so grad(f) == grad(f.sum())."""
    d, _, net, x, y, outs = _load("ms_grad_pos0")
    got = ms.grad(net, grad_position=0)(x, y)
    np.testing.assert_allclose(got.asnumpy(), outs[0], rtol=1e-5, atol=1e-6)
    summed = ms.grad(lambda a, b: net(a, b).sum(), grad_position=0)(x, y)
    np.testing.assert_allclose(got.asnumpy(), summed.asnumpy(), rtol=1e-6)


def test_tuple_output_sums_every_float_output():
    net = GradNet()
    x = ms.Tensor(np.ones((4, 3), np.float32))
    got = ms.grad(lambda a, b: (net(a, b), a * b, 3, "tag"), grad_position=(0, 1))(x, x)
    want = ms.grad(lambda a, b: net(a, b).sum() + (a * b).sum(), grad_position=(0, 1))(x, x)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.asnumpy(), w.asnumpy(), rtol=1e-6)


def test_grad_position_out_of_range():
    """MindSpore raises RuntimeError ('Position index 5 is exceed input size.')."""
    net = GradNet()
    x = ms.Tensor(np.ones((4, 3), np.float32))
    with pytest.raises(RuntimeError, match="position index 5 in 'grad_position' exceeds"):
        ms.grad(lambda a, b: net(a, b).sum(), grad_position=5)(x, x)
