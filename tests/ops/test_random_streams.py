"""Random ops after ``set_seed`` draw MindSpore 2.10's numbers (fixtures recorded by
``scripts/record_random_op_fixtures.py`` from the programs in ``tests/support/random_op_cases.py``),
and the kernels' streams behave as MindSpore's do: a Primitive instance continues its stream, a
functional call advances the op's seed counter, ``set_seed`` starts the counters again, a compiled
step continues its ops' streams from run to run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops
from deepsink._core import kernel_random as KR

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

import random_op_cases  # noqa: E402
from random_op_cases import check  # noqa: E402

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "random_ops.json").read_text()
)
CASES = random_op_cases.all_cases(ms)


@pytest.mark.parametrize("name", sorted(CASES))
def test_draws_mindspores_numbers(name):
    check(random_op_cases.summarize(CASES[name]()), FIX["cases"][name])


def test_gan_latent_codes_sum_as_on_mindspore():
    ms.set_seed(1234)
    z = ops.standard_normal((64, 100)).asnumpy()
    want = FIX["cases"]["gan_latents"][0]
    assert z.reshape(-1)[:16].tolist() == want["head"]
    assert float(z.sum(dtype=np.float64)) == pytest.approx(want["sum"], rel=1e-6)


def test_primitive_instance_continues_its_stream_a_new_instance_restarts():
    p = ops.StandardNormal(1, 2)
    first, second = p((4,)).asnumpy(), p((4,)).asnumpy()
    assert not np.array_equal(first, second)
    np.testing.assert_array_equal(ops.StandardNormal(1, 2)((4,)).asnumpy(), first)
    # an odd count drops the second value of the last pair: the next call starts a new pair
    q = ops.StandardNormal(1, 2)
    q((3,))
    stream = ops.StandardNormal(1, 2)((8,)).asnumpy()
    np.testing.assert_array_equal(q((3,)).asnumpy(), stream[4:7])


def test_seed_counter_advances_per_call_and_restarts_on_set_seed():
    ms.set_seed(21)
    a, b = ops.rand(5).asnumpy(), ops.rand(5).asnumpy()
    assert not np.array_equal(a, b)
    ms.set_seed(21)
    np.testing.assert_array_equal(ops.rand(5).asnumpy(), a)
    # counters are per op name: another op in between does not move rand's
    ms.set_seed(21)
    ops.randn(5)
    np.testing.assert_array_equal(ops.rand(5).asnumpy(), a)


def test_graph_seed_values():
    from deepsink._core import random as R

    ms.set_seed(1)
    assert R.graph_seed(None, "standard_normal") == (1, 0)
    assert R.graph_seed(None, "standard_normal") == (1, 533697028)
    assert R.graph_seed(2, "standard_normal") == (1, 2)
    with pytest.raises(ValueError, match="'seed' must be >= 0"):
        R.graph_seed(-1, "uniform")
    with pytest.raises(TypeError, match="'seed' must be an int"):
        R.graph_seed(1.5, "uniform")


def test_primitive_seed_errors():
    with pytest.raises(ValueError, match="StandardNormal.*'seed2' must be >= 0"):
        ops.StandardNormal(1, -2)((2,))
    with pytest.raises(TypeError, match="UniformInt.*'minval' must be an int scalar"):
        ops.UniformInt(1, 2)((2,), Tensor(0.0), Tensor(3, ms.int32))


def test_dropout_layer_in_compiled_step_continues_its_stream():
    ms.set_seed(5)
    layer = nn.Dropout(p=0.5)
    layer.set_train()
    x = ops.ones((2, 8), ms.float32)
    eager = [layer(x).asnumpy() for _ in range(3)]
    ms.set_seed(5)
    layer = nn.Dropout(p=0.5)
    layer.set_train()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        compiled = [layer(x).asnumpy() for _ in range(3)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, c in zip(eager, compiled, strict=True):
        np.testing.assert_array_equal(e, c)
    assert not np.array_equal(compiled[0], compiled[1])


def test_mt19937_matches_the_reference_engine():
    # std::mt19937 seeded with 5489 (its default): the 10000th output is 4123659995
    out, _ = KR.uniform_int(KR.mt_start(5489), 10000, 0, 2**31 - 1)
    raw, _ = KR.mt_draws(jnp.asarray(KR.mt_start(5489)), 10000)
    assert int(np.asarray(raw)[-1]) == 4123659995
    assert np.asarray(out).max() < 2**31 - 1


def test_lehmer_engine_jumps_ahead_exactly():
    x0 = KR.lehmer_start(KR.kernel_seed(3, 4))
    draws = np.asarray(KR.lehmer_draws(jnp.uint32(x0), 2500))
    v, ref = x0, []
    for _ in range(2500):
        v = v * 16807 % (2**31 - 1)
        ref.append(v)
    np.testing.assert_array_equal(draws, ref)
    # minstd_rand0's 10000th output from seed 1 is 1043618065
    assert int(np.asarray(KR.lehmer_draws(jnp.uint32(1), 10000))[-1]) == 1043618065


def test_rejection_loop_goes_round_again_when_a_chunk_is_short():
    # a range of 2**31 + 1 rejects about half the draws, more than one chunk allows for
    st = jnp.asarray(KR.mt_start(KR.kernel_seed(7, 8)))
    vals, after = KR.uniform_int(st, 2000, -(2**30) - 1, 2**30)
    vals = np.asarray(vals)
    assert vals.min() >= -(2**30) - 1 and vals.max() < 2**30
    more, _ = KR.uniform_int(after, 5, -(2**30) - 1, 2**30)
    both, _ = KR.uniform_int(st, 2005, -(2**30) - 1, 2**30)
    np.testing.assert_array_equal(np.asarray(both), np.concatenate([vals, np.asarray(more)]))


def test_standard_normal_stream_splits_at_even_counts():
    st = jnp.uint32(KR.lehmer_start(KR.kernel_seed(9, 9)))
    whole, _ = KR.standard_normal(st, 4000)
    a, st2 = KR.standard_normal(st, 2000)
    b, _ = KR.standard_normal(st2, 2000)
    np.testing.assert_array_equal(np.asarray(whole), np.concatenate([np.asarray(a), np.asarray(b)]))


def test_kernels_run_under_jit():
    f = jax.jit(lambda s: KR.dropout(s, jnp.ones((3, 4), jnp.float32), 0.5))
    (out, mask), st = f(jnp.uint32(12345))
    (out2, mask2), st2 = KR.dropout(jnp.uint32(12345), jnp.ones((3, 4), jnp.float32), 0.5)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(out2))
    assert int(st) == int(st2)


def test_empty_inputs_draw_nothing_and_keep_the_stream():
    prim = ops.Dropout(0.5, 1, 1)
    out, mask = prim(Tensor(np.zeros((0, 3), np.float32)))
    assert out.shape == (0, 3) and mask.shape == (0, 3)
    assert ops.standard_normal((0, 2)).shape == (0, 2)
    assert ops.rand(0, 4).shape == (0, 4)


def test_a_deep_copied_layer_gets_a_kernel_of_its_own_in_the_shared_table():
    import copy

    ms.set_seed(5)
    layer = nn.Dropout(p=0.5)
    layer.set_train()
    x = ops.ones((2, 8), ms.float32)
    first = layer(x).asnumpy()
    twin = copy.deepcopy(layer)
    np.testing.assert_array_equal(twin(x).asnumpy(), first)  # starts from the seeds again
    engine = next(iter(twin.dropout._kernel_engines.values()))
    assert engine.table is KR.LEHMER
