"""The helper modules dataset.transforms.validators / py_transforms_util and
dataset.vision.validators / py_transforms_util, case by case against MindSpore 2.10's answers
(``tests/fixtures/ms/dataset/validator_modules.json``, recorded by
``scripts/record_dataset_validator_fixtures.py``): the same exception type and message, or the
same value."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "ms" / "dataset" / "validator_modules.json"
RECORDS = json.loads(FIXTURE.read_text())

_spec = importlib.util.spec_from_file_location(
    "record_dataset_validator_fixtures", ROOT / "scripts" / "record_dataset_validator_fixtures.py"
)
recorder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(recorder)


def _same(got, want):
    if isinstance(want, dict) and "data" in want:
        assert isinstance(got, dict) and got.get("pil") == want.get("pil")
        assert got.get("dtype") == want.get("dtype")
        np.testing.assert_allclose(np.asarray(got["data"]), np.asarray(want["data"]), atol=1e-6)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        assert got == want


@pytest.mark.parametrize(
    "record", RECORDS, ids=[f"{r['case'][2]}({r['case'][4]})" for r in RECORDS]
)
def test_case_matches_mindspore(record):
    got = recorder.run_case(tuple(record["case"]), prefix="deepsink")
    want = record["result"]
    if "error" in want:
        assert got.get("error") == want["error"], got
        if "is not of type" not in want["message"]:  # type reprs name each package's classes
            assert got["message"] == want["message"]
        else:
            assert (
                got["message"].split(" is not of type")[0]
                == want["message"].split(" is not of type")[0]
            )
    else:
        assert "error" not in got, got
        _same(got["ok"], want["ok"])


def test_the_modules_are_mindsporess_submodules():
    import deepsink.dataset.transforms as transforms
    import deepsink.dataset.vision as vision

    assert transforms.validators.check_one_hot_op and transforms.py_transforms_util.compose
    assert vision.validators.check_resize and vision.py_transforms_util.to_tensor


def test_transforms_use_the_validators():
    # Fill, PadEnd and Concatenate validate through transforms.validators (MindSpore's messages)
    import deepsink.dataset.transforms as transforms

    with pytest.raises(ValueError, match=r"interval of \[1, 9223372036854775807\]"):
        transforms.PadEnd([0])
    with pytest.raises(ValueError, match="only 1D concatenation supported."):
        transforms.Concatenate(1)
    with pytest.raises(ValueError, match="can only append 1D arrays."):
        transforms.Concatenate(0, None, np.ones((2, 2)))
    with pytest.raises(TypeError, match="Argument fill_value with value"):
        transforms.Fill([1])
    assert transforms.PadEnd([3], 5)(np.array([1])).tolist() == [1, 5, 5]
