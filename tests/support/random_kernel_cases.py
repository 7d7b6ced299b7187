"""Seeded programs over MindSpore's other random CPU kernels (channel dropout, Bernoulli,
RandomCategorical, RandomPoisson, RandomGamma, RandomChoiceWithMask, MultinomialWithReplacement,
the candidate samplers, and the ops and layers built on ``ops.uniform`` and ``nn.Dropout``:
gumbel_softmax, rrelu, the recurrent layers' dropout; TruncatedNormal,
ParameterizedTruncatedNormal, the fractional pools, SampleDistortedBoundingBoxV2 and
nn.SampledSoftmaxLoss; 2.10's CPU build has no ``Gamma`` or ``Poisson`` kernel, so ``ops.gamma``/``ops.poisson`` are not recorded): one list for the recorder
(``scripts/record_random_kernel_fixtures.py``, run on MindSpore 2.10) and the test
(``tests/ops/test_random_kernels.py``, run on deepsink). Each case takes the framework module and
returns the arrays it drew, in order.

The channel-dropout kernels ignore every seed and keep one engine per kernel (``keep_prob``, input
shape and dtype) for the whole process, so each case here uses shapes no other case uses."""

from __future__ import annotations

import numpy as np
from random_op_cases import graph_runs


def _np(t) -> np.ndarray:
    return np.asarray(t.asnumpy())


def channel_dropout(ms):
    ops, nn, T = ms.ops, ms.nn, ms.Tensor
    f32 = ms.float32

    def nd2():
        ms.set_seed(1)
        x = ops.ones((2, 6, 3, 5), f32)
        out = [ops.dropout2d(x, 0.5), ops.dropout2d(x, 0.5)]
        out.append(ops.dropout2d(x, 0.3))  # another keep_prob: a kernel of its own
        ms.set_seed(99)  # no effect on these kernels
        out.append(ops.dropout2d(x, 0.5))
        out.append(ops.dropout2d(ops.ones((2, 6, 3, 6), f32), 0.5))  # another shape
        out.append(ops.dropout2d(x, 0.5))
        vals = T(np.arange(1, 3 * 4 * 2 * 2 + 1, dtype=np.float32).reshape(3, 4, 2, 2))
        out.append(ops.dropout2d(vals, 0.3))
        out.append(ops.dropout2d(vals.astype(ms.float64) / 7, 0.3))
        out.append(ops.dropout2d(T(np.arange(48, dtype=np.int32).reshape(3, 4, 2, 2)), 0.3))
        out += [ops.dropout2d(x, 1.0), ops.dropout2d(x, 0.0)]
        return [_np(t) for t in out]

    def nd3_and_1d():
        ms.set_seed(2)
        y = ops.ones((2, 5, 2, 3, 1), f32)
        out = [ops.dropout3d(y, 0.4), ops.dropout3d(y, 0.4)]
        z = ops.ones((3, 7, 4), f32)
        out += [ops.dropout1d(z, 0.5), ops.dropout1d(z, 0.5)]
        out.append(ops.dropout1d(ops.ones((9, 4), f32), 0.5))  # unbatched (C, L)
        return [_np(t) for t in out]

    def layers():
        ms.set_seed(3)
        x = ops.ones((4, 3, 2, 2), f32)
        d2 = nn.Dropout2d(0.5)
        d2.set_train()
        first = ops.dropout2d(x, 0.5)
        out = [first, d2(x), d2(x), ops.dropout2d(x, 0.5)]  # the layer shares the kernel
        d3 = nn.Dropout3d(0.25)
        d3.set_train()
        v = ops.ones((2, 3, 2, 1, 2), f32)
        out += [d3(v), d3(v)]
        d1 = nn.Dropout1d(0.5)
        d1.set_train()
        w = ops.ones((2, 9, 3), f32)
        out += [d1(w), d1(w)]
        prim = ops.Dropout2D(0.6)
        out += list(prim(T(np.arange(2 * 5 * 1 * 3, dtype=np.float32).reshape(2, 5, 1, 3))))
        out += list(ops.Dropout3D(0.6)(ops.ones((1, 6, 1, 1, 2), f32)))
        return [_np(t) for t in out]

    return {"dropout2d": nd2, "dropout3d_1d": nd3_and_1d, "dropout_layers": layers}


def bernoulli(ms):
    ops, T = ms.ops, ms.Tensor
    f32 = ms.float32

    def case():
        x = ops.zeros((3, 5), f32)
        out = [ops.bernoulli(x, 0.5, seed=3), ops.bernoulli(x, 0.5, seed=3)]
        out.append(ops.bernoulli(x, 0.25, seed=0))
        p = T(np.linspace(0.0, 1.0, 15, dtype=np.float32).reshape(3, 5))
        out.append(ops.bernoulli(x, p, seed=11))
        out.append(ops.bernoulli(T(np.zeros(9, np.float64)), 0.7, seed=12))
        out.append(ops.bernoulli(T(np.zeros(9, np.int32)), T(np.float64(0.3)), seed=2**40 + 5))
        out.append(ops.bernoulli(T(np.zeros(6, np.bool_)), 0.5, seed=1))
        out.append(ops.bernoulli(ops.zeros((40, 30), f32), 0.1, seed=7))
        prim = ops.Bernoulli(seed=4)
        out += [prim(x, T(np.float32(0.5))), prim(x, T(np.float32(0.5)))]
        return [_np(t) for t in out]

    return {"bernoulli_seeded": case}


def categorical(ms):
    ops, T = ms.ops, ms.Tensor

    logits = np.log(np.array([[0.2, 0.3, 0.5, 0.0001], [0.7, 0.1, 0.1, 0.1]], np.float32))

    def case():
        lg = T(logits)
        out = [ops.random_categorical(lg, 8, seed=3), ops.random_categorical(lg, 8, seed=3)]
        out.append(ops.random_categorical(lg, 5, seed=4, dtype=ms.int32))
        out.append(ops.random_categorical(T(logits.astype(np.float64)), 6, seed=5))
        out.append(ops.random_categorical(T(np.zeros((3, 50), np.float32)), 40, seed=6))
        prim = ops.RandomCategorical(ms.int16)
        out += [prim(lg, 6, 7), prim(lg, 6, 7), prim(lg, 6, 8), prim(lg, 6, 7)]
        return [_np(t) for t in out]

    return {"random_categorical": case}


def poisson_gamma(ms):
    ops, T = ms.ops, ms.Tensor

    def poisson():
        ms.set_seed(5)
        shape = T(np.array([3, 2], np.int32))
        rate = T(np.array([0.5, 4.0, 12.5, 300.0], np.float32))
        out = [ops.random_poisson(shape, rate), ops.random_poisson(shape, rate)]
        out.append(ops.random_poisson(T(np.array([5], np.int32)), rate, seed=3, dtype=ms.int64))
        out.append(ops.random_poisson(T(np.array([200], np.int32)), T(np.float64(7.5))))
        prim = ops.RandomPoisson(seed=2, seed2=3, dtype=ms.float16)
        out += [prim(T(np.array([4], np.int32)), rate), prim(T(np.array([4], np.int32)), rate)]
        return [_np(t) for t in out]

    def gamma():
        ms.set_seed(6)
        alpha = T(np.array([0.5, 1.0, 3.0, 40.0], np.float32))
        out = [ops.random_gamma(T(np.array([3], np.int32)), alpha)]
        out.append(ops.random_gamma(T(np.array([3], np.int32)), alpha))
        out.append(ops.random_gamma(T(np.array([2], np.int32)), alpha, seed=4))
        return [_np(t) for t in out]

    return {"random_poisson": poisson, "gamma_family": gamma}


def graph(ms):
    """Channel dropout inside a GRAPH_MODE Cell: each call site has a kernel of its own (state 1),
    continued from run to run."""
    ops, nn = ms.ops, ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.drop = nn.Dropout2d(0.5)

        def construct(self, x):
            return self.drop(x), ops.dropout2d(x * 2, 0.5), ops.dropout3d(x.expand_dims(-1), 0.4)

    def case():
        return graph_runs(ms, Net(), ops.ones((2, 5, 1, 2), ms.float32))

    return {"graph_channel_dropout": case}


def host_samplers(ms):
    ops, T = ms.ops, ms.Tensor
    P = ms.ops.operations

    def choice():
        ms.set_seed(1)
        x = T(np.array([[1, 0, 1, 1, 0], [0, 1, 1, 0, 1], [1, 1, 0, 0, 1], [0, 0, 1, 1, 1]], bool))
        out = [*ops.choice_with_mask(x, 5), *ops.choice_with_mask(x, 5)]
        out += [*ops.choice_with_mask(x, 20)]  # fewer True entries than count: padded
        out += [*ops.choice_with_mask(T(np.arange(30) % 4 == 1), 3, seed=7)]
        prim = ops.RandomChoiceWithMask(4, 2, 3)
        out += [*prim(x), *prim(x)]  # the instance's engine goes on
        return [_np(t) for t in out]

    def multinomial():
        w = np.array([[0.1, 0.2, 0.0, 0.7], [0.25, 0.25, 0.25, 0.25]], np.float32)
        x = T(w)
        out = [ops.multinomial_with_replacement(x, 5, 3, 6, True)] * 2
        out.append(ops.multinomial_with_replacement(x, 5, 3, 4, False))
        out.append(ops.multinomial_with_replacement(T(w.astype(np.float64)), 9, 0, 7, True))
        out.append(ops.multinomial_with_replacement(T(w.astype(np.float16)), 2, 1, 3, False))
        out.append(
            ops.multinomial_with_replacement(T(np.arange(1, 7, dtype=np.float32)), 4, 2, 9, True)
        )
        prim = P.MultinomialWithReplacement(5, True)
        i64 = ms.int64
        out += [prim(x, T(5, i64), T(3, i64)), prim(x, T(5, i64), T(3, i64))]
        out += [prim(x, T(6, i64), T(3, i64))]  # new seed: the old block's values come first
        return [_np(t) for t in out]

    def candidates():
        tc = T(np.array([[1], [3], [4]], np.int32))
        out = [*ops.uniform_candidate_sampler(tc, 1, 5, False, 10, seed=3)]
        out += [*ops.uniform_candidate_sampler(tc, 1, 5, True, 10, seed=3)]
        out += [*ops.uniform_candidate_sampler(tc, 1, 5, True, 10, 3, True)]
        out += [*ops.uniform_candidate_sampler(tc.astype(ms.int64), 1, 6, True, 8, 4, True)]
        prim = P.UniformCandidateSampler(1, 4, True, 6, seed=2)
        out += [*prim(tc), *prim(tc)]
        tl = T(np.array([[1, 2], [7, 0]], np.int64))
        out += [*ops.log_uniform_candidate_sampler(tl, 2, 5, True, 20)]
        out += [*ops.log_uniform_candidate_sampler(tl, 2, 5, True, 20)]
        out += [*ops.log_uniform_candidate_sampler(tl, 2, 8, False, 1000, seed=9)]
        prim = P.LogUniformCandidateSampler(2, 5, False, 20, 3)
        out += [*prim(tl), *prim(tl)]
        return [_np(t) for t in out]

    return {"choice_with_mask": choice, "multinomial_with_replacement": multinomial,
            "candidate_samplers": candidates}  # fmt: skip


def on_uniform_and_dropout(ms):
    """Ops and layers whose draws are ``ops.uniform``'s (gumbel_softmax, rrelu) or an
    ``nn.Dropout`` layer's (the recurrent layers' dropout between layers)."""
    ops, nn, T = ms.ops, ms.nn, ms.Tensor

    def uniform_based():
        ms.set_seed(2)
        lg = T(np.linspace(-1.0, 2.0, 10, dtype=np.float32).reshape(2, 5))
        out = [ops.gumbel_softmax(lg, 0.5), ops.gumbel_softmax(lg, 1.0, hard=True)]
        out.append(ops.uniform((3,), T(0.0), T(1.0)))  # the same seed counter goes on
        x = T(np.linspace(-3.0, 3.0, 12, dtype=np.float32).reshape(3, 4))
        out += [ops.rrelu(x), ops.rrelu(x, 0.2, 0.6), ops.rrelu(x.astype(ms.float16))]
        layer = nn.RReLU(0.1, 0.3)
        out += [layer(x), layer(x)]
        return [_np(t) for t in out]

    def rnn_dropout():
        ms.set_seed(4)
        x = T(np.linspace(-1.0, 1.0, 2 * 3 * 3, dtype=np.float32).reshape(2, 3, 3))
        lstm = nn.LSTM(3, 4, num_layers=2, dropout=0.5)
        gru = nn.GRU(3, 2, num_layers=2, batch_first=True, dropout=0.4, bidirectional=True)
        lstm.set_train()
        gru.set_train()
        out = [lstm(x)[0], lstm(x)[0], gru(x)[0]]
        return [_np(t) for t in out]

    return {"uniform_based": uniform_based, "rnn_dropout": rnn_dropout}


def truncated_normals_and_fractional_pools(ms):
    """TruncatedNormal and ParameterizedTruncatedNormal (one kernel per shape value and dtype that
    goes on), and the fractional pools' sequences (a fresh engine from the seed at every call)."""
    T, P = ms.Tensor, ms.ops.operations

    def truncated():
        a, b = T(np.array([2, 5], np.int32)), T(np.array([5, 2], np.int32))
        prim = P.TruncatedNormal(seed=3, seed2=4)
        out = [prim(a), prim(b), prim(a), prim(T(np.array([2, 5], np.int64)))]
        out += [P.TruncatedNormal(ms.float16, 3, 4)(a), P.TruncatedNormal(ms.float64, 7, 0)(a)]
        return [_np(t) for t in out]

    def parameterized():
        def row(*v, dt=np.float32):
            return [T(np.array(x, dt)) for x in v]

        prim = P.ParameterizedTruncatedNormal(seed=5, seed2=6)
        sh = T(np.array([2, 4], np.int64))
        same = row([0.0, 0.0], [1.0, 1.0], [-1.0, -1.0], [1.0, 1.0])
        out = [prim(sh, *same), prim(sh, *same)]
        scalar = [T(np.float32(v)) for v in (1.0, 2.0, 0.0, 50.0)]
        out.append(P.ParameterizedTruncatedNormal(seed=5)(T(np.array([2, 3], np.int32)), *scalar))
        # the three samplers: normals, uniforms on a narrow interval, exponentials past the mean
        for m, sd, lo, hi in ((0.0, 1.0, -3.0, 3.0), (0.0, 1.0, 0.2, 0.5), (0.0, 1.0, 2.0, 9.0)):
            for dt in (np.float32, np.float64, np.float16):
                k = P.ParameterizedTruncatedNormal(seed=8, seed2=1)
                out.append(k(T(np.array([1, 6], np.int32)), *row([m], [sd], [lo], [hi], dt=dt)))
        return [_np(t) for t in out]

    def fractional():
        x = T(np.sin(np.arange(2 * 7 * 9 * 2, dtype=np.float32)).reshape(2, 7, 9, 2))
        out = []
        cases = ((True, 5, 0, True), (True, 5, 0, False), (True, 0, 7, False),
                 (True, 11, 9, True), (False, 0, 0, True), (False, 0, 0, False))  # fmt: skip
        for i, (det, seed, seed2, pseudo) in enumerate(cases):
            cls = (P.FractionalMaxPool, P.FractionalAvgPool)[i % 2]
            out += list(cls([1.0, 1.4, 1.7, 1.0], pseudo, False, det, seed, seed2)(x))
        out += list(P.FractionalMaxPool([1.0, 2.3, 1.3, 1.0], True, True, True, 3)(x))
        return [_np(t) for t in out]

    def fixed_ksize():
        # ops.fractional_max_pool2d/3d draw their samples with ops.rand (the "rand" seed counter)
        ms.set_seed(3)
        ops = ms.ops
        x = T(np.sin(np.arange(2 * 3 * 9 * 8, dtype=np.float32)).reshape(2, 3, 9, 8))
        out = list(ops.fractional_max_pool2d(x, 2, output_size=(4, 5), return_indices=True))
        x3 = T(np.cos(np.arange(2 * 2 * 5 * 6 * 7, dtype=np.float32)).reshape(2, 2, 5, 6, 7))
        out += list(ops.fractional_max_pool3d(x3, 2, output_size=(3, 4, 4), return_indices=True))
        return [_np(t) for t in out]

    def sampled_softmax():
        # nn.SampledSoftmaxLoss samples with its own UniformCandidateSampler(unique=True)
        w = T(np.sin(np.arange(12 * 4, dtype=np.float32)).reshape(12, 4))
        b = T(np.cos(np.arange(12, dtype=np.float32)))
        x = T(np.sin(np.arange(3 * 4, dtype=np.float32) + 0.5).reshape(3, 4))
        loss = ms.nn.SampledSoftmaxLoss(5, 12, seed=7)
        y = T(np.array([[1], [4], [9]], np.int32))
        out = [loss(w, b, y, x), loss(w, b, y, x), loss.sampler(y)[0]]
        return [_np(t) for t in out]

    def bounding_box():
        # every launch restarts Philox(seed, seed2) but first takes its last block's leftovers
        boxes = T(np.array([[[0.1, 0.2, 0.7, 0.9]]], np.float32))
        op = ms.ops.SampleDistortedBoundingBoxV2(seed=3, seed2=1, area_range=(0.2, 0.9))
        size, cover = T(np.array([40, 50, 3], np.int32)), T(np.array([0.3], np.float32))
        out = [*op(size, boxes, cover), *op(size, boxes, cover), *op(size, boxes, cover)]
        two = T(np.array([[[0.0, 0.0, 0.5, 0.5], [0.4, 0.4, 1.0, 1.0]]], np.float32))
        op2 = ms.ops.SampleDistortedBoundingBoxV2(7, 0, (0.5, 2.0), (0.05, 0.3), 5)
        out += [*op2(T(np.array([33, 17, 1], np.int64)), two, T(np.array([0.6], np.float32)))]
        op3 = ms.ops.SampleDistortedBoundingBoxV2(0, 5, (0.5, 1.5), (0.5, 1.0), 100, True)
        empty = T(np.zeros((1, 0, 4), np.float32))
        out += [*op3(T(np.array([64, 64, 3], np.uint8)), empty, T(np.array([0.1], np.float32)))]
        return [_np(t) for t in out]

    return {"truncated_normal": truncated, "parameterized_truncated_normal": parameterized,
            "fractional_pools": fractional, "fractional_max_pool_nd": fixed_ksize,
            "sampled_softmax_loss": sampled_softmax,
            "sample_distorted_bounding_box": bounding_box}  # fmt: skip


def all_cases(ms):
    return {
        **channel_dropout(ms),
        **bernoulli(ms),
        **categorical(ms),
        **poisson_gamma(ms),
        **graph(ms),
        **host_samplers(ms),
        **on_uniform_and_dropout(ms),
        **truncated_normals_and_fractional_pools(ms),
    }
