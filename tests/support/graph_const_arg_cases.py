"""What MindSpore 2.10 does with a Tensor argument marked ``const_arg`` (``Tensor(...,
const_arg=True)``, ``Tensor.set_const_arg``): a compiled function sees its value while it
compiles, so ``int(x)``, ``x.asnumpy()`` and an ``if`` on it are computed then, and a call with
other values compiles again; ``set_const_arg`` takes a bool only.
``scripts/record_graph_compile_fixtures.py`` records the outcomes under 2.10 and
``tests/_core/test_graph_const_args.py`` replays them on deepsink."""

from __future__ import annotations

try:
    from tests.support.graph_join_cases import outcome
except ImportError:  # the recorder puts tests/support itself on the path
    from graph_join_cases import outcome


def graph_const_args(ms) -> dict:
    nn, Tensor = ms.nn, ms.Tensor
    ms.set_context(mode=ms.GRAPH_MODE)
    cases = {}

    @ms.jit
    def scaled_by_int(x, y):
        return y * int(x)

    @ms.jit
    def shape_from_values(x):
        return ms.ops.zeros((int(x[0]), int(x[1])), ms.float32)

    class Branches(nn.Cell):
        def construct(self, x, y):
            if x > 2:
                return y + x.asnumpy().sum()
            return y

    y = Tensor([1.0, 2.0])
    cases["int_of_const_arg"] = outcome(scaled_by_int, Tensor([3], const_arg=True), y)
    cases["int_of_const_arg_other_value"] = outcome(scaled_by_int, Tensor([4]).set_const_arg(), y)
    cases["shape_from_const_arg"] = outcome(shape_from_values, Tensor([2, 3]).set_const_arg())
    cases["shape_from_const_arg_other_value"] = outcome(
        shape_from_values, Tensor([1, 2]).set_const_arg()
    )
    net = Branches()
    cases["asnumpy_in_cell_true"] = outcome(net, Tensor(3, const_arg=True), Tensor(1.0))
    cases["asnumpy_in_cell_false"] = outcome(net, Tensor(1, const_arg=True), Tensor(1.0))

    t = Tensor([1.0])
    cases["const_arg_default"] = t.const_arg
    cases["set_const_arg_returns_self"] = t.set_const_arg() is t
    cases["const_arg_after_set"] = t.const_arg
    cases["const_arg_after_set_false"] = t.set_const_arg(False).const_arg
    for name, bad in (("int", 1), ("none", None), ("str", "True")):
        cases[f"set_const_arg_{name}"] = outcome(Tensor([1.0]).set_const_arg, bad)
    cases["tensor_const_arg_int"] = outcome(lambda: Tensor([1.0], const_arg=1))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return cases
