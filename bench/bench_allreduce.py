"""The gradient all-reduce alone: LeNet's 8 gradient tensors (61,684 floats) over 2 ranks, Gloo.

usage: deepsink launch --worker_num 2 --local_worker_num 2 --join True bench/bench_allreduce.py
Prints ms per DistributedGradReducer call, eager and inside a compiled function (rank 0).
"""

import time

import mindspore as ms
import numpy as np
from mindspore import nn
from mindspore.communication import get_rank, init

init()
shapes = [(6, 1, 5, 5), (16, 6, 5, 5), (120, 400), (120,), (84, 120), (84,), (10, 84), (10,)]
grads = tuple(ms.Tensor(np.ones(s, np.float32)) for s in shapes)
red = nn.DistributedGradReducer([0] * 8, True, 2)


@ms.jit
def inside(*g):
    return red(g)


for f, name in ((lambda: red(grads), "eager"), (lambda: inside(*grads), "in a compiled fn")):
    out = f()
    out[0].asnumpy()
    t = time.perf_counter()
    for _ in range(200):
        out = f()
    out[-1].asnumpy()
    if get_rank() == 0:
        print(
            f"all-reduce of LeNet's gradients ({sum(int(np.prod(s)) for s in shapes)} floats), {name}: {(time.perf_counter() - t) / 200 * 1e3:.2f} ms",
            flush=True,
        )
