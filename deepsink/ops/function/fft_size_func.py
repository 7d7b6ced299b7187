"""MindSpore's ``FFTWithSize`` primitive: one entry for the complex and real, forward and inverse
n-dimensional transforms over the last ``signal_ndim`` axes (``jnp.fft``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def fft_with_size(
    x: Any,
    signal_ndim: int,
    inverse: bool,
    real: bool,
    norm: str = "backward",
    onesided: bool = True,
    signal_sizes: tuple = (),
) -> Tensor:
    """``fftn`` / ``ifftn`` (complex), ``rfftn`` (real forward; the full spectrum when not
    ``onesided``) or ``irfftn`` (real inverse, of ``signal_sizes`` when given) over the last
    ``signal_ndim`` axes, scaled by ``norm``."""
    api = "FFTWithSize"
    a = U.array(x, api, "x")
    if a.ndim < signal_ndim:
        U.fail(
            api,
            f"'x' must have at least {signal_ndim} (signal_ndim) dims, but got shape "
            f"{list(a.shape)}",
        )
    axes = tuple(range(-signal_ndim, 0))
    complex_in = jnp.issubdtype(a.dtype, jnp.complexfloating)
    if not real or inverse:
        if not complex_in:
            U.fail(api, f"'x' must be complex for this transform, but got {a.dtype}", TypeError)
    elif complex_in or not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(api, f"'x' must be a real float Tensor for rfft, but got {a.dtype}", TypeError)
    if not real:
        fn = jnp.fft.ifftn if inverse else jnp.fft.fftn
        out = fn(a, axes=axes, norm=norm)
    elif not inverse:
        out = (
            jnp.fft.rfftn(a, axes=axes, norm=norm)
            if onesided
            else jnp.fft.fftn(
                a.astype(jnp.result_type(a.dtype, jnp.complex64)), axes=axes, norm=norm
            )
        )
    else:
        if not onesided:
            out = jnp.fft.ifftn(a, axes=axes, norm=norm).real
        else:
            s = tuple(signal_sizes) if signal_sizes else None
            if s is not None and len(s) != signal_ndim:
                U.fail(
                    api, f"'signal_sizes' must have {signal_ndim} entries, but got {signal_sizes}"
                )
            out = jnp.fft.irfftn(a, s=s, axes=axes, norm=norm)
    return Tensor._from(out)
