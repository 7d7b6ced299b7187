"""The backward primitives of ``ops.operations._grad_ops`` that MindSpore's test helpers register
Python implementations for (pooling, convolution filter, batch norm, bias, resize, flatten,
concat offsets) against MindSpore 2.10's results (``tests/fixtures/ms/grad_primitives.json``,
``scripts/record_grad_primitive_fixtures.py``); ``ops.vm_impl_registry`` as 2.10 keeps it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink.ops import operations as P
from deepsink.ops.operations import _grad_ops as G

FIXTURE = json.loads(
    (
        Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "grad_primitives.json"
    ).read_text()
)
CASES = FIXTURE["cases"]


def _decode(v):
    if isinstance(v, dict) and "array" in v:
        return np.array(v["array"], v["dtype"])
    if isinstance(v, dict) and "tuple" in v:
        return tuple(_decode(e) for e in v["tuple"])
    return v


def _tensor(v):
    if isinstance(v, np.ndarray):
        return ms.Tensor(v)
    if isinstance(v, tuple) and v and isinstance(v[0], np.ndarray):
        return tuple(ms.Tensor(e) for e in v)
    return v


@pytest.mark.parametrize("case", CASES, ids=[f"{c['op']}-{i}" for i, c in enumerate(CASES)])
def test_grad_primitive_matches_2_10(case):
    op = getattr(G, case["op"])(*case["args"])
    got = op(*[_tensor(_decode(v)) for v in case["inputs"]])
    want = case["out"]
    if isinstance(want, list):
        assert isinstance(got, tuple) and len(got) == len(want)
        pairs = list(zip(got, want))
    else:
        pairs = [(got, want)]
    for g, w in pairs:
        w = _decode(w)
        assert g.asnumpy().dtype == w.dtype
        np.testing.assert_allclose(g.asnumpy(), w, rtol=1e-5, atol=1e-5)


def test_grad_primitive_errors_as_2_10():
    with pytest.raises(RuntimeError, match=r"'axis' must be in range \[-2, 2\), but got 2"):
        G.ConcatOffset(2, 2)((ms.Tensor(np.ones((2, 3))), ms.Tensor(np.ones((2, 4)))))
    with pytest.raises(RuntimeError, match="For 'FlattenGrad', the size of 'input_x'"):
        G.FlattenGrad()(ms.Tensor(np.ones((2, 12), np.float32)), (2, 3, 3))
    with pytest.raises(ValueError, match="'data_format' of 'BiasAddGrad'"):
        G.BiasAddGrad("XX")
    with pytest.raises(ValueError, match=r"rank of input_x must be in \[2,5\], but got 1"):
        G.BiasAddGrad()(ms.Tensor(np.ones(3, np.float32)))
    with pytest.raises(TypeError, match="Conv2DBackpropFilter"):
        G.Conv2DBackpropFilter()


def test_load_reads_a_copy():
    p = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="p")
    got = P.Load()(p, ms.Tensor(0))
    p.set_data(ms.Tensor(np.zeros(3, np.float32)))
    assert not isinstance(got, ms.Parameter)
    np.testing.assert_array_equal(got.asnumpy(), np.ones(3, np.float32))


def test_vm_impl_registry_as_2_10():
    from deepsink.ops import get_vm_impl_fn, vm_impl_registry
    from deepsink.ops._register_for_op import Registry

    assert isinstance(vm_impl_registry, Registry)
    assert get_vm_impl_fn("NotRegistered") is None
    assert get_vm_impl_fn(P.Softsign()) is None

    @vm_impl_registry.register(P.Softsign)
    def vm_impl_softsign(prim):
        def vm_impl(x):
            return ("softsign by", prim, x)

        return vm_impl

    try:
        # found by the class, by a primitive instance (its class) and by name
        assert id(P.Softsign) in vm_impl_registry and "Softsign" in vm_impl_registry
        # the registered function gets what was looked up: the primitive, or its name
        prim = P.Softsign()
        assert get_vm_impl_fn(prim)(1) == ("softsign by", prim, 1)
        assert get_vm_impl_fn("Softsign")(2) == ("softsign by", "Softsign", 2)
        # as on 2.10's CPU build, the registered function does not replace the kernel
        out = P.Softsign()(ms.Tensor(np.array([1.0], np.float32)))
        np.testing.assert_allclose(out.asnumpy(), [0.5])
        assert vm_impl_registry.get("NotRegistered", 7) == 7
    finally:
        del vm_impl_registry[id(P.Softsign)], vm_impl_registry["Softsign"]
