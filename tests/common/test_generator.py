"""Generator, default_generator, manual_seed, seed, initial_seed, get_rng_state and set_rng_state:
the states MindSpore 2.10 gives (recorded), and draws that repeat from a seed or a state."""

import json
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import mint, ops

FIX = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/ms/generator/states.json").read_text()
)


def _state(g):
    return g.get_state().asnumpy().tolist()


def test_states_match_mindspore():
    g = ms.Generator()
    assert g.initial_seed() == FIX["fresh"]["initial_seed"] and _state(g) == FIX["fresh"]["state"]
    assert type(g.manual_seed(5)).__name__ == FIX["manual_seed_returns"]
    assert _state(g) == FIX["seed_5"]
    g._step(ms.Tensor(3, ms.int64))
    assert _state(g) == FIX["seed_5_step_3"]
    g.manual_seed(2**40 + 3)
    assert g.initial_seed() == FIX["big_seed"]["initial_seed"]
    assert _state(g) == FIX["big_seed"]["state"]
    assert isinstance(ms.manual_seed(3), ms.Generator) and ms.manual_seed(3) is ms.default_generator
    assert ms.get_rng_state().asnumpy().tolist() == FIX["default_seed_3"]
    ms.set_seed(11)
    assert ms.initial_seed() == FIX["initial_seed_after_set_seed_11"]
    with pytest.raises(TypeError, match=FIX["float_seed_error"].split(": ")[1]):
        g.manual_seed(1.5)


def test_default_generator_repeats_the_random_ops():
    ms.manual_seed(13)
    a = mint.rand(4)
    ms.manual_seed(13)
    assert np.array_equal(mint.rand(4).asnumpy(), a.asnumpy())
    state = ms.get_rng_state()
    b = mint.randn(3)
    ms.set_rng_state(state)
    assert np.array_equal(mint.randn(3).asnumpy(), b.asnumpy())
    s = ms.seed()
    assert isinstance(s, int) and ms.initial_seed() == s
    with pytest.raises(ValueError, match="16"):
        ms.set_rng_state(ms.Tensor(np.zeros(2, np.uint8)))
    with pytest.raises(TypeError, match="Tensor"):
        ms.set_rng_state([0] * 16)


def test_a_generator_drives_the_mint_random_functions():
    g = ms.Generator().manual_seed(21)
    a = mint.rand(3, generator=g)
    assert _state(g)[8] == 1  # one draw: offset 1
    want = jax.random.uniform(jax.random.fold_in(jax.random.key(21), 0), (3,), np.float32)
    np.testing.assert_array_equal(a.asnumpy(), np.asarray(want))  # fold_in(key(seed), offset)
    b = mint.rand(3, generator=g)
    assert not np.array_equal(a.asnumpy(), b.asnumpy())
    g.manual_seed(21)
    np.testing.assert_array_equal(mint.rand(3, generator=g).asnumpy(), a.asnumpy())
    state = g.get_state()
    c = mint.randint(0, 100, (5,), generator=g)
    g.set_state(state)
    np.testing.assert_array_equal(mint.randint(0, 100, (5,), generator=g).asnumpy(), c.asnumpy())
    for draw in (
        lambda: mint.randperm(5, generator=g),
        lambda: mint.normal(0.0, 1.0, (2,), g),
        lambda: mint.bernoulli(ms.Tensor([0.5, 0.5]), generator=g),
        lambda: mint.multinomial(ms.Tensor([0.2, 0.8]), 1, generator=g),
    ):
        draw()
    assert _state(g)[8] == 6  # rand, randint, then the four draws
    with pytest.raises(TypeError, match="Generator"):
        mint.rand(2, generator=3)


def test_a_generator_advances_inside_jit():
    g = ms.Generator().manual_seed(1)

    @ms.jit
    def draw():
        return mint.rand(2, generator=g)

    a, b = draw(), draw()
    assert not np.array_equal(a.asnumpy(), b.asnumpy())
    assert _state(g)[8] == 2


def test_a_generator_advances_inside_a_graph_mode_cell():
    from deepsink import nn

    class Draw(nn.Cell):
        def __init__(self, g):
            super().__init__()
            self.g = g

        def construct(self, x):
            return x + mint.rand(2, generator=self.g)

    g = ms.Generator().manual_seed(4)
    cell = Draw(g)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        a = cell(ms.Tensor(np.zeros(2, np.float32)))
        b = cell(ms.Tensor(np.zeros(2, np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert not np.array_equal(a.asnumpy(), b.asnumpy())
    assert _state(g)[8] == 2
    g.manual_seed(4)
    np.testing.assert_array_equal(mint.rand(2, generator=g).asnumpy(), a.asnumpy())


def test_default_generator_state_is_a_seed_and_an_offset():
    ms.manual_seed(9)
    assert ms.get_rng_state().asnumpy().tolist() == [9] + [0] * 15
    seed, offset = ms.default_generator._step(ms.Tensor(5, ms.int64))
    assert (int(seed), int(offset)) == (9, 0)
    assert ms.get_rng_state().asnumpy()[8] == 5
    mint.rand(2)  # a draw from the default generator: the offset moves on and re-anchors
    state = ms.get_rng_state()
    assert state.asnumpy()[8] == 6
    a = mint.rand(3)
    ms.set_rng_state(state)
    np.testing.assert_array_equal(mint.rand(3).asnumpy(), a.asnumpy())
    # ops.rand draws from its own kernel stream (MindSpore's UniformReal), not the generator:
    # in 2.10 a restored state does not repeat it, and it leaves the offset where it was
    ops.rand(2)
    assert ms.get_rng_state().asnumpy()[8] == 7


def test_context_takes_the_syntax_level_and_jit_config_of_mindspores_tests(monkeypatch):
    """MindSpore's test helpers set these two before running Generators in GRAPH_MODE."""
    from deepsink import context

    monkeypatch.setattr(context, "_warned", set())  # its warnings show once per process
    try:
        ms.set_context(jit_syntax_level=ms.STRICT)  # honoured: see tests/_core/test_jit_api.py
        assert ms.get_context("jit_syntax_level") == ms.STRICT
        with pytest.warns(UserWarning, match="jit_level"):  # its jit_level sets the option
            ms.set_context(jit_config={"jit_level": "O0"})
        assert ms.get_context("jit_config") == {"jit_level": "O0"}
        with pytest.raises(ValueError, match="jit_syntax_level"):
            ms.set_context(jit_syntax_level=5)
        with pytest.raises(ValueError, match="jit_config"):
            ms.set_context(jit_config={"level": "O0"})
    finally:
        ms.set_context(jit_syntax_level=ms.LAX, jit_config={})
