"""The SoX-style effects of ``mindspore.dataset.audio``: Contrast, Overdrive, Phaser and Flanger,
following MindSpore 2.10's kernels step for step (the delay lines, the wave tables and the
clamping to [-1, 1])."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from deepsink.dataset.audio import validators as v
from deepsink.dataset.audio.operation import (
    AudioTensorOperation,
    check_float_input,
    check_rank,
    fail,
)
from deepsink.dataset.audio.utils import Interpolation, Modulation


def _waveform(api: str, x: np.ndarray) -> np.ndarray:
    x = check_float_input(api, x)
    check_rank(api, x, 1, "<..., time>")
    return x


class Contrast(AudioTensorOperation):
    """SoX's contrast effect: ``sin(x pi/2 + amount/750 sin(2 pi x))``, louder without clipping.

    Args:
        enhancement_amount (float, optional): in [0, 100]. Default: ``75.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Contrast()(np.array([0.0, 1.0], np.float32)))
        [0. 1.]
    """

    arg_rules = {"enhancement_amount": v.within(0, 100)}

    def __init__(self, enhancement_amount: float = 75.0) -> None:
        self.enhancement_amount = enhancement_amount

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _waveform(self.name, x)
        t = x.dtype.type
        amount = t(self.enhancement_amount / 750.0)
        temp1 = (x.astype(np.float64) * (math.pi / 2)).astype(t)
        return np.sin(temp1 + amount * np.sin(temp1 * t(4))).astype(t)


class Overdrive(AudioTensorOperation):
    """SoX's overdrive: ``gain`` dB into a soft clipper biased by ``color``, through a DC
    blocker, mixed half and half with the input.

    Args:
        gain (float, optional): the drive in dB, in [0, 100]. Default: ``20.0``.
        color (float, optional): the even harmonics added, in [0, 100]. Default: ``20.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Overdrive()(np.zeros(3, np.float32)).shape)
        (3,)
    """

    arg_rules = {"gain": v.within(0, 100), "color": v.within(0, 100)}

    def __init__(self, gain: float = 20.0, color: float = 20.0) -> None:
        self.gain, self.color = gain, color

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _waveform(self.name, x)
        t = x.dtype.type
        flat = x.reshape(-1, x.shape[-1])
        gain = np.float32(math.exp(self.gain * math.log(10) / 20.0))
        color = np.float32(np.float32(self.color) / 200)
        scaled = flat * t(gain) + t(color)
        shaped = np.where(
            scaled < -1,
            t(-2.0 / 3.0),
            np.where(scaled > 1, t(2.0 / 3.0), (scaled - scaled * scaled * scaled / t(3.0))),
        ).astype(t)
        out = np.empty_like(flat)
        last_in = np.zeros(flat.shape[0], t)
        last_out = np.zeros(flat.shape[0], t)
        for i in range(flat.shape[1]):
            last_out = (shaped[:, i] - last_in + last_out * t(0.995)).astype(t)
            last_in = shaped[:, i]
            out[:, i] = flat[:, i] * t(0.5) + last_out * t(0.75)
        return np.clip(out, -1, 1).reshape(x.shape)


def wave_table(
    modulation: Modulation, size: int, low: float, high: float, phase: float, integer: bool
) -> np.ndarray:
    """MindSpore's LFO table: ``size`` points of a sine or triangle between ``low`` and
    ``high``, shifted by ``phase`` radians (rounded half away from zero when ``integer``)."""
    offset = int(np.float32(phase) / np.float32(math.pi) / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if modulation == Modulation.SINUSOIDAL:
        table = ((np.sin(point * math.pi / size * 2) + 1) / 2).astype(np.float32)
    else:
        table = (point * 2.0 / size).astype(np.float32)
        quarter = (4 * point) // size
        table = np.where(
            quarter == 0, table + 0.5, np.where(quarter == 3, table - 1.5, 1.5 - table)
        ).astype(np.float32)
    table = (table * np.float32(high - low) + np.float32(low)).astype(np.float32)
    if integer:
        return np.where(table < 0, table - 0.5, table + 0.5).astype(np.int32)
    return table


class Phaser(AudioTensorOperation):
    """SoX's phaser: a modulated delay line of ``delay_ms`` fed back with ``decay``.

    Args:
        sample_rate (int): the sampling rate in Hz.
        gain_in (float, optional): the input gain, in [0, 1]. Default: ``0.4``.
        gain_out (float, optional): the output gain, in [0, 1e9]. Default: ``0.74``.
        delay_ms (float, optional): the delay in ms, in [0, 5]. Default: ``3.0``.
        decay (float, optional): the feedback, in [0, 0.99]. Default: ``0.4``.
        mod_speed (float, optional): the modulation speed in Hz, in [0.1, 2]. Default: ``0.5``.
        sinusoidal (bool, optional): a sine modulation (else triangular). Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Phaser(8000)(np.zeros(3, np.float32)))
        [0. 0. 0.]
    """

    arg_rules = {
        "sample_rate": v.INT32,
        "gain_in": v.within(0, 1),
        "gain_out": v.within(0, 1e9),
        "delay_ms": v.within(0, 5.0),
        "decay": v.within(0, 0.99),
        "mod_speed": v.within(0.1, 2),
        "sinusoidal": v.BOOL,
    }

    def __init__(
        self,
        sample_rate: int,
        gain_in: float = 0.4,
        gain_out: float = 0.74,
        delay_ms: float = 3.0,
        decay: float = 0.4,
        mod_speed: float = 0.5,
        sinusoidal: bool = True,
    ) -> None:
        self.sample_rate, self.gain_in, self.gain_out = sample_rate, gain_in, gain_out
        self.delay_ms, self.decay, self.mod_speed = delay_ms, decay, mod_speed
        self.sinusoidal = sinusoidal

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _waveform(self.name, x)
        t = x.dtype.type
        f32 = np.float32
        flat = x.reshape(-1, x.shape[-1]) * t(f32(self.gain_in))
        delay_len = int(f32(self.delay_ms) * 0.001 * self.sample_rate + 0.5)
        mod_len = int(self.sample_rate / f32(self.mod_speed) + 0.5)
        modulation = Modulation.SINUSOIDAL if self.sinusoidal else Modulation.TRIANGULAR
        mod = wave_table(modulation, mod_len, 1.0, float(delay_len), math.pi / 2, integer=True)
        buf = np.zeros((flat.shape[0], delay_len), t)
        out = np.empty_like(flat)
        decay = t(f32(self.decay))
        delay_pos = mod_pos = 0
        for i in range(flat.shape[1]):
            idx = (delay_pos + int(mod[mod_pos])) % delay_len
            mod_pos = (mod_pos + 1) % mod_len
            delay_pos = (delay_pos + 1) % delay_len
            out[:, i] = flat[:, i] + buf[:, idx]
            buf[:, delay_pos] = (flat[:, i] + buf[:, idx]) * decay
        out = out * t(f32(self.gain_out))
        return np.clip(out, -1, 1).astype(t).reshape(x.shape)


class Flanger(AudioTensorOperation):
    """SoX's flanger on <..., channel, time>: a delay of ``delay`` + LFO(``depth``) ms with
    feedback ``regen`` dB, mixed at ``width`` dB, the LFO at ``speed`` Hz shifted by ``phase``
    percent per channel.

    Args:
        sample_rate (int): the sampling rate in Hz, not 0.
        delay (float, optional): the base delay in ms, in [0, 30]. Default: ``0.0``.
        depth (float, optional): the swept delay in ms, in [0, 10]. Default: ``2.0``.
        regen (float, optional): the feedback in percent, in [-95, 95]. Default: ``0.0``.
        width (float, optional): the delayed signal mixed in, in percent, in [0, 100].
            Default: ``71.0``.
        speed (float, optional): the sweeps per second, in [0.1, 10]. Default: ``0.5``.
        phase (float, optional): the phase shift between channels in percent, in [0, 100].
            Default: ``25.0``.
        modulation (Modulation, optional): the sweep's waveform. Default: ``Modulation.SINUSOIDAL``.
        interpolation (Interpolation, optional): how the delay line is read between samples.
            Default: ``Interpolation.LINEAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Flanger(8000)(np.zeros((1, 3), np.float32)))
        [[0. 0. 0.]]
    """

    arg_rules = {
        "sample_rate": v.RATE,
        "delay": v.within(0, 30),
        "depth": v.within(0, 10),
        "regen": v.within(-95, 95),
        "width": v.within(0, 100),
        "speed": v.within(0.1, 10),
        "phase": v.within(0, 100),
        "modulation": v.is_a(Modulation),
        "interpolation": v.is_a(Interpolation),
    }

    def __init__(
        self,
        sample_rate: int,
        delay: float = 0.0,
        depth: float = 2.0,
        regen: float = 0.0,
        width: float = 71.0,
        speed: float = 0.5,
        phase: float = 25.0,
        modulation: Modulation = Modulation.SINUSOIDAL,
        interpolation: Interpolation = Interpolation.LINEAR,
    ) -> None:
        self.sample_rate, self.delay, self.depth, self.regen = sample_rate, delay, depth, regen
        self.width, self.speed, self.phase = width, speed, phase
        self.modulation, self.interpolation = modulation, interpolation

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = check_float_input(self.name, x)
        check_rank(self.name, x, 2, "<..., channel, time>")
        t = x.dtype.type
        f32 = np.float32
        wave = x.reshape(-1, x.shape[-2], x.shape[-1])
        channels, time = wave.shape[1], wave.shape[2]
        feedback = t(f32(self.regen)) / t(100)
        delay_gain = t(f32(self.width)) / t(100)
        channel_phase = t(f32(self.phase)) / t(100)
        delay_min = t(f32(self.delay)) / t(1000)
        delay_depth = t(f32(self.depth)) / t(1000)
        in_gain = t(1.0) / (t(1) + delay_gain)
        delay_gain = delay_gain / (t(1) + delay_gain)
        delay_gain = delay_gain * (t(1) - abs(feedback))
        buf_len = int((delay_min + delay_depth) * self.sample_rate + 0.5) + 2
        lfo_len = int(self.sample_rate / f32(self.speed))
        table_min = math.floor(delay_min * self.sample_rate + 0.5)
        lfo = wave_table(
            self.modulation,
            lfo_len,
            float(table_min),
            buf_len - 2.0,
            float(t(3 * math.pi / 2)),
            integer=False,
        )
        bufs = np.zeros((wave.shape[0], channels, buf_len), t)
        last = np.zeros((wave.shape[0], channels), t)
        out = np.empty_like(wave)
        ch_phase = [int(j * lfo_len * channel_phase + 0.5) for j in range(channels)]
        rows = np.arange(channels)
        buf_pos = lfo_pos = 0
        for i in range(time):
            buf_pos = (buf_pos + buf_len - 1) % buf_len
            delay = np.array([lfo[(lfo_pos + p) % lfo_len] for p in ch_phase], np.float32).astype(t)
            frac = (delay - delay.astype(np.int64)).astype(t)
            int_delay = np.floor(delay).astype(np.int64)
            bufs[:, :, buf_pos] = wave[:, :, i] + last * feedback
            a = bufs[:, rows, (buf_pos + int_delay) % buf_len]
            b = bufs[:, rows, (buf_pos + int_delay + 1) % buf_len]
            if self.interpolation == Interpolation.LINEAR:
                delayed = a + (b - a) * frac
            else:
                c = bufs[:, rows, (buf_pos + int_delay + 2) % buf_len] - a
                b = b - a
                coef = c * t(0.5) - b
                val = b * t(2) - c * t(0.5)
                delayed = a + (coef * frac + val) * frac
            last = delayed
            out[:, :, i] = wave[:, :, i] * in_gain + delayed * delay_gain
            lfo_pos = (lfo_pos + 1) % lfo_len
        return np.clip(out, -1, 1).reshape(x.shape)


def _hann_scaled(size: int, scale: float) -> np.ndarray:
    i = np.arange(size, dtype=np.float64)
    return (scale * (0.5 - 0.5 * np.cos(i / size * math.pi * 2))).astype(np.float32)


class Vad(AudioTensorOperation):
    """SoX's voice activity detector: trim the waveform <..., time> up to the detected start of
    speech (keeping ``pre_trigger_time`` seconds and the quieter bursts found within
    ``search_time`` before it).

    The detector follows MindSpore 2.10's kernel step for step, including how it assembles the
    cepstrum: there the measured spectrum lands after a block of zeros of the same length, so the
    cepstral measure is always 0. A ``trigger_level`` above 0 therefore never triggers, and the
    result is the last ``pre_trigger_time + ceil(search_time * measure_freq) / measure_freq +
    measure_duration`` seconds of the waveform (all of it when shorter), as MindSpore returns it.

    Args:
        sample_rate (int): the sampling rate in Hz, positive.
        trigger_level (float, optional): the measured level that triggers detection.
            Default: ``7.0``.
        trigger_time (float, optional): the time constant in seconds that ignores short bursts,
            at least 0. Default: ``0.25``.
        search_time (float, optional): the seconds searched back for quieter audio before the
            trigger, at least 0. Default: ``1.0``.
        allowed_gap (float, optional): the seconds of gap allowed between bursts, at least 0.
            Default: ``0.25``.
        pre_trigger_time (float, optional): the seconds kept before the trigger point, at least 0.
            Default: ``0.0``.
        boot_time (float, optional): the seconds used to estimate the noise at the start, at
            least 0. Default: ``0.35``.
        noise_up_time (float, optional): the time constant when the noise rises, at least
            ``noise_down_time``. Default: ``0.1``.
        noise_down_time (float, optional): the time constant when the noise falls, at least 0.
            Default: ``0.01``.
        noise_reduction_amount (float, optional): the noise subtracted, at least 0.
            Default: ``1.35``.
        measure_freq (float, optional): the measurements per second, positive. Default: ``20.0``.
        measure_duration (float, optional): the length of a measurement in seconds; ``None``:
            twice the measurement period. Default: ``None``.
        measure_smooth_time (float, optional): the smoothing time constant, at least 0.
            Default: ``0.4``.
        hp_filter_freq (float, optional): the high-pass filter's frequency in Hz, positive.
            Default: ``50.0``.
        lp_filter_freq (float, optional): the low-pass filter's frequency in Hz, positive.
            Default: ``6000.0``.
        hp_lifter_freq (float, optional): the high-pass lifter's frequency in Hz, positive.
            Default: ``150.0``.
        lp_lifter_freq (float, optional): the low-pass lifter's frequency in Hz, positive.
            Default: ``2000.0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.audio as audio
        >>> print(audio.Vad(8000)(np.zeros(10000, np.float32)).shape)
        (8800,)
    """

    arg_rules = {
        "sample_rate": v.POS_INT,
        "trigger_level": (v.NUMBER, v.FLOAT32),
        **dict.fromkeys(
            ("trigger_time", "search_time", "allowed_gap", "pre_trigger_time", "boot_time"),
            v.NON_NEG_NUMBER,
        ),
        "noise_up_time": v.NON_NEG_NUMBER,
        "noise_down_time": (
            *v.NON_NEG_NUMBER,
            v.require(
                lambda a: not a["noise_up_time"] < a["noise_down_time"],
                "Input noise_up_time should be greater than noise_down_time, but got "
                "noise_up_time: {noise_up_time} and noise_down_time: {noise_down_time}.",
            ),
        ),
        "noise_reduction_amount": v.NON_NEG_NUMBER,
        "measure_freq": v.POS_NUMBER,
        "measure_duration": v.when(bool, *v.NON_NEG_NUMBER),  # MindSpore skips 0 and None
        "measure_smooth_time": v.NON_NEG_NUMBER,
        **dict.fromkeys(
            ("hp_filter_freq", "lp_filter_freq", "hp_lifter_freq", "lp_lifter_freq"),
            v.POS_NUMBER,
        ),
    }

    def __init__(
        self,
        sample_rate: int,
        trigger_level: float = 7.0,
        trigger_time: float = 0.25,
        search_time: float = 1.0,
        allowed_gap: float = 0.25,
        pre_trigger_time: float = 0.0,
        boot_time: float = 0.35,
        noise_up_time: float = 0.1,
        noise_down_time: float = 0.01,
        noise_reduction_amount: float = 1.35,
        measure_freq: float = 20.0,
        measure_duration: float | None = None,
        measure_smooth_time: float = 0.4,
        hp_filter_freq: float = 50.0,
        lp_filter_freq: float = 6000.0,
        hp_lifter_freq: float = 150.0,
        lp_lifter_freq: float = 2000.0,
    ) -> None:
        self.sample_rate, self.trigger_level, self.trigger_time = (
            sample_rate,
            trigger_level,
            trigger_time,
        )
        self.search_time, self.allowed_gap, self.pre_trigger_time = (
            search_time,
            allowed_gap,
            pre_trigger_time,
        )
        self.boot_time, self.noise_up_time, self.noise_down_time = (
            boot_time,
            noise_up_time,
            noise_down_time,
        )
        self.noise_reduction_amount, self.measure_freq = noise_reduction_amount, measure_freq
        self.measure_duration = measure_duration if measure_duration else 2.0 / measure_freq
        self.measure_smooth_time = measure_smooth_time
        self.hp_filter_freq, self.lp_filter_freq = hp_filter_freq, lp_filter_freq
        self.hp_lifter_freq, self.lp_lifter_freq = hp_lifter_freq, lp_lifter_freq

    def _layout(self) -> dict:
        sr, f32 = self.sample_rate, np.float32
        measure_len = int(sr * f32(self.measure_duration) + 0.5)
        dft_len = 16
        while dft_len < measure_len:
            dft_len *= 2
        period = int(sr / f32(self.measure_freq) + 0.5)
        measures_len = math.ceil(f32(self.search_time) * f32(self.measure_freq))
        spectrum_start = max(int(f32(self.hp_filter_freq) / sr * dft_len + 0.5), 1)
        spectrum_end = min(int(f32(self.lp_filter_freq) / sr * dft_len + 0.5), dft_len // 2)
        if spectrum_end <= spectrum_start:
            fail(
                self.name,
                "the end of spectrum must be greater than the start. Check if `hp_filter_freq` "
                "is too large or `lp_filter_freq` is too small.",
            )
        cepstrum_start = math.ceil(sr * 0.5 / f32(self.lp_lifter_freq))
        cepstrum_end = min(math.floor(sr * 0.5 / f32(self.hp_lifter_freq)), dft_len // 4)
        if cepstrum_end <= cepstrum_start:
            fail(
                self.name,
                "the end of cepstrum must be greater than the start. Check if `hp_lifter_freq` "
                "is too large or `lp_lifter_freq` is too small.",
            )
        return {
            "measure_len": measure_len,
            "dft_len": dft_len,
            "period": period,
            "measures_len": measures_len,
            "gap_len": int(f32(self.allowed_gap) * f32(self.measure_freq) + 0.5),
            "samples_len": int(f32(self.pre_trigger_time) * sr + 0.5)
            + measures_len * period
            + measure_len,
            "spectrum": (spectrum_start, spectrum_end),
            "cepstrum": (cepstrum_start, cepstrum_end),
        }

    def _measure(self, lay: dict, samples: np.ndarray, index_ns: int, state: dict) -> float:
        """One channel's cepstral measure (MindSpore's Measure, which updates the smoothed
        spectrum and noise spectrum in ``state``)."""
        n, dft_len = lay["measure_len"], lay["dft_len"]
        s0, s1 = lay["spectrum"]
        c0, c1 = lay["cepstrum"]
        buf = np.zeros(dft_len, np.float32)
        idx = (index_ns + np.arange(n)) % samples.shape[0]
        buf[:n] = samples[idx] * state["spectrum_window"]
        dft = np.abs(np.fft.rfft(buf.astype(np.float64))).astype(np.float32)
        boot = state["boot_count"]
        mult = boot / (1.0 + boot) if boot >= 0 else state["smooth_mult"]
        spec = state["spectrum"]
        spec[s0:s1] = spec[s0:s1] * mult + dft[s0:s1] * (1 - mult)
        power = spec[s0:s1] ** 2
        noise = state["noise"]
        if boot >= 0:
            mult2 = np.zeros_like(power)
        else:
            mult2 = np.where(power > noise[s0:s1], state["up_mult"], state["down_mult"])
        noise[s0:s1] = noise[s0:s1] * mult2 + power * (1 - mult2)
        # MindSpore sizes this buffer (s1 - s0) and then appends the values, so the cepstrum
        # below reads its leading zeros
        reduced = power - self.noise_reduction_amount * noise[s0:s1]
        values = np.concatenate([np.zeros(s1 - s0), np.sqrt(np.maximum(reduced, 0))])
        cepstrum = np.zeros(dft_len // 2, np.float32)
        cepstrum[s0:s1] = values[: s1 - s0] * state["cepstrum_window"]
        result = float(np.sum(np.abs(np.fft.fft(cepstrum.astype(np.float64))[c0:c1]) ** 2))
        result = math.log(result / (c1 - c0)) if result > 0 else -(2**31)
        return max(0.0, 21 + result)

    def _flush(self, lay: dict, measures: np.ndarray, index: int, count: int) -> int:
        n, k = lay["measures_len"], index
        j_trigger = j_zero = n
        for j in range(n):
            if measures[k] >= self.trigger_level and j <= j_trigger + lay["gap_len"]:
                j_trigger = j_zero = j
            elif measures[k] == 0 and j_trigger >= j_zero:
                j_zero = j
            k = (k + n - 1) % n
        return min(max(count, min(0, j_zero)), n)

    def compute(self, x: np.ndarray, rng: Any = None) -> np.ndarray:
        x = _waveform(self.name, x)
        lay = self._layout()
        wave = x.reshape(-1, x.shape[-1])
        channels, ilen = wave.shape
        rate = self.measure_freq

        def time_mult(seconds: float) -> float:
            return math.exp(-1.0 / (seconds * rate))

        states = [
            {
                "spectrum": np.zeros(lay["dft_len"]),
                "noise": np.zeros(lay["dft_len"]),
                "spectrum_window": _hann_scaled(
                    lay["measure_len"], 2 / math.sqrt(lay["measure_len"])
                ),
                "cepstrum_window": _hann_scaled(
                    lay["spectrum"][1] - lay["spectrum"][0],
                    2 / math.sqrt(lay["spectrum"][1] - lay["spectrum"][0]),
                ),
                "smooth_mult": time_mult(self.measure_smooth_time),
                "up_mult": time_mult(self.noise_up_time),
                "down_mult": time_mult(self.noise_down_time),
                "boot_count": 0,
            }
            for _ in range(channels)
        ]
        trigger_mult = time_mult(self.trigger_time)
        boot_max = int(self.boot_time * rate - 0.5)
        samples = np.zeros((channels, lay["samples_len"]))
        measures = np.zeros((channels, lay["measures_len"]))
        mean_meas = np.zeros(channels)
        timer, boot_count, measures_index, flushed, index_ns = lay["measure_len"], 0, 0, 0, 0
        triggered, to_flush, pos = False, 0, 0
        while pos < ilen and not triggered:
            timer -= 1
            for i in range(channels):
                samples[i, index_ns] = wave[i, pos]
                if timer == 0:
                    start = (index_ns + lay["samples_len"] - lay["measure_len"]) % lay[
                        "samples_len"
                    ]
                    states[i]["boot_count"] = boot_count
                    meas = self._measure(lay, samples[i], start, states[i])
                    measures[i, measures_index] = meas
                    mean_meas[i] = mean_meas[i] * trigger_mult + meas * (1.0 - trigger_mult)
                    triggered = triggered or mean_meas[i] >= self.trigger_level
                    if triggered:
                        to_flush = self._flush(lay, measures[i], measures_index, to_flush)
            index_ns += 1
            pos += 1
            index_ns = 0 if index_ns == lay["samples_len"] else index_ns
            if timer == 0:
                timer = lay["period"]
                measures_index = (measures_index + 1) % lay["measures_len"]
                boot_count = -1 if boot_count >= 0 and boot_count == boot_max else boot_count + 1
            if triggered:
                flushed = (lay["measures_len"] - to_flush) * lay["period"]
                index_ns = (index_ns + flushed) % lay["samples_len"]
        start = pos - lay["samples_len"] + flushed
        if start < -ilen:
            start = 0
        elif start < 0:
            start += ilen
        return wave[:, start:].reshape(*x.shape[:-1], ilen - start)
