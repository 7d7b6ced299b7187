"""ops.Custom (pyfunc; hybrid run as Python), PyFunc, Morph, kernel, the registration builders,
TensorDump/DumpGradient and the summary primitives: values, gradients and dump files equal what
MindSpore 2.10 gives (tests/fixtures/ms/custom_ops, scripts/record_custom_ops_fixtures.py), in
PyNative, under jit and GRAPH_MODE."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.ops.operations.summary_ops import take_summary_data
from deepsink.train.summary import SummaryRecord, _events

ROOT = Path(__file__).resolve().parents[2]
FIX = json.loads((ROOT / "tests/fixtures/ms/custom_ops/cases.json").read_text())
X = ms.Tensor(np.array(FIX["x"], np.float32))
Y = ms.Tensor(np.array(FIX["y"], np.float32))


def mul_add(a, b):
    return a * b + 1


def mul_add_bprop(a, b, out, dout):
    return (dout * b * 2, dout * a * 3)


def two_outputs(a):
    return a + 1, (a * 2).astype(np.int32)


@ops.kernel
def hybrid_add(a, b):
    out = output_tensor(a.shape, a.dtype)  # noqa: F821 - a Hybrid DSL intrinsic
    for i in range(a.shape[0]):
        out[i] = a[i] + b[i]
    return out


def _op(bprop=mul_add_bprop):
    return ops.Custom(mul_add, lambda a, b: a, lambda a, b: a, "pyfunc", bprop=bprop)


def test_pyfunc_forward_and_bprop_match_mindspore():
    op = _op()
    np.testing.assert_allclose(op(X, Y).asnumpy(), FIX["pyfunc"])
    grads = ms.grad(lambda a, b: op(a, b).sum(), grad_position=(0, 1))(X, Y)
    for g, want in zip(grads, FIX["pyfunc_grad"]):
        np.testing.assert_allclose(g.asnumpy(), want)
    jitted = ms.grad(ms.jit(lambda a, b: op(a, b).sum()), grad_position=(0, 1))(X, Y)
    for g, want in zip(jitted, FIX["pyfunc_grad"]):
        np.testing.assert_allclose(g.asnumpy(), want)


def test_pyfunc_under_jit_and_graph_mode():
    op = _op()

    @ms.jit
    def f(a, b):
        return op(a, b) * 2

    np.testing.assert_allclose(f(X, Y).asnumpy(), np.array(FIX["pyfunc"]) * 2)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = op

        def construct(self, a, b):
            return self.op(a, b) + 1

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        np.testing.assert_allclose(Net()(X, Y).asnumpy(), np.array(FIX["pyfunc"]) + 1)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_pyfunc_several_outputs_and_missing_bprop():
    for shape, dtype in (
        (((3,), (3,)), (ms.float32, ms.int32)),
        (lambda a: (a, a), lambda a: (a, ms.int32)),
    ):
        outs = ops.Custom(two_outputs, shape, dtype, "pyfunc")(X)
        assert [str(o.dtype) for o in outs] == FIX["pyfunc_multi_dtypes"]
        for o, want in zip(outs, FIX["pyfunc_multi"]):
            np.testing.assert_array_equal(o.asnumpy(), want)
    op = _op(bprop=None)
    with pytest.raises(RuntimeError, match="bprop not defined"):
        ms.grad(lambda a: op(a, Y).sum())(X)


def test_pyfunc_wrong_output_shape_and_bad_arguments():
    bad = ops.Custom(mul_add, (2,), ms.float32, "pyfunc")
    with pytest.raises(RuntimeError, match="out_shape"):
        bad(X, Y)
    with pytest.raises(TypeError, match="out_shape"):
        ops.Custom(mul_add, None, ms.float32, "pyfunc")(X, Y)
    with pytest.raises(ValueError, match="func_type"):
        ops.Custom(mul_add, (3,), ms.float32, "julia")
    for func_type in ("aot", "akg", "tbe", "aicpu"):
        with pytest.raises(NotImplementedError, match=f"func_type '{func_type}'.*'pyfunc'"):
            ops.Custom(mul_add, (3,), ms.float32, func_type)
    with pytest.raises(TypeError, match="decorated by kernel"):
        ops.Custom(mul_add, func_type="hybrid")


def test_hybrid_runs_as_python_with_inferred_shape():
    assert "output_tensor" not in globals()  # the intrinsics do not leak into the module
    np.testing.assert_allclose(hybrid_add(X.asnumpy(), Y.asnumpy()), FIX["hybrid"])
    op = ops.Custom(hybrid_add, func_type="hybrid")
    np.testing.assert_allclose(op(X, Y).asnumpy(), FIX["hybrid"])
    np.testing.assert_allclose(ms.jit(lambda a, b: op(a, b))(X, Y).asnumpy(), FIX["hybrid"])
    with pytest.raises(RuntimeError, match="AKG"):
        ms.grad(lambda a: op(a, Y).sum())(X)
    with_bprop = ops.Custom(hybrid_add, func_type="hybrid", bprop=lambda a, b, o, d: (d, d))
    np.testing.assert_allclose(ms.grad(lambda a: with_bprop(a, Y).sum())(X).asnumpy(), [1, 1, 1])


def test_reg_info_dtypes_are_checked():
    info = (
        ops.CustomRegOp()
        .input(0, "a")
        .input(1, "b")
        .output(0, "y")
        .dtype_format(ops.DataType.F32_Default, ops.DataType.F32_Default, ops.DataType.F32_Default)
        .target("CPU")
        .get_op_info()
    )
    assert info["inputs"][1] == {"index": 1, "name": "b", "paramType": "required"}
    op = ops.Custom(mul_add, lambda a, b: a, lambda a, b: a, "pyfunc", reg_info=info)
    np.testing.assert_allclose(op(X, Y).asnumpy(), FIX["pyfunc"])
    ints = ms.Tensor(np.array([1, 2, 3], np.int32))
    with pytest.raises(TypeError, match="dtype_format"):
        op(ints, ints)
    registered = ops.custom_info_register(json.dumps(info))(mul_add)
    op2 = ops.Custom(registered, lambda a, b: a, lambda a, b: a, "pyfunc")
    with pytest.raises(TypeError, match="dtype_format"):
        op2(ints, ints)
    with pytest.raises(ValueError, match="sum of input tensors and output tensors"):
        ops.CustomRegOp().input(0, "x").dtype_format(
            ops.DataType.F32_Default, ops.DataType.F32_Default
        )


def test_registration_builders_and_data_type():
    assert ops.DataType.F16_Default_Tuple == ("float16", "DefaultFormat", "tuple")
    assert ops.DataType.I8_NC1HWC0 == ("int8", "NC1HWC0")
    assert ops.DataType.None_None == ("", "")
    info = (
        ops.CpuRegOp("Abs")
        .input(0, "x", "required")
        .output(0, "y", "required")
        .attr("axis", "int")
        .dtype_format(ops.DataType.F32_Default, ops.DataType.F32_Default)
        .get_op_info()
    )
    assert info["imply_type"] == "CPU" and info["attr"] == [{"name": "axis", "type": "int"}]
    decorated = ops.op_info_register(info)(lambda: 3)
    assert decorated() == 3
    with pytest.raises(ValueError, match="op info"):
        ops.op_info_register("not json")(lambda: None)
    with pytest.raises(TypeError):
        ops.CustomRegOp().input("0")
    with pytest.raises(NotImplementedError, match="AKG"):
        ops.AkgGpuRegOp("Abs")
    with pytest.raises(NotImplementedError, match="C\\+\\+"):
        ops.CustomOpBuilder("x", "x.cpp")


def test_pyfunc_primitive_and_morph():
    py = ops.PyFunc(
        lambda a, b: a + b, [ms.float32, ms.float32], [(3,), (3,)], [ms.float32], [(3,)]
    )
    for o, want in zip(py(X, Y), FIX["pyfunc_prim"]):
        np.testing.assert_allclose(o.asnumpy(), want)
    np.testing.assert_allclose(ms.jit(lambda a: py(a, Y)[0])(X).asnumpy(), FIX["pyfunc_prim"][0])
    with pytest.raises(ValueError, match="input 0"):
        py(ms.Tensor(np.ones(2, np.float32)), Y)

    def times100(a):
        return a * 100

    def same(a):
        return a

    def seven(a, out, dout):
        return (dout * 7,)

    morph, morph_bp = ops.Morph(times100, same, same), ops.Morph(times100, same, same, seven)
    with pytest.raises(RuntimeError, match="GRAPH_MODE"):
        morph(X)
    np.testing.assert_allclose(ms.jit(lambda a: morph(a))(X).asnumpy(), X.asnumpy() * 100)
    grad = ms.grad(ms.jit(lambda a: morph(a).sum()))(X)
    np.testing.assert_allclose(grad.asnumpy(), FIX["morph_grad"])
    grad = ms.grad(ms.jit(lambda a: morph_bp(a).sum()))(X)
    np.testing.assert_allclose(grad.asnumpy(), FIX["morph_bprop_grad"])


def _ids(names):
    return [int(re.search(r"_(\d+)\.npy$", n).group(1)) for n in names]


def test_tensor_dump_and_dump_gradient_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ops.TensorDump()("i", ms.Tensor(np.array([1, 2], np.int32)))
    ops.TensorDump()("b", ms.Tensor(np.array([True]), ms.bool_))
    ops.TensorDump()("bf", ms.Tensor(np.array([1.5]), ms.bfloat16))
    ops.tensordump("sub/h.npy", ms.Tensor(np.array([1.5]), ms.float16))
    dg = ops.DumpGradient()
    ms.grad(lambda a, b: dg("x_dout.npy", a, "out") * b, grad_position=(0, 1))(
        ms.Tensor(1, ms.float32), ms.Tensor(2, ms.float32)
    )
    got = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.npy"))
    want = sorted(FIX["dump_files"])
    base = min(_ids(got))
    renumber = [re.sub(r"_(\d+)\.npy$", lambda m: f"_{int(m.group(1)) - base}.npy", n) for n in got]
    assert sorted(renumber) == want
    for name, new in zip(got, renumber):
        a = np.load(tmp_path / name)
        assert str(a.dtype) == FIX["dump_files"][new]["dtype"]
        np.testing.assert_array_equal(a, FIX["dump_files"][new]["value"])
    with pytest.raises(ValueError, match="empty"):
        ops.TensorDump()("", ms.Tensor(1.0))
    with pytest.raises(ValueError, match="'all'"):
        ops.tensordump("x", ms.Tensor(1.0), "all")


def test_tensor_dump_in_compiled_code_runs_each_call(tmp_path):
    path = str(tmp_path / "jit")

    @ms.jit
    def f(x):
        ops.tensordump(path, x)
        return x + 1

    f(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    f(ms.Tensor(np.array([3.0, 4.0], np.float32)))
    import jax

    jax.effects_barrier()
    files = sorted(tmp_path.glob("jit_float32_*.npy"), key=lambda p: _ids([p.name])[0])
    assert [np.load(p).tolist() for p in files] == [[1.0, 2.0], [3.0, 4.0]]


class _SummaryNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scalar, self.tensor = ops.ScalarSummary(), ops.TensorSummary()
        self.histogram, self.image = ops.HistogramSummary(), ops.ImageSummary()

    def construct(self, x):
        self.scalar("loss", x.sum())
        self.tensor("t", x)
        self.histogram("h", x)
        self.image("img", x.reshape(1, 1, 2, 2))
        return x * 2


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_summary_ops_feed_summary_record(tmp_path, mode):
    ms.set_context(mode=mode)
    try:
        with SummaryRecord(str(tmp_path)) as record:
            net = _SummaryNet()
            net(ms.Tensor(np.arange(4.0, dtype=np.float32)))
            net(ms.Tensor(np.arange(4.0, dtype=np.float32) + 1))  # the newest value wins
            assert record.record(3)
            path = record.log_dir
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    events = [_events.parse(d) for d in _events.read_records(path)]
    values = {v.tag: v for v in events[1].summary.value}
    assert events[1].step == 3
    assert (
        sorted(
            f"{t}[:{k}]"
            for t, k in (("h", "Histogram"), ("img", "Image"), ("loss", "Scalar"), ("t", "Tensor"))
        )
        == FIX["summary_tags"]
    )
    assert sorted(values) == ["h", "img", "loss", "t"]
    assert values["loss"].scalar_value == 10.0
    assert take_summary_data() == {}


def test_summary_ops_check_their_arguments():
    with pytest.raises(TypeError, match="name must be valid string"):
        ops.ScalarSummary()("", ms.Tensor(1.0))
    with pytest.raises(TypeError, match="expect to be Tensor"):
        ops.TensorSummary()("x", 1.0)
    with pytest.raises(ValueError, match="one element"):
        ops.ScalarSummary()("x", ms.Tensor(np.ones(2, np.float32)))
    assert ops.ScalarSummary()("x", ms.Tensor(1.0)) is None
    assert take_summary_data() == {"x[:Scalar]": np.float32(1.0)}


@pytest.mark.parametrize("sink", [False, True])
def test_summary_op_in_a_trained_network_reaches_summary_collector(tmp_path, sink):
    import deepsink.dataset as ds

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense, self.summary = nn.Dense(2, 1), ops.ScalarSummary()

        def construct(self, x):
            y = self.dense(x)
            self.summary("y_mean", y.mean())
            return y

    data = ds.NumpySlicesDataset(
        {"x": np.ones((8, 2), np.float32), "y": np.ones((8, 1), np.float32)}, shuffle=False
    ).batch(2)
    net = Net()
    model = ms.train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    collector = ms.train.SummaryCollector(str(tmp_path), collect_freq=1)
    model.train(1, data, callbacks=[collector], dataset_sink_mode=sink)
    (path,) = tmp_path.glob("*summary*")
    events = [_events.parse(b) for b in _events.read_records(str(path))]
    steps = [(e.step, [v.tag for v in e.summary.value]) for e in events if e.HasField("summary")]
    assert [s for s, _ in steps] == ([4] if sink else [1, 2, 3, 4])  # a sunk epoch: its end
    assert all("y_mean" in tags for _, tags in steps)
