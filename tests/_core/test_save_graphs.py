"""save_graphs: every compiled program writes its jaxpr, StableHLO, optimized HLO and a .dot."""

import os
import re

import jax
import numpy as np
import pydot
import pytest

import deepsink as ms
from deepsink import context, nn, ops
from deepsink._core import graphs


def _dataset():
    import deepsink.dataset as ds

    def gen():
        for i in range(8):
            yield np.full(4, i, np.float32), np.array(i % 2, np.int32)

    return ds.GeneratorDataset(gen, ["x", "y"]).batch(2)


def _stages(path):
    """{(stage, program name): file} for the .ir/.dot files in ``path``."""
    out = {}
    for f in os.listdir(path):
        m = re.fullmatch(r"(\d\d)_(jaxpr|stablehlo|optimized_hlo)_(.+)_(\d{4})\.(ir|dot)", f)
        if m:
            out[(m[2] + "." + m[5], m[3])] = os.path.join(path, f)
    return out


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_off_writes_nothing_and_compiles_plain_jax_jit(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs_path=str(tmp_path))
    net = nn.Dense(4, 2)
    net(ms.Tensor(np.ones((3, 4), np.float32)))
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.1, 0.9),
    )
    model.train(1, _dataset(), dataset_sink_mode=True)
    assert os.listdir(tmp_path) == []
    assert not isinstance(graphs.jit(lambda x: x, "f"), graphs._Dumping)


def test_graph_mode_cell_call_writes_three_stages_and_a_dot(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs=1, save_graphs_path=str(tmp_path / "g"))
    net = nn.Dense(4, 2)
    x = ms.Tensor(np.ones((3, 4), np.float32))
    out = net(x)
    net(x)  # same signature: no second set of files
    stages = _stages(tmp_path / "g")
    assert {s for s, name in stages if name == "Dense"} == {
        "jaxpr.ir",
        "jaxpr.dot",
        "stablehlo.ir",
        "optimized_hlo.ir",
    }
    assert len(stages) == 4
    assert "dot_general" in _read(stages["jaxpr.ir", "Dense"])
    assert "stablehlo.dot_general" in _read(stages["stablehlo.ir", "Dense"])
    hlo = _read(stages["optimized_hlo.ir", "Dense"])
    assert hlo.startswith("HloModule") and "f32[3,2]" in hlo
    (graph,) = pydot.graph_from_dot_file(stages["jaxpr.dot", "Dense"])
    labels = [n.get_label() or "" for n in graph.get_nodes()]
    assert any("dot_general" in lb for lb in labels)
    assert len(graph.get_edges()) >= 3
    # each node says what it is and its shape once: no variable ids, no repeated type
    assert '"in 0: float32[2,4]"' in labels  # the weight, by position
    assert '"dot_general -> float32[3,2]"' in labels and '"out 0: float32[3,2]"' in labels
    for lb in labels:
        assert "Var(" not in lb and "id=" not in lb, lb
        assert re.fullmatch(r'"(in|const|out) \d+: \w+\[[\d,]*\]"|"\w+ -> .*"|', lb), lb
    # the compiled program that ran is the dumped one: same result as without save_graphs
    ms.set_context(save_graphs=0)
    np.testing.assert_allclose(net(x).asnumpy(), out.asnumpy(), rtol=1e-6)


def test_every_program_kind_is_written(tmp_path):
    ms.set_context(mode=ms.GRAPH_MODE, save_graphs=True, save_graphs_path=str(tmp_path))
    assert ms.get_context("save_graphs") == 2  # MindSpore stores True as level 2
    net = nn.Dense(4, 2)
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.1, 0.9),
        metrics={"acc"},
    )
    model.train(1, _dataset(), dataset_sink_mode=True)  # the sink loop
    model.train(1, _dataset(), dataset_sink_mode=False)  # the TrainOneStepCell step
    model.eval(_dataset(), dataset_sink_mode=True)  # the eval step, sunk

    @ms.jit
    def double_relu(x):
        return ops.relu(x) * 2

    double_relu(ms.Tensor(np.ones(3, np.float32)))
    names = {name for _, name in _stages(tmp_path)}
    assert {"sink_scan_TrainOneStepCell_Dense", "TrainOneStepCell_Dense", "double_relu"} <= names
    assert any(n.startswith("sink_scan_WithEvalCell") for n in names)
    # the sink program holds the network's step inside its scan body
    sink = _read(_stages(tmp_path)["jaxpr.ir", "sink_scan_TrainOneStepCell_Dense"])
    assert "scan[" in sink and "dot_general" in sink
    (graph,) = pydot.graph_from_dot_file(
        _stages(tmp_path)["jaxpr.dot", "sink_scan_TrainOneStepCell_Dense"]
    )
    assert any(sg.get_name().startswith("cluster_") for sg in graph.get_subgraphs())
    # level 2: XLA's own dumps, with HLO graphs before and after optimization
    xla = [d for d in os.listdir(tmp_path) if d.startswith("xla_sink_scan_TrainOneStepCell")]
    files = os.listdir(tmp_path / xla[0])
    dots = [f for f in files if f.endswith("after_optimizations.dot")]
    assert dots and any(f.endswith("before_optimizations.dot") for f in files)
    (hlo_graph,) = pydot.graph_from_dot_file(str(tmp_path / xla[0] / dots[0]))
    assert hlo_graph.get_nodes()


def test_level_2_dumps_a_program_already_in_the_persistent_compilation_cache(tmp_path):
    # the test session keeps JAX's persistent compilation cache (tests/conftest.py); its key leaves
    # XLA's dump options out, so a cached program would load without XLA compiling (or dumping) it
    assert jax.config.jax_compilation_cache_dir

    def triple_tanh(x):
        return ops.tanh(x) * 3

    x = ms.Tensor(np.ones(5, np.float32))
    expected = ms.jit(triple_tanh)(x).asnumpy()  # compiled, and written to the cache
    ms.set_context(save_graphs=2, save_graphs_path=str(tmp_path))
    np.testing.assert_allclose(ms.jit(triple_tanh)(x).asnumpy(), expected)
    (xla,) = [d for d in os.listdir(tmp_path) if d.startswith("xla_triple_tanh")]
    files = os.listdir(tmp_path / xla)
    assert any(f.endswith("before_optimizations.txt") for f in files), files
    assert any(f.endswith("after_optimizations.txt") for f in files), files


def test_save_graphs_validation():
    with pytest.raises(ValueError, match="save_graphs"):
        context.set_context(save_graphs=4)
    with pytest.raises(ValueError, match="save_graphs"):
        context.set_context(save_graphs=-1)
    with pytest.raises(TypeError, match="save_graphs"):
        context.set_context(save_graphs="yes")
    context.set_context(save_graphs=False)
    assert context.get_context("save_graphs") == 0


def test_inert_options_warn_once():
    context._warned.discard("enable_graph_kernel")
    with pytest.warns(UserWarning, match="enable_graph_kernel.*no effect"):
        context.set_context(enable_graph_kernel=True)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        context.set_context(enable_graph_kernel=True)  # the second time: silent
        context.set_context(jit_level=None)  # the default: silent


def test_ms_dev_save_graphs_gives_the_default_level(monkeypatch):
    """2.10 replaces the deprecated option by MS_DEV_SAVE_GRAPHS (and MS_DEV_SAVE_GRAPHS_PATH),
    read when deepsink starts; ``set_context`` still overrides them."""
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "1")
    assert context._env_save_graphs() == 1
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "")
    assert context._env_save_graphs() == 0
    for bad in ("4", "two"):
        monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", bad)
        with pytest.raises(ValueError, match=r"'MS_DEV_SAVE_GRAPHS' must be an int in \[0, 3\]"):
            context._env_save_graphs()
