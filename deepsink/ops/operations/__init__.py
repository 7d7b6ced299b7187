"""MindSpore's primitive classes (``ops.ReLU()``, ``ops.ReduceMean(keep_dims=False)``, ...).

Each class is a row of ``deepsink.ops._table_primitive``: it records its constructor arguments
as attributes and calls the functional op in ``deepsink.ops.function``. Integer outputs have MindSpore 2.10's dtypes (``deepsink.common.dtype_rules``).
Also importable as ``from deepsink.ops import operations as P``.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core import pool as _pool_core
from deepsink._core.public import public_names as _public_names
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _table_primitive
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import REQUIRED as _REQ
from deepsink.ops._table_primitive import TablePrimitive as _TablePrimitive
from deepsink.ops._table_primitive import forwarding as _forwarding
from deepsink.ops._table_primitive import plain as _plain
from deepsink.ops.function import array_func as A
from deepsink.ops.function import debug_func, nn_func, parameter_func
from deepsink.ops.function import math_func as M

# MindSpore's base class, imported from here by the generated gen_ops_prim (not in __all__)
from deepsink.ops.primitive import Primitive as Primitive
from deepsink.ops.primitive import prim_attr_register as prim_attr_register

# --- activations and softmax -------------------------------------------------------------------


ReLU = _forwarding("ReLU", nn_func.relu, "x", __name__)
ReLU6 = _forwarding("ReLU6", nn_func.relu6, "x", __name__)
Sigmoid = _forwarding("Sigmoid", M.sigmoid, "x", __name__)
Tanh = _forwarding("Tanh", M.tanh, "x", __name__)
GeLU = _forwarding(
    "GeLU", lambda x: nn_func.gelu(x, "tanh"), "x", __name__
)  # the primitive is the tanh form
FastGeLU = _forwarding("FastGeLU", nn_func.fast_gelu, "x", __name__)
HSwish = _forwarding("HSwish", nn_func.hardswish, "x", __name__)
Exp = _forwarding("Exp", M.exp, "x", __name__)
Log = _forwarding("Log", M.log, "x", __name__)
Sqrt = _forwarding("Sqrt", M.sqrt, "x", __name__)
Rsqrt = _forwarding("Rsqrt", M.rsqrt, "x", __name__)
Square = _forwarding("Square", M.square, "x", __name__)
Abs = _forwarding("Abs", M.abs, "x", __name__)
Neg = _forwarding("Neg", M.neg, "x", __name__)
Reciprocal = _forwarding("Reciprocal", M.reciprocal, "x", __name__)
Erf = _forwarding("Erf", M.erf, "x", __name__)
Sin = _forwarding("Sin", M.sin, "x", __name__)
Cos = _forwarding("Cos", M.cos, "x", __name__)
Floor = _forwarding("Floor", M.floor, "x", __name__)
Ceil = _forwarding("Ceil", M.ceil, "x", __name__)
Round = _forwarding("Round", M.round, "x", __name__)
Sign = _forwarding("Sign", M.sign, "x", __name__)
IsNan = _forwarding("IsNan", M.isnan, "x", __name__)
IsInf = _forwarding("IsInf", M.isinf, "x", __name__)
IsFinite = _forwarding("IsFinite", M.isfinite, "x", __name__)
LogicalNot = _forwarding("LogicalNot", M.logical_not, "x", __name__)
ZerosLike = _forwarding("ZerosLike", A.zeros_like, "x", __name__)
OnesLike = _forwarding("OnesLike", A.ones_like, "x", __name__)
Identity = _forwarding("Identity", parameter_func.tensor_identity, "x", __name__)
StopGradient = _forwarding("StopGradient", parameter_func.stop_gradient, "x", __name__)


_prim = _table_primitive.for_module(__name__)
_AXIS0, _AXIS_1 = (("axis", 0),), (("axis", -1),)


def _axis_tuple(s: Any) -> None:
    s.add_prim_attr("axis", (s.axis,) if isinstance(s.axis, int) else tuple(s.axis))


Softmax = _prim(
    "Softmax",
    lambda s, x: nn_func.softmax(x, s.axis),
    "x",
    (("axis", -1),),
    """``Softmax(axis=-1)(x)``; ``axis`` is an int or a tuple of ints.""",
    _axis_tuple,
)
LogSoftmax = _prim("LogSoftmax", lambda s, x: nn_func.log_softmax(x, s.axis), "logits", _AXIS_1)


class Dropout(_TablePrimitive):
    """``Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x) -> (output, mask)``: MindSpore's kernel,
    whose engine (built from the two seeds) each call continues."""

    _random_kernel = True  # its engine state goes into checkpoints (train/_ckpt_rng.py)

    _params = (("keep_prob", 0.5), ("Seed0", 0), ("Seed1", 0))

    def _init(self) -> None:
        if (
            isinstance(self.keep_prob, bool)
            or not isinstance(self.keep_prob, int | float)
            or (not 0 < self.keep_prob <= 1)
        ):
            U.fail(
                "Dropout",
                f"'keep_prob' must be a number in range (0, 1], but got {self.keep_prob!r}",
            )

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        from deepsink._core import kernel_random as KR

        a = U.array(x, "Dropout", "x")
        if a.dtype not in (jnp.float16, jnp.float32, jnp.float64):
            U.fail(
                "Dropout",
                f"'x' must be a float16, float32 or float64 Tensor, but got {a.dtype}",
                TypeError,
            )
        sig = (a.shape, str(a.dtype))
        engine = KR.primitive_engine(self, KR.LEHMER, self.Seed0, self.Seed1, sig)
        out, mask = engine.run(lambda st: KR.dropout(st, a, float(self.keep_prob)))
        return Tensor._from(out), Tensor._from(mask)


# --- elementwise binary ------------------------------------------------------------------------


Add = _forwarding("Add", M.add, "x, y", __name__)
Sub = _forwarding("Sub", M.sub, "x, y", __name__)
Mul = _forwarding("Mul", M.mul, "x, y", __name__)
Div = _forwarding("Div", M.div, "x, y", __name__)
RealDiv = _forwarding("RealDiv", M.div, "x, y", __name__)
FloorDiv = _forwarding("FloorDiv", M.floor_div, "x, y", __name__)
FloorMod = _forwarding("FloorMod", M.floor_mod, "x, y", __name__)
Pow = _forwarding("Pow", M.pow, "x, y", __name__)
Maximum = _forwarding("Maximum", M.maximum, "x, y", __name__)
Minimum = _forwarding("Minimum", M.minimum, "x, y", __name__)
Equal = _forwarding("Equal", M.equal, "x, y", __name__)
NotEqual = _forwarding("NotEqual", M.not_equal, "x, y", __name__)
Greater = _forwarding("Greater", M.greater, "x, y", __name__)
GreaterEqual = _forwarding("GreaterEqual", M.greater_equal, "x, y", __name__)
Less = _forwarding("Less", M.less, "x, y", __name__)
LessEqual = _forwarding("LessEqual", M.less_equal, "x, y", __name__)
LogicalAnd = _forwarding("LogicalAnd", M.logical_and, "x, y", __name__)
LogicalOr = _forwarding("LogicalOr", M.logical_or, "x, y", __name__)
Atan2 = _forwarding("Atan2", M.atan2, "x, y", __name__)
Depend = _forwarding("Depend", parameter_func.depend, "x, y", __name__)
Assign = _forwarding("Assign", parameter_func.assign, "x, y", __name__)
AssignAdd = _forwarding("AssignAdd", parameter_func.assign_add, "x, y", __name__)
AssignSub = _forwarding("AssignSub", parameter_func.assign_sub, "x, y", __name__)


Select = _forwarding("Select", A.where, "cond, x, y", __name__)


AddN = _forwarding("AddN", M.addn, "x", __name__)


# --- reductions --------------------------------------------------------------------------------


def _keep_dims(s: Any) -> None:
    if not isinstance(s.keep_dims, bool):
        U.fail(s.name, f"'keep_dims' must be a bool, but got {s.keep_dims!r}", TypeError)


def _reduce(name: str, fn: Callable) -> type:
    return _prim(
        name,
        lambda s, x, axis: M._reduce(s.name, fn, x, axis, s.keep_dims),
        "x, axis=()",
        (("keep_dims", False),),
        """``Reduce*(keep_dims=False)(x, axis=())``: ``axis`` an int, tuple or list; () means all.""",
        _keep_dims,
    )


ReduceSum = _reduce("ReduceSum", M._reduce_sum)
ReduceMean = _reduce("ReduceMean", M._mean)
ReduceMax = _reduce("ReduceMax", jnp.max)
ReduceMin = _reduce("ReduceMin", jnp.min)
ReduceProd = _reduce("ReduceProd", jnp.prod)
ReduceAll = _reduce("ReduceAll", jnp.all)
ReduceAny = _reduce("ReduceAny", jnp.any)


def _output_type(s: Any) -> None:
    if s.output_type not in (mstype.int32, mstype.int64):
        U.fail(
            s.name, f"'output_type' must be Int32 or Int64, but got {s.output_type!r}", TypeError
        )


def _arg(name: str, fn: Callable, doc: str = "") -> type:
    return _prim(
        name,
        lambda s, x: M._arg(s.name, fn, x, s.axis, False, s.output_type.np),
        "x",
        (("axis", -1), ("output_type", mstype.int32)),
        doc,
        _output_type,
    )


Argmax = _arg(
    "Argmax",
    jnp.argmax,
    """``Argmax(axis=-1, output_type=mstype.int32)(x)``: indices of the maxima as ``output_type``.""",
)
Argmin = _arg("Argmin", jnp.argmin)


class ArgMaxWithValue(_TablePrimitive):
    """``ArgMaxWithValue(axis=0, keep_dims=False)(x) -> (index, values)``."""

    _largest = True

    _params = (("axis", 0), ("keep_dims", False))

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        values, idx = M._with_index(self.name, x, self.axis, self.keep_dims, self._largest)
        return idx, values


class ArgMinWithValue(ArgMaxWithValue):
    _largest = False


def _cumsum(s: Any, x: Any, axis: int) -> Tensor:
    a = U.array(x, "CumSum", "x")
    ax = U.axis(axis, a.ndim, "CumSum")
    if s.reverse:
        a = jnp.flip(a, ax)
    r = jnp.cumsum(a, axis=ax)
    if s.exclusive:
        r = r - a
    return Tensor._from(jnp.flip(r, ax) if s.reverse else r)


CumSum = _prim(
    "CumSum",
    _cumsum,
    "x, axis",
    (("exclusive", False), ("reverse", False)),
    """``CumSum(exclusive=False, reverse=False)(x, axis)``.""",
)


# --- matrix products ---------------------------------------------------------------------------


def _matmul(name: str, doc: str) -> type:
    return _prim(
        name,
        lambda s, x, y: M._matmul(x, y, s.name, s.transpose_a, s.transpose_b),
        "x, y",
        (("transpose_a", False), ("transpose_b", False)),
        doc,
    )


MatMul = _matmul("MatMul", """``MatMul(transpose_a=False, transpose_b=False)(x, y)``.""")
BatchMatMul = _matmul(
    "BatchMatMul",
    """``BatchMatMul(transpose_a=False, transpose_b=False)(x, y)`` over broadcast batch axes.""",
)


# --- shape and array ---------------------------------------------------------------------------


def _reshape(s: Any, x: Any, shape: Any) -> Tensor:
    a = U.array(x, "Reshape", "input_x")
    shape = U.shape(shape, "Reshape", "shape", allow_int=False)
    return Tensor._from(a.reshape(A._resolve_shape(shape, a.size, "Reshape")))


def _flatten(s: Any, x: Any) -> Tensor:
    a = U.array(x, "Flatten", "x")
    return Tensor._from(a.reshape(a.shape[0], -1) if a.ndim else a.reshape(1))


def _split(s: Any, x: Any) -> tuple[Tensor, ...]:
    a = U.array(x, "Split", "x")
    n = a.shape[U.axis(s.axis, a.ndim, "Split")]
    if s.output_num <= 0 or n % s.output_num:
        U.fail(
            "Split",
            f"the size {n} of 'axis' {s.axis} must be divisible by 'output_num' {s.output_num}",
        )
    return A.split(a, n // s.output_num, s.axis)


def _slice(s: Any, x: Any, begin: Any, size: Any) -> Tensor:
    a = U.array(x, "Slice", "x")
    begin, size = U.shape(begin, "Slice", "begin"), U.shape(size, "Slice", "size")
    if len(begin) != a.ndim or len(size) != a.ndim:
        U.fail(
            "Slice",
            f"'begin' {begin} and 'size' {size} need one entry per axis of the "
            f"input {list(a.shape)}",
        )
    idx = tuple(
        slice(b, a.shape[i] if s == -1 else b + s) for i, (b, s) in enumerate(zip(begin, size))
    )
    return Tensor._from(a[idx])


_MASKS = ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask")


def _masks(s: Any) -> None:
    for name in _MASKS:
        A._mask_bits(getattr(s, name), "StridedSlice", name)


def _pad(s: Any, x: Any) -> Tensor:
    a = U.array(x, "Pad", "x")
    if len(s.paddings) != a.ndim:
        U.fail(
            "Pad",
            f"'paddings' needs one (before, after) pair per axis of the input "
            f"{list(a.shape)}, but got {s.paddings}",
        )
    return Tensor._from(jnp.pad(a, tuple(tuple(p) for p in s.paddings)))


Reshape = _prim(
    "Reshape",
    _reshape,
    "x, shape",
    doc="``Reshape()(x, shape)``: ``shape`` a tuple of ints (one may be -1).",
)
Transpose = _prim("Transpose", _plain(A.transpose), "x, perm")
Cast = _prim("Cast", _plain(A.cast), "x, dtype", doc="``Cast()(x, dtype)``.")
Fill = _prim("Fill", _plain(A.fill), "type, shape, value", doc="``Fill()(dtype, shape, value)``.")
Zeros = _prim("Zeros", _plain(A.zeros), "size, type=None")
Ones = _prim("Ones", _plain(A.ones), "shape, type=None")
DType = _prim("DType", _plain(A.dtype), "x", doc="``DType()(x)``: the deepsink dtype of ``x``.")
Shape = _prim("Shape", _plain(A.shape), "x", doc="``Shape()(x)``: the shape as a Python tuple.")
Rank = _prim("Rank", _plain(A.rank), "x")
Size = _prim("Size", _plain(A.size), "x")
Concat = _prim(
    "Concat",
    lambda s, x: A.concat(x, s.axis),
    "input_x",
    _AXIS0,
    "``Concat(axis=0)((x1, x2, ...))``.",
)
Stack = _prim("Stack", lambda s, x: A.stack(x, s.axis), "input_x", _AXIS0)
Pack = Stack
Unstack = _prim("Unstack", lambda s, x: A.unstack(x, s.axis), "x", (("axis", 0), ("num", None)))
Split = _prim(
    "Split",
    _split,
    "x",
    (("axis", 0), ("output_num", 1)),
    "``Split(axis=0, output_num=1)(x)``: ``output_num`` equal parts.",
)
Squeeze = _prim(
    "Squeeze",
    lambda s, x: A.squeeze(x, s.axis),
    "x",
    (("axis", ()),),
    "``Squeeze(axis=())(x)``: () removes every size-1 axis.",
    _axis_tuple,
)
ExpandDims = _prim("ExpandDims", _plain(A.expand_dims), "x, axis")
Flatten = _prim(
    "Flatten", _flatten, "x", doc="``Flatten()(x)``: keep the first axis, merge the rest."
)
Tile = _prim("Tile", _plain(A.tile), "x, multiples")
BroadcastTo = _prim("BroadcastTo", lambda s, x: A.broadcast_to(x, s.shape), "x", (("shape", _REQ),))
Gather = _prim(
    "Gather",
    lambda s, params, indices, axis: A.gather(params, indices, axis, s.batch_dims),
    "input_params, input_indices, axis",
    (("batch_dims", 0),),
    "``Gather(batch_dims=0)(input_params, input_indices, axis)``.",
)
GatherV2 = Gather
GatherD = _prim(
    "GatherD", _plain(A.gather_elements), "x, dim, index", doc="``GatherD()(x, dim, index)``."
)
OneHot = _prim(
    "OneHot",
    lambda s, indices, depth, on, off: A.one_hot(indices, depth, on, off, s.axis),
    "indices, depth, on_value, off_value",
    (("axis", -1),),
    "``OneHot(axis=-1)(indices, depth, on_value, off_value)``.",
)
TopK = _prim(
    "TopK",
    lambda s, x, k: A.topk(x, k, sorted=s.sorted),
    "input_x, k",
    (("sorted", True),),
    "``TopK(sorted=True)(x, k) -> (values, indices)`` along the last axis.",
)
Sort = _prim(
    "Sort", lambda s, x: A.sort(x, s.axis, s.descending), "x", (("axis", -1), ("descending", False))
)
MaskedFill = _prim("MaskedFill", _plain(A.masked_fill), "input, mask, value")
Slice = _prim(
    "Slice",
    _slice,
    "x, begin, size",
    doc="``Slice()(x, begin, size)``; a size of -1 takes the rest of the axis.",
)
StridedSlice = _prim(
    "StridedSlice",
    lambda s, x, begin, end, strides: A.strided_slice(
        x, begin, end, strides, *(getattr(s, m) for m in _MASKS)
    ),
    "x, begin, end, strides",
    tuple((m, 0) for m in _MASKS),
    """``StridedSlice(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)(x, begin, end, strides)``: ``ops.strided_slice`` with these masks.""",
    _masks,
)
Pad = _prim(
    "Pad",
    _pad,
    "x",
    (("paddings", _REQ),),
    "``Pad(paddings)(x)``: zero padding, ``paddings`` a tuple of (before, after) per axis.",
)


# --- neural network ----------------------------------------------------------------------------


BiasAdd = _prim(
    "BiasAdd",
    lambda s, x, bias: nn_func.bias_add(x, bias, s.data_format),
    "input_x, bias",
    (("data_format", "NCHW"),),
)


def _conv2d_args(s: Any) -> None:
    if s.data_format != "NCHW":
        U.fail("Conv2D", f"'data_format' must be 'NCHW', but got {s.data_format!r}")
    nn_func._conv_padding(s.pad_mode, s.pad, "Conv2D")


def _conv2d(s: Any, x: Any, weight: Any) -> Tensor:
    w = U.conv_weight(weight, s.out_channel, "Conv2D")
    return nn_func.conv2d(x, w, None, s.stride, s.pad_mode, s.pad, s.dilation, s.group)


Conv2D = _prim(
    "Conv2D",
    _conv2d,
    "x, weight",
    (
        ("out_channel", _REQ),
        ("kernel_size", _REQ),
        ("mode", 1),
        ("pad_mode", "valid"),
        ("pad", 0),
        ("stride", 1),
        ("dilation", 1),
        ("group", 1),
        ("data_format", "NCHW"),
    ),
    """``Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1, data_format='NCHW')(x, weight)``; ``pad`` an int or (top, bottom, left, right).""",
    _conv2d_args,
)


class _Pool(_TablePrimitive):
    _params = (("kernel_size", 1), ("strides", 1), ("pad_mode", "valid"), ("data_format", "NCHW"))

    def _init(self) -> None:
        nn_func._pool_padding(self.pad_mode, self.name)
        if self.data_format != "NCHW":
            U.fail(self.name, f"'data_format' must be 'NCHW', but got {self.data_format!r}")

    def _window(self) -> tuple[tuple, tuple, str]:
        k = U.ntuple(self.kernel_size, 2, "kernel_size", self.name, single=False)
        s = U.ntuple(self.strides, 2, "strides", self.name, single=False)
        return (1, 1) + k, (1, 1) + s, nn_func._pool_padding(self.pad_mode, self.name)


class MaxPool(_Pool):
    """``MaxPool(kernel_size=1, strides=1, pad_mode='valid')(x)`` over NCHW."""

    def __call__(self, x: Any) -> Tensor:
        a = U.array(x, "MaxPool", "x")
        k, s, pad = self._window()
        pads = jax.lax.padtype_to_pads(a.shape, k, s, pad)
        return Tensor._from(_pool_core.max_pool(a, k, s, pads))


class AvgPool(_Pool):
    """``AvgPool(kernel_size=1, strides=1, pad_mode='valid')(x)``; 'same' averages only the
    elements inside the input."""

    def __call__(self, x: Any) -> Tensor:
        a = U.floating(U.array(x, "AvgPool", "x"))
        k, s, pad = self._window()
        # a Python 0.0 init keeps reduce_window differentiable under jit (a traced init is not)
        total = jax.lax.reduce_window(a, 0.0, jax.lax.add, k, s, pad)
        count = jax.lax.reduce_window(jnp.ones_like(a), 0.0, jax.lax.add, k, s, pad)
        return Tensor._from(U.exact_div(total, count))


class SoftmaxCrossEntropyWithLogits(_TablePrimitive):
    """``SoftmaxCrossEntropyWithLogits()(logits, labels) -> (loss, backprop)``, per row."""

    def __call__(self, logits: Any, labels: Any) -> tuple[Tensor, Tensor]:
        x = U.floating(U.array(logits, self.name, "logits"))
        y = U.array(labels, self.name, "labels").astype(x.dtype)
        if x.shape != y.shape or x.ndim != 2:
            U.fail(
                self.name,
                f"'logits' and 'labels' must be 2-D with the same shape, but got "
                f"{list(x.shape)} and {list(y.shape)}",
            )
        loss, grad = nn_func.softmax_cross_entropy(x, y)
        return Tensor._from(loss), Tensor._from(grad)


class SparseSoftmaxCrossEntropyWithLogits(_TablePrimitive):
    """``SparseSoftmaxCrossEntropyWithLogits(is_grad=False)(logits, labels)``: the mean loss, or
    its gradient w.r.t. the logits when ``is_grad``."""

    _params = (("is_grad", False),)

    def __call__(self, logits: Any, labels: Any) -> Tensor:
        x = U.floating(U.array(logits, self.name, "logits"))
        t = U.array(labels, self.name, "labels")
        y = jax.nn.one_hot(t, x.shape[-1], dtype=x.dtype)
        loss, grad = nn_func.softmax_cross_entropy(x, y)
        return Tensor._from(grad / x.shape[0] if self.is_grad else jnp.mean(loss))


# --- side effects ------------------------------------------------------------------------------


class Print(_TablePrimitive):
    """``Print()(*inputs)``: print Tensors and strings (at run time inside compiled code)."""

    def _init(self) -> None:
        self.add_prim_attr("side_effect_io", True)

    def __call__(self, *input_x: Any) -> None:
        return debug_func.print_(*input_x)


_GETNEXT_SOURCE: contextvars.ContextVar[Callable[[GetNext], Any] | None] = contextvars.ContextVar(
    "getnext_source", default=None
)


class GetNext(_TablePrimitive):
    """``GetNext(types, shapes, output_num, shared_name)()``: the next batch of a device queue.

    It has a meaning only inside a sunk network: the sink engine installs a source with
    ``feeding(source)`` while it traces the network, and a call returns ``source(self)``.
    """

    _params = (
        ("types", _REQ),
        ("shapes", _REQ),
        ("output_num", _REQ),
        ("shared_name", _REQ),
    )

    def _init(self) -> None:
        if len(self.types) != self.output_num or len(self.shapes) != self.output_num:
            U.fail(
                "GetNext",
                f"'types' and 'shapes' must each have 'output_num' ({self.output_num}) entries, but got {len(self.types)} and {len(self.shapes)}",
            )

    def __call__(self) -> Any:
        source = _GETNEXT_SOURCE.get()
        if source is None:
            raise RuntimeError(
                f"For 'GetNext', queue '{self.shared_name}': GetNext only runs inside a sunk network "
                "(connect_network_with_dataset / dataset_sink_mode=True)"
            )
        return source(self)


@contextlib.contextmanager
def feeding(source: Callable[[GetNext], Any]) -> Iterator[None]:
    """Make ``GetNext`` calls return ``source(prim)`` inside the block (for the sink engine)."""
    token = _GETNEXT_SOURCE.set(source)
    try:
        yield
    finally:
        _GETNEXT_SOURCE.reset(token)


# --- nn primitives kept in their own module (MindSpore's ops.operations.nn_ops) ----------------
from deepsink.ops.operations import nn_ops as nn_ops  # noqa: E402
from deepsink.ops.operations.nn_ops import ApplyMomentum as ApplyMomentum  # noqa: E402
from deepsink.ops.operations.nn_ops import AvgPool3D as AvgPool3D  # noqa: E402
from deepsink.ops.operations.nn_ops import BinaryCrossEntropy as BinaryCrossEntropy  # noqa: E402
from deepsink.ops.operations.nn_ops import Conv3D as Conv3D  # noqa: E402
from deepsink.ops.operations.nn_ops import Dense as Dense  # noqa: E402
from deepsink.ops.operations.nn_ops import LayerNorm as LayerNorm  # noqa: E402
from deepsink.ops.operations.nn_ops import MaxPool3D as MaxPool3D  # noqa: E402

# --- more elementwise and data-dependent primitives ------------------------------------------------
Inv = _forwarding("Inv", M.inv, "x", __name__)
Invert = _forwarding("Invert", M.invert, "x", __name__)
Rint = _forwarding("Rint", M.rint, "x", __name__)
Softsign = _forwarding("Softsign", nn_func.softsign, "x", __name__)


Unique = _forwarding(
    "Unique",
    A.unique,
    "x",
    __name__,
    """``Unique()(x) -> (values, idx)``: ``ops.unique`` (1-D input, values in order of first
    appearance; idx Int64 for Int64 input, else Int32).""",
)


Complex = _forwarding(
    "Complex",
    M.complex,
    "real, imag",
    __name__,
    """``Complex()(real, imag)``: a Complex64/Complex128 Tensor from two float Tensors.""",
)


# --- the primitives of operations.math_ops / operations.array_ops (MindSpore's module paths) ---
# a name deepsink lacks: an AttributeError that says so and where the coverage list is
from deepsink._core.public import missing_names as _missing_names  # noqa: E402
from deepsink.ops.comm_ops import *  # noqa: E402,F403 (the collective primitives)
from deepsink.ops.operations import array_ops as array_ops  # noqa: E402
from deepsink.ops.operations import math_ops as math_ops  # noqa: E402
from deepsink.ops.operations.array_ops import Diag as Diag  # noqa: E402
from deepsink.ops.operations.array_ops import GatherNd as GatherNd  # noqa: E402
from deepsink.ops.operations.array_ops import MaskedSelect as MaskedSelect  # noqa: E402
from deepsink.ops.operations.array_ops import Meshgrid as Meshgrid  # noqa: E402
from deepsink.ops.operations.array_ops import NonZero as NonZero  # noqa: E402
from deepsink.ops.operations.array_ops import ReverseV2 as ReverseV2  # noqa: E402
from deepsink.ops.operations.array_ops import Roll as Roll  # noqa: E402
from deepsink.ops.operations.array_ops import ScatterNd as ScatterNd  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterAdd as TensorScatterAdd  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterDiv as TensorScatterDiv  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterMax as TensorScatterMax  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterMin as TensorScatterMin  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterMul as TensorScatterMul  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterSub as TensorScatterSub  # noqa: E402
from deepsink.ops.operations.array_ops import TensorScatterUpdate as TensorScatterUpdate  # noqa: E402
from deepsink.ops.operations.array_ops import Trace as Trace  # noqa: E402
from deepsink.ops.operations.array_ops import Tril as Tril  # noqa: E402
from deepsink.ops.operations.array_ops import Triu as Triu  # noqa: E402
from deepsink.ops.operations.array_ops import UnsortedSegmentMax as UnsortedSegmentMax  # noqa: E402
from deepsink.ops.operations.array_ops import UnsortedSegmentMin as UnsortedSegmentMin  # noqa: E402
from deepsink.ops.operations.array_ops import UnsortedSegmentProd as UnsortedSegmentProd  # noqa: E402
from deepsink.ops.operations.array_ops import UnsortedSegmentSum as UnsortedSegmentSum  # noqa: E402

# more primitives, built from a table (each module lists its names in __all__)
from deepsink.ops.operations.bridge_ops import *  # noqa: E402,F403
from deepsink.ops.operations.math_ops import ACos as ACos  # noqa: E402
from deepsink.ops.operations.math_ops import Acosh as Acosh  # noqa: E402
from deepsink.ops.operations.math_ops import Angle as Angle  # noqa: E402
from deepsink.ops.operations.math_ops import Asin as Asin  # noqa: E402
from deepsink.ops.operations.math_ops import Asinh as Asinh  # noqa: E402
from deepsink.ops.operations.math_ops import Atan as Atan  # noqa: E402
from deepsink.ops.operations.math_ops import Atanh as Atanh  # noqa: E402
from deepsink.ops.operations.math_ops import BitwiseAnd as BitwiseAnd  # noqa: E402
from deepsink.ops.operations.math_ops import BitwiseOr as BitwiseOr  # noqa: E402
from deepsink.ops.operations.math_ops import BitwiseXor as BitwiseXor  # noqa: E402
from deepsink.ops.operations.math_ops import Conj as Conj  # noqa: E402
from deepsink.ops.operations.math_ops import Cosh as Cosh  # noqa: E402
from deepsink.ops.operations.math_ops import Cross as Cross  # noqa: E402
from deepsink.ops.operations.math_ops import Cummax as Cummax  # noqa: E402
from deepsink.ops.operations.math_ops import Digamma as Digamma  # noqa: E402
from deepsink.ops.operations.math_ops import DivNoNan as DivNoNan  # noqa: E402
from deepsink.ops.operations.math_ops import Einsum as Einsum  # noqa: E402
from deepsink.ops.operations.math_ops import Erfc as Erfc  # noqa: E402
from deepsink.ops.operations.math_ops import Erfinv as Erfinv  # noqa: E402
from deepsink.ops.operations.math_ops import Expm1 as Expm1  # noqa: E402
from deepsink.ops.operations.math_ops import Fmax as Fmax  # noqa: E402
from deepsink.ops.operations.math_ops import Fmin as Fmin  # noqa: E402
from deepsink.ops.operations.math_ops import Gcd as Gcd  # noqa: E402
from deepsink.ops.operations.math_ops import Heaviside as Heaviside  # noqa: E402
from deepsink.ops.operations.math_ops import Hypot as Hypot  # noqa: E402
from deepsink.ops.operations.math_ops import Imag as Imag  # noqa: E402
from deepsink.ops.operations.math_ops import IsClose as IsClose  # noqa: E402
from deepsink.ops.operations.math_ops import Lcm as Lcm  # noqa: E402
from deepsink.ops.operations.math_ops import LeftShift as LeftShift  # noqa: E402
from deepsink.ops.operations.math_ops import Lerp as Lerp  # noqa: E402
from deepsink.ops.operations.math_ops import Lgamma as Lgamma  # noqa: E402
from deepsink.ops.operations.math_ops import Log1p as Log1p  # noqa: E402
from deepsink.ops.operations.math_ops import LogicalXor as LogicalXor  # noqa: E402
from deepsink.ops.operations.math_ops import MatrixDeterminant as MatrixDeterminant  # noqa: E402
from deepsink.ops.operations.math_ops import MatrixInverse as MatrixInverse  # noqa: E402
from deepsink.ops.operations.math_ops import Mod as Mod  # noqa: E402
from deepsink.ops.operations.math_ops import MulNoNan as MulNoNan  # noqa: E402
from deepsink.ops.operations.math_ops import NextAfter as NextAfter  # noqa: E402
from deepsink.ops.operations.math_ops import Real as Real  # noqa: E402
from deepsink.ops.operations.math_ops import RightShift as RightShift  # noqa: E402
from deepsink.ops.operations.math_ops import Sinc as Sinc  # noqa: E402
from deepsink.ops.operations.math_ops import Sinh as Sinh  # noqa: E402
from deepsink.ops.operations.math_ops import SquaredDifference as SquaredDifference  # noqa: E402
from deepsink.ops.operations.math_ops import Tan as Tan  # noqa: E402
from deepsink.ops.operations.math_ops import Trunc as Trunc  # noqa: E402
from deepsink.ops.operations.math_ops import TruncateDiv as TruncateDiv  # noqa: E402
from deepsink.ops.operations.math_ops import TruncateMod as TruncateMod  # noqa: E402
from deepsink.ops.operations.math_ops import Xdivy as Xdivy  # noqa: E402
from deepsink.ops.operations.math_ops import Xlogy as Xlogy  # noqa: E402

# the primitives behind nn layers
from deepsink.ops.operations.nn_layer_ops import *  # noqa: E402, F403
from deepsink.ops.operations.sparse_ops import *  # noqa: E402,F403 (the sparse primitives)

__getattr__ = _missing_names(__name__)


# --- optimizer primitives (MindSpore's ops.operations.nn_ops / inner_ops) ------------------------
from deepsink.ops.operations import optimizer_ops as optimizer_ops  # noqa: E402

Adam = optimizer_ops.Adam
AdamNoUpdateParam = optimizer_ops.AdamNoUpdateParam
AdamWeightDecay = optimizer_ops.AdamWeightDecay
ApplyAdaMax = optimizer_ops.ApplyAdaMax
ApplyAdadelta = optimizer_ops.ApplyAdadelta
ApplyAdagrad = optimizer_ops.ApplyAdagrad
ApplyAdagradDA = optimizer_ops.ApplyAdagradDA
ApplyAdagradV2 = optimizer_ops.ApplyAdagradV2
ApplyAdamWithAmsgrad = optimizer_ops.ApplyAdamWithAmsgrad
ApplyAdamWithAmsgradV2 = optimizer_ops.ApplyAdamWithAmsgradV2
ApplyAddSign = optimizer_ops.ApplyAddSign
ApplyCenteredRMSProp = optimizer_ops.ApplyCenteredRMSProp
ApplyFtrl = optimizer_ops.ApplyFtrl
ApplyGradientDescent = optimizer_ops.ApplyGradientDescent
ApplyKerasMomentum = optimizer_ops.ApplyKerasMomentum
ApplyPowerSign = optimizer_ops.ApplyPowerSign
ApplyProximalAdagrad = optimizer_ops.ApplyProximalAdagrad
ApplyProximalGradientDescent = optimizer_ops.ApplyProximalGradientDescent
ApplyRMSProp = optimizer_ops.ApplyRMSProp
FusedAdaFactor = optimizer_ops.FusedAdaFactor
FusedAdaFactorWithGlobalNorm = optimizer_ops.FusedAdaFactorWithGlobalNorm
FusedCastAdamWeightDecay = optimizer_ops.FusedCastAdamWeightDecay
FusedSparseAdam = optimizer_ops.FusedSparseAdam
FusedSparseFtrl = optimizer_ops.FusedSparseFtrl
FusedSparseLazyAdam = optimizer_ops.FusedSparseLazyAdam
FusedSparseProximalAdagrad = optimizer_ops.FusedSparseProximalAdagrad
FusedWeightScaleApplyMomentum = optimizer_ops.FusedWeightScaleApplyMomentum
LARSUpdate = optimizer_ops.LARSUpdate
SGD = optimizer_ops.SGD
SparseApplyAdadelta = optimizer_ops.SparseApplyAdadelta
SparseApplyAdagrad = optimizer_ops.SparseApplyAdagrad
SparseApplyAdagradV2 = optimizer_ops.SparseApplyAdagradV2
SparseApplyFtrl = optimizer_ops.SparseApplyFtrl
SparseApplyFtrlV2 = optimizer_ops.SparseApplyFtrlV2
SparseApplyProximalAdagrad = optimizer_ops.SparseApplyProximalAdagrad
SparseApplyRMSProp = optimizer_ops.SparseApplyRMSProp

# the loop primitives
# the Ascend float-status primitives: unsupported names that say why
# primitives with no functional twin: sequences, patches, fractional pools, image samplers, ...
from deepsink.ops.operations._embedding_cache_ops import MapUniform as MapUniform  # noqa: E402
from deepsink.ops.operations._embedding_cache_ops import SubAndFilter as SubAndFilter  # noqa: E402
from deepsink.ops.operations.array_ops import CountNonZero as CountNonZero  # noqa: E402
from deepsink.ops.operations.array_ops import EditDistance as EditDistance  # noqa: E402
from deepsink.ops.operations.array_ops import (  # noqa: E402
    ExtractVolumePatches as ExtractVolumePatches,
)
from deepsink.ops.operations.ascend_ops import *  # noqa: E402,F403

# MindSpore's deprecated lower-case Identity class (model-zoo UNet builds P.identity())
from deepsink.ops.operations.bridge_ops import identity as identity  # noqa: E402
from deepsink.ops.operations.debug_ops import HookBackward as HookBackward  # noqa: E402
from deepsink.ops.operations.debug_ops import InsertGradientOf as InsertGradientOf  # noqa: E402
from deepsink.ops.operations.image_ops import (  # noqa: E402
    CombinedNonMaxSuppression as CombinedNonMaxSuppression,
)
from deepsink.ops.operations.image_ops import ExtractGlimpse as ExtractGlimpse  # noqa: E402
from deepsink.ops.operations.image_ops import ScaleAndTranslate as ScaleAndTranslate  # noqa: E402
from deepsink.ops.operations.inner_ops import NoRepeatNGram as NoRepeatNGram  # noqa: E402
from deepsink.ops.operations.loop_ops import ForiLoop as ForiLoop  # noqa: E402
from deepsink.ops.operations.loop_ops import Scan as Scan  # noqa: E402
from deepsink.ops.operations.loop_ops import WhileLoop as WhileLoop  # noqa: E402
from deepsink.ops.operations.math_ops import FFTWithSize as FFTWithSize  # noqa: E402
from deepsink.ops.operations.math_ops import MatrixLogarithm as MatrixLogarithm  # noqa: E402
from deepsink.ops.operations.nn_ops import LSTM as LSTM  # noqa: E402
from deepsink.ops.operations.nn_ops import BasicLSTMCell as BasicLSTMCell  # noqa: E402
from deepsink.ops.operations.nn_ops import (  # noqa: E402
    ComputeAccidentalHits as ComputeAccidentalHits,
)
from deepsink.ops.operations.nn_ops import DeformableOffsets as DeformableOffsets  # noqa: E402
from deepsink.ops.operations.nn_ops import Dilation2D as Dilation2D  # noqa: E402
from deepsink.ops.operations.nn_ops import DynamicGRUV2 as DynamicGRUV2  # noqa: E402
from deepsink.ops.operations.nn_ops import DynamicRNN as DynamicRNN  # noqa: E402
from deepsink.ops.operations.nn_ops import FractionalAvgPool as FractionalAvgPool  # noqa: E402
from deepsink.ops.operations.nn_ops import FractionalMaxPool as FractionalMaxPool  # noqa: E402
from deepsink.ops.operations.nn_ops import MaxPool3DWithArgmax as MaxPool3DWithArgmax  # noqa: E402
from deepsink.ops.operations.nn_ops import RNNTLoss as RNNTLoss  # noqa: E402
from deepsink.ops.operations.other_ops import (  # noqa: E402
    SampleDistortedBoundingBoxV2 as SampleDistortedBoundingBoxV2,
)
from deepsink.ops.operations.random_ops import (  # noqa: E402
    RandomChoiceWithMask as RandomChoiceWithMask,
)

# Bessel, QR-factor, segment, colour, format, scatter, norm and sampler primitives
from deepsink.ops.operations.standalone_ops import *  # noqa: E402,F403

# isort: split
# user-defined operators and the side-effect (summary, dump) primitives
from deepsink.ops.operations.custom_ops import *  # noqa: E402,F403
from deepsink.ops.operations.custom_ops import CustomOpBuilder as CustomOpBuilder  # noqa: E402

# the primitives (the functions typeof, cond, ... are ops' and ops.functional's)
from deepsink.ops.operations.graph_ops import DropoutDoMask as DropoutDoMask  # noqa: E402
from deepsink.ops.operations.graph_ops import DropoutGenMask as DropoutGenMask  # noqa: E402
from deepsink.ops.operations.graph_ops import DynamicShape as DynamicShape  # noqa: E402
from deepsink.ops.operations.graph_ops import FloatStatus as FloatStatus  # noqa: E402
from deepsink.ops.operations.graph_ops import Load as Load  # noqa: E402
from deepsink.ops.operations.graph_ops import MoveTo as MoveTo  # noqa: E402
from deepsink.ops.operations.graph_ops import Reusing as Reusing  # noqa: E402
from deepsink.ops.operations.graph_ops import SelectView as SelectView  # noqa: E402
from deepsink.ops.operations.graph_ops import UpdateState as UpdateState  # noqa: E402
from deepsink.ops.operations.ir_ops import CopyWithSlice as CopyWithSlice  # noqa: E402
from deepsink.ops.operations.ir_ops import GeSwitch as GeSwitch  # noqa: E402
from deepsink.ops.operations.ir_ops import MapCacheIdx as MapCacheIdx  # noqa: E402
from deepsink.ops.operations.ir_ops import Merge as Merge  # noqa: E402
from deepsink.ops.operations.ir_ops import Pull as Pull  # noqa: E402
from deepsink.ops.operations.ir_ops import Push as Push  # noqa: E402
from deepsink.ops.operations.ir_ops import PyExecute as PyExecute  # noqa: E402
from deepsink.ops.operations.summary_ops import DumpGradient as DumpGradient  # noqa: E402
from deepsink.ops.operations.summary_ops import HistogramSummary as HistogramSummary  # noqa: E402
from deepsink.ops.operations.summary_ops import ImageSummary as ImageSummary  # noqa: E402
from deepsink.ops.operations.summary_ops import ScalarSummary as ScalarSummary  # noqa: E402
from deepsink.ops.operations.summary_ops import TensorDump as TensorDump  # noqa: E402
from deepsink.ops.operations.summary_ops import TensorSummary as TensorSummary  # noqa: E402

# ``from deepsink.ops.operations import *``: the primitives, not this module's imports and helpers
# (MindSpore 2.10's ops.operations has no Tensor, Primitive, feeding...; Median and
# TensorToTuple are ops' and ops.functional's names there)
_NOT_HERE = {"Tensor", "Primitive", "prim_attr_register", "feeding", "Median", "TensorToTuple"}
__all__ = [n for n in _public_names(globals()) if n not in _NOT_HERE]
