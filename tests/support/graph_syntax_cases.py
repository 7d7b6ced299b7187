# ruff: noqa: UP008, UP032, F823 - the examples are MindSpore's, kept as its pages write them
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
    out["single_if"] = [
        _values(SingleIfNet()(Tensor(a), Tensor(b), Tensor(c)))
        for a, b, c in ((1.0, 2.0, 7.0), (3.0, 2.0, 7.0))
    ]
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


# MindSpore 2.10's "Static Graph Syntax - Python Statements" page, one function per example (as on
# the page, with the framework passed in); each returns the lines the example prints.

Z = None  # the 'for' example's global Tensor (set by statements())


def _printed(fn):
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - the page's examples that end in an error
            print(f"{type(e).__name__}: {(str(e).splitlines() or [''])[0]}")
    return buf.getvalue().splitlines()


def statements(ms):
    global Z
    nn, ops = ms.nn, ms.ops
    out = {}

    def raise_example():
        class Net(nn.Cell):
            def __init__(self):
                super(Net, self).__init__()

            def construct(self, x, y):
                if x <= y:
                    raise ValueError("x should be greater than y.")
                else:
                    x += 1
                return x

        ms.set_context(mode=ms.GRAPH_MODE)
        net = Net()
        print("ok:", net(ms.Tensor(3), ms.Tensor(-1)))
        net(ms.Tensor(-2), ms.Tensor(-1))
        ms.common.api._pynative_executor.sync()

    def assert_example():
        class Net(nn.Cell):
            def __init__(self):
                super(Net, self).__init__()

            def construct(self, x):
                assert x in [2, 3, 4]
                return x

        ms.set_context(mode=ms.GRAPH_MODE)
        net = Net()
        net(ms.Tensor(-1))
        ms.common.api._pynative_executor.sync()

    def pass_example():
        class Net(nn.Cell):
            def construct(self, x):
                i = 0
                while i < 5:
                    if i > 3:
                        pass
                    else:
                        x = x * 1.5
                    i += 1
                return x

        ms.set_context(mode=ms.GRAPH_MODE)
        print("ret:", Net()(10))

    def return_example():
        class Net(nn.Cell):
            def construct(self, x):
                if x > 0:
                    return x
                else:
                    return 0

        ms.set_context(mode=ms.GRAPH_MODE)
        print("ret:", Net()(10))

        @ms.jit
        def foo():
            x = 3  # noqa: F841 - the page's example (its print is left out: see docs/graph_mode.md)

        res = foo()
        print(res is None)

    def break_example():
        class Net(nn.Cell):
            def construct(self, x):
                for i in range(8):
                    if i > 5:
                        x *= 3
                        break
                    x = x * 2
                return x

        ms.set_context(mode=ms.GRAPH_MODE)
        print("ret:", Net()(10))

    def continue_example():
        class Net(nn.Cell):
            def construct(self, x):
                for i in range(4):
                    if i > 2:
                        x *= 3
                        continue
                return x

        ms.set_context(mode=ms.GRAPH_MODE)
        print("ret:", Net()(3))

    def if_examples():
        x = ms.Tensor([1, 4], ms.int32)
        y = ms.Tensor([0, 3], ms.int32)
        m, n = 1, 2

        @ms.jit()
        def test_cond1(x, y):
            if (x > y).any():
                return m
            else:
                return n

        @ms.jit()
        def test_cond2(x, y):
            out = 3
            if (x > y).any():
                out = m
            else:
                out = n
            return out

        @ms.jit()
        def test_cond3(x, y):
            out = 2
            if (x > y).any():
                out = m
            return out

        for f in (test_cond1, test_cond2, test_cond3):
            print("ret:{}".format(f(x, y)))

    def for_example():
        @ms.jit()
        def test_cond():
            x = (1, 2, 3)
            for i in x:
                Z += i  # the global Z, as MindSpore resolves it
            return Z

        print("ret:{}".format(test_cond()))

    def while_examples():
        m, n = 1, 2

        @ms.jit()
        def test_cond1(x, y):
            while x < y:
                x += 1
                return m
            return n

        def ops1(a, b):
            return a + b

        @ms.jit()
        def test_cond2(x, y):
            out = m
            while x < y:
                x += 1
                out = ops1(out, x)
            return out

        print("ret:{}".format(test_cond1(1, 5)))
        print("ret:{}".format(test_cond2(1, 5)))

    def function_examples():
        def number_add(x, y):
            return x + y

        @ms.jit()
        def test(x, y):
            return number_add(x, y)

        @ms.jit()
        def test_lambda(x, y):
            number_add = lambda x, y: x + y  # noqa: E731 - the page's example
            return number_add(x, y)

        def add(x, y):
            return x + y

        @ms.jit()
        def test_partial():
            add_ = ops.partial(add, x=2)
            m = add_(y=3)
            n = add_(y=5)
            return m, n

        print("ret:{}".format(test(1, 5)))
        print("ret:{}".format(test_lambda(1, 5)))
        m, n = test_partial()
        print("m:{}".format(m))
        print("n:{}".format(n))

    def comprehension_examples():
        @ms.jit()
        def test_list():
            return [x * x for x in range(1, 11) if x % 2 == 0]

        @ms.jit()
        def test_dict():
            x = [("a", 1), ("b", 2), ("c", 3)]
            return {k: v for (k, v) in x if v > 1}

        @ms.jit()
        def test_generator():
            return (x * x for x in range(1, 11) if x % 2 == 0)

        for f in (test_list, test_dict, test_generator):
            print("ret:{}".format(f()))

    def with_example():
        @ms.jit_class
        class Sample:
            def __init__(self):
                super(Sample, self).__init__()
                self.num = ms.Tensor([2])

            def __enter__(self):
                return self.num * 2

            def __exit__(self, exc_type, exc_value, traceback):
                return self.num * 4

        class TestNet(nn.Cell):
            def construct(self):
                res = 1
                obj = Sample()
                with obj as sample:
                    res += sample
                return res, obj.num

        ms.set_context(mode=ms.GRAPH_MODE)
        out1, out2 = TestNet()()
        print("out1:", out1)
        print("out2:", out2)

    import numpy as np_

    Z = ms.Tensor(np_.ones((2, 3)))
    for name, example in [
        ("raise", raise_example),
        ("assert", assert_example),
        ("pass", pass_example),
        ("return", return_example),
        ("break", break_example),
        ("continue", continue_example),
        ("if", if_examples),
        ("for", for_example),
        ("while", while_examples),
        ("def", function_examples),
        ("comprehension", comprehension_examples),
        ("with", with_example),
    ]:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        out[name] = _printed(example)
    return out


def control_flow_page(ms):
    """MindSpore's "Process Control Statements" tutorial page, its examples in GRAPH_MODE; an
    example that ends in an error prints the error's type (its text names MindSpore's C++ files)."""
    nn, ops = ms.nn, ms.ops

    def t(v, shape=None):
        return ms.Tensor(np.array(v), dtype=ms.int32)

    class SingleIfNet(nn.Cell):
        def construct(self, x, y, z):
            if x < y:
                out = x
            else:
                out = z
            out = out + 1
            return out

    class ConstantIfNet(nn.Cell):
        def construct(self, z):
            x = 0
            y = 1
            if x < y + 1:
                out = x
            else:
                out = z
            out = out + 1
            return out

    class IfInForNet(nn.Cell):
        def construct(self, x, y):
            out = 0
            for i in range(0, 3):
                if x + i < y:
                    out = out + x
                else:
                    out = out + y
                out = out + 1
            return out

    class IfInWhileConstantNet(nn.Cell):
        def construct(self, x, y):
            i = 0
            out = x
            while i < 3:
                if x + i < y:
                    out = out + x
                else:
                    out = out + y
                out = out + 1
                i = i + 1
            return out

    class IfInWhileNet(nn.Cell):
        def construct(self, x, y, i):
            out = x
            while i < 3:
                if x + i < y:
                    out = out + x
                else:
                    out = out + y
                out = out + 1
                i = i + 1
            return out

    class ScalarInWhileNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.nums = [1, 2, 3]

        def construct(self, x, y, i):
            j = 0
            out = x
            while i < 3:
                if x + i < y:
                    out = out + x
                else:
                    out = out + y
                out = out + self.nums[j]
                i = i + 1
                j = j + 1
            return out

    class ShapeInWhileNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.expand_dims = ops.ExpandDims()

        def construct(self, x, y, i):
            out = x
            while i < 3:
                if x + i < y:
                    out = out + x
                else:
                    out = out + y
                out = out + 1
                out = self.expand_dims(out, -1)
                i = i + 1
            return out

    def run(fn):
        try:
            print("output:", fn())
        except Exception as e:  # noqa: BLE001 - the page's failing examples
            print(type(e).__name__)

    def examples():
        ms.set_context(mode=ms.GRAPH_MODE)
        x, y, i = t(0), t(1), t(0)
        run(lambda: SingleIfNet()(x, y, t([1, 2])))
        run(lambda: ConstantIfNet()(t([0, 1])))
        run(lambda: IfInForNet()(x, y))
        run(lambda: IfInWhileConstantNet()(x, y))
        run(lambda: IfInWhileNet()(x, y, i))
        run(lambda: ScalarInWhileNet()(x, y, i))
        run(lambda: ShapeInWhileNet()(x, y, i))

    return _printed(examples)


def run_all(ms):
    return {
        **control_flow(ms),
        **static_graph(ms),
        "mixed_precision": mixed_precision(ms),
        "statements": statements(ms),
        "control_flow_page": control_flow_page(ms),
    }


def transforms(ms):
    """MindSpore's loop primitives (``ops.WhileLoop``, ``ops.ForiLoop``, ``ops.Scan``) in PyNative
    and under ``jit``, and its functional transforms (``jvp``, ``vjp``, ``jacfwd``, ``jacrev``)
    on the examples of their docs and a network with Parameters."""
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    out = {}

    def body(v):
        return v + 1

    def under_100(v):
        return v < 100

    out["while_int"] = ops.WhileLoop()(under_100, body, 10)
    x = Tensor(np.array([1.0, 2.0], np.float32))

    def while_tensor(v):
        return ops.WhileLoop()(lambda s: s.sum() < 50, lambda s: s * 2, v)

    out["while_tensor"] = _values(while_tensor(x))
    out["while_tensor_jit"] = _values(ms.jit(while_tensor)(x))

    def cumsum_index(index, res):
        return index + res

    out["fori_int"] = ops.ForiLoop()(0, 4, cumsum_index, 0)

    def fori_tuple(lo, hi, v):
        return ops.ForiLoop()(lo, hi, lambda i, s: (s[0] * 2, s[1] + i), (v, Tensor(0)))

    out["fori_tuple"] = _values(fori_tuple(1, 4, x))
    out["fori_tuple_jit"] = _values(ms.jit(fori_tuple)(Tensor(1), Tensor(4), x))

    def cumsum(res, el):
        res = res + el
        return res, res

    out["scan_int"] = _values(ops.Scan()(cumsum, 0, [1, 2, 3, 4]))

    def scan_tensors(v):
        return ops.Scan()(lambda c, e: (c * e, c.sum()), v, [v, v * 2, v * 3])

    out["scan_tensor"] = _values(scan_tensors(x))
    out["scan_tensor_jit"] = _values(ms.jit(scan_tensors)(x))

    class Cube(nn.Cell):
        def construct(self, x, y):
            return x**3 + y

    a = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
    v = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
    out["jvp"] = _values(ms.jvp(Cube(), (a, a), (v, v)))

    def two(x, y):
        return x**3 + y, y

    out["jvp_aux"] = _values(ms.jvp(two, (a, a), (v, v), has_aux=True))

    def sin2(x):
        return ops.sin(x) * 2

    def pair(x):
        return x * 2, x.sum()

    def exp_sum(x):
        return ops.exp(x).sum()

    out["jvp_single"] = _values(ops.jvp(sin2, a, v))
    b = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))  # y: its own Tensor, as in the docs
    outputs, vjp_fn = ms.vjp(Cube(), a, b)
    out["vjp"] = _values([outputs, vjp_fn(v)])

    def two_aux(x, y):
        return 2 * x + y, y**3

    outputs, vjp_fn, aux = ms.vjp(two_aux, a, b, has_aux=True)
    out["vjp_aux"] = _values([outputs, aux, vjp_fn(v)])
    outputs, vjp_fn = ops.vjp(pair, a)
    out["vjp_tuple_out"] = _values([outputs, vjp_fn((v, Tensor(1.0)))])

    ms.set_seed(1)
    dense = nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
    outputs, vjp_fn = ms.vjp(dense, a, weights=dense.trainable_params())
    out["vjp_weights"] = _values([outputs, vjp_fn(Tensor(np.ones((2, 3), np.float32)))])

    class MultipleInputsMultipleOutputsNet(nn.Cell):
        def construct(self, x, y, z):
            return x**2 + y**2 + z**2, x * y * z

    z = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
    net = MultipleInputsMultipleOutputsNet()
    out["jacfwd_aux"] = _values(ms.jacfwd(net, grad_position=0, has_aux=True)(a, a, z))
    out["jacfwd_positions"] = _values(ms.jacfwd(net, grad_position=(0, 1))(a, a, z))
    out["jacrev_aux"] = _values(ms.jacrev(net, grad_position=0, has_aux=True)(a, a, z))
    out["jacrev_positions"] = _values(ms.jacrev(net, grad_position=(1, 2))(a, a, z))
    out["jacrev_single"] = _values(ms.jacrev(exp_sum)(a))
    return out


def gradient_tools(ms):
    """``get_grad``, ``ops.InsertGradientOf``, ``ops.HookBackward``, ``ops.linearize``,
    ``nn.Jvp``/``nn.Vjp`` and ``ops.switch_layer`` on their docs' examples; prints are kept."""
    import contextlib
    import io

    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    out = {}

    class Mul3(nn.Cell):
        def construct(self, x, y, z):
            return x * y * z

    x = Tensor([1, 2], ms.float32)
    y = Tensor([-2, 3], ms.float32)
    z = Tensor([0, 3], ms.float32)
    out_grad = ms.grad(Mul3(), grad_position=(1, 2), return_ids=True)(x, y, z)
    out["get_grad_position"] = _values(ms.get_grad(out_grad, 1))
    out["get_grad_position_2"] = _values(ops.get_grad(out_grad, 2))
    dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    params = dense.trainable_params()
    w_grad = ms.grad(dense, grad_position=0, weights=params, return_ids=True)(
        Tensor([[1.0, 2.0]], ms.float32)
    )
    out["get_grad_parameter"] = _values(ms.get_grad(w_grad, params[0]))
    out["get_grad_input"] = _values(ms.get_grad(w_grad, 0))

    a = Tensor(np.array([1.0]).astype(np.float32))
    b = Tensor(np.array([0.2]).astype(np.float32))

    def clip_gradient(dx):
        ret = dx
        if ret > a:
            ret = a
        if ret < b:
            ret = b
        return ret

    clip = ops.InsertGradientOf(clip_gradient)
    grad_all = ops.GradOperation(get_all=True)

    def clip_test(x, y):
        x = clip(x)
        y = clip(y)
        c = x * y
        return c

    @ms.jit
    def f(x, y):
        return clip_test(x, y)

    x1, y1 = Tensor(np.array([1.1]).astype(np.float32)), Tensor(np.array([0.1]).astype(np.float32))
    out["insert_gradient_of_forward"] = _values(f(x1, y1))
    out["insert_gradient_of"] = _values(grad_all(clip_test)(x1, y1))
    out["insert_gradient_of_jit"] = _values(ms.jit(grad_all(clip_test))(x1, y1))

    printed = io.StringIO()

    def hook_fn(grad):
        print(grad, file=printed)

    hook = ops.HookBackward(hook_fn)

    def hook_test(x, y):
        z = x * y
        z = hook(z)
        z = z * y
        return z

    def double_fn(grad):
        return (grad[0] * 2,)

    double = ops.HookBackward(double_fn)

    def double_test(x, y):
        return double(x * y) * y

    ms.set_context(mode=ms.PYNATIVE_MODE)
    with contextlib.redirect_stdout(io.StringIO()):
        out["hook_backward"] = _values(
            grad_all(hook_test)(Tensor(1, ms.float32), Tensor(2, ms.float32))
        )
    out["hook_backward_printed"] = printed.getvalue().splitlines()
    out["hook_backward_replaces"] = _values(
        grad_all(double_test)(Tensor(1, ms.float32), Tensor(2, ms.float32))
    )

    def cube(x, y):
        return x**3 + y

    xs = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
    vs = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
    output, jvp_fn = ops.linearize(cube, (xs, xs))
    out["linearize"] = _values([output, jvp_fn((vs, vs))])

    class Cube(nn.Cell):
        def construct(self, x, y):
            return x**3 + y

    class Square(nn.Cell):
        def construct(self, x):
            return x * x

    with contextlib.redirect_stdout(io.StringIO()):
        out["nn_jvp"] = _values(nn.Jvp(Cube())(xs, xs, (vs, vs)))
        out["nn_jvp_single"] = _values(nn.Jvp(Square())(xs, vs))
        out["nn_vjp"] = _values(nn.Vjp(Cube())(xs, xs, vs))
        out["nn_vjp_single"] = _values(nn.Vjp(Square())(xs, vs))

    class Add1(nn.Cell):
        def construct(self, x):
            return x + 1

    class Times3(nn.Cell):
        def construct(self, x):
            return x * 3

    class Switch(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = (Add1(), Times3())

        def construct(self, index, x):
            return ops.switch_layer(index, self.layers)(x)

    class SinExp(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sin = ops.Sin()
            self.exp = ops.Exp()

        def construct(self, x):
            return self.exp(self.sin(x))

    primals = ms.tensor([[1, 2], [3, 4]], ms.float32)
    series = ms.tensor([[[1, 1], [1, 1]], [[0, 0], [0, 0]], [[0, 0], [0, 0]]], ms.float32)
    for mode in ("pynative", "graph"):
        ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
        out[f"jet_{mode}"] = _values(list(ops.jet(SinExp(), primals, series)))
        out[f"derivative_3_{mode}"] = _values(list(ops.derivative(SinExp(), primals, 3)))
        out[f"derivative_1_{mode}"] = _values(list(ops.derivative(SinExp(), primals, 1)))

    ms.set_context(mode=ms.GRAPH_MODE)
    net = Switch()
    out["switch_layer"] = [
        _values(net(Tensor(i, ms.int32), Tensor(np.array([1.0, 2.0], np.float32)))) for i in (0, 1)
    ]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out
