"""Initializers give MindSpore 2.10's exact values after ``set_seed`` (fixtures recorded by
``scripts/record_init_stream_fixtures.py``): the host Philox streams, every random initializer in
float32 and float16, and the default parameters of layers (RNNs draw from NumPy, as in 2.10)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from init_cases import initializers, networks

import deepsink as ms
from deepsink import nn
from deepsink._core import host_random
from deepsink.common import initializer as init

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "init_streams"
DRAW = {
    "uniform": lambda seed, n: host_random.uniform(seed, (n,), -0.3, 0.7),
    "normal": lambda seed, n: host_random.normal(seed, (n,), 0.1, 0.02),
    "truncated": lambda seed, n: host_random.truncated_normal(seed, (n,), -2.0, 2.0, 0.0, 0.02),
    "truncatedwide": lambda seed, n: host_random.truncated_normal(seed, (n,), -0.5, 1.0, 0.3, 0.7),
}


@pytest.mark.parametrize("threads", ["1", "3"])
def test_host_streams_equal_mindspores(threads):
    """Its C++ fills a buffer above 1024 values in parallel tasks; the values do not depend on
    how many (recorded with the initializer pool at 1 and 3 threads)."""
    recorded = np.load(FIX / f"streams_threads{threads}.npz")
    assert len(recorded.files) == 24
    for key in recorded.files:
        kind, seed, n = key.rsplit("_", 2)
        np.testing.assert_array_equal(DRAW[kind](int(seed), int(n)), recorded[key], err_msg=key)


def test_philox_stream_can_start_anywhere():
    whole = host_random.philox_stream(7, 0, 40)
    for start in (0, 1, 3, 4, 5, 17):
        np.testing.assert_array_equal(host_random.philox_stream(7, start, 11), whole[start:][:11])


INITIALIZERS = initializers(ms)
RECORDED_INIT = np.load(FIX / "initializers.npz")


@pytest.mark.parametrize("key", sorted(RECORDED_INIT.files))
def test_initializer_after_set_seed_equals_mindspores(key):
    name, shape, dtype = key.split("|")
    ms.set_seed(100 + list(INITIALIZERS).index(name))
    shape = tuple(int(n) for n in shape.split("x"))
    got = init.initializer(INITIALIZERS[name](), shape, getattr(ms, dtype.lower())).asnumpy()
    want = RECORDED_INIT[key]
    assert got.dtype == want.dtype
    if name == "Orthogonal":  # a float32 QR: LAPACK builds may differ in the last bits
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_array_equal(got, want)


NETWORKS = networks(ms)
RECORDED_NETS = np.load(FIX / "networks.npz")


@pytest.mark.parametrize("name", list(NETWORKS))
def test_layers_start_from_mindspores_weights_after_set_seed(name):
    ms.set_seed(200 + list(NETWORKS).index(name))
    net = NETWORKS[name]()
    got = {f"{name}|{p.name}": p.asnumpy() for p in net.get_parameters()}
    got[f"{name}|numpy_next"] = np.array(np.random.rand())  # NumPy advanced as in 2.10
    want = {k: RECORDED_NETS[k] for k in RECORDED_NETS.files if k.split("|")[0] == name}
    assert sorted(got) == sorted(want)
    for key, value in want.items():
        np.testing.assert_array_equal(got[key], value, err_msg=key)


def test_a_user_initializer_fills_the_array_it_is_given():
    """MindSpore's protocol for a custom initializer: subclass Initializer, fill ``arr``."""

    class Ramp(init.Initializer):
        def __init__(self, step):
            super().__init__(step=step)
            self.step = step

        def _initialize(self, arr):
            arr[...] = np.arange(arr.size).reshape(arr.shape) * self.step

    x = init.initializer(Ramp(0.5), (2, 3), ms.float16)
    assert x.dtype == ms.float16
    np.testing.assert_array_equal(x.asnumpy(), [[0, 0.5, 1], [1.5, 2, 2.5]])
    assert nn.Dense(3, 2, weight_init=Ramp(1.0)).weight.asnumpy()[1, 2] == 5.0


def test_set_seed_checks_as_mindspore():
    with pytest.raises(TypeError, match="must be type of int, but got <class 'float'>"):
        ms.set_seed(1.5)
    with pytest.raises(ValueError, match="'seed' must be int and must >= 0, but got '-1'"):
        ms.set_seed(-1)
    with pytest.raises(TypeError, match="but got 'True' with type 'bool'"):
        ms.set_seed(True)
    ms.set_seed(3)
    a = np.random.rand()
    np.random.seed(3)
    assert np.random.rand() == a  # set_seed seeds NumPy's global generator, as in 2.10
