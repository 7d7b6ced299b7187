"""The LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial as a PyTorch user writes it: per-batch
preprocessing on tensors, eager or under ``torch.compile`` (default mode, or
``mode="reduce-overhead"``: CUDA graphs). Runs on cuda when ``torch.cuda.is_available()`` unless
DEVICE says otherwise.

usage: python torch_lenet.py STEPS [eager|default|reduce-overhead] [auto|cpu|cuda]
  -> one JSON line; ms/step is the median over 100-step windows after 20 warm-up steps (SGD
  momentum 0.01/0.9, batch 32, MindSpore's init bounds); compile_s is the warm-up's time beyond
  20 x ms/step (torch.compile's compilation), peak_device_mb torch's peak cuda allocation.
"""

import json
import resource
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from mnist_np import load


class LeNet5(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 6, 5, bias=False)
        self.c2 = nn.Conv2d(6, 16, 5, bias=False)
        self.f1, self.f2, self.f3 = nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10)
        for p in self.parameters():
            nn.init.trunc_normal_(p, std=0.02, a=-2.0, b=2.0)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.c1(x)), 2)
        x = F.max_pool2d(F.relu(self.c2(x)), 2).flatten(1)
        return self.f3(F.relu(self.f2(F.relu(self.f1(x)))))


def preprocess(img):
    t = F.interpolate(img.float()[:, None], (32, 32), mode="bilinear", align_corners=False)
    return (t / 255.0 - 0.1307) / 0.3081


def pick_device(name: str) -> torch.device:
    """``auto``: cuda when available; ``cuda`` without a GPU fails rather than fall back."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name == "cuda" and not torch.cuda.is_available():
        sys.exit("torch sees no cuda device (a CPU-only torch build, or no GPU)")
    return torch.device(name)


def main(steps: int, mode: str = "eager", device: str = "auto") -> None:
    if mode not in ("eager", "default", "reduce-overhead"):
        sys.exit(f"mode must be one of eager, default, reduce-overhead; got {mode!r}")
    torch.manual_seed(0)
    dev = pick_device(device)
    x, y = load("train")
    x, y = torch.from_numpy(x.copy()).to(dev), torch.from_numpy(y.astype(np.int64)).to(dev)
    model = LeNet5().to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    warm, b = 20, 32
    rng = np.random.default_rng(0)
    order = np.concatenate(
        [rng.permutation(len(x)) for _ in range(1 + (steps + warm) * b // len(x))]
    )
    order = torch.from_numpy(order).to(dev)

    def train_step(xb, yb):
        loss = F.cross_entropy(model(preprocess(xb)), yb)
        opt.zero_grad(set_to_none=False)
        loss.backward()
        opt.step()
        return loss.detach()

    if mode != "eager":  # the batch is an input: a Python step index would be specialised on
        train_step = torch.compile(train_step, **({"mode": mode} if mode != "default" else {}))

    def step(i):
        idx = order[i * b : (i + 1) * b]
        return train_step(x[idx], y[idx])

    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    t_start = time.perf_counter()
    for i in range(warm):
        step(i)
    sync()  # the warm-up's work is done before the clock starts
    warm_s = time.perf_counter() - t_start
    window, times = 100, [time.perf_counter()]
    for i in range(warm, warm + steps):
        loss = step(i)
        if (i - warm + 1) % window == 0:
            last = loss.item()  # waits for the window's work (cuda; a no-op on CPU)
            times.append(time.perf_counter())
    ms = statistics.median(np.diff(times)) / window * 1e3
    device = str(dev) + (f" ({torch.cuda.get_device_name()})" if dev.type == "cuda" else "")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    peak = torch.cuda.max_memory_allocated() / 2**20 if dev.type == "cuda" else None
    print(
        json.dumps(
            {
                "ms_per_step": ms,
                "loss": last,
                "torch": torch.__version__,
                "mode": mode,
                "device": device,
                "peak_rss_mb": rss,
                "peak_device_mb": peak,
                "compile_s": max(0.0, warm_s - warm * ms / 1e3),
            }
        )
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 1000, *a[1:3])
