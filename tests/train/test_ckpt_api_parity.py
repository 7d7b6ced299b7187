"""Checkpoint API corners as MindSpore 2.10 has them: ``remove_redundancy``'s checks, safetensors
with ``crc_check`` and the deduplication flag, ``mindspore.common.file_system``,
``load_checkpoint_async`` under ``train.serialization``, ``train.callback``'s private names
(``_CheckpointManager``, ``_checkpoint_cb_for_save_op``, ...) and ``AITURBO``.

2.10's messages and results are in tests/fixtures/ms/ckpt_api/behaviour.json
(scripts/record_ckpt_api_fixtures.py).
"""

from __future__ import annotations

import builtins
import json
import os
import time
from pathlib import Path

import numpy as np
import pytest
from safetensors import safe_open
from safetensors.numpy import save_file

import deepsink as ms
from deepsink import nn
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.train import CheckpointConfig, ModelCheckpoint, RunContext
from deepsink.train.callback import _InternalCallbackParam

MS = json.loads(
    (
        Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "ckpt_api" / "behaviour.json"
    ).read_text()
)


def _params() -> dict:
    """The recorder's tensors (its CRC is 2.10's ``crc_num``)."""
    return {
        "b.weight": Parameter(
            Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="b.weight"
        ),
        "a.count": Parameter(Tensor(np.array([3, -1], np.int32)), name="a.count"),
        "c.half": Parameter(Tensor(np.linspace(-1, 1, 5).astype(np.float16)), name="c.half"),
    }


def _raises(key: str, fn) -> None:
    kind, message = MS["errors"][key]
    with pytest.raises(getattr(builtins, kind)) as info:
        fn()
    assert str(info.value) == message


@pytest.fixture
def net_file(tmp_path):
    net = nn.Dense(2, 2)
    path = str(tmp_path / "net.ckpt")
    ms.save_checkpoint(net, path)
    return net, path


def test_remove_redundancy_checks_as_2_10(net_file, tmp_path):
    net, path = net_file
    _raises("config_remove_redundancy", lambda: CheckpointConfig(remove_redundancy="string"))
    _raises(
        "save_remove_redundancy",
        lambda: ms.save_checkpoint(net, str(tmp_path / "x.ckpt"), remove_redundancy="s"),
    )
    _raises("load_remove_redundancy", lambda: ms.load_checkpoint(path, remove_redundancy="s"))
    _raises(
        "into_net_remove_redundancy", lambda: ms.load_param_into_net(net, {}, remove_redundancy="s")
    )
    params = ms.load_checkpoint(path)
    _raises(
        "into_net_stand_alone", lambda: ms.load_param_into_net(net, params, remove_redundancy=True)
    )
    _raises(
        "load_with_net_stand_alone",
        lambda: ms.load_checkpoint(path, net=net, remove_redundancy=True),
    )
    # a config with the flag is valid; saving with it on one device is 2.10's TypeError
    assert CheckpointConfig(remove_redundancy=True).remove_redundancy is True


def test_model_checkpoint_remove_redundancy_stand_alone_raises_at_save(tmp_path):
    net = nn.Dense(2, 2)
    cb = ModelCheckpoint(directory=str(tmp_path), config=CheckpointConfig(remove_redundancy=True))
    params = _InternalCallbackParam()
    params.train_network, params.cur_epoch_num, params.cur_step_num, params.batch_num = net, 1, 1, 1
    with pytest.raises(
        TypeError, match="can only be used in parallel scenarios, but got 'stand_alone'"
    ):
        cb.step_end(RunContext(params))


def test_safetensors_metadata_and_crc_as_2_10(tmp_path):
    meta = MS["safetensors_metadata"]
    for flag in (True, False, None):
        path = str(tmp_path / f"r{flag}.safetensors")
        kwargs = {} if flag is None else {"remove_redundancy": flag}
        ms.save_checkpoint(_params(), path, format="safetensors", **kwargs)
        with safe_open(path, framework="np") as f:
            assert f.metadata() == meta[str(flag)]
    path = str(tmp_path / "crc.safetensors")
    ms.save_checkpoint(_params(), path, format="safetensors", crc_check=True)
    with safe_open(path, framework="np") as f:
        assert f.metadata() == meta["crc"]
    loaded = ms.load_checkpoint(path, format="safetensors", crc_check=True)
    assert sorted(loaded) == ["a.count", "b.weight", "c.half"]
    bad = str(tmp_path / "bad.safetensors")
    save_file({"x": np.ones(2, np.float32)}, bad, metadata={"format": "ms", "crc_num": "1"})
    _raises(
        "safetensors_crc_mismatch",
        lambda: ms.load_checkpoint(bad, format="safetensors", crc_check=True),
    )


def test_safetensors_argument_errors_as_2_10(tmp_path):
    net = nn.Dense(2, 2)
    path = str(tmp_path / "e.safetensors")
    _raises(
        "safetensors_enc_key",
        lambda: ms.save_checkpoint(net, path, enc_key=b"0" * 16, format="safetensors"),
    )
    _raises(
        "safetensors_enc_mode",
        lambda: ms.save_checkpoint(net, path, enc_mode="AES-CBC", format="safetensors"),
    )
    _raises(
        "safetensors_global_step",
        lambda: ms.save_checkpoint(net, path, format="safetensors", global_step_num=3),
    )


def test_deduplicated_safetensors_into_net_follows_the_file_flag(tmp_path):
    """2.10 takes the file's flag over the argument: a deduplicated file loaded into a network on
    one device raises its stand-alone TypeError."""
    net = nn.Dense(2, 2)
    path = str(tmp_path / "d.safetensors")
    ms.save_checkpoint(net, path, format="safetensors", remove_redundancy=True)
    assert sorted(ms.load_checkpoint(path, format="safetensors")) == ["bias", "weight"]
    with pytest.raises(TypeError, match="stand_alone"):
        ms.load_checkpoint(path, net=net, format="safetensors")


def test_file_system_as_2_10(tmp_path):
    """2.10's basic backend: ``create`` appends (a test writing through it corrupts a CRC'd file)."""
    from deepsink.common.file_system import FileSystem, mindio_preload, set_mindio_server_info

    fs = FileSystem()
    rec = MS["file_system"]
    assert [list(fs.create_args), list(fs.open_args), fs.backend] == [
        rec["create_args"],
        rec["open_args"],
        rec["backend"],
    ]
    assert (fs.create is open) is rec["create_is_open"]
    path = str(tmp_path / "c.ckpt")
    ms.save_checkpoint(nn.Dense(2, 2), path, crc_check=True)
    with fs.create(path, *fs.create_args) as f:
        f.write(b"111")
    with pytest.raises(ValueError):
        ms.load_checkpoint(path, crc_check=True)
    with pytest.raises(ValueError, match="data_block_pool_capacity_in_gb"):
        set_mindio_server_info(0)
    with pytest.raises(TypeError, match="data_block_pool_capacity_in_gb"):
        set_mindio_server_info(1.5)
    assert mindio_preload(path) is False  # MindIO is not installed


def test_load_checkpoint_async_in_serialization(net_file):
    from deepsink.train import serialization

    net, path = net_file
    assert serialization.load_checkpoint_async is ms.load_checkpoint_async
    got = serialization.load_checkpoint_async(path).result()
    np.testing.assert_array_equal(got["weight"].asnumpy(), net.weight.asnumpy())


def _touch(folder: Path, names: list[str], base: float) -> None:
    for i, name in enumerate(names):
        (folder / name).write_bytes(b"x")
        os.utime(folder / name, (base + i, base + i))


def test_checkpoint_manager_as_2_10(tmp_path):
    from deepsink.train.callback import _CheckpointManager

    rec = MS["manager"]
    _touch(tmp_path, rec["names"], 1000)
    mgr = _CheckpointManager()
    mgr.update_ckpoint_filelist(str(tmp_path), "net")
    assert sorted(os.path.basename(f) for f in mgr.ckpoint_filelist) == rec["listed"]
    assert mgr.ckpoint_num == len(rec["listed"])
    mgr.remove_oldest_ckpoint_file()
    mgr.update_ckpoint_filelist(str(tmp_path), "net")
    assert sorted(os.path.basename(f) for f in mgr.ckpoint_filelist) == rec["after_remove_oldest"]
    sf = _CheckpointManager("safetensors")
    sf.update_ckpoint_filelist(str(tmp_path), "net")
    assert sorted(os.path.basename(f) for f in sf.ckpoint_filelist) == rec["safetensors_listed"]
    now = time.time()
    _touch(tmp_path, ["t-1_1.ckpt", "t-2_1.ckpt", "t-3_1.ckpt"], now - 30)
    minutes = _CheckpointManager()
    minutes.update_ckpoint_filelist(str(tmp_path), "t")
    minutes.keep_one_ckpoint_per_minutes(1, now)
    minutes.update_ckpoint_filelist(str(tmp_path), "t")
    assert sorted(os.path.basename(f) for f in minutes.ckpoint_filelist) == rec["per_minutes_kept"]


def test_prefix_renaming_as_2_10(tmp_path):
    from deepsink.train.callback._checkpoint import _chg_ckpt_file_name_if_same_exist

    _touch(tmp_path, MS["manager"]["names"], 1000)
    for key, (prefix, exception) in {
        "net": ("net", False),
        "net_breakpoint": ("net", True),
        "fresh": ("fresh", False),
    }.items():
        assert (
            _chg_ckpt_file_name_if_same_exist(str(tmp_path), prefix, exception)
            == MS["chg_prefix"][key]
        )


def test_save_op_callback_fills_the_named_net():
    from deepsink.train.callback import _checkpoint_cb_for_save_op, _set_cur_net

    net = nn.Dense(3, 2)
    assert (
        _checkpoint_cb_for_save_op(
            [{"name": "weight", "data": Tensor(np.ones((2, 3), np.float32))}]
        )
        is False
    )
    _set_cur_net(net)
    items = [
        {"name": "weight", "data": Tensor(np.ones((2, 3), np.float32))},
        {"name": "bias", "data": Tensor(np.full((2,), 2.0, np.float32))},
    ]
    assert _checkpoint_cb_for_save_op(items) is True
    assert items == []
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((2, 3), np.float32))
    np.testing.assert_array_equal(net.bias.asnumpy(), np.full((2,), 2.0, np.float32))
    # the network is named for one call only
    assert (
        _checkpoint_cb_for_save_op([{"name": "bias", "data": Tensor(np.zeros(2, np.float32))}])
        is False
    )


def test_aiturbo_env_imports_aiturbo(monkeypatch, tmp_path):
    """2.10 imports AITurbo's checkpoint module when AITURBO=1: without it, ModuleNotFoundError."""
    monkeypatch.setenv("AITURBO", "1")
    with pytest.raises(ModuleNotFoundError, match="aiturbo"):
        ModelCheckpoint(directory=str(tmp_path))


def test_mindir_customized_encryption_functions(tmp_path):
    """MindSpore's customized MindIR encryption: ``export(enc_mode=f)`` writes ``f(data, key)``,
    ``load(dec_mode=g)`` parses ``g(file_name, key)``."""
    net = nn.Dense(3, 2)
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    calls = []

    def encrypt(data, key):
        calls.append(("enc", key))
        return bytes(b ^ 0x5A for b in data)

    def decrypt(file_name, key):
        calls.append(("dec", key))
        with open(file_name, "rb") as f:
            return bytes(b ^ 0x5A for b in f.read())

    name = str(tmp_path / "enc")
    ms.export(net, x, file_name=name, file_format="MINDIR", enc_key=b"k", enc_mode=encrypt)
    graph = ms.load(name + ".mindir", dec_key=b"k", dec_mode=decrypt)
    np.testing.assert_allclose(nn.GraphCell(graph)(x).asnumpy(), net(x).asnumpy(), rtol=1e-6)
    assert calls == [("enc", b"k"), ("dec", b"k")]


def test_on_request_exit_graceful_attributes(monkeypatch):
    from deepsink.train import OnRequestExit

    monkeypatch.setenv("MS_ENABLE_GRACEFUL_EXIT", "1")
    cb = OnRequestExit(save_ckpt=False, save_mindir=False, config_file="./reset.json")
    assert (cb.save_path, cb.use_graceful, cb.remote_config_file, cb.is_distributed) == (
        "./",
        True,
        "./reset.json",
        False,
    )
    monkeypatch.delenv("MS_ENABLE_GRACEFUL_EXIT")
    assert OnRequestExit(save_ckpt=False, save_mindir=False).use_graceful is False


def test_on_request_exit_graceful_mode_stops_and_saves_the_step(monkeypatch, tmp_path):
    """MS_ENABLE_GRACEFUL_EXIT=1: TrainOneStepCell holds MindSpore's ``graceful_exit`` and
    ``graceful_init`` flags; a request in ``config_file`` sets the flag at the next step's begin
    and the step's end saves the checkpoint with its position, then training stops."""
    import json as _json

    from deepsink import dataset as ds
    from deepsink.train import Callback, Model, OnRequestExit

    monkeypatch.setenv("MS_ENABLE_GRACEFUL_EXIT", "1")
    net = nn.Dense(2, 1)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    names = {p.name for p in step.get_parameters()}
    assert {"graceful_exit", "graceful_init"} <= names
    config = tmp_path / "exit.json"

    class RequestAtStep2(Callback):
        def on_train_step_end(self, run_context):
            if run_context.original_args().cur_step_num == 2:
                config.write_text(_json.dumps({"GracefulExit": 1}))

    cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), config_file=str(config))
    data = ds.NumpySlicesDataset(
        (np.ones((6, 2), np.float32), np.ones((6, 1), np.float32)), ["x", "y"], shuffle=False
    ).batch(1)
    seen = []

    class Steps(Callback):
        def on_train_step_end(self, run_context):
            seen.append(run_context.original_args().cur_step_num)

    Model(step).train(1, data, callbacks=[Steps(), RequestAtStep2(), cb])
    assert seen == [1, 2, 3]  # the request after step 2 is acted on at step 3's end
    saved = ms.load_checkpoint(cb.train_name + ".ckpt")
    assert int(saved["step_num"].asnumpy()) == 3 and int(saved["batch_num"].asnumpy()) == 6
    assert int(saved["global_step"].asnumpy()) == 3 and bool(saved["graceful_exit"].asnumpy())
