"""The concrete value behind an eager differentiation tracer, for the host reads (shapes of
indexing checks, printing) that Tensor and its helpers make."""

from __future__ import annotations

from typing import Any

import jax


def concrete(data: Any) -> Any:
    """The value behind an eager differentiation tracer (``jax.vjp`` run op by op in PyNative
    holds the concrete primal), so host reads inside a gradient's forward work as in MindSpore's
    PyNative; ``data`` itself when no concrete value is known (a compile-time trace)."""
    x = data
    for _ in range(16):
        if not isinstance(x, jax.core.Tracer):
            return x
        x = getattr(x, "primal", None)
        if x is None:
            break
    return data
