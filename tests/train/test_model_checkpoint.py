"""ModelCheckpoint, CheckpointConfig and BackupAndRestore driven by Model.train.

File names and argument errors follow MindSpore 2.10 (names.json was recorded from it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn
from deepsink._core import random as _random
from deepsink.train import (
    BackupAndRestore,
    Callback,
    CheckpointConfig,
    Model,
    ModelCheckpoint,
    _ckpt_rng,
    serialization,
)

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "ckpt"


class MLP(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Dense(8, 16)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(16, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def dataset(batches: int = 12):
    rng = np.random.RandomState(0)
    x = rng.randn(batches * 8, 8).astype(np.float32)
    y = rng.randint(0, 3, batches * 8).astype(np.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=True).batch(8)


class DropMLP(MLP):
    """MLP with a Dropout: its masks come from its kernel's engine, so a resume is exact only
    when the checkpoint restores that engine's state."""

    def __init__(self) -> None:
        super().__init__()
        self.drop = nn.Dropout(p=0.3)

    def construct(self, x):
        return self.fc2(self.drop(self.relu(self.fc1(x))))


def model(net_class: type = MLP) -> Model:
    net = net_class()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))


class Losses(Callback):
    def __init__(self) -> None:
        self.values: list[float] = []

    def on_train_epoch_end(self, run_context):
        self.values.append(float(run_context.original_args().net_outputs.asnumpy()))


def scramble(m: Model) -> None:
    """Overwrite the state a resume must restore (parameters, optimizer state, random key)."""
    for p in m.train_network.get_parameters():
        p.set_data(ms.Tensor(np.full(p.shape, 0.5, p.dtype.np)))
    _random.next_key()


def params_of(m: Model) -> dict[str, np.ndarray]:
    return {p.name: p.asnumpy() for p in m.train_network.get_parameters()}


# --- CheckpointConfig ----------------------------------------------------------------------------
def test_config_policy_as_mindspore():
    c = CheckpointConfig(save_checkpoint_seconds=100, keep_checkpoint_per_n_minutes=5)
    assert c.get_checkpoint_policy() == {
        "save_checkpoint_steps": 1,
        "save_checkpoint_seconds": None,
        "keep_checkpoint_max": 5,
        "keep_checkpoint_per_n_minutes": None,
        "saved_network": None,
    }
    c = CheckpointConfig(save_checkpoint_steps=0, keep_checkpoint_max=0, save_checkpoint_seconds=10)
    assert (c.save_checkpoint_seconds, c.keep_checkpoint_max) == (10, 1)
    c = CheckpointConfig(append_info=["epoch_num", {"lr": 0.5}])
    assert c.append_dict == {"epoch_num": 0, "lr": 0.5}
    assert c.enc_mode == "AES-GCM" and c.async_save is False and c.format == "ckpt"


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"save_checkpoint_steps": -1}, ValueError, "save_checkpoint_steps"),
        ({"save_checkpoint_steps": 1.5}, TypeError, "save_checkpoint_steps"),
        ({"save_checkpoint_steps": 0, "keep_checkpoint_max": 0}, ValueError, "can't be all None"),
        ({"append_info": "x"}, TypeError, "'append_info' must be list"),
        ({"append_info": ["foo"]}, ValueError, r"must be in \['epoch_num', 'step_num'\]"),
        ({"saved_network": 3}, TypeError, "'saved_network' must be None or Cell"),
        ({"format": "h5"}, ValueError, "'format' must be 'ckpt' or 'safetensors'"),
        (
            {"format": "safetensors", "enc_key": b"k" * 16},
            ValueError,
            "other param must be default",
        ),
    ],
)
def test_config_rejects_bad_arguments(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        CheckpointConfig(**kwargs)


def test_model_checkpoint_rejects_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="does not contain '/'"):
        ModelCheckpoint("a/b", str(tmp_path))
    with pytest.raises(TypeError, match="should be 'CheckpointConfig'"):
        ModelCheckpoint("a", str(tmp_path), config=3)


# --- naming and keeping --------------------------------------------------------------------------
def test_names_steps_and_keep_max_without_sink(tmp_path):
    cb = ModelCheckpoint(
        "net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=3)
    )
    model().train(2, dataset(), callbacks=cb)
    assert sorted(os.listdir(tmp_path)) == ["net-2_12.ckpt", "net-2_4.ckpt", "net-2_8.ckpt"]
    assert cb.latest_ckpt_file_name == str(tmp_path / "net-2_12.ckpt")
    assert os.stat(tmp_path / "net-2_12.ckpt").st_mode & 0o777 == 0o400


def test_keep_one_checkpoint_per_n_minutes(tmp_path):
    cfg = CheckpointConfig(
        save_checkpoint_steps=4, keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=1
    )
    model().train(1, dataset(), callbacks=ModelCheckpoint("m", str(tmp_path), cfg))
    assert sorted(os.listdir(tmp_path)) == ["m-1_12.ckpt", "m-1_4.ckpt"]


def test_sink_mode_checks_the_steps_once_per_sink(tmp_path):
    """sink_size=6: cur_step_num advances 6 per sink; save_checkpoint_steps=4 fires each sink."""
    cfg = CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=10)
    model().train(
        2,
        dataset(),
        callbacks=ModelCheckpoint("s", str(tmp_path), cfg),
        dataset_sink_mode=True,
        sink_size=6,
    )
    assert sorted(os.listdir(tmp_path)) == ["s-1_6.ckpt", "s-2_6.ckpt"]
    cfg = CheckpointConfig(save_checkpoint_steps=12, keep_checkpoint_max=10)
    model().train(
        3,
        dataset(),
        callbacks=ModelCheckpoint("t", str(tmp_path), cfg),
        dataset_sink_mode=True,
        sink_size=6,
    )
    assert sorted(f for f in os.listdir(tmp_path) if f.startswith("t")) == [
        "t-2_6.ckpt",
        "t-3_6.ckpt",  # step 12, then the final save at step 18
    ]


def test_prefix_clash_gets_a_suffix_as_in_mindspore(tmp_path):
    names = json.loads((FIX / "names.json").read_text())
    cfg = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2)
    for _ in range(2):
        model().train(1, dataset(3), callbacks=ModelCheckpoint("Momentum", str(tmp_path), cfg))
    assert sorted(os.listdir(tmp_path)) == names["Momentum_files_after_second_run"]


def test_keep_max_never_deletes_the_last_good_file_before_the_new_one_is_complete(
    tmp_path, monkeypatch
):
    cfg = CheckpointConfig(save_checkpoint_steps=12, keep_checkpoint_max=1)
    m = model()
    m.train(1, dataset(), callbacks=ModelCheckpoint("k", str(tmp_path), cfg))
    assert os.listdir(tmp_path) == ["k-1_12.ckpt"]
    good = (tmp_path / "k-1_12.ckpt").read_bytes()

    def full_disk(entries):
        yield b"\x0a"
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(serialization, "_ckpt_chunks", full_disk)
    with pytest.raises(OSError, match="No space left"):
        m.train(1, dataset(), callbacks=ModelCheckpoint("k", str(tmp_path), cfg))
    assert os.listdir(tmp_path) == ["k-1_12.ckpt"]
    assert (tmp_path / "k-1_12.ckpt").read_bytes() == good


def test_async_save_keeps_the_last_good_file_when_the_background_write_fails(tmp_path, monkeypatch):
    real, calls = serialization._ckpt_chunks, []

    def second_write_fails(entries):
        calls.append(1)
        if len(calls) == 2:
            yield b"\x0a"
            raise OSError(28, "No space left on device")
        yield from real(entries)

    monkeypatch.setattr(serialization, "_ckpt_chunks", second_write_fails)
    cfg = CheckpointConfig(save_checkpoint_steps=12, keep_checkpoint_max=1, async_save=True)
    with pytest.raises(RuntimeError, match="asynchronous checkpoint save failed"):
        model().train(2, dataset(), callbacks=ModelCheckpoint("ka", str(tmp_path), cfg))
    assert os.listdir(tmp_path) == ["ka-1_12.ckpt"]
    assert "fc1.weight" in ms.load_checkpoint(str(tmp_path / "ka-1_12.ckpt"))


def test_append_info_optimizer_state_and_random_key_are_saved(tmp_path):
    cfg = CheckpointConfig(
        save_checkpoint_steps=12, append_info=["epoch_num", "step_num", {"note": "hi"}]
    )
    m = model()
    m.train(2, dataset(), callbacks=ModelCheckpoint("a", str(tmp_path), cfg))
    got = ms.load_checkpoint(str(tmp_path / "a-2_12.ckpt"))
    assert int(got["epoch_num"].asnumpy()) == 2 and int(got["step_num"].asnumpy()) == 24
    assert got["note"] == "hi"
    assert int(got["global_step"].asnumpy()[0]) == 24
    assert {"moments.fc1.weight", "learning_rate", "momentum"} <= set(got)
    assert serialization.RNG_KEY_NAME not in got


def test_entries_are_mindspores_and_the_random_key_rides_outside_them(tmp_path):
    """The entry list of a ModelCheckpoint file is the one MindSpore 2.10 writes for the same
    model (names.json); the global random key is in the file, but not as an entry."""
    ms.set_seed(1)
    net = MLP()
    net.fc1, net.fc2 = nn.Dense(6, 8), nn.Dense(8, 3)  # the recorded model's shapes
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    m = Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    rng = np.random.RandomState(0)
    data = ds.NumpySlicesDataset(
        {"x": rng.randn(24, 6).astype(np.float32), "y": rng.randint(0, 3, 24).astype(np.int32)},
        shuffle=False,
    ).batch(8)
    cfg = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2)
    m.train(1, data, callbacks=[ModelCheckpoint("Momentum", str(tmp_path), cfg)])
    path = tmp_path / "Momentum-1_3.ckpt"
    names = json.loads((FIX / "names.json").read_text())["Momentum_ckpt_names"]
    assert sorted(ms.load_checkpoint(str(path))) == names
    key = _ckpt_rng.find(path.read_bytes())
    np.testing.assert_array_equal(key, np.asarray(_random.KEY.ensure()))


def test_async_save_is_complete_when_train_returns(tmp_path, no_leaked_threads):
    cfg = CheckpointConfig(save_checkpoint_steps=6, keep_checkpoint_max=2, async_save=True)
    m = model()
    m.train(
        2,
        dataset(),
        callbacks=ModelCheckpoint("as", str(tmp_path), cfg),
        dataset_sink_mode=True,
        sink_size=6,
    )
    assert sorted(os.listdir(tmp_path)) == ["as-1_6.ckpt", "as-2_6.ckpt"]
    got = ms.load_checkpoint(str(tmp_path / "as-2_6.ckpt"))
    for name, value in params_of(m).items():
        np.testing.assert_array_equal(got[name].asnumpy(), value)


def test_safetensors_format(tmp_path):
    cfg = CheckpointConfig(save_checkpoint_steps=12, format="safetensors")
    model().train(1, dataset(), callbacks=ModelCheckpoint("st", str(tmp_path), cfg))
    assert os.listdir(tmp_path) == ["st-1_12.safetensors"]
    assert "moments.fc2.bias" in ms.load_checkpoint(
        str(tmp_path / "st-1_12.safetensors"), format="safetensors"
    )


def test_exception_save_writes_a_breakpoint_file(tmp_path):
    class Boom(Callback):
        def on_train_epoch_end(self, run_context):
            if run_context.original_args().cur_epoch_num == 2:
                raise RuntimeError("boom")

    cfg = CheckpointConfig(save_checkpoint_steps=100, exception_save=True)
    with pytest.raises(RuntimeError, match="boom"):
        model().train(3, dataset(), callbacks=[ModelCheckpoint("e", str(tmp_path), cfg), Boom()])
    assert "e-2_12_breakpoint.ckpt" in os.listdir(tmp_path)


# --- resuming ------------------------------------------------------------------------------------
@pytest.mark.parametrize("net_class", [MLP, DropMLP])
def test_initial_epoch_resume_is_exact_in_sink_mode(tmp_path, net_class):
    """Stop after epoch 2, load its checkpoint into a fresh model, train epochs 3-4 with
    initial_epoch=2: the same losses and parameters as one uninterrupted run (sink_size 8 over a
    12-batch dataset: epoch 3 starts in the middle of the data's second pass)."""
    cfg = CheckpointConfig(save_checkpoint_steps=8, keep_checkpoint_max=10)
    ms.set_seed(7)
    full, rec = model(net_class), Losses()
    full.train(
        4,
        dataset(),
        callbacks=[ModelCheckpoint("r", str(tmp_path), cfg), rec],
        dataset_sink_mode=True,
        sink_size=8,
    )
    ms.set_seed(7)  # the same program, started again
    resumed, rec2 = model(net_class), Losses()
    scramble(resumed)  # everything must come from the checkpoint
    ms.load_checkpoint(str(tmp_path / "r-2_8.ckpt"), net=resumed.train_network)
    resumed.train(
        4, dataset(), callbacks=rec2, dataset_sink_mode=True, sink_size=8, initial_epoch=2
    )
    assert rec2.values == rec.values[2:]
    for name, value in params_of(full).items():
        np.testing.assert_array_equal(params_of(resumed)[name], value, err_msg=name)


@pytest.mark.parametrize("net_class", [MLP, DropMLP])
def test_backup_and_restore_resumes_after_a_crash(tmp_path, net_class):
    class Crash(Callback):
        def on_train_epoch_end(self, run_context):
            if run_context.original_args().cur_epoch_num == 2:
                raise KeyboardInterrupt

    ms.set_seed(3)
    full, rec = model(net_class), Losses()
    full.train(4, dataset(), callbacks=rec)
    backup = str(tmp_path / "backup")
    ms.set_seed(3)
    with pytest.raises(KeyboardInterrupt):
        model(net_class).train(4, dataset(), callbacks=[BackupAndRestore(backup), Crash()])
    assert os.listdir(backup) == ["backup.ckpt"]
    assert sorted(ms.load_checkpoint(os.path.join(backup, "backup.ckpt"))) == sorted(
        [p.name for p in model(net_class).train_network.get_parameters()] + ["epoch_num"]
    )
    ms.set_seed(3)
    resumed, rec2 = model(net_class), Losses()
    scramble(resumed)
    resumed.train(4, dataset(), callbacks=[BackupAndRestore(backup), rec2])
    assert rec2.values == rec.values[2:]
    for name, value in params_of(full).items():
        np.testing.assert_array_equal(params_of(resumed)[name], value, err_msg=name)
    assert os.listdir(backup) == []  # delete_checkpoint


def test_backup_and_restore_arguments(tmp_path):
    with pytest.raises(ValueError, match="save_freq"):
        BackupAndRestore(str(tmp_path), save_freq="step")
    with pytest.raises(ValueError, match="save_freq"):
        BackupAndRestore(str(tmp_path), save_freq=0)
    assert BackupAndRestore(str(tmp_path), save_freq=2).save_freq == 2
