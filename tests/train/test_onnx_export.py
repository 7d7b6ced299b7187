"""export(file_format="ONNX"): ONNX Runtime runs deepsink's files with deepsink's (and MindSpore
2.10's) outputs.

Writing ONNX needs the optional ``onnx`` extra (jax2onnx, which pulls flax, equinox, orbax and
more) and checking it needs onnxruntime: the tests that convert skip without them; the checks
made before converting (options, the missing converter) run everywhere.
"""

from __future__ import annotations

import importlib.util
import os
import stat
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.common.tensor import Tensor

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
FIX = ROOT / "tests" / "fixtures" / "mindir_exports"

import record_mindir_exports as recorder  # noqa: E402

HAVE_ONNX = all(importlib.util.find_spec(m) for m in ("jax2onnx", "onnx", "onnxruntime"))
needs_onnx = pytest.mark.skipif(
    not HAVE_ONNX,
    reason="jax2onnx and onnxruntime are not installed (pip install 'deepsink[onnx]' onnxruntime)",
)


def _run(path: Path, *xs: np.ndarray) -> list:
    import onnxruntime as ort

    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return sess.run(None, {i.name: x for i, x in zip(sess.get_inputs(), xs)})


@needs_onnx
@pytest.mark.parametrize(
    "name",
    ["lenet", "resnet", "mobilenetv2", "lstm", "transformer", "activations", "gather_cumsum"],
)
def test_onnxruntime_runs_the_exported_network_with_deepsinks_outputs(name, tmp_path):
    net, x = recorder.build(name)
    ms.export(net, Tensor(x), file_name=str(tmp_path / name), file_format="ONNX")
    path = tmp_path / f"{name}.onnx"
    import onnx

    model = onnx.load(str(path))
    onnx.checker.check_model(model)
    (out,) = _run(path, x)
    np.testing.assert_allclose(out, net(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-5)
    # what MindSpore 2.10 computed for the same network (from its MindIR file)
    np.testing.assert_allclose(out, np.load(FIX / f"{name}.npz")["ms_out"], rtol=1e-5, atol=1e-5)
    # the Parameters are the initializers, by name; the input is named after construct's argument
    inits = {i.name: onnx.numpy_helper.to_array(i) for i in model.graph.initializer}
    for p in net.get_parameters():
        np.testing.assert_array_equal(inits[p.name], p.asnumpy())
    assert [i.name for i in model.graph.input] == ["x"]
    assert model.producer_name == "MindSpore"


@needs_onnx
def test_max_pooling_is_a_two_d_maxpool_on_the_nchw_tensor(tmp_path):
    net, x = recorder.build("lenet")
    ms.export(net, Tensor(x), file_name=str(tmp_path / "lenet"), file_format="ONNX")
    import onnx

    model = onnx.load(str(tmp_path / "lenet.onnx"))
    pools = [n for n in model.graph.node if n.op_type == "MaxPool"]
    assert len(pools) == 2
    for pool in pools:
        attrs = {a.name: list(a.ints) for a in pool.attribute}
        assert attrs["kernel_shape"] == [2, 2] and attrs["strides"] == [2, 2]
    assert not [n for n in model.graph.node if n.op_type in ("Unsqueeze", "Squeeze")]


class _SiLUFill(nn.Cell):
    def __init__(self):
        super().__init__()
        self.silu = nn.SiLU()
        self.fill_v2 = ops.FillV2()

    def construct(self, x):
        y = self.silu(x)
        scale = ops.fill(ms.float32, (2, 3), y.mean())  # Fill of a value computed at run time
        shift = self.fill_v2((2, 3), ms.Tensor(0.5, ms.float32))
        return y * scale + shift


@needs_onnx
def test_silu_and_fill_export(tmp_path):
    net = _SiLUFill()
    x = np.linspace(-3, 3, 6, dtype=np.float32).reshape(2, 3)
    ms.export(net, Tensor(x), file_name=str(tmp_path / "f"), file_format="ONNX")
    (out,) = _run(tmp_path / "f.onnx", x)
    y = x / (1 + np.exp(-x))
    np.testing.assert_allclose(out, y * y.mean() + 0.5, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(out, net(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-6)


class _Bessel(nn.Cell):
    def construct(self, x):
        return ops.bessel_j0(x)


@needs_onnx
def test_operation_without_onnx_operator_is_named_with_its_line(tmp_path):
    with pytest.raises(
        ValueError,
        match=r"ONNX has no operator for the JAX primitive 'pure_callback' .*test_onnx_export\.py:\d+",
    ):
        ms.export(
            _Bessel(),
            Tensor(np.ones((3,), np.float32)),
            file_name=str(tmp_path / "b"),
            file_format="ONNX",
        )
    assert not list(tmp_path.iterdir())


@needs_onnx
def test_file_is_read_only_encrypted_by_a_function_and_the_mode_restored(tmp_path):
    net, x = recorder.build("mlp")
    net.set_train(True)
    ms.export(net, Tensor(x), file_name=str(tmp_path / "m.onnx"), file_format="ONNX")
    path = tmp_path / "m.onnx"
    assert [p.name for p in tmp_path.iterdir()] == ["m.onnx"]
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR
    assert net.training
    ms.export(net, Tensor(x), file_name=str(tmp_path / "m"), file_format="ONNX")  # overwrites

    def xor(data, key):
        return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))

    key = b"0123456789abcdef"
    ms.export(
        net, Tensor(x), file_name=str(tmp_path / "e"), file_format="ONNX", enc_key=key, enc_mode=xor
    )
    plain = path.read_bytes()
    assert (tmp_path / "e.onnx").read_bytes() == xor(plain, key)


def test_onnx_options_checked_as_mindspore_checks_them(tmp_path):
    net, x = nn.Dense(2, 1), Tensor(np.ones((1, 2), np.float32))
    key = b"0123456789abcdef"
    with pytest.raises(
        ValueError, match="AIR/ONNX only support customized encryption, but got AES-GCM"
    ):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="ONNX", enc_key=key)
    with pytest.raises(
        ValueError, match="The parameter 'enc_key' must be isinstance of <class 'bytes'>, but got k"
    ):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="ONNX", enc_key="k")
    with pytest.raises(ValueError, match="only support nn.Cell object, but got <class 'function'>"):
        ms.export(lambda t: t, x, file_name=str(tmp_path / "n"), file_format="ONNX")
    import deepsink.dataset as ds

    images = ds.NumpySlicesDataset({"image": np.ones((2, 2), np.float32)}, shuffle=False)
    with pytest.raises(NotImplementedError, match="an ONNX file has no place for the dataset"):
        ms.export(net, images, file_name=str(tmp_path / "n"), file_format="ONNX")
    assert not list(tmp_path.iterdir())


def test_without_jax2onnx_the_error_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "jax2onnx", None)
    net, x = nn.Dense(2, 1), Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(ImportError, match=r"needs the jax2onnx .*deepsink\[onnx\]"):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="ONNX")
    assert not list(tmp_path.iterdir())


@needs_onnx
@pytest.mark.slow
@pytest.mark.parametrize("model", ["resnet50", "mobilenet_v2_100"])
def test_full_resnet50_and_mobilenetv2_run_in_onnxruntime(model, tmp_path):
    """mindcv's full networks (a minute or more each on a CPU), BatchNorm statistics randomized."""
    from mindir_networks import randomize_bn

    from deepsink._core.alias import install_alias

    saved = dict(os.environ)
    install_alias()  # mindcv's 'import mindspore' gets deepsink
    try:
        mindcv = pytest.importorskip("mindcv")
        ms.set_seed(0)
        net = mindcv.create_model(model, num_classes=10)
    finally:
        os.environ.clear()
        os.environ.update(saved)
        for name in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
            del sys.modules[name]
    randomize_bn(ms, net, np.random.default_rng(0))
    net.set_train(False)
    x = np.random.default_rng(1).standard_normal((2, 3, 64, 64)).astype(np.float32)
    ms.export(net, Tensor(x), file_name=str(tmp_path / model), file_format="ONNX")
    (out,) = _run(tmp_path / f"{model}.onnx", x)
    ref = net(Tensor(x)).asnumpy()
    assert np.abs(ref).max() > 1e-2
    # within 1e-5 of the output's scale (float32 sums over 50 layers differ in their order)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5 * np.abs(ref).max())


class _Sorted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sort = ops.Sort(axis=0, descending=True)

    def construct(self, x):
        return self.sort(x)


@needs_onnx
def test_float64_network_with_two_outputs(tmp_path):
    """A float64 input stays float64 in the file (jax2onnx's double precision), both outputs kept."""
    x = np.array([[0.62, 0.28, 0.43, 0.61], [0.22, 0.63, 0.18, 0.49]])
    net = _Sorted()
    ms.export(net, Tensor(x), file_name=str(tmp_path / "s"), file_format="ONNX")
    values, indices = _run(tmp_path / "s.onnx", x)
    want_values, want_indices = net(Tensor(x))
    assert values.dtype == np.float64
    np.testing.assert_array_equal(values, want_values.asnumpy())
    np.testing.assert_array_equal(indices, want_indices.asnumpy())


@needs_onnx
def test_onnx_export_names_and_parameters_options(tmp_path):
    import onnx

    net, x = recorder.build("mlp")
    ms.onnx.export(net, Tensor(x), file_name=str(tmp_path / "a"), input_names=["features"],
                   output_names=["probs"])  # fmt: skip
    model = onnx.load(str(tmp_path / "a.onnx"))
    assert [i.name for i in model.graph.input] == ["features"]
    assert [o.name for o in model.graph.output] == ["probs"]
    (out,) = _run(tmp_path / "a.onnx", x)
    np.testing.assert_allclose(out, net(Tensor(x)).asnumpy(), rtol=1e-5, atol=1e-6)
    names = [p.name for p in net.get_parameters()]
    # export_params=False: the Parameters are inputs without values, fed at run time
    ms.onnx.export(net, Tensor(x), file_name=str(tmp_path / "b.onnx"), export_params=False)
    model = onnx.load(str(tmp_path / "b.onnx"))
    assert not {i.name for i in model.graph.initializer} & set(names)
    assert [i.name for i in model.graph.input] == [*names, "x"]
    feeds = [p.asnumpy() for p in net.get_parameters()]
    (out_b,) = _run(tmp_path / "b.onnx", *feeds, x)
    np.testing.assert_allclose(out_b, out, rtol=1e-6, atol=1e-7)
    # keep_initializers_as_inputs: values there, and the inputs can override them
    ms.onnx.export(net, Tensor(x), file_name=str(tmp_path / "c"), keep_initializers_as_inputs=True)
    model = onnx.load(str(tmp_path / "c.onnx"))
    assert set(names) <= {i.name for i in model.graph.initializer}
    assert [i.name for i in model.graph.input] == [*names, "x"]


def test_onnx_export_checks_its_options_as_mindspore(tmp_path):
    import deepsink.dataset as ds

    net, x = nn.Dense(2, 1), Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(ValueError, match="The parameter 'net' must be isinstance of"):
        ms.onnx.export(lambda t: t, x, file_name=str(tmp_path / "n"))
    with pytest.raises(
        ValueError,
        match="The parameter 'input_names' must be isinstance of <class 'list'>, but got a",
    ):
        ms.onnx.export(net, x, file_name=str(tmp_path / "n"), input_names="a")
    with pytest.raises(ValueError, match="'dynamic_axes' must be isinstance of <class 'dict'>"):
        ms.onnx.export(net, x, file_name=str(tmp_path / "n"), dynamic_axes=[0])
    with pytest.raises(ValueError, match="key 'y' of 'dynamic_axes' must name an input"):
        ms.onnx.export(net, x, file_name=str(tmp_path / "n"), dynamic_axes={"y": {0: "batch"}})
    with pytest.raises(
        ValueError, match=r"dynamic_axes\['x'\] names axis 2, but the input has rank 2"
    ):
        ms.onnx.export(net, x, file_name=str(tmp_path / "n"), dynamic_axes={"x": {2: "batch"}})
    with pytest.raises(
        ValueError, match=r"dynamic_axes\['x'\] must be a dict of axis to axis name"
    ):
        ms.onnx.export(net, x, file_name=str(tmp_path / "n"), dynamic_axes={"x": [0]})
    images = ds.NumpySlicesDataset({"image": np.ones((2, 2), np.float32)}, shuffle=False)
    with pytest.raises(ValueError, match="Can not support dataset as inputs to export ONNX model"):
        ms.onnx.export(net, images, file_name=str(tmp_path / "n"))
    assert not list(tmp_path.iterdir())


@needs_onnx
@pytest.mark.parametrize(
    "name,axes", [("lenet", {0: "batch"}), ("transformer", {0: "batch", 1: "seq"})]
)
def test_dynamic_axes_one_model_for_every_batch_size(name, axes, tmp_path):
    """``dynamic_axes`` leaves those axes symbolic in the model: ONNX Runtime runs it on inputs of
    two other sizes with deepsink's outputs."""
    import onnx

    net, x = recorder.build(name)
    path = tmp_path / f"{name}.onnx"
    ms.onnx.export(net, Tensor(x), file_name=str(path), input_names=["x"], dynamic_axes={"x": axes})
    dims = onnx.load(str(path)).graph.input[-1].type.tensor_type.shape.dim
    assert [d.dim_param or d.dim_value for d in dims] == [
        axes.get(i, n) for i, n in enumerate(x.shape)
    ]
    rng = np.random.default_rng(5)
    for size in (1, 3):
        shape = [size if i in axes else n for i, n in enumerate(x.shape)]
        xb = rng.standard_normal(shape).astype(np.float32)
        (out,) = _run(path, xb)
        np.testing.assert_allclose(out, net(Tensor(xb)).asnumpy(), rtol=1e-5, atol=1e-5)


@needs_onnx
def test_dynamic_axes_the_converter_cannot_keep_symbolic_is_named(tmp_path):
    net, x = recorder.build("resnet")  # max pooling with SAME padding: jax2onnx's pad needs sizes
    with pytest.raises(
        NotImplementedError, match="cannot write this network with the dynamic axes"
    ):
        ms.onnx.export(net, Tensor(x), file_name=str(tmp_path / "r"), dynamic_axes={"x": {0: "b"}})
