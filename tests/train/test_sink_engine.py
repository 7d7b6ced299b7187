"""The sink engine alone: equivalence with per-step training, host syncs, errors, cleanup."""

import threading
import traceback
import weakref

import jax
import numpy as np
import pytest
from cellkit import ArrayDataset, Linear, NoisyLinear, SGDTrain
from faultkit import HANG_S

from deepsink import context
from deepsink._compile import jit as _jit
from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.train import step_trace
from deepsink.train.sink import queue as queue_mod
from deepsink.train.sink import session as session_mod
from deepsink.train.sink.queue import SinkStarvationError
from deepsink.train.sink.session import SinkSession

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


def _eager(net_cls, ds, steps):
    _random.set_seed(7)
    net = net_cls(3, 2)
    train = SGDTrain(net)
    it = ds.create_tuple_iterator()
    losses = [float(train(*(Tensor(c) for c in next(it))).asnumpy()) for _ in range(steps)]
    return net, losses


def _sunk(net_cls, ds, sinks):
    _random.set_seed(7)
    net = net_cls(3, 2)
    train = SGDTrain(net)
    with SinkSession(train, _jit.state_of(train), ds, iter(sinks), _jit.CompileCache()) as s:
        losses = [float(s.run()) for _ in sinks]
    return net, losses, s


@pytest.mark.parametrize("strategy", ["scan", "steps"])
@pytest.mark.parametrize("net_cls", [Linear, NoisyLinear])
def test_sink_equals_per_step_training(strategy, net_cls):
    context.set_context(sink_strategy=strategy)
    ds = ArrayDataset(n=12)
    sinks = [5, 5, 7]  # crosses epoch boundaries: the dataset is traversed without end
    ref, ref_losses = _eager(net_cls, ds, sum(sinks))
    net, losses, _ = _sunk(net_cls, ds, sinks)
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), ref.bias.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(losses, [ref_losses[4], ref_losses[9], ref_losses[16]], rtol=1e-5)


def test_one_host_sync_and_one_dispatch_per_sink(monkeypatch):
    context.set_context(sink_strategy="scan")
    gets = []
    real_get = jax.device_get
    monkeypatch.setattr(session_mod.jax, "device_get", lambda x: gets.append(1) or real_get(x))
    _, _, s = _sunk(Linear, ArrayDataset(n=12), [6, 6, 6, 6])
    assert len(gets) == 4 == s.host_syncs
    assert s.loop.dispatches == 4


def test_memory_budget_splits_sinks_into_chunks():
    # one step of ArrayDataset is 4*3*4 + 4*2*4 = 80 bytes: a 400-byte budget gives 2-step chunks
    # (a chunk is at most half the budget, so the next one is copied while it runs)
    context.set_context(sink_strategy="scan", sink_memory_budget=400)
    ref, _ = _eager(Linear, ArrayDataset(), 10)
    net, _, s = _sunk(Linear, ArrayDataset(), [5, 5])
    assert s.queue.max_chunk == 2
    assert s.loop.dispatches == 6  # 2+2+1 per sink
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-5, atol=1e-6)


def _sunk_outputs(sinks, collect, traced):
    _random.set_seed(7)
    train = SGDTrain(Linear(3, 2))
    out = []
    with SinkSession(
        train, _jit.state_of(train), ArrayDataset(), iter(sinks), _jit.CompileCache()
    ) as s:
        for n in sinks:
            if traced:
                rec = step_trace.Recorder("train", True, [])
                rec.begin(0, n, n)
                out.append(s.run(collect, trace=rec))
                rec.end()
            else:
                out.append(s.run(collect))
    return out, s


@pytest.mark.parametrize("traced", [False, True], ids=["plain", "traced"])
@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_a_sink_split_by_the_budget_returns_every_chunks_outputs(strategy, traced):
    # 80-byte steps, 400-byte budget: sinks of 5 steps run as chunks of 2 + 2 + 1; every step's
    # output comes back, in order, and the last one is the last chunk's last step
    context.set_context(sink_strategy=strategy, sink_memory_budget=400)
    _, ref = _eager(Linear, ArrayDataset(), 10)
    every, s = _sunk_outputs([5, 5], "all", traced)
    assert s.queue.max_chunk == 2
    assert strategy != "scan" or s.loop.dispatches == 6
    got = [float(np.asarray(o)) for sink in every for o in sink]
    np.testing.assert_allclose(got, ref, rtol=1e-5)
    last, _ = _sunk_outputs([5, 5], "last", traced)
    np.testing.assert_allclose([float(o) for o in last], [ref[4], ref[9]], rtol=1e-5)


class _Puts:
    """Records every chunk the device queue copies, and the chunk bytes still alive at each copy."""

    def __init__(self, monkeypatch):
        self.alive: list = []  # weak references to (arrays, nbytes) of chunks copied
        self.at_copy: list[int] = []
        real = queue_mod.jax.device_put

        def put(x, *a, **k):
            if threading.current_thread().name != "deepsink-device-queue":
                return real(x, *a, **k)  # not a chunk (the sink's state)
            self.at_copy.append(self.live_bytes() + sum(np.asarray(c).nbytes for c in x))
            out = real(x, *a, **k)
            self.alive += [(weakref.ref(o), o.nbytes) for o in out]
            return out

        monkeypatch.setattr(queue_mod.jax, "device_put", put)

    def live_bytes(self) -> int:
        return sum(n for ref, n in self.alive if ref() is not None)


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_batches_held_at_once_stay_within_the_memory_budget(monkeypatch, strategy):
    # 80-byte steps, 400-byte budget: 2-step chunks; sinks of 6 steps are 3 chunks each, and the
    # producer may run ahead of the device only as far as the budget allows
    context.set_context(sink_strategy=strategy, sink_memory_budget=400)
    puts = _Puts(monkeypatch)
    ref, _ = _eager(Linear, ArrayDataset(), 18)
    net, _, s = _sunk(Linear, ArrayDataset(), [6, 6, 6])
    assert s.queue.max_chunk == 2
    assert len(puts.at_copy) >= 9
    assert max(puts.at_copy) <= 400
    assert s.queue.peak_held_bytes <= 400
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-5, atol=1e-6)


def test_the_producer_stops_at_the_budget_when_the_device_does_not_consume(monkeypatch):
    # nothing runs the sinks: the queue may copy 400 bytes of 160-byte chunks (2), not 3. The
    # producer's arrival at the budget is an event (it asks to reserve a chunk that does not fit),
    # so the test waits for that, not for a guessed time.
    context.set_context(sink_memory_budget=400)
    puts = _Puts(monkeypatch)
    at_budget = threading.Event()
    reserve = queue_mod.DeviceQueue._reserve

    def spy(self, nbytes):
        if self.held_bytes > 0 and self.held_bytes + nbytes > self._budget:
            at_budget.set()  # the producer is about to wait for a release
        return reserve(self, nbytes)

    monkeypatch.setattr(queue_mod.DeviceQueue, "_reserve", spy)
    train = SGDTrain(Linear(3, 2))
    with SinkSession(
        train, _jit.state_of(train), ArrayDataset(), iter([2] * 10), _jit.CompileCache()
    ) as s:
        assert at_budget.wait(timeout=HANG_S)
        assert len(puts.at_copy) == 2 and s.queue.held_bytes == 320
        at_budget.clear()
        s.run()  # a sink runs; its chunk is released once computed, so one more fits
        assert at_budget.wait(timeout=HANG_S)
        assert len(puts.at_copy) == 3 and s.queue.held_bytes == 320
    assert max(puts.at_copy) <= 400


def test_a_step_larger_than_the_budget_still_runs_alone():
    context.set_context(sink_memory_budget=50)  # one 80-byte step does not fit
    ref, _ = _eager(Linear, ArrayDataset(), 6)
    net, _, s = _sunk(Linear, ArrayDataset(), [3, 3])
    assert s.queue.max_chunk == 1 and s.loop.dispatches == 6
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-5, atol=1e-6)


def test_producer_exception_reaches_the_caller_with_its_traceback():
    ds = ArrayDataset(n=12, fail_at=7)
    train = SGDTrain(Linear(3, 2))
    with SinkSession(train, _jit.state_of(train), ds, iter([5, 5]), _jit.CompileCache()) as s:
        s.run()
        with pytest.raises(ZeroDivisionError, match="bad sample 7") as info:
            s.run()
    frames = [f.name for f in traceback.extract_tb(info.value.__traceback__)]
    assert "create_tuple_iterator" in frames
    assert ds.closed == 1  # the producer closed the pipeline's iterator


def test_starvation_raises_with_rates_and_remedies():
    context.set_context(sink_timeout=0.3)
    ds = ArrayDataset(n=12, delay=0.5)
    train = SGDTrain(Linear(3, 2))
    with SinkSession(train, _jit.state_of(train), ds, iter([4]), _jit.CompileCache()) as s:
        with pytest.raises(SinkStarvationError) as info:
            s.run()
    msg = str(info.value)
    assert "waited 0.3 s" in msg
    assert "batches/s" in msg and "steps/s" in msg
    assert "dataset_sink_mode=False" in msg and "create_dict_iterator()" in msg


def test_keyboard_interrupt_in_the_pipeline_stops_cleanly():
    class Interrupting(ArrayDataset):
        def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
            yield self.x[0], self.y[0]
            raise KeyboardInterrupt

    train = SGDTrain(Linear(3, 2))
    before = train.net.weight.asnumpy()
    with pytest.raises(KeyboardInterrupt):
        with SinkSession(
            train, _jit.state_of(train), Interrupting(), iter([3]), _jit.CompileCache()
        ) as s:
            s.run()
    np.testing.assert_array_equal(train.net.weight.asnumpy(), before)  # still readable


def test_batch_shape_change_splits_the_chunk():
    class Ragged(ArrayDataset):
        def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
            while True:
                for i in range(3):
                    yield self.x[i], self.y[i]
                yield self.x[3][:2], self.y[3][:2]  # a short last batch

    train = SGDTrain(Linear(3, 2))
    with SinkSession(train, _jit.state_of(train), Ragged(), iter([8]), _jit.CompileCache()) as s:
        s.run()
    assert s.loop.dispatches == 4  # [3 full][1 short][3 full][1 short]


def test_user_held_parameter_values_survive_donation():
    train = SGDTrain(Linear(3, 2))
    held = Tensor(train.net.weight)  # shares the Parameter's array
    before = np.array(held.asnumpy(), copy=True)
    with SinkSession(
        train, _jit.state_of(train), ArrayDataset(), iter([3, 3]), _jit.CompileCache()
    ) as s:
        s.run()
        held2 = Tensor(train.net.weight)
        after_first = np.array(held2.asnumpy(), copy=True)
        train.net.weight.set_data(held2)
        s.run()
    # the sink donated the Parameter's buffers to the step, yet what the user held keeps the
    # values it had when taken, while the Parameter moved on (the steps did train)
    np.testing.assert_array_equal(held.asnumpy(), before)
    np.testing.assert_array_equal(held2.asnumpy(), after_first)
    assert not np.array_equal(after_first, before)
    assert not np.array_equal(train.net.weight.asnumpy(), after_first)
