"""Metric results and ``Model.eval``'s dict print as MindSpore 2.10 prints them (plain numbers,
not NumPy 2's ``np.float64(...)``), recorded by ``scripts/record_metric_print_fixture.py``; the
values stay ``numpy.float64``."""

import json
from pathlib import Path

import numpy as np

import deepsink as ms
from tests.support.metric_print_cases import metric_prints

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "metric_prints.json"


def test_metric_results_print_as_mindspore():
    assert metric_prints(ms) == json.loads(FIXTURE.read_text())["lines"]


def test_metric_result_stays_a_float64():
    acc = ms.nn.Accuracy()
    acc.update(ms.Tensor(np.array([[0.1, 0.9]], np.float32)), ms.Tensor(np.array([1], np.int32)))
    value = acc.eval()
    assert isinstance(value, np.float64) and value == 1.0 and repr(value) == "1.0"
