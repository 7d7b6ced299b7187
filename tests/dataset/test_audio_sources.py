"""Audio dataset sources against what MindSpore 2.10 reads from the same generated WAV files
(``tests/fixtures/ms/sources``, recorded by ``scripts/record_more_source_fixtures.py``).

TED-LIUM's SPHERE audio is checked against the file's own samples: MindSpore 2.10 returns
zeros for the SPHERE files written here, so its recorded waveforms are compared by shape only.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import source_layouts as layouts

import deepsink.dataset as ds

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources"


def _open(case, tmp_path, **extra):
    cls, arg, kwargs = layouts.build(case, tmp_path)
    kwargs.setdefault("shuffle", False)
    kwargs.update(extra)
    return getattr(ds, cls)(arg, **kwargs)


def _shape_only(rows):
    return [
        [
            {k: v for k, v in c.items() if k in ("dtype", "shape")} if j == 0 else c
            for j, c in enumerate(r)
        ]
        for r in rows
    ]


@pytest.mark.parametrize("case", [c[0] for c in layouts.AUDIO_CASES])
def test_rows_equal_mindspore(case, tmp_path):
    want = json.loads((FIXTURES / f"{case}.json").read_text(encoding="utf-8"))
    data = _open(case, tmp_path)
    got = layouts.encode_rows(data)
    assert got["columns"] == want["columns"]
    if case.startswith("Tedlium"):
        assert _shape_only(got["rows"]) == _shape_only(want["rows"])
    elif case.startswith("YesNo"):  # MindSpore lists the folder in directory order; deepsink sorts
        assert sorted(got["rows"], key=str) == sorted(want["rows"], key=str)
    else:
        assert got["rows"] == want["rows"]
    assert data.get_dataset_size() == want["size"]


def test_tedlium_segments_are_the_files_samples(tmp_path):
    data = _open("TedliumDataset_train", tmp_path)
    raw = (tmp_path / "TEDLIUM_release1" / "train" / "sph" / "AlGore_2009.sph").read_bytes()
    samples = np.frombuffer(raw[1024:], "<i2").astype(np.float32) / np.float32(32767)
    rows = list(data.create_dict_iterator(output_numpy=True))
    assert np.array_equal(rows[0]["waveform"][0], samples[:160])  # 0.0 s - 0.01 s at 16 kHz
    assert np.array_equal(rows[4]["waveform"][0], samples[240:320])  # 0.015 s - 0.02 s


def test_audio_sampling_and_errors(tmp_path):
    d = _open("SpeechCommandsDataset_all", tmp_path, shuffle=None, sampler=ds.SubsetSampler([2]))
    assert [str(r["label"]) for r in d.create_dict_iterator(output_numpy=True)] == ["yes"]
    assert (
        _open("SpeechCommandsDataset_all", tmp_path, num_shards=2, shard_id=0).get_dataset_size()
        == 2
    )
    with pytest.raises(NotImplementedError, match="usage='train'"):
        _open("GTZANDataset_all", tmp_path / "g", usage="train")
    with pytest.raises(ValueError, match="name"):
        _open("CMUArcticDataset_aew", tmp_path / "c", name="xyz")
