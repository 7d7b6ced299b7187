"""nn's average pooling, the MaxPoolWithArgmax primitives and ``nn.Pad`` against MindSpore 2.10
(``tests/fixtures/ms/pool_pad_layers.json``, ``scripts/record_pool_pad_fixtures.py``). They compute
through the ``ops`` cores (``pool_nd``, ``window_max``, ``ops.pad``/``mirror_pad``): the averages
equal 2.10's to the bit (a true division by the window count), the argmax indices and their dtype
match, ``ops.max_pool2d`` takes dilation, ``ceil_mode`` and ``return_indices`` as 2.10 does, and
``nn.Pad`` refuses what 2.10 refuses."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from deepsink import Tensor, nn, ops

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "pool_pad_layers.json").read_text()
)
X = np.array(RECORD["x"], np.float32)
SMALL = np.array(RECORD["small"], np.float32)
CASES = {f"{c['layer']}-{i}": c for i, c in enumerate(RECORD["cases"])}


def _kw(args: dict) -> dict:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in args.items()}


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("AvgPool")])
def test_average_pooling_equals_mindspore_bit_for_bit(name):
    c = CASES[name]
    x = X if c["layer"] == "AvgPool2d" else X[:, 0]
    got = getattr(nn, c["layer"])(**_kw(c["args"]))(Tensor(x)).asnumpy()
    np.testing.assert_array_equal(got, np.array(c["out"], np.float32), strict=True)


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("MaxPoolWithArgmax")])
def test_max_pool_with_argmax_primitives_match_mindspore(name):
    c = CASES[name]
    y, idx = getattr(ops, c["layer"])(**_kw(c["args"]))(Tensor(X))
    np.testing.assert_array_equal(y.asnumpy(), np.array(c["out"], np.float32), strict=True)
    np.testing.assert_array_equal(idx.asnumpy(), np.array(c["indices"]))
    assert str(idx.dtype) == c["indices_dtype"]


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("max_pool2d")])
def test_ops_max_pool2d_with_dilation_ceil_mode_and_indices_matches_mindspore(name):
    """``ops.max_pool2d`` runs ``nn.MaxPool2d``'s core: 2.10 takes every argument on CPU."""
    c = CASES[name]
    out = ops.max_pool2d(Tensor(X), *[tuple(a) if isinstance(a, list) else a for a in c["args"]])
    if "indices" in c:
        out, idx = out
        np.testing.assert_array_equal(idx.asnumpy(), np.array(c["indices"]))
        assert str(idx.dtype) == c["indices_dtype"]
    np.testing.assert_array_equal(out.asnumpy(), np.array(c["out"], np.float32), strict=True)


@pytest.mark.parametrize("name", [n for n in CASES if n.startswith("Pad")])
def test_pad_values_and_refusals_match_mindspore(name):
    c = CASES[name]
    paddings = tuple(tuple(p) for p in c["args"]["paddings"])
    if "error" in c:
        with pytest.raises({"ValueError": ValueError, "TypeError": TypeError}[c["error"]]):
            nn.Pad(paddings, c["args"]["mode"])(Tensor(SMALL))
        return
    got = nn.Pad(paddings, c["args"]["mode"])(Tensor(SMALL)).asnumpy()
    np.testing.assert_array_equal(got, np.array(c["out"], np.float32), strict=True)
