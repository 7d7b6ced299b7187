"""save_checkpoint / load_checkpoint / load_param_into_net: MindSpore's files, both formats.

Fixtures in tests/fixtures/ms/ckpt were written by real MindSpore 2.10
(scripts/record_checkpoint_fixtures.py). The other direction (MindSpore reading deepsink's files)
runs the MindSpore named by $DEEPSINK_MINDSPORE_PYTHON and is skipped without it; CI checks it by
byte identity (test_ckpt_bytes_read_by_mindspore.py).
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import jax
import mindspore_reads as reads
import numpy as np
import pytest
from ms_reference import mindspore_python, needs_mindspore

import deepsink as ms
from deepsink import nn
from deepsink._core import random as _random
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.train import serialization as ser
from deepsink.train._ckpt_proto import Checkpoint
from deepsink.train._ckpt_rng import saving_rng_key

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "ckpt"


@pytest.fixture
def x64():
    """JAX with 64-bit types for the test (what the fidops branch turns on globally)."""
    before = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", before)


@pytest.fixture
def no_x64():
    """JAX without 64-bit types (jax_enable_x64 off) for the test."""
    before = jax.config.jax_enable_x64
    jax.config.update("jax_enable_x64", False)
    yield
    jax.config.update("jax_enable_x64", before)


def bf16_bits(p: Parameter) -> np.ndarray:
    return np.asarray(p._data).view(np.uint16)


class MLP(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


# --- the schema ----------------------------------------------------------------------------------
def test_runtime_descriptor_matches_checkpoint_proto():
    from google.protobuf import descriptor_pb2

    text = (Path(ser.__file__).parent / "checkpoint.proto").read_text()
    declared = {
        (label or "optional", typ, name, int(num))
        for label, typ, name, num in re.findall(
            r"(required|optional|repeated)?\s*(\w+)\s+(\w+)\s*=\s*(\d+);", text
        )
    }
    fd = descriptor_pb2.FileDescriptorProto.FromString(Checkpoint.DESCRIPTOR.file.serialized_pb)
    labels = {1: "optional", 2: "required", 3: "repeated"}
    scalar = {9: "string", 3: "int64", 12: "bytes"}
    built = set()
    messages = [*fd.message_type, *fd.message_type[0].nested_type]
    for m in messages:
        for f in m.field:
            typ = scalar.get(f.type) or f.type_name.rsplit(".", 1)[-1]
            built.add((labels[f.label], typ, f.name, f.number))
    assert built == declared


# --- reading MindSpore's files -------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_reads_every_dtype_mindspore_wrote(x64, fmt):
    ref = np.load(FIX / "dtypes.npz")
    got = ms.load_checkpoint(str(FIX / f"dtypes.{fmt}"), format=fmt)
    dtypes = dict(s.split("=") for s in ref["__dtypes__"])
    shapes = dict(s.split("=", 1) for s in ref["__shapes__"])
    for name, p in got.items():
        assert isinstance(p, Parameter) and p.name == name
        assert str(p.dtype) == dtypes[name], name
        assert str(tuple(p.shape)) == shapes[name], name
        if name == "w_bf16":
            np.testing.assert_array_equal(bf16_bits(p), ref["w_bf16.bf16bits"])
        elif name in ref:
            np.testing.assert_array_equal(p.asnumpy(), ref[name])
    assert got["scalar_f32"].shape == () and float(got["scalar_f32"].asnumpy()) == 1.5
    if fmt == "ckpt":  # append_dict entries: int -> Int64, float -> Float32
        assert int(got["epoch_num"].asnumpy()) == 3 and got["step_num"].dtype == ms.int64
        assert got["lr_float"].dtype == ms.float32


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_rewrites_mindspore_files_byte_for_byte(x64, tmp_path, fmt):
    params = ms.load_checkpoint(str(FIX / f"dtypes.{fmt}"), format=fmt)
    out = tmp_path / f"again.{fmt}"
    ms.save_checkpoint(params, str(out), format=fmt)
    got, ref = out.read_bytes(), (FIX / f"dtypes.{fmt}").read_bytes()
    if fmt == "ckpt":  # deepsink's leading entry count (a field MindSpore's parser skips) first
        from deepsink.train import serialization

        assert serialization._read_count_mark(got) == len(params)
        got = got[len(serialization._count_mark(len(params))) :]
    assert got == ref


def test_64_bit_entries_without_x64_narrow_only_when_exact(tmp_path, no_x64):
    ok = tmp_path / "ok.ckpt"
    ms.save_checkpoint(
        [{"name": "n", "data": Tensor(np.array([1, -5], np.int32))}],
        str(ok),
        append_dict={"epoch_num": 7},
    )
    got = ms.load_checkpoint(str(ok))
    assert int(got["epoch_num"].asnumpy()) == 7
    with pytest.raises(ValueError, match=r"'w_f64' in .*dtypes\.ckpt is Float64.*jax_enable_x64"):
        ms.load_checkpoint(str(FIX / "dtypes.ckpt"))


def test_reads_mindspore_encrypted_and_crc_files(x64):
    gcm = ms.load_checkpoint(str(FIX / "enc_gcm.ckpt"), dec_key=b"0123456789abcdef")
    cbc = ms.load_checkpoint(str(FIX / "enc_cbc.ckpt"), dec_key=b"k" * 32, dec_mode="AES-CBC")
    crc = ms.load_checkpoint(str(FIX / "crc.ckpt"), crc_check=True)
    ref = np.load(FIX / "dtypes.npz")
    for got in (gcm, cbc, crc):
        assert list(got) == ["w_f16", "w_f32", "w_f64"][: len(got)]
        np.testing.assert_array_equal(got["w_f16"].asnumpy(), ref["w_f16"])
    with pytest.raises(ValueError, match=r"enc_gcm\.ckpt.*key or mode does not match"):
        ms.load_checkpoint(str(FIX / "enc_gcm.ckpt"), dec_key=b"0123456789abcdeX")
    with pytest.raises(ValueError, match=r"enc_cbc\.ckpt.*encrypted; pass the key as 'dec_key'"):
        ms.load_checkpoint(str(FIX / "enc_cbc.ckpt"))


def test_crc_check_detects_a_flipped_byte(tmp_path):
    data = bytearray((FIX / "crc.ckpt").read_bytes())
    data[40] ^= 0xFF
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=r"bad\.ckpt.*CRC check failed"):
        ms.load_checkpoint(str(bad), crc_check=True)


# --- optimizer state under MindSpore's names: a MindSpore training resumes in deepsink -------------
@pytest.mark.parametrize("opt_name", ["Momentum", "Adam"])
def test_mindspore_training_checkpoint_resumes_in_deepsink(opt_name):
    ref = np.load(FIX / f"{opt_name}_train.npz")
    net = MLP()
    opt = (
        nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        if opt_name == "Momentum"
        else nn.Adam(net.trainable_params(), learning_rate=0.01)
    )
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    params = ms.load_checkpoint(str(FIX / f"{opt_name}_train.ckpt"))
    names = json.loads((FIX / "names.json").read_text())[f"{opt_name}_ckpt_names"]
    assert sorted(params) == names
    assert ms.load_param_into_net(train, params) == ([], [])
    assert int(opt.global_step.asnumpy()[0]) == 3
    losses = [float(train(Tensor(ref["x"][i]), Tensor(ref["y"][i])).asnumpy()) for i in (3, 4, 5)]
    np.testing.assert_allclose(losses, ref["losses"], rtol=2e-5, atol=1e-6)
    for p in train.get_parameters():
        np.testing.assert_allclose(
            p.asnumpy(), ref[f"after/{p.name}"], rtol=2e-5, atol=1e-6, err_msg=p.name
        )


# --- writing -------------------------------------------------------------------------------------
def test_round_trip_of_every_dtype_scalars_and_strings(x64, tmp_path):
    import ml_dtypes

    values = {
        "f16": np.arange(6, dtype=np.float16).reshape(2, 3),
        "bf16": np.array([1.5, -2.25], ml_dtypes.bfloat16),
        "f64": np.array([np.pi, 1e300]),
        "i64": np.array([2**62, -3], np.int64),
        "u8": np.array([0, 255], np.uint8),
        "b": np.array([True, False]),
        "scalar": np.array(0.5, np.float32),
    }
    items = [Parameter(Tensor(jax.numpy.asarray(v)), name=k) for k, v in values.items()]
    for fmt in ("ckpt", "safetensors"):
        path = tmp_path / f"all.{fmt}"
        extra = {"note": "hello", "epoch_num": 2} if fmt == "ckpt" else None
        ms.save_checkpoint(items, str(path), append_dict=extra, format=fmt)
        got = ms.load_checkpoint(str(path), format=fmt)
        for k, v in values.items():
            assert got[k].dtype == ms.dtype.from_np(v.dtype)
            np.testing.assert_array_equal(np.asarray(got[k]._data), v)
        assert got["scalar"].shape == ()
        if fmt == "ckpt":
            assert got["note"] == "hello" and got["epoch_num"].dtype == ms.int64


def test_save_obj_forms_choice_func_and_file_name(tmp_path):
    net = MLP()
    ms.save_checkpoint(net, str(tmp_path / "net"))  # ".ckpt" appended
    assert sorted(ms.load_checkpoint(str(tmp_path / "net.ckpt"))) == sorted(
        p.name for p in net.get_parameters()
    )
    ms.save_checkpoint(
        net.trainable_params(),
        str(tmp_path / "list.ckpt"),
        choice_func=lambda n: n.startswith("fc1"),
    )
    assert sorted(ms.load_checkpoint(str(tmp_path / "list.ckpt"))) == ["fc1.bias", "fc1.weight"]
    d = ms.load_checkpoint(str(tmp_path / "net.ckpt"), specify_prefix="fc2", filter_prefix="fc2.b")
    assert list(d) == ["fc2.weight"]
    with pytest.raises(TypeError, match="'save_obj' must be a Cell, a list or a dict"):
        ms.save_checkpoint(3, str(tmp_path / "x.ckpt"))
    with pytest.raises(ValueError, match="the argument 'async_save' can only be"):
        ms.save_checkpoint(net, str(tmp_path / "x.ckpt"), async_save="fast")
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError, match="parameter dict is empty"):
        ms.load_checkpoint(str(tmp_path / "net.ckpt"), choice_func=lambda n: False)


def test_files_are_written_atomically_and_left_read_only(tmp_path):
    net = MLP()
    path = tmp_path / "net.ckpt"
    ms.save_checkpoint(net, str(path))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o400  # as MindSpore leaves them
    net.fc1.bias.set_data(Tensor(np.full(8, 3.0, np.float32)))
    ms.save_checkpoint(net, str(path))  # replaces the read-only file
    assert float(ms.load_checkpoint(str(path))["fc1.bias"].asnumpy()[0]) == 3.0
    assert sorted(os.listdir(tmp_path)) == ["net.ckpt"]  # no temp file left


def test_a_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    net = MLP()
    path = tmp_path / "net.ckpt"
    ms.save_checkpoint(net, str(path))
    before = path.read_bytes()

    def broken(entries):
        yield b"\x0a\x05partial"
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ser, "_ckpt_chunks", broken)
    with pytest.raises(OSError, match="No space left"):
        ms.save_checkpoint(net, str(path))
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["net.ckpt"]


def test_async_save_completes_and_leaves_no_thread(tmp_path, no_leaked_threads):
    net = MLP()
    w = net.fc1.weight.asnumpy().copy()
    ms.save_checkpoint(net, str(tmp_path / "a.ckpt"), async_save=True)
    net.fc1.weight.set_data(Tensor(np.zeros((8, 6), np.float32)))  # after the call: not saved
    ser.wait_async_save()
    assert not ms.async_ckpt_thread_status()
    np.testing.assert_array_equal(
        ms.load_checkpoint(str(tmp_path / "a.ckpt"))["fc1.weight"].asnumpy(), w
    )


def test_encrypted_round_trip(tmp_path):
    net = MLP()
    for mode, key in (("AES-GCM", b"a" * 16), ("AES-CBC", b"b" * 24)):
        path = tmp_path / f"{mode}.ckpt"
        ms.save_checkpoint(net, str(path), enc_key=key, enc_mode=mode)
        got = ms.load_checkpoint(str(path), dec_key=key, dec_mode=mode)
        np.testing.assert_array_equal(got["fc2.weight"].asnumpy(), net.fc2.weight.asnumpy())
    with pytest.raises(ValueError, match="must be 16, 24 or 32 bytes long"):
        ms.save_checkpoint(net, str(tmp_path / "k.ckpt"), enc_key=b"short")
    with pytest.raises(ValueError, match="SM4-CBC is not supported"):
        ms.save_checkpoint(net, str(tmp_path / "k.ckpt"), enc_key=b"a" * 16, enc_mode="SM4-CBC")


# --- damaged files and mismatches ----------------------------------------------------------------
def test_truncated_and_garbage_files_name_the_file(tmp_path):
    net = MLP()
    good = tmp_path / "good.ckpt"
    ms.save_checkpoint(net, str(good))
    data = good.read_bytes()
    cut = tmp_path / "cut.ckpt"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match=r"cut\.ckpt.*truncated or corrupted"):
        ms.load_checkpoint(str(cut))
    garbage = tmp_path / "garbage.ckpt"
    garbage.write_bytes(b"\xff" * 100)
    with pytest.raises(ValueError, match=r"garbage\.ckpt.*not a valid MindSpore checkpoint"):
        ms.load_checkpoint(str(garbage))
    empty = tmp_path / "empty.ckpt"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match=r"empty\.ckpt.*empty"):
        ms.load_checkpoint(str(empty))
    st = tmp_path / "cut.safetensors"
    ms.save_checkpoint(net, str(tmp_path / "full.safetensors"), format="safetensors")
    st.write_bytes((tmp_path / "full.safetensors").read_bytes()[:-10])
    with pytest.raises(ValueError, match=r"cut\.safetensors.*not a valid safetensors file"):
        ms.load_checkpoint(str(st), format="safetensors")


def test_shape_mismatch_lists_every_parameter_and_loads_nothing():
    net = MLP()
    other = nn.Dense(6, 5)
    params = {
        "fc1.weight": Parameter(Tensor(np.zeros((5, 6), np.float32)), "fc1.weight"),
        "fc2.bias": Parameter(Tensor(np.zeros(4, np.float32)), "fc2.bias"),
        "fc1.bias": Parameter(Tensor(np.ones(8, np.float32)), "fc1.bias"),
    }
    before = net.fc1.bias.asnumpy().copy()
    with pytest.raises(RuntimeError) as e:
        ms.load_param_into_net(net, params)
    msg = str(e.value)
    assert "2 parameter(s)" in msg
    assert "'fc1.weight': shape (8, 6) in the network, (5, 6) in the checkpoint" in msg
    assert "'fc2.bias': shape (3,) in the network, (4,) in the checkpoint" in msg
    np.testing.assert_array_equal(net.fc1.bias.asnumpy(), before)
    del other


def test_load_param_into_net_prefix_dtype_and_lists():
    net = MLP()
    saved = {
        f"backbone.{p.name}": Parameter(
            Tensor(np.full(p.shape, 2.0, np.float16)), f"backbone.{p.name}"
        )
        for p in net.get_parameters()
    }
    saved["extra"] = Parameter(Tensor(np.zeros(2, np.float32)), "extra")
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(net, saved)
    assert not_loaded == [] and ckpt_not_loaded == ["extra"]
    assert net.fc1.weight.dtype == ms.float32 and float(net.fc1.weight.asnumpy()[0, 0]) == 2.0
    with pytest.raises(RuntimeError, match="dtype Float32 in the network, Float16"):
        ms.load_param_into_net(
            net, {"fc1.bias": Parameter(Tensor(np.zeros(8, np.float16)), "b")}, strict_load=True
        )
    exact = {"fc2.bias": Parameter(Tensor(np.zeros(3, np.float32)), "fc2.bias")}
    assert ms.load_param_into_net(net, exact, strict_load=True)[0] == [
        "fc1.weight",
        "fc1.bias",
        "fc2.weight",
    ]
    with pytest.raises(TypeError, match="should be a Cell"):
        ms.load_param_into_net({}, saved)


def test_the_random_key_is_saved_outside_the_entries_and_restored(tmp_path):
    """Under ``saving_rng_key`` (what ModelCheckpoint and BackupAndRestore use) the file holds the
    key but lists only the saved entries; loading it into a net puts the key back. A plain
    ``save_checkpoint`` stores no key."""
    net = MLP()
    key = np.asarray(_random.KEY.ensure()).copy()
    with saving_rng_key():
        ms.save_checkpoint(net, str(tmp_path / "k.ckpt"), append_dict={"epoch_num": 1})
    ms.save_checkpoint(net, str(tmp_path / "plain.ckpt"))
    assert ser._ckpt_rng.find((tmp_path / "plain.ckpt").read_bytes()) is None
    _random.next_key()
    assert not np.array_equal(np.asarray(_random.KEY.ensure()), key)
    loaded = ms.load_checkpoint(str(tmp_path / "k.ckpt"))
    assert sorted(loaded) == ["epoch_num", "fc1.bias", "fc1.weight", "fc2.bias", "fc2.weight"]
    _, rest = ms.load_param_into_net(net, loaded)
    assert rest == ["epoch_num"]
    np.testing.assert_array_equal(np.asarray(_random.KEY.ensure()), key)


def test_load_param_into_net_restores_a_random_key_saved_as_an_entry(tmp_path):
    """Files of earlier deepsink versions hold the key as the entry ``_global_rng_key``."""
    net = MLP()
    key = np.asarray(_random.KEY.ensure()).copy()
    ms.save_checkpoint(net, str(tmp_path / "k.ckpt"), append_dict={ser.RNG_KEY_NAME: Tensor(key)})
    _random.next_key()
    assert not np.array_equal(np.asarray(_random.KEY.ensure()), key)
    _, rest = ms.load_param_into_net(net, ms.load_checkpoint(str(tmp_path / "k.ckpt")))
    assert rest == []
    np.testing.assert_array_equal(np.asarray(_random.KEY.ensure()), key)


def test_converters_between_formats(tmp_path):
    net = MLP()
    (tmp_path / "a" / "b").mkdir(parents=True)
    ms.save_checkpoint(net, str(tmp_path / "a" / "b" / "m.ckpt"))
    ms.ckpt_to_safetensors(
        str(tmp_path / "a"), str(tmp_path / "out"), name_map={"fc1.weight": "first.weight"}
    )
    st = ms.load_checkpoint(str(tmp_path / "out" / "b" / "m.safetensors"), format="safetensors")
    assert "first.weight" in st and "fc1.weight" not in st
    ms.safetensors_to_ckpt(str(tmp_path / "out" / "b" / "m.safetensors"))
    back = ms.load_checkpoint(str(tmp_path / "out" / "b" / "m.ckpt"))
    np.testing.assert_array_equal(back["first.weight"].asnumpy(), net.fc1.weight.asnumpy())
    with pytest.raises(ValueError, match="save_path must be a directory"):
        ms.ckpt_to_safetensors(str(tmp_path / "a"), str(tmp_path / "x.safetensors"))


# --- MindSpore reads deepsink's files ------------------------------------------------------------
@needs_mindspore
def test_mindspore_loads_deepsink_files_and_evaluates_the_same(tmp_path):
    """A Momentum training saved by deepsink (ckpt, safetensors, encrypted) loads into MindSpore's
    network and optimizer with nothing left over, and predicts the same logits and accuracy. The
    ``.ckpt`` files hold the global random key as ModelCheckpoint saves it (outside the entries),
    which MindSpore skips. Recorded for CI: tests/train/test_files_mindspore_read.py."""
    expected = reads.write("checkpoint_files", tmp_path)
    results = reads.read_with_mindspore("checkpoint_files", tmp_path, mindspore_python())
    assert sorted(results) == sorted(reads.CHECKPOINT_FILES)
    for name, r in results.items():
        assert r["param_not_load"] == [] and r["ckpt_not_load"] == [], name
        assert r["global_step"] == expected["global_step"], name
        np.testing.assert_allclose(np.array(r["logits"]), expected["logits"], rtol=1e-5, atol=1e-6)
        assert r["accuracy"] == expected["accuracy"], name


def test_export_refuses_unknown_formats(tmp_path):
    net = nn.Dense(2, 2)
    x = ms.Tensor(np.ones((1, 2), np.float32))
    with pytest.raises(ValueError, match="file_format"):
        ms.export(net, x, file_name=str(tmp_path / "net"), file_format="PB")
    assert not list(tmp_path.iterdir())


def test_a_choice_func_that_raises_is_a_value_error_naming_the_file(tmp_path):
    # MindSpore 2.10 reports any failure while loading as a ValueError: the error's text, then
    # "For 'load_checkpoint', failed to load the checkpoint file <file>."
    path = str(tmp_path / "dense.ckpt")
    ms.save_checkpoint(nn.Dense(2, 1), path)
    with pytest.raises(ValueError) as info:
        ms.load_checkpoint(path, choice_func=lambda name: name.startswith(123))
    assert str(info.value) == (
        "startswith first arg must be str or a tuple of str, not int\n"
        f"For 'load_checkpoint', failed to load the checkpoint file {os.path.realpath(path)}."
    )
    assert isinstance(info.value.__cause__, TypeError)


def test_serialization_module_has_load():
    from deepsink.train import serialization

    assert serialization.load is ms.load
