"""The user's objective (Tensor in, Tensor out) as the array function ``jax.scipy``'s optimizers
differentiate, and how their results come back (Python scalars when concrete)."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor, unwrap


def objective(func: Any, jac: Any = None) -> Any:
    """``func`` on arrays; with a ``jac`` callable, its gradient is ``jac``'s, not autodiff's."""

    def f(x):
        return jnp.asarray(unwrap(func(Tensor._from(x))))

    if jac is None:
        return f

    @jax.custom_vjp
    def with_jac(x):
        return f(x)

    def fwd(x):
        return f(x), x

    def bwd(x, g):
        return (g * jnp.asarray(unwrap(jac(Tensor._from(x)))).astype(x.dtype),)

    with_jac.defvjp(fwd, bwd)
    return with_jac


def gradient(func: Any, jac: Any = None) -> Any:
    """The gradient of ``func`` on arrays: ``jac``'s when given, else autodiff's."""
    if jac is None:
        return jax.grad(objective(func))
    return lambda x: jnp.asarray(unwrap(jac(Tensor._from(x)))).astype(x.dtype)


def scalar(v: Any, kind: type) -> Any:
    """A result field as a Python ``kind`` when concrete, a Tensor while traced."""
    if isinstance(v, jax.core.Tracer):
        return Tensor._from(jnp.asarray(v))
    return kind(v)


def array(x: Any, api: str) -> jax.Array:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{api}', 'x0' must be a Tensor, but got {type(x).__name__}.")
    return x._data
