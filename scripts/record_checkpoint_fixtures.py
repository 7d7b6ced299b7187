"""Record checkpoints written by real MindSpore 2.10 for deepsink's interchange tests.

Run with a Python that has MindSpore installed (NOT run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_checkpoint_fixtures.py

Writes ``tests/fixtures/ms/ckpt/``:

- ``dtypes.ckpt`` / ``dtypes.safetensors``: one Parameter per dtype (float16, bfloat16, float64,
  int64, bool, a scalar, ...) plus ``append_dict`` entries; ``dtypes.npz`` holds the same values
  as numpy (bfloat16 as its uint16 bit pattern under ``<name>.bf16bits``) and the dtype names.
- ``<opt>_train.ckpt`` for Momentum and Adam: a small MLP trained 3 steps by ``Model.train`` with
  ``ModelCheckpoint`` (optimizer state under MindSpore's names), and ``<opt>_train.npz``: the data,
  the losses of 3 more steps MindSpore ran after loading that checkpoint into a fresh network,
  and the parameters after them (deepsink must resume to the same values).
- ``enc_gcm.ckpt`` (key ``b"0123456789abcdef"``), ``enc_cbc.ckpt`` (key ``b"k" * 32``,
  AES-CBC), ``crc.ckpt`` (``crc_check=True``): the first three dtypes entries.
- ``names.json``: file names ModelCheckpoint produced (``prefix-epoch_step.ckpt``, ``_1`` on a
  clash), parameter names, and the file mode MindSpore leaves.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import mindspore as ms
import mindspore.dataset as mds
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.train import CheckpointConfig, Model, ModelCheckpoint

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "ckpt"
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def dtypes_case() -> None:
    rng = np.random.RandomState(7)
    values = {
        "w_f16": rng.randn(3, 4).astype(np.float16),
        "w_f32": rng.randn(2, 3).astype(np.float32),
        "w_f64": rng.randn(5).astype(np.float64),
        "w_i8": rng.randint(-100, 100, (4,)).astype(np.int8),
        "w_i16": rng.randint(-3000, 3000, (2, 2)).astype(np.int16),
        "w_i32": rng.randint(-(2**30), 2**30, (3,)).astype(np.int32),
        "w_i64": np.array([2**40 + 3, -(2**35), 7], np.int64),
        "w_u8": rng.randint(0, 255, (6,)).astype(np.uint8),
        "w_bool": np.array([True, False, True]),
        "scalar_f32": np.array(1.5, np.float32),
        "scalar_i32": np.array(9, np.int32),
    }
    params = [Parameter(Tensor(v), name=k) for k, v in values.items()]
    bf = Tensor(rng.randn(2, 3).astype(np.float32), ms.bfloat16)
    params.append(Parameter(bf, name="w_bf16"))
    items = [{"name": p.name, "data": p} for p in params]
    append = {"epoch_num": 3, "step_num": 42, "lr_float": 0.25}
    ms.save_checkpoint(items, str(OUT / "dtypes.ckpt"), append_dict=append)
    ms.save_checkpoint(items, str(OUT / "dtypes.safetensors"), format="safetensors")
    ms.save_checkpoint(items[:3], str(OUT / "enc_gcm.ckpt"), enc_key=b"0123456789abcdef")
    ms.save_checkpoint(items[:3], str(OUT / "enc_cbc.ckpt"), enc_key=b"k" * 32, enc_mode="AES-CBC")
    ms.save_checkpoint(items[:3], str(OUT / "crc.ckpt"), crc_check=True)
    back = ms.load_checkpoint(str(OUT / "dtypes.ckpt"))
    arrays = {k: v for k, v in values.items()}
    bits = bf.float().asnumpy().astype(np.float32).view(np.uint32) >> 16
    arrays["w_bf16.bf16bits"] = bits.astype(np.uint16)
    arrays["__dtypes__"] = np.array([f"{k}={v.dtype}" for k, v in back.items()])
    arrays["__shapes__"] = np.array([f"{k}={tuple(v.shape)}" for k, v in back.items()])
    np.savez(OUT / "dtypes.npz", **arrays)


class MLP(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _data(seed: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.RandomState(seed)
    return rng.randn(n, 4, 6).astype(np.float32), rng.randint(0, 3, (n, 4)).astype(np.int32)


def train_case(opt_name: str, names: dict) -> None:
    ms.set_seed(1)
    net = MLP()
    make_opt = {
        "Momentum": lambda ps: nn.Momentum(ps, learning_rate=0.1, momentum=0.9),
        "Adam": lambda ps: nn.Adam(ps, learning_rate=0.01),
    }[opt_name]
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    x, y = _data(3, 6)
    data = mds.NumpySlicesDataset(
        {"x": x[:3].reshape(-1, 6), "y": y[:3].reshape(-1)}, shuffle=False
    )
    data = data.batch(4)
    tmp = tempfile.mkdtemp()
    try:
        cfg = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2)
        model = Model(net, loss, make_opt(net.trainable_params()))
        model.train(1, data, callbacks=[ModelCheckpoint(opt_name, tmp, cfg)])
        files = sorted(f for f in os.listdir(tmp) if f.endswith(".ckpt"))
        names[f"{opt_name}_files"] = files
        ckpt = os.path.join(tmp, files[0])
        names[f"{opt_name}_mode"] = oct(stat.S_IMODE(os.stat(ckpt).st_mode))
        shutil.copy(ckpt, OUT / f"{opt_name}_train.ckpt")
        os.chmod(OUT / f"{opt_name}_train.ckpt", 0o644)
        # a second ModelCheckpoint with the same prefix in the same folder gets "_1"
        model.train(1, data, callbacks=[ModelCheckpoint(opt_name, tmp, cfg)])
        names[f"{opt_name}_files_after_second_run"] = sorted(os.listdir(tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    # resume: a fresh network and optimizer, load, train 3 more steps one by one
    ms.set_seed(2)
    net2 = MLP()
    opt2 = make_opt(net2.trainable_params())
    train_net = nn.TrainOneStepCell(nn.WithLossCell(net2, loss), opt2)
    params = ms.load_checkpoint(str(OUT / f"{opt_name}_train.ckpt"))
    names[f"{opt_name}_ckpt_names"] = sorted(params)
    names[f"{opt_name}_ckpt_shapes"] = {k: list(v.shape) for k, v in params.items()}
    not_loaded = ms.load_param_into_net(train_net, params)
    names[f"{opt_name}_not_loaded"] = [list(not_loaded[0]), sorted(not_loaded[1])]
    losses = []
    for i in range(3, 6):
        losses.append(train_net(Tensor(x[i]), Tensor(y[i])).asnumpy())
    after = {p.name: p.asnumpy() for p in train_net.get_parameters()}
    np.savez(
        OUT / f"{opt_name}_train.npz",
        x=x,
        y=y,
        losses=np.array(losses),
        **{f"after/{k}": v for k, v in after.items()},
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    dtypes_case()
    names: dict = {"mindspore": ms.__version__, "numpy": np.__version__}
    for opt in ("Momentum", "Adam"):
        train_case(opt, names)
    (OUT / "names.json").write_text(json.dumps(names, indent=1, sort_keys=True) + "\n")
    for f in OUT.iterdir():
        if f.suffix in (".ckpt", ".safetensors"):
            os.chmod(f, 0o644)
    print("recorded", sorted(p.name for p in OUT.iterdir()))


if __name__ == "__main__":
    main()
