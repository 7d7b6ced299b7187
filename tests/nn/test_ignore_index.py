"""Class-index losses leave ``ignore_index`` targets out of the loss and out of the mean's
denominator (the sum of the counted targets' class weights), in every API that takes one:
``ops.cross_entropy``/``ops.nll_loss``, ``nn.CrossEntropyLoss``/``nn.NLLLoss``, the ``NLLLoss``
primitive and ``mint.nn.functional.nll_loss``. Values recorded from MindSpore 2.10
(``tests/fixtures/ms/loss/ignore_index.json``, ``scripts/record_ignore_index_fixtures.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.mint.nn.functional as F  # noqa: N812
from deepsink import Tensor, nn, ops

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/ms/loss/ignore_index.json").read_text()
)
CASES = {c["name"]: c for c in DATA["cases"]}


def _env() -> dict:
    env = {"np": np, "ms": ms, "ops": ops, "nn": nn, "F": F, "Tensor": Tensor}
    env.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
    return env


@pytest.mark.parametrize("name", sorted(CASES))
def test_ignored_targets_as_mindspore(name):
    case = CASES[name]
    out = eval(case["expr"], _env())
    got = list(out) if isinstance(out, tuple | list) else [out]
    assert len(got) == len(case["outputs"]), name
    for g, w in zip(got, case["outputs"], strict=True):
        assert str(g.dtype) == w["dtype"] and list(g.shape) == w["shape"], name
        want = np.array(w["value"], dtype=float)
        np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-5, atol=1e-6, equal_nan=True)


def test_the_mean_divides_by_the_counted_weights_only():
    # the rule the records follow: mean = sum of counted losses / sum of counted class weights
    e = _env()
    x, t, w = Tensor(e["X"]), Tensor(e["T"]), Tensor(e["WT"])
    per = ops.cross_entropy(x, t, w, reduction="none").asnumpy()
    counted = e["T"] != -100
    assert per[~counted].tolist() == [0.0]
    want = per.sum() / e["WT"][e["T"][counted]].sum()
    for got in (
        ops.cross_entropy(x, t, w),
        nn.CrossEntropyLoss(w)(x, t),
        ops.nll_loss(ops.log_softmax(x, 1), t, w),
        F.nll_loss(ops.log_softmax(x, 1), t, w),
    ):
        np.testing.assert_allclose(float(got), want, rtol=1e-6)
