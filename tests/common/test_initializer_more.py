"""Dirac, Identity, Orthogonal, Sparse and VarianceScaling against MindSpore 2.10's recorded values
(exact for the deterministic ones), statistics and argument errors (fixtures/ms/init_more)."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink._core import host_random
from deepsink.common import initializer as init

FIX = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "init_more" / "init_more.json").read_text()
)


def _value(initializer, shape):
    return init.initializer(initializer, shape, ms.float32).asnumpy()


def _shape(key):
    return tuple(int(v) for v in key.rsplit("_", 1)[1].split("x"))


@pytest.mark.parametrize("key", sorted(FIX["exact"]))
def test_deterministic_initializers_equal_mindspore(key):
    if key.startswith("Dirac"):
        got = _value(init.Dirac(int(key.split("_")[1])), _shape(key))
    elif key.startswith("identity_by_name"):
        got = _value("identity", _shape(key))
    else:
        got = _value(init.Identity(), _shape(key))
    np.testing.assert_array_equal(got, np.asarray(FIX["exact"][key], np.float32))


@pytest.mark.parametrize("key", sorted(k for k in FIX["stats"] if k.startswith("Variance")))
def test_variance_scaling_statistics_match_mindspore(key):
    mode, dist, shape = re.fullmatch(r"VarianceScaling_(fan_\w+?)_(\w+)_([\dx]+)", key).groups()
    ms.set_seed(3)
    x = _value(init.VarianceScaling(2.0, mode, dist), _shape("_" + shape))
    ref = FIX["stats"][key]
    assert abs(x.mean()) < 6 * ref["std"] / np.sqrt(x.size)
    assert x.std() == pytest.approx(ref["std"], rel=0.05)
    if dist != "untruncated_normal":  # 2.10 samples the uniform for 'truncated_normal' too
        assert max(-x.min(), x.max()) <= max(-ref["min"], ref["max"]) * 1.001
        assert max(-x.min(), x.max()) > 0.98 * max(-ref["min"], ref["max"])


@pytest.mark.parametrize("shape", [(300, 200), (64, 4, 3, 3)])
def test_orthogonal_is_orthogonal_with_gain(shape):
    ref = FIX["stats"][f"Orthogonal_1.5_{'x'.join(map(str, shape))}"]
    x = _value(init.Orthogonal(gain=1.5), shape)
    assert x.shape == shape
    m = x.reshape(shape[0], -1)
    gram = m @ m.T if m.shape[0] <= m.shape[1] else m.T @ m
    np.testing.assert_allclose(gram, 2.25 * np.eye(len(gram)), atol=1e-4)
    recorded = ref["gram_rows"] or ref["gram_cols"]
    np.testing.assert_allclose(gram[:3, :3], recorded, atol=1e-3)
    assert x.std() == pytest.approx(ref["std"], rel=1e-3)  # fixed by orthogonality and gain


def test_orthogonal_sign_follows_r_diagonal():
    """MindSpore multiplies Q by sign(diag(R)): the result is the QR of the same normal sample."""
    ms.set_seed(5)
    x = _value(init.Orthogonal(), (4, 4)).astype(np.float64)
    ms.set_seed(5)
    g = host_random.normal(host_random.numpy_seed(), (4, 4), 0.0, 1.0)
    q, r = np.linalg.qr(g)
    np.testing.assert_allclose(x, q * np.sign(np.diag(r)), atol=1e-6)


def test_sparse_zero_count_and_spread_match_mindspore():
    ref = FIX["stats"]["Sparse_0.3_0.2_50x400"]
    x = _value(init.Sparse(0.3, 0.2), (50, 400))
    assert sorted(set((x == 0).sum(0).tolist())) == ref["zeros_per_col"]
    assert x[x != 0].std() == pytest.approx(ref["nonzero_std"], rel=0.05)


@pytest.mark.parametrize(
    "name, make",
    [
        ("Dirac_rank2", lambda: _value(init.Dirac(), (2, 2))),
        ("Dirac_groups", lambda: _value(init.Dirac(3), (4, 2, 3))),
        ("Identity_rank3", lambda: _value(init.Identity(), (2, 2, 2))),
        ("Sparse_rank1", lambda: _value(init.Sparse(0.1), (4,))),
        ("Orthogonal_rank1", lambda: _value(init.Orthogonal(), (4,))),
        ("VarianceScaling_scale", lambda: init.VarianceScaling(0.0)),
        ("VarianceScaling_mode", lambda: init.VarianceScaling(mode="fan")),
        ("VarianceScaling_dist", lambda: init.VarianceScaling(distribution="normal")),
        ("VarianceScaling_rank1", lambda: _value(init.VarianceScaling(), (4,))),
    ],
)
def test_argument_errors_match_mindspore(name, make):
    with pytest.raises(getattr(__builtins__, FIX["errors"][name], None) or ValueError) as exc:
        make()
    assert type(exc.value).__name__ == FIX["errors"][name]


def test_in_place_call_and_parameter():
    arr = np.empty((3, 3), np.float32)
    init.Identity()(arr)
    np.testing.assert_array_equal(arr, np.eye(3))
    p = ms.Parameter(init.initializer(init.Dirac(), (2, 2, 3)), name="w")
    assert p.asnumpy()[1, 1, 1] == 1.0 and p.asnumpy().sum() == 2.0
