"""Python inside compiled functions (issue 33, items 1-3 and 12-16): the user's Python runs once
per compile, a Tensor ``if`` that returns on one path only gives None on the other, Tensors
formatted into strings show their values, Python scalar arguments are constants with a bounded
program cache, and generators, recursion, outer variables written in a Tensor branch and
functions without source are either run or refused with an error naming them.

MindSpore 2.10's outputs for the same programs are in ``tests/fixtures/ms/graph_python.json``
(``scripts/record_graph_python_fixtures.py``)."""

import functools
import json
import os
import warnings

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn

with open(
    os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "ms", "graph_python.json")
) as _f:
    MS = json.load(_f)

V = np.array([1.0, 2.0], np.float32)
COUNTER = 0
SEEN: list = []
TOTAL = 0
STORE: dict = {}


@pytest.fixture(autouse=True)
def _graph_mode_after():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


# --- item 1: the user's Python runs once per compile ---------------------------------------------
def test_a_global_incremented_in_a_jit_function_moves_once_per_compile():
    global COUNTER
    COUNTER = 0

    @ms.jit
    def f(x):
        global COUNTER
        COUNTER = COUNTER + 1
        return x + COUNTER

    assert float(f(ms.Tensor(0.0))) == 1.0 and COUNTER == 1
    assert float(f(ms.Tensor(5.0))) == 6.0 and COUNTER == 1  # the same program: no Python runs


def test_a_counter_in_a_dict_and_both_branches_of_a_tensor_if_run_once():
    counter = {"n": 0}
    SEEN.clear()

    @ms.jit
    def f(x):
        counter["n"] += 1
        if x > 0:
            SEEN.append("pos")
            y = x + 1
        else:
            SEEN.append("neg")
            y = x - 1
        return y

    assert float(f(ms.Tensor(1.0))) == 2.0 and float(f(ms.Tensor(-1.0))) == -2.0
    assert counter["n"] == 1 and counter["n"] == MS["dict_counter_after_two_calls"]
    assert SEEN == ["pos", "neg"]  # each branch compiled once


def test_a_train_step_over_a_global_network_is_traced_once_and_trains():
    calls = []
    ms.set_seed(1)
    net = nn.Dense(4, 2)
    loss_fn = nn.MSELoss()
    opt = nn.SGD(net.trainable_params(), 0.1)
    grad_fn = ms.value_and_grad(lambda d, t: loss_fn(net(d), t), None, net.trainable_params())

    @ms.jit
    def step(d, t):
        calls.append(1)
        loss, grads = grad_fn(d, t)
        opt(grads)
        return loss

    d, t = ms.Tensor(np.ones((8, 4), np.float32)), ms.Tensor(np.zeros((8, 2), np.float32))
    losses = [float(step(d, t)) for _ in range(3)]
    assert len(calls) == 1
    assert losses[0] > losses[1] > losses[2]


def test_a_jit_method_of_a_cell_is_traced_once():
    calls = []

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 2)

        @ms.jit
        def construct(self, x):
            calls.append(1)
            return self.dense(x)

    net = Net()
    x = ms.Tensor(np.ones((1, 2), np.float32))
    assert net(x).shape == (1, 2) and net(x).shape == (1, 2)
    assert len(calls) == 1


def test_state_reached_only_through_a_module_is_still_threaded():
    import types

    holder = types.ModuleType("holder")
    holder.p = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="held")

    @ms.jit
    def write(x):
        ms.ops.assign(holder.p, x)
        return x * 2

    write(ms.Tensor(V))
    assert holder.p.asnumpy().tolist() == [1.0, 2.0]
    write(ms.Tensor(V * 3))
    assert holder.p.asnumpy().tolist() == [3.0, 6.0]


# --- item 2: a Tensor if that returns on one path only ----------------------------------------
def test_a_tensor_if_without_else_returns_none_on_the_path_that_falls_through():
    @ms.jit
    def f(x):
        if x.sum() > 0:
            return x * 2

    assert f(ms.Tensor(-V)) is None and MS["if_without_else_negative"] is None
    assert f(ms.Tensor(V)).asnumpy().tolist() == MS["if_without_else_positive"] == [2.0, 4.0]

    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                return x * 2

    assert Net()(ms.Tensor(-V)) is None


# --- item 3: Tensors formatted into strings --------------------------------------------------
def test_tensors_formatted_into_strings_show_their_values():
    @ms.jit
    def f(x):
        y = x + 1
        return f"v={y}", "%s" % y, "{}".format(y)  # noqa: UP031, UP032 - the forms under test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # jit's notice that it runs op by op
        out = f(ms.Tensor(V))
    assert out[0] == MS["fstring_of_computed"] == "v=[2. 3.]"
    assert out[1] == out[2] == "[2. 3.]"


def test_print_of_an_fstring_prints_the_value(capfd):
    @ms.jit
    def f(x):
        print(f"x={x * 2}")
        return x

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        f(ms.Tensor(V))
    assert "x=[2. 4.]" in capfd.readouterr().out


def test_a_formatted_tensor_in_a_graph_mode_cell_runs_op_by_op():
    # MindSpore 2.10 formats it at run time (JIT Fallback) and returns '[2. 3.]'
    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        def construct(self, x):
            return f"{x + 1}"

    with pytest.warns(UserWarning, match="op by op: An f-string or str.format"):
        assert Net()(ms.Tensor(V)) == "[2. 3.]"


# --- item 12: Python scalars are constants; the programs kept are bounded -------------------------
def test_python_scalar_arguments_are_constants_as_in_mindspore():
    assert MS["scalar_argument_is_constant"] is True

    @ms.jit
    def f(x, n):
        return ms.ops.zeros((n,), ms.float32) + x  # a shape from the number: a constant

    assert f(ms.Tensor(1.0), 3).shape == (3,) and f(ms.Tensor(1.0), 4).shape == (4,)


def test_new_scalar_values_keep_a_bounded_set_of_programs_and_warn_naming_the_argument():
    from deepsink._compile.jit import MAX_PROGRAMS

    compiles = []

    @ms.jit
    def f(x, scale):
        compiles.append(scale)
        return x * scale

    x = ms.Tensor(V)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for i in range(MAX_PROGRAMS + 4):
            assert f(x, float(i)).asnumpy().tolist() == [float(i), 2.0 * i]
    msgs = [str(w.message) for w in caught if "compiled" in str(w.message)]
    assert len(msgs) == 1 and "'scale'" in msgs[0] and "mutable" in msgs[0]
    n = len(compiles)
    f(x, float(MAX_PROGRAMS + 3))  # among the most recent: kept
    assert len(compiles) == n
    f(x, 0.0)  # the oldest: dropped, compiled again
    assert len(compiles) == n + 1
    f(x, ms.mutable(2.5))  # a run-time input: one program for every value
    f(x, ms.mutable(3.5))
    assert len(compiles) == n + 2


def test_a_graph_mode_cell_keeps_a_bounded_set_of_programs_for_new_scalar_values():
    from deepsink._compile.jit import MAX_PROGRAMS

    ms.set_context(mode=ms.GRAPH_MODE)
    compiles = []

    class Scale(nn.Cell):
        def construct(self, x, factor):
            compiles.append(factor)
            return x * factor

    net = Scale()
    x = ms.Tensor(V)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for i in range(MAX_PROGRAMS + 2):
            assert net(x, float(i)).asnumpy().tolist() == [float(i), 2.0 * i]
    msgs = [str(w.message) for w in caught if "compiled" in str(w.message)]
    assert len(msgs) == 1 and "'factor'" in msgs[0]
    assert len(net._compile_cache) == MAX_PROGRAMS
    n = len(compiles)
    net(x, float(MAX_PROGRAMS + 1))
    assert len(compiles) == n  # kept
    net(x, 0.0)
    assert len(compiles) == n + 1  # dropped, compiled again


def test_many_input_shapes_warn_about_shapes_not_arguments():
    from deepsink._compile.jit import MAX_PROGRAMS

    @ms.jit
    def f(x, scale=2.0):
        return x * scale

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for n in range(1, MAX_PROGRAMS + 3):
            assert f(ms.Tensor(np.ones(n, np.float32))).shape == (n,)
    msgs = [str(w.message) for w in caught if "compiled" in str(w.message)]
    assert len(msgs) == 1 and "input shapes ([(1,)]; [(2,)]" in msgs[0] and "'scale'" not in msgs[0]


# --- item 13: generators ---------------------------------------------------------------------
def test_a_generator_in_a_compiled_function_is_mindspores_unsupported_yield():
    @ms.jit
    def f(x):
        def gen():
            yield x
            yield x + 1

        return sum(gen())

    with pytest.raises(RuntimeError) as e:
        f(ms.Tensor(1.0))
    assert str(e.value).splitlines()[0] == MS["yield_error"] == "Unsupported expression 'Yield'."
    assert "test_graph_python_semantics.py" in str(e.value)


def _pairs(x):
    yield x
    yield x * 2


def test_a_generator_function_called_from_compiled_code_is_refused_naming_its_line():
    @ms.jit
    def f(x):
        a, b = _pairs(x)
        return a + b

    with pytest.raises(RuntimeError, match=r"Unsupported expression 'Yield'\.\nIn file .*:\d+"):
        f(ms.Tensor(1.0))


# --- item 14: recursion -------------------------------------------------------------------------
def _fact(n):
    if n <= 1:
        return 1
    return n * _fact(n - 1)


def test_a_self_recursive_function_on_python_values_is_computed():
    @ms.jit
    def f(x):
        return x * _fact(4)

    assert float(f(ms.Tensor(1.0))) == MS["recursive_fact"] == 24.0

    def outer(k):
        def fib(n):
            return n if n < 2 else fib(n - 1) + fib(n - 2)

        return fib(k)

    @ms.jit
    def g(x):
        return x + outer(7)

    assert float(g(ms.Tensor(0.0))) == 13.0


# --- item 15: outer variables and containers written in a Tensor branch -------------------------
def test_a_global_assigned_in_a_tensor_branch_is_a_clear_error():
    global TOTAL
    TOTAL = 0

    @ms.jit
    def f(x):
        global TOTAL
        if x > 0:
            TOTAL = TOTAL + 1
        return x

    with pytest.raises(
        RuntimeError,
        match=r"global variable 'TOTAL'.*Tensor condition, at "
        r".*test_graph_python_semantics.py:\d+",
    ):
        f(ms.Tensor(1.0))

    @ms.jit
    def g(x, flag):
        global TOTAL
        if flag:  # a Python condition: plain Python, the global is written
            TOTAL = TOTAL + 1
        return x

    g(ms.Tensor(1.0), True)
    assert TOTAL == 1


def test_a_nonlocal_assigned_in_a_tensor_branch_is_a_clear_error():
    v = ms.Tensor(0.0)

    @ms.jit
    def f(x):
        nonlocal v
        if x > 0:
            v = x + 1
        return x

    with pytest.raises(RuntimeError, match="nonlocal variable 'v'"):
        f(ms.Tensor(1.0))


def test_containers_changed_in_a_tensor_branch_are_a_clear_error():
    SEEN.clear()

    @ms.jit
    def f(x):
        if x > 0:
            SEEN.append(x + 1)
        return x

    with pytest.raises(
        RuntimeError,
        match=r"list\.append of a Tensor computed in a branch.*at "
        r".*test_graph_python_semantics.py:\d+",
    ):
        f(ms.Tensor(1.0))
    assert SEEN == []

    @ms.jit
    def g(x):
        if x > 0:
            STORE["a"] = x + 1
        return x

    with pytest.raises(RuntimeError, match="An item assignment of a Tensor.*changes a dict"):
        g(ms.Tensor(1.0))


def test_a_list_made_inside_a_tensor_branch_is_still_fine():
    @ms.jit
    def f(x):
        acc = [x]
        if x > 0:
            parts = []
            parts.append(x * 2)
            y = parts[0] + acc[0]
        else:
            y = x
        return y

    assert float(f(ms.Tensor(1.0))) == 3.0 and float(f(ms.Tensor(-1.0))) == -1.0


# --- item 16: decorated constructs and code without source ------------------------------------
def _logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def test_a_construct_wrapped_by_functools_wraps_runs_in_graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        @_logged
        def construct(self, x):
            if x.sum() > 0:
                return x * 2
            return x

    assert Net()(ms.Tensor(V)).asnumpy().tolist() == MS["wraps_construct"] == [2.0, 4.0]
    assert Net()(ms.Tensor(-V)).asnumpy().tolist() == [-1.0, -2.0]


def test_a_cell_built_by_exec_names_its_construct_and_the_missing_source():
    ms.set_context(mode=ms.GRAPH_MODE)
    namespace = {"nn": nn}
    exec(  # noqa: S102 - the case under test: a class without source
        "class Built(nn.Cell):\n"
        "    def construct(self, x):\n"
        "        if x.sum() > 0:\n"
        "            return x * 2\n"
        "        return x\n",
        namespace,
    )
    with pytest.raises(
        TypeError,
        match=r"'Built\.construct' \(<string>:2\) is not converted.*"
        r"source cannot be read.*exec",
    ):
        namespace["Built"]()(ms.Tensor(V))
