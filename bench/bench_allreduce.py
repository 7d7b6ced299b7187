"""The gradient all-reduce alone: LeNet's 8 gradient tensors (61,684 floats) over 2 ranks, Gloo.

usage: deepsink launch --worker_num 2 --local_worker_num 2 --join True bench/bench_allreduce.py
Prints ms per DistributedGradReducer call, eager and inside a compiled function (rank 0).
"""

import time

import mindspore as ms
import numpy as np
from mindspore import nn
from mindspore.communication import get_rank, init

CALLS = 200
SHAPES = [(6, 1, 5, 5), (16, 6, 5, 5), (120, 400), (120,), (84, 120), (84,), (10, 84), (10,)]


def main():
    init()
    grads = tuple(ms.Tensor(np.ones(s, np.float32)) for s in SHAPES)
    reducer = nn.DistributedGradReducer([0] * len(SHAPES), True, 2)

    @ms.jit
    def inside(*g):
        return reducer(g)

    size = sum(int(np.prod(s)) for s in SHAPES)
    for name, call in (("eager", lambda: reducer(grads)), ("compiled", lambda: inside(*grads))):
        call()[0].asnumpy()  # compile
        t = time.perf_counter()
        for _ in range(CALLS):
            out = call()
        out[-1].asnumpy()
        ms_per_call = (time.perf_counter() - t) / CALLS * 1e3
        if get_rank() == 0:
            print(f"all-reduce of {size} floats, {name}: {ms_per_call:.2f} ms", flush=True)


if __name__ == "__main__":
    main()
