"""``mindspore.dataset.audio``: audio transforms on waveforms of shape <..., time> and spectrograms
of shape <..., freq, time>, their enums and the filter-bank utilities."""

from deepsink.dataset.audio import transforms as transforms
from deepsink.dataset.audio import utils as utils
from deepsink.dataset.audio import validators as validators
from deepsink.dataset.audio.transforms import *  # noqa: F403
from deepsink.dataset.audio.transforms import __all__ as _transform_names
from deepsink.dataset.audio.utils import (
    BorderType,
    DensityFunction,
    FadeShape,
    GainType,
    Interpolation,
    MelType,
    Modulation,
    NormMode,
    NormType,
    ResampleMethod,
    ScaleType,
    WindowType,
    create_dct,
    linear_fbanks,
    melscale_fbanks,
)

__all__ = [
    *_transform_names,
    "BorderType",
    "DensityFunction",
    "FadeShape",
    "GainType",
    "Interpolation",
    "MelType",
    "Modulation",
    "NormMode",
    "NormType",
    "ResampleMethod",
    "ScaleType",
    "WindowType",
    "create_dct",
    "linear_fbanks",
    "melscale_fbanks",
]
