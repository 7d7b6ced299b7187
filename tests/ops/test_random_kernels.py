"""The channel dropouts, seeded ``ops.bernoulli``, ``random_categorical``, ``random_poisson``,
``random_gamma``, ``choice_with_mask``, ``multinomial_with_replacement``, the candidate samplers,
``gumbel_softmax``, ``rrelu``, the recurrent layers' dropout, ``TruncatedNormal``,
``ParameterizedTruncatedNormal``, the fractional pools, ``SampleDistortedBoundingBoxV2`` and
``nn.SampledSoftmaxLoss`` draw MindSpore 2.10's numbers (fixtures recorded by
``scripts/record_random_kernel_fixtures.py`` from ``tests/support/random_kernel_cases.py``), and
their kernels keep state as MindSpore's do."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops
from deepsink._core import kernel_samplers as KS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

import random_kernel_cases  # noqa: E402
from random_op_cases import check, summarize  # noqa: E402

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "random_kernels.json").read_text()
)
CASES = random_kernel_cases.all_cases(ms)
# gumbel_softmax's soft sample is softmax((logits - log(-log(u))) / tau): the same u, but XLA's
# log and exp round other than MindSpore's CPU kernels (a few float32 ulps, doubled by 1 / tau)
RTOL = {"uniform_based": 2e-5}


@pytest.mark.parametrize("name", sorted(CASES))
def test_draws_mindspores_numbers(name):
    # the shared kernels start as in a fresh MindSpore process (each case has shapes of its own)
    KS.SHARED.clear()
    check(summarize(CASES[name]()), FIX["cases"][name], RTOL.get(name, 1e-6))


def test_channel_dropout_ignores_the_seed_and_goes_on_per_shape():
    KS.SHARED.clear()
    x = ops.ones((1, 8, 1, 1), ms.float32)
    ms.set_seed(1)
    a = ops.dropout2d(x, 0.5).asnumpy()
    KS.SHARED.clear()
    ms.set_seed(2)
    np.testing.assert_array_equal(ops.dropout2d(x, 0.5).asnumpy(), a)  # set_seed plays no part
    b = ops.dropout2d(x, 0.5).asnumpy()
    assert not np.array_equal(a, b)  # the kernel's engine goes on
    # a layer with the same p, shape and dtype continues the same kernel
    layer = nn.Dropout2d(0.5)
    layer.set_train()
    c = layer(x).asnumpy()
    KS.SHARED.clear()
    stream = [ops.dropout2d(x, 0.5).asnumpy() for _ in range(3)]
    np.testing.assert_array_equal(stream[2], c)


def test_channel_dropout_rank_error_is_mindspores():
    with pytest.raises(ValueError, match=r"For primitive\[Dropout2D\], the rank of input"):
        ops.dropout2d(ops.ones((6, 3, 3), ms.float32), 0.5)
    with pytest.raises(ValueError, match=r"For primitive\[Dropout3D\].*but got 4"):
        ops.dropout3d(ops.ones((6, 3, 3, 2), ms.float32), 0.5)


def test_bernoulli_keeps_the_rest_of_its_last_block():
    KS.SHARED.clear()
    x = ops.zeros((5,), ms.float32)
    first = ops.bernoulli(x, 0.5, seed=21).asnumpy()
    second = ops.bernoulli(x, 0.5, seed=21).asnumpy()
    # 5 values leave 3 of the second 4-value block: the next call takes those first
    KS.SHARED.clear()
    long = ops.bernoulli(ops.zeros((8,), ms.float32), 0.5, seed=21).asnumpy()
    np.testing.assert_array_equal(first, long[:5])
    np.testing.assert_array_equal(second[:3], long[5:8])
    np.testing.assert_array_equal(second[3:], first[:2])


def test_random_categorical_primitive_goes_on_a_function_call_restarts():
    lg = Tensor(np.zeros((1, 6), np.float32))
    a = ops.random_categorical(lg, 10, seed=9).asnumpy()
    np.testing.assert_array_equal(ops.random_categorical(lg, 10, seed=9).asnumpy(), a)
    prim = ops.RandomCategorical(ms.int32)
    first, second = prim(lg, 10, 9).asnumpy(), prim(lg, 10, 9).asnumpy()
    np.testing.assert_array_equal(first, a)
    assert not np.array_equal(first, second)


def test_random_poisson_and_gamma_primitives_go_on():
    shape, rate = Tensor(np.array([6], np.int32)), Tensor(np.array([2.0, 40.0], np.float32))
    p = ops.RandomPoisson(seed=1, seed2=2)
    assert not np.array_equal(p(shape, rate).asnumpy(), p(shape, rate).asnumpy())
    g = ops.RandomGamma(seed=1, seed2=2)
    assert not np.array_equal(g(shape, rate).asnumpy(), g(shape, rate).asnumpy())
    np.testing.assert_array_equal(
        ops.RandomGamma(seed=1, seed2=2)(shape, rate).asnumpy(),
        ops.RandomGamma(seed=1, seed2=2)(shape, rate).asnumpy(),
    )
