"""The spectral transforms of ``mindspore.dataset.audio``: spectrograms (linear, mel, MFCC,
LFCC), their inverses (InverseSpectrogram, GriffinLim, InverseMelScale), the phase vocoder
(PhaseVocoder, TimeStretch, PitchShift), Resample, and the features computed on spectrograms
(SpectralCentroid, ComputeDeltas, SlidingWindowCmn, DetectPitchFrequency).

They follow MindSpore 2.10's kernels (``stft.py`` holds the shared STFT); outputs are float32, or
float64 for a float64 input where MindSpore keeps it.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np

from deepsink.dataset.audio import validators as v
from deepsink.dataset.audio.operation import (
    AudioTensorOperation,
    check_complex,
    check_float_input,
    check_rank,
    fail,
)
from deepsink.dataset.audio.stft import (
    complex_of,
    fft_window,
    istft,
    linspace,
    pad_time,
    phase_vocoder,
    resample,
    stft,
)
from deepsink.dataset.audio.utils import (
    BorderType,
    MelType,
    NormMode,
    NormType,
    ResampleMethod,
    WindowType,
    create_dct,
    mel_fbanks,
    triangular_fbanks,
)
from deepsink.dataset.core.validator_helpers import INT32_MAX


def _rows(x: np.ndarray) -> np.ndarray:
    return x.reshape(-1, x.shape[-1])


def _amplitude_to_db(x: np.ndarray) -> np.ndarray:
    """Power to dB (amin 1e-10, top_db 80 over the last three axes), as MFCC and LFCC use it."""
    db = (10.0 * np.log10(np.maximum(x, x.dtype.type(1e-10)))).astype(x.dtype)
    flat = db.reshape(-1, *db.shape[-3:]) if db.ndim >= 3 else db[None]
    floor = flat.max(axis=tuple(range(1, flat.ndim)), keepdims=True) - x.dtype.type(80.0)
    return np.maximum(flat, floor).reshape(db.shape)


def _project(spec: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """<..., freq, time> times a (freq, k) matrix: <..., k, time>."""
    return np.swapaxes(np.swapaxes(spec, -1, -2) @ matrix.astype(spec.dtype), -1, -2)


def spectrogram(
    api: str,
    x: np.ndarray,
    n_fft: int,
    win_length: int,
    hop_length: int,
    pad: int,
    window: WindowType,
    power: float,
    normalized: bool,
    center: bool,
    pad_mode: BorderType,
    onesided: bool,
) -> np.ndarray:
    x = check_float_input(api, x)
    check_rank(api, x, 1, "<..., time>")
    t = x.dtype.type
    spec = stft(
        _rows(x),
        n_fft,
        win_length,
        hop_length,
        window,
        normalized,
        center,
        pad_mode,
        pad,
        onesided,
        api,
    )
    if power == 0:
        out = complex_of(spec, t)
    else:
        re, im = spec.real.astype(t), spec.imag.astype(t)
        out = np.power(np.sqrt(re * re + im * im), t(power)).astype(t)
    return out.reshape(*x.shape[:-1], *out.shape[1:])


def spectrogram_of(api: str, x: np.ndarray, kw: Any) -> np.ndarray:
    """``spectrogram`` with its arguments taken by name from ``kw`` (a transform's
    ``__dict__`` or its keyword arguments)."""
    names = "n_fft win_length hop_length pad window power normalized center pad_mode onesided"
    return spectrogram(api, x, *(kw[k] for k in names.split()))


# the STFT options, in the order MindSpore checks them
STFT_FLAGS = {
    "window": v.is_a(WindowType),
    "normalized": v.BOOL,
    "center": v.BOOL,
    "pad_mode": v.is_a(BorderType),
    "onesided": v.BOOL,
}


class Spectrogram(AudioTensorOperation):
    """The spectrogram of a waveform <..., time>: <..., freq, time>, the STFT's magnitude raised
    to ``power`` (``power`` 0: the complex STFT as <..., freq, time, 2>).

    Args:
        n_fft (int, optional): the FFT size, positive. Default: ``400``.
        win_length (int, optional): the window length, at most ``n_fft``; ``None``: ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the step between frames; ``None``: ``win_length // 2``.
            Default: ``None``.
        pad (int, optional): zeros added on each side, at least 0. Default: ``0``.
        window (WindowType, optional): the window. Default: ``WindowType.HANN``.
        power (float, optional): the exponent of the magnitude, at least 0 (0: the complex
            values, <..., 2>). Default: ``2.0``.
        normalized (bool, optional): whether frames are divided by the window's norm.
            Default: ``False``.
        center (bool, optional): whether frames are centred (the waveform padded by
            ``n_fft // 2``). Default: ``True``.
        pad_mode (BorderType, optional): the padding of ``center``. Default: ``BorderType.REFLECT``.
        onesided (bool, optional): only the non-negative frequencies. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Spectrogram(n_fft=16)(np.zeros(64, np.float32)).shape)
        (9, 9)
    """

    arg_rules = {
        "n_fft": v.POS_INT,
        "win_length": (v.optional(v.POS_INT), v.WIN_LENGTH_FITS),
        "hop_length": v.optional(v.POS_INT),
        "pad": v.NON_NEG_INT,
        "window": v.is_a(WindowType),
        "power": v.NON_NEG_NUMBER,
        "normalized": v.BOOL,
        "center": v.BOOL,
        "onesided": v.BOOL,
        "pad_mode": v.is_a(BorderType),
    }

    def __init__(
        self,
        n_fft: int = 400,
        win_length: int | None = None,
        hop_length: int | None = None,
        pad: int = 0,
        window: WindowType = WindowType.HANN,
        power: float = 2.0,
        normalized: bool = False,
        center: bool = True,
        pad_mode: BorderType = BorderType.REFLECT,
        onesided: bool = True,
    ) -> None:
        self.n_fft = n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.pad, self.window, self.power, self.normalized = pad, window, power, normalized
        self.center, self.pad_mode, self.onesided = center, pad_mode, onesided

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        return spectrogram_of(self.name, x, self.__dict__)


class InverseSpectrogram(AudioTensorOperation):
    """The waveform of a complex spectrogram <..., freq, time, 2> (overlap-add of the inverse
    DFT, normalized by the summed squared window); ``length`` (default ``(time - 1) *
    hop_length``) is the output's length before the ``pad`` samples are cut off each side.

    Args:
        length (int, optional): the length of the result, at least 0; ``None``: as the frames
            give. Default: ``None``.
        n_fft (int, optional): the FFT size, positive. Default: ``400``.
        win_length (int, optional): the window length, at most ``n_fft``; ``None``: ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the step between frames; ``None``: ``win_length // 2``.
            Default: ``None``.
        pad (int, optional): the padding the forward transform added on each side, at least 0.
            Default: ``0``.
        window (WindowType, optional): the window. Default: ``WindowType.HANN``.
        normalized (bool, optional): whether the forward transform was normalized.
            Default: ``False``.
        center (bool, optional): whether the forward transform centred its frames.
            Default: ``True``.
        pad_mode (BorderType, optional): the forward transform's padding mode.
            Default: ``BorderType.REFLECT``.
        onesided (bool, optional): whether the input holds only the non-negative frequencies.
            Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.InverseSpectrogram(n_fft=16)(np.zeros((9, 5, 2), np.float32)).shape)
        (32,)
    """

    arg_rules = {
        "length": v.optional(v.NON_NEG_INT),
        "n_fft": v.POS_INT,
        **STFT_FLAGS,
        "pad": v.NON_NEG_INT,
        "hop_length": v.optional(v.POS_INT),
        "win_length": (v.optional(v.POS_INT), v.WIN_LENGTH_FITS),
    }

    def __init__(
        self,
        length: int | None = None,
        n_fft: int = 400,
        win_length: int | None = None,
        hop_length: int | None = None,
        pad: int = 0,
        window: WindowType = WindowType.HANN,
        normalized: bool = False,
        center: bool = True,
        pad_mode: BorderType = BorderType.REFLECT,
        onesided: bool = True,
    ) -> None:
        self.length = length if length is not None else 0
        self.n_fft = n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.pad, self.window, self.normalized = pad, window, normalized
        self.center, self.pad_mode, self.onesided = center, pad_mode, onesided

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        if x.ndim <= 2 or x.shape[-1] != 2:
            fail(
                self.name,
                "the shape of input tensor does not match the requirement of operator. Expecting "
                "tensor in shape of <..., freq, time, complex=2>.",
            )
        t = x.dtype.type
        spec = x.reshape(-1, *x.shape[-3:]).astype(np.float64)
        if self.normalized:
            win = fft_window_norm(self.window, self.win_length, self.n_fft)
            spec = spec * win
        rows = spec.shape[1] if self.onesided else self.n_fft // 2 + 1
        length = (
            (x.shape[-2] - 1) * self.hop_length if self.length == 0 else self.length + 2 * self.pad
        )
        out = np.stack(
            [
                istft(
                    s[:rows, :, 0] + 1j * s[:rows, :, 1],
                    self.n_fft,
                    self.hop_length,
                    self.win_length,
                    self.window,
                    self.center,
                    length,
                    self.name,
                )
                for s in spec
            ]
        )
        if self.pad > 0:
            out = out[:, self.pad : out.shape[1] - self.pad]
        return out.astype(t).reshape(*x.shape[:-3], out.shape[-1])


def fft_window_norm(kind: WindowType, win_length: int, n_fft: int) -> float:
    """The square root of the padded window's sum of squares (summed in float32)."""
    win = fft_window(kind, win_length, n_fft)
    return float(np.sqrt(np.sum(win * win, dtype=np.float32)))


class GriffinLim(AudioTensorOperation):
    """A waveform from a magnitude spectrogram <..., freq, time> by Griffin-Lim phase
    reconstruction: from a phase of ones (or, with ``rand_init``, random complex numbers), each of
    the ``n_iter`` rounds re-analyses the waveform of the current estimate and takes the phase of
    ``rebuilt + momentum / (1 + momentum) * (rebuilt - previous rebuilt)`` (MindSpore 2.10's
    update).

    Args:
        n_fft (int, optional): the FFT size, positive. Default: ``400``.
        n_iter (int, optional): the number of iterations, positive. Default: ``32``.
        win_length (int, optional): the window length, at most ``n_fft``; ``None``: ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the step between frames; ``None``: ``win_length // 2``.
            Default: ``None``.
        window_type (WindowType, optional): the window. Default: ``WindowType.HANN``.
        power (float, optional): the exponent the spectrogram was raised to, positive.
            Default: ``2.0``.
        momentum (float, optional): the fast Griffin-Lim momentum, at least 0. Default: ``0.99``.
        length (int, optional): the length of the result; ``None``: as the frames give.
            Default: ``None``.
        rand_init (bool, optional): a random initial phase (else zero). Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> spec = np.ones((9, 5), np.float32)
        >>> print(audio.GriffinLim(n_fft=16, n_iter=2, rand_init=False)(spec).shape)
        (32,)
    """

    random_draws: ClassVar[int] = 1

    arg_rules = {
        "n_fft": v.POS_INT,
        "n_iter": v.POS_INT,
        "win_length": (v.optional(v.NON_NEG_INT), v.WIN_LENGTH_FITS),
        "hop_length": v.optional(v.NON_NEG_INT),
        "window_type": v.is_a(WindowType),
        "power": v.POS_NUMBER,
        "momentum": v.NON_NEG_NUMBER,
        "length": v.optional(v.NON_NEG_INT),
        "rand_init": v.BOOL,
    }

    def __init__(
        self,
        n_fft: int = 400,
        n_iter: int = 32,
        win_length: int | None = None,
        hop_length: int | None = None,
        window_type: WindowType = WindowType.HANN,
        power: float = 2.0,
        momentum: float = 0.99,
        length: int | None = None,
        rand_init: bool = True,
    ) -> None:
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2
        self.window_type, self.power, self.momentum = window_type, power, momentum
        self.length = length if length else 0
        self.rand_init = rand_init

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        t = x.dtype.type
        rng = rng if rng is not None else np.random.default_rng()
        specs = np.power(x.reshape(-1, *x.shape[-2:]), t(1 / self.power)).astype(t)
        freq, time = specs.shape[1:]
        args = (self.n_fft, self.hop_length, self.win_length, self.window_type, True, self.length)
        outs = []
        for spec in specs.astype(np.float64):
            if self.rand_init:
                angles = rng.random((freq, time)) + 1j * rng.random((freq, time))
            else:
                angles = np.ones((freq, time), complex)
            previous = np.zeros((freq, time), complex)
            ratio = np.float32(self.momentum) / (1 + np.float32(self.momentum))
            for _ in range(self.n_iter):
                wave = istft(angles * spec, *args, self.name).astype(t)
                analysed = stft(
                    wave[None], self.n_fft, self.win_length, self.hop_length, self.window_type
                )[0]
                # MindSpore reads the re-analysed STFT row by row into (freq, time)
                flat = complex_of(analysed, t).astype(np.float64).reshape(-1, 2)[: freq * time]
                rebuilt = (flat[:, 0] + 1j * flat[:, 1]).reshape(freq, time)
                angles = rebuilt
                if self.momentum != 0:
                    angles = rebuilt + ratio * (rebuilt - previous)
                angles = angles / (np.abs(angles) + 1e-16)
                previous = rebuilt
            outs.append(istft(angles * spec, *args, self.name))
        out = np.stack(outs).astype(t)
        return out.reshape(*x.shape[:-2], out.shape[-1])


def _check_n_stft(api: str, n_stft: int, freq: int) -> None:
    if n_stft != freq:
        fail(
            api,
            f"invalid parameter, 'n_stft' should be equal to 'freq', but got: n_stft {n_stft} "
            f"while freq {freq}.",
        )


class MelScale(AudioTensorOperation):
    """A spectrogram <..., n_stft, time> onto ``n_mels`` mel bins (``melscale_fbanks``).

    Args:
        n_mels (int, optional): the number of mel bins, positive. Default: ``128``.
        sample_rate (int, optional): the sampling rate in Hz, positive. Default: ``16000``.
        f_min (float, optional): the lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): the highest frequency in Hz, above ``f_min``;
            ``None``: ``sample_rate // 2``. Default: ``None``.
        n_stft (int, optional): the number of frequency bins of the input, positive.
            Default: ``201``.
        norm (NormType, optional): the filters' scaling. Default: ``NormType.NONE``.
        mel_type (MelType, optional): the mel formula. Default: ``MelType.HTK``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.MelScale(4, 8000, n_stft=9)(np.ones((9, 3), np.float32)).shape)
        (4, 3)
    """

    arg_rules = {
        "n_mels": v.POS_INT,
        "sample_rate": v.POS_INT,
        **v.MEL_SCALE_FREQS,
        "n_stft": v.POS_INT,
        "norm": v.is_a(NormType),
        "mel_type": v.is_a(MelType),
    }

    def __init__(
        self,
        n_mels: int = 128,
        sample_rate: int = 16000,
        f_min: float = 0.0,
        f_max: float | None = None,
        n_stft: int = 201,
        norm: NormType = NormType.NONE,
        mel_type: MelType = MelType.HTK,
    ) -> None:
        self.n_mels, self.sample_rate, self.f_min = n_mels, sample_rate, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.n_stft, self.norm, self.mel_type = n_stft, norm, mel_type

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        _check_n_stft(self.name, self.n_stft, x.shape[-2])
        fb = mel_fbanks(
            self.n_stft,
            self.f_min,
            self.f_max,
            self.n_mels,
            self.sample_rate,
            self.norm,
            self.mel_type,
        ).astype(np.float32)
        return _project(x, fb)


class InverseMelScale(AudioTensorOperation):
    """A spectrogram <..., n_stft, time> estimated from a mel spectrogram <..., n_mels, time>:
    from a random start, SGD (``sgdargs``: ``sgd_lr``, ``sgd_momentum``) on the mean squared
    error of its mel projection, until the loss is below ``tolerance_loss``, changes by less than
    ``tolerance_change``, or ``max_iter`` steps; clamped at 0.

    Args:
        n_stft (int): the number of frequency bins of the result, positive.
        n_mels (int, optional): the number of mel bins of the input, positive. Default: ``128``.
        sample_rate (int, optional): the sampling rate in Hz, positive. Default: ``16000``.
        f_min (float, optional): the lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): the highest frequency in Hz, above ``f_min``;
            ``None``: ``sample_rate // 2``. Default: ``None``.
        max_iter (int, optional): the largest number of gradient steps, positive.
            Default: ``100000``.
        tolerance_loss (float, optional): the loss that stops the descent, positive.
            Default: ``1e-05``.
        tolerance_change (float, optional): the change of loss that stops the descent, positive.
            Default: ``1e-08``.
        sgdargs (dict, optional): ``{"sgd_lr": float, "sgd_momentum": float}``, both at least 0;
            ``None``: ``{"sgd_lr": 0.1, "sgd_momentum": 0.9}``. Default: ``None``.
        norm (NormType, optional): the mel filters' scaling. Default: ``NormType.NONE``.
        mel_type (MelType, optional): the mel formula. Default: ``MelType.HTK``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> mel = np.ones((4, 3), np.float32)
        >>> print(audio.InverseMelScale(9, 4, 8000, max_iter=5)(mel).shape)
        (9, 3)
    """

    random_draws: ClassVar[int] = 1

    arg_rules = {
        **MelScale.arg_rules,
        "max_iter": v.POS_INT,
        "tolerance_loss": v.POS_NUMBER,
        "tolerance_change": v.POS_NUMBER,
        "sgdargs": v.optional(
            v.fields({"sgd_lr": v.NON_NEG_NUMBER, "sgd_momentum": v.NON_NEG_NUMBER})
        ),
    }

    def __init__(
        self,
        n_stft: int,
        n_mels: int = 128,
        sample_rate: int = 16000,
        f_min: float = 0.0,
        f_max: float | None = None,
        max_iter: int = 100000,
        tolerance_loss: float = 1e-5,
        tolerance_change: float = 1e-8,
        sgdargs: dict | None = None,
        norm: NormType = NormType.NONE,
        mel_type: MelType = MelType.HTK,
    ) -> None:
        self.n_stft, self.n_mels, self.sample_rate, self.f_min = n_stft, n_mels, sample_rate, f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.max_iter, self.tolerance_loss = max_iter, tolerance_loss
        self.tolerance_change = tolerance_change
        self.sgdargs = sgdargs if sgdargs is not None else {"sgd_lr": 0.1, "sgd_momentum": 0.9}
        self.norm, self.mel_type = norm, mel_type

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        if x.shape[-2] != self.n_mels:
            fail(self.name, "n_mels must be equal to the penultimate dimension of input.")
        t = x.dtype.type
        rng = rng if rng is not None else np.random.default_rng()
        fb = mel_fbanks(
            self.n_stft,
            self.f_min,
            self.f_max,
            self.n_mels,
            self.sample_rate,
            self.norm,
            self.mel_type,
        ).astype(t)  # n_stft, n_mels
        lr, momentum = t(self.sgdargs["sgd_lr"]), t(self.sgdargs["sgd_momentum"])
        outs = []
        for mel in x.reshape(-1, *x.shape[-2:]):
            target = mel.T  # time, n_mels
            time = target.shape[0]
            spec = rng.random((time, self.n_stft)).astype(t)
            velocity = None
            loss = np.finfo(t).max
            for _ in range(self.max_iter):
                diff = target - spec @ fb
                new_loss = t(np.mean(diff * diff))
                grad = (diff @ fb.T * t(-1) / t(time)).astype(t)
                velocity = grad if velocity is None else momentum * velocity + grad
                if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                    break
                loss = new_loss
                spec = (spec - lr * velocity).astype(t)
            outs.append(np.maximum(spec, 0).T)
        return np.stack(outs).reshape(*x.shape[:-2], self.n_stft, x.shape[-1]).astype(t)


class MelSpectrogram(AudioTensorOperation):
    """``Spectrogram`` then ``MelScale``: the mel spectrogram <..., n_mels, time> of a waveform.

    Args:
        sample_rate (int, optional): the sampling rate in Hz, at least 0. Default: ``16000``.
        n_fft (int, optional): the FFT size, positive. Default: ``400``.
        win_length (int, optional): the window length, at most ``n_fft``; ``None``: ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the step between frames; ``None``: ``win_length // 2``.
            Default: ``None``.
        f_min (float, optional): the lowest frequency in Hz. Default: ``0.0``.
        f_max (float, optional): the highest frequency in Hz, at least ``f_min``;
            ``None``: ``sample_rate // 2``. Default: ``None``.
        pad (int, optional): zeros added on each side of the waveform, at least 0. Default: ``0``.
        n_mels (int, optional): the number of mel bins, at least 0. Default: ``128``.
        window (WindowType, optional): the window. Default: ``WindowType.HANN``.
        power (float, optional): the exponent of the magnitude, positive. Default: ``2.0``.
        normalized (bool, optional): divide each frame by the window's norm. Default: ``False``.
        center (bool, optional): centre the frames, padding by ``n_fft // 2``. Default: ``True``.
        pad_mode (BorderType, optional): how ``center`` pads. Default: ``BorderType.REFLECT``.
        onesided (bool, optional): keep the non-negative frequencies only. Default: ``True``.
        norm (NormType, optional): the mel filters' scaling. Default: ``NormType.NONE``.
        mel_scale (MelType, optional): the mel formula. Default: ``MelType.HTK``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.zeros(64, np.float32)
        >>> print(audio.MelSpectrogram(8000, n_fft=16, n_mels=4)(wave).shape)
        (4, 9)
    """

    arg_rules = {
        "sample_rate": v.NON_NEG_INT,
        "n_fft": v.POS_INT,
        "n_mels": v.NON_NEG_INT,
        "f_min": v.is_a(float),
        "f_max": (
            v.optional(v.NON_NEG_FLOAT),
            v.frequency_range(
                False,
                v.F_MIN_BELOW_F_MAX,
                "MelSpectrogram: sample_rate // 2 should be greater than f_min when f_max is set "
                "to None, but got f_min: {f_min}.",
            ),
        ),
        "norm": v.is_a(NormType),
        "mel_scale": v.labelled("mel_type", v.is_a(MelType)),
        "power": v.POS_FLOAT,
        **STFT_FLAGS,
        "pad": v.NON_NEG_INT,
        "hop_length": v.optional(v.POS_INT),
        "win_length": (v.optional(v.POS_INT), v.WIN_LENGTH_FITS),
    }

    def __init__(
        self,
        sample_rate: int = 16000,
        n_fft: int = 400,
        win_length: int | None = None,
        hop_length: int | None = None,
        f_min: float = 0.0,
        f_max: float | None = None,
        pad: int = 0,
        n_mels: int = 128,
        window: WindowType = WindowType.HANN,
        power: float = 2.0,
        normalized: bool = False,
        center: bool = True,
        pad_mode: BorderType = BorderType.REFLECT,
        onesided: bool = True,
        norm: NormType = NormType.NONE,
        mel_scale: MelType = MelType.HTK,
    ) -> None:
        self.sample_rate, self.n_fft = sample_rate, n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.f_min = f_min
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.pad, self.n_mels, self.window, self.power = pad, n_mels, window, power
        self.normalized, self.center, self.pad_mode = normalized, center, pad_mode
        self.onesided, self.norm, self.mel_scale = onesided, norm, mel_scale

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        return mel_spectrogram(self.name, x, self.__dict__)


def mel_spectrogram(api: str, x: np.ndarray, kw: dict) -> np.ndarray:
    """The float32 mel spectrogram of ``x`` with MelSpectrogram's arguments ``kw``."""
    x = np.asarray(x)
    if x.ndim and not kw["n_fft"] < 2 * x.shape[-1]:
        fail(api, "Padding size should be less than the corresponding input dimension.")
    spec = spectrogram_of(api, x, kw).astype(np.float32)
    fb = mel_fbanks(
        kw["n_fft"] // 2 + 1,
        kw["f_min"],
        kw["f_max"],
        kw["n_mels"],
        kw["sample_rate"],
        kw["norm"],
        kw["mel_scale"],
    ).astype(np.float32)
    return _project(spec, fb)


def _cepstrum(spec: np.ndarray, log: bool, n_coeff: int, n_bins: int, norm: NormMode) -> np.ndarray:
    spec = np.log(spec + np.float32(1e-6)) if log else _amplitude_to_db(spec)
    return _project(spec.astype(np.float32), create_dct(n_coeff, n_bins, norm))


class MFCC(AudioTensorOperation):
    """The mel-frequency cepstral coefficients <..., n_mfcc, time> of a waveform: the DCT of the
    dB-scaled (or, with ``log_mels``, log) mel spectrogram of ``melkwargs``.

    Args:
        sample_rate (int, optional): the sampling rate in Hz, at least 0. Default: ``16000``.
        n_mfcc (int, optional): the number of coefficients kept, at least 0. Default: ``40``.
        dct_type (int, optional): the DCT type; only 2. Default: ``2``.
        norm (NormMode, optional): the DCT's scaling. Default: ``NormMode.ORTHO``.
        log_mels (bool, optional): the log of the mel energies (else decibels).
            Default: ``False``.
        melkwargs (dict, optional): the ``MelSpectrogram`` arguments (every one named, ``n_mels``
            at least ``n_mfcc``); ``None``: ``n_fft`` 400, ``hop_length`` 200, 128 mels.
            Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.zeros(640, np.float32)
        >>> print(audio.MFCC(8000, n_mfcc=4)(wave).shape)
        (4, 4)
    """

    arg_rules = {
        "sample_rate": v.NON_NEG_INT,
        "log_mels": v.BOOL,
        "norm": v.is_a(NormMode),
        "n_mfcc": v.NON_NEG_INT,
        "dct_type": v.DCT_TYPE_2,
        "melkwargs": v.optional(
            v.is_a(dict),
            v.fields(
                {
                    "n_fft": v.POS_INT,
                    "n_mels": v.POS_INT,
                    **v.MEL_SCALE_FREQS,
                    "norm": v.is_a(NormType),
                    "mel_scale": v.labelled("mel_type", v.is_a(MelType)),
                    "power": v.NON_NEG_NUMBER,
                    **STFT_FLAGS,
                    "pad": v.NON_NEG_INT,
                    "hop_length": v.optional(v.POS_INT),
                    "win_length": (
                        v.optional(v.NON_NEG_INT),
                        v.require(  # the last check: n_mels (a key) against n_mfcc
                            lambda a: not a["n_mels"] < a["n_mfcc"],
                            "Input n_mels should be greater than or equal to n_mfcc, but got "
                            "n_mfcc: {n_mfcc} and n_mels: {n_mels}.",
                        ),
                    ),
                },
                read_first="n_fft win_length hop_length f_min f_max pad power normalized "
                "center onesided window pad_mode norm mel_scale n_mels",
            ),
        ),
    }

    def __init__(
        self,
        sample_rate: int = 16000,
        n_mfcc: int = 40,
        dct_type: int = 2,
        norm: NormMode = NormMode.ORTHO,
        log_mels: bool = False,
        melkwargs: dict | None = None,
    ) -> None:
        self.sample_rate, self.n_mfcc, self.dct_type = sample_rate, n_mfcc, dct_type
        self.norm, self.log_mels = norm, log_mels
        self.melkwargs = melkwargs if melkwargs is not None else {}
        kw = self.melkwargs
        kw.setdefault("n_fft", 400)
        kw.setdefault("win_length", kw.get("n_fft"))
        kw.setdefault("hop_length", kw.get("win_length") // 2)
        kw.setdefault("f_min", 0.0)
        kw.setdefault("f_max", sample_rate // 2)
        kw.setdefault("pad", 0)
        kw.setdefault("n_mels", 128)
        kw.setdefault("window", WindowType.HANN)
        kw.setdefault("power", 2.0)
        kw.setdefault("normalized", False)
        kw.setdefault("center", True)
        kw.setdefault("pad_mode", BorderType.REFLECT)
        kw.setdefault("onesided", True)
        kw.setdefault("norm", NormType.NONE)
        kw.setdefault("mel_scale", MelType.HTK)

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        kw = dict(self.melkwargs, sample_rate=self.sample_rate)
        mel = mel_spectrogram(self.name, x, kw)
        return _cepstrum(mel, self.log_mels, self.n_mfcc, kw["n_mels"], self.norm)


class LFCC(AudioTensorOperation):
    """The linear-frequency cepstral coefficients <..., n_lfcc, time> of a waveform: the DCT of
    the dB-scaled (or, with ``log_lf``, log) spectrogram of ``speckwargs`` through ``n_filter``
    linear triangular filters between ``f_min`` and ``f_max``.

    Args:
        sample_rate (int, optional): the sampling rate in Hz, at least 0. Default: ``16000``.
        n_filter (int, optional): the number of linear filters, positive. Default: ``128``.
        n_lfcc (int, optional): the number of coefficients kept, positive. Default: ``40``.
        f_min (float, optional): the lowest frequency in Hz, at least 0. Default: ``0.0``.
        f_max (float, optional): the highest frequency in Hz, at least ``f_min``;
            ``None``: ``sample_rate // 2``. Default: ``None``.
        dct_type (int, optional): the DCT type; only 2. Default: ``2``.
        norm (NormMode, optional): the DCT's scaling. Default: ``NormMode.ORTHO``.
        log_lf (bool, optional): the log of the filter energies (else decibels).
            Default: ``False``.
        speckwargs (dict, optional): the ``Spectrogram`` arguments (``n_fft`` at least ``n_lfcc``,
            ``win_length`` at most ``n_fft``); ``None``: ``n_fft`` 400, ``hop_length`` 200, Hann.
            Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.zeros(640, np.float32)
        >>> print(audio.LFCC(8000, n_filter=10, n_lfcc=4)(wave).shape)
        (4, 4)
    """

    arg_rules = {
        "sample_rate": v.NON_NEG_INT,
        "n_filter": v.POS_INT,
        "n_lfcc": v.POS_INT,
        "log_lf": v.BOOL,
        "norm": v.is_a(NormMode),
        "f_min": v.NON_NEG_NUMBER,
        "f_max": (
            v.optional(*v.NON_NEG_NUMBER),
            v.frequency_range(
                False,
                v.F_MIN_BELOW_F_MAX,
                "Input sample_rate // 2 should be greater than f_min when f_max is set to None, "
                "but got f_min: {f_min} and sample_rate: {sample_rate}.",
            ),
        ),
        "dct_type": v.DCT_TYPE_2,
        "speckwargs": v.optional(
            v.is_a(dict),
            v.fields(
                {
                    "window": v.is_a(WindowType),
                    "pad_mode": v.is_a(BorderType),
                    "pad": v.NON_NEG_INT,
                    "power": (v.is_a(float), v.NON_NEG_FLOAT),
                    "n_fft": v.require(
                        lambda a: not a["n_fft"] < a["n_lfcc"],
                        "n_fft should be greater than or equal to n_lfcc, but got n_fft: {n_fft} "
                        "and n_lfcc: {n_lfcc}.",
                    ),
                    "win_length": v.require(
                        lambda a: not a["win_length"] > a["n_fft"],
                        "win_length must be less than or equal to n_fft, but got win_length: "
                        "{win_length} and n_fft: {n_fft}.",
                    ),
                },
                read_first="window pad_mode n_fft win_length pad power",
            ),
        ),
    }

    def __init__(
        self,
        sample_rate: int = 16000,
        n_filter: int = 128,
        n_lfcc: int = 40,
        f_min: float = 0.0,
        f_max: float | None = None,
        dct_type: int = 2,
        norm: NormMode = NormMode.ORTHO,
        log_lf: bool = False,
        speckwargs: dict | None = None,
    ) -> None:
        self.sample_rate, self.n_filter, self.n_lfcc, self.f_min = (
            sample_rate,
            n_filter,
            n_lfcc,
            f_min,
        )
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.dct_type, self.norm, self.log_lf = dct_type, norm, log_lf
        self.speckwargs = speckwargs if speckwargs is not None else {}
        kw = self.speckwargs
        kw.setdefault("n_fft", 400)
        kw.setdefault("win_length", kw.get("n_fft"))
        kw.setdefault("hop_length", kw.get("win_length") // 2)
        kw.setdefault("pad", 0)
        kw.setdefault("window", WindowType.HANN)
        kw.setdefault("power", 2.0)
        kw.setdefault("normalized", False)
        kw.setdefault("center", True)
        kw.setdefault("pad_mode", BorderType.REFLECT)
        kw.setdefault("onesided", True)

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        kw = self.speckwargs
        spec = spectrogram_of(self.name, x, kw).astype(np.float32)
        n_freqs = kw["n_fft"] // 2 + 1
        all_freqs = np.linspace(0, self.sample_rate // 2, n_freqs)
        fb = triangular_fbanks(all_freqs, np.linspace(self.f_min, self.f_max, self.n_filter + 2))
        filtered = _project(spec, fb.astype(np.float32))
        return _cepstrum(filtered, self.log_lf, self.n_lfcc, self.n_filter, self.norm)


class SpectralCentroid(AudioTensorOperation):
    """The spectral centroid <..., 1, time> of a waveform: the magnitude-weighted mean frequency
    of each frame.

    Args:
        sample_rate (int): the sampling rate in Hz (the bins' frequencies), at least 0.
        n_fft (int, optional): the FFT size, positive. Default: ``400``.
        win_length (int, optional): the window length; ``None``: ``n_fft``. As ``Spectrogram``'s,
            like ``hop_length``, ``pad`` and ``window``. Default: ``None``.
        hop_length (int, optional): the frame step. Default: ``None``.
        pad (int, optional): zeros on each side. Default: ``0``.
        window (WindowType, optional): the window. Default: ``WindowType.HANN``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.sin(np.arange(64) * 0.5).astype(np.float32)
        >>> print(audio.SpectralCentroid(8000, n_fft=16)(wave).shape)
        (1, 9)
    """

    arg_rules = {
        "sample_rate": v.NON_NEG_INT,
        "pad": v.NON_NEG_INT,
        "window": v.is_a(WindowType),
        "n_fft": v.POS_INT,
        "win_length": (v.optional(v.POS_INT), v.WIN_LENGTH_FITS),
        "hop_length": v.optional(v.POS_INT),
    }

    def __init__(
        self,
        sample_rate: int,
        n_fft: int = 400,
        win_length: int | None = None,
        hop_length: int | None = None,
        pad: int = 0,
        window: WindowType = WindowType.HANN,
    ) -> None:
        self.sample_rate, self.pad, self.window, self.n_fft = sample_rate, pad, window, n_fft
        self.win_length = win_length if win_length else n_fft
        self.hop_length = hop_length if hop_length else self.win_length // 2

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        spec = spectrogram(
            self.name,
            x,
            self.n_fft,
            self.win_length,
            self.hop_length,
            self.pad,
            self.window,
            1.0,
            False,
            True,
            BorderType.REFLECT,
            True,
        )
        t = spec.dtype.type
        freqs = linspace(0, self.sample_rate // 2, 1 + self.n_fft // 2, t).astype(np.float64)
        s = spec.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = (freqs[:, None] * s).sum(-2, keepdims=True) / s.sum(-2, keepdims=True)
        return out.astype(t)


def _complex_input(api: str, x: np.ndarray) -> np.ndarray:
    x = check_float_input(api, x)
    check_complex(api, x)
    check_rank(api, x, 3, "<..., freq, time, complex=2>")
    return x


class PhaseVocoder(AudioTensorOperation):
    """Speed a complex STFT <..., freq, time, 2> up by ``rate`` without changing its pitch, with
    the expected ``phase_advance`` (freq, 1) of each bin.

    Args:
        rate (float): the speed-up factor, positive (below 1 slows down).
        phase_advance (numpy.ndarray): the expected phase advance per hop of each bin, shape
            (freq, 1).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> advance = np.linspace(0, np.pi * 4, 9, dtype=np.float32)[:, None]
        >>> print(audio.PhaseVocoder(2.0, advance)(np.ones((9, 6, 2), np.float32)).shape)
        (9, 3, 2)
    """

    arg_rules = {"rate": v.POS_NUMBER, "phase_advance": v.is_a(np.ndarray)}

    def __init__(self, rate: float, phase_advance: np.ndarray) -> None:
        self.rate, self.phase_advance = rate, np.asarray(phase_advance)

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _complex_input(self.name, x)
        out = phase_vocoder(x.reshape(-1, *x.shape[-3:]), self.rate, self.phase_advance)
        return out.reshape(*x.shape[:-3], *out.shape[1:])


class TimeStretch(AudioTensorOperation):
    """``PhaseVocoder`` at ``fixed_rate`` with the phase advance of an STFT of ``n_freq`` bins
    and ``hop_length`` (default: ``n_fft // 2``).

    Args:
        hop_length (int, optional): the STFT's step, positive; ``None``: ``n_freq - 1``.
            Default: ``None``.
        n_freq (int, optional): the number of frequency bins, positive. Default: ``201``.
        fixed_rate (float, optional): the speed-up factor, positive; ``None``: 1.
            Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.TimeStretch(n_freq=9, fixed_rate=2.0)(np.ones((9, 6, 2), np.float32)).shape)
        (9, 3, 2)
    """

    arg_rules = {
        "hop_length": v.optional(v.POS_INT),
        "n_freq": v.POS_INT,
        "fixed_rate": v.optional(v.NUMBER, v.POS_FLOAT),
    }

    def __init__(
        self, hop_length: int | None = None, n_freq: int = 201, fixed_rate: float | None = None
    ) -> None:
        self.n_freq = n_freq
        n_fft = (n_freq - 1) * 2
        self.hop_length = hop_length if hop_length is not None else n_fft // 2
        self.fixed_rate = fixed_rate if fixed_rate is not None else 1

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _complex_input(self.name, x)
        t = x.dtype.type
        advance = linspace(0, math.pi * np.float32(self.hop_length), self.n_freq, t)
        out = phase_vocoder(x.reshape(-1, *x.shape[-3:]), self.fixed_rate, advance)
        return out.reshape(*x.shape[:-3], *out.shape[1:])


class Resample(AudioTensorOperation):
    """Resample a waveform <..., time> from ``orig_freq`` to ``new_freq`` with a windowed-sinc
    kernel (``lowpass_filter_width`` zero crossings, cut off at ``rolloff`` of the lower Nyquist
    frequency; Hann-squared or Kaiser (``beta``) window).

    Args:
        orig_freq (float, optional): the input's sampling rate, positive. Default: ``16000``.
        new_freq (float, optional): the output's sampling rate, positive. Default: ``16000``.
        resample_method (ResampleMethod, optional): the interpolation kernel.
            Default: ``ResampleMethod.SINC_INTERPOLATION``.
        lowpass_filter_width (int, optional): the kernel's half-width in zero crossings, positive.
            Default: ``6``.
        rolloff (float, optional): the cutoff as a fraction of the lower Nyquist frequency, in
            (0, 1]. Default: ``0.99``.
        beta (float, optional): the Kaiser window's shape; ``None``: 14.769656459379492.
            Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Resample(8000, 4000)(np.zeros(10, np.float32)).shape)
        (5,)
    """

    arg_rules = {
        "orig_freq": v.POS_FLOAT,
        "new_freq": v.POS_FLOAT,
        "resample_method": v.is_a(ResampleMethod),
        "lowpass_filter_width": v.POS_INT,
        "rolloff": v.within(0, 1.0, left_open=True, types=(float,)),
    }

    def __init__(
        self,
        orig_freq: float = 16000,
        new_freq: float = 16000,
        resample_method: ResampleMethod = ResampleMethod.SINC_INTERPOLATION,
        lowpass_filter_width: int = 6,
        rolloff: float = 0.99,
        beta: float | None = None,
    ) -> None:
        self.orig_freq, self.new_freq, self.resample_method = orig_freq, new_freq, resample_method
        self.lowpass_filter_width, self.rolloff = lowpass_filter_width, rolloff
        self.beta = beta if beta is not None else 14.769656459379492

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        out = resample(
            _rows(x),
            self.orig_freq,
            self.new_freq,
            self.resample_method == ResampleMethod.SINC_INTERPOLATION,
            self.lowpass_filter_width,
            self.rolloff,
            self.beta,
        )
        return out.reshape(*x.shape[:-1], out.shape[-1])


class PitchShift(AudioTensorOperation):
    """Shift the pitch of a waveform <..., time> by ``n_steps`` of ``bins_per_octave``: a phase
    vocoder time stretch, then a resample back to the original length.

    Args:
        sample_rate (int): the sampling rate in Hz, at least 0.
        n_steps (int): the shift in steps (negative: down).
        bins_per_octave (int, optional): the steps per octave, not 0. Default: ``12``.
        n_fft (int, optional): the FFT size, positive. Default: ``512``.
        win_length (int, optional): the window length, at most ``n_fft``; ``None``: ``n_fft``.
            Default: ``None``.
        hop_length (int, optional): the step between frames; ``None``: ``win_length // 4``.
            Default: ``None``.
        window (WindowType, optional): the window. Default: ``WindowType.HANN``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.PitchShift(8000, 2, n_fft=32)(np.zeros(100, np.float32)).shape)
        (100,)
    """

    arg_rules = {
        "sample_rate": v.NON_NEG_INT,
        "n_steps": v.INT32,
        "bins_per_octave": v.NONZERO_INT,
        "n_fft": v.POS_INT,
        "window": v.is_a(WindowType),
        "win_length": (v.optional(v.POS_INT), v.WIN_LENGTH_FITS),
        "hop_length": v.optional(v.POS_INT),
    }

    def __init__(
        self,
        sample_rate: int,
        n_steps: int,
        bins_per_octave: int = 12,
        n_fft: int = 512,
        win_length: int | None = None,
        hop_length: int | None = None,
        window: WindowType = WindowType.HANN,
    ) -> None:
        self.sample_rate, self.n_steps, self.bins_per_octave = sample_rate, n_steps, bins_per_octave
        self.n_fft = n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 4
        self.window = window

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        t = x.dtype.type
        rows = _rows(x)
        spec = stft(rows, self.n_fft, self.win_length, self.hop_length, self.window, api=self.name)
        spec = complex_of(spec, t)
        advance = linspace(0, math.pi * self.hop_length, spec.shape[1], t)
        rate = np.float32(2 ** (np.float32(-self.n_steps) / np.float32(self.bins_per_octave)))
        stretched = phase_vocoder(spec, float(rate), advance).astype(np.float64)
        length = x.shape[-1]
        len_stretch = round(length / float(rate))
        waves = np.stack(
            [
                istft(
                    s[..., 0] + 1j * s[..., 1],
                    self.n_fft,
                    self.hop_length,
                    self.win_length,
                    self.window,
                    True,
                    len_stretch,
                    self.name,
                )
                for s in stretched
            ]
        ).astype(t)
        shifted = resample(
            waves,
            int(self.sample_rate / rate),
            self.sample_rate,
            True,
            6,
            0.99,
            14.769656459379492,
        )
        if shifted.shape[-1] > length:
            shifted = shifted[:, :length]
        else:
            shifted = np.pad(shifted, [(0, 0), (0, length - shifted.shape[-1])])
        return shifted.reshape(x.shape)


class ComputeDeltas(AudioTensorOperation):
    """The delta coefficients of a spectrogram <..., freq, time>: the regression slope over
    ``win_length`` frames, the edges padded by ``pad_mode``.

    Args:
        win_length (int, optional): the regression window, at least 3. Default: ``5``.
        pad_mode (BorderType, optional): how the time axis is extended at its ends.
            Default: ``BorderType.EDGE``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.ComputeDeltas()(np.arange(6, dtype=np.float32).reshape(1, 6)))
        [[0.5 0.8 1.  1.  0.8 0.5]]
    """

    arg_rules = {"pad_mode": v.is_a(BorderType), "win_length": v.within(3, INT32_MAX, types=(int,))}

    def __init__(self, win_length: int = 5, pad_mode: BorderType = BorderType.EDGE) -> None:
        self.win_length, self.pad_mode = win_length, pad_mode

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        t = x.dtype.type
        n = (self.win_length - 1) // 2
        denom = n * (n + 1) * (2 * n + 1) // 3
        padded = pad_time(_rows(x), n, n, self.pad_mode)
        frames = x.shape[-1]
        out = sum(padded[:, k : k + frames].astype(np.float64) * (k - n) for k in range(2 * n + 1))
        return (out / denom).astype(t).reshape(x.shape)


class SlidingWindowCmn(AudioTensorOperation):
    """Sliding-window cepstral mean (and, with ``norm_vars``, variance) normalization of
    features <..., frames, feats>: each frame minus the mean over a window of ``cmn_window``
    frames (centred, or to its left with at least ``min_cmn_window`` frames).

    Args:
        cmn_window (int, optional): the window in frames, at least 0. Default: ``600``.
        min_cmn_window (int, optional): the smallest window used at the start (when not
            ``center``), at least 0. Default: ``100``.
        center (bool, optional): a window centred on the frame (else ending at it).
            Default: ``False``.
        norm_vars (bool, optional): also divide by the standard deviation. Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> feats = np.arange(6, dtype=np.float32).reshape(3, 2)
        >>> print(audio.SlidingWindowCmn(cmn_window=3, min_cmn_window=1)(feats))
        [[0. 0.]
         [1. 1.]
         [2. 2.]]
    """

    arg_rules = {
        "cmn_window": v.NON_NEG_INT,
        "min_cmn_window": v.NON_NEG_INT,
        "center": v.BOOL,
        "norm_vars": v.BOOL,
    }

    def __init__(
        self,
        cmn_window: int = 600,
        min_cmn_window: int = 100,
        center: bool = False,
        norm_vars: bool = False,
    ) -> None:
        self.cmn_window, self.min_cmn_window = cmn_window, min_cmn_window
        self.center, self.norm_vars = center, norm_vars

    def _window(self, idx: int, frames: int) -> tuple[int, int]:
        if self.center:
            start = idx - self.cmn_window // 2
            end = start + self.cmn_window
        else:
            start, end = idx - self.cmn_window, idx + 1
        if start < 0:
            end -= start
            start = 0
        if not self.center and end > idx:
            end = max(idx + 1, self.min_cmn_window)
        if end > frames:
            start = max(start - (end - frames), 0)
            end = frames
        return start, end

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        t = x.dtype.type
        feats = x.reshape(-1, *x.shape[-2:])
        frames = feats.shape[1]
        out = np.empty_like(feats)
        for i in range(frames):
            start, end = self._window(i, frames)
            block = feats[:, start:end].astype(np.float64)
            count = end - start
            total = block.sum(1)
            out[:, i] = feats[:, i] - total / count
            if self.norm_vars:
                if count == 1:
                    out[:, i] = 0
                else:
                    var = (block**2).sum(1) / count - total**2 / count**2
                    out[:, i] = out[:, i] / np.sqrt(var)
        out = out.astype(t).reshape(x.shape)
        return out[0] if x.ndim == 2 and x.shape[0] == 1 else out


class DetectPitchFrequency(AudioTensorOperation):
    """The pitch of a waveform <..., time> per frame of ``frame_time`` seconds: the lag that
    maximizes the normalized cross-correlation between ``freq_low`` and ``freq_high``, median
    smoothed over ``win_length`` frames, as a frequency in Hz.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        frame_time (float, optional): the length of a frame in seconds, positive. Default: ``0.01``.
        win_length (int, optional): the median smoothing window in frames, positive.
            Default: ``30``.
        freq_low (int, optional): the lowest detectable frequency in Hz, positive. Default: ``85``.
        freq_high (int, optional): the highest detectable frequency in Hz, positive.
            Default: ``3400``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.sin(2 * np.pi * 200 * np.arange(800) / 8000).astype(np.float32)
        >>> print(audio.DetectPitchFrequency(8000, win_length=3)(wave).shape)
        (9,)
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "frame_time": v.POS_FLOAT,
        "win_length": v.POS_INT,
        "freq_low": v.POS_NUMBER,
        "freq_high": v.POS_NUMBER,
    }

    def __init__(
        self,
        sample_rate: int,
        frame_time: float = 0.01,
        win_length: int = 30,
        freq_low: int = 85,
        freq_high: int = 3400,
    ) -> None:
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def _indices(self, rows: np.ndarray) -> np.ndarray:
        t = rows.dtype.type
        sr = self.sample_rate
        lags = math.ceil(np.float32(sr) / np.float32(self.freq_low))
        frame = math.ceil(sr * np.float32(self.frame_time))
        n_frames = math.ceil(np.float32(rows.shape[1]) / frame)
        padded = np.pad(rows, [(0, 0), (0, lags + n_frames * frame - rows.shape[1])])
        starts = np.arange(n_frames) * frame
        s1 = padded[:, starts[:, None] + np.arange(frame)]  # rows, frames, frame
        nccf = np.empty((rows.shape[0], n_frames, lags), t)
        for lag in range(1, lags + 1):
            s2 = padded[:, starts[:, None] + np.arange(frame) + lag]
            num = (s1 * s2).sum(-1, dtype=t)
            n1, n2 = (s1 * s1).sum(-1, dtype=t), (s2 * s2).sum(-1, dtype=t)
            with np.errstate(invalid="ignore", divide="ignore"):
                nccf[:, :, lag - 1] = np.where((n1 != 0) & (n2 != 0), num / n1 / n2, 0)
        lag_min = math.ceil(np.float32(sr) / np.float32(self.freq_high))
        out = np.empty(nccf.shape[:2], np.int64)
        for r in range(nccf.shape[0]):
            for f in range(n_frames):
                values = nccf[r, f]
                best = half = values[lag_min]
                best_i = half_i = lag_min
                for lag in range(lag_min + 1, lags):
                    if values[lag] > best:
                        best, best_i = values[lag], lag
                        if lag < lags // 2:
                            half, half_i = values[lag], lag
                out[r, f] = (half_i if half > best * t(0.99) else best_i) + 1
        return out

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        idx = self._indices(_rows(x))
        pad = (self.win_length - 1) // 2
        padded = np.concatenate([np.repeat(idx[:, :1], pad, 1), idx], 1)
        n_out = idx.shape[1] + pad - self.win_length + 1
        smooth = np.array(
            [
                [np.sort(row[j : j + self.win_length])[pad] for j in range(max(n_out, 0))]
                for row in padded
            ]
        ).reshape(idx.shape[0], max(n_out, 0))
        freq = (self.sample_rate / (1e-9 + smooth)).astype(np.float32)
        return freq.reshape(*x.shape[:-1], freq.shape[-1])
