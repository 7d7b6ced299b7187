"""Initializers against MindSpore's recorded statistics (fixtures/ms/init) and set_seed."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink.common import initializer as init

FIX = Path(__file__).parent.parent / "fixtures" / "ms" / "init"
UNIFORM = {"Uniform", "HeUniform", "XavierUniform"}


def _cases():
    """Every recorded initializer at every recorded shape (the fans differ: 6x1x5x5 is a conv)."""
    return sorted(p.stem for p in FIX.glob("*.npz") if not p.stem.startswith("default_"))


def _check(x: np.ndarray, d, suffix: str = "", bounded: bool = False) -> None:
    mean, std = float(d[f"stat_mean{suffix}"]), float(d[f"stat_std{suffix}"])
    assert x.shape == tuple(d[f"shape{suffix}"])
    if std == 0:
        np.testing.assert_array_equal(x, np.full(x.shape, mean, np.float32))
        return
    n = x.size
    assert abs(x.mean() - mean) <= 6 * std / np.sqrt(n) + 1e-6
    assert x.std() == pytest.approx(std, rel=0.06 if n > 1000 else 0.4)
    if bounded and n > 1000:  # a large sample reaches the bound of a uniform initializer
        assert (
            np.abs(x).max()
            <= max(abs(float(d[f"stat_min{suffix}"])), float(d[f"stat_max{suffix}"])) * 1.01
        )


@pytest.mark.parametrize("case", _cases())
def test_initializer_statistics_match_mindspore(case):
    d = np.load(FIX / f"{case}.npz")
    spec = json.loads(str(d["spec"]))
    name = spec["api"].rsplit(".", 1)[1]
    shape = tuple(int(n) for n in d["shape"])
    assert case.endswith("x".join(map(str, shape)))
    t = init.initializer(getattr(init, name)(*spec["args"], **spec["kwargs"]), shape, ms.float32)
    assert t.dtype == ms.float32
    x = t.asnumpy()
    _check(x, d, bounded=name in UNIFORM)
    if name == "TruncatedNormal":  # a and b are absolute bounds (default [-2, 2]), not sigmas
        assert x.min() >= -2.0 and x.max() <= 2.0


LAYERS = {
    "default_Conv1d_8_16_3": lambda: nn.Conv1d(8, 16, 3, has_bias=True),
    "default_Conv2d_6_16_5": lambda: nn.Conv2d(6, 16, 5, has_bias=True),
    "default_Dense_400_120": lambda: nn.Dense(400, 120),
    "default_Embedding_100_64": lambda: nn.Embedding(100, 64),
    "default_LayerNorm_16": lambda: nn.LayerNorm((16,)),
    "default_BatchNorm2d_16": lambda: nn.BatchNorm2d(16),
}


@pytest.mark.parametrize("case", sorted(LAYERS))
def test_default_layer_initialisation_matches_mindspore(case):
    d = np.load(FIX / f"{case}.npz")
    cell = LAYERS[case]()
    params = dict(cell.parameters_and_names())
    names = {k.split(":", 1)[1] for k in d.files if k.startswith("stat_mean:")}
    for name in names:
        _check(
            params[name].asnumpy(),
            d,
            f":{name}",
            bounded=case.startswith(("default_Conv", "default_Dense")),
        )


def test_truncated_normal_is_not_cut_at_two_sigma():
    # MindSpore's TruncatedNormal(0.02) is effectively N(0, 0.02): values beyond 2 sigma occur
    x = init.initializer(init.TruncatedNormal(0.02), (256, 400)).asnumpy()
    assert np.abs(x).max() > 3 * 0.02


def test_set_seed_makes_initialisation_repeatable():
    ms.set_seed(11)
    a = nn.Dense(4, 3).weight.asnumpy()
    ms.set_seed(11)
    b = nn.Dense(4, 3).weight.asnumpy()
    ms.set_seed(12)
    c = nn.Dense(4, 3).weight.asnumpy()
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


def test_bad_initializer_arguments():
    with pytest.raises(
        ValueError, match="For 'initializer', 'init' must be one of .* but got 'gaussian'"
    ):
        init.initializer("gaussian", (2, 2))
    with pytest.raises(ValueError, match="For 'TruncatedNormal', 'a' must be less than 'b'"):
        init.TruncatedNormal(0.1, a=1.0, b=-1.0)
    with pytest.raises(ValueError, match=r"shape of the given tensor must be \[3\], but got \[2\]"):
        init.initializer(ms.Tensor(np.zeros(2, np.float32)), (3,))
