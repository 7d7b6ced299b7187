"""The ResNet-18/CIFAR job of bench/bench_resnet.py as a PyTorch user writes it: the same network
(CIFAR variant: 3x3 stem, no stem pool), the same initialisation scheme (He-normal fan_out
convolutions, BatchNorm 1/0, nn.Linear defaults), SGD momentum 0.01/0.9, batch 32, the same seeded
synthetic data (examples/resnet_cifar.py's generator, re-implemented here so the peer needs no
deepsink). Runs on cuda when ``torch.cuda.is_available()``.

usage: python torch_resnet.py eager|default|reduce-overhead STEPS [WARMUP] [auto|cpu|cuda]
  -> one JSON line:
ms/step is the median per-step time after WARMUP steps (each step ends with a synchronize on GPU),
compile_s the time of the warm-up steps beyond WARMUP x ms/step (torch.compile's compilation),
peak_device_mb torch's peak cuda allocation.
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

NUM_CLASSES = 10


def synthetic_cifar(num_samples, seed=0):
    rng = np.random.default_rng(seed)
    prototypes = rng.standard_normal((NUM_CLASSES, 3, 32, 32), dtype=np.float32)
    labels = rng.integers(0, NUM_CLASSES, num_samples).astype(np.int32)
    noise = rng.standard_normal((num_samples, 3, 32, 32), dtype=np.float32)
    return 0.5 * prototypes[labels] + noise, labels


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout, momentum=0.1)  # torch's 0.1 is MindSpore's 0.9
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout, momentum=0.1)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)
            )

    def forward(self, x):
        identity = x if self.down is None else self.down(x)
        out = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(out)) + identity)


class ResNet18(nn.Module):
    def __init__(self, num_classes=NUM_CLASSES):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        stages, cin = [], 64
        for cout, stride in [(64, 1), (128, 2), (256, 2), (512, 2)]:
            stages.append(nn.Sequential(BasicBlock(cin, cout, stride), BasicBlock(cout, cout)))
            cin = cout
        self.layers = nn.Sequential(*stages)
        self.fc = nn.Linear(512, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")

    def forward(self, x):
        x = self.layers(F.relu(self.bn1(self.conv1(x))))
        return self.fc(x.mean((2, 3)))


def main(mode: str, steps: int, warmup: int, device: str = "auto") -> None:
    torch.manual_seed(0)
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cuda" and not torch.cuda.is_available():
        sys.exit("torch sees no cuda device (a CPU-only torch build, or no GPU)")
    dev = torch.device(device)
    batch, n = 32, 1024
    x, y = synthetic_cifar(n)
    x, y = torch.from_numpy(x).to(dev), torch.from_numpy(y.astype(np.int64)).to(dev)
    model = ResNet18().to(dev).train()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def step(xb, yb):
        loss = F.cross_entropy(model(xb), yb)
        opt.zero_grad(set_to_none=False)
        loss.backward()
        opt.step()
        return loss.detach()

    if mode != "eager":
        step = torch.compile(step, **({"mode": mode} if mode == "reduce-overhead" else {}))
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    times, per_epoch, warm_s = [], n // batch, 0.0
    t_start = time.perf_counter()
    for i in range(warmup + steps):
        j = i % per_epoch
        xb, yb = x[j * batch : (j + 1) * batch], y[j * batch : (j + 1) * batch]
        t0 = time.perf_counter()
        loss = step(xb, yb)
        sync()
        times.append(time.perf_counter() - t0)
        if i == warmup - 1:
            warm_s = time.perf_counter() - t_start
    ms = statistics.median(times[warmup:]) * 1e3
    out = {
        "ms_per_step": ms,
        "compile_s": max(0.0, warm_s - warmup * ms / 1e3),
        "loss": float(loss.item()),
        "device": str(dev) + (f" ({torch.cuda.get_device_name()})" if dev.type == "cuda" else ""),
        "torch": torch.__version__,
        "params": sum(p.numel() for p in model.parameters()),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_device_mb": torch.cuda.max_memory_allocated() / 2**20 if dev.type == "cuda" else None,
    }
    print(json.dumps(out))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]) if len(a) > 2 else 3, a[3] if len(a) > 3 else "auto")
