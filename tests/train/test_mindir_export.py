"""export(file_format="MINDIR"): files real MindSpore 2.10 runs with deepsink's outputs.

scripts/record_mindir_exports.py exported the networks of tests/support/mindir_networks.py with
deepsink, had MindSpore 2.10 load and run each file, and kept MindSpore's outputs and the files'
SHA-256 in tests/fixtures/mindir_exports. Here deepsink exports the same networks again: the bytes
must be the ones MindSpore ran (else rerun the recorder, when the writer changed on purpose) and
deepsink's outputs must be MindSpore's within 1e-5.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.common.tensor import Tensor
from deepsink.train import _ckpt_crypto

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
FIX = ROOT / "tests" / "fixtures" / "mindir_exports"
INDEX = json.loads((FIX / "index.json").read_text())

import record_mindir_exports as recorder  # noqa: E402


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n in recorder.mindir_networks.FULL_SIZE else n
     for n in sorted(INDEX["sha256"])],
)  # fmt: skip
def test_exported_file_is_what_mindspore_ran_with_deepsinks_outputs(name, tmp_path):
    net, x = recorder.build(name)
    rec = np.load(FIX / f"{name}.npz")
    np.testing.assert_array_equal(rec["x"], x)
    ms.export(net, Tensor(x), file_name=str(tmp_path / name), file_format="MINDIR")
    data = (tmp_path / f"{name}.mindir").read_bytes()
    assert hashlib.sha256(data).hexdigest() == INDEX["sha256"][name], (
        "the MindIR writer changed: rerun scripts/record_mindir_exports.py with MindSpore 2.10"
    )
    ours = net(Tensor(x)).asnumpy()
    np.testing.assert_allclose(ours, rec["ms_out"], rtol=1e-5, atol=1e-5)
    # and deepsink runs its own file with the same outputs
    back = nn.GraphCell(ms.load(str(tmp_path / f"{name}.mindir")))(Tensor(x)).asnumpy()
    np.testing.assert_allclose(back, ours, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("mode,tag", [("AES-GCM", "gcm"), ("AES-CBC", "cbc")])
def test_encrypted_export_mindspore_decrypted(mode, tag, tmp_path):
    net, x = recorder.build("mlp")
    ms.export(net, Tensor(x), file_name=str(tmp_path / "plain"), file_format="MINDIR")
    plain = (tmp_path / "plain.mindir").read_bytes()
    # the committed file (what MindSpore decrypted and ran) holds today's plain bytes
    kept = (FIX / f"mlp_{tag}.mindir").read_bytes()
    assert _ckpt_crypto.decrypt(kept, recorder.KEY, mode, "kept") == plain
    rec = np.load(FIX / f"mlp_{tag}.npz")
    np.testing.assert_allclose(net(Tensor(x)).asnumpy(), rec["ms_out"], rtol=1e-5, atol=1e-5)
    # a fresh encrypted export: not the plain bytes, and it loads back with the key only
    ms.export(
        net,
        Tensor(x),
        file_name=str(tmp_path / "enc"),
        file_format="MINDIR",
        enc_key=recorder.KEY,
        enc_mode=mode,
    )
    enc = (tmp_path / "enc.mindir").read_bytes()
    assert plain[:64] not in enc and _ckpt_crypto.decrypt(enc, recorder.KEY, mode, "enc") == plain
    graph = ms.load(str(tmp_path / "enc.mindir"), dec_key=recorder.KEY, dec_mode=mode)
    np.testing.assert_allclose(
        nn.GraphCell(graph)(Tensor(x)).asnumpy(), rec["ms_out"], rtol=1e-5, atol=1e-5
    )


class _Flipped(nn.Cell):
    def construct(self, x):
        return ops.sort(x)[0]


class _TwoAxisIndex(nn.Cell):
    def __init__(self):
        super().__init__()
        self.rows = Tensor(np.array([0, 1], np.int32))

    def construct(self, x):
        return x[:, self.rows, self.rows]


def test_operation_without_mindspore_primitive_is_named_with_its_line(tmp_path):
    with pytest.raises(
        ValueError, match=r"no MindSpore primitive for 'sort' .*test_mindir_export\.py:\d+"
    ):
        ms.export(
            _Flipped(),
            Tensor(np.ones((3,), np.float32)),
            file_name=str(tmp_path / "c"),
            file_format="MINDIR",
        )
    assert not (tmp_path / "c.mindir").exists()
    with pytest.raises(
        ValueError,
        match=r"no MindSpore primitive for a gather other than Gather \(one axis\) or GatherNd "
        r"\(leading axes\) \(JAX primitive 'gather', from .*test_mindir_export\.py:\d+",
    ):
        ms.export(
            _TwoAxisIndex(),
            Tensor(np.ones((2, 2, 2), np.float32)),
            file_name=str(tmp_path / "g"),
            file_format="MINDIR",
        )


def test_export_formats_and_options_as_mindspore_checks_them(tmp_path):
    net, x = nn.Dense(2, 1), Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(
        ValueError, match="Only support export file in 'AIR' format with Ascend backend"
    ):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="AIR")
    with pytest.raises(
        ValueError, match=r"must be one of \['AIR', 'ONNX', 'MINDIR'\], but got mindir"
    ):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="mindir")
    with pytest.raises(
        ValueError, match="The parameter 'enc_key' must be isinstance of <class 'bytes'>, but got k"
    ):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="MINDIR", enc_key="k")
    with pytest.raises(
        ValueError, match="MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got XOR"
    ):
        ms.export(
            net,
            x,
            file_name=str(tmp_path / "n"),
            file_format="MINDIR",
            enc_key=recorder.KEY,
            enc_mode="XOR",
        )
    with pytest.raises(NotImplementedError, match=r"\['custom_func'\]"):
        ms.export(net, x, file_name=str(tmp_path / "n"), file_format="MINDIR", custom_func=None)
    from deepsink._core import conv

    before = net(x).asnumpy()
    ms.export(net, x, file_name=str(tmp_path / "n.mindir"), file_format="MINDIR")
    assert [p.name for p in tmp_path.iterdir()] == ["n.mindir"]
    assert conv.FORCED.name is None  # the trace's convolution lowering is not left behind
    np.testing.assert_array_equal(net(x).asnumpy(), before)
    model = ms.load_mindir(str(tmp_path / "n.mindir"))
    assert (model.producer_name, model.model_version, model.mind_ir_version) == (
        "MindSpore",
        "2.10.0",
        3,
    )
    assert sorted(p.ref_key for p in model.graph.parameter) == ["bias", "weight"]


def test_docs_list_the_primitive_table():
    """docs/export.md's tables are the table both directions use (deepsink/train/mindir/primitives.py)."""
    import re

    from deepsink.train.mindir.primitives import PRIMITIVES, exports

    text = (ROOT / "docs" / "export.md").read_text()
    section = text.split("### JAX operations written as MindSpore primitives")[1].split("###")[0]
    listed = {}
    for row in re.findall(r"^\| `(\w+)` \| (.+) \|$", section, re.M):
        for jax_name in re.findall(r"`([\w-]+)`", row[1].split(" (")[0]):
            listed[jax_name] = row[0]
    assert listed == {j: p.name for j, p in exports().items()}
    loads = text.split("## What load runs")[1].split("Another primitive")[0]
    named = set(re.findall(r"`(\w+)`", loads))
    assert named == set(PRIMITIVES)


class _Lookup(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(5, 3)

    def construct(self, ids):
        return self.embedding(ids)


def test_embedding_lookup_exports_as_gather_without_its_range_warning(tmp_path):
    net, ids = _Lookup(), Tensor(np.array([[1, 4, 0]], np.int32))
    ms.export(net, ids, file_name=str(tmp_path / "e"), file_format="MINDIR")
    model = ms.load_mindir(str(tmp_path / "e.mindir"))
    # negative ids wrap (Less, Add, Select); the out-of-range check (a warning) is not written
    assert sorted(p.op_type for p in model.primitives) == [
        "Add",
        "Gather",
        "Less",
        "Reshape",
        "Select",
    ]
    back = nn.GraphCell(ms.load(str(tmp_path / "e.mindir")))(ids)
    np.testing.assert_array_equal(back.asnumpy(), net(ids).asnumpy())


def test_parameters_above_the_threshold_saved_apart_as_mindspore_ran_them(tmp_path, monkeypatch):
    """Above 1 GB of Parameters (here the threshold lowered), MindSpore writes the graph to
    <name>_graph.mindir and the bytes to <name>_variables/data_0; MindSpore 2.10 ran deepsink's
    two files (the recorder kept their SHA-256 and MindSpore's outputs)."""
    graph, data = recorder.export_split(tmp_path)
    assert recorder.sha256s((graph, data)) == INDEX["split"], (
        "the split MindIR writer changed: rerun scripts/record_mindir_exports.py with MindSpore 2.10"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lenet_graph.mindir", "lenet_variables"]
    raw = data.read_bytes()
    assert raw[:64] == (b"\x01" if sys.byteorder == "little" else b"\x00") + bytes(63)
    model = ms.load_mindir(str(graph))
    params = sorted(model.graph.parameter, key=lambda p: p.name)
    assert all(
        not p.raw_data and p.external_data.location == "lenet_variables/data_0" for p in params
    )
    assert min(p.external_data.offset for p in params) == 64
    assert all(p.external_data.offset % 64 == 0 for p in params)
    net, x = recorder.build("lenet")
    rec = np.load(FIX / "lenet_split.npz")
    back = nn.GraphCell(ms.load(str(graph)))(Tensor(x)).asnumpy()
    np.testing.assert_allclose(back, net(Tensor(x)).asnumpy(), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(rec["ms_out"], back, rtol=1e-5, atol=1e-5)
    # below the threshold: one file, as before
    ms.export(net, Tensor(x), file_name=str(tmp_path / "one"), file_format="MINDIR")
    assert (tmp_path / "one.mindir").exists() and not (tmp_path / "one_variables").exists()
    from deepsink.train.mindir import export as mindir_export

    monkeypatch.setattr(mindir_export, "SPLIT_SAVE_KB", recorder.SPLIT_KB)
    with pytest.raises(
        NotImplementedError, match="does not encrypt a MindIR file whose Parameters"
    ):
        ms.export(net, Tensor(x), file_name=str(tmp_path / "e"), file_format="MINDIR",
                  enc_key=recorder.KEY)  # fmt: skip
