"""deepsink.ops beyond the parity fixtures: errors, Print, GetNext, assign, dropout, tracing."""

from __future__ import annotations

import json
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink.ops as ops
from deepsink import context
from deepsink._compile.grad import GradOperation, value_and_grad
from deepsink._compile.jit import jit
from deepsink._core import random as _random
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.ops import operations as P

ERRORS = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "errors"


def t(a, dtype=np.float32) -> Tensor:
    return Tensor(np.asarray(a, dtype))


@pytest.fixture
def graph_mode():
    context.set_context(mode=context.GRAPH_MODE)
    yield
    context.set_context(mode=context.PYNATIVE_MODE)


# --- errors: name the op, the argument, the value and the expectation ---------------------------


@pytest.mark.parametrize(
    "case, call, match",
    [
        (
            "reducemean_bad_axis",
            lambda: ops.ReduceMean()(t(np.ones((2, 3))), 5),
            r"For 'ReduceMean', 'axis' must be in \[-2, 2\), but got 5",
        ),
        (
            "reducemean_bad_axis_tuple",
            lambda: ops.ReduceMean(keep_dims=True)(t(np.ones((2, 3))), (0, 2)),
            r"For 'ReduceMean', 'axis' must be in \[-2, 2\), but got 2",
        ),
        (
            "reshape_bad_shape",
            lambda: ops.Reshape()(t(np.ones((2, 3))), (4, 2)),
            r"For 'Reshape', the 'shape' \(4, 2\) is invalid for an input of size 6",
        ),
    ],
)
def test_errors_match_mindspore(case, call, match) -> None:
    """Same exception type as MindSpore (fixture), with deepsink's uniform wording."""
    with np.load(ERRORS / f"{case}.npz") as d:
        exc_type = str(d["exc_type"])
    with pytest.raises(ValueError, match=match) as info:
        call()
    assert type(info.value).__name__ == exc_type


@pytest.mark.parametrize(
    "call, exc, match",
    [
        (
            lambda: ops.Reshape()(t([1, 2]), 2),
            TypeError,
            r"For 'Reshape', 'shape' must be a tuple of ints, but got 2",
        ),
        (lambda: ops.Reshape()(t([1, 2]), (-1, -1)), ValueError, r"at most one -1"),
        (
            lambda: ops.concat((t(np.ones((2, 3))), t(np.ones((1, 4))))),
            ValueError,
            r"For 'concat', all inputs must have the same shape except on 'axis' 0, but got shapes "
            r"\[\[2, 3\], \[1, 4\]\]",
        ),
        (
            lambda: ops.Concat(1)([t(np.ones((2, 3))), t(np.ones((3, 3)))]),
            ValueError,
            r"same shape except on 'axis' 1",
        ),
        (
            lambda: ops.matmul(t(np.ones((2, 3))), t(np.ones((4, 5)))),
            RuntimeError,
            r"For 'MatMulExt' op, shape1\[-1\] must be equal to shape2\[-2\], but got 3 and 4",
        ),
        (
            lambda: ops.MatMul(transpose_b=True)(t(np.ones((2, 3))), t(np.ones((3, 4)))),
            ValueError,
            r"For 'MatMul', the input dimensions must be equal, but got 'x1_col': 3 and 'x2_row': 4",
        ),
        (
            lambda: ops.Cast()(t([1.0]), "float32"),
            TypeError,
            r"For 'cast', 'dtype' must be a deepsink dtype such as mstype.float32, but got 'float32'",
        ),
        (
            lambda: ops.Fill()("int32", (2,), 1),
            TypeError,
            r"For 'fill', 'type' must be a deepsink dtype",
        ),
        (
            lambda: ops.Fill()(mstype.float32, "2", 1),
            TypeError,
            r"For 'fill', 'shape' must be a tuple",
        ),
        (lambda: ops.transpose(t(np.ones((2, 3))), (0, 0)), ValueError, r"must be a permutation"),
        (
            lambda: ops.expand_dims(t(np.ones((2, 3))), 3),
            ValueError,
            r"For 'expand_dims', 'axis' must be in \[-3, 3\), but got 3",
        ),
        (lambda: ops.softmax(t([1.0]), 1.5), TypeError, r"'axis' must be an int, but got 1.5"),
        (
            lambda: ops.gather(t([1.0, 2.0]), t([0.0]), 0),
            TypeError,
            r"'input_indices' must be an integer Tensor, but got dtype Float32",
        ),
        (lambda: ops.split(t(np.ones((5, 2))), (2, 2)), ValueError, r"must equal the size 5"),
        (lambda: ops.clamp(t([1.0])), ValueError, r"For Clamp, at least one of 'min' or 'max'"),
        (lambda: ops.exp("x"), TypeError, r"For 'exp', 'input' must be a Tensor, but got str"),
        (lambda: ops.add(t(np.ones(3)), t(np.ones(4))), ValueError, r"cannot be broadcast"),
        (lambda: ops.ReduceSum(keep_dims=1), TypeError, r"'keep_dims' must be a bool, but got 1"),
        (
            lambda: ops.gelu(t([1.0]), approximate="erf"),
            ValueError,
            r"'approximate' must be one of",
        ),
        (
            lambda: ops.assign(1, t([2.0])),
            TypeError,
            r"For 'assign', 'variable' must be a Parameter or Tensor, but got int",
        ),
        (
            lambda: ops.assign(Parameter(t([1.0, 2.0]), name="w"), t([1.0, 2.0, 3.0])),
            ValueError,
            r"the shape of 'value' \[3\] must match that of Parameter 'w' \[2\]",
        ),
        (lambda: ops.Print()(object()), TypeError, r"For 'Print', every input must be a Tensor"),
        (lambda: ops.topk(t([1.0, 2.0]), 3), ValueError, r"the k must be in \(0,2\], but got 3"),
        (
            lambda: ops.dropout(t([1.0]), p=1.5),
            ValueError,
            r"'p' must be a number in range \[0, 1\]",
        ),
    ],
)
def test_bad_input_messages(call, exc, match) -> None:
    with pytest.raises(exc, match=match):
        call()


# --- primitives ---------------------------------------------------------------------------------


def test_primitive_repr_and_attrs() -> None:
    assert repr(ops.ReLU()) == "Prim[ReLU]"
    assert repr(ops.ReduceMean(keep_dims=True)) == "Prim[ReduceMean]<keep_dims=True>"
    assert repr(ops.MatMul(transpose_b=True)) == "Prim[MatMul]<transpose_a=False, transpose_b=True>"
    assert repr(ops.Softmax()) == "Prim[Softmax]<axis=(-1,)>"
    assert repr(ops.Concat(1)) == "Prim[Concat]<axis=1>"
    p = ops.ReLU().add_prim_attr("foo", 1)
    assert p.attrs == {"foo": 1} and p.foo == 1 and repr(p) == "Prim[ReLU]<foo=1>"
    assert P.ReLU is ops.ReLU and ops.composite.GradOperation is GradOperation


def test_seed003_primitives() -> None:
    """The primitives MindSpore's "Training" guide (examples/seed003_*.py) uses, as it uses them."""
    x = t(np.random.RandomState(0).randn(2, 3, 4, 5))
    y = ops.ReduceMean(keep_dims=False)(ops.ReLU()(x), (2, 3))
    np.testing.assert_allclose(y.asnumpy(), np.maximum(x.asnumpy(), 0).mean((2, 3)), rtol=1e-6)
    loss = t([0.5, 1.5])
    sens = ops.Fill()(ops.DType()(loss), ops.Shape()(loss), 1.0)
    assert ops.DType()(loss) == mstype.float32 and ops.Shape()(loss) == (2,)
    assert (
        repr(sens) == "Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  1.00000000e+00])"
    )
    assert ops.Reshape()(x, (2, -1)).shape == (2, 60)
    assert ops.depend(loss, sens) is loss


def test_integer_outputs_have_mindspore_dtypes() -> None:
    """MindSpore 2.10: argmax and ArgMaxWithValue give Int64, Argmax() Int32 unless asked."""
    x = t(np.random.RandomState(1).randn(3, 4))
    assert ops.argmax(x).dtype == mstype.int64 and ops.Argmax()(x).dtype == mstype.int32
    assert ops.Argmax(output_type=mstype.int64)(x).dtype == mstype.int64
    assert ops.cast(x, mstype.int64).dtype == mstype.int64
    assert ops.arange(5).dtype == mstype.int64 and ops.arange(0, 1, 0.25).dtype == mstype.float32
    assert ops.one_hot(Tensor(np.array([0, 2], np.int32)), 3).dtype == mstype.int64
    assert ops.ArgMaxWithValue(axis=1)(x)[0].dtype == mstype.int64
    idx, val = ops.ArgMaxWithValue(axis=1)(x)
    np.testing.assert_array_equal(idx.asnumpy(), x.asnumpy().argmax(1))
    np.testing.assert_allclose(val.asnumpy(), x.asnumpy().max(1))


def test_inputs_may_be_arrays_and_scalars() -> None:
    np.testing.assert_allclose(ops.add(np.ones(2, np.float32), 1).asnumpy(), [2, 2])
    assert ops.add(np.ones(2, np.float16), 1.5).dtype == mstype.float16  # Python numbers are weak
    assert ops.mul(Tensor(np.array([1, 2], np.int32)), 0.5).dtype == mstype.float32
    assert ops.add(jnp.ones(2, jnp.int32), Tensor(np.ones(2, np.float32))).dtype == mstype.float32
    cases = [  # (result, dtype, value)
        (ops.add(np.ones(2, np.float16), 1.5), mstype.float16, [2.5, 2.5]),
        (ops.mul(Tensor(np.array([1, 2], np.int32)), 0.5), mstype.float32, [0.5, 1.0]),
        (ops.add(jnp.ones(2, jnp.int32), t([0.5, 2])), mstype.float32, [1.5, 3.0]),
        (ops.exp(1.0), mstype.float32, np.float32(np.e)),
        (
            ops.sqrt(Tensor(np.array([4, 2], np.int32))),
            mstype.float32,
            np.sqrt([4, 2], dtype=np.float32),
        ),
        (ops.full((2,), 3.5), mstype.float32, [3.5, 3.5]),
        (ops.full((2,), 3), mstype.int64, [3, 3]),
        (ops.zeros(2), mstype.float32, [0.0, 0.0]),
        (ops.ones((2, 3), mstype.int32), mstype.int32, np.ones((2, 3))),
    ]
    for got, dtype, value in cases:
        assert got.dtype == dtype, (got, dtype)
        want = np.asarray(value, got.asnumpy().dtype)
        assert got.shape == want.shape
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6)


def test_strict_promotion_and_rank_promotion_settings() -> None:
    """Ops promote and broadcast explicitly, so JAX's strict settings do not break them."""
    an, bn = np.arange(12, dtype=np.float32).reshape(3, 4) / 2, np.array([1, 5, -3, 2], np.int32)
    cond, other = np.array([[True], [False], [True]]), np.arange(4, dtype=np.float32) - 10
    m1 = np.random.RandomState(0).randn(2, 3, 4).astype(np.float32)
    m2 = np.random.RandomState(1).randn(4, 5).astype(np.float32)
    a, b = t(an), Tensor(bn)
    with jax.numpy_dtype_promotion("strict"), jax.numpy_rank_promotion("raise"):
        results = [
            (ops.add(a, b), an + bn),
            (ops.Maximum()(a, b), np.maximum(an, bn)),
            (ops.where(Tensor(cond), a, t(other)), np.where(cond, an, other)),
            (ops.matmul(t(m1), t(m2)), m1 @ m2),
        ]
    for got, want in results:
        assert got.dtype == mstype.float32 and got.shape == want.shape
        np.testing.assert_allclose(got.asnumpy(), want.astype(np.float32), rtol=1e-6, atol=1e-6)


def test_misc_functional_ops() -> None:
    x = t(np.arange(6).reshape(2, 3))
    assert [s.shape for s in ops.split(x, 2, 1)] == [(2, 2), (2, 1)]
    assert ops.Split(1, 3)(x)[2].shape == (2, 1)
    np.testing.assert_array_equal(ops.masked_fill(x, x > 2, 0.0).asnumpy(), [[0, 1, 2], [0, 0, 0]])
    np.testing.assert_array_equal(
        ops.broadcast_to(t([1, 2, 3]), (2, -1)).asnumpy(), [[1, 2, 3]] * 2
    )
    np.testing.assert_allclose(ops.linspace(0, 1, 5).asnumpy(), [0, 0.25, 0.5, 0.75, 1])
    np.testing.assert_allclose(ops.norm(x).asnumpy(), np.linalg.norm(np.arange(6)), rtol=1e-6)
    np.testing.assert_array_equal(
        ops.CumSum(exclusive=True, reverse=True)(x, 1).asnumpy(), [[3, 2, 0], [9, 5, 0]]
    )
    np.testing.assert_array_equal(
        ops.StridedSlice()(x, (0, 1), (2, 3), (1, 1)).asnumpy(), [[1, 2], [4, 5]]
    )
    np.testing.assert_array_equal(ops.Slice()(x, (1, 0), (1, -1)).asnumpy(), [[3, 4, 5]])
    assert ops.Flatten()(t(np.ones((2, 3, 4)))).shape == (2, 12)
    assert ops.shape(x) == (2, 3) and ops.rank(x) == 2 and ops.size(x) == 6
    assert ops.isnan(t([np.nan, 1])).asnumpy().tolist() == [True, False]
    loss, grad = ops.SoftmaxCrossEntropyWithLogits()(t([[1, 2, 3]]), t([[0, 0, 1]]))
    np.testing.assert_allclose(grad.asnumpy().sum(), 0, atol=1e-6)
    assert (
        ops.SparseSoftmaxCrossEntropyWithLogits()(
            t([[1, 2, 3]]), Tensor(np.array([2], np.int32))
        ).shape
        == ()
    )


def test_conv_and_pool_primitives() -> None:
    x = t(np.random.RandomState(2).randn(1, 2, 6, 6))
    w = t(np.random.RandomState(3).randn(4, 2, 3, 3))
    y = ops.Conv2D(4, 3, pad_mode="same")(x, w)
    assert y.shape == (1, 4, 6, 6)
    assert ops.Conv2D(4, 3, pad_mode="pad", pad=1)(x, w).shape == (1, 4, 6, 6)
    assert ops.MaxPool(kernel_size=2, strides=2)(x).shape == (1, 2, 3, 3)
    np.testing.assert_allclose(
        ops.AvgPool(2, 2)(x).asnumpy(),
        x.asnumpy().reshape(1, 2, 3, 2, 3, 2).mean((3, 5)),
        rtol=1e-6,
    )
    b = ops.BiasAdd()(y, t([1, 2, 3, 4]))
    np.testing.assert_allclose((b - y).asnumpy()[0, :, 0, 0], [1, 2, 3, 4], rtol=1e-6)
    with pytest.raises(ValueError, match=r"For 'Conv2D', 'pad_mode' must be one of"):
        ops.Conv2D(4, 3, pad_mode="SAME1")


# --- Print --------------------------------------------------------------------------------------

# MindSpore 2.10 output of ops.Print()("values:", *GRAPH_PRINT_INPUTS) inside a GRAPH_MODE Cell.
GRAPH_PRINT = (
    "values:\nTensor(shape=[2, 3], dtype=Float32, value=\n"
    "[[-2.00000000e+00 -1.00000000e+00  0.00000000e+00]\n"
    " [ 1.00000000e+00  2.00000000e+00  3.00000000e+00]])\n"
    "2.5\n"
    "Tensor(shape=[2], dtype=Bool, value=[ True False])\n"
    "Tensor(shape=[25], dtype=Int32, value=[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 "
    "18 19 20 21 22 23 \n 24])\n"
    "Tensor(shape=[1001], dtype=Float32, value=[ 0.00000000e+00  1.00000000e+00  2.00000000e+00 ... "
    " 9.98000000e+02  9.99000000e+02  1.00000000e+03])\n"
)
GRAPH_PRINT_INPUTS = [
    np.arange(6, dtype=np.float32).reshape(2, 3) - 2,
    np.array(2.5, np.float32),
    np.array([True, False]),
    np.arange(25, dtype=np.int32),
    np.arange(1001, dtype=np.float32),
]


class _Printer(Cell):
    def __init__(self) -> None:
        super().__init__()
        self.print = ops.Print()

    def construct(self, *xs):
        self.print("values:", *xs)
        return xs[0] * 2


def test_print_eager(capsys) -> None:
    """PyNative: each input on its own line, Tensors as repr (MindSpore 2.10's output)."""
    out = ops.Print()(
        "hello",
        t(np.arange(6).reshape(2, 3)),
        "n",
        Tensor(np.array(3, np.int32)),
        Tensor(np.arange(3, dtype=np.int32)),
    )
    assert out is None
    assert capsys.readouterr().out == (
        "hello\nTensor(shape=[2, 3], dtype=Float32, value=\n"
        "[[ 0.00000000e+00,  1.00000000e+00,  2.00000000e+00],\n"
        " [ 3.00000000e+00,  4.00000000e+00,  5.00000000e+00]])\n"
        "n\nTensor(shape=[], dtype=Int32, value= 3)\nTensor(shape=[3], dtype=Int32, value= [0, 1, 2])\n"
    )
    ops.print_("fn", 1, 2.5, True)
    assert capsys.readouterr().out == "fn\n1\n2.5\nTrue\n"


def test_print_in_graph_mode_prints_at_run_time(capsys, graph_mode) -> None:
    net = _Printer()
    inputs = [Tensor(a) for a in GRAPH_PRINT_INPUTS]
    for _ in range(2):  # compiled once, printed on every run
        net(*inputs)
        jax.effects_barrier()
        assert capsys.readouterr().out == GRAPH_PRINT


# --- GetNext ------------------------------------------------------------------------------------


def test_getnext_outside_sink_raises() -> None:
    get_next = ops.GetNext([mstype.float32, mstype.int32], [(32, 1, 32, 32), (32,)], 2, "queue")
    assert get_next.shared_name == "queue" and get_next.output_num == 2
    with pytest.raises(
        RuntimeError,
        match=r"GetNext only runs inside a sunk network "
        r"\(connect_network_with_dataset / dataset_sink_mode=True\)",
    ):
        get_next()
    batch = (t(np.ones((32, 1, 32, 32))), Tensor(np.zeros(32, np.int32)))
    with P.feeding(lambda prim: batch):
        assert get_next() is batch
    with pytest.raises(ValueError, match="'output_num'"):
        ops.GetNext([mstype.float32], [(2,), (3,)], 2, "q")


# --- assign, dropout, gradients under tracing -----------------------------------------------------


class _Counter(Cell):
    def __init__(self) -> None:
        super().__init__()
        self.count = Parameter(Tensor(np.zeros((), np.float32)), name="count", requires_grad=False)
        self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")

    def construct(self, x):
        ops.assign(self.count, self.count + 1)
        ops.assign_add(self.w, ops.zeros_like(self.w))
        return ops.depend(ops.reduce_sum(x * self.w), self.count)


@pytest.mark.parametrize("mode", [context.PYNATIVE_MODE, context.GRAPH_MODE])
def test_assign_eager_and_compiled(mode) -> None:
    context.set_context(mode=mode)
    try:
        net = _Counter()
        for _ in range(3):
            out = net(t([1, 2, 3]))
        assert float(out) == 6.0 and float(net.count) == 3.0
        assert net.count.dtype == mstype.float32
        ops.assign(net.count, Tensor(np.array(7, np.int32)))  # cast to the Parameter's dtype
        assert net.count.dtype == mstype.float32 and float(net.count) == 7.0
    finally:
        context.set_context(mode=context.PYNATIVE_MODE)


def test_assign_under_grad() -> None:
    net = _Counter()
    grads = GradOperation(get_by_list=True)(net, net.trainable_params())(t([1, 2, 3]))
    np.testing.assert_allclose(grads[0].asnumpy(), [1, 2, 3])
    assert float(net.count) == 1.0


def test_dropout_repeats_under_set_seed_eagerly_and_traced() -> None:
    x = t(np.ones((1000,)))
    _random.set_seed(5)
    a = ops.dropout(x, p=0.25).asnumpy()
    b = ops.dropout(x, p=0.25).asnumpy()
    _random.set_seed(5)
    assert np.array_equal(ops.dropout(x, p=0.25).asnumpy(), a)  # repeatable under set_seed
    assert not np.array_equal(a, b)  # the seed counter advances
    assert set(np.unique(a)) <= {0.0, np.float32(1 / 0.75)} and 0.6 < (a > 0).mean() < 0.9
    np.testing.assert_array_equal(ops.dropout(x, p=0.25, training=False).asnumpy(), x.asnumpy())
    f = jit(lambda v: ops.dropout(v, p=0.5))
    c, d = f(x).asnumpy(), f(x).asnumpy()
    assert not np.array_equal(c, d)
    out, mask = ops.Dropout(keep_prob=0.5)(x)
    np.testing.assert_allclose(out.asnumpy(), mask.asnumpy() * 2)


def test_ops_trace_and_differentiate() -> None:
    """Functional ops inside jit and value_and_grad give the eager results."""

    def f(x, w):
        h = ops.relu(ops.matmul(x, w))
        h = ops.concat((h, ops.expand_dims(ops.mean(h, 1), 1)), 1)
        return ops.sum(
            ops.log_softmax(h, axis=-1)
            * ops.one_hot(Tensor(np.array([0, 1], np.int32)), 4, 1.0, 0.0)
        )

    x, w = t(np.random.RandomState(4).randn(2, 3)), t(np.random.RandomState(5).randn(3, 3))
    eager = f(x, w)
    np.testing.assert_allclose(jit(f)(x, w).asnumpy(), eager.asnumpy(), rtol=1e-6)
    value, grads = value_and_grad(f, (0, 1))(x, w)
    np.testing.assert_allclose(value.asnumpy(), eager.asnumpy(), rtol=1e-6)
    assert grads[0].shape == (2, 3) and grads[1].shape == (3, 3)
    assert ops.grad is not None and ops.value_and_grad is value_and_grad


def test_stop_gradient() -> None:
    g = GradOperation()(lambda x: ops.sum(x * ops.stop_gradient(x)))(t([1.0, 2.0]))
    np.testing.assert_allclose(g.asnumpy(), [1.0, 2.0])


def test_hypermap_and_multitype_graph() -> None:
    apply = ops.MultitypeFuncGraph("apply")

    @apply.register("Number", "Tensor", "Tensor")
    def _(lr, g, p):
        return p - lr * g

    grads, params = (t([1.0]), t([2.0])), (t([10.0]), t([20.0]))
    new = ops.HyperMap()(ops.partial(apply, 0.5), grads, params)
    assert [v.item() for v in new] == [9.5, 19.0]
    with pytest.raises(TypeError, match="no function is registered"):
        apply("a", 1)


def test_public_names_cover_the_brief() -> None:
    names = json.loads(
        '["matmul","concat","cat","stack","transpose","permute","reshape","squeeze",'
        '"expand_dims","unsqueeze","gather","gather_elements","one_hot","softmax",'
        '"log_softmax","argmax","argmin","cast","zeros","ones","fill","full",'
        '"zeros_like","ones_like","mean","sum","max","min","prod","amax","amin","exp",'
        '"log","sqrt","rsqrt","abs","pow","square","sin","cos","tanh","sigmoid","relu",'
        '"gelu","erf","clip_by_value","clamp","clip","where","equal","not_equal",'
        '"greater","greater_equal","less","less_equal","eq","ne","gt","ge","lt","le",'
        '"maximum","minimum","add","sub","mul","div","neg","tile","split","flatten",'
        '"cumsum","topk","sort","arange","linspace","isnan","isinf","isfinite",'
        '"logical_and","logical_or","logical_not","norm","broadcast_to","masked_fill",'
        '"dropout","depend","assign","stop_gradient","shape","dtype","rank","size",'
        '"print_","grad","value_and_grad","GradOperation","composite"]'
    )
    assert [n for n in names if not hasattr(ops, n)] == []


def test_print_under_eager_gradient_keeps_pynative_format(capsys) -> None:
    def f(x):
        ops.Print()("x:", x)
        return ops.sum(x * x)

    GradOperation()(f)(t([1.0, 2.0]))
    jax.effects_barrier()
    assert capsys.readouterr().out == (
        "x:\nTensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00])\n"
    )


def test_print_inside_jit_uses_graph_format(capsys) -> None:
    f = jit(lambda x: ops.print_(x) or x + 1)
    f(t([1.0, 2.0]))
    jax.effects_barrier()
    assert capsys.readouterr().out == (
        "Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.00000000e+00])\n"
    )


def test_squeeze_keeps_an_axis_whose_size_is_not_one_as_mindspore():
    # MindSpore 2.10 (recorded by hand, PYNATIVE and GRAPH_MODE): ops.squeeze, ops.Squeeze and
    # Tensor.squeeze leave a named axis of another size than 1 (mindocr's DBNet loss relies on it)
    x = Tensor(np.ones((2, 1, 4), np.float32))
    assert ops.squeeze(x, 0).shape == (2, 1, 4)
    assert ops.squeeze(x, (0, 1)).shape == (2, 4)
    assert P.Squeeze(0)(x).shape == (2, 1, 4)
    assert x.squeeze(0).shape == (2, 1, 4)
    assert x.squeeze(axis=(0, 1)).shape == (2, 4)
