"""Seeded programs whose random ops deepsink must draw as MindSpore 2.10 draws them: one list for
the recorder (``scripts/record_random_op_fixtures.py``, run on MindSpore) and the test
(``tests/ops/test_random_streams.py``, run on deepsink). Each case takes the framework module
(``mindspore`` or ``deepsink``) and returns the arrays it drew, in order."""

from __future__ import annotations

import numpy as np


def _np(t) -> np.ndarray:
    return np.asarray(t.asnumpy())


def functional(ms):
    ops, T = ms.ops, ms.Tensor
    f32, i32 = ms.float32, ms.int32
    lo, hi = T(-1.0, f32), T(2.0, f32)

    def standard_normal(seed):
        def case():
            ms.set_seed(seed)
            a = ops.standard_normal((2, 3))
            b = ops.standard_normal((5,))
            c = ops.standard_normal((4,), seed=7)
            d = ops.standard_normal((4,), seed=7)
            return [_np(a), _np(b), _np(c), _np(d)]

        return case

    def gan_latents():
        # a GAN's latent codes: set_seed, then one batch of codes per step
        ms.set_seed(1234)
        return [_np(ops.standard_normal((64, 100))) for _ in range(3)]

    def large_normal():
        ms.set_seed(11)
        return [_np(ops.standard_normal((300, 700)))]

    def normal():
        ms.set_seed(2)
        a = ops.normal((3, 2), T(1.0, f32), T(2.0, f32))
        b = ops.normal((2,), T(np.array([[0.0], [10.0]], np.float32)), T(0.5, f32))
        c = ops.normal((3,), T(0.0, f32), T(1.0, f32), seed=5)
        return [_np(a), _np(b), _np(c)]

    def uniform():
        ms.set_seed(3)
        a = ops.uniform((2, 3), lo, hi)
        b = ops.uniform((6,), T(0, i32), T(7, i32), dtype=i32)
        c = ops.uniform((4,), lo, hi, seed=2)
        d = ops.uniform((4,), lo, hi, seed=2)
        return [_np(a), _np(b), _np(c), _np(d)]

    def rand_family():
        ms.set_seed(4)
        x = T(np.zeros((2, 2), np.float32))
        out = [ops.rand(2, 3), ops.randn(3, 2), ops.rand_like(x), ops.randn_like(x)]
        out += [ops.randint(0, 50, (2, 4)), ops.randint_like(T(np.zeros(5, np.int32)), -5, 5)]
        out += [ops.rand(3, seed=9), ops.randn((2,), seed=9)]
        return [_np(t) for t in out]

    def default_graph_seed():
        ms.set_seed(0)  # MindSpore then uses its default graph seed
        return [_np(ops.standard_normal((3,))), _np(ops.rand(3))]

    def multinomial():
        ms.set_seed(6)
        w = T(np.array([[0.1, 0.5, 0.4, 0.0], [1.0, 2.0, 3.0, 4.0]], np.float32))
        a = ops.multinomial(w, 3, replacement=False)
        b = ops.multinomial(T(np.array([1.0, 9.0, 3.0, 3.0, 0.5], np.float32)), 2, False)
        c = ops.multinomial(w, 6)  # with replacement: the Multinomial kernel
        d = ops.multinomial(T(np.array([0.0, 1.0, 3.0], np.float32)), 40, seed=4)
        return [_np(a), _np(b), _np(c), _np(d)]

    def dropout():
        ms.set_seed(5)
        x = ops.ones((4, 5), f32)
        layer = ms.nn.Dropout(p=0.3)
        layer.set_train()
        out = [layer(x), layer(x), ops.dropout(x, 0.5), ops.dropout(x, 0.5)]
        out.append(ops.dropout(x, 0.2, seed=3))
        prim = ops.Dropout(0.6, 3, 4)
        out += list(prim(T(np.arange(6, dtype=np.float32)))) + [prim(x)[1]]
        out.append(prim(T(np.ones((3, 3), np.float16)))[0])
        return [_np(t) for t in out]

    def primitives():
        p = ops.StandardNormal(1, 2)
        u = ops.UniformReal(3, 4)
        k = ops.UniformInt(5, 6)
        wide = ops.UniformInt(7, 8)  # a range of 2**31 + 1: about half the draws rejected
        w_lo, w_hi = T(-(2**30) - 1, i32), T(2**30, i32)
        # one kernel per instance and input signature: other shapes start from the seeds
        out = [p((3,)), p((2, 2)), p((3,)), u((2, 2)), u((3,)), u((2, 2))]
        out += [k((5,), T(-3, i32), T(1000, i32)), k((5,), T(-3, i32), T(1000, i32))]
        out.append(wide((40,), w_lo, w_hi))
        return [_np(t) for t in out]

    def numpy_random():
        mnp = ms.numpy
        ms.set_seed(3)
        return [
            _np(mnp.randn(2, 3)),
            _np(mnp.rand(2, 3)),
            _np(mnp.randint(0, 10, (2, 3))),
            _np(mnp.randn(3)),
            _np(mnp.randint(7)),
        ]

    return {
        "standard_normal_seed1": standard_normal(1),
        "standard_normal_seed42": standard_normal(42),
        "gan_latents": gan_latents,
        "large_normal": large_normal,
        "normal": normal,
        "uniform": uniform,
        "rand_family": rand_family,
        "default_graph_seed": default_graph_seed,
        "multinomial": multinomial,
        "dropout": dropout,
        "primitives": primitives,
        "numpy_random": numpy_random,
    }


def graph(ms):
    """Random ops inside GRAPH_MODE Cells: seeds taken when the Cell compiles, each op's engine
    continuing from one run to the next."""
    ops, nn, T = ms.ops, ms.nn, ms.Tensor

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.drop = nn.Dropout(p=0.4)
            self.normal = ops.StandardNormal(1, 2)

        def construct(self, x):
            z = ops.standard_normal((2, 3))
            return self.drop(x) + z, self.normal((3,)), ops.uniform((3,), T(0.0), T(1.0))

    def case():
        ms.set_seed(8)
        return graph_runs(ms, Net(), T(np.ones((2, 3), np.float32)))

    return {"graph_cell": case}


def graph_runs(ms, net, x, runs: int = 3) -> list:
    """Every output of ``runs`` calls of the training-mode Cell ``net`` on ``x`` in GRAPH_MODE."""
    net.set_train()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = []
        for _ in range(runs):
            out += [_np(t) for t in net(x)]
        return out
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def all_cases(ms):
    return {**functional(ms), **graph(ms)}


def check(got: list[dict], want: list[dict], rtol: float = 1e-6) -> None:
    """Assert that the summaries ``got`` (deepsink) are the recorded ``want`` (MindSpore):
    integers exactly, floats to float32 rounding (``rtol``)."""
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g["shape"] == w["shape"] and g["dtype"] == w["dtype"], (i, g, w)
        for key in ("values", "head", "tail"):
            if key in w:
                if w["dtype"].startswith(("int", "bool")):
                    assert g[key] == w[key], (i, key)
                else:
                    np.testing.assert_allclose(
                        g[key], w[key], rtol=rtol, atol=1e-7, err_msg=f"array {i} {key}"
                    )
        np.testing.assert_allclose(g["sum"], w["sum"], rtol=1e-5, atol=1e-4, err_msg=f"sum {i}")


def summarize(arrays) -> list[dict]:
    """What a fixture keeps of each array: shape, dtype, sum, and all values (the first and last
    16 of a large one)."""
    out = []
    for a in arrays:
        flat = a.reshape(-1)
        entry = {
            "shape": list(a.shape),
            "dtype": str(a.dtype),
            "sum": float(np.sum(a, dtype=np.float64)),
        }
        if flat.size <= 64:
            entry["values"] = flat.tolist()
        else:
            entry["head"], entry["tail"] = flat[:16].tolist(), flat[-16:].tolist()
        out.append(entry)
    return out
