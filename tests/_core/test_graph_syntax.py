"""Python control flow on Tensors in compiled code (``_compile/graph_syntax.py``).

Each construct runs in GRAPH_MODE (a Cell's ``construct``), under ``ms.jit`` and inside a sunk
training loop, forward and through gradients. The reference is the same Python function run op
by op in PYNATIVE_MODE, where ``if``/``while`` read the Tensor's value: the interpreter itself is
the independent implementation of what the converted program must compute.
"""

import functools
import inspect
import os
import re

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink._compile import graph_syntax

# --- the constructs ------------------------------------------------------------------------------


def if_else(x):
    if x.sum() > 0:
        y = x * 2
    else:
        y = x - 1
    return y


def if_elif(x):
    s = x.sum()
    if s > 5:
        y = x * 3
    elif s > 0:
        y = x * x
    else:
        y = -x
    return y


def early_return(x):
    if x.sum() > 0:
        return x * x
    return x - 1


def nested_return(x):
    y = x + 1
    if x.sum() > 0:
        if x.max() > 2:
            return y * 3
        y = y * 2
    return y - x


def for_break_continue(x):
    s = x * 0
    for i in range(4):
        if x.sum() * i > 6:
            break
        if i == 1:
            continue
        s = s + x * i
    return s


def for_tensor_rows(x):
    acc = x[0] * 0
    for row in x:
        if row.sum() < 0:
            continue
        acc = acc + row * row
        if acc.sum() > 10:
            break
    return acc


def bool_ops(x):
    s = x.sum()
    if (s > 0 and x.max() < 5) or not s < -3:
        return x * 2
    return x * 3


def chained_compare(x):
    if -1 < x.sum() < 4:
        return x * x
    return x


def cond_expr(x):
    return x * 2 if x.mean() > 0 else x * x


def python_constant_condition(x):
    # a shape is known when compiling: the other branch is never traced (it could not be)
    if x.shape[0] == 3:
        return x + 1
    return x.no_such_method()


def while_tensor(x):
    n = 0
    while x.sum() < 20:
        x = x * 2
        n = n + 1
    return x, n


def while_break_return(x):
    i = ms.Tensor(0, ms.int32)
    while i < 10:
        x = x + 1
        if x.sum() > 12:
            return x * 10
        if x.sum() > 9:
            break
        i += 1
    return x


def for_else_break(x):
    # the else runs only when the loop ends without break: "pos" breaks, "neg"/"small" do not
    s = x * 0
    for _ in range(4):
        s = s + x
        if s.sum() > 5:
            break
    else:
        s = s - 100
    return s


def while_else_break(x):
    i = ms.Tensor(0, ms.int32)
    while i < 4:
        x = x + 1
        if x.sum() > 10:
            break
        i += 1
    else:
        x = x * 10
    return x


def for_else_continue(x):
    # continue never skips the else
    s = x * 0
    for i in range(3):
        if (x * i).sum() > 1:
            continue
        s = s + x
    else:
        s = s + 7
    return s


def nested_break_else(x):
    # an inner loop's break skips the inner else only; the outer loop still ends normally
    s = x * 0
    for _ in range(2):
        for j in range(3):
            if (x * j).sum() > 2:
                break
            s = s + x
        else:
            s = s + 1
    else:
        s = s * 2
    return s


def for_range_tensor(x, n):
    out = x
    for _ in range(n):
        out = out * 2
    return out


DIFFERENTIABLE = [if_else, if_elif, early_return, nested_return, for_break_continue,
                  for_tensor_rows, bool_ops, chained_compare, cond_expr,
                  python_constant_condition]  # fmt: skip
INPUTS = [
    np.array([1.0, 2.0, 3.0], np.float32),
    np.array([-1.0, 0.5, -2.0], np.float32),
    np.array([0.2, 0.1, 0.3], np.float32),
]


def _np(out):
    if isinstance(out, tuple | list):
        return [_np(o) for o in out]
    return out.asnumpy() if isinstance(out, ms.Tensor) else np.asarray(out)


def _eager(fn, *args):
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
    try:
        return _np(fn(*args))
    finally:
        ms.set_context(pynative_synchronize=False)


class Wrap(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


def _rows(x):
    return np.stack([x, x[::-1] - 1, x * 2])


LOOP_ELSE = [for_else_break, while_else_break, for_else_continue, nested_break_else]


@pytest.mark.parametrize("fn", DIFFERENTIABLE + [while_tensor, while_break_return])
@pytest.mark.parametrize("x", INPUTS, ids=["pos", "neg", "small"])
def test_graph_mode_and_jit_compute_what_eager_python_computes(fn, x):
    arg = _rows(x) if fn is for_tensor_rows else x
    want = _eager(fn, ms.Tensor(arg))
    ms.set_context(mode=ms.GRAPH_MODE)
    got_cell = _np(Wrap(fn)(ms.Tensor(arg)))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    got_jit = _np(ms.jit(fn)(ms.Tensor(arg)))
    for got in (got_cell, got_jit):
        if isinstance(want, list):
            for g, w in zip(got, want, strict=True):
                np.testing.assert_allclose(g, w, rtol=1e-6)
        else:
            np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("fn", DIFFERENTIABLE)
@pytest.mark.parametrize("x", INPUTS, ids=["pos", "neg", "small"])
def test_gradients_through_converted_control_flow(fn, x):
    arg = _rows(x) if fn is for_tensor_rows else x
    want = _eager(ms.grad(fn), ms.Tensor(arg))
    ms.set_context(mode=ms.GRAPH_MODE)
    got_cell = _np(ms.grad(Wrap(fn))(ms.Tensor(arg)))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    got_jit = _np(ms.jit(ms.grad(fn))(ms.Tensor(arg)))
    np.testing.assert_allclose(got_cell, want, rtol=1e-6)
    np.testing.assert_allclose(got_jit, want, rtol=1e-6)


@pytest.mark.parametrize("fn", LOOP_ELSE)
def test_a_loop_else_is_refused_when_compiled_as_mindspore_does(fn):
    # MindSpore 2.10's parser: "The 'for...else...' statement is not supported now." (and
    # 'while...else...'), a RuntimeError in GRAPH_MODE and jit; PyNative runs it as Python
    word = "while" if fn is while_else_break else "for"
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    want = f"The '{word}...else...' statement is not supported now."
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises(RuntimeError, match=re.escape(want)):
            Wrap(fn)(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(RuntimeError, match=re.escape(want)):
        ms.jit(fn)(x)
    assert _eager(fn, x) is not None


def test_for_over_a_tensor_range_compiles_one_loop():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    for n in (0, 1, 3):
        got = ms.jit(for_range_tensor)(x, ms.Tensor(n, ms.int32))
        np.testing.assert_allclose(got.asnumpy(), x.asnumpy() * 2**n)


def test_while_python_counter_becomes_a_tensor_and_is_returned():
    out, n = ms.jit(while_tensor)(ms.Tensor(np.array([1.0, 1.0], np.float32)))
    np.testing.assert_allclose(out.asnumpy(), [16.0, 16.0])
    assert int(n) == 4


def test_gradient_through_a_while_with_a_run_time_trip_count_is_refused():
    # XLA cannot reverse a loop whose length is known only at run time: the error names the
    # loop's line and the fix, a bounded loop, which differentiates
    def first(x):
        return while_tensor(x)[0]

    line = inspect.getsourcelines(while_tensor)[1] + _line_of(while_tensor, "while ")
    with pytest.raises(
        ValueError,
        match=rf"the 'while' at .*test_graph_syntax\.py:{line} "
        r"cannot be differentiated.*range\(MAX_STEPS\).*break",
    ):
        ms.jit(ms.grad(first))(ms.Tensor(np.ones(2, np.float32)))

    def bounded(x):
        for _ in range(8):
            if x.sum() >= 20:
                break
            x = x * 2
        return x.sum()

    g = ms.jit(ms.grad(bounded))(ms.Tensor(np.ones(2, np.float32)))
    np.testing.assert_allclose(g.asnumpy(), [16.0, 16.0])  # x * 2**4


def range_tensor(x, n):
    for _ in range(n):
        x = x * 2
    return x.sum()


def test_gradient_through_a_for_over_a_tensor_range_names_the_for():
    line = inspect.getsourcelines(range_tensor)[1] + _line_of(range_tensor, "for ")
    with pytest.raises(ValueError, match=rf"the 'for' at .*:{line} cannot be differentiated"):
        ms.jit(ms.grad(range_tensor))(ms.Tensor(np.ones(2, np.float32)), ms.Tensor(3))
    # forward values are unaffected
    assert float(ms.jit(range_tensor)(ms.Tensor(np.ones(2, np.float32)), ms.Tensor(3))) == 16.0


def _line_of(fn, text):
    return next(
        i for i, ln in enumerate(inspect.getsourcelines(fn)[0]) if ln.strip().startswith(text)
    )


class Counter(nn.Cell):
    """A Parameter written inside a Tensor 'if' and a loop (MindSpore allows it in graphs)."""

    def __init__(self):
        super().__init__()
        self.count = ms.Parameter(ms.Tensor(0.0, ms.float32), name="count", requires_grad=False)
        self.dense = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        y = self.dense(x).sum()
        if y > 0:
            ops.assign(self.count, self.count + 1)
        else:
            ops.assign(self.count, self.count - 10)
        for row in x:
            if row.sum() > 100:
                ops.assign(self.count, self.count * 0)
        return y * 2


def test_parameters_written_in_branches_and_loops_are_graph_state():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = Counter()
    x = ms.Tensor(np.ones((2, 3), np.float32))
    out = net(x)
    assert float(out) == 12.0 and float(net.count) == 1.0
    net(-x)
    assert float(net.count) == -9.0
    net(x * 100)
    assert float(net.count) == 0.0


class TensorIfNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        y = self.dense(x)
        if y.mean() > 0:
            y = y * 2
        else:
            y = y * 0.5
        for _ in range(3):
            if y.sum() < 1000:
                break
            y = y / 2
        return y


class MSE(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net

    def construct(self, x, t):
        d = self.net(x) - t
        return (d * d).mean()


def _dataset():
    import deepsink.dataset as ds

    rng = np.random.default_rng(0)
    xs = rng.normal(size=(6, 2, 3)).astype(np.float32)
    ts = rng.normal(size=(6, 2, 1)).astype(np.float32)

    def gen():
        yield from zip(xs, ts)

    return ds.GeneratorDataset(gen, ["x", "t"], shuffle=False)


def _train(sink, mode, path=None):
    ms.set_context(mode=mode)
    if path is not None:
        ms.set_context(save_graphs=1, save_graphs_path=str(path))
    ms.set_seed(0)
    net = TensorIfNet()
    step = nn.TrainOneStepCell(MSE(net), nn.SGD(net.trainable_params(), 0.05))
    # sunk: 4 epochs of 3 steps, the same 12 steps over the 6 samples as 2 plain epochs
    ms.Model(step).train(
        4 if sink else 2, _dataset(), dataset_sink_mode=sink, sink_size=3 if sink else -1
    )
    ms.set_context(save_graphs=0)
    return [p.asnumpy() for p in net.trainable_params()]


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE], ids=["graph", "pynative"])
def test_a_tensor_if_in_a_sunk_construct_is_one_program_and_trains_like_eager(tmp_path, mode):
    want = _train(False, ms.PYNATIVE_MODE)
    got = _train(True, mode, tmp_path)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    jaxprs = [f for f in os.listdir(tmp_path) if re.match(r"00_jaxpr_sink.*\.ir$", f)]
    assert len(jaxprs) == 1, sorted(os.listdir(tmp_path))
    with open(tmp_path / jaxprs[0], encoding="utf-8") as f:
        program = f.read()
    assert "cond[" in program


# --- errors ---------------------------------------------------------------------------------------


def with_try(x):
    try:
        y = x + 1
    except ValueError:
        y = x
    return y


def with_del(x):
    y = x * 2
    del y
    return x


def with_import(x):
    import math

    return x * math.pi


@pytest.mark.parametrize(
    ("fn", "stmt"), [(with_try, "Try"), (with_del, "Delete"), (with_import, "Import")]
)
def test_unsupported_statements_raise_mindspores_error_with_the_line(fn, stmt):
    keyword = {"Try": "try:", "Delete": "del ", "Import": "import "}[stmt]
    lines, first = inspect.getsourcelines(fn)
    line = first + next(i for i, t in enumerate(lines) if t.strip().startswith(keyword))
    with pytest.raises(RuntimeError, match=f"Unsupported statement '{stmt}'") as e:
        ms.jit(fn)(ms.Tensor(np.ones(2, np.float32)))
    assert f"{__file__}:{line}" in str(e.value)
    assert "PYNATIVE_MODE" in str(e.value)


def defined_in_one_branch(x):
    if x.sum() > 0:
        y = x
    return y


def changes_type_in_branch(x):
    y = "a"
    if x.sum() > 0:
        y = "b"  # noqa: F841 - the merge of y is what fails
    return x


def vector_condition(x):
    if x > 0:
        x = x + 1
    return x


def test_a_variable_defined_on_one_path_only_is_an_unbound_local_error():
    # MindSpore 2.10's words, and the line that uses it
    with pytest.raises(
        UnboundLocalError,
        match=r"'y' is not defined in false branch, but defined in true branch\.(.|\n)*return y",
    ):
        ms.jit(defined_in_one_branch)(ms.Tensor(np.ones(2, np.float32)))


def test_a_non_tensor_value_that_depends_on_a_tensor_condition_is_a_type_error():
    with pytest.raises(TypeError, match="variable 'y'"):
        ms.jit(changes_type_in_branch)(ms.Tensor(np.ones(2, np.float32)))


def test_a_condition_with_several_elements_is_a_value_error():
    with pytest.raises(ValueError, match="one element"):
        ms.jit(vector_condition)(ms.Tensor(np.ones((2, 2), np.float32)))


def test_pynative_mode_runs_the_function_as_written():
    # PyNative reads the Tensor's value: nothing is converted
    assert not graph_syntax.active()
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    np.testing.assert_allclose(if_else(x).asnumpy(), [2.0, 4.0, 6.0])


def test_conversion_is_cached_per_function_and_skips_library_code():
    conv = graph_syntax.convert(if_else)
    assert conv is not if_else and graph_syntax.convert(if_else) is conv
    assert graph_syntax.convert(conv) is conv
    assert graph_syntax.convert(ops.relu) is ops.relu
    assert graph_syntax.convert(np.sum) is np.sum


def test_a_library_installed_in_site_packages_is_converted(monkeypatch):
    """A library written for MindSpore (mindyolo's train step: ``if grads_finite:``) lies in
    the installed packages' folder, which outside a virtual environment is inside the standard
    library's folder: its functions are converted, the step one program, not run op by op."""
    import linecache
    import sysconfig
    import warnings

    filename = os.path.join(sysconfig.get_paths()["purelib"], "a_ms_library", "steps.py")
    source = "def step(x):\n    if x.sum() > 0:\n        x = x * 2\n    return x - 1\n"
    monkeypatch.setitem(
        linecache.cache, filename, (len(source), None, source.splitlines(True), filename)
    )
    namespace = {"__name__": "a_ms_library.steps"}
    exec(compile(source, filename, "exec"), namespace)
    assert graph_syntax.is_user_function(namespace["step"])
    step = ms.jit(namespace["step"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "runs op by op"
        for v, want in ((1.0, 1.0), (-1.0, -2.0)):
            out = step(ms.Tensor(np.array([v], np.float32)))
            np.testing.assert_allclose(out.asnumpy(), [want])


# --- MindSpore 2.10's results for the tutorial programs ------------------------------------------

FIXTURE = os.path.join(
    os.path.dirname(__file__), "..", "fixtures", "ms", "graph_syntax", "cases.json"
)


def _close(got, want, path="") -> None:
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _close(got[k], want[k], f"{path}/{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (path, got, want)
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _close(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-5, abs=1e-6), (path, got, want)
    else:
        assert got == want, (path, got, want)


@pytest.fixture(scope="module")
def recorded():
    import json

    with open(FIXTURE, encoding="utf-8") as f:
        return json.load(f)["cases"]


def test_control_flow_tutorial_programs_match_mindspore(recorded):
    from graph_syntax_cases import control_flow

    got = control_flow(ms)
    _close(got, {k: recorded[k] for k in got})


def test_static_graph_tutorial_programs_match_mindspore(recorded):
    from graph_syntax_cases import static_graph

    got = static_graph(ms)
    _close(got, {k: recorded[k] for k in got})


def test_static_graph_syntax_page_statements_print_what_mindspore_prints(recorded):
    from graph_syntax_cases import statements

    assert statements(ms) == recorded["statements"]


def test_control_flow_page_examples_print_what_mindspore_prints(recorded):
    from graph_syntax_cases import control_flow_page

    got, want = control_flow_page(ms), recorded["control_flow_page"]
    # the first example's branches give shapes () and (2,): MindSpore 2.10 joins them into a
    # dynamic shape, deepsink runs that Cell op by op; both print "output: 1"
    assert want[0] == "output: 1"
    assert got == want


def test_mixed_precision_train_step_trains_and_moves_the_loss_scale_as_mindspore(recorded):
    from graph_syntax_cases import mixed_precision

    got = mixed_precision(ms)
    # the overflowing step skips the update and halves the scale; finite steps double it
    # after every scale_window=2 of them
    assert got["scales"] == recorded["mixed_precision"]["scales"]
    assert got["losses"][2] == "nonfinite"
    _close(got, recorded["mixed_precision"])


def asserting(x):
    assert x.sum() > 100, "the sum {must} be large"
    return x * 2


def test_assert_on_a_tensor_raises_assertion_error_when_the_program_runs():
    import jax

    from deepsink._core import checks

    f = ms.jit(asserting)
    np.testing.assert_allclose(f(ms.Tensor(np.full(2, 60.0, np.float32))).asnumpy(), [120, 120])
    with pytest.raises(AssertionError, match=r"the sum \{must\} be large"):
        out = f(ms.Tensor(np.ones(2, np.float32)))
        jax.block_until_ready(out._data)
        checks.poll()
    # a known condition is checked while compiling, as Python does
    with pytest.raises(AssertionError):
        ms.jit(python_assert)(ms.Tensor(np.ones(2, np.float32)))


def python_assert(x):
    assert x.shape[0] == 3
    return x


class Base(nn.Cell):
    def construct(self, x, scale=1.0):
        return x * scale


class Child(Base):
    """super() in branches, a nested function with its own returns, while True with break,
    enumerate over a Tensor, keyword arguments."""

    def construct(self, x, scale=1.0, **kw):
        if x.sum() > 0:
            y = super().construct(x, scale=scale)
        else:
            y = super(Child, self).construct(x) - 1  # noqa: UP008 - the two-argument form

        def helper(v):
            if v.mean() > 100:
                return v / 2
            return v

        while True:
            y = helper(y) + 1
            if y.sum() > 10:
                break
        for i, row in enumerate(y):
            y = y + row * i
        return y


@pytest.mark.parametrize("x", INPUTS, ids=["pos", "neg", "small"])
def test_methods_super_nested_functions_and_loops_convert_together(x):
    want = _eager(lambda t: Child()(t, scale=2.0), ms.Tensor(x))
    ms.set_context(mode=ms.GRAPH_MODE)
    got = Child()(ms.Tensor(x), scale=2.0)
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6)


class ConstructNet(nn.Cell):
    """A Dense layer, then one of the constructs above on its output."""

    def __init__(self, fn):
        super().__init__()
        self.dense = nn.Dense(3, 3, weight_init="ones", bias_init="zeros")
        self.fn = fn

    def construct(self, x):
        h = self.dense(x)
        out = self.fn(h)
        return out.sum() if out.ndim else out


def _train_construct(fn, sink):
    import deepsink.dataset as ds

    ms.set_seed(0)
    xs = np.stack([INPUTS[0], INPUTS[1], INPUTS[2], -INPUTS[0]]) * 0.3
    data = ds.NumpySlicesDataset((xs,), column_names=["x"], shuffle=False).batch(1)
    net = ConstructNet(fn)
    step = nn.TrainOneStepCell(net, nn.SGD(net.trainable_params(), 0.01))
    ms.Model(step).train(1, data, dataset_sink_mode=sink)
    return [p.asnumpy() for p in net.trainable_params()]


# each construct differentiated inside the sunk training loop (the network's output is the loss)
@pytest.mark.parametrize(
    "fn", [if_elif, nested_return, for_break_continue, bool_ops, chained_compare, cond_expr]
)
def test_each_construct_trains_in_the_sunk_loop_as_eager(fn):
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_synchronize=True)
    want = _train_construct(fn, False)
    ms.set_context(mode=ms.GRAPH_MODE, pynative_synchronize=False)
    got = _train_construct(fn, True)
    assert not np.allclose(want[0], 1.0)  # the gradients moved the weights
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


class Halver:
    """A user object called like a function from compiled code."""

    def __call__(self, x):
        if x.sum() > 4:
            return x / 2
        return x


def through_partial_and_object(x):
    f = functools.partial(if_elif)
    return Halver()(f(x))


def test_partials_and_callable_objects_are_converted_when_called():
    for x in INPUTS:
        want = _eager(through_partial_and_object, ms.Tensor(x))
        np.testing.assert_allclose(ms.jit(through_partial_and_object)(ms.Tensor(x)).asnumpy(), want)


# --- the loop primitives and functional transforms -------------------------------------------

TRANSFORMS = os.path.join(os.path.dirname(FIXTURE), "transforms.json")


def test_loop_primitives_and_functional_transforms_match_mindspore():
    import json

    from graph_syntax_cases import transforms

    with open(TRANSFORMS, encoding="utf-8") as f:
        want = json.load(f)["cases"]
    _close(transforms(ms), want)


def test_gradient_tools_match_mindspore():
    # get_grad, InsertGradientOf (eager and jit), HookBackward (its print and a replaced
    # gradient), linearize, nn.Jvp/nn.Vjp, switch_layer on a Tensor index in GRAPH_MODE
    import json

    from graph_syntax_cases import gradient_tools

    with open(TRANSFORMS, encoding="utf-8") as f:
        want = json.load(f)["gradient_tools"]
    _close(gradient_tools(ms), want)


def test_get_grad_of_an_identifier_not_differentiated_is_a_runtime_error():
    def f(x, y):
        return x * y

    grads = ms.grad(f, (0, 1), return_ids=True)(ms.Tensor([1.0]), ms.Tensor([2.0]))
    with pytest.raises(RuntimeError, match="no gradient for 5"):
        ms.get_grad(grads, 5)
    with pytest.raises(TypeError, match="'identifier' must be an int"):
        ms.get_grad(grads, "x")


def test_loop_primitives_check_their_arguments_as_mindspore():
    with pytest.raises(TypeError, match="'cond_func' should be function"):
        ops.WhileLoop()(True, lambda v: v, 1)
    with pytest.raises(TypeError, match="'lower' should be int or Tensor"):
        ops.ForiLoop()(0.5, 3, lambda i, v: v, 1)
    with pytest.raises(TypeError, match="'xs' should be list, tuple or None"):
        ops.Scan()(lambda c, x: (c, x), 0, ms.Tensor([1.0]))
    with pytest.raises(ValueError, match="Invalid loop_func"):
        ops.Scan()(lambda c, x: c + x, 0, [1, 2])  # returns no (carry, y) pair
    # xs=None scans 'length' times (MindSpore 2.10's own check of it raises a TypeError there)
    assert ops.Scan()(lambda c, x: (c + 1, x), 0, None, length=3) == (3, [None, None, None])


def test_a_fori_loop_with_python_bounds_differentiates_under_jit():
    def f(x):
        return ops.ForiLoop()(0, 3, lambda i, v: v * v, x).sum()

    g = ms.jit(ms.grad(f))(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_allclose(g.asnumpy(), 8 * np.array([1.0, 2.0]) ** 7)  # d(x**8)/dx


def test_grad_leaves_python_number_positions_out_as_mindspore():
    # MindSpore 2.10 gives no gradient for a Python number argument (a constant)
    def f(x, y, z):
        return x + y + z

    x, z = ms.Tensor(np.array([1.0], np.float32)), ms.Tensor(np.array([3.0], np.float32))
    assert len(ms.grad(f, grad_position=(0, 1, 2))(x, 2, z)) == 2
    assert ms.grad(f, grad_position=1)(x, 2, z) == ()
    assert len(ms.jit(ms.grad(f, grad_position=(0, 1, 2)))(x, 2, z)) == 2


def test_taylor_transforms_check_their_arguments():
    x = ms.tensor([1.0, 2.0])
    with pytest.raises(ValueError, match="'order' must be at least 1, but got 0"):
        ops.derivative(ops.sin, x, 0)
    with pytest.raises(TypeError, match="'order' must be an int"):
        ops.derivative(ops.sin, x, 1.5)
    with pytest.raises(ValueError, match=r"shape \(order, \*primal.shape\), but got \(2,\)"):
        ops.jet(ops.sin, x, ms.tensor([1.0, 0.0]))


# --- containers outside the call that compiled code writes computed Tensors into ----------------
# (MindSpore 2.10 prints these values for the same programs: after each call the global dict,
# list or attribute holds the Tensor the call computed, not a trace-time placeholder)

_GLOBAL = {"a": ms.Tensor(np.array([1.0, 2.0], np.float32)), "k": 1}
_GLOBAL_LIST: list = []


def _f32(*v):
    return ms.Tensor(np.array(v, np.float32))


def test_a_global_dict_updated_with_a_computed_tensor_holds_its_value_after_every_call():
    @ms.jit
    def step(x):
        _GLOBAL["a"] = x * 2
        _GLOBAL.update({"new": x + 1})
        return x - 1

    assert step(_f32(1.0, 2.0)).asnumpy().tolist() == [0.0, 1.0]
    assert _GLOBAL["a"].asnumpy().tolist() == [2.0, 4.0]  # the first call (traced)
    assert _GLOBAL["new"].asnumpy().tolist() == [2.0, 3.0]
    assert step(_f32(3.0, 4.0)).asnumpy().tolist() == [2.0, 3.0]
    assert _GLOBAL["a"].asnumpy().tolist() == [6.0, 8.0]  # a cached call: no retrace
    assert _GLOBAL["new"].asnumpy().tolist() == [4.0, 5.0]
    assert _GLOBAL["k"] == 1 and list(_GLOBAL) == ["a", "k", "new"]
    assert not isinstance(_GLOBAL["a"]._data, jax.core.Tracer)


def test_a_global_list_extended_in_compiled_code_holds_real_values():
    @ms.jit
    def step(x):
        _GLOBAL_LIST.extend([x + 1])
        return x

    step(_f32(5.0))
    assert [t.asnumpy().tolist() for t in _GLOBAL_LIST] == [[6.0]]


def test_a_graph_mode_cell_writes_a_global_dict_and_its_own_attribute_on_every_call():
    ms.set_context(mode=ms.GRAPH_MODE)
    seen = {"y": _f32(0.0)}

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attr = 1

        def construct(self, x):
            seen["y"] = x - 1
            self.attr = x + 1
            return x * 0

    net = Net()
    net(_f32(2.0))
    assert seen["y"].asnumpy().tolist() == [1.0] and net.attr.asnumpy().tolist() == [3.0]
    net(_f32(7.0))
    assert seen["y"].asnumpy().tolist() == [6.0] and net.attr.asnumpy().tolist() == [8.0]


@pytest.mark.filterwarnings("ignore:.*bytecode")
def test_bytecode_capture_sets_a_cell_attribute_to_the_computed_value():
    # MindSpore's graph-mode page, "Syntax Based on Bytecode Graph Construction"
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attr = 1

        @ms.jit(capture_mode="bytecode")
        def construct(self, x):
            self.attr = x + 1
            return self.attr

    net = Net()
    ret = net(ms.tensor([1, 2, 3], dtype=ms.int32))
    assert ret.asnumpy().tolist() == [2, 3, 4] and net.attr.asnumpy().tolist() == [2, 3, 4]
    net(ms.tensor([5, 6, 7], dtype=ms.int32))
    assert net.attr.asnumpy().tolist() == [6, 7, 8]


def test_only_containers_reachable_from_outside_the_call_are_written_back(monkeypatch):
    from deepsink._compile import writeback

    written = []
    write = writeback.Slot.write
    monkeypatch.setattr(
        writeback.Slot, "write", lambda self, v: (written.append(self.container), write(self, v))
    )
    box = {"last": None}

    @ms.jit
    def step(x):
        outs = []  # local: its activations are not kept alive by a write-back
        for i in range(3):
            outs.append(x * i)
        box["last"] = outs[-1]
        return outs[-1]

    assert step(_f32(2.0)).asnumpy().tolist() == [4.0]
    assert written == [box] and box["last"].asnumpy().tolist() == [4.0]
