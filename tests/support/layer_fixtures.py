"""Replay a layer case recorded from MindSpore 2.10 by ``scripts/record_nn_breadth_fixtures.py``:
build the same constructor text with deepsink, check the parameter names are MindSpore's, set the
recorded parameter values, run forward (eval mode) and the recorded input gradient."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import deepsink as ms
from deepsink import Tensor, nn, ops

LAYERS = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_breadth" / "layers"


def case_names(prefixes: tuple[str, ...], root: Path = LAYERS) -> list[str]:
    return sorted(p.stem for p in root.glob("*.npz") if p.stem.startswith(prefixes))


def _flat(x):
    if isinstance(x, tuple | list):
        return [v for item in x for v in _flat(item)]
    return [x]


def _rebuild(template, values):
    """Fill the (nested tuple) structure of ``template`` with ``values`` in order."""
    it = iter(values)

    def go(t):
        if isinstance(t, tuple | list):
            return type(t)(go(v) for v in t)
        return Tensor(next(it))

    return go(template)


def replay(
    name: str, rtol: float = 1e-5, atol: float = 1e-5, check_grad: bool = True, root: Path = LAYERS
) -> None:
    data = np.load(root / f"{name}.npz")
    build = str(data["__build__"])
    net = eval(build, {"nn": nn, "ops": ops, "ms": ms, "np": np, "Tensor": Tensor})  # noqa: S307
    names = json.loads(str(data["__params__"]))
    got_names = [n for n, _ in net.parameters_and_names()]
    assert got_names == names, f"{build}: parameter names {got_names} != MindSpore's {names}"
    params = dict(net.parameters_and_names())
    for n in names:
        v = data["param/" + n]
        assert tuple(params[n].shape) == v.shape, (n, params[n].shape, v.shape)
        params[n].set_data(Tensor(v))
    # positional inputs: the recorded flat arrays, in the structure the expressions make
    rng = np.random.RandomState(0)
    shapes = [eval(e, {"rng": rng, "np": np}) for e in json.loads(str(data["__args__"]))]  # noqa: S307
    flat_args = [data[f"arg{i}"] for i in range(len(_flat(shapes)))]
    args = list(_rebuild(tuple(shapes), flat_args))
    kwargs = {}
    for k, expr in json.loads(str(data["__kwargs__"])).items():
        recorded = "kw/" + k
        kwargs[k] = Tensor(data[recorded]) if recorded in data.files else eval(expr)  # noqa: S307
    net.set_train(False)
    outs = _flat(net(*args, **kwargs))
    n_out = len([k for k in data.files if k.startswith("out")])
    assert len(outs) == n_out, f"{build}: {len(outs)} outputs, MindSpore gives {n_out}"
    for i, o in enumerate(outs):
        np.testing.assert_allclose(
            o.asnumpy(), data[f"out{i}"], rtol=rtol, atol=atol, err_msg=f"{build} output {i}"
        )
    grad_pos = sorted(int(k[4:]) for k in data.files if k.startswith("grad"))
    if not grad_pos or not check_grad:
        return
    weights = [Tensor(data[f"w{i}"]) for i in range(n_out)]

    def f(*xs):
        full = list(args)
        for i, x in zip(grad_pos, xs):
            full[i] = x
        res = _flat(net(*full, **kwargs))
        return sum((r * w).sum() for r, w in zip(res, weights))

    grads = _flat(
        ms.grad(f, grad_position=tuple(range(len(grad_pos))))(*[args[i] for i in grad_pos])
    )
    for i, g in zip(grad_pos, grads):
        np.testing.assert_allclose(
            g.asnumpy(),
            data[f"grad{i}"],
            rtol=rtol * 10,
            atol=atol * 10,
            err_msg=f"{build} input gradient {i}",
        )
