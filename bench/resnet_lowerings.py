"""The CPU convolution lowerings (``deepsink._core.conv``) on a whole ResNet-18/CIFAR training step,
against PyTorch eager's step, in one process, interleaved.

usage: python bench/resnet_lowerings.py [--lowerings auto,canonical,im2col] [--rounds 5]
                                        [--layers] [--out FILE.json]

Each lowering is forced (``conv.set_lowering``) while deepsink traces the train step of
examples/resnet_cifar.py (batch 32, Momentum 0.01/0.9), compiled once by ``graphs.jit`` with the
XLA options deepsink compiles its own programs with (state donated, the batch on the device);
then the lowerings and torch's step run round-robin, one step each per round. "auto" is what
deepsink picks per layer shape (on CPU: im2col for small stride-1 and for 1x1 layers, canonical
for the rest; see ``_core/conv.py``). Prints and writes the median ms/step per lowering, wall and
process CPU time (all threads): on a shared machine, run it single-threaded for a fair comparison
of the kernels (OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"), where CPU time is
what each step's work costs.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path

import jax
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "examples"), str(HERE / "peers")]

from resnet_cifar import resnet18, synthetic_cifar  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink._compile import jit as _jit  # noqa: E402
from deepsink._core import conv as C  # noqa: E402
from deepsink._core import graphs  # noqa: E402
from deepsink.train.sink.loop import make_step  # noqa: E402


def deepsink_step(lowering: str, x: np.ndarray, y: np.ndarray):
    C.set_lowering(lowering)
    try:
        ms.set_seed(1)
        net = resnet18()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        train = nn.TrainOneStepCell(
            nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.01, 0.9)
        )
        train.set_train()
        boxes = _jit.state_of(train)
        f = graphs.jit(make_step(train, boxes), "resnet_step", donate_argnums=(0,))
        state = jax.device_put(tuple(np.asarray(b._data) for b in boxes))
        batch = jax.device_put((x, y))
        t0 = time.perf_counter()
        state, out = f(state, batch)  # traced (with the lowering forced) and compiled here
        jax.block_until_ready(out)
        compile_s = time.perf_counter() - t0
    finally:
        C.set_lowering(None)
    holder = {"state": state}

    def run():
        holder["state"], out = f(holder["state"], batch)
        jax.block_until_ready(out)

    return run, compile_s


def torch_step(x: np.ndarray, y: np.ndarray):
    import torch
    import torch_resnet

    model = torch_resnet.ResNet18().train()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    xt, yt = torch.from_numpy(x), torch.from_numpy(y.astype(np.int64))

    def run():
        loss = torch.nn.functional.cross_entropy(model(xt), yt)
        opt.zero_grad(set_to_none=False)
        loss.backward()
        opt.step()

    return run


# ResNet-18/CIFAR's convolution shapes at batch 32: (C_in, C_out, H=W, stride, kernel)
LAYERS = [
    (64, 64, 32, 1, 3),
    (64, 128, 32, 2, 3),
    (128, 128, 16, 1, 3),
    (128, 256, 16, 2, 3),
    (256, 256, 8, 1, 3),
    (256, 512, 8, 2, 3),
    (512, 512, 4, 1, 3),
    (64, 128, 32, 2, 1),
]


def layers(lowerings: list[str], rounds: int) -> dict[str, dict[str, float]]:
    """Each layer's forward + input and weight gradients alone (jit), median process CPU ms."""
    import jax.numpy as jnp

    def cpu_ms(f):
        f()
        ts = []
        for _ in range(rounds):
            c0 = time.process_time()
            f()
            ts.append(time.process_time() - c0)
        return statistics.median(ts) * 1e3

    try:
        import torch
    except ImportError:
        torch = None
    out = {}
    rng = np.random.default_rng(0)
    for cin, cout, hw, s, k in LAYERS:
        x = rng.standard_normal((32, cin, hw, hw), dtype=np.float32)
        w = rng.standard_normal((cout, cin, k, k), dtype=np.float32) * 0.05
        pad = ((k // 2, k // 2), (k // 2, k // 2))
        row = {}
        for low in lowerings:
            lo = None if low == "auto" else low

            def sq(x, w, lo=lo, s=s, pad=pad):
                return (C.conv2d(x, w, (s, s), pad, lowering=lo) ** 2).sum()

            g = jax.jit(jax.grad(sq, (0, 1)))
            xj, wj = jnp.asarray(x), jnp.asarray(w)
            row[low] = cpu_ms(lambda g=g, xj=xj, wj=wj: jax.block_until_ready(g(xj, wj)))
        if torch is not None:
            xt = torch.from_numpy(x).requires_grad_()
            wt = torch.from_numpy(w).requires_grad_()

            def tf(xt=xt, wt=wt, s=s, k=k):
                y = torch.nn.functional.conv2d(xt, wt, stride=s, padding=k // 2)
                (y * y).sum().backward()

            row["pytorch eager"] = cpu_ms(tf)
        name = f"{cin}->{cout} {hw}x{hw} {k}x{k}/{s}"
        out[name] = row
        print(name, " ".join(f"{n} {v:.1f}" for n, v in row.items()), flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lowerings", default="auto,canonical,im2col")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default=None)
    ap.add_argument("--layers", action="store_true", help="also time each conv layer alone")
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    per_layer = layers(args.lowerings.split(","), args.rounds) if args.layers else None
    x, y = synthetic_cifar(32)
    runs, compile_s = {}, {}
    for low in args.lowerings.split(","):
        runs[low], compile_s[low] = deepsink_step(low, x, y)
    try:
        runs["pytorch eager"] = torch_step(x, y)
    except ImportError:
        pass
    for run in runs.values():
        run()  # warm-up
    times: dict[str, list[float]] = {k: [] for k in runs}
    cpu: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(args.rounds):
        for k, run in runs.items():
            t0, c0 = time.perf_counter(), time.process_time()
            run()
            times[k].append(time.perf_counter() - t0)
            cpu[k].append(time.process_time() - c0)
    med = {k: statistics.median(v) * 1e3 for k, v in times.items()}
    med_cpu = {k: statistics.median(v) * 1e3 for k, v in cpu.items()}
    for k, m in med.items():
        print(f"{k:16s} {m:9.1f} ms/step wall {med_cpu[k]:9.1f} ms/step CPU time (all threads)")
    if args.out:
        from bench_lenet import machine

        Path(args.out).write_text(
            json.dumps(
                {
                    "command": " ".join([Path(sys.executable).name, *sys.argv]),
                    "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                    "machine": machine(),
                    "median_ms_per_step": med,
                    "compile_s": compile_s,
                    "median_cpu_ms_per_step": med_cpu,
                    "layers_cpu_ms_fwd_and_grads": per_layer,
                    "ms_per_step": {k: [t * 1e3 for t in v] for k, v in times.items()},
                },
                indent=2,
            )
            + "\n"
        )


if __name__ == "__main__":
    main()
