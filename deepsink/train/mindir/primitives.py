"""The one table between MindSpore's primitives (as a MindIR file names them) and deepsink.

Each ``Primitive`` entry says how deepsink computes the MindSpore primitive when it runs a loaded
MindIR graph (``run(attrs, args)``: the primitive's attributes and the node's inputs, in
MindSpore's order), and which JAX primitives ``export`` writes as it (``jax``), with how
(``deepsink.train.mindir.export`` reads ``exports()``, built from this table). A primitive that
MindSpore 2.10 writes as a ``PRIMITIVE_FUNCTION`` takes every argument as an input (``MatMul(x, w,
transpose_a, transpose_b)``); an older ``PRIMITIVE`` keeps its options as attributes (``Conv2D``).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from deepsink import ops


def is_constant_dim(d: Any) -> bool:
    """Whether a dimension is a number (not a symbolic one of a dynamic-shape export)."""
    try:
        operator.index(d)
    except Exception:  # a symbolic dimension cannot be made an index
        return False
    return True


MONAD = type("Monad", (), {"__repr__": lambda self: "U"})()  # MindSpore's UMonad/IOMonad value

_FORMATS = {0: "NCHW", 1: "NHWC", 2: "NCDHW"}  # MindSpore's Format enum, as BiasAdd's input


@dataclass(frozen=True)
class Primitive:
    """A MindSpore primitive: ``run`` computes it on deepsink; ``function``: MindSpore 2.10 writes
    it as a PRIMITIVE_FUNCTION (options as inputs); ``jax``: the JAX primitives exported as it,
    by ``emit(writer, eqn, args)`` (``args``: the writer's references to the equation's inputs),
    which adds the node(s) and returns the reference to the result."""

    name: str
    run: Callable[[dict, list], Any]
    function: bool = True
    jax: tuple[str, ...] = field(default=())
    emit: Callable[[Any, Any, list], Any] | None = None


PRIMITIVES: dict[str, Primitive] = {}


def _same(name: str) -> Callable[[Any, Any, list], Any]:
    """The emitter of a primitive whose inputs are the JAX equation's, in order."""
    return lambda w, eqn, args: w.node(name, args, eqn)


def _register(
    name: str, function: bool = True, jax: tuple[str, ...] = (), emit: Callable | None = None
) -> Callable:
    def deco(run: Callable[[dict, list], Any]) -> Callable:
        PRIMITIVES[name] = Primitive(name, run, function, jax, emit)
        return run

    return deco


def _unary(name: str, op: Callable, jax: tuple[str, ...] = (), function: bool = True) -> None:
    run = lambda attrs, args: op()(args[0])  # noqa: E731
    PRIMITIVES[name] = Primitive(name, run, function, jax, _same(name))


def _binary(name: str, op: Callable, jax: tuple[str, ...] = (), function: bool = True) -> None:
    run = lambda attrs, args: op()(args[0], args[1])  # noqa: E731
    PRIMITIVES[name] = Primitive(name, run, function, jax, _same(name))


def _hw(value: Any) -> Any:
    """MindSpore's 4-tuple (N, C, H, W) form of a kernel/stride attribute, as its (H, W)."""
    return tuple(value[-2:]) if isinstance(value, (tuple, list)) and len(value) == 4 else value


# ------------------------------------------------------------------ graph plumbing (no compute)
_register("Load", function=False)(lambda attrs, args: args[0])
_register("MakeTuple", function=False)(lambda attrs, args: tuple(args))
_register("UpdateState", function=False)(lambda attrs, args: MONAD)
_register("Depend", function=False)(lambda attrs, args: args[0])
_register("TupleGetItem", function=False)(lambda attrs, args: args[0][args[1]])
_register("list_getitem", function=False)(lambda attrs, args: args[0][args[1]])


@dataclass(frozen=True)
class PartialValue:
    """A ``Partial`` node's value: the sub-graph named ``graph`` with its first inputs bound."""

    graph: str
    args: tuple


@dataclass(frozen=True)
class SwitchValue:
    """A ``Switch`` node's value: ``true`` or ``false`` (each a ``PartialValue`` or a sub-graph's
    name), picked by ``cond`` when the graph calls it (``graph.FuncGraph`` runs a loop or a
    ``jax.lax.cond`` from it)."""

    cond: Any
    true: Any
    false: Any


# control flow, as MindSpore 2.10 writes it: Partial(graph, *args), Switch(cond, partial, partial),
# then a node whose op_type names the Switch's result calls the picked sub-graph
_register("Partial", function=False)(lambda attrs, args: PartialValue(args[0], tuple(args[1:])))
_register("Switch", function=False)(lambda attrs, args: SwitchValue(*args))

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
_unary("Expm1", ops.Expm1, ("expm1",))
_unary("Log1p", ops.Log1p, ("log1p",))
_unary("Sin", ops.Sin, ("sin",))
_unary("Cos", ops.Cos, ("cos",))
_unary("IsFinite", ops.IsFinite, ("is_finite",))
_unary("Atan", ops.Atan, ("atan",))
_unary("Sinh", ops.Sinh, ("sinh",))
_unary("Cosh", ops.Cosh, ("cosh",))
_unary("Tan", ops.Tan, ("tan",))
_unary("ACos", ops.ACos, ("acos",))
_unary("Atanh", ops.Atanh, ("atanh",))
_unary("Erfc", ops.Erfc, ("erfc",))  # exact GELU's
_unary("Erfinv", ops.Erfinv, ("erf_inv",))
_unary("Flatten", ops.Flatten)
_unary("GeLU", ops.GeLU)
_register("SiLU")(lambda attrs, args: ops.silu(args[0]))
_register("Muls")(lambda attrs, args: ops.mul(args[0], args[1]))
_register("SumExt")(lambda attrs, args: ops.sum(args[0], args[1], bool(args[2]), dtype=args[3]))


def _inplace_add(attrs: dict, args: list) -> Any:
    """``InplaceAddExt``/``InplaceAddsExt(x, other, alpha, u)``: ``x + alpha * other`` in
    ``x``'s dtype (a loaded graph holds values, so "in place" is the new value)."""
    x, other, alpha = args[0], args[1], args[2]
    return ops.add(x, ops.mul(other, alpha) if alpha != 1 else other).astype(x.dtype)


_register("InplaceAddExt")(_inplace_add)
_register("InplaceAddsExt")(_inplace_add)
# ``Assign(parameter, value, u)``: the graph updates one of its Parameters (``self.w += 1`` in
# ``construct``); the GraphCell's Parameter takes the value, as in 2.10
_register("Assign")(lambda attrs, args: ops.assign(args[0], args[1]))


@_register("Elu")
def _elu(attrs: dict, args: list) -> Any:
    return ops.Elu(args[1])(args[0])


_binary("Add", ops.Add, ("add", "add_any"))
_binary("Sub", ops.Sub, ("sub",))
_binary("Mul", ops.Mul, ("mul",))
_binary("Div", ops.Div, ("div",))
_binary("RealDiv", ops.RealDiv)
_binary("Maximum", ops.Maximum, ("max",))
_binary("Minimum", ops.Minimum, ("min",))
_binary("Greater", ops.Greater, ("gt",))
_binary("GreaterEqual", ops.GreaterEqual, ("ge",))
_binary("Less", ops.Less, ("lt",))
_binary("LessEqual", ops.LessEqual, ("le",))
_binary("Equal", ops.Equal, ("eq",))
_binary("NotEqual", ops.NotEqual, ("ne",))
# a Tensor against a Python number (what 2.10 writes for ``t.sum() < 40``)
_binary("LessScalar", ops.Less)
_binary("GreaterScalar", ops.Greater)
_binary("LogicalAnd", ops.LogicalAnd, ("and",))
_binary("LogicalOr", ops.LogicalOr, ("or",))
_unary("LogicalNot", ops.LogicalNot, ("not",))
# 2.10 writes these two as PRIMITIVEs; TruncateMod is JAX's ``rem`` (the dividend's sign)
_unary("Lgamma", ops.Lgamma, ("lgamma",), function=False)
_binary("TruncateMod", ops.TruncateMod, ("rem",), function=False)


def _emit_round(w: Any, eqn: Any, args: list) -> Any:
    """JAX's ``round`` to nearest even (``jnp.round``'s) is Round(x, decimals=0)."""
    if eqn.params["rounding_method"] != 1:  # lax.round's default: half away from zero
        return w.refuse(eqn, "a round of halves away from zero (Round rounds them to even)")
    return w.node("Round", [args[0], w.scalar(0)], eqn)


@_register("Round", jax=("round",), emit=_emit_round)
def _round(attrs: dict, args: list) -> Any:  # Round(x, decimals)
    return ops.round(args[0], decimals=int(args[1]))


def _logical(name: str) -> Callable[[Any, Any, list], Any]:
    def emit(w: Any, eqn: Any, args: list) -> Any:
        if eqn.invars[0].aval.dtype != np.bool_:  # JAX's and/or of integers are bitwise
            return w.refuse(eqn, f"a bitwise '{eqn.primitive.name}' of integers")
        return w.node(name, args, eqn)

    return emit


for _name in ("LogicalAnd", "LogicalOr", "LogicalNot"):
    PRIMITIVES[_name] = replace(PRIMITIVES[_name], emit=_logical(_name))


def _emit_pow(w: Any, eqn: Any, args: list) -> Any:
    if eqn.primitive.name == "integer_pow":
        return w.node(
            "Pow", [args[0], w.const(np.asarray(eqn.params["y"], eqn.invars[0].aval.dtype))], eqn
        )
    return w.node("Pow", args, eqn)


@_register("Pow", jax=("pow", "integer_pow"), emit=_emit_pow)
def _pow(attrs: dict, args: list) -> Any:
    return ops.Pow()(args[0], args[1])


def _emit_select(w: Any, eqn: Any, args: list) -> Any:
    if len(args) != 3 or eqn.invars[0].aval.dtype != np.bool_:
        w.refuse(eqn, "a select_n of more than two cases or with an integer predicate")
    return w.node("Select", [args[0], args[2], args[1]], eqn)  # select_n(p, false, true)


@_register("Select", jax=("select_n",), emit=_emit_select)
def _select(attrs: dict, args: list) -> Any:
    return ops.Select()(args[0], args[1], args[2])


# MindSpore's TypeId numbers (Cast's dtype input) by NumPy dtype name
TYPE_IDS = {
    "bool": 30, "int8": 32, "int16": 33, "int32": 34, "int64": 35, "uint8": 37, "uint16": 38,
    "uint32": 39, "uint64": 40, "float16": 42, "float32": 43, "float64": 44, "bfloat16": 45,
}  # fmt: skip


def _emit_cast(w: Any, eqn: Any, args: list) -> Any:
    name = np.dtype(eqn.params["new_dtype"]).name
    if name not in TYPE_IDS:
        w.refuse(eqn, f"a cast to {name}")
    return w.node("Cast", [args[0], w.scalar(TYPE_IDS[name])], eqn)


@_register("Cast", jax=("convert_element_type",), emit=_emit_cast)
def _cast(attrs: dict, args: list) -> Any:
    from deepsink.common import dtype as mstype

    names = {v: k for k, v in TYPE_IDS.items()}
    if args[1] not in names:
        raise RuntimeError(
            f"Load MindIR failed: Cast to type id {args[1]}, which deepsink does not know"
        )
    name = "bool_" if names[args[1]] == "bool" else names[args[1]]
    return ops.Cast()(args[0], getattr(mstype, name))


# ------------------------------------------------------------------ shapes
def _emit_reshape(w: Any, eqn: Any, args: list) -> Any:
    return w.node("Reshape", [args[0], w.ints(eqn.outvars[0].aval.shape, eqn)], eqn)


@_register("Reshape", jax=("reshape", "squeeze", "expand_dims"), emit=_emit_reshape)
def _reshape(attrs: dict, args: list) -> Any:
    return ops.Reshape()(args[0], tuple(args[1]))


@_register(
    "Transpose",
    jax=("transpose",),
    emit=lambda w, eqn, args: w.node(
        "Transpose", [args[0], w.ints(eqn.params["permutation"])], eqn
    ),
)
def _transpose(attrs: dict, args: list) -> Any:
    return ops.Transpose()(args[0], tuple(args[1]))


@_register(
    "ReverseV2",
    jax=("rev",),
    emit=lambda w, eqn, args: w.node("ReverseV2", [args[0], w.ints(eqn.params["dimensions"])], eqn),
)
def _reverse_v2(attrs: dict, args: list) -> Any:  # ReverseV2(x, axis)
    return ops.ReverseV2(tuple(args[1]))(args[0])


@_register("TensorShape")
def _tensor_shape(attrs: dict, args: list) -> Any:
    return ops.TensorShape()(args[0])


@_register("ExpandDims")
def _expand_dims(attrs: dict, args: list) -> Any:
    return ops.ExpandDims()(args[0], args[1])


def _emit_broadcast(w: Any, eqn: Any, args: list) -> Any:
    shape = eqn.outvars[0].aval.shape
    src = eqn.invars[0].aval.shape
    x = args[0]
    if len(src) != len(
        shape
    ):  # put the operand's axes where broadcast_dimensions says, 1 elsewhere
        ranked = [1] * len(shape)
        for axis, size in zip(eqn.params["broadcast_dimensions"], src, strict=True):
            ranked[axis] = size
        x = w.node("Reshape", [x, w.ints(ranked, eqn)], eqn, shape=tuple(ranked))
        src = tuple(ranked)
    if tuple(src) == tuple(shape):
        return x
    kept = all(is_constant_dim(n) or n is m for n, m in zip(shape, src, strict=True))
    if not kept:  # BroadcastTo's -1 keeps the input's size; it cannot grow to a dynamic one
        return w.refuse(eqn, f"a broadcast of shape {tuple(src)} to dynamic shape {shape}")
    return w.node("BroadcastTo", [x, w.ints(shape, eqn)], eqn)


@_register("BroadcastTo", jax=("broadcast_in_dim",), emit=_emit_broadcast)
def _broadcast_to(attrs: dict, args: list) -> Any:
    return ops.BroadcastTo(tuple(args[1]))(args[0])


def _emit_concat(w: Any, eqn: Any, args: list) -> Any:
    if eqn.primitive.name == "stack":  # each input with a new axis of size 1, then Concat
        axis = eqn.params["axis"]
        shape = list(eqn.invars[0].aval.shape)
        one = tuple(shape[:axis] + [1] + shape[axis:])
        args = [w.node("Reshape", [a, w.ints(one)], eqn, shape=one) for a in args]
        return w.node("Concat", [w.tuple(args, eqn, shape=one), w.scalar(axis)], eqn)
    return w.node("Concat", [w.tuple(args, eqn), w.scalar(eqn.params["dimension"])], eqn)


@_register("Concat", jax=("concatenate", "stack"), emit=_emit_concat)
def _concat(attrs: dict, args: list) -> Any:
    return ops.Concat(args[1])(tuple(args[0]))


@_register("Split")
def _split(attrs: dict, args: list) -> Any:
    return ops.Split(args[1], args[2])(args[0])


def _emit_pad(w: Any, eqn: Any, args: list) -> Any:
    """``lax.pad``: interior padding as the value between the elements (``_dilate``), negative
    padding as a crop (StridedSlice), the rest as PadV3 (constant mode)."""
    config = eqn.params["padding_config"]
    x, shape = args[0], tuple(eqn.invars[0].aval.shape)
    for axis, (_, _, interior) in enumerate(config):
        if interior:
            x, shape = _dilate(w, eqn, x, shape, axis, interior + 1, fill=args[1])
    if any(lo < 0 or hi < 0 for lo, hi, _ in config):
        begin = [max(-lo, 0) for lo, _, _ in config]
        end = tuple(n - max(-hi, 0) for n, (_, hi, _) in zip(shape, config, strict=True))
        x = _crop(w, eqn, x, shape, begin, end)
        shape = tuple(e - b for b, e in zip(begin, end, strict=True))
    pairs = [(max(lo, 0), max(hi, 0)) for lo, hi, _ in config]
    if all(pair == (0, 0) for pair in pairs):
        return x
    while len(pairs) > 1 and pairs[0] == (0, 0):  # PadV3 pads the last dims; leading zeros dropped
        pairs.pop(0)
    paddings = tuple(v for pair in reversed(pairs) for v in pair)  # the last dimension first
    attrs = {"mode": "constant", "paddings_contiguous": True}
    return w.node("PadV3", [x, w.ints(paddings), args[1]], eqn, attrs=attrs)


@_register("PadV3", function=False, jax=("pad",), emit=_emit_pad)
def _pad_v3(attrs: dict, args: list) -> Any:
    x, paddings, value = args
    if not attrs.get("paddings_contiguous", True):
        raise RuntimeError(
            "Load MindIR failed: PadV3 with paddings_contiguous=False is not supported by deepsink"
        )
    value = value.asnumpy().item() if hasattr(value, "asnumpy") else value
    paddings = tuple(int(p) for p in paddings)
    return ops.pad(x, paddings, mode=attrs.get("mode", "constant"), value=value)


def _emit_split(w: Any, eqn: Any, args: list) -> list:
    """JAX's split as one StridedSlice per piece."""
    axis, shape = eqn.params["axis"], eqn.invars[0].aval.shape
    outs, start = [], 0
    zeros = [w.scalar(0)] * 5
    for v in eqn.outvars:
        size = v.aval.shape[axis]
        begin = [0] * len(shape)
        end = list(shape)
        begin[axis], end[axis] = start, start + size
        sl = [args[0], w.ints(begin), w.ints(end), w.ints([1] * len(shape)), *zeros]
        outs.append(w.node("StridedSlice", sl, eqn, shape=v.aval.shape))
        start += size
    return outs


def _emit_slice(w: Any, eqn: Any, args: list) -> Any:
    p = eqn.params
    strides = p["strides"] or (1,) * len(p["start_indices"])
    zeros = [w.scalar(0)] * 5
    return w.node(
        "StridedSlice",
        [args[0], w.ints(p["start_indices"]), w.ints(p["limit_indices"]), w.ints(strides), *zeros],
        eqn,
    )


@_register(
    "StridedSlice",
    jax=("slice", "split"),
    emit=lambda w, eqn, args: (_emit_split if eqn.primitive.name == "split" else _emit_slice)(
        w, eqn, args
    ),
)
def _strided_slice(attrs: dict, args: list) -> Any:
    x, begin, end, strides, *masks = args
    return ops.StridedSlice(*masks)(x, tuple(begin), tuple(end), tuple(strides))


def _emit_cumulative(name: str) -> Callable[[Any, Any, list], Any]:
    def emit(w: Any, eqn: Any, args: list) -> Any:
        p = eqn.params
        options = [w.scalar(int(p["axis"])), w.scalar(False), w.scalar(bool(p["reverse"]))]
        return w.node(name, [args[0], *options], eqn)

    return emit


@_register("CumSum", jax=("cumsum",), emit=_emit_cumulative("CumSum"))
def _cumsum(attrs: dict, args: list) -> Any:  # CumSum(x, axis, exclusive, reverse)
    return ops.CumSum(exclusive=bool(args[2]), reverse=bool(args[3]))(args[0], int(args[1]))


@_register("CumProd", jax=("cumprod",), emit=_emit_cumulative("CumProd"))
def _cumprod(attrs: dict, args: list) -> Any:  # CumProd(x, axis, exclusive, reverse)
    return ops.CumProd(exclusive=bool(args[2]), reverse=bool(args[3]))(args[0], int(args[1]))


def _emit_cumlogsumexp(w: Any, eqn: Any, args: list) -> Any:
    """CumulativeLogsumexp (a PRIMITIVE: exclusive/reverse attributes, the axis a 0-d int64)."""
    attrs = {"exclusive": False, "reverse": bool(eqn.params["reverse"])}
    axis = w.const(np.asarray(eqn.params["axis"], np.int64))
    return w.node("CumulativeLogsumexp", [args[0], axis], eqn, attrs=attrs)


@_register("CumulativeLogsumexp", function=False, jax=("cumlogsumexp",), emit=_emit_cumlogsumexp)
def _cumulative_logsumexp(attrs: dict, args: list) -> Any:
    op = ops.CumulativeLogsumexp(bool(attrs["exclusive"]), bool(attrs["reverse"]))
    return op(args[0], args[1])


def _emit_top_k(w: Any, eqn: Any, args: list) -> list:
    """TopK (a PRIMITIVE, ``sorted`` an attribute) over the last axis: (values, indices)."""
    if eqn.params.get("axis", -1) not in (-1, len(eqn.invars[0].aval.shape) - 1):
        return w.refuse(eqn, f"a top_k over axis {eqn.params['axis']} (TopK takes the last axis)")
    return w.node_tuple("TopK", [args[0], w.scalar(int(eqn.params["k"]))], eqn, {"sorted": True})


@_register("TopK", function=False, jax=("top_k",), emit=_emit_top_k)
def _top_k(attrs: dict, args: list) -> Any:
    return ops.TopK(bool(attrs.get("sorted", True)))(args[0], int(args[1]))


def _take_axis(eqn: Any) -> int | None:
    """The axis of a ``gather`` that is ``jnp.take(x, indices, axis)`` (MindSpore's Gather),
    else None."""
    dn, p = eqn.params["dimension_numbers"], eqn.params
    shape, idx = eqn.invars[0].aval.shape, eqn.invars[1].aval.shape
    if len(dn.collapsed_slice_dims) != 1 or dn.operand_batching_dims or idx[-1:] != (1,):
        return None
    axis, k, r = dn.collapsed_slice_dims[0], len(idx) - 1, len(shape)
    if tuple(dn.start_index_map) != (axis,):
        return None
    if tuple(p["slice_sizes"]) != shape[:axis] + (1,) + shape[axis + 1 :]:
        return None
    if tuple(dn.offset_dims) != tuple(range(axis)) + tuple(range(axis + k, r - 1 + k)):
        return None
    return axis


def _emit_gather(w: Any, eqn: Any, args: list) -> Any:
    axis = _take_axis(eqn)
    if axis is None:
        w.refuse(eqn, "a gather other than indexing one axis with a Tensor of indices")
    aval = eqn.invars[1].aval
    flat = type(
        "Eqn", (), {"outvars": [type("Out", (), {"aval": aval.update(shape=aval.shape[:-1])})]}
    )
    indices = w.node("Reshape", [args[1], w.ints(aval.shape[:-1])], flat)
    return w.node("Gather", [args[0], indices, w.scalar(axis), w.scalar(0)], eqn)


@_register("Gather", jax=("gather",), emit=_emit_gather)
def _gather(attrs: dict, args: list) -> Any:  # Gather(params, indices, axis, batch_dims)
    return ops.gather(args[0], args[1], int(args[2]), int(args[3]))


def _leading_index(eqn: Any, dn: Any, window: tuple, collapsed: tuple) -> int | None:
    """The number ``k`` of leading operand axes a gather/scatter indexes, when it is MindSpore's
    GatherNd/TensorScatterAdd: indices ``[..., k]`` picking whole slices ``operand[i_0..i_k-1]``
    (JAX's index vector is always last), else None."""
    operand, indices = eqn.invars[0].aval.shape, eqn.invars[1].aval.shape
    k = indices[-1] if indices else 0
    lead = tuple(range(k))
    if not k or tuple(collapsed) != lead or tuple(dn.operand_batching_dims):
        return None
    batch = len(indices) - 1
    if tuple(window) != tuple(range(batch, batch + len(operand) - k)):
        return None
    return k


def _emit_gather_nd(w: Any, eqn: Any, args: list) -> Any:
    dn = eqn.params["dimension_numbers"]
    k = _leading_index(eqn, dn, dn.offset_dims, dn.collapsed_slice_dims)
    shape = eqn.invars[0].aval.shape
    full = k is not None and tuple(eqn.params["slice_sizes"]) == (1,) * k + tuple(shape[k:])
    if _take_axis(eqn) is not None:
        return _emit_gather(w, eqn, args)
    if full and tuple(dn.start_index_map) == tuple(range(k)):
        return w.node("GatherNd", args, eqn)
    return w.refuse(eqn, "a gather other than Gather (one axis) or GatherNd (leading axes)")


PRIMITIVES["Gather"] = replace(PRIMITIVES["Gather"], emit=_emit_gather_nd)


@_register("GatherNd")
def _gather_nd(attrs: dict, args: list) -> Any:
    return ops.GatherNd()(args[0], args[1])


def _emit_scatter_add(w: Any, eqn: Any, args: list) -> Any:
    """``scatter-add`` (the gradient of a gather) as TensorScatterAdd(input, indices, updates),
    when it adds whole slices at leading-axis indices."""
    dn = eqn.params["dimension_numbers"]
    k = _leading_index(eqn, dn, dn.update_window_dims, dn.inserted_window_dims)
    ok = k is not None and tuple(dn.scatter_dims_to_operand_dims) == tuple(range(k))
    if not ok or tuple(dn.scatter_indices_batching_dims):
        return w.refuse(eqn, "a scatter-add other than TensorScatterAdd's (slices at leading axes)")
    return w.node("TensorScatterAdd", args, eqn)


@_register("TensorScatterAdd", function=False, jax=("scatter-add",), emit=_emit_scatter_add)
def _tensor_scatter_add(attrs: dict, args: list) -> Any:
    return ops.TensorScatterAdd()(args[0], args[1], args[2])


# ------------------------------------------------------------------ reductions
def _reduce(op: Callable) -> Callable[[dict, list], Any]:
    return lambda attrs, args: op(bool(args[2]))(args[0], tuple(args[1]))


def _emit_reduce(name: str) -> Callable[[Any, Any, list], Any]:
    def emit(w: Any, eqn: Any, args: list) -> Any:
        extra = [w.scalar(False)] if name == "ReduceSum" else []  # ReduceSum's skip_mode
        return w.node(name, [args[0], w.ints(eqn.params["axes"]), w.scalar(False), *extra], eqn)

    return emit


PRIMITIVES["ReduceMean"] = Primitive("ReduceMean", _reduce(ops.ReduceMean))
for _name, _op, _jax in (
    ("ReduceSum", ops.ReduceSum, "reduce_sum"),
    ("ReduceMax", ops.ReduceMax, "reduce_max"),
    ("ReduceMin", ops.ReduceMin, "reduce_min"),
    ("ReduceAll", ops.ReduceAll, "reduce_and"),
    ("ReduceAny", ops.ReduceAny, "reduce_or"),
    ("ReduceProd", ops.ReduceProd, "reduce_prod"),
):
    PRIMITIVES[_name] = Primitive(_name, _reduce(_op), True, (_jax,), _emit_reduce(_name))


@_register("Softmax")
def _softmax(attrs: dict, args: list) -> Any:
    return ops.Softmax(tuple(args[1]))(args[0])


# ------------------------------------------------------------------ linear algebra
def _emit_dot(w: Any, eqn: Any, args: list) -> Any:
    """dot_general as MatMul (2-D), BatchMatMul (leading batch axes) or MatMul on the operand
    flattened to 2-D (``x @ W`` with ``x`` of rank > 2)."""
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    lr, rr = len(eqn.invars[0].aval.shape), len(eqn.invars[1].aval.shape)
    lc, rc, lb, rb = tuple(lc), tuple(rc), tuple(lb), tuple(rb)
    if (
        len(lc) == 1
        and len(rc) == 1
        and lb == rb == tuple(range(len(lb)))
        and lr == rr == len(lb) + 2
    ):
        k = len(lb)
        ta, tb = lc[0] == k, rc[0] == k + 1
        name = "BatchMatMul" if k else "MatMul"
        return w.node(name, [args[0], args[1], w.scalar(ta), w.scalar(tb)], eqn)
    if not lb and not rb and rr == 2 and lc == (lr - 1,) and lr > 2:
        lhs_shape = eqn.invars[0].aval.shape
        rows = math.prod(lhs_shape[:-1])  # symbolic for a dynamic dimension: -1 in the file
        flat = w.node(
            "Reshape",
            [args[0], w.ints((rows, lhs_shape[-1]), eqn)],
            eqn,
            shape=(rows, lhs_shape[-1]),
        )
        out_shape = eqn.outvars[0].aval.shape
        mm = w.node(
            "MatMul",
            [flat, args[1], w.scalar(False), w.scalar(rc[0] == 1)],
            eqn,
            shape=(rows, out_shape[-1]),
        )
        return w.node("Reshape", [mm, w.ints(out_shape, eqn)], eqn)
    return _emit_general_dot(w, eqn, args, (lc, rc, lb, rb))


def _emit_general_dot(w: Any, eqn: Any, args: list, dims: tuple) -> Any:
    """Any dot_general: each operand transposed to (batch, free, contracted) / (batch,
    contracted, free) and flattened to 3-D (2-D without batch axes), a BatchMatMul (MatMul),
    the result reshaped to dot_general's (batch, lhs free, rhs free)."""
    lc, rc, lb, rb = dims
    ls, rs = eqn.invars[0].aval.shape, eqn.invars[1].aval.shape
    lf = [i for i in range(len(ls)) if i not in lc and i not in lb]
    rf = [i for i in range(len(rs)) if i not in rc and i not in rb]

    def size(shape: tuple, axes: Any) -> int:
        return math.prod(shape[i] for i in axes)

    def operand(x: Any, shape: tuple, order: list, flat: tuple) -> Any:
        x, now = _layout(w, eqn, x, shape, tuple(order))
        return x if now == flat else w.node("Reshape", [x, w.ints(flat, eqn)], eqn, shape=flat)

    batch = (size(ls, lb),) if lb else ()
    k = size(ls, lc)
    lhs = operand(args[0], ls, [*lb, *lf, *lc], (*batch, size(ls, lf), k))
    rhs = operand(args[1], rs, [*rb, *rc, *rf], (*batch, k, size(rs, rf)))
    flat = (*batch, size(ls, lf), size(rs, rf))
    name = "BatchMatMul" if lb else "MatMul"
    out = w.node(name, [lhs, rhs, w.scalar(False), w.scalar(False)], eqn, shape=flat)
    shape = eqn.outvars[0].aval.shape
    return out if flat == shape else w.node("Reshape", [out, w.ints(shape, eqn)], eqn)


@_register("MatMul", jax=("dot_general",), emit=_emit_dot)
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
def _layout(w: Any, eqn: Any, x: Any, shape: tuple, spec: tuple) -> tuple[Any, tuple]:
    """``x`` (of ``shape``) transposed so that the dimensions ``spec`` names come first, in its
    order (a convolution operand in MindSpore's NCHW/OIHW layout)."""
    if spec == tuple(range(len(spec))):
        return x, shape
    new = tuple(shape[i] for i in spec)
    return w.node("Transpose", [x, w.ints(spec)], eqn, shape=new), new


def _dilate(
    w: Any, eqn: Any, x: Any, shape: tuple, axis: int, d: int, fill: Any = None
) -> tuple[Any, tuple]:
    """``x`` with ``d - 1`` copies of the 0-d ``fill`` (zeros when None) between its elements
    along ``axis`` (a convolution's input dilation, a pad's interior padding: the gradients of
    strided convolutions and poolings): each element followed by the fill (Concat on a new
    axis), the axes merged (Reshape), the trailing fill cut (StridedSlice)."""
    dtype = eqn.outvars[0].aval.dtype
    fill = w.const(np.zeros((), dtype)) if fill is None else fill
    split = (*shape[: axis + 1], 1, *shape[axis + 1 :])
    x = w.node("Reshape", [x, w.ints(split)], eqn, shape=split)
    gap = (*shape[: axis + 1], d - 1, *shape[axis + 1 :])
    zeros = w.node("BroadcastTo", [fill, w.ints(gap)], eqn, shape=gap)
    both = (*shape[: axis + 1], d, *shape[axis + 1 :])
    pair = type(
        "Pair",
        (),
        {
            "invars": [
                type("V", (), {"aval": eqn.outvars[0].aval.update(shape=s)}) for s in (split, gap)
            ]
        },
    )
    x = w.node("Concat", [w.tuple([x, zeros], pair), w.scalar(axis + 1)], eqn, shape=both)
    merged = (*shape[:axis], shape[axis] * d, *shape[axis + 1 :])
    x = w.node("Reshape", [x, w.ints(merged)], eqn, shape=merged)
    cut = (*shape[:axis], (shape[axis] - 1) * d + 1, *shape[axis + 1 :])
    return _crop(w, eqn, x, merged, [0] * len(shape), cut), cut


def _crop(w: Any, eqn: Any, x: Any, shape: tuple, begin: list, end: tuple) -> Any:
    if list(begin) == [0] * len(shape) and tuple(end) == tuple(shape):
        return x
    zeros = [w.scalar(0)] * 5
    return w.node(
        "StridedSlice",
        [x, w.ints(begin), w.ints(end), w.ints([1] * len(shape)), *zeros],
        eqn,
        shape=tuple(e - b for b, e in zip(begin, end, strict=True)),
    )


def _emit_conv(w: Any, eqn: Any, args: list) -> Any:
    """A 2-D ``conv_general_dilated`` as MindSpore's Conv2D (NCHW/OIHW): operands of another
    layout transposed to it (the gradient convolutions of a training step), input dilation
    written as zeros between the input's elements, negative padding as a crop."""
    p = eqn.params
    dn = p["dimension_numbers"]
    if len(p["window_strides"]) != 2 or p["batch_group_count"] != 1:
        return w.refuse(eqn, "a convolution that is not 2-D or has a batch_group_count")
    specs = [tuple(dn.lhs_spec), tuple(dn.rhs_spec), tuple(dn.out_spec)]
    x, xs = _layout(w, eqn, args[0], eqn.invars[0].aval.shape, specs[0])
    k, ws = _layout(w, eqn, args[1], eqn.invars[1].aval.shape, specs[1])
    for axis, d in zip((2, 3), p["lhs_dilation"], strict=True):
        if d > 1:
            x, xs = _dilate(w, eqn, x, xs, axis, d)
    (top, bottom), (left, right) = p["padding"]
    if min(top, bottom, left, right) < 0:  # a negative pad cuts the input
        begin = [0, 0, max(-top, 0), max(-left, 0)]
        end = (xs[0], xs[1], xs[2] - max(-bottom, 0), xs[3] - max(-right, 0))
        x = _crop(w, eqn, x, xs, begin, end)
        top, bottom, left, right = (max(v, 0) for v in (top, bottom, left, right))
    sh, sw = p["window_strides"]
    dh, dw = p["rhs_dilation"]
    pad = (top, bottom, left, right)
    attrs = {
        "out_channel": ws[0], "kernel_size": (ws[2], ws[3]), "mode": 1, "pad_mode": "pad",
        "pad": pad, "pad_list": pad, "stride": (1, 1, sh, sw), "dilation": (1, 1, dh, dw),
        "group": p["feature_group_count"], "groups": p["feature_group_count"], "format": "NCHW",
    }  # fmt: skip
    out = eqn.outvars[0].aval.shape
    nchw = tuple(out[i] for i in specs[2])
    y = w.node("Conv2D", [x, k], eqn, attrs=attrs, shape=nchw)
    if specs[2] == (0, 1, 2, 3):
        return y
    return w.node("Transpose", [y, w.ints(np.argsort(specs[2]))], eqn)


@_register("Conv2D", function=False, jax=("conv_general_dilated",), emit=_emit_conv)
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


def _emit_max_pool(w: Any, eqn: Any, args: list) -> Any:
    p = eqn.params
    win, strides, pads = p["window_dimensions"], p["window_strides"], p["padding"]
    ok = len(win) == 4 and tuple(win[:2]) == (1, 1) and tuple(strides[:2]) == (1, 1)
    ok = ok and all(d == 1 for d in (*p["base_dilation"], *p["window_dilation"]))
    if not ok:
        return w.refuse(eqn, "a max-pooling window that is not MaxPool's NCHW 2-D one")
    if all(lo == hi == 0 for lo, hi in pads):
        mode = "VALID"
    else:  # MindSpore's SAME pads (total // 2) before and the rest after
        shape = eqn.invars[0].aval.shape
        same = []
        for n, k, s in zip(shape[2:], win[2:], strides[2:], strict=True):
            total = max((-(-n // s) - 1) * s + k - n, 0)
            same.append((total // 2, total - total // 2))
        if tuple(map(tuple, pads[:2])) != ((0, 0), (0, 0)) or [tuple(x) for x in pads[2:]] != same:
            return w.refuse(eqn, f"a max-pooling with padding {pads}, neither VALID nor SAME")
        mode = "SAME"
    attrs = {
        "kernel_size": tuple(win),
        "strides": tuple(strides),
        "pad_mode": mode,
        "format": "NCHW",
    }
    return w.node("MaxPool", args, eqn, attrs=attrs)


PRIMITIVES["MaxPool"] = Primitive(
    "MaxPool", _pool(ops.MaxPool), False, ("reduce_window_max",), _emit_max_pool
)
_PAD_MODES = {0: "pad", 1: "same", 2: "valid"}  # MindSpore's PadMode enum, as AvgPool's input


def _emit_window_sum(w: Any, eqn: Any, args: list) -> Any:
    """A window sum (what average pooling divides): AvgPool times the window's size."""
    p = eqn.params
    win, strides = p["window_dimensions"], p["window_strides"]
    ok = len(win) == 4 and tuple(win[:2]) == (1, 1) and tuple(strides[:2]) == (1, 1)
    ok = ok and all(d == 1 for d in (*p["base_dilation"], *p["window_dilation"]))
    if not ok or any(lo or hi for lo, hi in p["padding"]):
        return w.refuse(eqn, "a window sum that is not an unpadded NCHW 2-D pooling window")
    pool = [args[0], w.ints(win[2:]), w.ints(strides[2:]), w.scalar(2), w.scalar(0)]  # VALID, NCHW
    avg = w.node("AvgPool", pool, eqn)
    size = np.asarray(win[2] * win[3], eqn.outvars[0].aval.dtype)
    return w.node("Mul", [avg, w.const(size)], eqn)


@_register("AvgPool", jax=("reduce_window_sum",), emit=_emit_window_sum)
def _avg_pool(attrs: dict, args: list) -> Any:
    x, kernel, strides, pad_mode, fmt = args
    return ops.AvgPool(tuple(kernel), tuple(strides), _PAD_MODES[pad_mode], _FORMATS[fmt])(x)


@_register(
    "Tile",
    jax=("tile",),
    emit=lambda w, eqn, args: w.node("Tile", [args[0], w.ints(eqn.params["reps"])], eqn),
)
def _tile(attrs: dict, args: list) -> Any:
    return ops.Tile()(args[0], tuple(args[1]))


@_register("Squeeze")
def _squeeze(attrs: dict, args: list) -> Any:
    return ops.Squeeze(tuple(args[1]))(args[0])


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


def exports() -> dict[str, Primitive]:
    """JAX primitive name -> the MindSpore primitive ``export`` writes it as."""
    return {j: p for p in PRIMITIVES.values() for j in p.jax}
