"""MindIR files of training steps, dynamic-shape placeholders and ``mutable`` list inputs, as
deepsink writes them, give what MindSpore 2.10 computed from the same bytes (recorded by
``scripts/record_mindir_training_exports.py``), when deepsink loads them back; and
``OnRequestExit(save_mindir=True)`` writes the training step's MindIR."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
import mindir_training_networks as nets  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mindir_training"
INDEX = json.loads((FIXTURES / "index.json").read_text())


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("mindir_training")
    return folder, nets.export_all(ms, folder)


def _args(call: list) -> list:
    return [ms.Tensor(np.load(a)) if isinstance(a, str)
            else ms.mutable([ms.Tensor(np.load(b)) for b in a]) for a in call]  # fmt: skip


# adam_clip's graph (Adam after a global-norm clip) runs node by node for about a minute when
# loaded; its operations are the momentum step's and the ones test_export_covers_clip_and_adam
# writes
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.slow) if n == "adam_clip" else n
        for n in sorted(INDEX["sha256"])
    ],  # fmt: skip
)
def test_file_runs_as_on_mindspore(exported: tuple[Path, dict], name: str) -> None:
    folder, calls = exported
    data = (folder / f"{name}.mindir").read_bytes()
    assert hashlib.sha256(data).hexdigest() == INDEX["sha256"][name]  # what MindSpore ran
    want = np.load(FIXTURES / f"{name}.npz")
    cell = ms.nn.GraphCell(ms.load(str(folder / f"{name}.mindir")))
    for i, call in enumerate(calls[name]):  # a training step's second call sees its updates
        out = cell(*_args(call))
        outs = out if isinstance(out, (tuple, list)) else (out,)
        for j, o in enumerate(outs):
            np.testing.assert_allclose(o.asnumpy(), want[f"call{i}_out{j}"], rtol=1e-4, atol=1e-5)


def test_export_covers_clip_and_adam(exported: tuple[Path, dict]) -> None:
    """The Adam-after-clip step's file is the one MindSpore ran, and it writes the MindSpore
    primitives of the clip's finiteness checks and the update's ``Assign`` nodes."""
    from deepsink.train.mindir.graph import read_model

    folder, _ = exported
    data = (folder / "adam_clip.mindir").read_bytes()
    assert hashlib.sha256(data).hexdigest() == INDEX["sha256"]["adam_clip"]
    kinds = {p.op_type for p in read_model(str(folder / "adam_clip.mindir")).primitives}
    assert {"Conv2D", "Assign", "Sqrt", "TensorScatterAdd", "ReverseV2"} <= kinds


def test_dynamic_input_is_minus_one(exported: tuple[Path, dict]) -> None:
    from deepsink.train.mindir.graph import read_model

    folder, _ = exported
    model = read_model(str(folder / "dynamic_dense.mindir"))
    assert list(model.graph.input[0].tensor[0].dims) == [-1, 2, 3]


def test_training_step_file_matches_training(exported: tuple[Path, dict]) -> None:
    """The file's losses are the training step's own, two steps in a row."""
    step = nets.train_step(ms, "momentum")
    x, y = ms.Tensor(nets.train_input()), ms.Tensor(nets.LABELS)
    got = [float(step(x, y).asnumpy()) for _ in range(2)]
    want = np.load(FIXTURES / "momentum.npz")
    np.testing.assert_allclose(got, [want["call0_out0"], want["call1_out0"]], rtol=1e-4)


def test_on_request_exit_saves_mindir(tmp_path: Path) -> None:
    """With the exit requested (its config file), training stops after the first step and the
    checkpoint and the training step's MindIR (on that step's inputs) are saved."""
    from deepsink import dataset as ds
    from deepsink.train import Model, OnRequestExit

    config = tmp_path / "exit.json"
    config.write_text(json.dumps({"GracefulExit": 1}))
    rng = np.random.default_rng(0)
    data = ds.NumpySlicesDataset(
        {"x": rng.standard_normal((4, 3, 12, 12)).astype(np.float32),
         "y": np.array([0, 1, 2, 3], np.int32)}, shuffle=False).batch(2)  # fmt: skip
    ms.set_seed(1)
    net = nets._classifier(ms)()
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss, ms.nn.Momentum(net.trainable_params(), 0.01, 0.9))
    cb = OnRequestExit(file_name="Net", directory=str(tmp_path), config_file=str(config))
    cb.exit = True  # the signal arrived
    model.train(1, data, callbacks=[cb], dataset_sink_mode=False)
    name = tmp_path / "rank_0" / "Net_train.mindir"
    assert (tmp_path / "rank_0" / "Net_train.ckpt").is_file() and name.is_file()
    graph = ms.load(str(name))
    assert [list(i.tensor[0].dims) for i in graph.model.graph.input] == [[2, 3, 12, 12], [2]]
