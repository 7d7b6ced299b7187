"""Fourier transforms (``ops.fft``, ``ops.rfft2``, ``ops.fftshift``, ...) and window functions
(``ops.hann_window``, ``ops.kaiser_window``, ...) of ``mindspore.ops``, on ``jnp.fft``.

Arguments follow MindSpore: ``n``/``s`` sizes, ``dim`` axes and ``norm`` ('backward', 'forward',
'ortho'). Real inputs of a complex transform compute in Complex64 (Float64: Complex128), integer
inputs as Float32.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
    "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftshift", "ifftshift",
    "fftfreq", "rfftfreq", "bartlett_window", "blackman_window", "hamming_window", "hann_window",
    "kaiser_window",
]  # fmt: skip

_NORMS = ("backward", "forward", "ortho")


def _input(x: Any, api: str) -> Any:
    a = U.array(x, api)
    if a.dtype.kind in "biu":
        a = a.astype(jnp.float32)
    return a


def _norm(norm: Any, api: str) -> str:
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        U.fail(api, f"'norm' must be one of {list(_NORMS)}, but got {norm!r}")
    return norm


def _one(name: str, fn: Callable) -> Callable:
    def op(input: Any, n: int | None = None, dim: int = -1, norm: str | None = None) -> Tensor:
        a = _input(input, name)
        ax = U.axis(dim, a.ndim, name, "dim")
        return Tensor._from(fn(a, n=n, axis=ax, norm=_norm(norm, name)))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"MindSpore's ``ops.{name}(input, n, dim, norm)``: ``jnp.fft.{fn.__name__}``."
    return op


def _many(name: str, fn: Callable, default_dim: Any) -> Callable:
    def op(input: Any, s: Any = None, dim: Any = default_dim, norm: str | None = None) -> Tensor:
        a = _input(input, name)
        axes = None if dim is None else U.axes(dim, a.ndim, name, "dim")
        if axes is None and s is not None:
            axes = tuple(range(a.ndim - len(s), a.ndim))
        return Tensor._from(
            fn(a, s=None if s is None else tuple(s), axes=axes, norm=_norm(norm, name))
        )

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"MindSpore's ``ops.{name}(input, s, dim, norm)``: ``jnp.fft.{fn.__name__}``."
    return op


fft, ifft = _one("fft", jnp.fft.fft), _one("ifft", jnp.fft.ifft)
rfft, irfft = _one("rfft", jnp.fft.rfft), _one("irfft", jnp.fft.irfft)
hfft, ihfft = _one("hfft", jnp.fft.hfft), _one("ihfft", jnp.fft.ihfft)
fft2, ifft2 = _many("fft2", jnp.fft.fftn, (-2, -1)), _many("ifft2", jnp.fft.ifftn, (-2, -1))
rfft2, irfft2 = _many("rfft2", jnp.fft.rfftn, (-2, -1)), _many("irfft2", jnp.fft.irfftn, (-2, -1))
fftn, ifftn = _many("fftn", jnp.fft.fftn, None), _many("ifftn", jnp.fft.ifftn, None)
rfftn, irfftn = _many("rfftn", jnp.fft.rfftn, None), _many("irfftn", jnp.fft.irfftn, None)


def _hfftn(a: Any, s: Any, axes: Any, norm: str) -> Any:
    """The n-D Hermitian FFT: inverse complex FFTs over all but the last axis, then ``hfft``
    (numpy's identity ``hfftn(x) = irfftn(conj(x)) * N`` in the matching norm)."""
    axes = tuple(range(a.ndim)) if axes is None else axes
    inv = {"backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]
    return jnp.fft.irfftn(jnp.conj(a), s=s, axes=axes, norm=inv)


def _ihfftn(a: Any, s: Any, axes: Any, norm: str) -> Any:
    axes = tuple(range(a.ndim)) if axes is None else axes
    inv = {"backward": "forward", "forward": "backward", "ortho": "ortho"}[norm]
    return jnp.conj(jnp.fft.rfftn(a, s=s, axes=axes, norm=inv))


_hfftn.__name__, _ihfftn.__name__ = "irfftn of the conjugate", "conjugate of rfftn"
hfft2, ihfft2 = _many("hfft2", _hfftn, (-2, -1)), _many("ihfft2", _ihfftn, (-2, -1))
hfftn, ihfftn = _many("hfftn", _hfftn, None), _many("ihfftn", _ihfftn, None)


def fftshift(input: Any, dim: Any = None) -> Tensor:
    """Move the zero frequency to the centre along ``dim`` (all axes when None)."""
    a = U.array(input, "fftshift")
    return Tensor._from(jnp.fft.fftshift(a, axes=U.axes(dim, a.ndim, "fftshift", "dim")))


def ifftshift(input: Any, dim: Any = None) -> Tensor:
    """The inverse of ``fftshift``."""
    a = U.array(input, "ifftshift")
    return Tensor._from(jnp.fft.ifftshift(a, axes=U.axes(dim, a.ndim, "ifftshift", "dim")))


def fftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Tensor:
    """The sample frequencies of an ``n``-point FFT with spacing ``d`` (Float32 by default)."""
    dt = np.float32 if dtype is None else U.dtype(dtype, "fftfreq")
    return Tensor._from(jnp.fft.fftfreq(n, d).astype(dt))


def rfftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Tensor:
    """The non-negative sample frequencies of an ``n``-point real FFT."""
    dt = np.float32 if dtype is None else U.dtype(dtype, "rfftfreq")
    return Tensor._from(jnp.fft.rfftfreq(n, d).astype(dt))


# --- windows ------------------------------------------------------------------------------------
def _length(window_length: Any, api: str, tensor_only: bool = False) -> int:
    if tensor_only and not isinstance(window_length, Tensor):
        U.fail(
            api,
            "'window_length' must be a Tensor (an integer scalar), but got "
            f"{type(window_length).__name__}",
            TypeError,
        )
    if isinstance(window_length, Tensor):
        window_length = int(np.asarray(window_length._data))
    if isinstance(window_length, bool) or not isinstance(window_length, int) or window_length < 0:
        U.fail(
            api,
            f"'window_length' must be a non-negative int, but got {window_length!r}",
            ValueError if isinstance(window_length, int) else TypeError,
        )
    return window_length


def _cosine_window(api: str, coeffs: tuple, default: Any, tensor_only: bool) -> Callable:
    def op(window_length: Any, periodic: bool = True, *, dtype: Any = None) -> Tensor:
        n = _length(window_length, api, tensor_only)
        dt = default if dtype is None else U.dtype(dtype, api)
        if n <= 1:
            return Tensor._from(jnp.ones((n,), dt))
        m = n if periodic else n - 1
        k = np.arange(n) * 2 * np.pi / m
        w = sum(c * np.cos(i * k) * (-1) ** i for i, c in enumerate(coeffs))
        return Tensor._from(jnp.asarray(w, dt))

    op.__name__ = op.__qualname__ = api
    op.__doc__ = (
        f"The {api.split('_')[0]} window of ``window_length`` points (``periodic``: "
        "one point longer and its last dropped, for spectral analysis)."
    )
    return op


# MindSpore's defaults: hann Float64, blackman Float32 with a Tensor length (its primitive's input)
hann_window = _cosine_window("hann_window", (0.5, 0.5), np.float64, False)
blackman_window = _cosine_window("blackman_window", (0.42, 0.5, 0.08), np.float32, True)


def hamming_window(
    window_length: Any,
    periodic: bool = True,
    alpha: float = 0.54,
    beta: float = 0.46,
    *,
    dtype: Any = None,
) -> Tensor:
    """The generalized Hamming window ``alpha - beta cos(2 pi k / m)``."""
    n = _length(window_length, "hamming_window")
    dt = np.float32 if dtype is None else U.dtype(dtype, "hamming_window")
    if n <= 1:
        return Tensor._from(jnp.ones((n,), dt))
    m = n if periodic else n - 1
    return Tensor._from(jnp.asarray(alpha - beta * np.cos(2 * np.pi * np.arange(n) / m), dt))


def bartlett_window(window_length: Any, periodic: bool = True, *, dtype: Any = None) -> Tensor:
    """The triangular (Bartlett) window; ``window_length`` is a Tensor, as in MindSpore."""
    n = _length(window_length, "bartlett_window", tensor_only=True)
    dt = np.float32 if dtype is None else U.dtype(dtype, "bartlett_window")
    if n <= 1:
        return Tensor._from(jnp.ones((n,), dt))
    m = n if periodic else n - 1
    k = np.arange(n)
    return Tensor._from(jnp.asarray(1 - np.abs(2 * k / m - 1), dt))


def kaiser_window(
    window_length: Any, periodic: bool = True, beta: float = 12.0, *, dtype: Any = None
) -> Tensor:
    """The Kaiser window ``I0(beta sqrt(1 - (2k/m - 1)^2)) / I0(beta)`` (Float64 by default,
    as in MindSpore)."""
    n = _length(window_length, "kaiser_window")
    dt = np.float64 if dtype is None else U.dtype(dtype, "kaiser_window")
    if n <= 1:
        return Tensor._from(jnp.ones((n,), dt))
    m = n if periodic else n - 1
    k = np.arange(n)
    w = np.i0(beta * np.sqrt(np.clip(1 - (2 * k / m - 1) ** 2, 0, None))) / np.i0(beta)
    return Tensor._from(jnp.asarray(w, dt))
