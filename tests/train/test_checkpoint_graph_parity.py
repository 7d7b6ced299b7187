"""Checkpoint and export behaviours MindSpore's own save/load tests check: a MindIR graph whose
``construct`` updates a Parameter (2.10's file, ``scripts/record_mindir_param_update.py``, and
deepsink's export), ``-graph.meta``, and ``mindspore.parallel.transform_safetensors``."""

import json
from pathlib import Path

import mindir_networks
import numpy as np
import pytest
from safetensors.numpy import save_file

import deepsink as ms
from deepsink import Tensor, nn
from deepsink.parallel import transform_safetensors as ts
from deepsink.train import ModelCheckpoint, RunContext
from deepsink.train.callback import CallbackParam
from deepsink.train.mindir.graph import read_model
from deepsink.train.serialization import _save_graph

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "mindir"
REC = np.load(FIX / "param_update.npz")


ParamUpdate = mindir_networks.param_update_network(ms)


def _two_calls(cell):
    x, y = Tensor(REC["x"]), Tensor(REC["y"])
    got = []
    for _ in range(2):
        got.append((cell(x, y).asnumpy(), cell.trainable_params()[0].asnumpy().copy()))
    return got


def _check_like_mindspore(got):
    for i, (out, w) in enumerate(got, 1):
        np.testing.assert_array_equal(out, REC[f"out{i}"])
        np.testing.assert_array_equal(w, REC[f"w{i}"])


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=old)


def test_mindspore_graph_updating_a_parameter_updates_the_graph_cell(mode):
    _check_like_mindspore(_two_calls(nn.GraphCell(ms.load(str(FIX / "param_update.mindir")))))


def test_exported_update_is_an_assign_chain_and_runs_like_mindspore(mode, tmp_path):
    ms.export(ParamUpdate(), Tensor(REC["x"]), Tensor(REC["y"]), file_name=str(tmp_path / "n"),
              file_format="MINDIR")  # fmt: skip
    ops = [
        n.op_type.split("::")[-1].split(":")[0]
        for n in read_model(str(tmp_path / "n.mindir")).graph.node
    ]
    # 2.10's layout: Assign(weight, value, U) -> UpdateState -> the output a Depend on it
    assert ops.count("Assign") == 1 and ops[-1] == "Depend", ops
    _check_like_mindspore(_two_calls(nn.GraphCell(ms.load(str(tmp_path / "n.mindir")))))


def test_save_graph_writes_the_compiled_program_as_stablehlo(tmp_path):
    old = ms.get_context("mode")
    try:
        for mode in (ms.GRAPH_MODE, ms.PYNATIVE_MODE):
            ms.set_context(mode=mode)
            net = nn.Dense(3, 2)
            net(Tensor(np.ones((4, 3), np.float32)))
            _save_graph(net, str(tmp_path / f"{mode}-graph.meta"))
    finally:
        ms.set_context(mode=old)
    # a network run in PyNative mode has no compiled graph: nothing is written, as in 2.10
    assert not (tmp_path / f"{ms.PYNATIVE_MODE}-graph.meta").exists()
    text = (tmp_path / f"{ms.GRAPH_MODE}-graph.meta").read_text()
    assert text.startswith("module @jit_Dense") and "stablehlo.dot_general" in text
    assert "tensor<4x3xf32>" in text  # traced on the inputs of the compiled call


def test_model_checkpoint_writes_graph_meta_once_at_the_first_step(tmp_path):
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.Dense(3, 2)
        net(Tensor(np.ones((1, 3), np.float32)))
        cb = ModelCheckpoint(prefix="t", directory=str(tmp_path))
        params = CallbackParam()
        params.train_network, params.cur_step_num, params.cur_epoch_num = net, 1, 1
        params.batch_num, params.epoch_num = 10, 1
        cb.step_end(RunContext(params))
        meta = tmp_path / "t-graph.meta"
        assert meta.exists()
        meta.unlink()
        cb.step_end(RunContext(params))
        assert not meta.exists()
    finally:
        ms.set_context(mode=old)


# --- mindspore.parallel.transform_safetensors -------------------------------------------------
def test_fast_load_file_reads_every_tensor(tmp_path):
    data = {"b": np.arange(4, dtype=np.float16).reshape(2, 2), "a": np.ones(3, np.int32)}
    save_file(data, str(tmp_path / "x.safetensors"))
    got = ts._fast_load_file(str(tmp_path / "x.safetensors"))
    assert set(got) == {"a", "b"}
    for k, v in data.items():
        assert got[k].dtype == v.dtype
        np.testing.assert_array_equal(got[k], v)
    (tmp_path / "bad.safetensors").write_bytes(b"\x08\x00\x00\x00\x00\x00\x00\x00garbage!")
    with pytest.raises(ValueError, match="Fail to parse the input safetensors"):
        ts._fast_load_file(str(tmp_path / "bad.safetensors"))


@pytest.fixture
def split_run(tmp_path):
    """Two ranks' slices of a (4, 2) weight split by rows, and the strategy file saying so."""
    w = np.arange(8, dtype=np.float32).reshape(4, 2)
    files = {}
    for r in range(2):
        files[r] = str(tmp_path / f"src{r}.safetensors")
        ms.save_checkpoint([{"name": "w", "data": Tensor(w[2 * r : 2 * r + 2])}], files[r],
                           format="safetensors")  # fmt: skip
    strategy = tmp_path / "s.json"
    strategy.write_text(json.dumps(
        {"parallel_layout_item": {"w": {"dev_matrix": [2], "tensor_map": [0, -1]}}}))  # fmt: skip
    return w, files, str(strategy)


def test_transform_safetensors_by_rank_merges_and_cuts_the_slices(split_run, tmp_path):
    w, files, strategy = split_run
    ts.transform_safetensors_by_rank(0, files, str(tmp_path / "whole.safetensors"), strategy)
    np.testing.assert_array_equal(ts._fast_load_file(str(tmp_path / "whole.safetensors"))["w"], w)
    ts.transform_safetensors_by_rank(3, files, str(tmp_path / "r.safetensors"), strategy, strategy)
    np.testing.assert_array_equal(ts._fast_load_file(str(tmp_path / "r.safetensors"))["w"], w[2:])
    out = str(tmp_path / "whole.ckpt")  # the .ckpt twin, MindSpore's top-level name
    ms.transform_checkpoint_by_rank(0, files, out, strategy)
    np.testing.assert_array_equal(ms.load_checkpoint(out)["w"].asnumpy(), w)


@pytest.mark.parametrize(
    "args, error, message",
    [
        (("0", "MAP", "o.safetensors"), TypeError, "The rank_id should be a int."),
        ((0, [], "o.safetensors"), TypeError, "The safetensor_files_map should be a dict."),
        ((0, "MAP", 3), TypeError, "The save_safetensor_file_name should be a str."),
        ((0, "MAP", "o.ckpt"), ValueError, "should end with .safetensors"),
        ((0, {0: "missing.safetensors"}, "o.safetensors"), ValueError, "in rank 0 not exits"),
    ],
)
def test_transform_safetensors_by_rank_checks_like_2_10(split_run, args, error, message):
    files = split_run[1]
    args = tuple(files if a == "MAP" else a for a in args)
    with pytest.raises(error, match=message):
        ts.transform_safetensors_by_rank(*args)


def test_transform_safetensors_module_names_and_refusals(split_run, tmp_path):
    assert ts.__all__ == ["_transform_safetensors", "transform_safetensors_by_stage",
                          "transform_safetensors_by_rank", "unified_safetensors"]  # fmt: skip
    with pytest.raises(NotImplementedError, match="pipeline stages"):
        ts.transform_safetensors_by_stage("a", "b", "p", "s.json")
    w, files, strategy = split_run
    src = tmp_path / "src"
    for r, f in files.items():
        (src / f"rank_{r}").mkdir(parents=True)
        Path(f).rename(src / f"rank_{r}" / "net.safetensors")
    ts._transform_safetensors(str(src), str(tmp_path / "dst"), "whole", strategy)
    got = ts._fast_load_file(str(tmp_path / "dst" / "rank_0" / "whole0.safetensors"))
    np.testing.assert_array_equal(got["w"], w)


def test_updates_without_a_mindir_form_leave_the_outputs_with_a_warning(tmp_path, monkeypatch):
    # a step whose updates have no MindIR form (today's training steps all have one, so the
    # update graph is made to fail): the forward pass is written, with a warning that says so
    from deepsink.train.mindir import export as mindir_export

    model = mindir_export._model

    def without_update_form(net, inputs, with_state):
        if with_state:
            raise ValueError("MindIR has no MindSpore primitive for 'example'")
        return model(net, inputs, with_state)

    monkeypatch.setattr(mindir_export, "_model", without_update_form)
    net = nn.SequentialCell([nn.Conv2d(1, 2, 3), nn.Flatten(), nn.Dense(2 * 4 * 4, 2)])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    x, y = Tensor(np.ones((1, 1, 4, 4), np.float32)), Tensor(np.ones((1, 2), np.float32))
    with pytest.warns(UserWarning, match="Parameter updates .* are not written .*'example'"):
        ms.export(step, x, y, file_name=str(tmp_path / "step"), file_format="MINDIR")
    assert (tmp_path / "step.mindir").exists()
