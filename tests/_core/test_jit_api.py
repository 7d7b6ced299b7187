"""``jit``'s MindSpore 2.10 arguments, ``JitConfig``/``Cell.set_jit_config``, ``jit_class``,
``mutable`` and ``ops.constexpr``: their checks (MindSpore 2.10's exception types and wording,
recorded by running 2.10) and their effect here."""

import warnings

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.common import jit_config


def double_if_positive(x):
    if x.sum() > 0:
        return x * 2
    return x


@pytest.fixture(autouse=True)
def _fresh_warnings():
    jit_config._WARNED.clear()
    yield
    jit_config._WARNED.clear()


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"capture_mode": "x"}, ValueError, r"the 'capture_mode' must be str and must be in"),
        ({"jit_level": "O5"}, ValueError, r"the 'jit_level' must be str and must be in"),
        ({"dynamic": 3}, ValueError, r"the 'dynamic' must be in range of \[0, 1\], but got 3"),
        ({"fullgraph": 2}, TypeError, r"the 'fullgraph' must be a bool, but got int"),
        ({"backend": "tpu"}, ValueError, r"the 'backend' must be"),
    ],
)
def test_jit_checks_its_arguments_as_mindspore(kwargs, error, match):
    with pytest.raises(error, match=match):
        ms.jit(double_if_positive, **kwargs)


def test_jit_options_without_effect_warn_once():
    with pytest.warns(UserWarning, match="'jit_level='O1'' has no effect"):
        f = ms.jit(double_if_positive, jit_level="O1", exec_order="dfs")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ms.jit(double_if_positive, jit_level="O1")  # the second time: silent
    np.testing.assert_allclose(f(ms.Tensor(np.ones(2, np.float32))).asnumpy(), [2.0, 2.0])


def test_capture_mode_trace_does_not_convert_control_flow():
    x = ms.Tensor(np.ones(2, np.float32))
    np.testing.assert_allclose(ms.jit(double_if_positive, capture_mode="ast")(x).asnumpy(), [2, 2])
    with pytest.raises(TypeError, match="needs its value"):
        ms.jit(double_if_positive, capture_mode="trace")(x)


def value_dependent(x):
    return ops.unique(x)[0]


def test_fullgraph_turns_the_op_by_op_fallback_into_an_error():
    x = ms.Tensor(np.array([1, 1, 2], np.int32))
    with pytest.warns(UserWarning, match="runs op by op"):
        np.testing.assert_array_equal(ms.jit(value_dependent)(x).asnumpy(), [1, 2])
    with pytest.raises(Exception, match="(?i)shape"):
        ms.jit(value_dependent, fullgraph=True)(x)


def test_jit_as_decorator_factory_with_arguments():
    @ms.jit(capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="ms_backend")
    def f(x):
        return double_if_positive(x) + 1

    np.testing.assert_allclose(f(ms.Tensor(np.ones(2, np.float32))).asnumpy(), [3.0, 3.0])


def test_a_jit_class_object_without_call_called_in_graph_mode_is_mindspores_value_error():
    """The static graph expert-programming page's example: 2.10 raises this ValueError."""

    @ms.jit_class
    class InnerNet:
        def __init__(self, number):
            self.number = number

    @ms.jit
    def f(x, y):
        net = InnerNet(2)
        return net(x, y)

    with pytest.raises(ValueError, match="MsClassObject: 'InnerNet' has no __call__ function"):
        f(ms.Tensor(2, ms.int32), ms.Tensor(3, ms.int32))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"jit_level": "O5"}, r"For 'jit_level' must be one of"),
        ({"exc_mode": "x"}, r"For 'exc_mode' must be one of"),
        ({"jit_syntax_level": "x"}, r"For 'jit_syntax_level' must be one of"),
        ({"debug_level": "x"}, r"For 'debug_level' must be one of"),
    ],
)
def test_jit_config_checks_as_mindspore(kwargs, match):
    with pytest.raises(ValueError, match=match):
        ms.JitConfig(**kwargs)


def test_jit_config_dict_and_set_jit_config():
    with pytest.warns(UserWarning, match="has no effect"):
        config = ms.JitConfig(jit_level="O1")
    # MindSpore 2.10's dict for JitConfig(jit_level="O1")
    assert config.jit_config_dict == {
        "jit_level": "O1",
        "exc_mode": "auto",
        "jit_syntax_level": "",
        "debug_level": "RELEASE",
        "infer_boost": "off",
        "backend": "ms_backend",
    }
    net = nn.Dense(2, 2)
    assert net.set_jit_config(config) is net
    assert net.get_jit_config()["jit_level"] == "O1"
    with pytest.raises(TypeError, match="must be a JitConfig, but got int"):
        net.set_jit_config(3)


def test_jit_class_checks_and_marks_the_class():
    with pytest.raises(TypeError, match="can only be used for class type, but got 3"):
        ms.jit_class(3)
    with pytest.raises(TypeError, match="cannot be used for nn.Cell"):
        ms.jit_class(nn.Dense)

    @ms.jit_class
    class Scale:
        def __init__(self):
            self.k = 3

        def apply(self, x):
            if x.sum() > 0:
                return x * self.k
            return x

    assert Scale.__ms_class__ is True
    s = Scale()

    @ms.jit
    def f(x):
        return s.apply(x)

    np.testing.assert_allclose(f(ms.Tensor(np.ones(2, np.float32))).asnumpy(), [3.0, 3.0])


def test_mutable_checks_as_mindspore():
    with pytest.raises(TypeError, match="should be one of .* but got str: s"):
        ms.mutable("s")
    with pytest.raises(TypeError, match="should be one of .* but got NoneType"):
        ms.mutable((1, None))
    with pytest.raises(TypeError, match="when the variable_len is True, the first input should"):
        ms.mutable(2, dynamic_len=True)
    assert ms.mutable([1, 2], dynamic_len=True) == [1, 2]
    assert ms.mutable(2) == 2 and ms.mutable((1, 2.5)) == (1, 2.5)


def test_common_mutable_is_the_function_as_in_2_10():
    # MindSpore's tests write ``from mindspore.common import mutable``; the name is the function
    from deepsink.common import mutable

    assert mutable is ms.mutable and callable(mutable)


def scale_by(x, n):
    if n > 1:
        return x * n
    return x


def test_a_mutable_number_is_a_run_time_input_one_program_for_all_values():
    f = ms.jit(scale_by)
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_allclose(f(x, ms.mutable(3)).asnumpy(), [3.0, 6.0])
    np.testing.assert_allclose(f(x, ms.mutable(0)).asnumpy(), [1.0, 2.0])
    np.testing.assert_allclose(f(x, ms.mutable(5)).asnumpy(), [5.0, 10.0])
    # a plain Python number stays a compile-time constant (its condition is folded)
    np.testing.assert_allclose(f(x, 4).asnumpy(), [4.0, 8.0])


def test_mutable_tuple_elements_are_traced():
    @ms.jit
    def total(xs):
        return xs[0] + xs[1]

    x = ms.Tensor(np.ones(2, np.float32))
    np.testing.assert_allclose(total(ms.mutable((x, 2.5))).asnumpy(), [3.5, 3.5])


@ops.constexpr
def _pad_to(n, k):
    # runs in Python on compile-time values (its 'if' is never converted)
    if n % k:
        return n + k - n % k
    return n


def test_constexpr_runs_as_python_inside_compiled_code():
    @ms.jit
    def f(x):
        return ops.zeros((_pad_to(x.shape[0], 4),), ms.float32) + x.sum()

    out = f(ms.Tensor(np.ones(5, np.float32)))
    assert out.shape == (8,)
    assert _pad_to._ds_converted is True
