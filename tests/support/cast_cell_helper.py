"""A decorator from another module (whose globals lack ``ops.cast``), like MindSpore's test
helpers: ``tests/ops/test_cast_function.py`` runs a function inside a Cell's construct with it."""

import functools

from deepsink import nn


def in_cell(fn):
    class Net(nn.Cell):
        def construct(self, *args):
            return fn(*args)

    @functools.wraps(fn)
    def wrapper(*args):
        return Net()(*args)

    return wrapper
