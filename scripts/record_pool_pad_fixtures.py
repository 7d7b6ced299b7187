"""Record MindSpore 2.10's ``nn.AvgPool1d/2d`` (float32, 'valid' and 'pad' modes), the
``MaxPoolWithArgmax``/``MaxPoolWithArgmaxV2`` primitives and ``ops.max_pool2d`` (padding, dilation, ``ceil_mode``,
``return_indices``) and ``nn.Pad`` (values, or the error
type of a refused padding) into ``tests/fixtures/ms/pool_pad_layers.json``. The layers compute
through the ``ops`` cores of the matching functional ops; the fixture pins the bits (averages are
true divisions, not multiplications by a reciprocal) and the refusals (a constant pad below zero,
a mirror pad wider than its axis allows).

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_pool_pad_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "pool_pad_layers.json"

AVG_2D = [
    {"kernel_size": 2, "stride": 2},
    {"kernel_size": 3, "stride": 2, "pad_mode": "pad", "padding": 1, "ceil_mode": True},
    {"kernel_size": 3, "stride": 2, "pad_mode": "pad", "padding": 1, "count_include_pad": False},
    {"kernel_size": [3, 2], "stride": [1, 2], "pad_mode": "valid"},
]
AVG_1D = [
    {"kernel_size": 3, "stride": 2},
    {"kernel_size": 3, "stride": 2, "pad_mode": "same"},
    {"kernel_size": 3, "stride": 2, "pad_mode": "pad", "padding": 1, "ceil_mode": True},
]
ARGMAX = [
    {"kernel_size": 2, "strides": 2, "pad_mode": "valid"},
    {"kernel_size": (3, 2), "strides": (2, 1), "pad_mode": "valid"},
]
ARGMAX_V2 = [
    {"kernel_size": 2},
    {"kernel_size": 3, "strides": 2, "pads": 1, "ceil_mode": True},
]
# ops.max_pool2d(x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)
MAX_POOL2D = [
    [3, 2, 1, 1, True, True],
    [2, None, 0, 1, True, False],
    [3, 2, 1, 2, False, False],
    [3, 2, 1, 1, False, True],
    [[3, 2], [2, 1], [1, 0], [1, 2], True, False],
]
PAD = [
    {"paddings": [[1, 0], [2, 1]], "mode": "CONSTANT"},
    {"paddings": [[0, 0], [-1, 1]], "mode": "CONSTANT"},
    {"paddings": [[0, 0], [2, 1]], "mode": "REFLECT"},
    {"paddings": [[0, 0], [3, 1]], "mode": "REFLECT"},
    {"paddings": [[1, 1], [3, 3]], "mode": "SYMMETRIC"},
    {"paddings": [[0, 0], [4, 1]], "mode": "SYMMETRIC"},
]


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v


def _kw(case):
    return {k: _tuple(v) for k, v in case.items()}


def main() -> None:
    import mindspore as ms
    from mindspore import Tensor, nn, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 3, 7, 6)).astype(np.float32)
    small = np.arange(6, dtype=np.float32).reshape(2, 3)
    record = {"x": x.tolist(), "small": small.tolist(), "cases": []}
    for layer, cases, arg in (("AvgPool2d", AVG_2D, x), ("AvgPool1d", AVG_1D, x[:, 0])):
        for case in cases:
            out = getattr(nn, layer)(**_kw(case))(Tensor(arg)).asnumpy()
            record["cases"].append({"layer": layer, "args": case, "out": out.tolist()})
    for prim, cases in (("MaxPoolWithArgmax", ARGMAX), ("MaxPoolWithArgmaxV2", ARGMAX_V2)):
        for case in cases:
            y, idx = getattr(ops, prim)(**_kw(case))(Tensor(x))
            record["cases"].append(
                {
                    "layer": prim,
                    "args": case,
                    "out": y.asnumpy().tolist(),
                    "indices": idx.asnumpy().tolist(),
                    "indices_dtype": str(idx.dtype),
                }
            )
    for args in MAX_POOL2D:
        out = ops.max_pool2d(Tensor(x), *[_tuple(a) for a in args])
        entry = {"layer": "max_pool2d", "args": args}
        if isinstance(out, tuple):
            entry["indices"] = out[1].asnumpy().tolist()
            entry["indices_dtype"] = str(out[1].dtype)
            out = out[0]
        entry["out"] = out.asnumpy().tolist()
        record["cases"].append(entry)
    for case in PAD:
        entry = {"layer": "Pad", "args": case}
        try:
            paddings = tuple(tuple(p) for p in case["paddings"])
            entry["out"] = nn.Pad(paddings, case["mode"])(Tensor(small)).asnumpy().tolist()
        except (ValueError, TypeError, RuntimeError) as e:
            entry["error"] = type(e).__name__
        record["cases"].append(entry)
    OUT.write_text(json.dumps(record) + "\n")
    print(OUT, OUT.stat().st_size)


if __name__ == "__main__":
    main()
