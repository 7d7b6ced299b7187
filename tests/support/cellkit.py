"""Tiny Cells written with jnp only, so core tests do not depend on deepsink.nn layers."""

import itertools

import jax
import numpy as np

from deepsink._compile.grad import value_and_grad
from deepsink._core import random as _random
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


class Linear(Cell):
    def __init__(self, n_in: int, n_out: int, seed: int = 0):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.weight = Parameter(
            Tensor(rng.normal(size=(n_in, n_out)).astype(np.float32)), name="weight"
        )
        self.bias = Parameter(Tensor(np.zeros(n_out, np.float32)), name="bias")
        self.calls = Parameter(Tensor(np.float32(0)), name="calls", requires_grad=False)
        self.traces = 0

    def construct(self, x):
        self.traces += 1
        self.calls._data = self.calls._data + 1
        return Tensor._from(unwrap(x) @ self.weight._data + self.bias._data)


class NoisyLinear(Linear):
    """Uses the global RNG key (like Dropout) so RNG state threading is exercised."""

    def construct(self, x):
        noise = jax.random.normal(_random.next_key(), unwrap(x).shape) * 0.01
        return Tensor._from((unwrap(x) + noise) @ self.weight._data + self.bias._data)


class SGDTrain(Cell):
    """A train-one-step cell: MSE loss, plain SGD written through Parameter writes."""

    def __init__(self, net: Cell, lr: float = 0.1):
        super().__init__(auto_prefix=False)
        self.net = net
        self.lr = lr
        weights = net.trainable_params()
        self.weights = weights
        self.grad = value_and_grad(lambda x, y: ((self.net(x) - y) ** 2).mean(), None, weights)

    def construct(self, x, y):
        loss, grads = self.grad(x, y)
        for p, g in zip(self.weights, grads):
            p._data = p._data - self.lr * unwrap(g)
        return loss


class ArrayDataset:
    """The dataset protocol the sink engine consumes, over in-memory batches."""

    def __init__(self, n: int = 12, batch: int = 4, fail_at: int | None = None, delay: float = 0.0):
        rng = np.random.default_rng(1)
        self.x = rng.normal(size=(n, batch, 3)).astype(np.float32)
        self.y = rng.normal(size=(n, batch, 2)).astype(np.float32)
        self.fail_at, self.delay = fail_at, delay
        self.closed = 0

    def get_dataset_size(self) -> int:
        return len(self.x)

    def get_col_names(self) -> list:
        return ["x", "y"]

    def output_shapes(self):
        return [list(self.x.shape[1:]), list(self.y.shape[1:])]

    def output_types(self):
        return [np.float32, np.float32]

    def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
        import time

        epochs = itertools.count() if num_epochs == -1 else range(num_epochs)
        produced = 0
        try:
            for _ in epochs:
                for i in range(len(self.x)):
                    if self.fail_at is not None and produced == self.fail_at:
                        raise ZeroDivisionError(f"bad sample {produced}")
                    if self.delay:
                        time.sleep(self.delay)
                    produced += 1
                    yield self.x[i], self.y[i]
        finally:
            self.closed += 1
