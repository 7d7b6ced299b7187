"""The Bessel functions of ``mindspore.ops`` that jax.scipy.special lacks: ``bessel_j0``,
``bessel_j1``, ``bessel_y0``, ``bessel_y1``, ``bessel_k0``, ``bessel_k0e``, ``bessel_k1`` and
``bessel_k1e`` (``bessel_i*`` live in ``special_math_func``).

Values come from SciPy's Cephes kernels (``scipy.special``) through ``jax.pure_callback``, so
they run under ``jit`` and ``vmap`` on every backend (the callback runs on the host); gradients
are the closed-form derivatives of each function, written as a ``custom_jvp``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = [
    "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
    "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e",
]  # fmt: skip

_FLOATS = (np.float16, np.float32, np.float64)


def _host(name: str) -> Callable:
    """``scipy.special.<name>`` (a NumPy ufunc) as a jax function of one array, computed on the
    host (SciPy, slow to import, is imported on first use)."""

    def call(a: jax.Array) -> jax.Array:
        import scipy.special

        fn = getattr(scipy.special, name)
        spec = jax.ShapeDtypeStruct(a.shape, a.dtype)
        return jax.pure_callback(
            lambda v: np.asarray(fn(v), dtype=v.dtype), spec, a, vmap_method="expand_dims"
        )

    return call


_j0, _j1, _y0, _y1 = _host("j0"), _host("j1"), _host("y0"), _host("y1")
_k0, _k1, _k0e, _k1e = _host("k0"), _host("k1"), _host("k0e"), _host("k1e")

# d/dx of each function in terms of the others (Abramowitz & Stegun 9.1.27, 9.6.27)
_DERIVATIVE: dict[str, Callable] = {
    "j0": lambda x: -_j1(x),
    "j1": lambda x: _j0(x) - _j1(x) / x,
    "y0": lambda x: -_y1(x),
    "y1": lambda x: _y0(x) - _y1(x) / x,
    "k0": lambda x: -_k1(x),
    "k1": lambda x: -_k0(x) - _k1(x) / x,
    "k0e": lambda x: _k0e(x) - _k1e(x),
    "k1e": lambda x: _k1e(x) - _k0e(x) - _k1e(x) / x,
}
_VALUE = {
    "j0": _j0,
    "j1": _j1,
    "y0": _y0,
    "y1": _y1,
    "k0": _k0,
    "k1": _k1,
    "k0e": _k0e,
    "k1e": _k1e,
}


def _differentiable(kind: str) -> Callable:
    f = jax.custom_jvp(_VALUE[kind])

    @f.defjvp
    def _jvp(primals: tuple, tangents: tuple) -> tuple:
        (x,), (t,) = primals, tangents
        return f(x), _DERIVATIVE[kind](x) * t

    return f


def _op(kind: str, doc: str) -> Callable:
    fn = _differentiable(kind)
    name = f"bessel_{kind}"
    prim = "Bessel" + kind[0].upper() + kind[1:]

    def op(x: Any) -> Tensor:
        if not isinstance(x, Tensor):
            U.fail(
                prim,
                f"the type of input argument 'x' must be Tensor, but got {type(x).__name__}",
                TypeError,
            )
        a = x._data
        if a.dtype not in _FLOATS:
            U.fail(
                prim,
                f"the input argument 'x' must be a Tensor of float16, float32 or "
                f"float64, but got {x.dtype}",
                TypeError,
            )
        return Tensor._from(fn(a))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


def _doc(kind: str, what: str, example: str) -> str:
    return f"""Computes {what} elementwise.

    Args:
        x (Tensor): The input, of dtype float16, float32 or float64.

    Returns:
        Tensor, of the same shape and dtype as ``x``.

    Raises:
        TypeError: If ``x`` is not a Tensor, or its dtype is not float16, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([0.5, 1.0, 2.0]), ms.float32)
        >>> print(ops.bessel_{kind}(x))
        {example}
    """


bessel_j0 = _op(
    "j0",
    _doc(
        "j0",
        "the Bessel function of the first kind of order 0",
        "[0.9384698  0.7651977  0.22389078]",
    ),
)
bessel_j1 = _op(
    "j1",
    _doc(
        "j1",
        "the Bessel function of the first kind of order 1",
        "[0.24226846 0.44005057 0.5767248 ]",
    ),
)
bessel_y0 = _op(
    "y0",
    _doc(
        "y0",
        "the Bessel function of the second kind of order 0",
        "[-0.44451874  0.08825696  0.5103757 ]",
    ),
)
bessel_y1 = _op(
    "y1",
    _doc(
        "y1",
        "the Bessel function of the second kind of order 1",
        "[-1.4714724  -0.7812128  -0.10703243]",
    ),
)
bessel_k0 = _op(
    "k0",
    _doc(
        "k0",
        "the modified Bessel function of the second kind of order 0",
        "[0.92441905 0.42102444 0.11389387]",
    ),
)
bessel_k0e = _op(
    "k0e",
    _doc(
        "k0e",
        "the exponentially scaled modified Bessel function of the "
        "second kind of order 0, ``exp(x) * k0(x)``",
        "[1.5241094  1.1444631  0.84156823]",
    ),
)
bessel_k1 = _op(
    "k1",
    _doc(
        "k1",
        "the modified Bessel function of the second kind of order 1",
        "[1.6564411  0.60190725 0.13986588]",
    ),
)
bessel_k1e = _op(
    "k1e",
    _doc(
        "k1e",
        "the exponentially scaled modified Bessel function of the "
        "second kind of order 1, ``exp(x) * k1(x)``",
        "[2.7310097 1.6361535 1.0334768]",
    ),
)
