"""The one table between MindSpore's primitives (as a MindIR file names them) and deepsink.

Each ``Primitive`` entry says how deepsink computes the MindSpore primitive when it runs a loaded
MindIR graph (``run(attrs, args)``: the primitive's attributes and the node's inputs, in
MindSpore's order), and which JAX primitives ``export`` writes as it (``jax``), with how
(``deepsink.train.mindir.export`` reads ``EXPORTS``, built from this table). A primitive that
MindSpore 2.10 writes as a ``PRIMITIVE_FUNCTION`` takes every argument as an input (``MatMul(x, w,
transpose_a, transpose_b)``); an older ``PRIMITIVE`` keeps its options as attributes (``Conv2D``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from deepsink import ops

MONAD = type("Monad", (), {"__repr__": lambda self: "U"})()  # MindSpore's UMonad/IOMonad value

_FORMATS = {0: "NCHW", 1: "NHWC", 2: "NCDHW"}  # MindSpore's Format enum, as BiasAdd's input


@dataclass(frozen=True)
class Primitive:
    """A MindSpore primitive: ``run`` computes it on deepsink; ``function``: MindSpore 2.10 writes
    it as a PRIMITIVE_FUNCTION (options as inputs); ``jax``: the JAX primitives exported as it."""

    name: str
    run: Callable[[dict, list], Any]
    function: bool = True
    jax: tuple[str, ...] = field(default=())


PRIMITIVES: dict[str, Primitive] = {}


def _register(name: str, function: bool = True, jax: tuple[str, ...] = ()) -> Callable:
    def deco(run: Callable[[dict, list], Any]) -> Callable:
        PRIMITIVES[name] = Primitive(name, run, function, jax)
        return run

    return deco


def _unary(name: str, op: Callable, jax: tuple[str, ...] = ()) -> None:
    PRIMITIVES[name] = Primitive(name, lambda attrs, args: op()(args[0]), True, jax)


def _binary(name: str, op: Callable, jax: tuple[str, ...] = ()) -> None:
    PRIMITIVES[name] = Primitive(name, lambda attrs, args: op()(args[0], args[1]), True, jax)


def _hw(value: Any) -> Any:
    """MindSpore's 4-tuple (N, C, H, W) form of a kernel/stride attribute, as its (H, W)."""
    return tuple(value[-2:]) if isinstance(value, (tuple, list)) and len(value) == 4 else value


# ------------------------------------------------------------------ graph plumbing (no compute)
_register("Load", function=False)(lambda attrs, args: args[0])
_register("MakeTuple", function=False)(lambda attrs, args: tuple(args))
_register("UpdateState", function=False)(lambda attrs, args: MONAD)
_register("Depend", function=False)(lambda attrs, args: args[0])
_register("TupleGetItem", function=False)(lambda attrs, args: args[0][args[1]])
_register("Return", function=False)(lambda attrs, args: args[0])

# ------------------------------------------------------------------ elementwise
_unary("ReLU", ops.ReLU)
_unary("ReLU6", ops.ReLU6)
_unary("Tanh", ops.Tanh, ("tanh",))
_unary("Sigmoid", ops.Sigmoid, ("logistic",))
_unary("Exp", ops.Exp, ("exp",))
_unary("Log", ops.Log, ("log",))
_unary("Neg", ops.Neg, ("neg",))
_unary("Sqrt", ops.Sqrt, ("sqrt",))
_unary("Rsqrt", ops.Rsqrt, ("rsqrt",))
_unary("Abs", ops.Abs, ("abs",))
_unary("Erf", ops.Erf, ("erf",))
_unary("Square", ops.Square, ("square",))
_unary("Sign", ops.Sign, ("sign",))
_unary("Floor", ops.Floor, ("floor",))
_unary("Flatten", ops.Flatten)
_binary("Add", ops.Add, ("add", "add_any"))
_binary("Sub", ops.Sub, ("sub",))
_binary("Mul", ops.Mul, ("mul",))
_binary("Div", ops.Div, ("div",))
_binary("RealDiv", ops.RealDiv)
_binary("Maximum", ops.Maximum, ("max",))
_binary("Minimum", ops.Minimum, ("min",))
_binary("Pow", ops.Pow, ("pow",))
_binary("Greater", ops.Greater, ("gt",))
_binary("GreaterEqual", ops.GreaterEqual, ("ge",))
_binary("Less", ops.Less, ("lt",))
_binary("LessEqual", ops.LessEqual, ("le",))
_binary("Equal", ops.Equal, ("eq",))
_binary("NotEqual", ops.NotEqual, ("ne",))
_binary("LogicalAnd", ops.LogicalAnd, ("and",))
_binary("LogicalOr", ops.LogicalOr, ("or",))


@_register("Select", jax=("select_n",))
def _select(attrs: dict, args: list) -> Any:
    return ops.Select()(args[0], args[1], args[2])


@_register("Cast", jax=("convert_element_type",))
def _cast(attrs: dict, args: list) -> Any:
    return ops.Cast()(args[0], args[1])


# ------------------------------------------------------------------ shapes
@_register("Reshape", jax=("reshape", "squeeze", "expand_dims"))
def _reshape(attrs: dict, args: list) -> Any:
    return ops.Reshape()(args[0], tuple(args[1]))


@_register("Transpose", jax=("transpose",))
def _transpose(attrs: dict, args: list) -> Any:
    return ops.Transpose()(args[0], tuple(args[1]))


@_register("ExpandDims")
def _expand_dims(attrs: dict, args: list) -> Any:
    return ops.ExpandDims()(args[0], args[1])


@_register("BroadcastTo", jax=("broadcast_in_dim",))
def _broadcast_to(attrs: dict, args: list) -> Any:
    return ops.BroadcastTo(tuple(args[1]))(args[0])


@_register("Concat", jax=("concatenate",))
def _concat(attrs: dict, args: list) -> Any:
    return ops.Concat(args[1])(tuple(args[0]))


@_register("Split")
def _split(attrs: dict, args: list) -> Any:
    return ops.Split(args[1], args[2])(args[0])


@_register("StridedSlice", jax=("slice",))
def _strided_slice(attrs: dict, args: list) -> Any:
    x, begin, end, strides, *masks = args
    return ops.StridedSlice(*masks)(x, tuple(begin), tuple(end), tuple(strides))


# ------------------------------------------------------------------ reductions
def _reduce(op: Callable) -> Callable[[dict, list], Any]:
    return lambda attrs, args: op(bool(args[2]))(args[0], tuple(args[1]))


PRIMITIVES["ReduceMean"] = Primitive("ReduceMean", _reduce(ops.ReduceMean))
PRIMITIVES["ReduceSum"] = Primitive("ReduceSum", _reduce(ops.ReduceSum), True, ("reduce_sum",))
PRIMITIVES["ReduceMax"] = Primitive("ReduceMax", _reduce(ops.ReduceMax), True, ("reduce_max",))
PRIMITIVES["ReduceMin"] = Primitive("ReduceMin", _reduce(ops.ReduceMin), True, ("reduce_min",))


@_register("Softmax")
def _softmax(attrs: dict, args: list) -> Any:
    return ops.Softmax(tuple(args[1]))(args[0])


# ------------------------------------------------------------------ linear algebra
@_register("MatMul", jax=("dot_general",))
def _matmul(attrs: dict, args: list) -> Any:
    return ops.MatMul(bool(args[2]), bool(args[3]))(args[0], args[1])


@_register("BatchMatMul")
def _batch_matmul(attrs: dict, args: list) -> Any:
    return ops.BatchMatMul(bool(args[2]), bool(args[3]))(args[0], args[1])


@_register("MatMulExt")
def _matmul_ext(attrs: dict, args: list) -> Any:
    return ops.matmul(args[0], args[1])


@_register("BiasAdd")
def _bias_add(attrs: dict, args: list) -> Any:
    return ops.BiasAdd(_FORMATS[args[2]])(args[0], args[1])


# ------------------------------------------------------------------ neural-network layers
@_register("Conv2D", function=False, jax=("conv_general_dilated",))
def _conv2d(attrs: dict, args: list) -> Any:
    pad_mode = str(attrs.get("pad_mode", "valid")).lower()
    conv = ops.Conv2D(
        out_channel=attrs["out_channel"],
        kernel_size=_hw(attrs["kernel_size"]),
        mode=attrs.get("mode", 1),
        pad_mode=pad_mode,
        pad=attrs.get("pad", 0) if pad_mode == "pad" else 0,
        stride=_hw(attrs.get("stride", 1)),
        dilation=_hw(attrs.get("dilation", 1)),
        group=attrs.get("group", 1),
        data_format=attrs.get("format", "NCHW"),
    )
    return conv(args[0], args[1])


def _pool(op: Callable) -> Callable[[dict, list], Any]:
    def run(attrs: dict, args: list) -> Any:
        return op(
            kernel_size=_hw(attrs["kernel_size"]),
            strides=_hw(attrs["strides"]),
            pad_mode=str(attrs.get("pad_mode", "valid")).lower(),
            data_format=attrs.get("format", "NCHW"),
        )(args[0])

    return run


PRIMITIVES["MaxPool"] = Primitive("MaxPool", _pool(ops.MaxPool), False, ("reduce_window_max",))
PRIMITIVES["AvgPool"] = Primitive("AvgPool", _pool(ops.AvgPool), False)


@_register("AdaptiveAvgPool2D", function=False)
def _adaptive_avg_pool2d(attrs: dict, args: list) -> Any:
    return ops.AdaptiveAvgPool2D(tuple(attrs["output_size"]))(args[0])


@_register("BatchNorm")
def _batch_norm(attrs: dict, args: list) -> Any:
    x, scale, bias, mean, var, training, eps, momentum, fmt = args
    return ops.BatchNorm(bool(training), eps, momentum, _FORMATS[fmt])(x, scale, bias, mean, var)


@_register("LayerNorm")
def _layer_norm(attrs: dict, args: list) -> Any:
    x, gamma, beta, begin_norm_axis, begin_params_axis, eps = args
    return ops.LayerNorm(begin_norm_axis, begin_params_axis, eps)(x, gamma, beta)


@_register("LSTM", function=False)
def _lstm(attrs: dict, args: list) -> Any:
    lstm = ops.LSTM(
        attrs["input_size"],
        attrs["hidden_size"],
        attrs["num_layers"],
        bool(attrs["has_bias"]),
        bool(attrs["bidirectional"]),
        attrs["dropout"],
        attrs.get("proj_size", 0),
    )
    return lstm(*args)
