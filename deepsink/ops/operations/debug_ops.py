"""MindSpore's gradient hooks ``InsertGradientOf`` and ``HookBackward``: the identity forward,
a function of the gradient backward (a ``jax.custom_vjp``).

``InsertGradientOf``'s function becomes part of the backward program (converted from source
like compiled code, so a Tensor ``if`` in it is graph control flow). ``HookBackward``'s function
is a PyNative hook: it runs on the host with the gradient's values when the backward pass
reaches it (``jax.experimental.io_callback``), prints included, and its return value, if any,
replaces the gradient.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax.experimental import io_callback

from deepsink._core import graph_syntax
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.primitive import Primitive


def _check_fn(prim: str, arg: str, fn: Any) -> None:
    if not isinstance(fn, types.FunctionType | types.MethodType) and not callable(fn):
        raise TypeError(
            f"For '{prim}', the '{arg}' must be a function, but got {type(fn).__name__}."
        )


def _with_backward(backward: Callable[[tuple], tuple], xs: tuple) -> tuple:
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


class InsertGradientOf(Primitive):
    r"""
    The identity, whose gradient is ``f(gradient)``: a hook that changes the gradient flowing
    back through its input (clipping it, for example).

    Args:
        f (Function): Takes the gradient, returns the new gradient (same shape and type).

    Inputs:
        - **input_x** (Tensor) - The value to pass through.

    Outputs:
        Tensor, `input_x`.

    Raises:
        TypeError: If `f` is not a function.

    Examples:
        >>> import numpy as np
        >>> import mindspore as ms
        >>> from mindspore import ops
        >>> halve = ops.InsertGradientOf(lambda g: g * 0.5)
        >>> print(ms.grad(lambda x: (halve(x) * 3).sum())(ms.Tensor(np.ones(2, np.float32))))
        [1.5 1.5]
    """

    def __init__(self, f: Any) -> None:
        super().__init__(self.__class__.__name__)
        _check_fn("InsertGradientOf", "f", f)
        self.f = f

    def __call__(self, input_x: Any) -> Any:
        f = graph_syntax.convert(self.f)

        def backward(cts: tuple) -> tuple:
            g = cts[0]
            new = unwrap(f(Tensor._from(g)))
            return (jax.numpy.broadcast_to(jax.numpy.asarray(new, g.dtype), g.shape),)

        return Tensor._from(_with_backward(backward, (unwrap(input_x),))[0])


class HookBackward(Primitive):
    r"""
    The identity, calling ``hook_fn`` with the gradient of its inputs when the backward pass
    reaches them: ``hook_fn(grad)`` gets a tuple of Tensors and may return a new tuple (the
    gradients used from there on) or None.

    Args:
        hook_fn (Function): The hook, ``hook_fn(grad) -> tuple or None``.
        cell_id (str, optional): Kept for MindSpore's signature; MindSpore warns it will be
            removed. Default: ``""``.

    Inputs:
        - **input** (Tensor) - The values to pass through.

    Outputs:
        The inputs: a Tensor for one, a tuple for several.

    Raises:
        TypeError: If `hook_fn` is not a function.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore import ops
        >>> hook = ops.HookBackward(lambda grad: print("grad:", grad[0]))
        >>> g = ms.grad(lambda x: hook(x * 2) * 3)(ms.Tensor(1.0))
        grad: 3.0
        >>> print(g)
        6.0
    """

    def __init__(self, hook_fn: Any, cell_id: str = "") -> None:
        super().__init__(self.__class__.__name__)
        _check_fn("HookBackward", "hook_fn", hook_fn)
        if not isinstance(cell_id, str):
            raise TypeError(
                f"For 'HookBackward', the 'cell_id' must be a str, but got {type(cell_id).__name__}."
            )
        self.hook_fn = hook_fn
        self.cell_id = cell_id

    def __call__(self, *inputs: Any) -> Any:
        arrays = tuple(unwrap(x) for x in inputs)

        def host(*cts: Any) -> tuple:
            new = self.hook_fn(tuple(Tensor._from(jax.numpy.asarray(c)) for c in cts))
            if new is None:
                return tuple(np.asarray(c) for c in cts)
            new = new if isinstance(new, tuple | list) else (new,)
            return tuple(
                np.broadcast_to(np.asarray(unwrap(n), c.dtype), c.shape)
                for n, c in zip(new, cts, strict=True)
            )

        def backward(cts: tuple) -> tuple:
            shapes = tuple(jax.ShapeDtypeStruct(c.shape, c.dtype) for c in cts)
            return tuple(io_callback(host, shapes, *cts, ordered=True))

        out = tuple(Tensor._from(a) for a in _with_backward(backward, arrays))
        return out[0] if len(out) == 1 else out
