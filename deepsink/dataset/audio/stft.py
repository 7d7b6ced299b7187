"""The short-time Fourier transform and its inverse as MindSpore 2.10's audio kernels compute them
(shared by the spectral transforms): periodic float32 windows zero-padded to ``n_fft``, frames of
the padded waveform, the one-sided DFT, and an inverse by overlap-add normalized by the summed
squared window.

Waveforms are float32 (float64 stays float64); the DFT itself runs in double precision.
"""

from __future__ import annotations

import math

import numpy as np

from deepsink.dataset.audio.operation import fail
from deepsink.dataset.audio.utils import BorderType, WindowType, window

_NP_PAD = {
    BorderType.CONSTANT: "constant",
    BorderType.EDGE: "edge",
    BorderType.REFLECT: "reflect",
    BorderType.SYMMETRIC: "symmetric",
}


def pad_time(x: np.ndarray, left: int, right: int, mode: BorderType) -> np.ndarray:
    """``x`` padded on its last axis."""
    if left == 0 and right == 0:
        return x
    widths = [(0, 0)] * (x.ndim - 1) + [(left, right)]
    return np.pad(x, widths, mode=_NP_PAD[mode])


def fft_window(kind: WindowType, win_length: int, n_fft: int) -> np.ndarray:
    """The float32 window of ``win_length`` centred in ``n_fft`` zeros."""
    w = window(kind, win_length).astype(np.float32)
    left = (n_fft - win_length) // 2
    return np.pad(w, (left, n_fft - win_length - left))


def stft(
    x: np.ndarray,
    n_fft: int,
    win_length: int,
    hop_length: int,
    kind: WindowType,
    normalized: bool = False,
    center: bool = True,
    pad_mode: BorderType = BorderType.REFLECT,
    pad: int = 0,
    onesided: bool = True,
    api: str = "Spectrogram",
) -> np.ndarray:
    """The complex STFT of the rows of ``x`` (rows, time): (rows, freq, frames) complex128."""
    t = x.dtype.type
    win = fft_window(kind, win_length, n_fft)
    x = pad_time(x, pad, pad, BorderType.CONSTANT)
    if center:
        x = pad_time(x, n_fft // 2, n_fft // 2, pad_mode)
    length = x.shape[-1]
    if n_fft > length:
        fail(
            api,
            f"n_fft should be more than 0 and less than {length}, but got n_fft: {n_fft}.",
        )
    n_frames = (length - n_fft) // hop_length + 1
    starts = np.arange(n_frames) * hop_length
    frames = x[:, starts[:, None] + np.arange(n_fft)]  # rows, frames, n_fft
    frames = (frames * win.astype(t)).astype(t)
    spec = np.fft.rfft(frames.astype(np.float64), axis=-1)
    if normalized:
        spec = spec / math.sqrt(float(np.sum(win.astype(np.float64) ** 2)))
    if not onesided:
        # MindSpore mirrors the bins above n_fft / 2 without conjugating them
        mirror = spec[..., [n_fft - i for i in range(n_fft // 2 + 1, n_fft)]]
        spec = np.concatenate([spec, mirror], axis=-1)
    return np.swapaxes(spec, -1, -2)


def complex_of(spec: np.ndarray, dtype: type) -> np.ndarray:
    """A complex array as <..., 2> (real, imaginary) of ``dtype``."""
    return np.stack([spec.real, spec.imag], axis=-1).astype(dtype)


def istft(
    spec: np.ndarray,
    n_fft: int,
    hop_length: int,
    win_length: int,
    kind: WindowType,
    center: bool,
    length: int,
    api: str = "GriffinLim",
) -> np.ndarray:
    """The waveform of the one-sided complex STFT ``spec`` (freq, frames), float64; ``length`` 0
    trims the centre padding, otherwise the result is cut or zero-padded to ``length``."""
    if n_fft != (spec.shape[0] - 1) * 2:
        fail(api, "the frequency of the input should equal to n_fft / 2 + 1")
    win = fft_window(kind, win_length, n_fft)
    n_frames = spec.shape[1]
    if length != 0 and hop_length != 0:
        padded = length + n_fft if center else length
        n_frames = min(n_frames, math.ceil(np.float32(padded) / hop_length))
    total = n_fft + hop_length * (n_frames - 1)
    y = np.zeros(total)
    frames = np.fft.irfft(spec[:, :n_frames], n=n_fft, axis=0) * win.astype(np.float64)[:, None]
    win_sq = np.zeros(total, np.float32)
    for k in range(n_frames):
        y[k * hop_length : k * hop_length + n_fft] += frames[:, k]
        win_sq[k * hop_length : k * hop_length + n_fft] += win * win
    nonzero = win_sq > np.finfo(np.float32).tiny
    y[nonzero] /= win_sq[nonzero]
    if length == 0 and center:
        return y[n_fft // 2 : total - n_fft // 2]
    y = y[n_fft // 2 :] if center else y
    if length > y.shape[0]:
        return np.pad(y, (0, length - y.shape[0]))
    return y[:length]


def linspace(start: float, end: float, n: int, dtype: type) -> np.ndarray:
    """MindSpore's Linspace: ``start + i * (end - start) / (n - 1)`` in ``dtype``."""
    step = dtype(0) if n == 1 else dtype((dtype(end) - dtype(start)) / dtype(n - 1))
    return (dtype(start) + np.arange(n).astype(dtype) * step).astype(dtype)


def phase_vocoder(spec: np.ndarray, rate: float, phase_advance: np.ndarray) -> np.ndarray:
    """Stretch the complex <batch, freq, time, 2> spectrogram ``spec`` in time by ``rate`` (the
    phase advance per bin cycles over the rows)."""
    t = spec.dtype.type
    if rate == 1.0:
        return spec
    batch, freq, time = spec.shape[:3]
    rate32 = np.float32(rate)
    steps = []
    i = 0
    while np.float32(i * rate32) < time:
        steps.append(np.float32(i * rate32))
        i += 1
    steps = np.array(steps, np.float32)
    t0 = steps.astype(np.int64)
    alphas = np.fmod(steps, np.float32(1)).astype(t)
    padded = np.concatenate([spec, np.zeros((batch, freq, 2, 2), t)], axis=2)

    def angle(z: np.ndarray) -> np.ndarray:
        return np.arctan2(z[..., 1], z[..., 0])

    def norm(z: np.ndarray) -> np.ndarray:
        return np.sqrt(z[..., 1] ** 2 + z[..., 0] ** 2).astype(t)

    phase0 = angle(spec[:, :, 0])
    s0, s1 = padded[:, :, t0], padded[:, :, t0 + 1]
    rows = np.arange(batch * freq) % phase_advance.size
    pa = phase_advance.reshape(-1).astype(t)[rows].reshape(batch, freq, 1)
    phase = (angle(s1) - angle(s0) - pa).astype(t)
    phase = (phase - 2 * math.pi * np.round(phase / (2 * math.pi)) + pa).astype(t)
    phase = np.concatenate([phase0[..., None], phase[..., :-1]], axis=-1)
    phase = np.cumsum(phase, axis=-1, dtype=t)
    mag = (alphas * norm(s1) + (1 - alphas) * norm(s0)).astype(t)
    return np.stack([np.cos(phase) * mag, np.sin(phase) * mag], axis=-1).astype(t)


def resample(
    x: np.ndarray,
    orig_freq: float,
    new_freq: float,
    sinc: bool,
    lowpass_filter_width: int,
    rolloff: float,
    beta: float,
) -> np.ndarray:
    """The rows of ``x`` (rows, time) resampled by a windowed-sinc kernel (Hann squared or
    Kaiser window), as MindSpore's Resample."""
    t = x.dtype.type
    gcd = math.gcd(int(orig_freq), int(new_freq))
    orig, new = int(orig_freq) // gcd, int(new_freq) // gcd
    base = np.float32(min(orig, new)) * np.float32(rolloff)
    width = math.ceil(np.float32(lowpass_filter_width * orig) / base)
    length = x.shape[-1]
    target = math.ceil(new * length / orig)
    # output o is phase o % new of frame o // new: only the phases used are built
    phases = np.arange(min(new, target))
    idx = (np.arange(-width, width + orig) / orig).astype(t)
    filt = (-phases / new).astype(t)
    k = ((filt[:, None] + idx[None, :]) * t(base)).astype(t)
    k = np.clip(k, -lowpass_filter_width, lowpass_filter_width).astype(t)
    if sinc:
        win = np.cos(k * math.pi / lowpass_filter_width / 2) ** 2
    else:
        win = np.i0(beta * np.sqrt(1 - (k / lowpass_filter_width) ** 2)) / np.i0(np.float32(beta))
    k = k.astype(np.float64) * math.pi
    scale = float(base) / orig
    with np.errstate(invalid="ignore", divide="ignore"):
        kernel = np.where(k == 0, scale, scale * np.sin(k) / k)
    kernel = (kernel * win).astype(t).astype(np.float64)
    padded = np.pad(x, [(0, 0), (width, width + orig)]).astype(np.float64)
    out = np.arange(target)
    starts = (out // new) * orig
    frames = padded[:, starts[:, None] + np.arange(kernel.shape[1])]  # rows, target, taps
    return np.einsum("ok,rok->ro", kernel[out % new], frames).astype(t)
