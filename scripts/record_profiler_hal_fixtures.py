"""Record what MindSpore 2.10's ``mindspore.profiler`` enums and ``schedule`` and its
``mindspore.hal`` device queries answer on the CPU, into ``tests/fixtures/ms/profiler_module.json``
and ``tests/fixtures/ms/hal_cpu.json``.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_profiler_hal_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
from mindspore import hal, profiler

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms"
SCHEDULES = [
    {"wait": 1, "active": 2, "warmup": 1, "repeat": 2, "skip_first": 1},
    {"wait": 0, "active": 1},
    {"wait": 2, "active": 3, "warmup": 0, "repeat": 0, "skip_first": 0},
    {"wait": 0, "active": 2, "warmup": 2, "repeat": 1, "skip_first": 3},
]


def profiler_module() -> dict:
    enums = {
        e.__name__: [[m.name, m.value] for m in e]
        for e in (profiler.ProfilerLevel, profiler.ProfilerActivity, profiler.AicoreMetrics,
                  profiler.ExportType, profiler.HostSystem)
    }  # fmt: skip
    schedules = []
    for args in SCHEDULES:
        s = profiler.schedule(**args)
        schedules.append({"args": args, "actions": [s(i).name for i in range(14)], "repr": repr(s)})
    return {"mindspore": ms.__version__, "enums": enums, "schedules": schedules}


def _answer(fn, *args):
    try:
        return {"value": fn(*args)}
    except Exception as e:  # noqa: BLE001 - the error is what is recorded
        return {"error": type(e).__name__, "message": str(e)}


def hal_cpu() -> dict:
    before = {"is_initialized": hal.is_initialized("CPU"), "memory_stats": hal.memory_stats("CPU")}
    ms.ops.add(ms.Tensor([1.0]), ms.Tensor([2.0])).asnumpy()
    return {
        "mindspore": ms.__version__,
        "before_first_op": before,
        "is_initialized": hal.is_initialized("CPU"),
        "is_available": {t: _answer(hal.is_available, t) for t in ("CPU", "GPU", "Ascend", "TPU")},
        "device_count": _answer(hal.device_count, "CPU"),
        "get_device_name": _answer(hal.get_device_name, 0, "CPU"),
        "get_device_capability": _answer(hal.get_device_capability, 0, "CPU"),
        "get_device_properties": _answer(hal.get_device_properties, 0, "CPU"),
        "get_arch_list": _answer(hal.get_arch_list, "CPU"),
        "memory_allocated": _answer(hal.memory_allocated, "CPU"),
        "memory_stats_keys": sorted(hal.memory_stats("CPU")),
        "device_count_bad_target": _answer(hal.device_count, "XPU"),
        "get_device_name_bad_id": _answer(hal.get_device_name, 1, "CPU"),
    }


def main() -> None:
    for name, data in (("profiler_module.json", profiler_module()), ("hal_cpu.json", hal_cpu())):
        (OUT / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
