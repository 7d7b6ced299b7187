"""MindSpore's element-wise ops on sparse tensors, ``coo_<op>`` and ``csr_<op>``: the dense op
applied to the stored values, the indices and shape kept.

One mechanism makes all of them (``_sparse_unary``) from the table ``UNARY`` of dense ops, so
each inherits its dense op's dtype rules and errors (``coo_sqrt`` of int values gives float32,
``coo_isnan`` gives bool values, ``csr_cos`` of int values raises as ``ops.cos`` does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink.common.sparse_tensor import COOTensor, CSRTensor
from deepsink.common.tensor import Tensor
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import math_func as M
from deepsink.ops.function import nn_func as N

# op name -> (the dense op, what it computes)
UNARY: dict[str, tuple[Callable[[Any], Tensor], str]] = {
    "abs": (M.abs, "absolute value"), "acos": (M.acos, "arccosine"),
    "acosh": (E.acosh, "inverse hyperbolic cosine"), "asin": (M.asin, "arcsine"),
    "asinh": (E.asinh, "inverse hyperbolic sine"), "atan": (M.atan, "arctangent"),
    "atanh": (E.atanh, "inverse hyperbolic tangent"), "ceil": (M.ceil, "ceiling"),
    "cos": (M.cos, "cosine"), "cosh": (M.cosh, "hyperbolic cosine"),
    "exp": (M.exp, "exponential"), "expm1": (M.expm1, "exp(x) - 1"),
    "floor": (M.floor, "floor"), "inv": (M.inv, "reciprocal"),
    "isfinite": (M.isfinite, "finiteness test"), "isinf": (M.isinf, "infinity test"),
    "isnan": (M.isnan, "NaN test"), "log": (M.log, "natural logarithm"),
    "log1p": (M.log1p, "log(1 + x)"), "neg": (M.neg, "negation"),
    "relu": (N.relu, "ReLU"), "relu6": (N.relu6, "ReLU6"), "round": (M.round, "rounding"),
    "sigmoid": (M.sigmoid, "sigmoid"), "sin": (M.sin, "sine"),
    "sinh": (M.sinh, "hyperbolic sine"), "softsign": (N.softsign, "softsign"),
    "sqrt": (M.sqrt, "square root"), "square": (M.square, "square"), "tan": (M.tan, "tangent"),
    "tanh": (M.tanh, "hyperbolic tangent"),
}  # fmt: skip

_EXAMPLE = {
    "coo": "ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32), ms.Tensor({v}), (3, 4))",
    "csr": "ms.CSRTensor(ms.Tensor([0, 1, 2, 2], ms.int32), ms.Tensor([3, 0], ms.int32), "
    "ms.Tensor({v}), (3, 4))",
}


def _sparse_unary(kind: str, op: str, dense: Callable[[Any], Tensor], what: str) -> Callable:
    cls = COOTensor if kind == "coo" else CSRTensor
    name = f"{kind}_{op}"

    def apply(x: Any) -> Any:
        if not isinstance(x, cls):
            raise TypeError(f"Expects {cls.__name__} for {name}")
        values = dense(x.values)._data
        if kind == "coo":
            return COOTensor._from(x._indices, values, x.shape)
        return CSRTensor._from(x._indptr, x._indices, values, x.shape)

    apply.__name__ = apply.__qualname__ = name
    apply.__module__ = __name__
    apply.__doc__ = f"""The element-wise {what} of a {cls.__name__}'s values (``ops.{op}`` on
    ``x.values``); the indices and shape are kept.

    Args:
        x ({cls.__name__}): the input.

    Returns:
        {cls.__name__}, with the same indices and shape; the values' dtype is ``ops.{op}``'s.

    Raises:
        TypeError: ``x`` is not a {cls.__name__}, or its values' dtype is not one ``ops.{op}``
            takes.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = {_EXAMPLE[kind].format(v="[1.25, 1.5]" if op == "acosh" else "[0.25, 0.5]")}
        >>> out = ops.{name}(x)
        >>> print(out.shape, (out.values == ops.{op}(x.values)).all())
        (3, 4) True
    """
    return apply


_made = {
    f"{kind}_{op}": _sparse_unary(kind, op, fn, what)
    for kind in ("coo", "csr")
    for op, (fn, what) in UNARY.items()
}
globals().update(_made)

__all__ = sorted(_made)
