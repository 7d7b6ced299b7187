"""The functionalization mechanism: binding, journaled writes, discovery; GRAPH_MODE caching."""

import jax.numpy as jnp
import numpy as np
import pytest
from cellkit import Linear

from deepsink import context
from deepsink._compile import jit as _jit
from deepsink._core import functional
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


def test_pure_binds_state_and_returns_writes():
    net = Linear(3, 2)
    boxes = _jit.state_of(net)
    f = functional.pure(net, boxes)
    state = functional.values(boxes)
    x = Tensor(np.ones((1, 3), np.float32))
    out, new_state, escaped = f(state, x)
    assert escaped == []
    idx = [b.name for b in boxes].index("calls")
    assert float(new_state[idx]) == 1.0
    assert float(net.calls.asnumpy()) == 0.0  # the cell itself is untouched until update
    functional.update(boxes, new_state)
    assert float(net.calls.asnumpy()) == 1.0
    np.testing.assert_allclose(out.asnumpy(), net(x).asnumpy())


def test_writes_to_unbound_state_escape_instead_of_leaking():
    owned = Parameter(Tensor(np.float32(0)), name="owned")
    stray = Parameter(Tensor(np.float32(5)), name="stray")

    def fn(x):
        owned._data = owned._data + x
        stray._data = stray._data * 2
        return x

    out, new_state, escaped = functional.pure(fn, [owned])((jnp.float32(0),), 1.0)
    assert float(new_state[0]) == 1.0
    assert [(b.name, float(v)) for b, v in escaped] == [("stray", 10.0)]
    assert float(stray.asnumpy()) == 5.0  # restored; the caller decides what to apply


class _Pair(Cell):
    def __init__(self):
        super().__init__()
        self.first, self.second = Linear(3, 3, seed=1), Linear(3, 2, seed=2)

    def construct(self, x):
        return self.second(self.first(x))


def test_a_cell_built_elsewhere_keeps_compiled_programs_a_changed_tree_retraces():
    """An optimizer or training wrapper built after a network's first GRAPH_MODE call changes
    the structure of other Cells only: the network keeps its program. A child replaced, or a
    Parameter added to the network, compiles it again."""
    context.set_context(mode=context.GRAPH_MODE)
    net = _Pair()
    x = Tensor(np.ones((4, 3), np.float32))
    before = net(x).asnumpy()
    assert net.second.traces == 1
    Linear(5, 5)  # another Cell with Parameters: the structure version moves on
    np.testing.assert_allclose(net(x).asnumpy(), before, rtol=1e-6)
    assert net.second.traces == 1  # the same program, not traced again
    assert float(net.second.calls.asnumpy()) == 2.0
    net.second = Linear(3, 2, seed=3)
    replaced = net(x).asnumpy()
    assert net.second.traces == 1  # the new child, traced once
    assert not np.allclose(replaced, before)
    net.extra = Parameter(Tensor(np.float32(1)), name="extra")
    net(x)
    assert net.second.traces == 2  # a new Parameter of the network: a new program


def test_graph_mode_compiles_once_per_signature_and_updates_state():
    net = Linear(3, 2)
    x = Tensor(np.ones((4, 3), np.float32))
    eager = net(x).asnumpy()
    assert net.traces == 1
    context.set_context(mode=context.GRAPH_MODE)
    for _ in range(3):
        np.testing.assert_allclose(net(x).asnumpy(), eager, rtol=1e-6)
    assert net.traces == 2  # one trace for the compiled signature, none after
    assert float(net.calls.asnumpy()) == 4.0  # the in-construct write happened every call
    net(Tensor(np.ones((5, 3), np.float32)))
    assert net.traces == 3  # a new shape compiles once more


def test_mode_switch_on_existing_cell():
    net = Linear(3, 2)
    x = Tensor(np.ones((2, 3), np.float32))
    context.set_context(mode=context.GRAPH_MODE)
    a = net(x).asnumpy()
    context.set_context(mode=context.PYNATIVE_MODE)
    b = net(x).asnumpy()
    np.testing.assert_array_equal(a, b)


def test_jit_decorator_discovers_state_it_touches():
    from deepsink._compile.jit import jit

    net = Linear(3, 2)

    @jit
    def step(x):
        out = net(x)
        net.bias._data = net.bias._data + 1.0
        return out.sum()

    x = Tensor(np.ones((2, 3), np.float32))
    step(x)
    step(x)
    np.testing.assert_allclose(net.bias.asnumpy(), [2.0, 2.0])
    assert net.traces == 1  # one trace: the state it touches is found without running it


def test_duplicate_parameter_names_are_rejected_when_compiling():
    class Clash(Cell):
        def __init__(self):
            super().__init__()
            self.a = Parameter(Tensor(np.float32(1)), name="same")
            self.b = Parameter(Tensor(np.float32(2)), name="same")

        def construct(self, x):
            return x * unwrap(self.a) * unwrap(self.b)

    context.set_context(mode=context.GRAPH_MODE)
    with pytest.raises(
        ValueError, match="Parameter name 'same' is used by two different Parameters"
    ):
        Clash()(Tensor(np.float32(1)))
