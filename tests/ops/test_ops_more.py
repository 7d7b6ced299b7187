"""The additional ops (elementwise math, layout, gather/scatter, reductions, linear algebra,
``strided_slice`` with every mask, ``unique``) against MindSpore 2.10's own results.

``tests/fixtures/ms/ops_more/cases.json`` holds each case as the expression MindSpore evaluated
(``scripts/record_ops_more_fixtures.py``) and its outputs; the same expression runs here on
deepsink. Cases where MindSpore's CPU build has no kernel (``fmin``, ``roll``, ``rot90``,
``einsum``: RuntimeError) are checked against NumPy instead; so are two ``strided_slice`` mask
cases where 2.10's CPU kernel disagrees with MindSpore's documentation (TensorFlow's semantics):
with ``ellipsis_mask`` it ignores the slice after the ellipsis, and with ``new_axis_mask`` it
returns rows of the wrong slice (uninitialised memory: the zeros of the recording read
differently in GRAPH_MODE). deepsink follows the documentation there (docs/limitations.md); the
test checks the recording says what this note claims.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import operations as P

DATA = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "ops_more" / "cases.json").read_text()
)
ENV = {"np": np, "ms": ms, "ops": ops, "P": P, "Tensor": Tensor}
ENV.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
CASES = {c["name"]: c for c in DATA["cases"]}
NO_CPU_KERNEL = {
    "fmin": lambda e: np.fmin(e["F"], e["G"]),
    "roll": lambda e: np.roll(e["F"], 1, 1),
    "rot90": lambda e: np.rot90(e["S"], 1, (0, 1)),
    "einsum": lambda e: np.einsum("ij,jk->ik", e["F"], e["S"]),
}
DOCUMENTED = {
    "strided_slice_ellipsis": lambda e: np.arange(24).reshape(2, 3, 4)[..., 1:3],
    "strided_slice_newaxis": lambda e: np.arange(24).reshape(2, 3, 4)[None, 0:2],
}


def _outputs(out) -> list:
    return list(out) if isinstance(out, tuple | list) else [out]


@pytest.mark.parametrize(
    "case",
    [c for c in DATA["cases"] if "outputs" in c and c["name"] not in DOCUMENTED],
    ids=lambda c: c["name"],
)
def test_matches_mindspore(case: dict) -> None:
    got = _outputs(eval(case["expr"], ENV))
    assert len(got) == len(case["outputs"]), case["name"]
    for g, want in zip(got, case["outputs"]):
        assert str(g.dtype) == want["dtype"], case["name"]
        a = g.asnumpy()
        assert list(a.shape) == want["shape"], case["name"]
        if a.dtype.kind == "c":
            ref = np.asarray(want["value"][0]) + 1j * np.asarray(want["value"][1])
        else:
            ref = np.array(want["value"], dtype=float if a.dtype.kind == "f" else None)
        tol = 1e-3 if a.dtype == np.float16 else 1e-5
        np.testing.assert_allclose(a, ref, rtol=tol, atol=tol, equal_nan=True, err_msg=case["name"])


@pytest.mark.parametrize(
    "case",
    [c for c in DATA["cases"] if c.get("error") in ("TypeError", "ValueError", "IndexError")],
    ids=lambda c: c["name"],
)
def test_errors_as_mindspore(case: dict) -> None:
    """Bad dtypes raise TypeError, a zero stride ValueError, an out-of-range shrink IndexError."""
    with pytest.raises(getattr(__builtins__, case["error"], None) or eval(case["error"])):
        eval(case["expr"], ENV)


@pytest.mark.parametrize("name", sorted(NO_CPU_KERNEL))
def test_ops_without_a_mindspore_cpu_kernel(name: str) -> None:
    assert CASES[name]["error"] == "RuntimeError"  # recorded: the CPU build has no kernel
    got = eval(CASES[name]["expr"], ENV).asnumpy()
    np.testing.assert_allclose(got, NO_CPU_KERNEL[name](ENV), rtol=1e-6)


# What MindSpore 2.10's CPU kernel recorded for the two cases, as read from the recording.
CPU_KERNEL_READS = {
    "strided_slice_ellipsis": lambda x: x[..., 0:2],  # the slice after the ellipsis ignored
    "strided_slice_newaxis": lambda x: x[None, 0:2][:, :1, :2],  # only two rows are the right ones
}


@pytest.mark.parametrize("name", sorted(DOCUMENTED))
def test_strided_slice_masks_follow_the_documentation(name: str) -> None:
    got = eval(CASES[name]["expr"], ENV).asnumpy()
    want = DOCUMENTED[name](ENV)
    recorded = np.array(CASES[name]["outputs"][0]["value"])
    assert got.shape == want.shape == recorded.shape
    np.testing.assert_array_equal(got, want)
    # the departure is where the note says, and only there
    x = np.arange(24).reshape(2, 3, 4)
    kernel = CPU_KERNEL_READS[name](x)
    np.testing.assert_array_equal(recorded[tuple(slice(0, n) for n in kernel.shape)], kernel)
    assert not np.array_equal(recorded, want)


def test_value_dependent_ops_run_op_by_op_in_graph_mode() -> None:
    """``unique``/``nonzero``/``masked_select`` have value-dependent output shapes: a GRAPH_MODE
    Cell or ``ms.jit`` function using them runs op by op (with a warning once), as MindSpore
    runs them with dynamic shapes; a raw ``jax.jit`` gets a TypeError naming the op."""
    import jax

    x = Tensor(np.array([3.0, 0.0, 3.0, 2.0], np.float32))

    class Net(ms.nn.Cell):
        def construct(self, t):
            values, _ = ops.unique(t)
            return ops.nonzero(values)[:, 0] + ops.masked_select(t, t > 2).sum().astype(ms.int64)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Net()
        with pytest.warns(UserWarning, match="op by op"):
            first = net(x)
        np.testing.assert_array_equal(first.asnumpy(), [6, 8])
        np.testing.assert_array_equal(net(x).asnumpy(), [6, 8])  # no second warning needed
        with pytest.warns(UserWarning, match="op by op"):
            values = ms.jit(lambda t: ops.unique(t)[0])(x)
        np.testing.assert_array_equal(values.asnumpy(), [3.0, 0.0, 2.0])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(TypeError, match="PyNative"):
        jax.jit(lambda a: ops.unique(Tensor(a))[0]._data)(x._data)


def test_strided_slice_traces_and_primitive_matches_function() -> None:
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    prim = P.StridedSlice(begin_mask=1, end_mask=2, shrink_axis_mask=4)
    want = ops.strided_slice(x, (1, 0, 1), (2, 3, 4), (1, 2, 2), 1, 2, 0, 0, 4)
    assert np.array_equal(prim(x, (1, 0, 1), (2, 3, 4), (1, 2, 2)).asnumpy(), want.asnumpy())
    jitted = ms.jit(lambda t: ops.strided_slice(t, (0, 1), (0, 3), (1, 1), ellipsis_mask=1))
    np.testing.assert_array_equal(jitted(x).asnumpy(), x.asnumpy()[..., 1:3])


def test_new_primitives_are_under_mindspores_module_paths() -> None:
    from deepsink.ops.operations import array_ops, math_ops

    assert math_ops.Hypot is P.Hypot and math_ops.MatMul is P.MatMul
    assert array_ops.TensorScatterAdd is P.TensorScatterAdd and array_ops.Reshape is P.Reshape
    x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    assert float(x.det()) == pytest.approx(-2.0) and float(x.trace()) == 5.0


def test_tensor_axis_of_a_graph_cell_runs_op_by_op() -> None:
    """An axis passed to a GRAPH_MODE Cell as a Tensor input decides the output's rank; the
    Cell runs op by op (MindSpore's dynamic rank) instead of failing on a traced axis."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.reduce_sum = P.ReduceSum(keep_dims=False)

        def construct(self, x, axis):
            return self.reduce_sum(x, axis)

    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.warns(UserWarning, match="op by op"):
            out = Net()(x, Tensor(np.array([1], np.int64)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(out.asnumpy(), [3.0, 12.0])
