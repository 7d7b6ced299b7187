"""PyNative capture: the quickstart's custom loop (``grad_fn`` then ``optimizer(grads)``, no jit)
and ``Model.train`` without sink run compiled programs cached per signature (from the first call
with a signature; a gradient function made anew per call runs its first call op by op), with the results,
prints, control flow and errors of op-by-op execution; ``pynative_synchronize=True`` runs op by op;
an ``ms.jit`` train step compiles once."""

import numpy as np
import pytest
from compilekit import counting_compiles

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.fc2 = nn.Dense(8, 3)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _batches(n=5, batch=4, seed=0):
    rng = np.random.default_rng(seed)
    return [
        (
            ms.Tensor(rng.normal(size=(batch, 6)).astype(np.float32)),
            ms.Tensor(rng.integers(0, 3, size=(batch,)).astype(np.int32)),
        )
        for _ in range(n)
    ]


def _setup(forward=None):
    ms.set_seed(5)
    net = Net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)

    def forward_fn(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward or forward_fn, None, opt.parameters, has_aux=True)
    return net, opt, grad_fn, loss_fn


def _train(steps, synchronize):
    ms.set_context(pynative_synchronize=synchronize)
    net, opt, grad_fn, _ = _setup()
    losses = []
    for data, label in steps:
        (loss, _), grads = grad_fn(data, label)
        opt(grads)
        losses.append(float(loss.asnumpy()))
    ms.set_context(pynative_synchronize=False)
    params = [p.asnumpy() for p in net.trainable_params()]
    return losses, params, grad_fn


def test_the_captured_loop_matches_op_by_op_execution_over_several_steps():
    steps = _batches(6)
    eager_losses, eager_params, eager_grad = _train(steps, synchronize=True)
    losses, params, grad_fn = _train(steps, synchronize=False)
    assert eager_grad.captured.traces == 0  # pynative_synchronize: every call op by op
    assert grad_fn.captured.traces == 1  # one signature, traced once
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5, atol=1e-6)
    for p, q in zip(params, eager_params):
        np.testing.assert_allclose(p, q, rtol=1e-5, atol=1e-6)


def test_repeated_steps_compile_nothing_after_the_first():
    net, opt, grad_fn, _ = _setup()
    data, label = _batches(1)[0]
    for _ in range(2):  # op by op, then traced and compiled
        (loss, _), grads = grad_fn(data, label)
        opt(grads)
    with counting_compiles() as compiles:
        for _ in range(5):
            (loss, _), grads = grad_fn(data, label)
            opt(grads)
        float(loss.asnumpy())
    assert compiles == []
    assert opt._captured.traces == 1


def test_a_new_shape_traces_once_per_signature():
    net, opt, grad_fn, _ = _setup()
    small, big = _batches(2, batch=2), _batches(2, batch=5)
    for data, label in [*small, *big]:  # each signature: op by op, then traced
        (_, _), grads = grad_fn(data, label)
        opt(grads)
    assert grad_fn.captured.traces == 2
    assert opt._captured.traces == 1  # the gradients keep their shapes
    with counting_compiles() as compiles:
        for data, label in [*small, *big, *small]:
            (_, _), grads = grad_fn(data, label)
            opt(grads)
    assert grad_fn.captured.traces == 2
    assert compiles == []


def test_control_flow_on_a_tensor_value_falls_back_to_op_by_op_results():
    def run(synchronize):
        ms.set_context(pynative_synchronize=synchronize)
        holder = {}

        def forward(data, label):
            logits = holder["net"](data)
            loss = holder["loss"](logits, label)
            if loss > 1.0:  # Python control flow on a Tensor value
                loss = loss * 2.0
            else:
                loss = loss / 2.0
            return loss, logits

        net, opt, grad_fn, loss_fn = _setup(forward)
        holder.update(net=net, loss=loss_fn)
        losses = []
        for data, label in _batches(4):
            (loss, _), grads = grad_fn(data, label)
            opt(grads)
            losses.append(float(loss.asnumpy()))
        ms.set_context(pynative_synchronize=False)
        return losses, [p.asnumpy() for p in net.trainable_params()]

    eager_losses, eager_params = run(True)
    losses, params = run(False)
    assert losses == eager_losses  # the same op-by-op computation
    for p, q in zip(params, eager_params):
        np.testing.assert_array_equal(p, q)


def test_reading_a_value_falls_back_and_stays_op_by_op_for_that_signature():
    seen = []
    net, opt, grad_fn, loss_fn = _setup()

    def forward(data, label):
        logits = net(data)
        loss = loss_fn(logits, label)
        seen.append(loss.asnumpy())  # a host read: this signature runs op by op
        return loss, logits

    grad_fn = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)
    data, label = _batches(1)[0]
    for _ in range(3):
        (loss, _), grads = grad_fn(data, label)
        opt(grads)
    assert len(seen) == 3  # every call, as op by op
    assert grad_fn.captured.traces == 1  # tried once, then op by op
    np.testing.assert_allclose(seen[-1], loss.asnumpy())


def _three_steps_printing(show, capsys):
    """Three quickstart steps whose forward passes its loss to ``show``: (grad_fn, printed text)."""
    net, opt, _, loss_fn = _setup()

    def forward(data, label):
        loss = loss_fn(net(data), label)
        show(loss)
        return loss

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    data, label = _batches(1)[0]
    for _ in range(3):
        loss, grads = grad_fn(data, label)
        opt(grads)
    return grad_fn, capsys.readouterr().out


def test_print_of_a_tensor_in_the_forward_prints_every_step(capsys):
    _, out = _three_steps_printing(lambda loss: print("loss is", loss), capsys)
    assert out.count("loss is") == 3
    assert "traced" not in out


def test_ops_print_in_the_forward_prints_every_step(capsys):
    printer = ops.Print()
    grad_fn, out = _three_steps_printing(lambda loss: printer("step loss:", loss), capsys)
    assert out.count("step loss:") == 3
    assert grad_fn.captured.traces == 1  # compiled, with the print inside the program
    assert "Tensor(shape=[], dtype=Float32" in out  # PyNative's text, as op by op prints it


def test_an_error_in_the_forward_is_eager_s_error():
    net, opt, _, loss_fn = _setup()
    grad_fn = ms.value_and_grad(lambda d, y: loss_fn(net(d), y), None, opt.parameters)
    data = ms.Tensor(np.ones((4, 5), np.float32))  # Dense(6, 8) needs 6 features
    label = ms.Tensor(np.zeros(4, np.int32))
    ms.set_context(pynative_synchronize=True)
    with pytest.raises(Exception) as eager:
        grad_fn(data, label)
    ms.set_context(pynative_synchronize=False)
    with pytest.raises(Exception) as captured:
        grad_fn(data, label)
    assert type(captured.value) is type(eager.value)
    assert str(captured.value) == str(eager.value)


def test_an_out_of_range_label_raises_eager_s_error_in_the_call_or_the_next():
    net, opt, grad_fn, _ = _setup()
    data, label = _batches(1)[0]
    for _ in range(2):  # compiled for this signature
        (_, _), grads = grad_fn(data, label)
        opt(grads)
    bad = ms.Tensor(np.array([0, 1, 7, 2], np.int32))
    ms.set_context(pynative_synchronize=True)
    with pytest.raises(Exception) as eager:
        grad_fn(data, bad)
    ms.set_context(pynative_synchronize=False)
    before = [p.asnumpy() for p in net.trainable_params()]
    try:
        (loss, _), _ = grad_fn(data, bad)
        loss.asnumpy()  # the program is done
    except type(eager.value) as e:  # seen in the call itself: nothing was written
        assert str(e) == str(eager.value)
        for p, q in zip(net.trainable_params(), before):
            np.testing.assert_array_equal(p.asnumpy(), q)
    else:  # the program was still running as the call returned: the next call reports it
        with pytest.raises(type(eager.value)):
            grad_fn(data, label)
    (_, _), grads = grad_fn(data, label)  # reported once: training goes on
    opt(grads)


def test_set_train_on_a_called_cell_traces_again():
    ms.set_seed(1)
    drop = nn.Dropout(p=0.5)
    dense = nn.Dense(6, 3)
    net = nn.SequentialCell([dense, drop])
    grad_fn = ms.grad(lambda x: net(x).sum(), None, net.trainable_params())
    x = ms.Tensor(np.ones((4, 6), np.float32))
    net.set_train(False)
    grad_fn(x)
    g_eval = grad_fn(x)
    assert grad_fn.captured.traces == 1
    net.set_train(True)
    grad_fn(x)
    g_train = [g.asnumpy() for g in grad_fn(x)]
    assert grad_fn.captured.traces == 2
    assert not np.allclose(g_train[0], g_eval[0].asnumpy())  # Dropout is on now
    net.set_train(False)
    np.testing.assert_allclose(grad_fn(x)[0].asnumpy(), g_eval[0].asnumpy())
    assert grad_fn.captured.traces == 2  # the eval program again, not a new trace


def test_after_model_eval_the_next_step_compiles_at_once_and_matches_op_by_op():
    """The ResNet tutorial's loop: Model.eval turns the loss Cell's training flag off, which
    is part of the gradient's signature; a function that already compiled one signature compiles
    the new one at its first call instead of running that step op by op (which dispatches, and
    compiles, every primitive of the forward and backward pass again)."""

    def run(synchronize):
        ms.set_context(pynative_synchronize=synchronize)
        net, opt, grad_fn, loss_fn = _setup()
        model = ms.Model(net, loss_fn, opt, metrics={"acc"})
        losses, traces = [], []
        for epoch in range(2):
            net.set_train()
            for data, label in _batches(2, seed=epoch):
                (loss, _), grads = grad_fn(data, label)
                opt(grads)
                losses.append(float(loss.asnumpy()))
                traces.append(getattr(grad_fn.captured, "traces", None))
            model.eval(_dataset(8, batch=4), dataset_sink_mode=False)
            assert loss_fn.training is False  # Model.eval's network holds the loss Cell
        ms.set_context(pynative_synchronize=False)
        return traces, losses, [p.asnumpy() for p in net.trainable_params()]

    _, eager_losses, eager_params = run(True)
    traces, losses, params = run(False)
    # epoch 1: traced at its first call; epoch 2 (loss Cell in eval mode): traced at its first call
    assert traces == [1, 1, 2, 2]
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5, atol=1e-6)
    for p, q in zip(params, eager_params):
        np.testing.assert_allclose(p, q, rtol=1e-5, atol=1e-6)


def test_rebinding_a_global_the_function_reads_traces_again():
    namespace = {"ms": ms, "np": np}
    exec(
        "def loss(x):\n    return (x * scale).sum()\n",
        namespace,
    )
    namespace["scale"] = ms.Tensor(np.float32(2.0))
    grad_fn = ms.grad(namespace["loss"])
    x = ms.Tensor(np.ones(3, np.float32))
    for _ in range(2):
        np.testing.assert_allclose(grad_fn(x).asnumpy(), [2, 2, 2])
    namespace["scale"] = ms.Tensor(np.float32(3.0))
    for _ in range(2):
        np.testing.assert_allclose(grad_fn(x).asnumpy(), [3, 3, 3])
    assert grad_fn.captured.traces == 2


def test_python_side_effects_run_once_per_call_as_in_mindspore(capsys):
    """MindSpore's PyNative runs the Python of every call: a counter in ``construct``, a print,
    an append to a list and a Python random draw happen once per step (the function is not
    captured, since a compiled program would skip them)."""
    import random

    class Counting(Net):
        def __init__(self):
            super().__init__()
            self.calls = 0

        def construct(self, x):
            self.calls += 1
            print("calls", self.calls)
            return super().construct(x)

    ms.set_seed(5)
    net = Counting()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    seen, draws = [], []

    def forward(data, label):
        seen.append(1)
        draws.append(random.random())
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    random.seed(0)
    data, label = _batches(1)[0]
    for _ in range(4):
        opt(grad_fn(data, label)[1])
    assert net.calls == 4
    assert capsys.readouterr().out == "".join(f"calls {i}\n" for i in range(1, 5))
    assert len(seen) == 4
    random.seed(0)
    assert draws == [random.random() for _ in range(4)]


def test_a_function_without_python_side_effects_is_still_captured():
    net, opt, _, loss_fn = _setup()
    steps = []  # read, never changed by the function

    def forward(data, label):
        return loss_fn(net(data), label) * (1 + len(steps))

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    data, label = _batches(1)[0]
    for _ in range(2):  # op by op, then traced and compiled
        grad_fn(data, label)
    with counting_compiles() as compiles:
        for _ in range(3):
            grad_fn(data, label)
    assert grad_fn.captured.traces == 1
    assert "eager" not in grad_fn.captured.cache.values()  # a compiled program, not op by op
    assert compiles == []


def test_python_side_effects_run_every_call_when_synchronized():
    calls = []
    net, opt, _, loss_fn = _setup()

    def forward(data, label):
        calls.append(1)
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    data, label = _batches(1)[0]
    ms.set_context(pynative_synchronize=True)
    for _ in range(4):
        grad_fn(data, label)
    assert len(calls) == 4


def test_grad_operation_and_grad_are_captured_with_the_same_values():
    net = Net()
    weights = net.trainable_params()
    x = ms.Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(2, 6))
    grad_op = ops.GradOperation(get_by_list=True)(net, weights)
    grad_all = ms.grad(net, 0)
    captured = [g.asnumpy() for g in grad_op(x)], grad_all(x).asnumpy()
    captured = [g.asnumpy() for g in grad_op(x)], grad_all(x).asnumpy()  # the cached program
    ms.set_context(pynative_synchronize=True)
    eager = [g.asnumpy() for g in grad_op(x)], grad_all(x).asnumpy()
    for a, b in zip(captured[0], eager[0]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(captured[1], eager[1], rtol=1e-6, atol=1e-7)
    assert grad_op.captured.traces == 1 and grad_all.captured.traces == 1


def _dataset(n=32, batch=8):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n, 6)).astype(np.float32)
    y = rng.integers(0, 3, size=(n,)).astype(np.int32)
    return ds.NumpySlicesDataset((x, y), ["x", "y"], shuffle=False).batch(batch)


def test_model_train_without_sink_runs_one_captured_program_per_step():
    def run(synchronize):
        ms.set_context(pynative_synchronize=synchronize)
        ms.set_seed(2)
        net = Net()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
        model.train(1, _dataset(), dataset_sink_mode=False)
        with counting_compiles() as compiles:
            model.train(2, _dataset(), dataset_sink_mode=False)
        ms.set_context(pynative_synchronize=False)
        return model, compiles, [p.asnumpy() for p in net.trainable_params()]

    eager_model, _, eager_params = run(True)
    model, compiles, params = run(False)
    assert model.train_network._captured.traces == 1
    assert "_captured" not in eager_model.train_network.__dict__
    assert compiles == []
    for p, q in zip(params, eager_params):
        np.testing.assert_allclose(p, q, rtol=1e-5, atol=1e-6)


def test_a_jit_train_step_is_one_program_compiled_once():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, opt, grad_fn, _ = _setup()

    @ms.jit
    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        opt(grads)
        return loss

    batches = _batches(6)
    with counting_compiles() as first:
        train_step(*batches[0])
    with counting_compiles() as rest:
        for data, label in batches[1:]:
            loss = train_step(data, label)
        float(loss.asnumpy())
    assert len(first) == 1  # forward, backward and the update: one executable
    assert rest == []


def test_a_gradient_taken_once_is_one_program_and_one_made_per_step_is_shared():
    net = Net()
    x, y = (ms.Tensor(np.ones((n, 6), np.float32)) for n in (2, 3))
    ms.set_context(pynative_synchronize=True)  # op by op: a program per primitive
    with counting_compiles() as eager:
        ops.GradOperation(get_all=True)(net)(x)
    want = ops.GradOperation(get_all=True)(net)(y)[0].asnumpy()
    ms.set_context(pynative_synchronize=False)
    grad_fn = ops.GradOperation(get_all=True)(net)
    with counting_compiles() as first:
        got = grad_fn(y)[0].asnumpy()
    assert grad_fn.captured.traces == 1  # the first call: forward and backward, one program
    assert len(first) * 3 < len(eager), (len(first), len(eager))
    np.testing.assert_allclose(got, want, rtol=1e-6)
    with counting_compiles() as again:
        for _ in range(3):  # the MindSpore-test idiom: a new gradient function per call
            ops.GradOperation(get_all=True)(net)(y)
    assert ops.GradOperation(get_all=True)(net).captured is grad_fn.captured
    assert grad_fn.captured.traces == 1 and again == []


def test_a_gradient_function_made_per_call_runs_its_first_call_op_by_op():
    net = Net()
    x = ms.Tensor(np.ones((2, 6), np.float32))
    fns = [ms.grad(lambda v: net(v).sum()) for _ in range(3)]  # one code, a new function each
    fns[0](x)
    assert fns[0].captured.traces == 1
    with counting_compiles() as second:
        fns[1](x)  # op by op: its own program would compile the first one's again
    assert fns[1].captured.traces == 0
    with counting_compiles() as third:
        fns[2](x)  # the primitives' programs are cached now
    assert fns[2].captured.traces == 0 and third == []
    assert second  # the primitives, compiled once
    fns[1](x)  # a copy called again (a function kept across calls) compiles
    assert fns[1].captured.traces == 1
    fns[0](ms.Tensor(np.ones((4, 6), np.float32)))  # a new signature of the first compiles
    assert fns[0].captured.traces == 2
