"""The principal matrix logarithm behind MindSpore's ``MatrixLogarithm`` primitive: SciPy's
``logm`` (inverse scaling and squaring on the Schur form) run on the host through
``jax.pure_callback``, so it also works inside compiled functions."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _logm_host(a: np.ndarray) -> np.ndarray:
    import scipy.linalg  # on first use: SciPy is slow to import

    flat = a.reshape((-1,) + a.shape[-2:])
    out = (
        np.stack([scipy.linalg.logm(m.astype(np.complex128)) for m in flat])
        if flat.shape[0]
        else flat
    )
    return np.asarray(out, a.dtype).reshape(a.shape)


def matrix_logarithm(x: Any) -> Tensor:
    """The principal logarithm of each square complex matrix in ``x`` (..., n, n)."""
    api = "MatrixLogarithm"
    a = U.array(x, api, "x")
    if a.dtype not in (jnp.complex64, jnp.complex128):
        U.fail(
            api,
            f"the input argument[x] must be a type of {{Tensor[Complex128], "
            f"Tensor[Complex64]}}, but got Tensor[{a.dtype}]",
            TypeError,
        )
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        U.fail(api, f"'x' must be a batch of square matrices, but got shape {list(a.shape)}")
    out = jax.pure_callback(
        _logm_host, jax.ShapeDtypeStruct(a.shape, a.dtype), a, vmap_method="expand_dims"
    )
    return Tensor._from(out)
