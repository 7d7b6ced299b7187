"""MindSpore 2.10 reads deepsink's files, checked in CI without MindSpore (recorded both ways).

``tests/fixtures/mindspore_reads/<case>/`` holds files deepsink wrote (optimizer checkpoints after
one step, a trained LSTM and Transformer, a Momentum MLP as .ckpt, .safetensors and encrypted
.ckpt, a MindRecord file) and ``mindspore_read.json``: what real MindSpore 2.10 read from them
(``scripts/record_mindspore_reads_fixtures.py``; ``tests/support/mindspore_reads.py`` writes and
reads both here and in the live checks, which run where ``DEEPSINK_MINDSPORE_PYTHON`` is set).

Each case checks both directions of the recording: deepsink still writes the committed files
(the same entries, dtypes, shapes and values; from the same values, the same bytes), and what
MindSpore computed from the committed files is what deepsink computes from them. A writer change
fails here until the recorder is rerun with MindSpore, so no unread bytes reach users.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import mindspore_reads as reads
import numpy as np
import pytest

import deepsink as ms

# deepsink's outputs of both committed networks, computed once for the module's cases
_network_outputs = functools.cache(reads.network_outputs)

RERUN = "if the change is meant, rerun scripts/record_mindspore_reads_fixtures.py with MindSpore"


def _recorded(case: str) -> dict:
    data = json.loads((reads.RECORDED / case / "mindspore_read.json").read_text())
    assert data["ms_version"] == "2.10.0"
    return data["read"]


@pytest.fixture(scope="module")
def today(tmp_path_factory):
    """deepsink's files of each case, written now (once per module), and what it computed."""
    root = tmp_path_factory.mktemp("today")
    cache = {}

    def get(case):
        if case not in cache:
            cache[case] = (root / case, reads.write(case, root / case))
        return cache[case]

    return get


def _same_entries(new: Path, committed: Path, **load_kw) -> None:
    """The file written today holds what the committed file holds: names in order, dtypes,
    shapes, and values (to the last float32 bits of a retrained network on another machine)."""
    a = ms.load_checkpoint(str(new), **load_kw)
    b = ms.load_checkpoint(str(committed), **load_kw)
    assert list(a) == list(b), f"{new.name}: other entries than MindSpore read; {RERUN}"
    for k, want in b.items():
        got = a[k]
        assert (got.dtype, got.shape) == (want.dtype, want.shape), (new.name, k)
        got, want = got.asnumpy(), want.asnumpy()
        if k.endswith("in_proj_bias"):
            # the key projection's bias (the middle third) has an exactly zero gradient (softmax
            # does not change when a query's scores all move by one constant): its trained values
            # are float rounding noise around their zero start, about 1e-4 after a few steps, that
            # any reordering of a sum changes: both stay that small; the query and value biases
            # are compared as every other entry
            third = len(want) // 3
            key = slice(third, 2 * third)
            noise = max(np.abs(got[key]).max(), np.abs(want[key]).max())
            assert noise < 1e-3, (new.name, k, noise)
            got, want = np.delete(got, key), np.delete(want, key)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, err_msg=f"{new.name}: {k}")


def _same_bytes_for_same_values(committed: Path, tmp_path: Path) -> None:
    """deepsink's writer, given the committed file's values, writes the committed bytes."""
    again = tmp_path / committed.name
    ms.save_checkpoint(ms.load_checkpoint(str(committed)), str(again))
    assert again.read_bytes() == committed.read_bytes(), f"{committed.name}: {RERUN}"


@pytest.mark.parametrize("name", reads.OPTIMIZERS)
def test_mindspore_resumed_deepsinks_optimizer_checkpoints(name, today, tmp_path):
    committed = reads.RECORDED / "optimizers" / f"{name}.ckpt"
    folder, _ = today("optimizers")
    _same_entries(folder / f"{name}.ckpt", committed)
    _same_bytes_for_same_values(committed, tmp_path)
    report = _recorded("optimizers")[name]
    left = report["param_not_load"] + report["ckpt_not_load"]
    # only AdaFactor(beta1=0)'s unnamed placeholder is left over, in MindSpore as in deepsink
    assert [n for n in left if not n.startswith("Parameter$")] == [], left
    mindspore_step = np.load(reads.RECORDED / "optimizers" / f"{name}.out.npz")
    ours = reads.step_from_checkpoint(name, committed)
    for key in (k for k in mindspore_step.files if not k.startswith("Parameter$")):
        np.testing.assert_allclose(
            ours[key].reshape(mindspore_step[key].shape),
            mindspore_step[key],
            rtol=2e-5,
            atol=1e-6,
            err_msg=f"{name} {key}",
        )


@pytest.mark.parametrize("name", reads.NETWORKS)
def test_mindspore_predicted_with_deepsinks_network_checkpoints(name, today, tmp_path):
    committed = reads.RECORDED / "networks" / f"{name}.ckpt"
    folder, expected = today("networks")
    _same_entries(folder / f"{name}.ckpt", committed)
    _same_bytes_for_same_values(committed, tmp_path)
    got = _recorded("networks")[name]
    assert got["param_not_load"] == [] and got["ckpt_not_load"] == []
    ours = _network_outputs(reads.RECORDED / "networks")[name]
    np.testing.assert_allclose(np.array(got["output"]), ours, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(expected[name], ours, rtol=1e-4, atol=1e-5)  # today's training


def test_mindspore_evaluated_deepsinks_checkpoint_files(today):
    """The .ckpt (with the random key outside the entries, which MindSpore skips), .safetensors and
    encrypted .ckpt of a Momentum training load into MindSpore's network and optimizer with
    nothing left over, and it predicts deepsink's logits and accuracy from them."""
    committed = reads.RECORDED / "checkpoint_files"
    folder, expected = today("checkpoint_files")
    x, y = reads.mlp_data()
    np.testing.assert_array_equal(np.load(committed / "x.npy"), x)
    np.testing.assert_array_equal(np.load(committed / "y.npy"), y)
    ours = reads.evaluate_files(committed)
    for name, (_, load_kw) in reads.CHECKPOINT_FILES.items():
        _same_entries(folder / name, committed / name, **load_kw)
        r = _recorded("checkpoint_files")[name]
        assert r["param_not_load"] == [] and r["ckpt_not_load"] == [], name
        assert r["global_step"] == ours[name]["global_step"] == expected["global_step"], name
        np.testing.assert_allclose(
            np.array(r["logits"]), ours[name]["logits"], rtol=1e-5, atol=1e-6, err_msg=name
        )
        assert r["accuracy"] == ours[name]["accuracy"], name


def test_mindspore_read_deepsinks_mindrecord_file(today):
    folder, expected = today("mindrecord")
    recorded = json.loads((reads.RECORDED / "mindrecord" / "mindspore_read.json").read_text())
    assert reads.file_record(folder / reads.MINDRECORD) == recorded["file"], RERUN
    assert _recorded("mindrecord") == expected == reads.mindrecord_expected()
