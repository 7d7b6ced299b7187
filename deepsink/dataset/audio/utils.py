"""``mindspore.dataset.audio.utils``: the audio transforms' enums (window, padding, scale, ...)
and the matrices they share: the DCT (``create_dct``), the linear and mel triangular filter banks
(``linear_fbanks``, ``melscale_fbanks``), and the STFT windows.

The matrices are computed in double precision and returned as float32 arrays, as MindSpore's.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

from deepsink.dataset.core.validator_helpers import (
    check_non_negative_float32,
    check_non_negative_int32,
    check_pos_float32,
    check_pos_int32,
    type_check,
)


class BorderType(StrEnum):
    """
    Padding mode.

    Possible enumeration values are: ``BorderType.CONSTANT``, ``BorderType.EDGE``, ``BorderType.REFLECT``,
    ``BorderType.SYMMETRIC``.

    - BorderType.CONSTANT: Pad with a constant value.
    - BorderType.EDGE: Pad with the last value on the edge.
    - BorderType.REFLECT: Reflect the value on the edge while omitting the last one.
      For example, pad [1, 2, 3, 4] with 2 elements on both sides will result in [3, 2, 1, 2, 3, 4, 3, 2].
    - BorderType.SYMMETRIC: Reflect the value on the edge while repeating the last one.
      For example, pad [1, 2, 3, 4] with 2 elements on both sides will result in [2, 1, 1, 2, 3, 4, 4, 3].

    Note:
        This class is derived from class str to support json serializable.
    """

    CONSTANT: str = "constant"
    EDGE: str = "edge"
    REFLECT: str = "reflect"
    SYMMETRIC: str = "symmetric"


class DensityFunction(StrEnum):
    """
    Density function type.

    Possible enumeration values are: ``DensityFunction.TPDF``, ``DensityFunction.RPDF``,
    ``DensityFunction.GPDF``.

    - DensityFunction.TPDF: Triangular Probability Density Function.
    - DensityFunction.RPDF: Rectangular Probability Density Function.
    - DensityFunction.GPDF: Gaussian Probability Density Function.
    """

    TPDF: str = "TPDF"
    RPDF: str = "RPDF"
    GPDF: str = "GPDF"


class FadeShape(StrEnum):
    """
    Fade Shapes.

    Possible enumeration values are: ``FadeShape.QUARTER_SINE``, ``FadeShape.HALF_SINE``, ``FadeShape.LINEAR``,
    ``FadeShape.LOGARITHMIC``, ``FadeShape.EXPONENTIAL``.

    - FadeShape.QUARTER_SINE: means the fade shape is quarter_sine mode.
    - FadeShape.HALF_SINE: means the fade shape is half_sine mode.
    - FadeShape.LINEAR: means the fade shape is linear mode.
    - FadeShape.LOGARITHMIC: means the fade shape is logarithmic mode.
    - FadeShape.EXPONENTIAL: means the fade shape is exponential mode.
    """

    QUARTER_SINE: str = "quarter_sine"
    HALF_SINE: str = "half_sine"
    LINEAR: str = "linear"
    LOGARITHMIC: str = "logarithmic"
    EXPONENTIAL: str = "exponential"


class GainType(StrEnum):
    """
    Gain type.

    Possible enumeration values are: ``GainType.AMPLITUDE``, ``GainType.POWER``, ``GainType.DB``.

    - GainType.AMPLITUDE: means input gain type is amplitude.
    - GainType.POWER: means input gain type is power.
    - GainType.DB: means input gain type is decibel.
    """

    AMPLITUDE: str = "amplitude"
    POWER: str = "power"
    DB: str = "db"


class Interpolation(StrEnum):
    """
    Interpolation type.

    Possible enumeration values are: ``Interpolation.LINEAR``, ``Interpolation.QUADRATIC``.

    - Interpolation.LINEAR: means input interpolation type is linear.
    - Interpolation.QUADRATIC: means input interpolation type is quadratic.
    """

    LINEAR: str = "linear"
    QUADRATIC: str = "quadratic"


class MelType(StrEnum):
    """
    Mel scale implementation type.

    Possible enumeration values are: ``MelType.HTK``, ``MelType.SLANEY``.

    - MelType.HTK: The Hidden Markov Toolkit (HTK) implementation, refer to `HTK <https://htk.eng.cam.ac.uk/>`_ .
    - MelType.SLANEY: The MATLAB Auditory Toolbox of Slaney implementation,
      refer to `Auditory Toolbox <https://engineering.purdue.edu/~malcolm/interval/1998-010/>`_ .
    """

    HTK: str = "htk"
    SLANEY: str = "slaney"


class Modulation(StrEnum):
    """
    Modulation type.

    Possible enumeration values are: ``Modulation.SINUSOIDAL``, ``Modulation.TRIANGULAR``.

    - Modulation.SINUSOIDAL: means input modulation type is sinusoidal.
    - Modulation.TRIANGULAR: means input modulation type is triangular.
    """

    SINUSOIDAL: str = "sinusoidal"
    TRIANGULAR: str = "triangular"


class NormMode(StrEnum):
    """
    Normalization mode.

    Possible enumeration values are: ``NormMode.ORTHO``, ``NormMode.NONE``.

    - NormMode.ORTHO: Use an ortho-normal DCT basis.
    - NormMode.NONE: No normalization.
    """

    ORTHO: str = "ortho"
    NONE: str = "none"


class NormType(StrEnum):
    """
    Normalization type.

    Possible enumeration values are: ``NormType.SLANEY``, ``NormType.NONE``.

    - NormType.SLANEY: Use an area normalization.
    - NormType.NONE: No normalization.
    """

    SLANEY: str = "slaney"
    NONE: str = "none"


class ResampleMethod(StrEnum):
    """
    Resample method.

    Possible enumeration values are: ``ResampleMethod.SINC_INTERPOLATION``, ``ResampleMethod.KAISER_WINDOW``.

    - ResampleMethod.SINC_INTERPOLATION: The Whittaker-Shannon interpolation or sinc interpolation formula.
    - ResampleMethod.KAISER_WINDOW: The Kaiser window interpolation.
    """

    SINC_INTERPOLATION: str = "sinc_interpolation"
    KAISER_WINDOW: str = "kaiser_window"


class ScaleType(StrEnum):
    """
    Scale type.

    Possible enumeration values are: ``ScaleType.POWER``, ``ScaleType.MAGNITUDE``.

    - ScaleType.POWER: means the scale of input audio is power.
    - ScaleType.MAGNITUDE: means the scale of input audio is magnitude.
    """

    POWER: str = "power"
    MAGNITUDE: str = "magnitude"


class WindowType(StrEnum):
    """
    Window function type.

    Possible enumeration values are: ``WindowType.BARTLETT``, ``WindowType.BLACKMAN``,
    ``WindowType.HAMMING``, ``WindowType.HANN``, ``WindowType.KAISER``.

    - WindowType.BARTLETT: Bartlett window function.
    - WindowType.BLACKMAN: Blackman window function.
    - WindowType.HAMMING: Hamming window function.
    - WindowType.HANN: Hann window function.
    - WindowType.KAISER: Kaiser window function. Currently, it is not supported on macOS.
    """

    BARTLETT: str = "bartlett"
    BLACKMAN: str = "blackman"
    HAMMING: str = "hamming"
    HANN: str = "hann"
    KAISER: str = "kaiser"


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


def _check_fbank_args(n_freqs, f_min, f_max, n_filter, name, sample_rate) -> None:
    type_check(n_freqs, (int,), "n_freqs")
    check_non_negative_int32(n_freqs, "n_freqs")
    type_check(f_min, (int, float), "f_min")
    check_non_negative_float32(f_min, "f_min")
    type_check(f_max, (int, float), "f_max")
    check_pos_float32(f_max, "f_max")
    if f_min > f_max:
        raise ValueError(
            f"Input f_min should be no more than f_max, but got f_min: {f_min} and f_max: {f_max}."
        )
    type_check(n_filter, (int,), name)
    check_pos_int32(n_filter, name)
    type_check(sample_rate, (int,), "sample_rate")
    check_pos_int32(sample_rate, "sample_rate")


def triangular_fbanks(all_freqs: np.ndarray, f_pts: np.ndarray) -> np.ndarray:
    """Triangular filters with corners ``f_pts`` sampled at ``all_freqs``: (n_freqs, n_filter)."""
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        down = -slopes[:, :-2] / f_diff[:-1]
        up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up)) + 0.0  # no negative zeros


def linear_fbanks(n_freqs: int, f_min: float, f_max: float, n_filter: int, sample_rate: int):
    """The linear triangular filter bank, (``n_freqs``, ``n_filter``) float32: filters evenly
    spaced in Hz between ``f_min`` and ``f_max``, sampled at ``n_freqs`` frequencies in
    [0, ``sample_rate`` // 2].

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
    _check_fbank_args(n_freqs, f_min, f_max, n_filter, "n_filter", sample_rate)
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


def melscale_fbanks(
    n_freqs: int,
    f_min: float,
    f_max: float,
    n_mels: int,
    sample_rate: int,
    norm: NormType = NormType.NONE,
    mel_type: MelType = MelType.HTK,
) -> np.ndarray:
    """The mel triangular filter bank, (``n_freqs``, ``n_mels``) float32: filters evenly spaced
    on the mel scale (``mel_type``) between ``f_min`` and ``f_max``, area-normalized when
    ``norm`` is ``NormType.SLANEY``.

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
    _check_fbank_args(n_freqs, f_min, f_max, n_mels, "n_mels", sample_rate)
    type_check(norm, (NormType,), "norm")
    type_check(mel_type, (MelType,), "mel_type")
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
