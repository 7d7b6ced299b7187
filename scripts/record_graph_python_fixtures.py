"""Record what MindSpore 2.10's graph mode does with Python inside compiled functions, for
``tests/faults/test_graph_python_semantics.py``.

Run with a Python that has MindSpore 2.x installed (not run by CI), from a folder outside the
repository (MindSpore writes build files into the current one)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_graph_python_fixtures.py

Writes ``tests/fixtures/ms/graph_python.json``.
"""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import nn, ops

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "graph_python.json"
V = np.array([1.0, 2.0], np.float32)
SEEN: list = []
G = 0


def _fact(n):
    if n <= 1:
        return 1
    return n * _fact(n - 1)


def _logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def main() -> None:
    data: dict = {"mindspore_version": ms.__version__}

    @ms.jit
    def bump(x):
        global G
        G = G + 1
        return x + G

    data["global_increment_returns"] = float(bump(ms.Tensor(1.0)).asnumpy())
    data["global_after_increment"] = G

    counter = {"n": 0}

    @ms.jit
    def count(x):
        counter["n"] += 1
        if x > 0:
            SEEN.append("pos")
            y = x + 1
        else:
            SEEN.append("neg")
            y = x - 1
        return y

    count(ms.Tensor(1.0))
    count(ms.Tensor(-1.0))
    data["dict_counter_after_two_calls"] = counter["n"]
    data["list_appended_in_both_branches"] = list(SEEN)

    @ms.jit
    def no_else(x):
        if x.sum() > 0:
            return x * 2

    neg = no_else(ms.Tensor(-V))
    data["if_without_else_negative"] = None if neg is None else neg.asnumpy().tolist()
    data["if_without_else_positive"] = no_else(ms.Tensor(V)).asnumpy().tolist()

    @ms.jit
    def fstring(x):
        y = x + 1
        return f"v={y}"

    data["fstring_of_computed"] = fstring(ms.Tensor(V))

    @ms.jit
    def constant(x, s):
        return ops.isconstant(s)

    data["scalar_argument_is_constant"] = bool(constant(ms.Tensor(1.0), 0.5))

    @ms.jit
    def scale(x, s):
        return x * s

    x = ms.Tensor(1.0)
    scale(x, 0.5)
    t = time.perf_counter()
    for i in range(20):
        scale(x, 0.1 * i + 0.01)
    new_values = (time.perf_counter() - t) / 20
    t = time.perf_counter()
    for _ in range(20):
        scale(x, 0.5)
    same_value = (time.perf_counter() - t) / 20
    # a new value compiles a new graph: many times slower than a call of a compiled one
    data["new_scalar_value_compiles"] = bool(new_values > 3 * same_value)

    @ms.jit
    def gen(x):
        def pairs():
            yield x
            yield x + 1

        return sum(pairs())

    try:
        gen(ms.Tensor(1.0))
        data["yield_error"] = None
    except RuntimeError as e:
        data["yield_error"] = str(e).splitlines()[0]

    @ms.jit
    def recursive(x):
        return x * _fact(4)

    data["recursive_fact"] = float(recursive(ms.Tensor(1.0)).asnumpy())

    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        @_logged
        def construct(self, x):
            if x.sum() > 0:
                return x * 2
            return x

    data["wraps_construct"] = Net()(ms.Tensor(V)).asnumpy().tolist()
    ms.set_context(mode=ms.PYNATIVE_MODE)

    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(json.dumps(data, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
