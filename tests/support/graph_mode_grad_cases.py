"""Gradient functions made or called in GRAPH_MODE, and a training step shaped as mindyolo's
(``create_train_step_fn`` with ``ms_jit=False``: ``value_and_grad`` with ``has_aux`` over the
optimizer's Parameters, a static loss scale, ``all_finite``, momentum, an EMA ``jit`` method and
gradient accumulation with ``HyperMap``), run the same way on MindSpore 2.10
(``scripts/record_graph_mode_grad_fixtures.py``) and on deepsink
(``tests/_core/test_graph_mode_grad.py``).

MindSpore 2.10 compiles a gradient function as a graph when it is made in GRAPH_MODE (its
``GradOperation``/``grad``/``value_and_grad`` wrap it in ``jit``) or called in GRAPH_MODE: the
function is read with graph semantics, so ``t.max(1)`` gives the values alone (PyNative: the
values and the indices) and an ``if`` on a Tensor is graph control flow. The loss below tells the
two apart.
"""

from __future__ import annotations

import numpy as np

GRAPH, PYNATIVE = 0, 1


def _net(ms, seed: int = 0):
    """``Dense(3, 4)`` with weights drawn from NumPy (no ties in its outputs)."""
    rng = np.random.default_rng(seed)
    net = ms.nn.Dense(3, 4)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.standard_normal(p.shape).astype(np.float32)))
    return net


def _x(ms, seed: int = 1, rows: int = 2):
    return ms.Tensor(np.random.default_rng(seed).standard_normal((rows, 3)).astype(np.float32))


def _loss(net, x):
    """``max(1)`` is the values in a graph, (values, indices) in PyNative; then an ``if`` on a
    Tensor."""
    m = net(x).max(1)
    if isinstance(m, tuple):
        m = m[0] * 2
    if m.sum() > 0:
        return (m * m).sum()
    return m.sum() - 1


def _arrays(tree) -> list:
    if isinstance(tree, tuple | list):
        return [_arrays(t) for t in tree]
    return np.asarray(tree.asnumpy(), np.float64).round(5).tolist()


def _gradients(ms, made: int, called: int) -> dict:
    """value_and_grad (weights), grad (input) and GradOperation (weights), each made in the
    mode ``made`` and called in the mode ``called``."""
    net, x = _net(ms), _x(ms)

    def forward(inp):
        return _loss(net, inp)

    ms.set_context(mode=made)
    fns = {
        "value_and_grad": ms.value_and_grad(forward, None, net.trainable_params()),
        "grad": ms.grad(forward, 0),
        "grad_operation": ms.ops.GradOperation(get_by_list=True)(forward, net.trainable_params()),
    }
    ms.set_context(mode=called)
    out = {name: _arrays(fn(x)) for name, fn in fns.items()}
    out["second_shape"] = _arrays(fns["value_and_grad"](_x(ms, 2, rows=5)))
    ms.set_context(mode=PYNATIVE)
    return out


def _train(ms, mode: int, accumulate: int, steps: int = 4) -> dict:
    """mindyolo's detect train step (``ms_jit=False``) and its trainer's accumulation and EMA."""
    nn, ops, amp = ms.nn, ms.ops, ms.amp
    ms.set_context(mode=mode)
    net, ema_net = _net(ms), _net(ms)
    for p in ema_net.get_parameters():
        p.name = "ema." + p.name  # a jit function's Parameters have unique names
    scaler = amp.StaticLossScaler(64.0)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)

    class EMA(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.ParameterTuple(list(net.get_parameters()))
            self.ema_weight = ms.ParameterTuple(list(ema_net.get_parameters()))
            self.updates = ms.Parameter(ms.Tensor(0.0, ms.float32), requires_grad=False)
            self.assign = ops.Assign()
            self.hyper_map = ops.HyperMap()

        @ms.jit
        def update(self):
            def update_param(d, ema_v, weight):
                return self.assign(ema_v, weight * (1.0 - d) + ema_v * d)

            ops.assign_add(self.updates, 1)
            d = 0.9 * (1 - ops.exp(ops.neg(self.updates) / 4))
            return self.hyper_map(ops.partial(update_param, d), self.ema_weight, self.weight)

    ema = EMA()

    def forward_func(x):
        loss = _loss(net, x)
        items = ops.stack([loss, loss * 0.5])
        return scaler.scale(loss), ops.stop_gradient(items)

    grad_fn = ms.value_and_grad(forward_func, None, optimizer.parameters, has_aux=True)

    def train_step(x, optimizer_update=True):
        (loss, items), grads = grad_fn(x)
        grads = scaler.unscale(grads)
        finite = amp.all_finite(grads)
        if optimizer_update and finite:
            loss = ops.depend(loss, optimizer(grads))
            loss = ops.depend(loss, ema.update())
        return scaler.unscale(loss), items, grads, finite

    hyper_map = ops.HyperMap()
    acc = None
    losses = []
    for i in range(steps):
        x = _x(ms, 10 + i)
        loss, items, grads, finite = train_step(x, accumulate == 1)
        losses.append([round(float(loss.asnumpy()), 5), _arrays(items), bool(finite)])
        if accumulate > 1:
            acc = grads if acc is None else hyper_map(lambda a, b: a + b, acc, grads)
            if (i + 1) % accumulate == 0:
                optimizer(acc)
                ema.update()
                acc = None
    out = {
        "losses": losses,
        "weights": [_arrays(p) for p in net.get_parameters()],
        "ema": [_arrays(p) for p in ema_net.get_parameters()],
        "ema_updates": float(ema.updates.asnumpy()),
    }
    ms.set_context(mode=PYNATIVE)
    return out


CASES = {
    "gradients_graph": lambda ms: _gradients(ms, GRAPH, GRAPH),
    "gradients_pynative": lambda ms: _gradients(ms, PYNATIVE, PYNATIVE),
    "gradients_made_in_graph_called_in_pynative": lambda ms: _gradients(ms, GRAPH, PYNATIVE),
    "gradients_made_in_pynative_called_in_graph": lambda ms: _gradients(ms, PYNATIVE, GRAPH),
    "train_graph": lambda ms: _train(ms, GRAPH, accumulate=1),
    "train_graph_accumulate": lambda ms: _train(ms, GRAPH, accumulate=2),
    "train_pynative": lambda ms: _train(ms, PYNATIVE, accumulate=1),
}


def cases(ms) -> dict:
    """Name -> the outcome (JSON-able) of each case."""
    return {name: case(ms) for name, case in CASES.items()}
