"""MindSpore's gradient hooks ``InsertGradientOf`` and ``HookBackward``: the identity forward,
a function of the gradient backward (a ``jax.custom_vjp``).

``InsertGradientOf``'s function becomes part of the backward program (converted from source
like compiled code, so a Tensor ``if`` in it is graph control flow). ``HookBackward``'s function
is a PyNative hook: it runs on the host with the gradient's values when the backward pass
reaches it (``deepsink._compile.grad_hooks``, the mechanism of every PyNative gradient hook), prints
included, and its return value, if any, replaces the gradient.
"""

from __future__ import annotations

import types
from typing import Any

import jax

from deepsink._compile import grad_hooks, graph_syntax
from deepsink.common.tensor import Tensor, unwrap
from deepsink.ops.primitive import Primitive


def _check_fn(prim: str, arg: str, fn: Any) -> None:
    if not isinstance(fn, types.FunctionType | types.MethodType) and not callable(fn):
        raise TypeError(
            f"For '{prim}', the '{arg}' must be a function, but got {type(fn).__name__}."
        )


def _hook_result(hook_fn: Any, new: Any, n: int) -> tuple:
    """The hook's return value as ``n`` gradients, checked as MindSpore 2.10 checks it."""
    if isinstance(new, tuple) and len(new) == 1:
        new = new[0]
    if n == 1:
        if not isinstance(new, Tensor):
            name = getattr(hook_fn, "__name__", type(hook_fn).__name__)
            raise TypeError(
                f"The output type of function: {name} should be a tensor but got "
                f"{type(new).__name__}."
            )
        return (new,)
    if not isinstance(new, tuple):
        raise TypeError("The output gradient should be a tuple!")
    if len(new) != n:
        raise ValueError(f"The tuple size of output gradient should be {n}, but it is {len(new)}")
    return new


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
        >>> import deepsink as ms
        >>> from deepsink import ops
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

        return Tensor._from(grad_hooks.with_backward(backward, (unwrap(input_x),))[0])


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
        >>> import deepsink as ms
        >>> from deepsink import ops
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

        def on_grad(grads: tuple) -> tuple | None:
            new = self.hook_fn(grads)
            return None if new is None else _hook_result(self.hook_fn, new, len(grads))

        out = tuple(Tensor._from(a) for a in grad_hooks.on_host(arrays, on_grad))
        return out[0] if len(out) == 1 else out


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
