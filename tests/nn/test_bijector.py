"""``nn.probability.bijector`` (Exp, PowerTransform, ScalarAffine, Softplus, GumbelCDF, Invert)
and the distributions built on them (``TransformedDistribution``, ``LogNormal``, ``Gumbel``) give
MindSpore 2.10's values, dtypes, shapes and errors (recorded by
``scripts/record_distribution_fixtures.py``; samples by shape and dtype)."""

from __future__ import annotations

import json
from pathlib import Path

import bijector_cases as cases
import numpy as np
import pytest
from distribution_cases import outcome

import deepsink as ms
import deepsink.nn.probability.bijector as msb
import deepsink.nn.probability.distribution as msd

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "bijectors.json").read_text()
)["cases"]
CALLS = cases.cases(ms, msb, msd)


@pytest.mark.parametrize("name", sorted(RECORD))
def test_outcome_is_mindspores(name):
    want, got = RECORD[name], outcome(CALLS[name])
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"] == want["message"]
        return
    assert "error" not in got, got
    assert got["dtypes"] == want["dtypes"] and got["shapes"] == want["shapes"]
    for g, w in zip(got["values"], want["values"]):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-5, atol=2e-5)


def test_every_case_is_recorded():
    assert sorted(CALLS) == sorted(RECORD)


def test_names_reprs_and_the_transformed_samples():
    assert msb.Invert(msb.Exp()).name == "InvertExp"
    assert repr(msb.ScalarAffine(2.0, 1.0)) == "ScalarAffine(scale = 2.0, shift = 1.0)"
    assert repr(msb.Exp()) == "Exp(exp)"
    assert repr(msd.LogNormal(0.0, 1.0)) == (
        "LogNormal(\n  loc = 0.0, scale = 1.0\n  (_bijector): Exp(exp)\n"
        "  (_distribution): Normal(mean = 0.0, standard deviation = 1.0)\n)"
    )
    ms.set_seed(3)
    y = msd.LogNormal(0.0, 0.5, seed=2).sample((4000,)).asnumpy()
    assert y.min() > 0 and abs(np.log(y).mean()) < 0.05 and abs(np.log(y).std() - 0.5) < 0.05
    g = msd.Gumbel(1.0, 2.0, seed=2).sample((4000,)).asnumpy()
    assert abs(g.mean() - (1.0 + 2.0 * 0.5772)) < 0.15
    with pytest.raises(TypeError, match="should be a Bijector"):
        msd.TransformedDistribution(msd.Normal(0.0, 1.0), msd.Normal(0.0, 1.0))
