"""deepsink on a GPU: where Tensors, Parameters and sunk batches live, ``device_id``, sink training,
float32 fidelity against the CPU and numpy, and checkpoints written on the GPU read on a CPU.

Each check runs for ``device`` CPU and GPU: the CPU variant always (it exercises the same logic
on the host), the GPU variant (marked ``gpu``: ``pytest -m gpu``) only where JAX sees a GPU
(``pip install ".[cuda]"``). ``bench/gpu_check.sh`` runs the ``gpu`` ones on a GPU machine.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import jax
import numpy as np
import pytest
from faultkit import wait_until

import deepsink as ms
import deepsink.dataset as ds
from deepsink import context, nn
from deepsink.device_context.gpu import op_precision
from deepsink.train.sink.queue import DeviceQueue

ROOT = Path(__file__).resolve().parents[2]
HAS_GPU = ms.device_context.gpu.is_available()
GPU = pytest.param(
    "GPU",
    marks=[
        pytest.mark.gpu,
        pytest.mark.skipif(not HAS_GPU, reason="no GPU visible to JAX (pip install '.[cuda]')"),
    ],
)
DEVICES = ["CPU", GPU]


def _on(target: str) -> jax.Device:
    ms.set_context(device_target=target)
    dev = context.device()
    assert dev.platform == target.lower()
    return dev


def _devices(x) -> set:
    return set(x._data.devices())


def _regression(n: int = 64, batch: int = 8, seed: int = 0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 4)).astype(np.float32)
    y = (x @ rng.normal(size=(4, 3)) + 0.5).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(batch)
    return x, y, data


class _Losses(ms.Callback):
    def __init__(self):
        self.losses = []

    def on_train_step_end(self, run_context):
        self.losses.append(float(run_context.original_args().net_outputs.asnumpy()))


def _train_dense(target: str, epochs: int = 3, sink: bool = True):
    """Dense(4, 3) + MSE + Momentum(0.05, 0.9) on ``target``: (initial params, final params, net)."""
    _on(target)
    ms.set_seed(3)
    net = nn.Dense(4, 3)
    init = {p.name: p.asnumpy().copy() for p in net.trainable_params()}
    _, _, data = _regression()
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(epochs, data, dataset_sink_mode=sink)
    return init, {p.name: p.asnumpy() for p in net.trainable_params()}, net


@pytest.mark.parametrize("target", DEVICES)
def test_tensors_and_parameters_live_on_the_selected_device(target):
    dev = _on(target)
    t = ms.Tensor(np.ones((2, 4), np.float32))
    assert _devices(t) == {dev}
    assert _devices(t * 2 + 1) == {dev}
    net = nn.Dense(4, 3)
    assert all(_devices(p) == {dev} for p in net.trainable_params())
    assert _devices(net(t)) == {dev}
    _, _, net = _train_dense(target, epochs=1)
    assert all(_devices(p) == {dev} for p in net.trainable_params())


_DEVICE_ID_CHILD = """
import json, numpy as np, deepsink as ms, deepsink.dataset as ds
from deepsink import context, nn
ms.set_context(device_target={target!r}, device_id={device_id})
dev = context.device()
net = nn.Dense(4, 3)
x = np.ones((16, 4), np.float32)
data = ds.NumpySlicesDataset((x, x[:, :3]), column_names=["x", "y"], shuffle=False).batch(4)
ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9)).train(
    1, data, dataset_sink_mode=True)
print(json.dumps({{"device": [dev.platform, dev.id],
    "tensor": [d.id for d in ms.Tensor(x)._data.devices()],
    "params": sorted({{d.id for p in net.trainable_params() for d in p._data.devices()}})}}))
"""


@pytest.mark.parametrize("target", DEVICES)
def test_device_id_selects_the_device(target):
    """The last device of the platform (CPU: two host devices forced in a child process)."""
    # the child shares the GPU with this process, which holds XLA's up-front reservation
    env = dict(os.environ, PYTHONPATH=str(ROOT), XLA_PYTHON_CLIENT_PREALLOCATE="false")
    if target == "CPU":
        env.update(JAX_PLATFORMS="cpu", XLA_FLAGS="--xla_force_host_platform_device_count=2")
        last = 1
    else:
        last = ms.device_context.gpu.device_count() - 1
    code = _DEVICE_ID_CHILD.format(target=target, device_id=last)
    p = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert p.returncode == 0, p.stderr[-3000:]
    got = json.loads(p.stdout.strip().splitlines()[-1])
    assert got == {"device": [target.lower(), last], "tensor": [last], "params": [last]}


@pytest.mark.parametrize("target", DEVICES)
def test_sink_training_on_the_device_lowers_the_loss(target):
    dev = _on(target)
    ms.set_seed(3)
    net = nn.Dense(4, 3)
    _, _, data = _regression()
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    cb = _Losses()
    model.train(6, data, callbacks=[cb], dataset_sink_mode=True, sink_size=4)
    assert len(cb.losses) == 6
    assert cb.losses[-1] < 0.5 * cb.losses[0]
    assert all(_devices(p) == {dev} for p in net.trainable_params())


@pytest.mark.parametrize("target", DEVICES)
def test_batches_are_placed_on_the_device_ahead_of_the_step(target):
    """The device queue copies chunks to the device before the consumer asks for them."""
    dev = _on(target)
    _, _, data = _regression(n=64, batch=8)
    with DeviceQueue(data, iter([2, 2, 2, 2]), budget_bytes=1 << 20, device=dev, depth=2) as q:
        wait_until(lambda: q._produced_batches >= 4, "4 batches copied ahead")
        ahead = q._produced_batches  # two chunks of two batches, none consumed yet
        chunks = [c for _ in range(4) for c in q.chunks()]
        assert ahead >= 4
        assert [c.steps for c in chunks] == [2, 2, 2, 2]
        assert all(set(a.devices()) == {dev} for c in chunks for a in c.arrays)
        assert chunks[0].arrays[0].shape == (2, 8, 4)
        for c in chunks:
            q.release(c, None)


def _numpy_dense_reference(init: dict, epochs: int) -> dict:
    """The same training in float64 numpy: MSELoss (mean), Momentum v = 0.9 v + g, p -= 0.05 v."""
    x, y, _ = _regression()
    w, b = init["weight"].astype(np.float64), init["bias"].astype(np.float64)
    vw, vb = np.zeros_like(w), np.zeros_like(b)
    for _ in range(epochs):
        for i in range(0, len(x), 8):
            xb, yb = x[i : i + 8].astype(np.float64), y[i : i + 8]
            r = 2.0 * (xb @ w.T + b - yb) / yb.size
            gw, gb = r.T @ xb, r.sum(0)
            vw, vb = 0.9 * vw + gw, 0.9 * vb + gb
            w, b = w - 0.05 * vw, b - 0.05 * vb
    return {"weight": w, "bias": b}


@pytest.mark.parametrize("target", DEVICES)
def test_float32_dense_training_matches_a_float64_numpy_reference(target):
    """Float32 matmuls run in float32 by default (MindSpore's matmul_allow_tf32=False): TF32
    (10-bit mantissa) would miss this tolerance by orders of magnitude."""
    init, got, _ = _train_dense(target, epochs=3)
    ref = _numpy_dense_reference({k.split(".")[-1]: v for k, v in init.items()}, epochs=3)
    for name, value in got.items():
        np.testing.assert_allclose(value, ref[name.split(".")[-1]], rtol=2e-5, atol=2e-6)


def _lenet_steps(target: str, steps: int = 5) -> dict:
    sys.path.insert(0, str(ROOT / "examples"))
    from lenet_mnist_sink import MNIST, LeNet5, create_dataset

    _on(target)
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32).take(steps)
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    model.train(1, data, dataset_sink_mode=True, sink_size=steps)
    return {p.name: p.asnumpy() for p in net.trainable_params()}


@pytest.mark.gpu
@pytest.mark.skipif(not HAS_GPU, reason="no GPU visible to JAX (pip install '.[cuda]')")
@pytest.mark.parametrize("conv_tf32, rtol", [(False, 1e-4), (True, 3e-2)])
def test_lenet_on_the_gpu_matches_the_cpu(conv_tf32, rtol):
    """Five sunk LeNet steps, GPU against CPU: float32 throughout agrees to float32 rounding;
    MindSpore's default (TF32 convolutions) within TF32's ~1e-3 relative rounding, grown by
    training."""
    op_precision.conv_allow_tf32(conv_tf32)
    cpu = _lenet_steps("CPU")
    gpu = _lenet_steps("GPU")
    for name in cpu:
        scale = np.abs(cpu[name]).max()
        np.testing.assert_allclose(gpu[name], cpu[name], rtol=rtol, atol=rtol * scale, err_msg=name)


_LOAD_ON_CPU = """
import sys, numpy as np, deepsink as ms
params = ms.load_checkpoint(sys.argv[1])
np.savez(sys.argv[2], **{k: v.asnumpy() for k, v in params.items()})
"""


@pytest.mark.parametrize("target", DEVICES)
def test_checkpoint_written_on_the_device_is_read_on_a_cpu(target, tmp_path):
    _, got, net = _train_dense(target, epochs=1)
    ckpt = tmp_path / "dense.ckpt"
    ms.save_checkpoint(net, str(ckpt))
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS="cpu")
    out = tmp_path / "loaded.npz"
    p = subprocess.run(
        [sys.executable, "-c", _LOAD_ON_CPU, str(ckpt), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr[-3000:]
    loaded = dict(np.load(out))
    assert set(got) <= set(loaded)
    for name, value in got.items():
        np.testing.assert_array_equal(loaded[name], value)
