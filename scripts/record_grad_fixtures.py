"""Record MindSpore's GradOperation flags, ``ms.grad``, ``ms.value_and_grad`` (``grad``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_grad_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import mindspore as ms
import numpy as np
from fixture_recording import (
    flatten_out,
    np_of,
    randn,
    record,
    run_groups,
    seed_of,
)
from mindspore import Tensor, nn, ops


class GradNet(nn.Cell):
    """out = fc(x * y) with fc = nn.Dense(3, 2)."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)

    def construct(self, x, y):
        return self.fc(x * y)


def grad_cases():
    G = "grad"
    net_desc = "GradNet: out = fc(x * y), fc = nn.Dense(3, 2); x, y: (4, 3) float32"

    def setup(name):
        seed = seed_of(G, name)
        rs = np.random.RandomState(seed)
        net = GradNet()
        for _, p in net.parameters_and_names():
            p.set_data(Tensor(randn(rs, *p.shape, scale=0.5)))
        x, y = randn(rs, 4, 3), randn(rs, 4, 3)
        sens = randn(rs, 4, 2)
        arrays = {"in_0": x, "in_1": y}
        for n, p in net.parameters_and_names():
            arrays[f"param:{n}"] = p.asnumpy().copy()
        base = {
            "net": net_desc,
            "seed": seed,
            "param_order": [n for n, _ in net.parameters_and_names()],
        }
        return net, Tensor(x), Tensor(y), sens, arrays, base

    def G1(name, kwargs, *, sens=False, by_list=False, notes=""):
        def fn():
            net, x, y, s, arrays, base = setup(name)
            g = ops.GradOperation(**kwargs)
            gf = g(net, net.trainable_params()) if by_list else g(net)
            out = gf(x, y, Tensor(s)) if sens else gf(x, y)
            if sens:
                arrays["sens"] = s
            leaves: list = []
            st = flatten_out(out, leaves)
            for i, v in enumerate(leaves):
                arrays[f"out_{i}"] = np_of(v)
            spec = dict(base, api="ops.GradOperation", kwargs=kwargs, out_structure=st, notes=notes)
            spec["call"] = (
                "GradOperation(**kwargs)(net"
                + (", net.trainable_params()" if by_list else "")
                + ")(x, y"
                + (", sens" if sens else "")
                + ")"
            )
            return spec, arrays

        record(G, name, fn)

    G1("default", {}, notes="grad w.r.t. first input; non-scalar output, no sens => ones")
    G1("get_all", {"get_all": True})
    G1("get_by_list", {"get_by_list": True}, by_list=True)
    G1("get_all_get_by_list", {"get_all": True, "get_by_list": True}, by_list=True)
    G1("sens_param", {"sens_param": True}, sens=True)
    G1("get_all_sens_param", {"get_all": True, "sens_param": True}, sens=True)

    def fn_grad():
        net, x, y, s, arrays, base = setup("ms_grad")
        out = ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())(x, y)
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="grad",
            kwargs={"grad_position": [0, 1], "weights": "net.trainable_params()"},
            out_structure=st,
            call="ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())(x, y)",
            notes="returns ((dx, dy), (dW, db))",
        )
        return spec, arrays

    record(G, "ms_grad", fn_grad)

    def fn_grad_pos0():
        net, x, y, s, arrays, base = setup("ms_grad_pos0")
        out = ms.grad(net, grad_position=0)(x, y)
        arrays["out_0"] = np_of(out)
        spec = dict(
            base,
            api="grad",
            kwargs={"grad_position": 0},
            out_structure=0,
            call="ms.grad(net, grad_position=0)(x, y)",
        )
        return spec, arrays

    record(G, "ms_grad_pos0", fn_grad_pos0)

    def fn_vag():
        net, x, y, s, arrays, base = setup("value_and_grad_has_aux")

        def f(a, b):
            o = net(a, b)
            return (o * o).sum(), o

        out = ms.value_and_grad(f, grad_position=0, weights=net.trainable_params(), has_aux=True)(
            x, y
        )
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="value_and_grad",
            kwargs={"grad_position": 0, "weights": "net.trainable_params()", "has_aux": True},
            out_structure=st,
            call="ms.value_and_grad(f, grad_position=0, weights=net.trainable_params(), "
            "has_aux=True)(x, y) with f(x, y) = ((o * o).sum(), o), o = net(x, y)",
            notes="returns ((loss, aux), (dx, (dW, db))); aux does not contribute to grads",
        )
        return spec, arrays

    record(G, "value_and_grad_has_aux", fn_vag)

    def fn_vag2():
        net, x, y, s, arrays, base = setup("value_and_grad_pos01")

        def f(a, b):
            return (net(a, b) ** 2).mean()

        out = ms.value_and_grad(f, grad_position=(0, 1))(x, y)
        leaves: list = []
        st = flatten_out(out, leaves)
        for i, v in enumerate(leaves):
            arrays[f"out_{i}"] = np_of(v)
        spec = dict(
            base,
            api="value_and_grad",
            kwargs={"grad_position": [0, 1]},
            out_structure=st,
            call="ms.value_and_grad(f, grad_position=(0, 1))(x, y), f = (net(x, y) ** 2).mean()",
        )
        return spec, arrays

    record(G, "value_and_grad_pos01", fn_vag2)


GROUPS = {"grad": grad_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
