"""Record MindSpore 2.10's ``mindspore.dataset.audio`` outputs and argument errors as
``tests/fixtures/ms/audio/transforms.json`` (read by ``tests/dataset/test_audio_transforms.py``).

Run under a Python with MindSpore 2.10 (CPU build), from a folder outside the repository::

    cd /tmp && $DEEPSINK_MINDSPORE_PYTHON <repo>/scripts/record_audio_fixtures.py

Each case names a transform (or a utility function), its arguments (an enum member is written
``{"enum": "MelType.SLANEY"}``), the input it ran on (an entry of ``inputs``) and either the
output (``out``, nested lists, with its ``dtype``) or the error (``error``: type and message).
Random transforms are recorded after ``ds.config.set_seed(seed)`` for reference only.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

import mindspore.dataset as ds
import mindspore.dataset.audio as audio
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "audio"


def make_inputs() -> dict[str, np.ndarray]:
    rs = np.random.RandomState(0)
    t = np.arange(160) / 8000.0
    wave = np.stack(
        [
            0.5 * np.sin(2 * np.pi * 440 * t) + 0.2 * np.sin(2 * np.pi * 1250 * t),
            0.3 * np.sin(2 * np.pi * 300 * t + 0.5) + 0.1 * rs.standard_normal(160),
        ]
    ).astype(np.float32)
    return {
        "wave": wave,
        "wave64": wave.astype(np.float64),
        "wave_short": wave[:, :40].copy(),
        "spec": (rs.random_sample((2, 9, 6)) * 4).astype(np.float32),
        "spec_db": (rs.random_sample((2, 9, 6)) * 60 - 40).astype(np.float32),
        "complex": rs.standard_normal((2, 9, 6, 2)).astype(np.float32),
        "mel": (rs.random_sample((1, 8, 5)) * 2 + 0.1).astype(np.float32),
        "ints": np.array([[0, 10, 127, 128, 200, 255]], np.int32),
        "speech": (
            np.concatenate([np.zeros(400), 0.6 * np.sin(2 * np.pi * 200 * np.arange(1200) / 8000)])
            * np.r_[np.zeros(400), np.hanning(1200)]
        ).astype(np.float32)[None],
        # 0.25 * 32766 + 1 ends in .5: C++'s round goes away from zero
        "pair": np.array([[0.5, 0.25]], np.float32),
        "spec_long": (rs.random_sample((1, 5, 40)) * 2).astype(np.float32),
    }


def enum(path: str):
    cls, member = path.split(".")
    return getattr(getattr(audio, cls), member)


def decode(v):
    if isinstance(v, dict) and set(v) == {"enum"}:
        return enum(v["enum"])
    if isinstance(v, dict):
        return {k: decode(x) for k, x in v.items()}
    if isinstance(v, list):
        return [decode(x) for x in v]
    return v


def E(path):  # noqa: N802 - short for the case table
    return {"enum": path}


# every key of MFCC's melkwargs and of LFCC's speckwargs
STFT_KW = {
    "window": E("WindowType.HANN"),
    "power": 2.0,
    "normalized": False,
    "center": True,
    "pad_mode": E("BorderType.REFLECT"),
    "onesided": True,
}
MEL_KW = {
    "n_fft": 16,
    "win_length": 16,
    "hop_length": 8,
    "f_min": 0.0,
    "f_max": None,
    "pad": 0,
    "n_mels": 6,
    **STFT_KW,
    "norm": E("NormType.NONE"),
    "mel_scale": E("MelType.HTK"),
}
SPEC_KW = {"n_fft": 16, "hop_length": 8, "win_length": 16, "pad": 0, **STFT_KW}

# (name, callable, kwargs, input or None)
CASES = [
    ("dither_tpdf_half", "Dither", {}, "pair"),
    ("allpass", "AllpassBiquad", {"sample_rate": 8000, "central_freq": 600.0, "Q": 0.5}, "wave"),
    ("allpass64", "AllpassBiquad", {"sample_rate": 8000, "central_freq": 600.0}, "wave64"),
    ("amp_to_db", "AmplitudeToDB", {}, "spec"),
    (
        "amp_to_db_mag",
        "AmplitudeToDB",
        {"stype": E("ScaleType.MAGNITUDE"), "ref_value": 2.0, "amin": 1e-3, "top_db": 10.0},
        "spec",
    ),
    ("angle", "Angle", {}, "complex"),
    ("band", "BandBiquad", {"sample_rate": 8000, "central_freq": 500.0, "Q": 0.6}, "wave"),
    (
        "band_noise",
        "BandBiquad",
        {"sample_rate": 8000, "central_freq": 500.0, "noise": True},
        "wave",
    ),
    ("bandpass", "BandpassBiquad", {"sample_rate": 8000, "central_freq": 700.0}, "wave"),
    (
        "bandpass_skirt",
        "BandpassBiquad",
        {"sample_rate": 8000, "central_freq": 700.0, "Q": 0.3, "const_skirt_gain": True},
        "wave",
    ),
    ("bandreject", "BandrejectBiquad", {"sample_rate": 8000, "central_freq": 440.0}, "wave"),
    ("bass", "BassBiquad", {"sample_rate": 8000, "gain": 5.0}, "wave"),
    (
        "biquad",
        "Biquad",
        {"b0": 0.4, "b1": 0.2, "b2": 0.1, "a0": 1.1, "a1": 0.3, "a2": 0.2},
        "wave",
    ),
    ("complex_norm", "ComplexNorm", {}, "complex"),
    ("complex_norm_p2", "ComplexNorm", {"power": 2.0}, "complex"),
    ("deltas", "ComputeDeltas", {}, "spec"),
    (
        "deltas_w3_const",
        "ComputeDeltas",
        {"win_length": 4, "pad_mode": E("BorderType.CONSTANT")},
        "spec",
    ),
    (
        "deltas_reflect",
        "ComputeDeltas",
        {"win_length": 5, "pad_mode": E("BorderType.REFLECT")},
        "spec",
    ),
    (
        "deltas_sym",
        "ComputeDeltas",
        {"win_length": 7, "pad_mode": E("BorderType.SYMMETRIC")},
        "spec_long",
    ),
    ("contrast", "Contrast", {}, "wave"),
    ("contrast10", "Contrast", {"enhancement_amount": 10.0}, "wave"),
    ("db_to_amp", "DBToAmplitude", {"ref": 0.5, "power": 0.5}, "spec_db"),
    ("dc_shift", "DCShift", {"shift": 0.5}, "wave"),
    ("dc_shift_lim", "DCShift", {"shift": 0.6, "limiter_gain": 0.1}, "wave"),
    ("deemph", "DeemphBiquad", {"sample_rate": 44100}, "wave"),
    ("deemph48", "DeemphBiquad", {"sample_rate": 48000}, "wave"),
    (
        "pitch",
        "DetectPitchFrequency",
        {
            "sample_rate": 8000,
            "frame_time": 0.02,
            "win_length": 3,
            "freq_low": 100,
            "freq_high": 1000,
        },
        "speech",
    ),
    (
        "equalizer",
        "EqualizerBiquad",
        {"sample_rate": 8000, "center_freq": 900.0, "gain": 4.0, "Q": 0.9},
        "wave",
    ),
    ("fade_lin", "Fade", {"fade_in_len": 30, "fade_out_len": 20}, "wave"),
    (
        "fade_qs",
        "Fade",
        {"fade_in_len": 30, "fade_out_len": 20, "fade_shape": E("FadeShape.QUARTER_SINE")},
        "wave",
    ),
    (
        "fade_hs",
        "Fade",
        {"fade_in_len": 30, "fade_out_len": 20, "fade_shape": E("FadeShape.HALF_SINE")},
        "wave",
    ),
    (
        "fade_log",
        "Fade",
        {"fade_in_len": 30, "fade_out_len": 20, "fade_shape": E("FadeShape.LOGARITHMIC")},
        "wave",
    ),
    (
        "fade_exp",
        "Fade",
        {"fade_in_len": 30, "fade_out_len": 20, "fade_shape": E("FadeShape.EXPONENTIAL")},
        "wave",
    ),
    ("filtfilt", "Filtfilt", {"a_coeffs": [1.0, -0.3, 0.1], "b_coeffs": [0.3, 0.2, 0.1]}, "wave"),
    (
        "filtfilt_noclamp",
        "Filtfilt",
        {"a_coeffs": [1.0, -0.9], "b_coeffs": [2.0, 1.0], "clamp": False},
        "wave",
    ),
    ("flanger", "Flanger", {"sample_rate": 8000}, "wave"),
    (
        "flanger_tri_quad",
        "Flanger",
        {
            "sample_rate": 8000,
            "delay": 1.0,
            "depth": 3.0,
            "regen": 20.0,
            "width": 50.0,
            "speed": 2.0,
            "phase": 60.0,
            "modulation": E("Modulation.TRIANGULAR"),
            "interpolation": E("Interpolation.QUADRATIC"),
        },
        "wave",
    ),
    (
        "freq_mask",
        "FrequencyMasking",
        {"freq_mask_param": 3, "mask_start": 2, "mask_value": 1.5},
        "spec",
    ),
    ("gain", "Gain", {"gain_db": 3.0}, "wave"),
    ("griffin", "GriffinLim", {"n_fft": 16, "n_iter": 4, "rand_init": False}, "spec"),
    (
        "griffin_hop",
        "GriffinLim",
        {
            "n_fft": 16,
            "n_iter": 3,
            "win_length": 12,
            "hop_length": 5,
            "window_type": E("WindowType.HAMMING"),
            "power": 1.0,
            "momentum": 0.5,
            "length": 30,
            "rand_init": False,
        },
        "spec",
    ),
    ("highpass", "HighpassBiquad", {"sample_rate": 8000, "cutoff_freq": 800.0}, "wave"),
    ("inv_spec", "InverseSpectrogram", {"n_fft": 16}, "complex"),
    (
        "inv_spec_opts",
        "InverseSpectrogram",
        {
            "length": 30,
            "n_fft": 16,
            "win_length": 12,
            "hop_length": 5,
            "window": E("WindowType.BLACKMAN"),
            "normalized": True,
        },
        "complex",
    ),
    (
        "inv_spec_nocenter",
        "InverseSpectrogram",
        {"n_fft": 16, "hop_length": 4, "center": False, "window": E("WindowType.HAMMING")},
        "complex",
    ),
    (
        "lfcc",
        "LFCC",
        {
            "sample_rate": 8000,
            "n_filter": 8,
            "n_lfcc": 5,
            "speckwargs": {"n_fft": 16, "hop_length": 8},
        },
        "wave",
    ),
    (
        "lfcc_log",
        "LFCC",
        {
            "sample_rate": 8000,
            "n_filter": 8,
            "n_lfcc": 4,
            "f_min": 100.0,
            "f_max": 3000.0,
            "norm": E("NormMode.NONE"),
            "log_lf": True,
            "speckwargs": SPEC_KW,
        },
        "wave",
    ),
    ("lfilter", "LFilter", {"a_coeffs": [1.0, -0.3, 0.1], "b_coeffs": [0.3, 0.2, 0.1]}, "wave"),
    (
        "lfilter_noclamp",
        "LFilter",
        {"a_coeffs": [1.0, -0.9], "b_coeffs": [2.0, 1.0], "clamp": False},
        "wave",
    ),
    ("lowpass", "LowpassBiquad", {"sample_rate": 8000, "cutoff_freq": 600.0}, "wave"),
    ("magphase", "Magphase", {}, "complex"),
    ("magphase2", "Magphase", {"power": 2.0}, "complex"),
    (
        "mask_axis",
        "MaskAlongAxis",
        {"mask_start": 1, "mask_width": 2, "mask_value": 9.0, "axis": 2},
        "spec",
    ),
    (
        "mask_axis1",
        "MaskAlongAxis",
        {"mask_start": 0, "mask_width": 3, "mask_value": -1.0, "axis": 1},
        "spec",
    ),
    ("melscale", "MelScale", {"n_mels": 4, "sample_rate": 8000, "n_stft": 9}, "spec"),
    (
        "melscale_slaney",
        "MelScale",
        {
            "n_mels": 4,
            "sample_rate": 8000,
            "f_min": 50.0,
            "f_max": 3500.0,
            "n_stft": 9,
            "norm": E("NormType.SLANEY"),
            "mel_type": E("MelType.SLANEY"),
        },
        "spec",
    ),
    (
        "melspec",
        "MelSpectrogram",
        {"sample_rate": 8000, "n_fft": 16, "n_mels": 4, "hop_length": 8},
        "wave",
    ),
    (
        "melspec_opts",
        "MelSpectrogram",
        {
            "sample_rate": 8000,
            "n_fft": 16,
            "win_length": 12,
            "hop_length": 6,
            "f_min": 40.0,
            "f_max": 3000.0,
            "pad": 2,
            "n_mels": 5,
            "window": E("WindowType.HAMMING"),
            "power": 1.0,
            "normalized": True,
            "center": False,
            "norm": E("NormType.SLANEY"),
            "mel_scale": E("MelType.SLANEY"),
        },
        "wave",
    ),
    (
        "mfcc",
        "MFCC",
        {
            "sample_rate": 8000,
            "n_mfcc": 4,
            "melkwargs": {"n_fft": 16, "n_mels": 6, "hop_length": 8},
        },
        "wave",
    ),
    (
        "mfcc_full",
        "MFCC",
        {
            "sample_rate": 8000,
            "n_mfcc": 4,
            "melkwargs": {**MEL_KW, "win_length": 12, "f_max": 4000.0},
        },
        "wave",
    ),
    ("mfcc_default", "MFCC", {"sample_rate": 8000, "n_mfcc": 4}, "speech"),
    ("lfcc_default", "LFCC", {"sample_rate": 8000, "n_filter": 10, "n_lfcc": 4}, "speech"),
    (
        "mfcc_log",
        "MFCC",
        {
            "sample_rate": 8000,
            "n_mfcc": 3,
            "norm": E("NormMode.NONE"),
            "log_mels": True,
            "melkwargs": {**MEL_KW, "win_length": 16, "f_max": 4000.0},
        },
        "wave",
    ),
    ("mulaw_dec", "MuLawDecoding", {}, "ints"),
    ("mulaw_dec16", "MuLawDecoding", {"quantization_channels": 16}, "ints"),
    ("mulaw_enc", "MuLawEncoding", {}, "wave"),
    ("mulaw_enc16", "MuLawEncoding", {"quantization_channels": 16}, "wave"),
    ("overdrive", "Overdrive", {}, "wave"),
    ("overdrive2", "Overdrive", {"gain": 5.0, "color": 50.0}, "wave"),
    ("phaser", "Phaser", {"sample_rate": 8000}, "wave"),
    (
        "phaser_tri",
        "Phaser",
        {
            "sample_rate": 8000,
            "gain_in": 0.6,
            "gain_out": 0.9,
            "delay_ms": 2.0,
            "decay": 0.3,
            "mod_speed": 1.5,
            "sinusoidal": False,
        },
        "wave",
    ),
    ("phase_vocoder", "PhaseVocoder", {"rate": 1.3, "phase_advance": "PA9"}, "complex"),
    ("phase_vocoder_slow", "PhaseVocoder", {"rate": 0.7, "phase_advance": "PA9"}, "complex"),
    ("pitch_shift", "PitchShift", {"sample_rate": 8000, "n_steps": 2, "n_fft": 32}, "wave"),
    (
        "pitch_shift_down",
        "PitchShift",
        {
            "sample_rate": 8000,
            "n_steps": -3,
            "bins_per_octave": 10,
            "n_fft": 32,
            "win_length": 24,
            "hop_length": 6,
            "window": E("WindowType.HAMMING"),
        },
        "wave",
    ),
    ("resample", "Resample", {"orig_freq": 8000, "new_freq": 6000}, "wave"),
    (
        "resample_up",
        "Resample",
        {"orig_freq": 4000, "new_freq": 6000, "lowpass_filter_width": 4, "rolloff": 0.9},
        "wave",
    ),
    (
        "resample_kaiser",
        "Resample",
        {
            "orig_freq": 8000,
            "new_freq": 5000,
            "resample_method": E("ResampleMethod.KAISER_WINDOW"),
            "beta": 10.0,
        },
        "wave",
    ),
    (
        "resample_kaiser_default",
        "Resample",
        {"orig_freq": 8000, "new_freq": 3000, "resample_method": E("ResampleMethod.KAISER_WINDOW")},
        "wave",
    ),
    ("riaa", "RiaaBiquad", {"sample_rate": 44100}, "wave"),
    ("riaa88", "RiaaBiquad", {"sample_rate": 88200}, "wave"),
    ("cmn", "SlidingWindowCmn", {"cmn_window": 5, "min_cmn_window": 3}, "spec_long"),
    (
        "cmn_center",
        "SlidingWindowCmn",
        {"cmn_window": 6, "min_cmn_window": 2, "center": True, "norm_vars": True},
        "spec_long",
    ),
    ("cmn_default", "SlidingWindowCmn", {}, "spec"),
    ("centroid", "SpectralCentroid", {"sample_rate": 8000, "n_fft": 16, "hop_length": 8}, "wave"),
    ("spectrogram", "Spectrogram", {"n_fft": 16}, "wave"),
    (
        "spectrogram_opts",
        "Spectrogram",
        {
            "n_fft": 16,
            "win_length": 10,
            "hop_length": 7,
            "pad": 3,
            "window": E("WindowType.KAISER"),
            "power": 1.0,
            "normalized": True,
            "pad_mode": E("BorderType.CONSTANT"),
        },
        "wave",
    ),
    (
        "spectrogram_complex",
        "Spectrogram",
        {
            "n_fft": 8,
            "hop_length": 20,
            "power": 0.0,
            "center": False,
            "window": E("WindowType.BARTLETT"),
        },
        "wave",
    ),
    (
        "spectrogram_twosided",
        "Spectrogram",
        {"n_fft": 8, "hop_length": 30, "onesided": False, "pad_mode": E("BorderType.EDGE")},
        "wave",
    ),
    ("spectrogram64", "Spectrogram", {"n_fft": 16, "hop_length": 16}, "wave64"),
    ("spectrogram_ints", "Spectrogram", {"n_fft": 4, "hop_length": 2}, "ints"),
    (
        "spectrogram_sym",
        "Spectrogram",
        {"n_fft": 8, "hop_length": 30, "pad_mode": E("BorderType.SYMMETRIC")},
        "wave",
    ),
    (
        "time_mask",
        "TimeMasking",
        {"time_mask_param": 2, "mask_start": 3, "mask_value": -2.0},
        "spec",
    ),
    (
        "time_mask_pos",
        "TimeMasking",
        {"time_mask_param": 2, "mask_start": 3, "mask_value": 2.5},
        "spec",
    ),
    ("time_stretch", "TimeStretch", {"hop_length": 4, "n_freq": 9, "fixed_rate": 1.5}, "complex"),
    ("time_stretch_slow", "TimeStretch", {"n_freq": 9, "fixed_rate": 0.8}, "complex"),
    ("treble", "TrebleBiquad", {"sample_rate": 8000, "gain": -4.0}, "wave"),
    (
        "treble2",
        "TrebleBiquad",
        {"sample_rate": 8000, "gain": 6.0, "central_freq": 1500, "Q": 0.4},
        "wave",
    ),
    ("vad", "Vad", {"sample_rate": 8000}, "speech"),
    (
        "vad_opts",
        "Vad",
        {
            "sample_rate": 8000,
            "trigger_level": 3.0,
            "trigger_time": 0.1,
            "search_time": 0.1,
            "allowed_gap": 0.1,
            "pre_trigger_time": 0.01,
            "boot_time": 0.2,
            "measure_freq": 40.0,
        },
        "speech",
    ),
    (
        "vad_trigger0",
        "Vad",
        {"sample_rate": 8000, "trigger_level": 0.0, "search_time": 0.05, "measure_freq": 40.0},
        "speech",
    ),
    ("vol", "Vol", {"gain": 0.5}, "wave"),
    ("vol_power", "Vol", {"gain": 2.0, "gain_type": E("GainType.POWER")}, "wave"),
    ("vol_db", "Vol", {"gain": -3.0, "gain_type": E("GainType.DB")}, "wave"),
    ("create_dct", "create_dct", {"n_mfcc": 3, "n_mels": 5}, None),
    (
        "create_dct_ortho",
        "create_dct",
        {"n_mfcc": 4, "n_mels": 6, "norm": E("NormMode.ORTHO")},
        None,
    ),
    (
        "linear_fbanks",
        "linear_fbanks",
        {"n_freqs": 9, "f_min": 0.0, "f_max": 4000.0, "n_filter": 4, "sample_rate": 8000},
        None,
    ),
    (
        "melscale_fbanks",
        "melscale_fbanks",
        {"n_freqs": 9, "f_min": 0.0, "f_max": 4000.0, "n_mels": 4, "sample_rate": 8000},
        None,
    ),
    (
        "melscale_fbanks_slaney",
        "melscale_fbanks",
        {
            "n_freqs": 9,
            "f_min": 20.0,
            "f_max": 3800.0,
            "n_mels": 3,
            "sample_rate": 8000,
            "norm": E("NormType.SLANEY"),
            "mel_type": E("MelType.SLANEY"),
        },
        None,
    ),
]

# argument errors (name, kwargs) and input errors (name, kwargs, input)
ERRORS = [
    ("AllpassBiquad", {"sample_rate": 0, "central_freq": 1.0}),
    ("AllpassBiquad", {"sample_rate": 8000, "central_freq": "a"}),
    ("AllpassBiquad", {"sample_rate": 8000, "central_freq": 1.0, "Q": 1.5}),
    ("AmplitudeToDB", {"stype": "power"}),
    ("AmplitudeToDB", {"ref_value": 0.0}),
    ("AmplitudeToDB", {"amin": -1.0}),
    ("AmplitudeToDB", {"top_db": -1.0}),
    ("BandBiquad", {"sample_rate": 8000, "central_freq": 1.0, "noise": 1}),
    ("BandpassBiquad", {"sample_rate": 8000, "central_freq": 1.0, "const_skirt_gain": "x"}),
    ("Biquad", {"b0": 1.0, "b1": 1.0, "b2": 1.0, "a0": 0.0, "a1": 1.0, "a2": 1.0}),
    ("ComplexNorm", {"power": -1.0}),
    ("ComputeDeltas", {"win_length": 2}),
    ("ComputeDeltas", {"pad_mode": "edge"}),
    ("Contrast", {"enhancement_amount": 101.0}),
    ("DBToAmplitude", {"ref": "1", "power": 1.0}),
    ("DCShift", {"shift": 3.0}),
    ("DCShift", {"shift": 0.5, "limiter_gain": "a"}),
    ("DeemphBiquad", {"sample_rate": 8000}),
    ("DetectPitchFrequency", {"sample_rate": 0}),
    ("DetectPitchFrequency", {"sample_rate": 8000, "frame_time": 0}),
    ("DetectPitchFrequency", {"sample_rate": 8000, "win_length": 0}),
    ("DetectPitchFrequency", {"sample_rate": 8000, "freq_low": 0}),
    ("Dither", {"density_function": "TPDF"}),
    ("Dither", {"noise_shaping": 1}),
    ("Fade", {"fade_in_len": -1}),
    ("Fade", {"fade_shape": "linear"}),
    ("Filtfilt", {"a_coeffs": [1.0], "b_coeffs": [1.0, 2.0]}),
    ("Filtfilt", {"a_coeffs": [0.0, 1.0], "b_coeffs": [1.0, 2.0]}),
    ("Flanger", {"sample_rate": 8000, "delay": 31.0}),
    ("Flanger", {"sample_rate": 8000, "modulation": "sinusoidal"}),
    ("FrequencyMasking", {"iid_masks": 1}),
    ("FrequencyMasking", {"freq_mask_param": -1}),
    ("Gain", {"gain_db": "1"}),
    ("GriffinLim", {"n_fft": 16, "win_length": 20}),
    ("GriffinLim", {"momentum": -0.1}),
    ("GriffinLim", {"n_iter": 0}),
    ("InverseMelScale", {"n_stft": 0}),
    ("InverseSpectrogram", {"n_fft": 0}),
    ("LFCC", {"n_lfcc": 0}),
    ("LFCC", {"dct_type": 3}),
    ("LFilter", {"a_coeffs": (1.0,), "b_coeffs": 1.0}),
    ("Magphase", {"power": -2.0}),
    ("MaskAlongAxis", {"mask_start": -1, "mask_width": 1, "mask_value": 0.0, "axis": 1}),
    ("MaskAlongAxis", {"mask_start": 0, "mask_width": 0, "mask_value": 0.0, "axis": 1}),
    ("MaskAlongAxis", {"mask_start": 0, "mask_width": 1, "mask_value": 0.0, "axis": 3}),
    ("MaskAlongAxisIID", {"mask_param": -1, "mask_value": 0.0, "axis": 1}),
    ("MelScale", {"n_mels": 0}),
    ("MelScale", {"f_min": 9000.0}),
    ("MelSpectrogram", {"n_fft": 0}),
    ("MelSpectrogram", {"power": 0.0}),
    ("MFCC", {"n_mfcc": 0}),
    ("MFCC", {"dct_type": 1}),
    ("MuLawDecoding", {"quantization_channels": 0}),
    ("MuLawEncoding", {"quantization_channels": 1.5}),
    ("Overdrive", {"gain": 101.0}),
    ("Phaser", {"sample_rate": 8000, "gain_in": 1.5}),
    ("Phaser", {"sample_rate": 8000, "delay_ms": 6.0}),
    ("PhaseVocoder", {"rate": 0.0, "phase_advance": np.zeros((9, 1), np.float32)}),
    ("PhaseVocoder", {"rate": 1.0, "phase_advance": [1.0]}),
    ("PitchShift", {"sample_rate": 8000, "n_steps": 1.5}),
    ("PitchShift", {"sample_rate": 8000, "n_steps": 1, "n_fft": 0}),
    ("Resample", {"orig_freq": 0.0}),
    ("Resample", {"rolloff": 1.5}),
    ("Resample", {"lowpass_filter_width": 0}),
    ("RiaaBiquad", {"sample_rate": 16000}),
    ("SlidingWindowCmn", {"cmn_window": -1}),
    ("SlidingWindowCmn", {"center": 1}),
    ("SpectralCentroid", {"sample_rate": -1}),
    ("Spectrogram", {"n_fft": 16, "win_length": 17}),
    ("Spectrogram", {"power": -1.0}),
    ("Spectrogram", {"hop_length": 0}),
    ("Spectrogram", {"pad": -1}),
    ("Spectrogram", {"window": "hann"}),
    ("TimeMasking", {"time_mask_param": -2}),
    ("TimeStretch", {"n_freq": 0}),
    ("TimeStretch", {"fixed_rate": -1.0}),
    ("TrebleBiquad", {"sample_rate": 8000, "gain": 1.0, "Q": 0.0}),
    ("Vad", {"sample_rate": 0}),
    ("Vad", {"sample_rate": 8000, "trigger_time": -1.0}),
    ("Vad", {"sample_rate": 8000, "measure_duration": -1.0}),
    ("Vol", {"gain": -1.0}),
    ("Vol", {"gain": 1.0, "gain_type": "db"}),
    ("create_dct", {"n_mfcc": 0, "n_mels": 3}),
    ("create_dct", {"n_mfcc": 2, "n_mels": 3, "norm": "ortho"}),
    (
        "linear_fbanks",
        {"n_freqs": 0, "f_min": 0.0, "f_max": 1.0, "n_filter": 2, "sample_rate": 8000},
    ),
    (
        "linear_fbanks",
        {"n_freqs": 9, "f_min": 5.0, "f_max": 1.0, "n_filter": 2, "sample_rate": 8000},
    ),
    (
        "melscale_fbanks",
        {"n_freqs": 9, "f_min": 0.0, "f_max": 1.0, "n_mels": 0, "sample_rate": 8000},
    ),
    # every kind of argument rule: a bool for an int, an enum of the wrong class, the names
    # MindSpore's messages use (central_freq, mel_type, mask_param), the order of the checks
    # (types before ranges), the cross-argument checks and the keys of the kwargs dicts
    ("AllpassBiquad", {"sample_rate": True, "central_freq": 1.0}),
    ("AmplitudeToDB", {"stype": E("BorderType.EDGE")}),
    ("AmplitudeToDB", {"top_db": "a"}),
    ("EqualizerBiquad", {"sample_rate": 8000, "center_freq": "a", "gain": 1.0}),
    ("HighpassBiquad", {"sample_rate": 8000, "cutoff_freq": 2e7}),
    ("LowpassBiquad", {"sample_rate": 8000.0, "cutoff_freq": 100.0}),
    ("BassBiquad", {"sample_rate": 8000, "gain": None}),
    ("Biquad", {"b0": "x", "b1": 1.0, "b2": 1.0, "a0": 1.0, "a1": 1.0, "a2": 1.0}),
    ("DeemphBiquad", {"sample_rate": 44100.0}),
    ("RiaaBiquad", {"sample_rate": "a"}),
    ("LFilter", {"a_coeffs": [1.0, "a"], "b_coeffs": [1.0, 2.0]}),
    ("LFilter", {"a_coeffs": [1.0, 2e7], "b_coeffs": [1.0, 2.0]}),
    ("LFilter", {"a_coeffs": [1.0, "a"], "b_coeffs": 1.0}),
    ("LFilter", {"a_coeffs": [1.0], "b_coeffs": [1.0], "clamp": 1}),
    ("MaskAlongAxis", {"mask_start": -1, "mask_width": 1.5, "mask_value": 0.0, "axis": 1}),
    ("MaskAlongAxisIID", {"mask_param": 1, "mask_value": "a", "axis": 1}),
    ("FrequencyMasking", {"freq_mask_param": 1.5}),
    ("TimeMasking", {"mask_start": -1}),
    ("TimeMasking", {"mask_value": -1.0}),
    ("Vol", {"gain": 0.0, "gain_type": E("GainType.POWER")}),
    ("Vol", {"gain": -1e8, "gain_type": E("GainType.DB")}),
    ("Vol", {"gain": "a"}),
    ("Phaser", {"sample_rate": 8000, "gain_out": 2e9}),
    ("Phaser", {"sample_rate": 8000, "mod_speed": 0.05}),
    ("Phaser", {"sample_rate": 8000, "sinusoidal": 1}),
    ("Flanger", {"sample_rate": 0}),
    ("Flanger", {"sample_rate": 8000, "interpolation": "linear"}),
    ("Vad", {"sample_rate": 8000, "noise_up_time": 0.01, "noise_down_time": 0.1}),
    ("Vad", {"sample_rate": 8000, "measure_freq": 0.0}),
    ("Vad", {"sample_rate": 8000, "measure_duration": 0}),
    ("Vad", {"sample_rate": 8000, "lp_lifter_freq": 0}),
    ("MelScale", {"f_min": 100.0, "f_max": 100.0}),
    ("MelScale", {"mel_type": "htk"}),
    ("MelScale", {"f_max": -1.0}),
    ("InverseMelScale", {"n_stft": 9, "sgdargs": {"sgd_lr": -0.1, "sgd_momentum": 0.9}}),
    ("InverseMelScale", {"n_stft": 9, "sgdargs": {"sgd_lr": 0.1}}),
    ("InverseMelScale", {"n_stft": 9, "tolerance_loss": 0.0}),
    ("MelSpectrogram", {"mel_scale": "htk"}),
    ("MelSpectrogram", {"f_min": 0}),
    ("MelSpectrogram", {"f_min": 100.0, "f_max": 50.0}),
    ("MelSpectrogram", {"f_min": 9000.0}),
    ("MelSpectrogram", {"n_fft": 16, "win_length": 32}),
    ("MFCC", {"melkwargs": {"n_fft": 16}}),
    ("MFCC", {"n_mfcc": 40, "melkwargs": MEL_KW}),
    ("MFCC", {"sample_rate": 8000, "n_mfcc": 4, "melkwargs": {**MEL_KW, "f_min": 5000.0}}),
    ("MFCC", {"n_mfcc": 4, "melkwargs": {**MEL_KW, "mel_scale": "htk"}}),
    ("MFCC", {"n_mfcc": 4, "melkwargs": {**MEL_KW, "f_max": 10.0, "f_min": 20.0}}),
    ("LFCC", {"f_min": 100.0, "f_max": 50.0}),
    ("LFCC", {"sample_rate": 8000, "f_min": 5000.0}),
    ("LFCC", {"speckwargs": SPEC_KW}),
    ("LFCC", {"n_lfcc": 4, "speckwargs": {**SPEC_KW, "win_length": 32}}),
    ("LFCC", {"speckwargs": {"n_fft": 16}}),
    ("LFCC", {"n_lfcc": 4, "speckwargs": {**SPEC_KW, "power": 2}}),
    ("InverseSpectrogram", {"n_fft": 16, "win_length": 17}),
    ("InverseSpectrogram", {"length": -1}),
    ("GriffinLim", {"hop_length": -1}),
    ("GriffinLim", {"window_type": "hann"}),
    ("SpectralCentroid", {"sample_rate": 8000, "n_fft": 16, "win_length": 17}),
    ("PitchShift", {"sample_rate": 8000, "n_steps": 1, "bins_per_octave": 0}),
    # (not bins_per_octave=1.5: MindSpore's message has two spaces after the name, which
    # describe() folds into one)
    ("Resample", {"rolloff": 1}),
    ("ComputeDeltas", {"win_length": 2, "pad_mode": "edge"}),
    ("DetectPitchFrequency", {"sample_rate": 8000, "freq_high": -1}),
    ("TimeStretch", {"hop_length": 0}),
    ("PhaseVocoder", {"rate": 0.0, "phase_advance": [[0.0]]}),
    ("DBToAmplitude", {"ref": 1.0, "power": 2e7}),
    ("Gain", {"gain_db": 2e7}),
    ("Contrast", {"enhancement_amount": "a"}),
    ("Overdrive", {"color": -1}),
    ("DCShift", {"shift": True}),
    ("Dither", {"density_function": E("FadeShape.LINEAR")}),
    ("SlidingWindowCmn", {"min_cmn_window": -1}),
    ("MuLawEncoding", {"quantization_channels": True}),
    ("ComplexNorm", {"power": "a"}),
    ("Fade", {"fade_out_len": 1.5}),
    (
        "melscale_fbanks",
        {
            "n_freqs": 9,
            "f_min": 0.0,
            "f_max": 1.0,
            "n_mels": 2,
            "sample_rate": 8000,
            "norm": "slaney",
        },
    ),
    (
        "linear_fbanks",
        {"n_freqs": 9, "f_min": 0.0, "f_max": 0.0, "n_filter": 2, "sample_rate": 8000},
    ),
]
INPUT_ERRORS = [
    ("Vad", {"sample_rate": 8000, "hp_filter_freq": 3000.0, "lp_filter_freq": 100.0}, "speech"),
    ("Vad", {"sample_rate": 8000, "hp_lifter_freq": 3000.0}, "speech"),
    ("InverseMelScale", {"n_stft": 9, "n_mels": 4}, "mel"),
    ("GriffinLim", {"n_fft": 8}, "spec"),
    ("InverseSpectrogram", {"n_fft": 16}, "spec"),
    ("Dither", {}, "complex"),
    ("LowpassBiquad", {"sample_rate": 8000, "cutoff_freq": 100.0}, "ints"),
    ("Angle", {}, "wave"),
    ("ComplexNorm", {}, "wave"),
    ("Spectrogram", {"n_fft": 16}, "ints"),
    ("Spectrogram", {"n_fft": 400}, "wave_short"),
    ("MuLawEncoding", {}, "ints"),
    ("Fade", {"fade_in_len": 100}, "wave_short"),
    ("MaskAlongAxis", {"mask_start": 5, "mask_width": 3, "mask_value": 0.0, "axis": 2}, "spec"),
    ("FrequencyMasking", {"freq_mask_param": 20}, "spec"),
    ("TimeStretch", {"n_freq": 5, "fixed_rate": 1.2}, "complex"),
    ("MelScale", {"n_mels": 4, "n_stft": 7}, "spec"),
    ("ComputeDeltas", {}, "ints"),
]

RANDOM = [
    ("dither", "Dither", {}, "wave"),
    (
        "dither_rpdf_shaped",
        "Dither",
        {"density_function": E("DensityFunction.RPDF"), "noise_shaping": True},
        "wave",
    ),
    (
        "freq_mask_iid",
        "FrequencyMasking",
        {"iid_masks": True, "freq_mask_param": 4, "mask_value": 7.0},
        "spec",
    ),
    (
        "time_mask_iid",
        "TimeMasking",
        {"iid_masks": True, "time_mask_param": 3, "mask_value": 7.0},
        "spec",
    ),
    ("mask_iid", "MaskAlongAxisIID", {"mask_param": 3, "mask_value": 7.0, "axis": 2}, "spec"),
    ("griffin_rand", "GriffinLim", {"n_fft": 16, "n_iter": 2}, "spec"),
    (
        "inv_mel",
        "InverseMelScale",
        {"n_stft": 9, "n_mels": 8, "sample_rate": 8000, "max_iter": 20},
        "mel",
    ),
]


def fn_of(name):
    return getattr(audio, name)


def describe(exc: BaseException) -> dict:
    return {"type": type(exc).__name__, "message": " ".join(str(exc).split())[:600]}


def shortest(v: np.ndarray):
    """Nested lists of the values, a float32 one written with its shortest round-trip digits."""
    if v.dtype == np.float32:
        return np.vectorize(lambda x: float(str(x)), otypes=[object])(v).tolist() if v.size else []
    return v.tolist()


def jsonable(v):
    if isinstance(v, np.ndarray):
        return {"array": shortest(v), "dtype": str(v.dtype)}
    if isinstance(v, dict):
        return {k: jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    return v


def run(name, kwargs, inputs, key):
    kw = decode(kwargs)
    if kw.get("phase_advance") == "PA9":
        kw["phase_advance"] = np.linspace(0, np.pi * 4, 9, dtype=np.float32)[:, None]
    obj = fn_of(name)(**kw)
    if key is None:
        return obj
    # a copy: some of MindSpore's kernels write their result into the input's buffer
    return obj(inputs[key].copy())


def main() -> None:
    inputs = make_inputs()
    out = {
        "inputs": {k: jsonable(v) for k, v in inputs.items()},
        "cases": [],
        "errors": [],
        "random": [],
        # the public names of mindspore.dataset.audio (its submodules left out)
        "names": sorted(
            n
            for n in dir(audio)
            if not n.startswith("_")
            and n not in ("absolute_import", "transforms", "utils", "validators")
        ),
    }
    for case, name, kwargs, key in CASES:
        entry = {"case": case, "name": name, "kwargs": kwargs, "input": key}
        try:
            res = run(name, kwargs, inputs, key)
            if isinstance(res, tuple):
                entry["out"] = [jsonable(np.asarray(r)) for r in res]
            else:
                entry["out"] = jsonable(np.asarray(res))
        except Exception as exc:  # noqa: BLE001 - recorded
            entry["error"] = describe(exc)
            print("case", case, "raised", describe(exc), file=sys.stderr)
        out["cases"].append(entry)
    for item in ERRORS + INPUT_ERRORS:
        name, kwargs = item[0], item[1]
        key = item[2] if len(item) > 2 else None
        entry = {"name": name, "kwargs": jsonable(kwargs), "input": key}
        try:
            run(name, kwargs, inputs, key)
            entry["error"] = None
        except Exception as exc:  # noqa: BLE001 - recorded
            entry["error"] = describe(exc)
        out["errors"].append(entry)
    for case, name, kwargs, key in RANDOM:
        ds.config.set_seed(5)
        entry = {"case": case, "name": name, "kwargs": kwargs, "input": key, "seed": 5}
        try:
            entry["out"] = jsonable(np.asarray(run(name, kwargs, inputs, key)))
        except Exception:  # noqa: BLE001 - recorded
            traceback.print_exc()
        out["random"].append(entry)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "transforms.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print("recorded", len(out["cases"]), "cases,", len(out["errors"]), "errors")


if __name__ == "__main__":
    main()
