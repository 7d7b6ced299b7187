"""The one mechanism behind PyNative gradient hooks (``ops.HookBackward``, the backward hooks of
a Cell, ``Tensor.register_hook``): an identity whose gradient calls a Python function on the host
with the gradient's values when the backward pass reaches it (``jax.experimental.io_callback``);
the function's return value, if not None, replaces the gradient.

An exception raised by a hook inside the callback is the user's own when it reaches them
(``_core/host_errors``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax.experimental import io_callback

from deepsink._core import host_errors
from deepsink.common import tensor as _tensor
from deepsink.common.tensor import Tensor, unwrap


def check_hook_fn(hook_fn: Any) -> None:
    if not callable(hook_fn):
        raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")


def with_backward(backward: Callable[[tuple], tuple], xs: tuple) -> tuple:
    """``xs`` unchanged, with ``backward(cotangents) -> cotangents`` as their gradient."""

    @jax.custom_vjp
    def ident(*a: Any) -> tuple:
        return a

    def fwd(*a: Any) -> tuple:
        return a, None

    def bwd(_: Any, cts: tuple) -> tuple:
        return backward(cts)

    ident.defvjp(fwd, bwd)
    return ident(*xs)


def on_host(arrays: tuple, on_grad: Callable[[tuple], tuple | None]) -> tuple:
    """``arrays`` unchanged; the gradient reaching them is ``on_grad(grads)`` run on the host
    (``grads`` a tuple of Tensors; it returns a tuple of the new gradients, one per array, or None
    to keep them)."""

    @host_errors.on_host
    def host(*cts: Any) -> tuple:
        new = on_grad(tuple(Tensor._from(jax.numpy.asarray(c)) for c in cts))
        if new is None:
            return tuple(np.asarray(c) for c in cts)
        return tuple(
            np.broadcast_to(np.asarray(unwrap(n), c.dtype), c.shape)
            for n, c in zip(new, cts, strict=True)
        )

    def backward(cts: tuple) -> tuple:
        shapes = tuple(jax.ShapeDtypeStruct(c.shape, c.dtype) for c in cts)
        return tuple(io_callback(host, shapes, *cts, ordered=True))

    return with_backward(backward, arrays)


def is_float(x: Any) -> bool:
    """Whether a gradient flows through ``x`` (a float Tensor)."""
    return isinstance(x, Tensor) and np.issubdtype(np.dtype(unwrap(x).dtype), np.inexact)


def tensor_hooks(t: Any) -> dict | None:
    """The hooks ``Tensor.register_hook`` registered on ``t`` (None when none)."""
    return t.__dict__.get("_grad_hooks") if isinstance(t, Tensor) else None


def run_tensor_hooks(hooks: dict, grad: Any) -> Any:
    """``grad`` through the hooks in order: each gets the gradient the previous one returned."""
    for fn in list(hooks.values()):
        ret = fn(grad)
        if ret is not None:
            shape = tuple(np.shape(unwrap(ret)))
            if shape != tuple(grad.shape):
                name = getattr(fn, "__qualname__", None) or repr(fn)
                raise ValueError(
                    f"For 'register_hook', the hook '{name}' must return a gradient of the "
                    f"Tensor's shape {tuple(grad.shape)} (or None), but returned shape {shape}"
                )
            grad = ret
    return grad


def hook_tensor(t: Tensor, hooks: dict) -> Tensor:
    """A Tensor with ``t``'s values whose gradient goes through ``hooks`` (read when the backward
    pass reaches it, so a hook removed by then does not run)."""
    if not is_float(t):
        return t
    arr = on_host((unwrap(t),), lambda g: (run_tensor_hooks(hooks, g[0]),) if hooks else None)
    return Tensor._from(arr[0])


_tensor.register_provider("grad_hooks", sys.modules[__name__])  # Tensor.register_hook's
