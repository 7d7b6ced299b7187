"""Memory statistics, streams and events, executor settings and the device manager: the CPU
answers MindSpore 2.10 gives (recorded), the GPU numbers against XLA's own counters, and the
stream/event semantics on XLA's one ordered stream."""

import json
import os
from pathlib import Path

import jax
import numpy as np
import pytest

import deepsink as ms
from deepsink import runtime
from deepsink.runtime import memory

FIX = json.loads((Path(__file__).resolve().parents[1] / "fixtures/ms/runtime/cpu.json").read_text())
ON_CPU = jax.local_devices()[0].platform == "cpu"


@pytest.mark.skipif(not ON_CPU, reason="MindSpore's CPU answers")
def test_cpu_memory_answers_match_mindspore():
    assert ms.memory_stats() == FIX["memory_stats"]
    got = [
        ms.memory_allocated(),
        ms.max_memory_allocated(),
        ms.memory_reserved(),
        ms.max_memory_reserved(),
    ]
    assert got == FIX["counters"]
    resets = [
        ms.empty_cache(),
        ms.reset_peak_memory_stats(),
        ms.reset_max_memory_reserved(),
        ms.reset_max_memory_allocated(),
    ]
    assert resets == FIX["resets"]
    assert ms.memory_summary() == FIX["memory_summary"]


def test_counters_follow_xlas_statistics(monkeypatch):
    """The GPU path, fed the statistics XLA's GPU allocator reports."""
    stats = {
        "bytes_in_use": 1000,
        "peak_bytes_in_use": 5000,
        "pool_bytes": 8192,
        "peak_pool_bytes": 8192,
        "bytes_limit": 1 << 30,
    }
    monkeypatch.setattr(memory, "_raw", lambda device=None: dict(stats))
    monkeypatch.setattr(memory, "_reset_at", {})
    s = ms.memory_stats()
    assert (s["total_allocated_memory"], s["total_reserved_memory"], s["total_idle_memory"]) == (
        1000,
        8192,
        7192,
    )
    assert ms.max_memory_allocated() == 5000 and ms.max_memory_reserved() == 8192
    ms.reset_peak_memory_stats()
    assert ms.max_memory_allocated() == 1000  # the peak starts again from what is in use
    stats.update(bytes_in_use=1500)
    assert ms.max_memory_allocated() == 1500
    stats.update(bytes_in_use=900, peak_bytes_in_use=7000)  # a new peak above the old one
    assert ms.max_memory_allocated() == 7000
    assert "Max allocated memory |   7000 B" in ms.memory_summary()  # KB from 768 KB on


@pytest.mark.skipif(ON_CPU, reason="needs a GPU")
def test_gpu_memory_allocated_grows_with_a_tensor():
    before = ms.memory_allocated()
    x = ms.ops.ones((1024, 1024), ms.float32)
    x.asnumpy()
    assert ms.memory_allocated() >= before + 4 * 1024 * 1024
    assert ms.max_memory_allocated() >= ms.memory_allocated()
    assert ms.memory_reserved() >= ms.memory_allocated()


def test_streams_and_events():
    s = ms.Stream()
    assert s == ms.default_stream() == ms.current_stream() == ms.communication_stream()
    with ms.StreamCtx(s):
        assert ms.current_stream() is s
        y = ms.ops.matmul(ms.ops.ones((32, 32)), ms.ops.ones((32, 32)))
    assert ms.current_stream() is ms.default_stream()
    ev = s.record_event()
    s.wait_event(ev)
    ms.default_stream().wait_stream(s)
    ev.synchronize()
    assert ev.query() and s.query()
    np.testing.assert_array_equal(y.asnumpy(), np.full((32, 32), 32.0, np.float32))
    a, b = ms.Event(enable_timing=True), ms.Event(enable_timing=True)
    a.record()
    ms.ops.exp(ms.ops.ones((256, 256))).asnumpy()
    b.record()
    assert a.elapsed_time(b) >= 0.0
    with pytest.raises(RuntimeError, match="enable_timing"):
        ms.Event().elapsed_time(b)
    with pytest.raises(TypeError, match="Stream"):
        ms.set_cur_stream("s")
    with pytest.raises(TypeError, match="Event"):
        s.wait_event(1)
    ms.set_cur_stream(s)
    assert ms.current_stream() is s
    ms.set_cur_stream(ms.default_stream())


def test_device_manager_and_executor(monkeypatch):
    assert list(ms.get_current_device()) == FIX["current_device"] or not ON_CPU
    assert ms.get_current_device().device_target == ms.get_context("device_target")
    from deepsink import device_manager

    monkeypatch.setattr(device_manager, "_deterministic", None)
    monkeypatch.setenv("XLA_FLAGS", "--xla_foo=1")
    with pytest.warns(UserWarning) if not ON_CPU else _no_warning():
        ms.set_deterministic(True)
    assert os.environ["XLA_FLAGS"].split() == ["--xla_foo=1", "--xla_gpu_deterministic_ops=true"]
    with pytest.raises(RuntimeError, match="repeatedly"):
        ms.set_deterministic(False)
    with pytest.raises(TypeError, match="deterministic"):
        device_manager._deterministic = None
        ms.set_deterministic(1)
    from deepsink.runtime import executor

    monkeypatch.setattr(executor, "_configured", set())
    with pytest.raises(ValueError, match="threads_num"):
        ms.dispatch_threads_num(0)
    with pytest.warns(UserWarning, match="no effect"):
        ms.dispatch_threads_num(4)
    with pytest.raises(RuntimeError, match="repeatedly"):
        ms.dispatch_threads_num(4)
    with pytest.raises(ValueError, match="max_size"):
        ms.set_memory(max_size="8G")
    with pytest.warns(UserWarning, match="XLA_PYTHON_CLIENT"):
        ms.set_memory(max_size="8GB")


def test_cpu_affinity_binds_the_process():
    before = os.sched_getaffinity(0)
    first = min(before)
    try:
        ms.set_cpu_affinity(True, [f"{first}-{first}"])
        assert os.sched_getaffinity(0) == {first}
        with pytest.raises(ValueError, match="X-Y"):
            ms.set_cpu_affinity(True, ["3-1"])
        with pytest.raises(NotImplementedError, match="pynative"):
            ms.set_cpu_affinity(True, module_to_cpu_dict={"pynative": [0]})
    finally:
        ms.set_cpu_affinity(False)
    assert os.sched_getaffinity(0) == before


def test_ascend_only_runtime_names_are_refused():
    for name in (
        "get_device_limit",
        "set_device_limit",
        "get_stream_limit",
        "set_stream_limit",
        "reset_stream_limit",
        "set_kernel_launch_group",
        "set_kernel_launch_capture",
        "memory_replay",
        "use_mem_pool",
    ):
        with pytest.raises(NotImplementedError, match="not supported by deepsink"):
            getattr(ms, name)(0)
        assert getattr(runtime, name) is getattr(ms, name)
    for name in ("StreamLimitCtx", "PluggableAllocator", "MemPool"):
        with pytest.raises(NotImplementedError):
            getattr(ms, name)()


class _no_warning:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
