"""The short-time Fourier transform of ``mindspore.ops`` (``ops.stft`` and the ``STFT``
primitive): windowed frames of a 1-D signal (or a batch of them) through ``jnp.fft``.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = ["stft"]

_PAD_MODES = {"REFLECT": "reflect", "CONSTANT": "constant", "REPLICATE": "edge", "CIRCULAR": "wrap"}


def _int(v: Any, name: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        U.fail("stft", f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
    if v <= 0:
        U.fail("stft", f"'{name}' must be positive, but got {v}")
    return v


def _bool(v: Any, name: str) -> None:
    if v is not None and not isinstance(v, bool):
        U.fail("stft", f"'{name}' must be a bool, but got {type(v).__name__}", TypeError)


def stft(
    x: Any,
    n_fft: int,
    hop_length: int | None = None,
    win_length: int | None = None,
    window: Any = None,
    center: bool = True,
    pad_mode: str = "REFLECT",
    normalized: bool = False,
    onesided: bool | None = None,
    return_complex: bool | None = None,
) -> Tensor:
    """Computes the short-time Fourier transform of a signal (or a batch of signals).

    Args:
        x (Tensor): A 1-D signal or a 2-D batch of signals.
        n_fft (int): The size of the Fourier transform.
        hop_length (int, optional): The distance between frames. Default ``None``:
            ``n_fft // 4``.
        win_length (int, optional): The window size. Default ``None``: ``n_fft``.
        window (Tensor, optional): A 1-D window of ``win_length`` values, centred in ``n_fft``
            with zeros. Default ``None``: all ones.
        center (bool, optional): Pad ``n_fft // 2`` on both sides first. Default ``True``.
        pad_mode (str, optional): ``'REFLECT'``, ``'CONSTANT'``, ``'REPLICATE'`` or
            ``'CIRCULAR'``. Default ``'REFLECT'``.
        normalized (bool, optional): Multiply by ``n_fft ** -0.5``. Default ``False``.
        onesided (bool, optional): Keep the ``n_fft // 2 + 1`` non-negative frequencies.
            Default ``None``: True for real ``x`` and ``window``.
        return_complex (bool, optional): A complex result, else real and imaginary parts in a
            last axis of 2. Default ``None``: True for complex ``x`` or ``window``.

    Returns:
        Tensor ``(*, N, T)`` (complex) or ``(*, N, T, 2)``: ``N`` frequencies, ``T`` frames.

    Raises:
        TypeError: If ``x`` is not a 1-D or 2-D Tensor, ``window`` not 1-D, a flag not a bool,
            ``pad_mode`` not a str or a size not an int.
        ValueError: If a size is not positive, ``win_length`` exceeds ``n_fft``, ``pad_mode``
            is unknown or the signal is shorter than ``n_fft``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.sin(np.arange(32, dtype=np.float32) / 3))
        >>> print(ops.stft(x, 8, return_complex=True).shape)
        (5, 17)
    """
    if not isinstance(x, Tensor) or x.ndim not in (1, 2):
        U.fail(
            "stft",
            f"'x' must be a 1-D or 2-D Tensor, but got {type(x).__name__}"
            f"{'' if not isinstance(x, Tensor) else f' of shape {list(x.shape)}'}",
            TypeError,
        )
    n_fft = _int(n_fft, "n_fft")
    hop = _int(n_fft // 4 if hop_length is None else hop_length, "hop_length")
    win_length = _int(n_fft if win_length is None else win_length, "win_length")
    for v, n in (
        (center, "center"),
        (normalized, "normalized"),
        (onesided, "onesided"),
        (return_complex, "return_complex"),
    ):
        _bool(v, n)
    if not isinstance(pad_mode, str):
        U.fail("stft", f"'pad_mode' must be a str, but got {type(pad_mode).__name__}", TypeError)
    if pad_mode.upper() not in _PAD_MODES:
        U.fail("stft", f"'pad_mode' must be one of {sorted(_PAD_MODES)}, but got {pad_mode!r}")
    if win_length > n_fft:
        U.fail("stft", f"'win_length' ({win_length}) must not exceed 'n_fft' ({n_fft})")
    a = x._data
    w = None if window is None else U.array(window, "stft", "window")
    if w is not None and (w.ndim != 1 or w.shape[0] != win_length):
        U.fail(
            "stft",
            f"'window' must be 1-D of size win_length={win_length}, but got shape {list(w.shape)}",
            TypeError,
        )
    is_complex = jnp.iscomplexobj(a) or (w is not None and jnp.iscomplexobj(w))
    onesided = (not is_complex) if onesided is None else onesided
    if onesided and is_complex:
        U.fail("stft", "'onesided' must be False for a complex 'x' or 'window'")
    return_complex = is_complex if return_complex is None else return_complex
    length = a.shape[-1] + (2 * (n_fft // 2) if center else 0)
    if length < n_fft:
        U.fail("stft", f"the signal length {length} must be at least n_fft={n_fft}")
    spec = _spectrum(
        a,
        w,
        n_fft=n_fft,
        hop=hop,
        win_length=win_length,
        pad_mode=_PAD_MODES[pad_mode.upper()] if center else None,
        normalized=normalized,
        onesided=onesided,
        return_complex=return_complex,
    )
    return Tensor._from(spec)


@composite(
    static_argnames=(
        "n_fft",
        "hop",
        "win_length",
        "pad_mode",
        "normalized",
        "onesided",
        "return_complex",
    )
)
def _spectrum(
    a: jax.Array,
    w: jax.Array | None,
    n_fft: int,
    hop: int,
    win_length: int,
    pad_mode: str | None,
    normalized: bool,
    onesided: bool,
    return_complex: bool,
) -> jax.Array:
    """The STFT of ``a`` (padded by ``n_fft // 2`` in ``pad_mode`` unless None) with the window
    ``w`` (ones when None) centred in ``n_fft``: ``(*, N, T[, 2])``, as one program."""
    if w is None:
        w = jnp.ones((win_length,), a.real.dtype)
    left = (n_fft - win_length) // 2
    w = jnp.pad(w, (left, n_fft - win_length - left))
    if pad_mode is not None:
        pad = [(0, 0)] * (a.ndim - 1) + [(n_fft // 2, n_fft // 2)]
        a = jnp.pad(a, pad, mode=pad_mode)
    count = 1 + (a.shape[-1] - n_fft) // hop
    idx = jnp.arange(count)[:, None] * hop + jnp.arange(n_fft)[None, :]
    frames = a[..., idx] * w
    spec = jnp.fft.rfft(frames, axis=-1) if onesided else jnp.fft.fft(frames, axis=-1)
    if normalized:
        spec = spec / jnp.sqrt(jnp.asarray(n_fft, spec.real.dtype))
    spec = jnp.swapaxes(spec, -1, -2)
    if not return_complex:
        spec = jnp.stack([spec.real, spec.imag], axis=-1)
    return spec
