"""``mindspore.dataset.audio``'s BassBiquad against MindSpore 2.10 (``fixtures/ms/tutorials/
bass_biquad.npz``, recorded by ``scripts/record_tutorial_pages.py --bass-biquad``)."""

from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.audio as audio

REC = np.load(
    Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "tutorials" / "bass_biquad.npz"
)


def test_bass_biquad_float32_is_mindsporess_bit_for_bit():
    np.testing.assert_array_equal(audio.BassBiquad(16000, 10.0)(REC["x"]), REC["y32"])


def test_bass_biquad_float64_and_float16():
    # float64: within 1e-8 (MindSpore's double path rounds its coefficients slightly differently)
    got = audio.BassBiquad(44100, -6.0, 300.0, 0.5)(REC["x"].astype(np.float64))
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, REC["y64"], rtol=0, atol=1e-8)
    got16 = audio.BassBiquad(8000, 3.0)(REC["x"][0, :50].astype(np.float16))
    assert got16.dtype == np.float16
    np.testing.assert_array_equal(got16, REC["y16"])


def test_bass_biquad_clamps_to_unit_range_and_runs_in_a_pipeline():
    out = audio.BassBiquad(16000, 10.0)(REC["x"][:1, :8] * 1000)
    assert out.max() == 1.0 and out.min() >= -1.0
    data = ds.NumpySlicesDataset(REC["x"], column_names=["audio"], shuffle=False)
    data = data.map(operations=[audio.BassBiquad(16000, 10.0)], input_columns=["audio"])
    rows = [r[0] for r in data.create_tuple_iterator(output_numpy=True)]
    np.testing.assert_array_equal(np.stack(rows), REC["y32"])


def test_bass_biquad_bad_arguments_and_input():
    with pytest.raises(TypeError, match="sample_rate"):
        audio.BassBiquad(8000.0, 3.0)
    with pytest.raises(ValueError, match=r"Input sample_rate is not within"):
        audio.BassBiquad(0, 3.0)
    with pytest.raises(
        ValueError, match=r"Input Q is not within the required interval of \(0, 1\]"
    ):
        audio.BassBiquad(8000, 3.0, Q=0)
    with pytest.raises(RuntimeError, match=r"Expecting tensor in type of \[float, double\]"):
        audio.BassBiquad(8000, 3.0)(np.arange(5))
