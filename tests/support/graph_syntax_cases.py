"""Graph-mode programs in the style of MindSpore 2.10's tutorials, written once for both frameworks.

``run_all(ms)`` takes the framework module (``mindspore`` when ``scripts/record_graph_syntax_fixtures.py``
records the reference, ``deepsink`` in the tests) and returns ``{case: values}``: the control-flow
tutorial's constant and variable conditions, ``if`` in ``for``, ``while`` on Tensors, the static
graph tutorial's ``jit_class`` and network built inside ``jit``, ``mutable`` inputs, and the
mixed-precision tutorial's ``train_step`` (``all_finite`` and a dynamic loss scale) with an
overflow step, its loss and loss scale after every step.
"""

import numpy as np


def _values(out):
    if isinstance(out, tuple | list):
        return [_values(o) for o in out]
    if hasattr(out, "asnumpy"):
        return np.asarray(out.asnumpy(), np.float64).tolist()
    return out


def control_flow(ms):
    nn, Tensor = ms.nn, ms.Tensor

    class SingleIfNet(nn.Cell):
        def construct(self, x, y, z):
            if x < y:
                out = x
            else:
                out = z
            out = out + 1
            return out

    class IfInForNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = nn.ReLU()

        def construct(self, x, y):
            out = x
            for i in range(3):
                if out.sum() > y:
                    out = out - i
                else:
                    out = self.relu(out * 2)
            return out

    class WhileNet(nn.Cell):
        def construct(self, x, n):
            i = Tensor(0, ms.int32)
            while i < n:
                x = x * 2
                i = i + 1
            return x

    class BreakContinueNet(nn.Cell):
        def construct(self, x):
            out = x * 0
            for i in range(5):
                if x.sum() * i > 20:
                    break
                if i % 2 == 1:
                    continue
                out = out + x * i
            return out

    class ReturnNet(nn.Cell):
        def construct(self, x, y):
            if x.max() > y:
                return x - y
            if x.min() < -y:
                return x + y
            return x * 0

    class BoolOpNet(nn.Cell):
        def construct(self, x, y):
            if x.sum() > 0 and not y.sum() > 0:
                return x
            if x.sum() > 10 or y.sum() > 10:
                return y
            return x + y

    class ConstantConditionNet(nn.Cell):
        def __init__(self, flag):
            super().__init__()
            self.flag = flag

        def construct(self, x):
            if self.flag:
                x = x * 3
            for _ in range(len((1, 2))):
                x = x + 1
            return x

    ms.set_context(mode=ms.GRAPH_MODE)
    x = Tensor(np.array([1.0, -2.0, 3.0], np.float32))
    y = Tensor(np.array([0.5, 0.5, -4.0], np.float32))
    out = {}
    out["single_if"] = [_values(SingleIfNet()(Tensor(a), Tensor(b), Tensor(c)))
                        for a, b, c in ((1.0, 2.0, 7.0), (3.0, 2.0, 7.0))]  # fmt: skip
    out["if_in_for"] = [_values(IfInForNet()(x, Tensor(v, ms.float32))) for v in (0.0, 5.0)]
    out["while"] = [_values(WhileNet()(x, Tensor(n, ms.int32))) for n in (0, 3)]
    out["break_continue"] = [_values(BreakContinueNet()(x * s)) for s in (1.0, 5.0)]
    out["return"] = [_values(ReturnNet()(x * s, Tensor(2.5, ms.float32))) for s in (1.0, -1.0, 0.5)]
    out["bool_ops"] = [_values(BoolOpNet()(a, b)) for a, b in ((x, -y), (x, y), (-x, y * 5))]
    out["constant_condition"] = [_values(ConstantConditionNet(f)(x)) for f in (True, False)]
    return out


def static_graph(ms):
    nn, Tensor = ms.nn, ms.Tensor

    @ms.jit_class
    class UserDefinedNet:
        def __init__(self):
            self.value = 10

        def func(self, x):
            return 2 * x

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = UserDefinedNet()

        def construct(self, x):
            return self.net.value + self.net.func(x)

    class Network(nn.Cell):
        def __init__(self):
            super().__init__()
            self.flatten = nn.Flatten()
            self.dense = nn.Dense(12, 5)

        def construct(self, x):
            return self.dense(self.flatten(x))

    @ms.jit
    def run(x):
        model = Network()
        return model(x)

    @ms.jit
    def scaled(x, n):
        if n > 1:
            return x * n
        return x

    ms.set_context(mode=ms.GRAPH_MODE)
    out = {"jit_class": _values(Net()(Tensor(np.array([1.0, 2.0], np.float32))))}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out["network_in_jit_shape"] = list(run(Tensor(np.ones((4, 3, 4), np.float32))).shape)
    x = Tensor(np.array([1.0, 2.0], np.float32))
    out["mutable"] = [_values(scaled(x, ms.mutable(n))) for n in (3, 0)]
    return out


def mixed_precision(ms):
    nn = ms.nn
    from_amp = __import__(ms.__name__ + ".amp", fromlist=["DynamicLossScaler", "all_finite"])
    DynamicLossScaler, all_finite = from_amp.DynamicLossScaler, from_amp.all_finite

    rng = np.random.RandomState(7)
    w1 = rng.normal(0, 0.3, (16, 12)).astype(np.float32)
    w2 = rng.normal(0, 0.3, (4, 16)).astype(np.float32)

    class Network(nn.Cell):
        def __init__(self):
            super().__init__()
            self.flatten = nn.Flatten()
            self.dense_relu_sequential = nn.SequentialCell(
                nn.Dense(12, 16, weight_init=ms.Tensor(w1), bias_init="zeros"),
                nn.ReLU(),
                nn.Dense(16, 4, weight_init=ms.Tensor(w2), bias_init="zeros"),
            )

        def construct(self, x):
            x = self.flatten(x)
            return self.dense_relu_sequential(x)

    ms.set_context(mode=ms.PYNATIVE_MODE)
    model = Network()
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.SGD(model.trainable_params(), 1e-1)
    loss_scaler = DynamicLossScaler(scale_value=2**16, scale_factor=2, scale_window=2)

    def forward_fn(data, label):
        logits = model(data)
        loss = loss_fn(logits, label)
        loss = loss_scaler.scale(loss)
        return loss, logits

    grad_fn = ms.value_and_grad(forward_fn, None, model.trainable_params(), has_aux=True)

    @ms.jit
    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        loss = loss_scaler.unscale(loss)
        is_finite = all_finite(grads)
        if is_finite:
            grads = loss_scaler.unscale(grads)
            optimizer(grads)
        loss_scaler.adjust(is_finite)
        return loss

    model.set_train()
    losses, scales = [], []
    for step in range(7):
        data = rng.normal(size=(8, 3, 4)).astype(np.float32)
        if step == 2:
            data[0] = 3e38  # an overflowing batch: the update is skipped, the scale halves
        label = rng.randint(0, 4, (8,)).astype(np.int32)
        loss = train_step(ms.Tensor(data), ms.Tensor(label))
        value = float(loss.asnumpy())
        losses.append(value if np.isfinite(value) else "nonfinite")
        scales.append(float(loss_scaler.scale_value.asnumpy()))
    weights = [float(np.abs(p.asnumpy()).sum()) for p in model.trainable_params()]
    return {"losses": losses, "scales": scales, "weight_abs_sums": weights}


def run_all(ms):
    return {**control_flow(ms), **static_graph(ms), "mixed_precision": mixed_precision(ms)}
