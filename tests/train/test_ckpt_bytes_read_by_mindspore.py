"""MindSpore reads deepsink's checkpoints, checked in CI without MindSpore: deepsink must still
write, byte for byte, the files real MindSpore 2.10 was shown to read.

tests/fixtures/deepsink_ckpt holds checkpoints deepsink wrote (plain, with the CRC trailer,
safetensors, with append_dict entries) and ``mindspore_read.json``: what MindSpore loaded from
each (scripts/record_deepsink_ckpt_fixtures.py). A change to the writer fails here until that
script is rerun with MindSpore, so no untested bytes reach users.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from ckpt_interchange import FILES, GLOBAL_STEP, build, inputs

import deepsink as ms

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "deepsink_ckpt"
READ = json.loads((FIX / "mindspore_read.json").read_text())


@pytest.mark.parametrize("name", sorted(FILES))
def test_deepsink_writes_the_bytes_mindspore_read(name, tmp_path):
    train, _ = build(ms)
    out = tmp_path / name
    ms.save_checkpoint(train, str(out), **FILES[name])
    committed = (FIX / name).read_bytes()
    assert hashlib.sha256(committed).hexdigest() == READ["files"][name]["sha256"]
    assert out.read_bytes() == committed, (
        f"deepsink now writes {name} differently from the file MindSpore 2.10 was shown to read; "
        "if the change is meant, rerun scripts/record_deepsink_ckpt_fixtures.py with MindSpore"
    )


@pytest.mark.parametrize("name", sorted(FILES))
def test_mindspore_loaded_everything_and_computes_deepsinks_logits(name):
    r = READ["files"][name]
    assert r["param_not_load"] == []
    assert r["ckpt_not_load"] == sorted(FILES[name].get("append_dict", {}))
    assert r["global_step"] == GLOBAL_STEP
    assert r["extra"] == {k: float(v) for k, v in FILES[name].get("append_dict", {}).items()}
    _, net = build(ms)
    logits = net(ms.Tensor(inputs())).asnumpy()
    np.testing.assert_allclose(np.array(r["logits"]), logits, rtol=1e-5, atol=1e-6)


def test_deepsink_reads_its_committed_files_back(tmp_path):
    train, _ = build(ms)
    want = {p.name: p.asnumpy() for p in train.get_parameters()}
    for name, kwargs in FILES.items():
        extra = {"format": kwargs["format"]} if "format" in kwargs else {}
        got = ms.load_checkpoint(str(FIX / name), crc_check=bool(kwargs.get("crc_check")), **extra)
        assert sorted(got) == READ["files"][name]["entries"], name
        for k, v in want.items():
            np.testing.assert_array_equal(got[k].asnumpy(), v, err_msg=f"{name}: {k}")
