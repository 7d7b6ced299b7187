"""The amplitude transforms of ``mindspore.dataset.audio``: decibel conversions, gain and volume,
DC shift, fades, dither, mu-law companding, and the complex <..., 2> views (angle, norm,
magnitude and phase).

Outputs are float32 (float64 inputs stay float64), as MindSpore's; the mu-law encoding is int32.
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
from deepsink.dataset.audio.utils import DensityFunction, FadeShape, GainType, ScaleType


class AmplitudeToDB(AudioTensorOperation):
    """Amplitude (``stype`` MAGNITUDE: 20 log10) or power (POWER: 10 log10) to decibels,
    relative to ``ref_value``, the input clamped below at ``amin``, then clamped below at the
    maximum minus ``top_db`` (the maximum over the last three axes).

    Args:
        stype (ScaleType, optional): whether the input holds power or magnitude values.
            Default: ``ScaleType.POWER``.
        ref_value (float, optional): the value that maps to 0 dB, positive. Default: ``1.0``.
        amin (float, optional): the floor the input is clipped to before the logarithm, positive.
            Default: ``1e-10``.
        top_db (float, optional): the largest distance in dB below the peak kept, positive.
            Default: ``80.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.AmplitudeToDB()(np.array([[1.0, 10.0]], np.float32)))
        [[ 0. 10.]]
    """

    arg_rules = {
        "stype": v.is_a(ScaleType),
        "ref_value": v.POS_NUMBER,
        "amin": v.POS_NUMBER,
        "top_db": v.POS_NUMBER,
    }

    def __init__(
        self,
        stype: ScaleType = ScaleType.POWER,
        ref_value: float = 1.0,
        amin: float = 1e-10,
        top_db: float = 80.0,
    ) -> None:
        self.stype, self.ref_value, self.amin, self.top_db = stype, ref_value, amin, top_db

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., freq, time>")
        mult = 10.0 if self.stype == ScaleType.POWER else 20.0
        db = mult * np.log10(np.maximum(x, x.dtype.type(self.amin)))
        db = db - x.dtype.type(mult * math.log10(max(self.amin, self.ref_value)))
        if self.top_db is not None:
            flat = db.reshape(-1, *db.shape[-3:]) if db.ndim >= 3 else db[None]
            floor = flat.max(axis=tuple(range(1, flat.ndim)), keepdims=True) - self.top_db
            db = np.maximum(flat, floor).reshape(db.shape)
        return db.astype(x.dtype)


class DBToAmplitude(AudioTensorOperation):
    """Decibels back to amplitude: ``ref * (10 ** (0.1 * x)) ** power``.

    Args:
        ref (float): the scale of the result (``ref * 10 ** (0.1 * x) ** power``).
        power (float): the exponent: 1 for power decibels, 0.5 for amplitude decibels.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.DBToAmplitude(1.0, 1.0)(np.array([0.0, 10.0], np.float32)))
        [ 1. 10.]
    """

    arg_rules = {"ref": v.FLOAT32, "power": v.FLOAT32}

    def __init__(self, ref: float, power: float) -> None:
        self.ref, self.power = ref, power

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        t = x.dtype.type
        return (t(self.ref) * np.power(np.power(t(10.0), t(0.1) * x), t(self.power))).astype(
            x.dtype
        )


def _complex_parts(api: str, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = check_float_input(api, x)
    check_complex(api, x)
    return x[..., 0], x[..., 1]


class Angle(AudioTensorOperation):
    """The angle of complex numbers stored as <..., complex=2> (real, imaginary).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Angle()(np.array([[0.0, 1.0]], np.float32)))
        [1.5707964]
    """

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        re, im = _complex_parts(self.name, x)
        return np.arctan2(im, re)


def _norm(re: np.ndarray, im: np.ndarray, power: float) -> np.ndarray:
    t = re.dtype.type
    return np.power(re * re + im * im, t(0.5 * power))


class ComplexNorm(AudioTensorOperation):
    """The norm of complex numbers stored as <..., complex=2>, raised to ``power``.

    Args:
        power (float, optional): the exponent of the norm, at least 0. Default: ``1.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.ComplexNorm()(np.array([[3.0, 4.0]], np.float32)))
        [5.]
    """

    arg_rules = {"power": v.NON_NEG_NUMBER}

    def __init__(self, power: float = 1.0) -> None:
        self.power = power

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        return _norm(*_complex_parts(self.name, x), self.power)


class Magphase(AudioTensorOperation):
    """The magnitude (raised to ``power``) and the phase of complex numbers <..., complex=2>.

    Args:
        power (float, optional): the exponent of the magnitude, at least 0. Default: ``1.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> mag, phase = audio.Magphase()(np.array([[0.0, 2.0]], np.float32))
        >>> print(mag, phase)
        [2.] [1.5707964]
    """

    arg_rules = {"power": v.NON_NEG_NUMBER}

    def __init__(self, power: float = 1.0) -> None:
        self.power = power

    def compute(self, x: np.ndarray, rng: Any = None) -> tuple[np.ndarray, np.ndarray]:
        re, im = _complex_parts(self.name, x)
        return _norm(re, im, self.power), np.arctan2(im, re)


class Gain(AudioTensorOperation):
    """Amplify (or attenuate) by ``gain_db`` decibels.

    Args:
        gain_db (float, optional): the gain in dB. Default: ``1.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Gain(20.0)(np.array([0.01], np.float32)))
        [0.09999999]
    """

    arg_rules = {"gain_db": v.FLOAT32}

    def __init__(self, gain_db: float = 1.0) -> None:
        self.gain_db = gain_db

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        return x * x.dtype.type(10 ** (self.gain_db / 20))


def _gain_in_range(gain_type: GainType, name: str, args: dict) -> None:
    """Vol's gain by its type: an amplitude at least 0, a power above 0, decibels any float32."""
    rule = {GainType.AMPLITUDE: v.NON_NEG_FLOAT, GainType.POWER: v.POS_FLOAT}.get(gain_type)
    (rule or v.FLOAT32)(args["gain"], "gain", args)


class Vol(AudioTensorOperation):
    """Scale the volume by ``gain`` (an amplitude ratio, a power ratio or decibels, by
    ``gain_type``), then clamp to [-1, 1].

    Args:
        gain (float): the gain: an amplitude factor (at least 0), a power factor (positive) or
            decibels, by ``gain_type``.
        gain_type (GainType, optional): what ``gain`` means. Default: ``GainType.AMPLITUDE``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Vol(2.0)(np.array([0.2, 0.7], np.float32)))
        [0.4 1. ]
    """

    arg_rules = {"gain": v.NUMBER, "gain_type": (v.is_a(GainType), _gain_in_range)}

    def __init__(self, gain: float, gain_type: GainType = GainType.AMPLITUDE) -> None:
        self.gain, self.gain_type = gain, gain_type

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        t = x.dtype.type
        gain = t(self.gain)
        if self.gain_type == GainType.DB and gain != 0:
            gain = np.power(t(10), gain / t(20))
        elif self.gain_type == GainType.POWER:
            gain = np.power(t(10), t(10) * np.log10(gain) / t(20))
        y = x * gain if gain != 0 or self.gain_type == GainType.AMPLITUDE else x
        return np.clip(y, -1, 1)


class DCShift(AudioTensorOperation):
    """Add ``shift`` to the waveform, clamped to [-1, 1]; with ``limiter_gain``, the samples that
    would pass the limiter threshold ``1 - (|shift| - limiter_gain)`` are compressed instead.

    Args:
        shift (float): the offset added to every sample, in [-2, 2].
        limiter_gain (float, optional): the gain of the limiter applied where a sample would pass 1
            (a small value, such as 0.05); ``None`` clamps instead. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.DCShift(0.5)(np.array([0.1, 0.7], np.float32)))
        [0.6 1. ]
    """

    arg_rules = {"shift": v.within(-2.0, 2.0), "limiter_gain": v.optional(v.is_a(float, int))}

    def __init__(self, shift: float, limiter_gain: float | None = None) -> None:
        self.shift = shift
        # MindSpore's: no (or a zero) limiter gain is the shift itself, which turns the limiter off
        self.limiter_gain = limiter_gain if limiter_gain else shift

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        t = x.dtype.type
        shift = t(self.shift)
        plain = np.clip(x + shift, -1, 1)
        if self.limiter_gain == self.shift or self.shift == 0:
            return plain
        gain = t(self.limiter_gain)
        thr = t(1.0 - (abs(self.shift) - self.limiter_gain))
        if self.shift > 0:
            mask = x > thr
            limited = np.minimum((x - thr) * gain / (1 - thr) + thr + shift, thr)
        else:
            # MindSpore adds the threshold back on this side too
            mask = x < -thr
            limited = np.maximum((x + thr) * gain / (1 - thr) + thr + shift, -thr)
        return np.where(mask, limited, plain).astype(x.dtype)


def _ramp(n: int, dtype: type) -> np.ndarray:
    """``n`` points from 0 to 1 (``start + i * step`` in ``dtype``, as MindSpore's Linspace)."""
    step = dtype(0) if n == 1 else dtype(1) / dtype(n - 1) if n else dtype(0)
    return np.arange(n).astype(dtype) * step


def _fade_in(shape: FadeShape, f: np.ndarray) -> np.ndarray:
    if shape == FadeShape.LINEAR:
        return f
    if shape == FadeShape.EXPONENTIAL:
        return np.power(2.0, f - 1.0) * f
    if shape == FadeShape.LOGARITHMIC:
        return np.log10(f + 0.1) + 1.0
    if shape == FadeShape.QUARTER_SINE:
        return np.sin(f * math.pi / 2.0)
    return np.sin(f * math.pi - math.pi / 2.0) / 2.0 + 0.5


def _fade_out(shape: FadeShape, f: np.ndarray) -> np.ndarray:
    if shape == FadeShape.LINEAR:
        return 1.0 - f
    if shape == FadeShape.EXPONENTIAL:
        return np.power(2.0, -f) * (1.0 - f)
    if shape == FadeShape.LOGARITHMIC:
        return np.log10(1.1 - f) + 1.0
    if shape == FadeShape.QUARTER_SINE:
        return np.sin(f * math.pi / 2.0 + math.pi / 2.0)
    return np.sin(f * math.pi + math.pi / 2.0) / 2.0 + 0.5


class Fade(AudioTensorOperation):
    """Fade in the first ``fade_in_len`` samples and fade out the last ``fade_out_len``, with the
    curve ``fade_shape``.

    Args:
        fade_in_len (int, optional): the length of the fade-in in samples, at least 0.
            Default: ``0``.
        fade_out_len (int, optional): the length of the fade-out in samples, at least 0.
            Default: ``0``.
        fade_shape (FadeShape, optional): the curve of both ramps. Default: ``FadeShape.LINEAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Fade(fade_in_len=3)(np.ones(4, np.float32)))
        [0.  0.5 1.  1. ]
    """

    arg_rules = {
        "fade_in_len": v.NON_NEG_INT,
        "fade_out_len": v.NON_NEG_INT,
        "fade_shape": v.is_a(FadeShape),
    }

    def __init__(
        self, fade_in_len: int = 0, fade_out_len: int = 0, fade_shape: FadeShape = FadeShape.LINEAR
    ) -> None:
        self.fade_in_len, self.fade_out_len, self.fade_shape = fade_in_len, fade_out_len, fade_shape

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        n = x.shape[-1]
        for arg, length in (("fade_in_len", self.fade_in_len), ("fade_out_len", self.fade_out_len)):
            if length > n:
                fail(
                    self.name,
                    f"invalid parameter, '{arg}' should be no greater than 'length of waveform', "
                    f"but got: {arg} {length} while length of waveform {n}.",
                )
        t = x.dtype.type
        y = x.copy()
        fade_in = _fade_in(self.fade_shape, _ramp(self.fade_in_len, t).astype(np.float64))
        y[..., : self.fade_in_len] *= fade_in.astype(t)
        fade_out = _fade_out(self.fade_shape, _ramp(self.fade_out_len, t).astype(np.float64))
        y[..., n - self.fade_out_len :] *= fade_out.astype(t)
        return y


class _MuLaw(AudioTensorOperation):
    """A mu-law transform of ``quantization_channels`` levels."""

    arg_rules = {"quantization_channels": v.POS_INT}

    def __init__(self, quantization_channels: int = 256) -> None:
        self.quantization_channels = quantization_channels


class MuLawEncoding(_MuLaw):
    """Mu-law companding of a waveform in [-1, 1] to ``quantization_channels`` integer levels
    (int32).

    Args:
        quantization_channels (int, optional): the number of levels, positive. Default: ``256``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.MuLawEncoding()(np.array([-1.0, 0.0, 1.0], np.float32)))
        [  0 128 255]
    """

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        t = x.dtype.type
        mu = t(self.quantization_channels - 1)
        x_mu = np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu)
        return ((x_mu + 1) / 2 * mu + t(0.5)).astype(np.int32)


class MuLawDecoding(_MuLaw):
    """The inverse of ``MuLawEncoding``: ``quantization_channels`` levels back to [-1, 1].

    Args:
        quantization_channels (int, optional): the number of levels, positive. Default: ``256``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.MuLawDecoding()(np.array([0, 255], np.int32)))
        [-1.  1.]
    """

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        t = x.dtype.type
        mu = t(self.quantization_channels - 1)
        y = x / mu * 2 - 1
        with np.errstate(over="ignore"):
            return (np.sign(y) * np.expm1(np.abs(y) * np.log1p(mu)) / mu).astype(x.dtype)


class Dither(AudioTensorOperation):
    """Dither to 16-bit: add the noise of ``density_function`` at the 16-bit scale and round
    (TPDF: a triangular (Bartlett) ramp over the waveform, no randomness; RPDF: one sample value
    picked at random; GPDF: the sum of seven picked at random, MindSpore's scheme);
    ``noise_shaping`` adds each sample's quantisation error to the next.

    Args:
        density_function (DensityFunction, optional): the distribution of the noise.
            Default: ``DensityFunction.TPDF``.
        noise_shaping (bool, optional): whether the rounding error is filtered into higher
            frequencies. Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Dither()(np.array([0.5, 0.25], np.float32)))
        [0.49996948 0.25003052]
    """

    random_draws: ClassVar[int] = 1

    arg_rules = {"density_function": v.is_a(DensityFunction), "noise_shaping": v.BOOL}

    def __init__(
        self, density_function: DensityFunction = DensityFunction.TPDF, noise_shaping: bool = False
    ) -> None:
        self.density_function, self.noise_shaping = density_function, noise_shaping

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 1, "<..., time>")
        rng = rng if rng is not None else np.random.default_rng()
        t = x.dtype.type
        flat = x.reshape(-1, x.shape[-1]).copy()
        channels, times = flat.shape[0] - 1, flat.shape[1] - 1

        def pick() -> tuple[int, int]:
            return (
                int(rng.integers(channels + 1)) if channels > 0 else 0,
                int(rng.integers(times + 1)) if times > 0 else 0,
            )

        scaled = flat * t(2**15 - 2)
        if self.density_function == DensityFunction.RPDF:
            noisy = scaled + flat[pick()]
        elif self.density_function == DensityFunction.GPDF:
            # MindSpore's running sum: each picked sample is replaced by the sum so far
            gaussian = flat[pick()]
            for _ in range(6):
                where = pick()
                gaussian = gaussian + flat[where]
                flat[where] = gaussian
            noisy = scaled + gaussian
        else:
            n = times + 1
            ramp = 1.0 - np.abs(2.0 * np.arange(n, dtype=np.float32) / np.float32(n) - 1.0)
            noisy = scaled + ramp.astype(x.dtype)
        # rounded half away from zero, as C++'s round
        dithered = (np.sign(noisy) * np.floor(np.abs(noisy) + t(0.5))).astype(x.dtype) / t(2**15)
        if self.noise_shaping:
            error = dithered - flat
            dithered = dithered + np.concatenate([np.zeros_like(error[:, :1]), error[:, :-1]], 1)
        return dithered.reshape(x.shape).astype(x.dtype)
