"""mindspore.hal: device queries from JAX's devices; streams, events and memory from runtime."""

from __future__ import annotations

import pytest

import deepsink as ms
from deepsink import hal


def test_every_recorded_name_is_there():
    for name in hal.__all__:
        assert getattr(hal, name) is not None


def test_streams_and_memory_are_the_runtime_ones():
    assert hal.Stream is ms.runtime.Stream and hal.Event is ms.runtime.Event
    assert hal.current_stream() == ms.runtime.current_stream()
    assert hal.memory_allocated("CPU") == ms.runtime.memory_allocated() == 0
    assert hal.memory_summary("CPU") == ms.runtime.memory_summary()


def test_cpu_device_queries_answer_as_mindspore_does():
    assert hal.is_available("CPU") is True
    assert hal.is_available("Ascend") is False
    assert hal.device_count("CPU") == 1
    assert hal.get_device_name(0, "CPU") == "CPU"
    assert hal.get_device_capability(0, "CPU") is None
    assert hal.get_device_properties(0, "CPU") is None
    assert hal.get_arch_list("CPU") is None


def test_memory_stats_is_empty_until_the_backend_starts(monkeypatch):
    monkeypatch.setattr(hal.memory, "is_initialized", lambda target: False)
    assert hal.memory_stats("CPU") == {}
    monkeypatch.undo()
    ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0])).asnumpy()
    assert hal.is_initialized("CPU") is True
    stats = hal.memory_stats("CPU")
    assert stats["total_allocated_memory"] == 0 and "persistent_mem_pool_stats" in stats


def test_bad_targets_and_ids_are_refused_as_mindspore_refuses_them():
    with pytest.raises(ValueError, match=r"'device_target' must be one of .*'TPU'"):
        hal.device_count("TPU")
    with pytest.raises(TypeError, match="'device_target' must be a str, but got 1"):
        hal.memory_allocated(1)
    with pytest.raises(ValueError, match="Ascend backend is not available"):
        hal.device_count("Ascend")
    with pytest.raises(ValueError, match="hal.is_available.*'XPU'"):
        hal.is_available("XPU")
    with pytest.raises(ValueError, match="less than the device count 1, but got 1"):
        hal.get_device_name(1, "CPU")
    with pytest.raises(ValueError, match="non-negative"):
        hal.get_device_name(-1, "CPU")
    with pytest.raises(TypeError, match="'device_id' must be an int"):
        hal.get_device_name("0", "CPU")


@pytest.mark.skipif(not hal.is_available("GPU"), reason="needs a GPU JAX can see")
def test_gpu_properties_come_from_the_jax_device():
    import jax

    device = jax.local_devices(backend="gpu")[0]
    props = hal.get_device_properties(0, "GPU")
    assert props.name == device.device_kind == hal.get_device_name(0, "GPU")
    assert (props.major, props.minor) == hal.get_device_capability(0, "GPU")
    assert props.total_memory > 0
    assert hal.device_count("GPU") == len(jax.local_devices(backend="gpu"))


def test_cpu_answers_match_mindspore_2_10():
    import json
    from pathlib import Path

    rec = json.loads((Path(__file__).parents[1] / "fixtures/ms/hal_cpu.json").read_text())
    ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0])).asnumpy()
    assert hal.is_initialized("CPU") is rec["is_initialized"]
    for target in ("CPU", "GPU", "Ascend"):
        if target != "GPU":  # a GPU JAX sees is available here, unlike in the CPU build recorded
            assert hal.is_available(target) is rec["is_available"][target]["value"]
    assert hal.device_count("CPU") == rec["device_count"]["value"]
    assert hal.get_device_name(0, "CPU") == rec["get_device_name"]["value"]
    for name in ("get_device_capability", "get_device_properties"):
        assert getattr(hal, name)(0, "CPU") == rec[name]["value"]
    assert hal.get_arch_list("CPU") == rec["get_arch_list"]["value"]
    assert hal.memory_allocated("CPU") == rec["memory_allocated"]["value"]
    assert sorted(hal.memory_stats("CPU")) == rec["memory_stats_keys"]
    for key, call in (("device_count_bad_target", lambda: hal.device_count("XPU")),
                      ("get_device_name_bad_id", lambda: hal.get_device_name(1, "CPU"))):  # fmt: skip
        with pytest.raises({"ValueError": ValueError}[rec[key]["error"]]):
            call()
