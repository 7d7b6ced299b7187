"""State ops: ``ops.assign`` (and add/sub), ``ops.depend``, ``ops.stop_gradient``, ``ops.identity``.

``assign`` writes ``parameter._data``: ``deepsink._core.functional`` captures the write, so it
works eagerly, in GRAPH_MODE, under gradients and inside the sink loop alike.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _write(api: str, variable: Any, value: Any, combine: Any = None) -> Parameter:
    # MindSpore 2.10 writes a plain Tensor in place too (a vmapped Parameter argument is one)
    if not isinstance(variable, Tensor):
        U.fail(
            api,
            f"'variable' must be a Parameter or Tensor, but got {type(variable).__name__}",
            TypeError,
        )
    old = variable._data
    v = U.array(value, api, "value")
    if v.shape != old.shape:
        try:
            v = jnp.broadcast_to(v, old.shape)
        except ValueError:
            what = (
                f"Parameter '{variable.name}'" if isinstance(variable, Parameter) else "'variable'"
            )
            U.fail(
                api,
                f"the shape of 'value' {list(v.shape)} must match that of {what} {list(old.shape)}",
            )
    new = v.astype(old.dtype) if combine is None else combine(old, v.astype(old.dtype))
    variable._data = new
    return variable


def assign(variable: Any, value: Any) -> Parameter:
    """Set the Parameter (or Tensor) ``variable`` to ``value`` (cast to its dtype); returns
    ``variable``."""
    return _write("assign", variable, value)


def assign_add(variable: Any, value: Any) -> Parameter:
    return _write("assign_add", variable, value, jnp.add)


def assign_sub(variable: Any, value: Any) -> Parameter:
    return _write("assign_sub", variable, value, jnp.subtract)


def depend(value: Any, expr: Any) -> Any:
    """Return ``value``; ``expr`` has been evaluated already (Python runs in order, so the
    ordering MindSpore's ``depend`` enforces in a graph holds by construction)."""
    return value


def stop_gradient(value: Any) -> Any:
    """``value`` with no gradient flowing back (Tensors anywhere in a tuple/list)."""
    return jax.tree_util.tree_map(
        lambda t: (
            Tensor._from(jax.lax.stop_gradient(t._data))
            if isinstance(t, Tensor)
            else jax.lax.stop_gradient(t)
            if isinstance(t, jax.Array)
            else t
        ),
        value,
        is_leaf=lambda t: isinstance(t, Tensor),
    )


def identity(x: Any) -> Any:
    """``ops.identity`` (``ops.functional.identity``): in 2.10 an instance of the deprecated
    ``identity`` primitive, which returns its argument itself, whatever it is (a Tensor, or the
    tuple of gradients a training step hands its gradient reducer)."""
    return x


def tensor_identity(x: Any) -> Tensor:
    """``ops.Identity()(x)``: a Tensor equal to ``x`` (a Tensor or an array-like)."""
    return Tensor._from(U.array(x, "Identity", "x"))


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
