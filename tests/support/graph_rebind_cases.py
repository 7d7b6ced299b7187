"""Item assignment (``x[k] = v``) on a local variable inside an ``if``/``while``/``for`` on a
Tensor condition in GRAPH_MODE: MindSpore 2.10 rebinds ``x`` to the changed value, so the loop or
the branch carries it (mindnlp's ``StaticGRU`` fills its outputs this way, counting with a
``Tensor(0)``). ``scripts/record_graph_rebind_fixtures.py`` records the results under 2.10 and
``tests/_core/test_graph_rebinds.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def describe(v) -> object:
    if v is None:
        return None
    if isinstance(v, list | tuple):
        return [describe(x) for x in v]
    if isinstance(v, bool | int | float):
        return {type(v).__name__: v}
    return {"Tensor": [str(v.dtype), v.shape, np.round(v.asnumpy(), 5).tolist()]}


def graph_rebinds(ms) -> dict:
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor

    class Recurrent(nn.Cell):
        """mindnlp 0.1.1's ``SingleGRULayer_CPU.forward`` loop, with a plain cell update."""

        def construct(self, x, h):
            time_step = x.shape[0]
            outputs = Tensor(np.zeros((time_step, h.shape[0])), x.dtype)
            t = Tensor(0)
            while t < time_step:
                h = x[t] * 0.5 - 0.25 * h
                outputs[t, :] = h
                t += 1
            return outputs, h

    @ms.jit
    def argument_in_while(x):
        t = Tensor(0)
        while t < 3:
            x[t] = t * 2
            t += 1
        return x

    @ms.jit
    def augmented_in_while(x):
        out = ops.ones((3, 2), ms.float32)
        t = Tensor(0)
        while t < x.shape[0]:
            out[t] += x[t] * 3
            t = t + 1
        return out

    @ms.jit
    def in_tensor_if(x, c):
        out = ops.zeros((3, 2), ms.float32)
        if c > 0:
            out[0] = x[0]
        else:
            out[1:] = x[1:] * 2
        return out

    @ms.jit
    def list_in_while(x):
        items = [x[0], x[1]]
        t = Tensor(0)
        while t < 2:
            items[0] = items[0] + 1
            t += 1
        return items[0], items[1]

    @ms.jit
    def for_over_tensor(x):
        out = ops.zeros((3,), ms.float32)
        i = Tensor(0)
        for row in x:
            out[i] = row.sum()
            i += 1
        return out

    x = np.arange(6.0, dtype=np.float32).reshape(3, 2)
    calls = {
        "recurrent": lambda: Recurrent()(Tensor(x), Tensor(np.array([0.1, -0.2], np.float32))),
        "argument_in_while": lambda: argument_in_while(Tensor(x)),
        "augmented_in_while": lambda: augmented_in_while(Tensor(x)),
        "in_tensor_if_true": lambda: in_tensor_if(Tensor(x), Tensor(1)),
        "in_tensor_if_false": lambda: in_tensor_if(Tensor(x), Tensor(-1)),
        "list_in_while": lambda: list_in_while(Tensor(x)),
        "for_over_tensor": lambda: for_over_tensor(Tensor(x)),
    }
    ms.set_context(mode=ms.GRAPH_MODE)
    out = {}
    try:
        for name, call in calls.items():
            try:
                out[name] = describe(call())
            except Exception as e:  # noqa: BLE001 - the exception is the recorded result
                out[name] = {"error": type(e).__name__, "message": str(e)[:60]}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out
