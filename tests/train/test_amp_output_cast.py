"""``amp.auto_mixed_precision`` at levels O2 and O3 returns a Cell around the network whose float
outputs are float32, and the network itself, changed in place, still returns float16, as MindSpore
2.10 does (``tests/fixtures/ms/amp/output_cast.json``, recorded by
``scripts/record_amp_output_cast.py``; the cases in ``tests/support/amp_output_cases.py``).
deepsink used to cast the network's own outputs to float32, so a library that ignores the returned
value (mindocr's ``build_model`` with ``amp_level``) trained on float32 outputs where 2.10 trains on
float16 ones (its CTC loss then rounds to float16)."""

from __future__ import annotations

import json
from pathlib import Path

import amp_output_cases
import pytest

import deepsink as ms

RECORD = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "ms" / "amp" / "output_cast.json").read_text("utf-8")
)


@pytest.fixture
def mindspore_alias(monkeypatch):
    """``amp_output_cases`` imports ``mindspore.nn`` as MindSpore's code does."""
    import sys

    import deepsink.nn

    monkeypatch.setitem(sys.modules, "mindspore", ms)
    monkeypatch.setitem(sys.modules, "mindspore.nn", deepsink.nn)


@pytest.mark.parametrize("mode", ["graph", "pynative"])
@pytest.mark.parametrize("net,level", amp_output_cases.CASES)
def test_returned_cell_and_network_outputs_match_mindspore(mindspore_alias, mode, net, level):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    got = amp_output_cases.run(ms, net, level)
    assert got == RECORD["cases"][f"{mode}:{net}:{level}"]


def test_the_returned_cell_trains_the_network_s_parameters():
    """The wrapper holds no Parameters of its own: an optimizer over it updates the network."""
    net = ms.nn.Dense(4, 3)
    wrapped = ms.amp.auto_mixed_precision(net, "O3")
    assert [id(p) for p in wrapped.trainable_params()] == [id(p) for p in net.trainable_params()]
    wrapped.to_float(ms.float32)  # a later to_float reaches the network through the wrapper
    assert net(ms.Tensor([[1.0, 2.0, 3.0, 4.0]])).dtype == ms.float32
