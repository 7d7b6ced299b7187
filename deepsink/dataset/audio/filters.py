"""The IIR filters of ``mindspore.dataset.audio``: the biquads (SoX's and the audio EQ cookbook's
two-pole filters, https://www.w3.org/TR/audio-eq-cookbook/), ``LFilter`` and ``Filtfilt``.

Coefficients are computed in double precision and normalized by ``a0``; the filter runs along the
last axis in the waveform's own float type, each output ``y[i] = (b0 x[i] + b1 x[i-1] + ...) -
a1 y[i-1] - ...`` in that order (MindSpore 2.10's float32 results are matched bit for bit), then
clamped to [-1, 1] (``LFilter``/``Filtfilt`` with ``clamp=False`` leave it out).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from deepsink.dataset.audio import validators as v
from deepsink.dataset.audio.operation import AudioTensorOperation, check_rank, check_strict_float


def lfilter(api: str, waveform: Any, a: tuple, b: tuple, clamp: bool = True) -> np.ndarray:
    """``waveform`` (<..., time>, a float type) through the IIR filter ``b``/``a``."""
    x = check_strict_float(api, np.asarray(waveform))
    check_rank(api, x, 1, "<..., time>")
    work = x.dtype.type
    bn = [work(c / a[0]) for c in b]
    an = [work(c / a[0]) for c in a]
    xs = np.moveaxis(x, -1, 0)
    y = np.empty_like(xs)
    order = len(bn)
    zero = np.zeros(xs.shape[1:], work)
    px = [zero] * order
    py = [zero] * order
    for i in range(xs.shape[0]):
        px = [xs[i], *px[:-1]]
        out = bn[0] * px[0]
        for k in range(1, order):
            out = out + bn[k] * px[k]
        for k in range(1, order):
            out = out - an[k] * py[k - 1]
        y[i] = out
        py = [out, *py[:-1]]
    y = np.moveaxis(y, 0, -1)
    return np.clip(y, -1, 1) if clamp else y


def biquad_filter(api: str, waveform: Any, b: tuple, a: tuple) -> np.ndarray:
    """``waveform`` (<..., time>, a float type) through the biquad ``b``/``a``, clamped."""
    return lfilter(api, waveform, a, b, clamp=True)


class _Biquad(AudioTensorOperation):
    def coefficients(self) -> tuple[tuple, tuple]:
        raise NotImplementedError

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        b, a = self.coefficients()
        return biquad_filter(self.name, x, b, a)


def _w0_alpha(sample_rate: int, freq: float, q: float) -> tuple[float, float]:
    w0 = 2 * math.pi * freq / sample_rate
    return w0, math.sin(w0) / 2 / q


def _shelf(amp: float, w0: float, alpha: float, sign: int) -> tuple[tuple, tuple]:
    """A low (``sign`` -1) or high (+1) shelf of gain ``amp``**2."""
    t1 = 2 * math.sqrt(amp) * alpha
    t2 = (amp - 1) * math.cos(w0)
    t3 = (amp + 1) * math.cos(w0)
    b = (
        amp * ((amp + 1) + sign * t2 + t1),
        -2 * sign * amp * ((amp - 1) + sign * t3),
        amp * ((amp + 1) + sign * t2 - t1),
    )
    a = ((amp + 1) - sign * t2 + t1, 2 * sign * ((amp - 1) - sign * t3), (amp + 1) - sign * t2 - t1)
    return b, a


class _CentralBiquad(_Biquad):
    """A biquad of ``sample_rate``, ``central_freq`` and ``Q``."""

    arg_rules = {"sample_rate": v.RATE, "central_freq": v.FLOAT32, "Q": v.QUALITY}

    def __init__(self, sample_rate: int, central_freq: float, Q: float = 0.707) -> None:  # noqa: N803
        self.sample_rate, self.central_freq, self.quality_factor = sample_rate, central_freq, Q


class AllpassBiquad(_CentralBiquad):
    """A two-pole all-pass filter around ``central_freq`` (changes the phase, not the amplitude).

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        central_freq (float): the central frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError, ValueError: a bad argument, as MindSpore's checks.
        RuntimeError: the waveform is not of a float type, or is a scalar.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.AllpassBiquad(8000, 600.0)(np.array([0.1, 0.2, 0.3], np.float32)).shape)
        (3,)
    """

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        c = math.cos(w0)
        return (1 - alpha, -2 * c, 1 + alpha), (1 + alpha, -2 * c, 1 - alpha)


class BandBiquad(_Biquad):
    """A two-pole band filter around ``central_freq`` (SoX's ``band``); ``noise`` selects the mode
    for unpitched audio.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        central_freq (float): the central frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.
        noise (bool, optional): the noise mode. Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.BandBiquad(8000, 600.0)(np.zeros(4, np.float32)))
        [0. 0. 0. 0.]
    """

    arg_rules = {"sample_rate": v.RATE, "central_freq": v.FLOAT32, "Q": v.QUALITY, "noise": v.BOOL}

    def __init__(
        self,
        sample_rate: int,
        central_freq: float,
        Q: float = 0.707,  # noqa: N803
        noise: bool = False,
    ) -> None:
        self.sample_rate, self.central_freq, self.quality_factor = sample_rate, central_freq, Q
        self.noise = noise

    def coefficients(self) -> tuple[tuple, tuple]:
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        bw_hz = self.central_freq / self.quality_factor
        a2 = math.exp(-2 * math.pi * bw_hz / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 *= math.sqrt(((1 + a2) * (1 + a2) - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        return (b0, 0.0, 0.0), (1.0, a1, a2)


class BandpassBiquad(_Biquad):
    """A two-pole band-pass filter around ``central_freq``; ``const_skirt_gain`` keeps the skirt
    gain constant (peak gain Q) instead of a 0 dB peak.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        central_freq (float): the central frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.
        const_skirt_gain (bool, optional): a constant skirt gain (peak gain Q) instead of a
            0 dB peak.
            Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.BandpassBiquad(8000, 600.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "central_freq": v.FLOAT32,
        "Q": v.QUALITY,
        "const_skirt_gain": v.BOOL,
    }

    def __init__(
        self,
        sample_rate: int,
        central_freq: float,
        Q: float = 0.707,  # noqa: N803
        const_skirt_gain: bool = False,
    ) -> None:
        self.sample_rate, self.central_freq, self.quality_factor = sample_rate, central_freq, Q
        self.const_skirt_gain = const_skirt_gain

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        temp = math.sin(w0) / 2 if self.const_skirt_gain else alpha
        return (temp, 0.0, -temp), (1 + alpha, -2 * math.cos(w0), 1 - alpha)


class BandrejectBiquad(_CentralBiquad):
    """A two-pole band-reject (notch) filter around ``central_freq``.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        central_freq (float): the central frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.BandrejectBiquad(8000, 600.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        c = math.cos(w0)
        return (1.0, -2 * c, 1.0), (1 + alpha, -2 * c, 1 - alpha)


class BassBiquad(_Biquad):
    """A two-pole low-shelf filter (SoX's ``bass``): boost or cut the frequencies below
    ``central_freq`` by ``gain`` dB.

    Args:
        sample_rate (int): the waveform's sampling rate in Hz, not 0.
        gain (float): the boost (or, negative, the cut) in dB.
        central_freq (float, optional): the shelf's central frequency in Hz. Default: ``100.0``.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Raises:
        TypeError: ``sample_rate`` is not an int, or ``gain``, ``central_freq`` or ``Q`` not a
            number.
        ValueError: ``sample_rate`` is 0 or ``Q`` is outside (0, 1].
        RuntimeError: the waveform is not of a float type, or is a scalar.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.array([0.1, 0.2, 0.3, 0.2], np.float32)
        >>> print(audio.BassBiquad(16000, 10.0)(wave))
        [0.10163359 0.20655814 0.3148189  0.22318916]
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "gain": v.FLOAT32,
        "central_freq": v.FLOAT32,
        "Q": v.QUALITY,
    }

    def __init__(
        self,
        sample_rate: int,
        gain: float,
        central_freq: float = 100.0,
        Q: float = 0.707,  # noqa: N803
    ) -> None:
        self.sample_rate, self.gain, self.central_freq, self.quality_factor = (
            sample_rate,
            gain,
            central_freq,
            Q,
        )

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        return _shelf(math.exp(self.gain / 40 * math.log(10)), w0, alpha, -1)


class TrebleBiquad(_Biquad):
    """A two-pole high-shelf filter (SoX's ``treble``): boost or cut the frequencies above
    ``central_freq`` by ``gain`` dB.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        gain (float): the gain in dB (positive: boost).
        central_freq (float, optional): the shelf's frequency in Hz. Default: ``3000``.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.TrebleBiquad(8000, 3.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "gain": v.FLOAT32,
        "central_freq": v.FLOAT32,
        "Q": v.QUALITY,
    }

    def __init__(
        self,
        sample_rate: int,
        gain: float,
        central_freq: float = 3000,
        Q: float = 0.707,  # noqa: N803
    ) -> None:
        self.sample_rate, self.gain, self.central_freq, self.quality_factor = (
            sample_rate,
            gain,
            central_freq,
            Q,
        )

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        return _shelf(math.exp(self.gain / 40 * math.log(10)), w0, alpha, 1)


class Biquad(_Biquad):
    """The biquad with the given coefficients (``a0`` not 0).

    Args:
        b0 (float): the numerator coefficient of the current input.
        b1 (float): the numerator coefficient of the previous input.
        b2 (float): the numerator coefficient of the input two steps back.
        a0 (float): the denominator coefficient of the current output, not 0 (every coefficient is
            divided by it).
        a1 (float): the denominator coefficient of the previous output.
        a2 (float): the denominator coefficient of the output two steps back.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Biquad(0.5, 0.0, 0.0, 1.0, 0.0, 0.0)(np.array([0.2, 0.4], np.float32)))
        [0.1 0.2]
    """

    arg_rules = {
        "b0": v.FLOAT32,
        "b1": v.FLOAT32,
        "b2": v.FLOAT32,
        "a0": (v.is_a(float, int), v.NONZERO_FLOAT),
        "a1": v.FLOAT32,
        "a2": v.FLOAT32,
    }

    def __init__(self, b0: float, b1: float, b2: float, a0: float, a1: float, a2: float) -> None:
        self.b0, self.b1, self.b2, self.a0, self.a1, self.a2 = b0, b1, b2, a0, a1, a2

    def coefficients(self) -> tuple[tuple, tuple]:
        return (self.b0, self.b1, self.b2), (self.a0, self.a1, self.a2)


class DeemphBiquad(_Biquad):
    """The ISO 908 CD de-emphasis (a treble cut) for 44.1 kHz or 48 kHz audio.

    Args:
        sample_rate (int): the sampling rate in Hz, 44100 or 48000.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.DeemphBiquad(44100)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    arg_rules = {
        "sample_rate": (
            v.is_a(int),
            v.require(
                lambda a: a["sample_rate"] in (44100, 48000),
                "Argument sample_rate should be 44100 or 48000, but got {sample_rate}.",
            ),
        )
    }

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = sample_rate

    def coefficients(self) -> tuple[tuple, tuple]:
        if self.sample_rate == 44100:
            central_freq, width_slope, gain = 5283.0, 0.4845, -9.477
        else:
            central_freq, width_slope, gain = 5356.0, 0.479, -9.62
        w0 = 2 * math.pi * central_freq / self.sample_rate
        amp = math.exp(gain / 40.0 * math.log(10))
        alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / width_slope - 1) + 2)
        return _shelf(amp, w0, alpha, 1)


class EqualizerBiquad(_Biquad):
    """A two-pole peaking equalizer: ``gain`` dB at ``center_freq``.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        center_freq (float): the frequency in Hz the gain is centred on.
        gain (float): the gain at ``center_freq`` in dB.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.EqualizerBiquad(8000, 600.0, 3.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "center_freq": v.labelled("central_freq", v.FLOAT32),
        "gain": v.FLOAT32,
        "Q": v.QUALITY,
    }

    def __init__(
        self,
        sample_rate: int,
        center_freq: float,
        gain: float,
        Q: float = 0.707,  # noqa: N803
    ) -> None:
        self.sample_rate, self.center_freq, self.gain, self.quality_factor = (
            sample_rate,
            center_freq,
            gain,
            Q,
        )

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.center_freq, self.quality_factor)
        amp = math.exp(self.gain / 40.0 * math.log(10))
        c = math.cos(w0)
        return (1 + alpha * amp, -2 * c, 1 - alpha * amp), (
            1 + alpha / amp,
            -2 * c,
            1 - alpha / amp,
        )


class _CutoffBiquad(_Biquad):
    """A biquad of ``sample_rate``, ``cutoff_freq`` and ``Q``."""

    arg_rules = {"sample_rate": v.RATE, "cutoff_freq": v.FLOAT32, "Q": v.QUALITY}

    def __init__(self, sample_rate: int, cutoff_freq: float, Q: float = 0.707) -> None:  # noqa: N803
        self.sample_rate, self.cutoff_freq, self.quality_factor = sample_rate, cutoff_freq, Q


class HighpassBiquad(_CutoffBiquad):
    """A two-pole high-pass filter at ``cutoff_freq``.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        cutoff_freq (float): the cutoff frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.HighpassBiquad(8000, 600.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.cutoff_freq, self.quality_factor)
        c = math.cos(w0)
        return ((1 + c) / 2, -1 - c, (1 + c) / 2), (1 + alpha, -2 * c, 1 - alpha)


class LowpassBiquad(_CutoffBiquad):
    """A two-pole low-pass filter at ``cutoff_freq``.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        cutoff_freq (float): the cutoff frequency in Hz.
        Q (float, optional): the quality factor, in (0, 1]. Default: ``0.707``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.LowpassBiquad(8000, 600.0)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    def coefficients(self) -> tuple[tuple, tuple]:
        w0, alpha = _w0_alpha(self.sample_rate, self.cutoff_freq, self.quality_factor)
        c = math.cos(w0)
        return ((1 - c) / 2, 1 - c, (1 - c) / 2), (1 + alpha, -2 * c, 1 - alpha)


_RIAA = {
    44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
    48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
    88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
    96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946)),
}


class RiaaBiquad(_Biquad):
    """The RIAA vinyl playback equalization (0 dB at 1 kHz), for 44.1, 48, 88.2 or 96 kHz.

    Args:
        sample_rate (int): the sampling rate in Hz: 44100, 48000, 88200 or 96000.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.RiaaBiquad(44100)(np.zeros(2, np.float32)))
        [0. 0.]
    """

    arg_rules = {
        "sample_rate": (
            v.is_a(int),
            v.require(
                lambda a: a["sample_rate"] in (44100, 48000, 88200, 96000),
                "sample_rate should be one of [44100, 48000, 88200, 96000], but got {sample_rate}.",
            ),
        )
    }

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = sample_rate

    def coefficients(self) -> tuple[tuple, tuple]:
        (z0, z1), (p0, p1) = _RIAA[self.sample_rate]
        b = [1.0, -(z0 + z1), z0 * z1]
        a = [1.0, -(p0 + p1), p0 * p1]
        y = 2 * math.pi * 1000 / self.sample_rate
        b_re = b[0] + b[1] * math.cos(-y) + b[2] * math.cos(-2 * y)
        a_re = a[0] + a[1] * math.cos(-y) + a[2] * math.cos(-2 * y)
        b_im = b[1] * math.sin(-y) + b[2] * math.sin(-2 * y)
        a_im = a[1] * math.sin(-y) + a[2] * math.sin(-2 * y)
        g = 1 / math.sqrt((b_re**2 + b_im**2) / (a_re**2 + a_im**2))
        return tuple(c * g for c in b), tuple(a)


class LFilter(AudioTensorOperation):
    """An IIR filter given by its coefficients (``a_coeffs``: the denominator, ``b_coeffs``: the
    numerator, of the same length), clamped to [-1, 1] when ``clamp``.

    Args:
        a_coeffs (Sequence[float]): the denominator coefficients, ``a_coeffs[0]`` first.
        b_coeffs (Sequence[float]): the numerator coefficients, as many as ``a_coeffs``.
        clamp (bool, optional): whether the result is clamped to [-1, 1]. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.LFilter([1.0, -0.5], [0.5, 0.0])(np.array([1.0, 0.0, 0.0], np.float32)))
        [0.5   0.25  0.125]
    """

    arg_rules = {
        "a_coeffs": v.is_a(list, tuple),
        "b_coeffs": (
            v.is_a(list, tuple),
            v.of("a_coeffs", v.each_item(v.FLOAT32)),
            v.each_item(v.FLOAT32),
            v.require(
                lambda a: len(a["a_coeffs"]) == len(a["b_coeffs"]),
                "The size of a_coeffs should be the same as that of b_coeffs.",
            ),
        ),
        "clamp": v.BOOL,
    }

    def __init__(self, a_coeffs: list, b_coeffs: list, clamp: bool = True) -> None:
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), clamp

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        return lfilter(self.name, x, self.a_coeffs, self.b_coeffs, self.clamp)


class Filtfilt(LFilter):
    """``LFilter`` forward, then backward (zero phase); ``clamp`` applies to the result.

    Args:
        a_coeffs (Sequence[float]): the denominator coefficients, ``a_coeffs[0]`` first.
        b_coeffs (Sequence[float]): the numerator coefficients, as many as ``a_coeffs``.
        clamp (bool, optional): whether the result is clamped to [-1, 1]. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Filtfilt([1.0, 0.0], [0.5, 0.0])(np.array([0.4, 0.8], np.float32)))
        [0.1 0.2]
    """

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        forward = lfilter(self.name, x, self.a_coeffs, self.b_coeffs, clamp=False)
        backward = lfilter(self.name, forward[..., ::-1], self.a_coeffs, self.b_coeffs, self.clamp)
        return np.ascontiguousarray(backward[..., ::-1])
