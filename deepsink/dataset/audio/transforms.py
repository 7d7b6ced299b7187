"""``mindspore.dataset.audio.transforms``: the biquad filters (so far BassBiquad, SoX's low-shelf
tone control).

A biquad is a second-order IIR filter: the coefficients of the page
https://www.w3.org/TR/audio-eq-cookbook/ (as SoX and MindSpore compute them, in double precision),
normalized by ``a0`` and run along the last axis in the waveform's own float type, each output
``y[i] = (b0 x[i] + b1 x[i-1] + b2 x[i-2]) - a1 y[i-1] - a2 y[i-2]`` (that order: MindSpore 2.10's
float32 results are matched bit for bit), then clamped to [-1, 1] as MindSpore's LFilter does (float16 waveforms are filtered in float16).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import INT32_MAX, INT32_MIN, type_check
from deepsink.dataset.transforms.transforms import TensorOperation

FLOAT32_MAX = float(np.finfo(np.float32).max)


def _check_float32(value: Any, name: str) -> None:
    type_check(value, (float, int), name)
    if not -FLOAT32_MAX <= value <= FLOAT32_MAX:
        raise ValueError(
            f"Input {name} is not within the required interval of [{-FLOAT32_MAX}, {FLOAT32_MAX}]."
        )


def _check_sample_rate(sample_rate: Any) -> None:
    type_check(sample_rate, (int,), "sample_rate")
    if sample_rate == 0 or not INT32_MIN <= sample_rate <= INT32_MAX:
        raise ValueError(
            f"Input sample_rate is not within the required interval of [{INT32_MIN}, 0) and "
            f"(0, {INT32_MAX}]."
        )


def _check_q(q: Any) -> None:
    type_check(q, (float, int), "Q")
    if not 0 < q <= 1:
        raise ValueError("Input Q is not within the required interval of (0, 1].")


def biquad_filter(api: str, waveform: Any, b: tuple, a: tuple) -> np.ndarray:
    """``waveform`` (<..., time>, a float type) through the biquad ``b``/``a``, clamped."""
    x = np.asarray(waveform)
    if x.dtype.kind != "f":
        raise RuntimeError(
            f"{api}: the data type of input tensor does not match the requirement of operator. "
            f"Expecting tensor in type of [float, double]. But got type {x.dtype}."
        )
    if x.ndim == 0:
        raise RuntimeError(
            f"{api}: the shape of input tensor does not match the requirement of "
            f"operator. Expecting tensor in shape of <..., time>. But got tensor "
            f"with dimension 0."
        )
    work = x.dtype.type
    b0, b1, b2 = (work(v / a[0]) for v in b)
    a1, a2 = (work(v / a[0]) for v in a[1:])
    xs = np.moveaxis(x.astype(work), -1, 0)
    y = np.empty_like(xs)
    zero = np.zeros(xs.shape[1:], work)
    x1 = x2 = y1 = y2 = zero
    for i in range(xs.shape[0]):
        x0 = xs[i]
        out = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        y[i] = out
        x1, x2, y1, y2 = x0, x1, out, y1
    return np.clip(np.moveaxis(y, 0, -1), -1, 1).astype(x.dtype)


class BassBiquad(TensorOperation):
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
        >>> import deepsink.dataset.audio as audio
        >>> wave = np.array([0.1, 0.2, 0.3, 0.2], np.float32)
        >>> print(audio.BassBiquad(16000, 10.0)(wave))
        [0.10163359 0.20655814 0.3148189  0.22318916]
    """

    batched = False

    def __init__(
        self, sample_rate: int, gain: float, central_freq: float = 100.0, Q: float = 0.707
    ) -> None:  # noqa: N803 - MindSpore's argument name
        _check_sample_rate(sample_rate)
        _check_float32(gain, "gain")
        _check_float32(central_freq, "central_freq")
        _check_q(Q)
        self.sample_rate, self.gain, self.central_freq, self.quality = (
            sample_rate,
            gain,
            central_freq,
            Q,
        )

    def _coefficients(self) -> tuple[tuple, tuple]:
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        alpha = math.sin(w0) / 2 / self.quality
        amp = math.exp(self.gain / 40 * math.log(10))
        t1 = 2 * math.sqrt(amp) * alpha
        t2 = (amp - 1) * math.cos(w0)
        t3 = (amp + 1) * math.cos(w0)
        b = (amp * ((amp + 1) - t2 + t1), 2 * amp * ((amp - 1) - t3), amp * ((amp + 1) - t2 - t1))
        a = ((amp + 1) + t2 + t1, -2 * ((amp - 1) + t3), (amp + 1) + t2 - t1)
        return b, a

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        b, a = self._coefficients()
        return biquad_filter("BassBiquad", x, b, a)
