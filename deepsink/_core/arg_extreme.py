"""The maximum or minimum along one axis together with its index, as MindSpore's
``ArgMaxWithValue``/``ArgMinWithValue`` compute it.

MindSpore 2.10 routes every "values and indices along one int axis" reduction through these two
kernels: ``ops.max``/``ops.min`` with an ``axis``, ``Tensor.max``/``Tensor.min`` with one int axis
(with or without ``return_indices``, and the ``dim`` overload), ``mint.max``/``mint.min`` with
``dim`` and the primitives themselves. Their gradient goes to the element at the returned index
only: on ties, the first extreme gets all of it. A max reduction (``ReduceMax``, ``ops.amax``,
``Tensor.max()`` over all elements, a tuple of axes) instead splits the gradient evenly among the
tied elements, which is what ``jnp.max`` does. :func:`with_index` therefore gathers the values at
the index (``take_along_axis``) rather than reducing, so the gradient follows the index.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp


def with_index(
    a: jax.Array,
    axis: int,
    keepdims: bool,
    largest: bool,
    initial: Any = None,
    where: Any = None,
) -> tuple[jax.Array, jax.Array]:
    """``(values, Int64 indices)`` of the maximum (``largest``) or minimum of ``a`` along the
    normalised ``axis``; the first extreme on ties. ``initial`` bounds every element first and
    ``where`` replaces the unselected ones by ``initial`` (MindSpore's order), so the index is
    that of the bounded, selected input."""
    if initial is not None:
        a = (jnp.maximum if largest else jnp.minimum)(a, jnp.asarray(initial, a.dtype))
    if where is not None:
        a = jnp.where(where, a, jnp.asarray(initial, a.dtype))
    if a.ndim == 0:  # a scalar is its own extreme, at index 0
        return a, jnp.zeros((), jnp.int64)
    idx = (jnp.argmax if largest else jnp.argmin)(a, axis=axis, keepdims=True)
    values = jnp.take_along_axis(a, idx, axis=axis)
    if not keepdims:
        values, idx = jnp.squeeze(values, axis), jnp.squeeze(idx, axis)
    return values, idx.astype(jnp.int64)
