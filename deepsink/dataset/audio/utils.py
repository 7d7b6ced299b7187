"""``mindspore.dataset.audio.utils``: the audio transforms' enums (window, padding, scale, ...)
and the matrices they share: the DCT (``create_dct``), the linear and mel triangular filter banks
(``linear_fbanks``, ``melscale_fbanks``), and the STFT windows.

The matrices are computed in double precision and returned as float32 arrays, as MindSpore's.
"""

from __future__ import annotations

from enum import Enum

import numpy as np

from deepsink.dataset.audio import validators as v


class AudioEnum(str, Enum):  # noqa: UP042 - MindSpore's str and repr, not StrEnum's
    """A str-valued option of the audio transforms: it compares equal to its value, and prints and
    appears in messages as ``Class.MEMBER``, as MindSpore's."""


class BorderType(AudioEnum):
    """How a signal is extended past its ends before framing (``Spectrogram``'s ``pad_mode``,
    ``ComputeDeltas``' edges).

    ``CONSTANT`` fills with zeros, ``EDGE`` repeats the end sample, ``REFLECT`` mirrors about the
    end sample (which is not repeated: [1, 2, 3] padded by 2 on the left gives [3, 2, 1, 2, 3]),
    ``SYMMETRIC`` mirrors including the end sample ([2, 1, 1, 2, 3]). A member is its lower-case
    name as a str, so it serializes to JSON.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import BorderType
        >>> print(BorderType.REFLECT.value, BorderType("edge") is BorderType.EDGE)
        reflect True
    """

    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(AudioEnum):
    """The distribution of ``Dither``'s noise: ``TPDF`` triangular, ``RPDF`` rectangular (uniform),
    ``GPDF`` Gaussian.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import DensityFunction, Dither
        >>> op = Dither(DensityFunction.RPDF)
        >>> print([m.value for m in DensityFunction])
        ['TPDF', 'RPDF', 'GPDF']
    """

    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(AudioEnum):
    """The gain curve of ``Fade``'s ramps: ``LINEAR``, ``EXPONENTIAL``, ``LOGARITHMIC``, and the
    ``QUARTER_SINE`` and ``HALF_SINE`` arcs.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> fade = audio.Fade(3, 0, audio.FadeShape.HALF_SINE)
        >>> print(fade(np.ones(4, np.float32)))
        [0.  0.5 1.  1. ]
    """

    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(AudioEnum):
    """What ``Vol``'s ``gain`` means: an ``AMPLITUDE`` factor, a ``POWER`` factor (its square
    root scales the samples) or decibels (``DB``).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import GainType, Vol
        >>> print(Vol(4.0, GainType.POWER)(np.array([0.1], np.float32)))
        [0.2]
    """

    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(AudioEnum):
    """How ``Flanger`` reads its delay line between samples: ``LINEAR`` or ``QUADRATIC``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import Interpolation
        >>> print([m.value for m in Interpolation])
        ['linear', 'quadratic']
    """

    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(AudioEnum):
    """The Hz-to-mel formula: ``HTK`` (``2595 * log10(1 + f / 700)``) or ``SLANEY`` (linear below
    1 kHz, logarithmic above, as Slaney's Auditory Toolbox).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import MelType, melscale_fbanks
        >>> print(melscale_fbanks(3, 0.0, 4000.0, 1, 8000, mel_type=MelType.SLANEY).ravel())
        [0.       0.712819 0.      ]
    """

    HTK = "htk"
    SLANEY = "slaney"


class Modulation(AudioEnum):
    """The waveform of ``Flanger``'s delay sweep: ``SINUSOIDAL`` or ``TRIANGULAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> tri = audio.Modulation("triangular")
        >>> quad = audio.Interpolation.QUADRATIC
        >>> flanger = audio.Flanger(8000, modulation=tri, interpolation=quad)
        >>> print(tri is audio.Modulation.TRIANGULAR, flanger(np.zeros((1, 4), np.float32)).shape)
        True (1, 4)
    """

    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(AudioEnum):
    """The scaling of a DCT (``create_dct``, ``MFCC``, ``LFCC``): ``ORTHO`` for an orthonormal
    basis, ``NONE`` for the plain DCT-II.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import NormMode, create_dct
        >>> print(create_dct(1, 4, NormMode.ORTHO).ravel())
        [0.5 0.5 0.5 0.5]
    """

    ORTHO = "ortho"
    NONE = "none"


class NormType(AudioEnum):
    """The scaling of mel filters: ``SLANEY`` divides each triangle by its width (equal area),
    ``NONE`` leaves every peak at 1.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> for norm in audio.NormType:
        ...     bank = audio.melscale_fbanks(9, 0.0, 4000.0, 2, 8000, norm=norm)
        ...     print(norm.value, round(float(bank.max()), 6))
        slaney 0.0009
        none 0.905522
    """

    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(AudioEnum):
    """``Resample``'s interpolation kernel: a Hann-windowed sinc (``SINC_INTERPOLATION``) or a
    Kaiser-windowed sinc (``KAISER_WINDOW``).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import Resample, ResampleMethod
        >>> op = Resample(8000, 4000, ResampleMethod.KAISER_WINDOW)
        >>> print(op(np.zeros(8, np.float32)).shape)
        (4,)
    """

    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(AudioEnum):
    """Whether ``AmplitudeToDB``'s input holds ``POWER`` (decibels are 10 log10) or
    ``MAGNITUDE`` values (20 log10).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import AmplitudeToDB, ScaleType
        >>> print(AmplitudeToDB(ScaleType.MAGNITUDE)(np.array([[10.0]], np.float32)))
        [[20.]]
    """

    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(AudioEnum):
    """The STFT window: ``BARTLETT`` (triangle), ``BLACKMAN``, ``HAMMING``, ``HANN``, ``KAISER``
    (beta 12); all periodic.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import Spectrogram, WindowType
        >>> spec = Spectrogram(n_fft=4, window=WindowType.HAMMING)
        >>> print(spec(np.zeros(8, np.float32)).shape)
        (3, 5)
    """

    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


def create_dct(n_mfcc: int, n_mels: int, norm: NormMode = NormMode.NONE) -> np.ndarray:
    """The DCT-II matrix of shape (``n_mels``, ``n_mfcc``), to right-multiply row-wise data by.

    Args:
        n_mfcc (int): the number of coefficients to keep, positive.
        n_mels (int): the number of mel filter banks, positive.
        norm (NormMode, optional): ``NormMode.NONE`` (the bare DCT-II, times 2) or
            ``NormMode.ORTHO`` (orthonormal). Default: ``NormMode.NONE``.

    Returns:
        numpy.ndarray, float32 of shape (``n_mels``, ``n_mfcc``).

    Raises:
        TypeError: ``n_mfcc`` or ``n_mels`` is not an int, or ``norm`` not a NormMode.
        ValueError: ``n_mfcc`` or ``n_mels`` is not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import create_dct, NormMode
        >>> print(create_dct(2, 2, NormMode.ORTHO))
        [[ 0.70710677  0.70710677]
         [ 0.70710677 -0.70710677]]
    """
    if not isinstance(n_mfcc, int):
        raise TypeError(f"n_mfcc with value {n_mfcc} is not of type {int}, but got {type(n_mfcc)}.")
    if not isinstance(n_mels, int):
        raise TypeError(f"n_mels with value {n_mels} is not of type {int}, but got {type(n_mels)}.")
    if not isinstance(norm, NormMode):
        raise TypeError(f"norm with value {norm} is not of type {NormMode}, but got {type(norm)}.")
    if n_mfcc <= 0:
        raise ValueError(f"n_mfcc must be greater than 0, but got {n_mfcc}.")
    if n_mels <= 0:
        raise ValueError(f"n_mels must be greater than 0, but got {n_mels}.")
    n = np.arange(n_mels, dtype=np.float64)
    k = np.arange(n_mfcc, dtype=np.float64)[:, None]
    dct = np.cos(np.pi / n_mels * (n + 0.5) * k)
    if norm == NormMode.NONE:
        dct *= 2.0
    else:
        dct[0] *= 1.0 / np.sqrt(2.0)
        dct *= np.sqrt(2.0 / n_mels)
    return dct.T.astype(np.float32)


def _fbank_rules(filters: str) -> dict:
    """The rules of the filter-bank functions (``filters``: the name of the filter count)."""
    return {
        "n_freqs": v.NON_NEG_INT,
        "f_min": v.NON_NEG_NUMBER,
        "f_max": (
            *v.POS_NUMBER,
            v.require(
                lambda a: not a["f_min"] > a["f_max"],
                "Input f_min should be no more than f_max, but got f_min: {f_min} and f_max: "
                "{f_max}.",
            ),
        ),
        filters: v.POS_INT,
        "sample_rate": v.POS_INT,
    }


def triangular_fbanks(all_freqs: np.ndarray, f_pts: np.ndarray) -> np.ndarray:
    """Triangular filters with corners ``f_pts`` sampled at ``all_freqs``: (n_freqs, n_filter)."""
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        down = -slopes[:, :-2] / f_diff[:-1]
        up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up)) + 0.0  # no negative zeros


@v.check_args(_fbank_rules("n_filter"))
def linear_fbanks(
    n_freqs: int, f_min: float, f_max: float, n_filter: int, sample_rate: int
) -> np.ndarray:
    """The linear triangular filter bank: ``n_filter`` triangles evenly spaced in Hz between
    ``f_min`` and ``f_max``, sampled at ``n_freqs`` frequencies from 0 to ``sample_rate // 2``.

    Args:
        n_freqs (int): the number of frequency bins (an STFT's ``n_fft // 2 + 1``), at least 0.
        f_min (float): the lowest frequency in Hz, at least 0.
        f_max (float): the highest frequency in Hz, positive, at least ``f_min``.
        n_filter (int): the number of filters, positive.
        sample_rate (int): the sampling rate in Hz, positive.

    Returns:
        numpy.ndarray, float32 of shape (``n_freqs``, ``n_filter``).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``n_freqs`` negative, ``f_min`` negative or above ``f_max``, ``f_max``,
            ``n_filter`` or ``sample_rate`` not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import linear_fbanks
        >>> print(linear_fbanks(3, 0.0, 4000.0, 1, 8000))
        [[0.]
         [1.]
         [0.]]
    """
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    f_pts = np.linspace(f_min, f_max, n_filter + 2)
    return triangular_fbanks(all_freqs, f_pts).astype(np.float32)


def hz_to_mel(freq, mel_type: MelType):
    freq = np.asarray(freq, np.float64)
    if mel_type == MelType.HTK:
        return 2595.0 * np.log10(1.0 + freq / 700.0)
    f_sp, min_log_hz, min_log_mel, logstep = 200.0 / 3, 1000.0, 15.0, np.log(6.4) / 27.0
    mels = freq / f_sp
    with np.errstate(divide="ignore"):
        log_part = min_log_mel + np.log(np.maximum(freq, 1e-300) / min_log_hz) / logstep
    return np.where(freq >= min_log_hz, log_part, mels)


def mel_to_hz(mels, mel_type: MelType):
    mels = np.asarray(mels, np.float64)
    if mel_type == MelType.HTK:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)
    f_sp, min_log_hz, min_log_mel, logstep = 200.0 / 3, 1000.0, 15.0, np.log(6.4) / 27.0
    freqs = f_sp * mels
    return np.where(mels >= min_log_mel, min_log_hz * np.exp(logstep * (mels - min_log_mel)), freqs)


def mel_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type) -> np.ndarray:
    """The mel filter bank in float64 (unchecked arguments)."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    m_pts = np.linspace(hz_to_mel(f_min, mel_type), hz_to_mel(f_max, mel_type), n_mels + 2)
    f_pts = mel_to_hz(m_pts, mel_type)
    fb = triangular_fbanks(all_freqs, f_pts)
    if norm == NormType.SLANEY:
        fb *= 2.0 / (f_pts[2 : n_mels + 2] - f_pts[:n_mels])
    return fb


@v.check_args({**_fbank_rules("n_mels"), "norm": v.is_a(NormType), "mel_type": v.is_a(MelType)})
def melscale_fbanks(
    n_freqs: int,
    f_min: float,
    f_max: float,
    n_mels: int,
    sample_rate: int,
    norm: NormType = NormType.NONE,
    mel_type: MelType = MelType.HTK,
) -> np.ndarray:
    """The mel triangular filter bank: ``n_mels`` triangles evenly spaced on the mel scale
    (``mel_type``) between ``f_min`` and ``f_max``, sampled at ``n_freqs`` frequencies from 0 to
    ``sample_rate // 2``; with ``norm`` ``NormType.SLANEY`` each has unit area.

    Args:
        n_freqs (int): how many frequencies the filters are sampled at, at least 0.
        f_min (float): the lower edge in Hz, at least 0.
        f_max (float): the upper edge in Hz, positive, not below ``f_min``.
        n_mels (int): the number of mel filters, positive.
        sample_rate (int): the sampling rate in Hz (the bins span up to its half), positive.
        norm (NormType, optional): the filters' scaling. Default: ``NormType.NONE``.
        mel_type (MelType, optional): the mel formula. Default: ``MelType.HTK``.

    Returns:
        numpy.ndarray, float32 of shape (``n_freqs``, ``n_mels``).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``n_freqs`` negative, ``f_min`` negative or above ``f_max``, ``f_max``,
            ``n_mels`` or ``sample_rate`` not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.audio import melscale_fbanks
        >>> print(melscale_fbanks(3, 0.0, 4000.0, 1, 8000).ravel())
        [0.        0.6929613 0.       ]
    """
    return mel_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type).astype(np.float32)


def window(kind: WindowType, length: int) -> np.ndarray:
    """The periodic STFT window ``kind`` of ``length`` samples (float64); Kaiser with beta 12."""
    if length == 1:
        return np.ones(1)
    n = np.arange(length, dtype=np.float64)
    if kind == WindowType.HANN:
        return 0.5 - 0.5 * np.cos(2 * np.pi * n / length)
    if kind == WindowType.HAMMING:
        return 0.54 - 0.46 * np.cos(2 * np.pi * n / length)
    if kind == WindowType.BLACKMAN:
        return 0.42 - 0.5 * np.cos(2 * np.pi * n / length) + 0.08 * np.cos(4 * np.pi * n / length)
    if kind == WindowType.BARTLETT:
        return 1.0 - np.abs(2.0 * n / length - 1.0)
    return np.kaiser(length + 1, 12.0)[:-1]
