"""``mindspore.dataset.audio.transforms``: every audio transform, gathered from the topic modules
(``filters``: the IIR filters; ``effects``: waveform effects; ``amplitude``: scale, complex and
mu-law conversions; ``spectral``: STFT-based transforms; ``masking``: spectrogram masks)."""

from deepsink.dataset.audio.filters import (
    AllpassBiquad,
    BandBiquad,
    BandpassBiquad,
    BandrejectBiquad,
    BassBiquad,
    Biquad,
    DeemphBiquad,
    EqualizerBiquad,
    Filtfilt,
    HighpassBiquad,
    LFilter,
    LowpassBiquad,
    RiaaBiquad,
    TrebleBiquad,
)
from deepsink.dataset.audio.operation import AudioTensorOperation

__all__ = [
    "AllpassBiquad",
    "AudioTensorOperation",
    "BandBiquad",
    "BandpassBiquad",
    "BandrejectBiquad",
    "BassBiquad",
    "Biquad",
    "DeemphBiquad",
    "EqualizerBiquad",
    "Filtfilt",
    "HighpassBiquad",
    "LFilter",
    "LowpassBiquad",
    "RiaaBiquad",
    "TrebleBiquad",
]
from deepsink.dataset.audio.amplitude import (
    AmplitudeToDB,
    Angle,
    ComplexNorm,
    DBToAmplitude,
    DCShift,
    Dither,
    Fade,
    Gain,
    Magphase,
    MuLawDecoding,
    MuLawEncoding,
    Vol,
)

__all__ += [
    "AmplitudeToDB",
    "Angle",
    "ComplexNorm",
    "DBToAmplitude",
    "DCShift",
    "Dither",
    "Fade",
    "Gain",
    "Magphase",
    "MuLawDecoding",
    "MuLawEncoding",
    "Vol",
]
