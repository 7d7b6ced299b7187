"""``mindspore.numpy``'s comparisons, predicates and set functions (``equal``, ``isclose``, ...).

Comparisons and logical functions are the ``ops`` ones (``equal`` -> ``ops.equal``, ...) behind
``math_ops``'s operand rules; the predicates and set functions are NumPy's over jax.numpy.
Set functions (``intersect1d``, ``setdiff1d``) and ``argwhere`` have data-dependent shapes, so
they run eagerly only, as in MindSpore's PyNative mode.
"""

from __future__ import annotations

import builtins
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.numpy.math_ops import binary, unary
from deepsink.numpy.utils import fail, public, to_jnp

equal = binary("equal", ops.equal)
not_equal = binary("not_equal", ops.not_equal)
less = binary("less", ops.less)
less_equal = binary("less_equal", ops.less_equal)
greater = binary("greater", ops.greater)
greater_equal = binary("greater_equal", ops.greater_equal)
logical_and = binary("logical_and", ops.logical_and)
logical_or = binary("logical_or", ops.logical_or)
logical_xor = binary("logical_xor", ops.logical_xor)
logical_not = unary("logical_not", ops.logical_not)
isfinite = unary("isfinite", ops.isfinite)
isinf = unary("isinf", ops.isinf)
isnan = unary("isnan", ops.isnan)
isneginf = unary("isneginf", ops.isneginf)
isposinf = unary("isposinf", ops.isposinf)
signbit = unary("signbit", ops.signbit)


def isclose(a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False):
    """Where ``|a - b| <= atol + rtol * |b|`` (NaNs equal when ``equal_nan``)."""
    from deepsink.numpy.math_ops import operands

    x, y = operands(a, b, "isclose")
    return ops.isclose(x, y, rtol, atol, equal_nan)


def isscalar(element: Any) -> bool:
    """True for Python and numpy scalars (not for Tensors, as NumPy)."""
    return isinstance(element, int | float | complex | builtins.bool | str | bytes | np.generic)


def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> Tensor:
    """True when both have the same shape and elements (a Bool Tensor)."""
    x, y = to_jnp(a1, "array_equal", "a1"), to_jnp(a2, "array_equal", "a2")
    return Tensor._from(jnp.asarray(jnp.array_equal(x, y, equal_nan)))


def array_equiv(a1: Any, a2: Any) -> Tensor:
    """True when both broadcast to one shape with equal elements (a Bool Tensor)."""
    x, y = to_jnp(a1, "array_equiv", "a1"), to_jnp(a2, "array_equiv", "a2")
    return Tensor._from(jnp.asarray(jnp.array_equiv(x, y)))


def in1d(ar1: Any, ar2: Any, invert: bool = False) -> Tensor:
    """For each element of the flattened ``ar1``: is it in ``ar2``."""
    x, y = to_jnp(ar1, "in1d", "ar1"), to_jnp(ar2, "in1d", "ar2")
    return Tensor._from(jnp.isin(x.reshape(-1), y, invert=invert))


def isin(element: Any, test_elements: Any, invert: bool = False) -> Tensor:
    """For each element of ``element`` (shape kept): is it in ``test_elements``."""
    x, y = to_jnp(element, "isin", "element"), to_jnp(test_elements, "isin", "test_elements")
    return Tensor._from(jnp.isin(x, y, invert=invert))


def sometrue(a: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    """Whether any element over ``axis`` is true."""
    arr = to_jnp(a, "sometrue", "a")
    if isinstance(axis, list):
        axis = tuple(axis)
    return ops.any(arr, axis, keepdims)


def argwhere(a: Any) -> Tensor:
    """The indices of non-zero elements, one row per element (Int64)."""
    if a is None:
        fail("argwhere", "'a' must be array like, but got None", TypeError)
    arr = to_jnp(a, "argwhere", "a")
    if arr.ndim == 0:
        fail("argwhere", "'a' must be at least 1-D, but got a scalar")
    return ops.argwhere(arr)


def intersect1d(ar1: Any, ar2: Any, assume_unique: bool = False, return_indices: bool = False):
    """The sorted unique values in both arrays (and their first indices, Int32)."""
    for n, v in (("assume_unique", assume_unique), ("return_indices", return_indices)):
        if not isinstance(v, builtins.bool):
            fail("intersect1d", f"'{n}' must be a bool, but got {v!r}", TypeError)
    if ar1 is None or ar2 is None:
        fail("intersect1d", "'ar1' and 'ar2' must be array like, but got None", TypeError)
    x, y = to_jnp(ar1, "intersect1d", "ar1"), to_jnp(ar2, "intersect1d", "ar2")
    r = jnp.intersect1d(x, y, assume_unique, return_indices)
    if return_indices:
        return (
            Tensor._from(r[0]),
            Tensor._from(r[1].astype(np.int32)),
            Tensor._from(r[2].astype(np.int32)),
        )
    return Tensor._from(r)


def setdiff1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Tensor:
    """The sorted unique values of ``ar1`` not in ``ar2``."""
    x, y = to_jnp(ar1, "setdiff1d", "ar1"), to_jnp(ar2, "setdiff1d", "ar2")
    return Tensor._from(jnp.setdiff1d(x, y, assume_unique))


__all__ = public(globals(), __name__)
