"""An LSTM and a Transformer network trained by MindSpore 2.10 load into deepsink from the .ckpt
and give MindSpore's outputs (committed fixtures); deepsink's own checkpoints of the same
networks load into MindSpore with nothing left over and give deepsink's outputs (live check)."""

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops
from tests.support import interchange_nets as nets
from tests.support.ms_reference import mindspore_python, needs_mindspore

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_breadth" / "ckpt"
CHECK = Path(__file__).resolve().parents[1] / "support" / "ms_interchange_check.py"


def _inputs(name, d):
    return (Tensor(d["tokens"]),) if name == "lstm" else (Tensor(d["src"]), Tensor(d["tgt"]))


@pytest.mark.parametrize("name", ["lstm", "transformer"])
def test_mindspore_checkpoint_loads_and_predicts_the_same(name):
    net = (nets.lstm_net if name == "lstm" else nets.transformer_net)(nn, ops)
    not_loaded, rest = ms.load_param_into_net(net, ms.load_checkpoint(str(FIX / f"{name}.ckpt")))
    assert list(not_loaded) == [] and list(rest) == []
    net.set_train(False)
    out = net(*_inputs(name, nets.data())).asnumpy()
    np.testing.assert_allclose(out, np.load(FIX / f"{name}.npz")["output"], rtol=1e-5, atol=1e-5)


@needs_mindspore
def test_deepsink_checkpoints_load_into_mindspore(tmp_path):
    d = nets.data()
    ms.set_seed(3)
    lstm = nets.lstm_net(nn, ops)
    ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    nets.train(ms, nn, ops, lstm, _inputs("lstm", d), Tensor(d["labels"]), ce)
    tr = nets.transformer_net(nn, ops)
    nets.train(ms, nn, ops, tr, _inputs("transformer", d), Tensor(d["target"]), nn.MSELoss())
    expected = {}
    for name, net in (("lstm", lstm), ("transformer", tr)):
        net.set_train(False)
        expected[name] = net(*_inputs(name, d)).asnumpy()
        ms.save_checkpoint(net, str(tmp_path / f"{name}.ckpt"))
    p = subprocess.run([str(mindspore_python()), str(CHECK), str(tmp_path)], capture_output=True,
                       text=True, timeout=600)  # fmt: skip
    assert p.returncode == 0, p.stderr[-3000:]
    got = json.loads(p.stdout.strip().splitlines()[-1])
    for name, out in expected.items():
        assert got[name]["param_not_load"] == [] and got[name]["ckpt_not_load"] == [], name
        np.testing.assert_allclose(np.array(got[name]["output"]), out, rtol=1e-5, atol=1e-5)
