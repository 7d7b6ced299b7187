"""``eager_program``: a small array function that PYNATIVE_MODE runs as one compiled program
(per shape, dtype and static argument) and a trace inlines as plain equations.

JAX runs an unjitted function op by op, each op its own program; ``jax.jit`` makes the function
one program, but under a trace it stays a nested ``pjit`` equation, so GRAPH_MODE's jaxpr (what
``save_graphs``, the summary graph and the MindIR/ONNX exporters read) would change shape. With
concrete inputs the call goes to the jitted function; with a tracer among them, to the function
itself. Used by the normalization and dense layers: a PYNATIVE BatchNorm compiles one program per
shape instead of 7 (eval) or 15 (training) (``tests/_core/test_norm.py``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jax


def eager_program(*, static_argnums: tuple[int, ...] = ()) -> Callable[[Callable], Callable]:
    """The decorator: ``static_argnums`` as ``jax.jit``'s (hashable Python values)."""

    def wrap(fn: Callable) -> Callable:
        compiled = jax.jit(fn, static_argnums=static_argnums)

        @functools.wraps(fn)
        def call(*args: Any) -> Any:
            if any(isinstance(a, jax.core.Tracer) for a in jax.tree_util.tree_leaves(args)):
                return fn(*args)
            return compiled(*args)

        return call

    return wrap
