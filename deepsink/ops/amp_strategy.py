"""The per-op mixed precision rule of ``amp.auto_mixed_precision(..., "auto")``.

While a strategy is in force (``amp_strategy(dtype, white, black)``, a context the ``auto`` level
enters around a function or a Cell's ``construct``), each op named in one of its lists casts its
float Tensor inputs before it computes, as MindSpore 2.10's op dispatcher does:

- an op of the white list (``MatMul``, ``Conv2D``, ``Dense``, ...) computes in the low-precision
  ``dtype``;
- an op of the black list (``Exp``, ``Softmax``, ``LayerNorm``, ``SumExt``, ...) computes in
  float32;
- an op of the promote list (``Concat``, ``AddN``, ``BiasAdd``, ``Addcmul``, ``Cross``, ...)
  computes in the widest float dtype of its inputs;
- every other op runs in the dtypes of its inputs.

An op names the MindSpore primitive it stands for: a Primitive class by its name (``Primitive``
wraps each subclass's ``__call__``), a functional op with ``@amp_rule("Exp")``. Inside a ruled op
the strategy is suspended, so that the ops it is built from do not cast again.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import jax.numpy as jnp

from deepsink.common.tensor import Tensor

AUTO_WHITE_LIST = (
    "Conv2D",
    "Conv3D",
    "Conv2DExt",
    "Conv3DExt",
    "ConvTranspose2D",
    "Conv2DTranspose",
    "Conv3DTranspose",
    "Convolution",
    "MatMul",
    "MatMulExt",
    "BatchMatMul",
    "BatchMatMulExt",
    "PReLU",
    "Einsum",
    "Dense",
    "Addmm",
    "Addbmm",
    "Addmv",
    "Baddbmm",
    "Mv",
)

AUTO_BLACK_LIST = (
    "Pow",
    "ACos",
    "Asin",
    "Cosh",
    "Erfinv",
    "Exp",
    "Expm1",
    "Log",
    "Log10",
    "Log1p",
    "Log2",
    "Reciprocal",
    "Rsqrt",
    "Sinh",
    "Tan",
    "Softplus",
    "SoftplusExt",
    "LayerNorm",
    "LayerNormExt",
    "BatchNorm",
    "BatchNormExt",
    "GroupNorm",
    "Norm",
    "KLDivLoss",
    "SmoothL1Loss",
    "MultilabelMarginLoss",
    "SoftMarginLoss",
    "TripletMarginLoss",
    "MultiMarginLoss",
    "BCEWithLogitsLoss",
    "Pdist",
    "Cdist",
    "Renorm",
    "ReduceProd",
    "Softmax",
    "LogSoftmax",
    "LogSoftmaxExt",
    "CumProd",
    "CumSum",
    "CumsumExt",
    "ProdExt",
    "SumExt",
    "L1LossExt",
    "MSELossExt",
    "NLLLoss",
    "NLLLoss2d",
)

PROMOTE_LIST = (
    "Addcdiv",
    "Addcmul",
    "Cross",
    "Dot",
    "GridSampler2D",
    "GridSampler3D",
    "BiasAdd",
    "AddN",
    "Concat",
)

RULED = frozenset(AUTO_WHITE_LIST + AUTO_BLACK_LIST + PROMOTE_LIST)

_LOW = (jnp.float16, jnp.bfloat16)


class Strategy(NamedTuple):
    """An ``auto`` strategy: the low-precision dtype (a numpy dtype) and the op name lists."""

    dtype: Any
    white: frozenset
    black: frozenset


_STATE = threading.local()


def _stack() -> list:
    stack = getattr(_STATE, "stack", None)
    if stack is None:
        stack = _STATE.stack = []
    return stack


def current() -> Strategy | None:
    """The strategy in force (``None`` outside one, or inside a ruled op)."""
    stack = getattr(_STATE, "stack", None)
    return stack[-1] if stack else None


@contextlib.contextmanager
def amp_strategy(dtype: Any, white: Any, black: Any) -> Iterator[None]:
    """Puts a strategy in force for the ops called inside the ``with`` block."""
    stack = _stack()
    stack.append(Strategy(jnp.dtype(dtype), frozenset(white), frozenset(black)))
    try:
        yield
    finally:
        stack.pop()


@contextlib.contextmanager
def _suspended() -> Iterator[None]:
    stack = _stack()
    stack.append(None)
    try:
        yield
    finally:
        stack.pop()


def _is_float(v: Any) -> bool:
    return isinstance(v, Tensor) and jnp.issubdtype(v._data.dtype, jnp.floating)


def _leaves(values: Any) -> Iterator[Any]:
    for v in values:
        if isinstance(v, list | tuple):
            yield from _leaves(v)
        else:
            yield v


def _cast_all(value: Any, target: Any, only: tuple | None) -> Any:
    if isinstance(value, list | tuple):
        return type(value)(_cast_all(v, target, only) for v in value)
    if not _is_float(value) or value._data.dtype == target:
        return value
    if only is not None and value._data.dtype not in only:
        return value
    return Tensor._from(value._data.astype(target))


def _target(strategy: Strategy, name: str, args: tuple, kwargs: dict) -> tuple[Any, Any]:
    """The dtype the op's float inputs are cast to, and which float dtypes are cast."""
    if name in strategy.white:
        return strategy.dtype, None
    if name in strategy.black:
        return jnp.dtype(jnp.float32), _LOW
    if name in PROMOTE_LIST:
        floats = [v._data.dtype for v in _leaves((*args, *kwargs.values())) if _is_float(v)]
        if len(set(floats)) > 1:
            widest = functools.reduce(jnp.promote_types, floats)
            return widest, None
    return None, None


def cast_inputs(name: str, args: tuple, kwargs: dict | None = None) -> tuple[tuple, dict]:
    """The op ``name``'s inputs cast as the strategy in force says (unchanged outside one)."""
    kwargs = kwargs or {}
    strategy = current()
    if strategy is None:
        return args, kwargs
    target, only = _target(strategy, name, args, kwargs)
    if target is None:
        return args, kwargs
    args = tuple(_cast_all(a, target, only) for a in args)
    kwargs = {k: _cast_all(v, target, only) for k, v in kwargs.items()}
    return args, kwargs


def cast_arrays(name: str, *arrays: Any) -> tuple:
    """``cast_inputs`` for the arrays a layer computes with (returned as arrays)."""
    if current() is None:
        return arrays
    cast, _ = cast_inputs(name, tuple(Tensor._from(a) for a in arrays))
    return tuple(t._data for t in cast)


def _ruled(name: str | None, fn: Callable, *, method: bool) -> Callable:
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        if current() is None:
            return fn(*args, **kwargs)
        if method:
            self, rest = args[0], args[1:]
            rest, kwargs = cast_inputs(name or self.name, rest, kwargs)
            args = (self, *rest)
        else:
            args, kwargs = cast_inputs(name, args, kwargs)
        with _suspended():
            return fn(*args, **kwargs)

    run._amp_ruled = True  # type: ignore[attr-defined]
    return run


def ruled_function(name: str, fn: Callable) -> Callable:
    """``fn``, an op standing for the MindSpore primitive ``name``, under the rule."""
    if getattr(fn, "_amp_ruled", False):
        return fn
    return _ruled(name, fn, method=False)


def amp_rule(name: str) -> Callable[[Callable], Callable]:
    """Decorates a functional op that stands for the MindSpore primitive ``name``."""
    return lambda fn: ruled_function(name, fn)


def ruled_call(call: Callable) -> Callable:
    """A Primitive subclass's ``__call__``, ruled by the primitive's name."""
    if getattr(call, "_amp_ruled", False):
        return call
    return _ruled(None, call, method=True)
