"""Record MindSpore 2.10's answers of small top-level functions (strategy-search and PS
defaults, frombuffer, swap_tensors, merge_sliced_parameter, the syntax levels, Symbol errors)
to ``tests/fixtures/ms/toplevel/misc.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_toplevel_misc_fixtures.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "toplevel"
ALGO = (
    "fully_use_devices",
    "elementwise_op_strategy_follow",
    "enable_algo_approxi",
    "algo_approxi_epsilon",
    "tensor_slice_align_enable",
    "tensor_slice_align_size",
)


def _error(fn) -> str:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the exception type is what is recorded
        return type(exc).__name__
    return "none"


def main() -> None:
    import mindspore as ms
    from mindspore import Parameter, Tensor

    buf = bytearray(np.arange(6, dtype=np.float32).tobytes())
    a, b = Tensor([1.0, 2.0]), Tensor([[3, 4, 5]], ms.int32)
    ms.swap_tensors(a, b)
    parts = [
        Parameter(Tensor(np.array([0.25, 0.5, -1.0])), "emb"),
        Parameter(Tensor(np.array([2.0, 3.0, 4.0])), "emb"),
    ]
    merged = ms.merge_sliced_parameter(parts)
    out = {
        "algo": {k: ms.get_algo_parameters(k) for k in ALGO},
        "ps": {k: ms.get_ps_context(k) for k in ("enable_ps", "config_file_path", "enable_ssl")},
        "levels": [ms.STRICT, ms.COMPATIBLE, ms.LAX],
        "frombuffer_all": ms.frombuffer(buf, ms.float32).asnumpy().tolist(),
        "frombuffer_count_offset": ms.frombuffer(buf, ms.float32, count=2, offset=4)
        .asnumpy()
        .tolist(),
        "frombuffer_int16": ms.frombuffer(buf, ms.int16, count=3, offset=2).asnumpy().tolist(),
        "frombuffer_bad_offset": _error(lambda: ms.frombuffer(buf, ms.float32, offset=3)),
        "frombuffer_empty": _error(lambda: ms.frombuffer(b"", ms.float32)),
        "swap": [a.asnumpy().tolist(), str(a.dtype), b.asnumpy().tolist(), str(b.dtype)],
        "merged": [merged.name, merged.asnumpy().tolist(), str(merged.dtype)],
        "merge_bad_name": _error(
            lambda: ms.merge_sliced_parameter(
                [Parameter(Tensor([1.0]), "a"), Parameter(Tensor([1.0]), "b")]
            )
        ),
        "algo_bad_key": _error(lambda: ms.get_algo_parameters("foo")),
        "algo_bad_align": _error(lambda: ms.set_algo_parameters(tensor_slice_align_size=0)),
    }
    ms.reset_algo_parameters()
    (OUT / "misc.json").write_text(json.dumps(out, indent=1) + "\n")
    print(out)


if __name__ == "__main__":
    main()
