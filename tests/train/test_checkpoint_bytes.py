"""Checkpoint bytes: the CRC trailer and the entry-size check against MindSpore-written files.

``crc.ckpt`` and ``dtypes.ckpt`` in tests/fixtures/ms/ckpt were written by MindSpore 2.10
(scripts/record_checkpoint_fixtures.py).
"""

from __future__ import annotations

import zlib
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink.common.tensor import Tensor
from deepsink.train import serialization
from deepsink.train._ckpt_proto import Checkpoint

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "ckpt"


@pytest.fixture
def x64():
    before = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", before)


def test_crc_file_is_mindspores_byte_for_byte(x64, tmp_path):
    """Saving MindSpore's crc.ckpt entries with crc_check=True gives MindSpore's entry bytes after
    deepsink's leading count mark (a field MindSpore's parser skips), and MindSpore's trailer:
    b"crc_num" + the CRC32 of everything before it as 10 big-endian bytes."""
    mindspore_bytes = (FIX / "crc.ckpt").read_bytes()
    params = ms.load_checkpoint(str(FIX / "crc.ckpt"), crc_check=True)
    out = tmp_path / "again.ckpt"
    ms.save_checkpoint(params, str(out), crc_check=True)
    written = out.read_bytes()
    mark = serialization._count_mark(len(params))
    assert written.startswith(mark)
    body, trailer = written[len(mark) : -17], written[-17:]
    assert body == mindspore_bytes[:-17]
    assert trailer[:7] == mindspore_bytes[-17:-10] == b"crc_num"
    # MindSpore's own trailer is the same encoding of the CRC of its bytes
    assert mindspore_bytes[-10:] == zlib.crc32(mindspore_bytes[:-17]).to_bytes(10, "big")
    assert trailer[7:] == zlib.crc32(written[:-17]).to_bytes(10, "big")


def test_deepsink_loads_its_own_crc_file(tmp_path):
    path = tmp_path / "own.ckpt"
    ms.save_checkpoint(
        [{"name": "w", "data": Tensor(np.arange(6, dtype=np.float32))}], str(path), crc_check=True
    )
    got = ms.load_checkpoint(str(path), crc_check=True)
    np.testing.assert_array_equal(got["w"].asnumpy(), np.arange(6, dtype=np.float32))


def _with_content(tmp_path, extra: bytes) -> str:
    msg = Checkpoint()
    msg.ParseFromString((FIX / "dtypes.ckpt").read_bytes())
    entry = next(v for v in msg.value if v.tag == "w_f32")
    entry.tensor.tensor_content += extra
    path = tmp_path / "sized.ckpt"
    path.write_bytes(msg.SerializeToString())
    return str(path)


@pytest.mark.parametrize("extra", [b"\0\0\0\0", b"\0" * 64], ids=["one_more", "many_more"])
def test_entry_with_more_bytes_than_its_shape_is_refused(x64, tmp_path, extra):
    """MindSpore 2.10 loads such a file and then corrupts its heap (free(): invalid next size);
    deepsink refuses it."""
    with pytest.raises(ValueError, match=r"'w_f32' should hold \d+ bytes .* but holds \d+"):
        ms.load_checkpoint(_with_content(tmp_path, extra))


def test_entry_with_fewer_bytes_than_its_shape_is_refused(x64, tmp_path):
    msg = Checkpoint()
    msg.ParseFromString((FIX / "dtypes.ckpt").read_bytes())
    entry = next(v for v in msg.value if v.tag == "w_f32")
    entry.tensor.tensor_content = entry.tensor.tensor_content[:-4]
    path = tmp_path / "short.ckpt"
    path.write_bytes(msg.SerializeToString())
    with pytest.raises(ValueError, match=r"'w_f32' should hold \d+ bytes .* but holds \d+"):
        ms.load_checkpoint(str(path))


def test_private_proto_reader_gives_mindspores_entries():
    """``_parse_ckpt_proto`` (MindSpore's private reader, which mindnlp's legacy loader imports
    with ``tensor_to_np_type`` and ``tensor_to_ms_type``) returns the file's Checkpoint message:
    2.10's entries of dtypes.ckpt, whose bytes are dtypes.npz's values."""
    msg = serialization._parse_ckpt_proto(str(FIX / "dtypes.ckpt"), None, None, False)
    want = np.load(FIX / "dtypes.npz")
    tags = [v.tag for v in msg.value]
    assert tags[:3] == ["w_f16", "w_f32", "w_f64"] and "w_bf16" in tags
    for v in msg.value:
        if v.tag not in want.files:
            continue
        np_type = serialization.tensor_to_np_type(v.tensor.tensor_type)
        got = np.frombuffer(v.tensor.tensor_content, np_type).reshape(list(v.tensor.dims))
        assert serialization.tensor_to_ms_type[v.tensor.tensor_type].np == np.dtype(np_type)
        np.testing.assert_array_equal(got.astype(np.float64), want[v.tag].astype(np.float64))
    assert serialization.tensor_to_np_type("str") == "U"
    assert serialization.tensor_to_np_type("Complex64") is None
    crc = serialization._parse_ckpt_proto(str(FIX / "crc.ckpt"), None, None, True)
    assert len(crc.value) == 3
    with pytest.raises(TypeError):
        serialization._parse_ckpt_proto(str(FIX / "crc.ckpt"), None, None)
    with pytest.raises(ValueError, match="cannot be read"):
        serialization._parse_ckpt_proto(str(FIX / "missing.ckpt"), None, None, False)
