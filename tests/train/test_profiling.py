"""Profiling: the training trace adds up, the device trace carries deepsink's phases, the live
TimeBreakdown says when training is data-bound, and nothing is timed when nobody asks."""

import csv
import glob
import gzip
import json
import os
import time

import jax.numpy as jnp
import numpy as np
import pytest
from cellkit import ArrayDataset, Linear, SGDTrain

import deepsink as ms
from deepsink import context, nn
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.train import step_trace

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


class Heavy(Cell):
    """A step whose compute dwarfs feeding it (40 matmuls of 256x192 by 192x192)."""

    def __init__(self):
        super().__init__()
        self.w = jnp.asarray(np.eye(192, dtype=np.float32) * 0.5, jnp.float32)

    def construct(self, x, y):
        h = jnp.tile(unwrap(x)[:, :1], (64, 192))  # 256 x 192
        for _ in range(40):
            h = jnp.tanh(h @ self.w)
        return Tensor._from(h.sum())


class Wall(ms.Callback):
    """Measures each sink independently: from its step-begin hook to its step-end hook."""

    def __init__(self):
        self.ms = []

    def on_train_step_begin(self, run_context):
        self._t = time.perf_counter()

    def on_train_step_end(self, run_context):
        self.ms.append((time.perf_counter() - self._t) * 1e3)


def _train(callbacks=(), sinks=3, n=40, delay=0.0, net=None, sink=True):
    model = ms.Model(net or SGDTrain(Linear(3, 2)))
    ds = ArrayDataset(n=n, delay=delay)
    model.train(sinks, ds, callbacks=list(callbacks), dataset_sink_mode=sink)


def _run_dir(root):
    (run,) = glob.glob(os.path.join(root, "*_deepsink"))
    return run


def test_training_trace_phases_add_up_to_the_step_time(tmp_path, capsys):
    wall = Wall()
    # Heavy sinks (tens of ms): the host's ~0.05 ms between phase spans is noise, not 7% of a
    # 0.6 ms sink as with Linear(3, 2)
    with ms.Profiler(output_path=str(tmp_path)) as prof:
        _train([wall], sinks=3, n=12, net=Heavy())
    printed = capsys.readouterr().out
    run = _run_dir(tmp_path)
    with open(os.path.join(run, "training_trace.json")) as f:
        trace = json.load(f)
    records = trace["records"]
    assert len(records) == 3 and [r["step"] for r in records] == [12, 24, 36]
    # Orderings, not tolerances (they hold however loaded the machine is): the phases are
    # disjoint spans inside the record's span, which encloses the step-begin..step-end callbacks
    # (the Wall callback's own span); a phase missing from the accounting (compute untimed, say)
    # would leave half the sink uncounted.
    for r, measured in zip(records, wall.ms):
        phases = sum(r[k] for k in step_trace.CRITICAL)
        assert 0.5 * r["total_ms"] <= phases <= r["total_ms"] * (1 + 1e-9), r
        assert 0.5 * r["total_ms"] <= measured <= r["total_ms"] * (1 + 1e-9), (r, measured)
        assert r["compute_ms"] > 0 and r["pipeline_ms"] > 0 and r["steps"] == 12
    with open(os.path.join(run, "training_trace.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [float(x["total_ms"]) for x in rows] == pytest.approx([r["total_ms"] for r in records])
    summary = trace["summary"]["train"]
    assert summary["steps"] == 36
    assert "waiting for data" in printed and "compute (device)" in printed
    assert open(os.path.join(run, "summary.txt")).read().strip() in printed
    assert prof.records == records


def test_device_trace_has_deepsink_phases_inside_each_sink(tmp_path):
    # sinks of the Heavy step (tens of ms each), so the phase spans are long enough to count;
    # the check is an ordering (disjoint spans inside the sink's), not a timing tolerance.
    with ms.Profiler(output_path=str(tmp_path)):
        _train(sinks=2, n=12, net=Heavy())
    (path,) = glob.glob(
        os.path.join(_run_dir(tmp_path), "plugins", "profile", "*", "perfetto_trace.json.gz")
    )
    with gzip.open(path) as f:
        data = json.load(f)
    events = data["traceEvents"] if isinstance(data, dict) else data
    sinks = [e for e in events if e.get("name") == "deepsink.train"]
    assert [e["args"]["step_num"] for e in sinks] == ["12", "24"]
    names = {f"deepsink.{p[:-3]}" for p in step_trace.CRITICAL}
    for s in sinks:
        inside = [
            e
            for e in events
            if e.get("name") in names
            and e.get("tid") == s["tid"]
            and s["ts"] <= e["ts"] <= s["ts"] + s["dur"]
        ]
        assert {e["name"] for e in inside} >= {"deepsink.compute", "deepsink.data_wait"}
        assert 0.5 * s["dur"] <= sum(e["dur"] for e in inside) <= s["dur"] + 1  # disjoint, in it
    # XLA's own op-level events are in the same trace
    assert any(
        e.get("name", "").startswith("PjitFunction") or "Execute" in e.get("name", "")
        for e in events
    )


def test_set_context_enable_profiling_writes_into_result_path(tmp_path, capsys):
    opts = json.dumps({"result_path": str(tmp_path / "prof"), "training_trace": "on"})
    ms.set_context(enable_profiling=True, profiling_options=opts)
    _train(sinks=1, sink=False, n=6)
    run = _run_dir(tmp_path / "prof")
    with open(os.path.join(run, "training_trace.json")) as f:
        records = json.load(f)["records"]
    assert len(records) == 6 and all(not r["sink"] and r["steps"] == 1 for r in records)
    for r in records:
        assert sum(r[k] for k in step_trace.CRITICAL) <= r["total_ms"] * 1.001
    assert glob.glob(os.path.join(run, "plugins", "profile", "*", "*.xplane.pb"))
    assert step_trace._listeners == []


def test_training_trace_off_keeps_only_the_device_trace(tmp_path):
    opts = json.dumps({"result_path": str(tmp_path), "training_trace": "off"})
    ms.set_context(enable_profiling=True, profiling_options=opts)
    _train(sinks=1)
    run = _run_dir(tmp_path)
    assert not os.path.exists(os.path.join(run, "training_trace.csv"))
    assert glob.glob(os.path.join(run, "plugins", "profile", "*", "perfetto_trace.json.gz"))


def test_profiling_options_validation():
    with pytest.raises(ValueError, match="profiling_options"):
        context.set_context(profiling_options="not json")
    with pytest.raises(ValueError, match="profiling_options"):
        context.set_context(profiling_options='{"unknown_key": 1}')
    with pytest.raises(ValueError, match="training_trace"):
        context.set_context(profiling_options='{"training_trace": "maybe"}')
    with pytest.raises(TypeError, match="profiling_options"):
        context.set_context(profiling_options=3)
    context._warned.discard("profiling_options:aicpu_trace,task_trace")
    with pytest.warns(UserWarning, match="Ascend"):
        context.set_context(profiling_options='{"task_trace": "on", "aicpu_trace": "on"}')


def test_profiler_arguments():
    with pytest.raises(TypeError, match="unexpected arguments"):
        ms.Profiler(start_profile=False, outputpath="x")
    with pytest.raises(TypeError, match="'schedule' must be a callable"):
        ms.Profiler(start_profile=False, schedule=object())
    with pytest.raises(TypeError, match="start_profile"):
        ms.Profiler(start_profile="yes")
    context._warned.discard("Profiler:profiler_level")
    with pytest.warns(UserWarning, match="Ascend"):
        p = ms.Profiler(start_profile=False, profiler_level=1)
    assert p.analyse() is None and p.records == []
    with pytest.raises(ValueError, match="offline_path"):
        p.analyse(offline_path="somewhere")
    with pytest.raises(TypeError, match="step_list"):
        p.analyse(step_list="1")


def test_analyse_step_list_keeps_those_sinks(tmp_path):
    prof = ms.Profiler(output_path=str(tmp_path), device_trace=False)
    _train(sinks=3)
    prof.analyse(step_list=[80], pretty=True)
    with open(os.path.join(_run_dir(tmp_path), "training_trace.json")) as f:
        text = f.read()
    assert [r["step"] for r in json.loads(text)["records"]] == [80] and "\n  " in text
    assert not glob.glob(os.path.join(_run_dir(tmp_path), "plugins"))


def test_time_breakdown_says_when_training_is_data_bound(capsys):
    tb = ms.TimeBreakdown()
    _train([tb], sinks=3, n=10, delay=0.01)  # the pipeline needs 10 ms per batch
    out = capsys.readouterr().out
    assert out.count("Train epoch") == 3 and "DATA-BOUND" in out
    # the first sink's compute includes compiling; from then on the pipeline is the bottleneck
    assert all(s["data_bound"] for s in tb.summaries[1:])
    assert step_trace._listeners == []


def test_time_breakdown_compute_bound(capsys):
    tb = ms.TimeBreakdown()
    _train([tb], sinks=2, n=12, net=Heavy())
    out = capsys.readouterr().out
    assert "compute-bound" in out and "DATA-BOUND" not in out
    last = tb.summaries[-1]
    assert last["compute_ms"] > last["pipeline_ms"] + last["copy_ms"]


def test_nothing_is_timed_when_nobody_listens(monkeypatch):
    calls = []
    monkeypatch.setattr(step_trace.Recorder, "__init__", lambda *a: calls.append(a))
    _train(sinks=2)
    _train(sinks=1, sink=False, n=4)
    assert calls == [] and step_trace._listeners == []


def test_time_breakdown_without_sinking_reports_each_epoch(capsys):
    tb = ms.TimeBreakdown()
    _train([tb], sinks=2, n=6, sink=False)
    out = capsys.readouterr().out
    assert out.count("Train epoch") == 2 and "epoch 2 (6 steps, " in out
    assert len(tb.records) == 12 and all(r["steps"] == 1 and not r["sink"] for r in tb.records)
    assert [r["step"] for r in tb.records] == list(range(1, 13))


def test_analyse_after_a_custom_loop_says_where_the_trace_went(tmp_path, capsys):
    """A custom loop records no training trace (that comes from Model runs); analyse() still says
    where the run's device trace is, and why there is no training trace."""
    net = nn.Dense(4, 2)
    x = ms.Tensor(np.ones((8, 4), np.float32))
    prof = ms.Profiler(output_path=str(tmp_path))
    for _ in range(3):
        net(x)
        prof.step()
    assert prof.analyse() is None
    out = capsys.readouterr().out
    run = _run_dir(tmp_path)
    assert f"deepsink profiler: this run's files are in {run}" in out
    assert "no training trace: it is recorded by Model.train/eval/fit" in out
    assert "device trace: plugins" in out and f"tensorboard --logdir {run}" in out


def test_compile_time_is_its_own_phase_and_left_out_of_the_verdict(capsys):
    """The first sink compiles: that time is ``compile_ms``, not compute, so a tiny network is not
    called compute-bound at a compile-inflated ms/step, and later sinks compile nothing."""
    tb = ms.TimeBreakdown()
    _train([tb], sinks=3, n=12)
    out = capsys.readouterr().out
    first, *rest = tb.records
    assert first["compile_ms"] > 0 and all(r["compile_ms"] == 0 for r in rest)
    for r in tb.records:  # the phases still add up to the wall time of the sink
        assert sum(r[k] for k in step_trace.CRITICAL) <= r["total_ms"] + 0.5
    assert "compiling" in out.splitlines()[0]
    s = tb.summaries[0]
    assert f"compiling took {s['compile_ms']:.1f} ms more, left out" in out
    assert s["compute_ms"] < s["compile_ms"]  # Linear(3, 2): steady compute is small


def test_verdict_separates_a_filling_queue_from_a_slow_pipeline():
    base = {"records": 1, "steps": 100, "host_ms": 1.0, "callbacks_ms": 0.0, "compile_ms": 0.0}
    filling = step_trace.summarize(
        [
            {
                **base,
                "sink": True,
                "total_ms": 120.0,
                "data_wait_ms": 40.0,
                "compute_ms": 79.0,
                "pipeline_ms": 30.0,
                "copy_ms": 1.0,
            }
        ]
    )
    assert not filling["data_bound"]
    assert "waited at the start while the queue filled" in step_trace.verdict(filling)
    slow = step_trace.summarize(
        [
            {
                **base,
                "sink": True,
                "total_ms": 120.0,
                "data_wait_ms": 40.0,
                "compute_ms": 79.0,
                "pipeline_ms": 90.0,
                "copy_ms": 1.0,
            }
        ]
    )
    assert slow["data_bound"] and step_trace.verdict(slow).startswith("DATA-BOUND")
    host = step_trace.summarize(
        [
            {
                **base,
                "sink": True,
                "total_ms": 12.0,
                "data_wait_ms": 0.0,
                "compute_ms": 2.0,
                "host_ms": 10.0,
                "pipeline_ms": 1.0,
                "copy_ms": 0.0,
            }
        ]
    )
    assert step_trace.verdict(host).startswith("host-bound")
