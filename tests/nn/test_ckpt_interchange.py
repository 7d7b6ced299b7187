"""An LSTM and a Transformer network trained by MindSpore 2.10 load into deepsink from the .ckpt
and give MindSpore's outputs (committed fixtures); deepsink's own checkpoints of the same
networks load into MindSpore with nothing left over and give deepsink's outputs (live check)."""

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops
from tests.support import interchange_nets as nets
from tests.support import mindspore_reads as reads
from tests.support.ms_reference import mindspore_python, needs_mindspore

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_breadth" / "ckpt"


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
    """Recorded for CI: tests/train/test_files_mindspore_read.py."""
    expected = reads.write("networks", tmp_path)
    got = reads.read_with_mindspore("networks", tmp_path, mindspore_python())
    for name, out in expected.items():
        assert got[name]["param_not_load"] == [] and got[name]["ckpt_not_load"] == [], name
        np.testing.assert_allclose(np.array(got[name]["output"]), out, rtol=1e-5, atol=1e-5)
