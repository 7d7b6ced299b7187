"""The spectrogram masks of ``mindspore.dataset.audio``: MaskAlongAxis (a fixed band),
MaskAlongAxisIID (a random band), FrequencyMasking and TimeMasking (SpecAugment's, fixed or, with
``iid_masks``, random).

A random band has a width drawn uniformly from [0, ``mask_param``] and a start drawn uniformly
from [0, length - width], one band per sample (the same for all its channels); the draws follow
``mindspore.dataset.config.set_seed``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from deepsink.dataset.audio import validators as v
from deepsink.dataset.audio.operation import (
    AudioTensorOperation,
    check_float_input,
    check_rank,
    fail,
)


def mask_along_axis(
    api: str, x: np.ndarray, start: int, width: int, value: float, axis: int
) -> np.ndarray:
    """``x`` <..., freq, time> with [start, start + width) of ``axis`` (1: freq, 2: time) set to
    ``value``."""
    length = x.shape[-2] if axis == 1 else x.shape[-1]
    if start + width > length:
        fail(
            api,
            "invalid parameter, the sum of 'mask_start' and 'mask_width' should be no more than "
            f"the length of the masked dimension, but got: 'mask_start' {start}, 'mask_width' "
            f"{width} and length {length}",
        )
    out = x.copy()
    if axis == 1:
        out[..., start : start + width, :] = value
    else:
        out[..., start : start + width] = value
    return out


def _spectrogram(api: str, x: np.ndarray) -> np.ndarray:
    x = check_float_input(api, x)
    check_rank(api, x, 2, "<..., freq, time>")
    return x


def random_mask(
    api: str, x: np.ndarray, param: int, value: float, axis: int, rng: np.random.Generator | None
) -> np.ndarray:
    rng = rng if rng is not None else np.random.default_rng()
    length = x.shape[-2] if axis == 1 else x.shape[-1]
    width = int(rng.integers(param + 1))
    start = int(rng.integers(max(length - width, 0) + 1))
    return mask_along_axis(api, x, start, width, value, axis)


class MaskAlongAxis(AudioTensorOperation):
    """Set [``mask_start``, ``mask_start + mask_width``) of ``axis`` (1: frequency, 2: time) of a
    spectrogram <..., freq, time> to ``mask_value``.

    Args:
        mask_start (int): the first masked index, at least 0.
        mask_width (int): the number of masked indices, positive.
        mask_value (float): the value written into the band.
        axis (int): 1 masks frequency bins, 2 masks time frames.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.MaskAlongAxis(1, 2, 9.0, 2)(np.zeros((1, 4), np.float32)))
        [[0. 9. 9. 0.]]
    """

    arg_rules = {
        # every type, then every range
        "mask_start": v.is_a(int),
        "mask_width": v.is_a(int),
        "mask_value": v.NUMBER,
        "axis": (
            v.is_a(int),
            v.of("mask_start", v.NON_NEG_INT),
            v.of("mask_width", v.POS_INT),
            v.of("mask_value", v.FLOAT32),
            v.within(1, 2, types=(int,)),
        ),
    }

    def __init__(self, mask_start: int, mask_width: int, mask_value: float, axis: int) -> None:
        self.mask_start, self.mask_width, self.mask_value, self.axis = (
            mask_start,
            mask_width,
            mask_value,
            axis,
        )

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _spectrogram(self.name, x)
        return mask_along_axis(
            self.name, x, self.mask_start, self.mask_width, self.mask_value, self.axis
        )


class MaskAlongAxisIID(AudioTensorOperation):
    """Set a random band of ``axis`` (1: frequency, 2: time) of a spectrogram to ``mask_value``:
    width uniform in [0, ``mask_param``], start uniform in [0, length - width].

    Args:
        mask_param (int): the largest width of the random band, at least 0.
        mask_value (float): the value written into the band.
        axis (int): 1 masks frequency bins, 2 masks time frames.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> out = audio.MaskAlongAxisIID(2, 9.0, 2)(np.zeros((1, 6), np.float32))
        >>> print(out.shape, int((out == 9.0).sum()) <= 2)
        (1, 6) True
    """

    random_draws: ClassVar[int] = 1

    arg_rules = {
        "mask_param": v.NON_NEG_INT,
        "mask_value": (v.NUMBER, v.FLOAT32),
        "axis": v.within(1, 2, types=(int,)),
    }

    def __init__(self, mask_param: int, mask_value: float, axis: int) -> None:
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
        x = _spectrogram(self.name, x)
        return random_mask(self.name, x, self.mask_param, self.mask_value, self.axis, rng)


def masking_rules(width: str) -> dict:
    """FrequencyMasking's and TimeMasking's rules (MindSpore's messages call ``width``
    ``mask_param``)."""
    return {
        "iid_masks": v.BOOL,
        width: v.labelled("mask_param", v.is_a(int), v.NON_NEG_FLOAT),
        "mask_start": (v.is_a(int), v.NON_NEG_FLOAT),
        "mask_value": v.NON_NEG_NUMBER,
    }


class _Masking(AudioTensorOperation):
    random_draws: ClassVar[int] = 1
    axis: ClassVar[int] = 1
    dim_name: ClassVar[str] = ""

    def compute(self, x: np.ndarray, rng: np.random.Generator | None = None) -> np.ndarray:
        x = _spectrogram(self.name, x)
        length = x.shape[-2] if self.axis == 1 else x.shape[-1]
        if self.mask_param > length:
            fail(
                self.name,
                f"invalid parameter, '{self.dim_name}_mask_param' should be less than or equal "
                f"to the length of {self.dim_name} dimension, but got: '{self.dim_name}"
                f"_mask_param' {self.mask_param} and length {length}",
            )
        if self.iid_masks:
            return random_mask(self.name, x, self.mask_param, self.mask_value, self.axis, rng)
        return mask_along_axis(
            self.name, x, self.mask_start, self.mask_param, self.mask_value, self.axis
        )


class FrequencyMasking(_Masking):
    """SpecAugment's frequency mask on a spectrogram <..., freq, time>: ``freq_mask_param`` bins
    from ``mask_start`` set to ``mask_value``, or, with ``iid_masks``, a random band (width
    uniform in [0, ``freq_mask_param``]).

    Args:
        iid_masks (bool, optional): a random band (per call) instead of the fixed one.
            Default: ``False``.
        freq_mask_param (int, optional): the band's width in bins (the largest width when random),
            at least 0. Default: ``0``.
        mask_start (int, optional): the first masked bin of the fixed band, at least 0.
            Default: ``0``.
        mask_value (float, optional): the value written into the band, at least 0.
            Default: ``0.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> out = audio.FrequencyMasking(freq_mask_param=2, mask_start=1)(np.ones((4, 2), np.float32))
        >>> print(out[:, 0])
        [1. 0. 0. 1.]
    """

    dim_name: ClassVar[str] = "frequency"
    axis: ClassVar[int] = 1

    arg_rules = masking_rules("freq_mask_param")

    def __init__(
        self,
        iid_masks: bool = False,
        freq_mask_param: int = 0,
        mask_start: int = 0,
        mask_value: float = 0.0,
    ) -> None:
        self.iid_masks, self.mask_param = iid_masks, freq_mask_param
        self.mask_start, self.mask_value = mask_start, mask_value


class TimeMasking(_Masking):
    """SpecAugment's time mask on a spectrogram <..., freq, time>: ``time_mask_param`` frames
    from ``mask_start`` set to ``mask_value``, or, with ``iid_masks``, a random band (width
    uniform in [0, ``time_mask_param``]).

    Args:
        iid_masks (bool, optional): a random band (per call) instead of the fixed one.
            Default: ``False``.
        time_mask_param (int, optional): the band's width in frames (the largest width when
            random), at least 0. Default: ``0``.
        mask_start (int, optional): the first masked frame of the fixed band, at least 0.
            Default: ``0``.
        mask_value (float, optional): the value written into the band, at least 0.
            Default: ``0.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.TimeMasking(time_mask_param=2, mask_start=1)(np.ones((1, 4), np.float32)))
        [[1. 0. 0. 1.]]
    """

    dim_name: ClassVar[str] = "time"
    axis: ClassVar[int] = 2

    arg_rules = masking_rules("time_mask_param")

    def __init__(
        self,
        iid_masks: bool = False,
        time_mask_param: int = 0,
        mask_start: int = 0,
        mask_value: float = 0.0,
    ) -> None:
        self.iid_masks, self.mask_param = iid_masks, time_mask_param
        self.mask_start, self.mask_value = mask_start, mask_value
