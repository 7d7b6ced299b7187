"""ms.load / nn.GraphCell on MindIR files written by MindSpore 2.10.

The files in tests/fixtures/ms/mindir were exported by real MindSpore 2.10
(scripts/record_mindir_fixtures.py), each with its input and what MindSpore's own GraphCell
returned for it; deepsink runs the same files and must give those outputs.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink.common.tensor import Tensor

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "mindir"
KEY = b"0123456789abcdef"  # scripts/record_mindir_fixtures.py's KEY
NETS = [
    "activations",
    "gather_cumsum",
    "lenet",
    "mlp",
    "lstm",
    "resnet",
    "mobilenetv2",
    "transformer",
    "while_loop",
    "if_branch",
    "loop_with_if",
    "loop_early_return",
]
CONTROL_FLOW = ["while_loop", "if_branch", "loop_with_if"]


def _case(name: str) -> tuple[np.ndarray, np.ndarray]:
    rec = np.load(FIX / f"{name}.npz")
    return rec["x"], rec["out"]


@pytest.mark.parametrize("name", NETS)
def test_mindspore_exported_network_runs_with_mindsporess_outputs(name):
    x, expected = _case(name)
    cell = nn.GraphCell(ms.load(str(FIX / f"{name}.mindir")))
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["lenet", "lstm"])
def test_graph_cell_runs_in_graph_mode_and_inside_jit(name):
    x, expected = _case(name)
    ms.set_context(mode=ms.GRAPH_MODE)
    cell = nn.GraphCell(ms.load(str(FIX / f"{name}.mindir")))
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-5, atol=1e-5)

    @ms.jit
    def twice(t):
        return cell(t) * 2

    np.testing.assert_allclose(twice(Tensor(x)).asnumpy(), 2 * expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", CONTROL_FLOW)
def test_control_flow_subgraphs_run_as_jax_loops_inside_jit(name, monkeypatch):
    """MindSpore's while/if sub-graphs (Switch between Partials; a body calling its header back)
    run under jit as one lax.while_loop / lax.cond each, not unrolled in Python."""
    import jax

    x, expected = _case(name)
    graph = ms.load(str(FIX / f"{name}.mindir"))
    assert len(graph.model.functions) >= 2
    made = []
    real_while, real_cond = jax.lax.while_loop, jax.lax.cond
    monkeypatch.setattr(jax.lax, "while_loop", lambda *a: made.append("while") or real_while(*a))
    monkeypatch.setattr(jax.lax, "cond", lambda *a: made.append("cond") or real_cond(*a))
    cell = nn.GraphCell(graph)
    out = ms.jit(lambda t: cell(t))(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-5, atol=1e-5)
    assert (
        made
        == {"while_loop": ["while"], "if_branch": ["cond"], "loop_with_if": ["while", "cond"]}[name]
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", ["resnet50", "mobilenetv2_full"])
def test_full_size_network_from_mindspore_with_parameters_regenerated(name, tmp_path):
    """The full-size ResNet-50 and MobileNetV2 as MindSpore 2.10 exported them, kept without the
    Parameters' bytes: deepsink draws the same Parameters from the same seed (their bytes must be
    MindSpore's, by SHA-256), puts them back, and runs the graph with MindSpore's outputs."""
    import hashlib
    import sys

    from deepsink.train.mindir import proto

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import record_mindir_exports as recorder

    rec = np.load(FIX / f"{name}.npz")
    net, x = recorder.build(name)
    np.testing.assert_array_equal(x, rec["x"])
    model = proto.ModelProto()
    model.ParseFromString((FIX / f"{name}.mindir").read_bytes())
    ours = {p.name: np.asarray(p._data) for p in net.get_parameters()}
    digest = hashlib.sha256()
    for p in model.graph.parameter:
        assert not p.raw_data
        value = ours[p.ref_key]
        assert tuple(p.dims) == value.shape
        p.raw_data = value.tobytes()
        digest.update(p.raw_data)
    assert digest.hexdigest() == str(rec["param_sha256"]), "set_seed drew other Parameters"
    (tmp_path / "full.mindir").write_bytes(model.SerializeToString())
    cell = nn.GraphCell(ms.load(str(tmp_path / "full.mindir")))
    out = cell(Tensor(x)).asnumpy()
    assert np.abs(rec["out"]).max() > 1e-2
    np.testing.assert_allclose(out, rec["out"], rtol=1e-5, atol=1e-5)


def test_loop_left_by_a_return_runs_in_pynative_only():
    """2.10 writes a return inside a while as a branch that does not call the loop's header
    back: PYNATIVE_MODE runs it (the NETS test), jit says it does not."""
    x, expected = _case("loop_early_return")
    cell = nn.GraphCell(ms.load(str(FIX / "loop_early_return.mindir")))
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), expected, rtol=1e-6)
    with pytest.raises(NotImplementedError, match="leaves it early"):
        ms.jit(lambda t: cell(t))(Tensor(x))


def test_graph_cell_parameters_are_the_exporting_networks():
    cell = nn.GraphCell(ms.load(str(FIX / "lenet.mindir")))
    names = sorted(p.name for p in cell.get_parameters())
    assert names == sorted(f"{layer}.{kind}" for layer in ("conv1", "conv2", "fc1", "fc2", "fc3")
                           for kind in ("weight", "bias") if not (layer.startswith("conv") and kind == "bias"))  # fmt: skip
    assert cell.get_parameters().__next__().shape == (6, 1, 5, 5)


def test_params_init_replaces_a_parameter():
    x, expected = _case("mlp")
    graph = ms.load(str(FIX / "mlp.mindir"))
    zero = Tensor(np.zeros(graph.params["fc3.weight"].shape, np.float32))
    bias = graph.params["fc3.bias"]
    out = nn.GraphCell(graph, params_init={"fc3.weight": zero, "absent": zero})(Tensor(x)).asnumpy()
    softmax = np.exp(bias - bias.max()) / np.exp(bias - bias.max()).sum()
    np.testing.assert_allclose(out, np.broadcast_to(softmax, expected.shape), rtol=1e-5, atol=1e-6)


def test_graph_cell_refuses_what_mindspore_refuses():
    graph = ms.load(str(FIX / "mlp.mindir"))
    with pytest.raises(TypeError, match="must be a FuncGraph loaded from MindIR"):
        nn.GraphCell("mlp.mindir")
    with pytest.raises(TypeError, match="'params_init' must be a dict"):
        nn.GraphCell(graph, params_init=[1])
    with pytest.raises(TypeError, match="value must be Tensor or Parameter"):
        nn.GraphCell(graph, params_init={"fc3.bias": 1.0})
    with pytest.raises(NotImplementedError, match="obfuscation"):
        nn.GraphCell(graph, obf_random_seed=1)
    with pytest.raises(ValueError, match="takes 1 inputs, but got 2"):
        nn.GraphCell(graph)(
            Tensor(np.ones((3, 12), np.float32)), Tensor(np.ones((3, 12), np.float32))
        )


def test_encrypted_file_loads_with_its_key_only():
    x, expected = _case("lenet_gcm")
    path = str(FIX / "lenet_gcm.mindir")
    out = nn.GraphCell(ms.load(path, dec_key=KEY, dec_mode="AES-GCM"))(Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
    with pytest.raises(RuntimeError, match="may be encrypted"):
        ms.load(path)
    with pytest.raises(ValueError):
        ms.load(path, dec_key=b"fedcba9876543210", dec_mode="AES-GCM")


def test_load_refuses_bad_file_names(tmp_path):
    with pytest.raises(ValueError, match="must be string"):
        ms.load(3)
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load(str(tmp_path / "net.ckpt"))
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "net.mindir"))
    with pytest.raises(NotImplementedError, match="obfuscation"):
        ms.load(str(FIX / "mlp.mindir"), obf_func=print)
    (tmp_path / "junk.mindir").write_bytes(b"\xff\xff\xff junk")
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(tmp_path / "junk.mindir"))


def test_unknown_primitive_is_named(tmp_path):
    model = ms.load_mindir(str(FIX / "mlp.mindir"))
    assert model.producer_name == "MindSpore" and model.model_version == "2.10.0"
    next(p for p in model.primitives if p.op_type == "Tanh").op_type = "NoSuchOp"
    ms.save_mindir(model, str(tmp_path / "odd"))
    with pytest.raises(RuntimeError, match="primitive 'NoSuchOp'"):
        ms.load(str(tmp_path / "odd.mindir"))


def test_save_mindir_round_trips_mindsporess_bytes(tmp_path):
    shutil.copy(FIX / "lstm.mindir", tmp_path / "lstm.mindir")
    model = ms.load_mindir(str(tmp_path / "lstm.mindir"))
    ms.save_mindir(model, str(tmp_path / "copy.mindir"))
    assert (tmp_path / "copy.mindir").read_bytes() == (FIX / "lstm.mindir").read_bytes()
    model.user_info["version"] = "v2"
    ms.save_mindir(model, str(tmp_path / "copy"))
    assert ms.load_mindir(str(tmp_path / "copy.mindir")).user_info["version"] == "v2"
    with pytest.raises(TypeError, match="must be ModelProto"):
        ms.save_mindir({"graph": 1}, str(tmp_path / "bad"))


def test_graph_cell_runs_in_model_predict_and_the_sink():
    import deepsink.dataset as ds

    x, expected = _case("lenet")
    cell = nn.GraphCell(ms.load(str(FIX / "lenet.mindir")))
    out = ms.Model(cell).predict(Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
    data = ds.NumpySlicesDataset({"x": np.repeat(x, 4, 0)}, shuffle=False).batch(1)
    sunk = ms.data_sink(cell, data, sink_size=4)()  # four steps in one sunk program
    np.testing.assert_allclose(sunk.asnumpy(), expected, rtol=1e-5, atol=1e-5)
