"""Record MindSpore 2.10's CPU answers of the runtime memory functions and the device manager
to ``tests/fixtures/ms/runtime/cpu.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_runtime_fixtures.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "runtime"


def main() -> None:
    import mindspore as ms
    from mindspore import runtime

    ms.set_device("CPU")
    out = {
        "memory_stats": runtime.memory_stats(),
        "counters": [
            runtime.memory_allocated(),
            runtime.max_memory_allocated(),
            runtime.memory_reserved(),
            runtime.max_memory_reserved(),
        ],
        "resets": [
            runtime.empty_cache(),
            runtime.reset_peak_memory_stats(),
            runtime.reset_max_memory_reserved(),
            runtime.reset_max_memory_allocated(),
        ],
        "memory_summary": runtime.memory_summary(),
        "current_device": list(ms.get_current_device()),
        "device_target_property": ms.get_current_device().device_target,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cpu.json").write_text(json.dumps(out, indent=1) + "\n")
    print(out)


if __name__ == "__main__":
    main()
