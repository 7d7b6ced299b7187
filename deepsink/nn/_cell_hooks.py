"""The hooks of a Cell (``register_forward_pre_hook``, ``register_forward_hook``,
``register_backward_pre_hook``, ``register_backward_hook``) and the call that runs them.

Forward hooks are plain Python around ``construct``. Backward hooks wrap the Cell's Tensor inputs
and outputs in identities whose gradient calls the hook on the host when the backward pass
reaches them (``deepsink._compile.grad_hooks``, the mechanism of ``ops.HookBackward``): the output side sees ``grad_output`` first
(backward pre hooks may replace it), the input side then gives backward hooks ``grad_input``
with that ``grad_output``; a hook's return value, if not None, replaces the gradient.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from deepsink._compile import grad_hooks
from deepsink.common.hook_handle import CELL_HOOK_TABLES as TABLES
from deepsink.common.hook_handle import HookHandle
from deepsink.common.tensor import Tensor, unwrap


def table(cell: Any, name: str) -> OrderedDict:
    d = cell.__dict__
    if name not in d:
        d[name] = OrderedDict()
    return d[name]


def register(
    cell: Any, name: str, hook_fn: Any, prepend: bool = False, with_kwargs: bool = False
) -> HookHandle:
    """Adds ``hook_fn`` to the Cell's table ``name``; returns its handle."""
    grad_hooks.check_hook_fn(hook_fn)
    hooks = table(cell, name)
    kw = table(cell, name + "_with_kwargs")
    handle = HookHandle(hooks, extra_dict=kw)
    hooks[handle.handle_id] = hook_fn
    if prepend:
        hooks.move_to_end(handle.handle_id, last=False)
    if with_kwargs:
        kw[handle.handle_id] = True
    return handle


def has_hooks(cell: Any) -> bool:
    d = cell.__dict__
    return any(d.get(name) for name in TABLES)


def _hooked(values: tuple, on_grad: Callable[[tuple], Any]) -> tuple:
    """``values`` with their float Tensors wrapped: the gradient reaching them is
    ``on_grad(grads)`` (a tuple of Tensors; None keeps them), run on the host."""
    slots = [i for i, v in enumerate(values) if grad_hooks.is_float(v)]
    if not slots:
        return values

    def checked(grads: tuple) -> tuple | None:
        new = on_grad(grads)
        if new is None:
            return None
        new = new if isinstance(new, tuple | list) else (new,)
        if len(new) != len(grads):
            raise TypeError(
                f"The backward hook returned {len(new)} gradients, but the Cell has "
                f"{len(grads)} here."
            )
        return tuple(new)

    wrapped = grad_hooks.on_host(tuple(unwrap(values[i]) for i in slots), checked)
    out = list(values)
    for i, a in zip(slots, wrapped, strict=True):
        out[i] = Tensor._from(a)
    return tuple(out)


def call_with_hooks(cell: Any, args: tuple, kwargs: dict, call: Callable) -> Any:
    """``call(args, kwargs)`` (the Cell's construct) with the Cell's hooks around it."""
    d = cell.__dict__
    for hid, fn in list(d.get("_forward_pre_hook", {}).items()):
        if hid in d.get("_forward_pre_hook_with_kwargs", {}):
            ret = fn(cell, args, kwargs)
            if ret is not None:
                if not (isinstance(ret, tuple) and len(ret) == 2):
                    raise RuntimeError(
                        "forward pre hook with kwargs must return None or a tuple of "
                        f"(new_args, new_kwargs), but got {ret}"
                    )
                args, kwargs = ret
        else:
            ret = fn(cell, args)
            if ret is not None:
                args = ret if isinstance(ret, tuple) else (ret,)
    backward_pre = d.get("_backward_pre_hook") or {}
    backward = d.get("_backward_hook") or {}
    grad_output: list = [None]
    if backward:

        def on_grad_input(grads: tuple) -> Any:
            for fn in list(backward.values()):
                ret = fn(cell, grads, grad_output[0])
                if ret is not None:
                    grads = ret if isinstance(ret, tuple) else (ret,)
            return grads

        args = _hooked(args, on_grad_input)
    out = call(args, kwargs)
    for hid, fn in list(d.get("_forward_hook", {}).items()):
        if hid in d.get("_forward_hook_with_kwargs", {}):
            ret = fn(cell, args, kwargs, out)
        else:
            ret = fn(cell, args, out)
        if ret is not None:
            out = ret
    if backward_pre or backward:

        def on_grad_output(grads: tuple) -> Any:
            for fn in list(backward_pre.values()):
                ret = fn(cell, grads)
                if ret is not None:
                    grads = ret if isinstance(ret, tuple) else (ret,)
            grad_output[0] = grads
            return grads

        if isinstance(out, tuple):
            out = _hooked(out, on_grad_output)
        else:
            out = _hooked((out,), on_grad_output)[0]
    return out
